// Live updates: while the tab is in front, one stream of server-sent events (/api/admin/live)
// says when a request arrived or changed, and every part of the page that shows bookings loads
// again (through `bookingsChanged`). A tab in the background closes its stream (a browser allows
// few open connections to one site) and loads again when it comes back.
import { useEffect } from "react";
import { bookingsChanged } from "./deskStatus";

let source: EventSource | null = null;
let users = 0;
/** The page loaded what it shows itself; later connections load again what they may have missed. */
let connectedBefore = false;

function open(): void {
  if (source || document.visibilityState !== "visible") return;
  source = new EventSource("/api/admin/live");
  let first = true;
  // The first event arrives on (re)connecting: whatever happened meanwhile is loaded then.
  source.addEventListener("desk", () => {
    if (!first || connectedBefore) bookingsChanged();
    first = false;
    connectedBefore = true;
  });
}

function close(): void {
  source?.close();
  source = null;
}

function visibilityChanged(): void {
  if (document.visibilityState === "visible") open();
  else close();
}

/** Keeps the live stream open while a signed-in page shows. */
export function useLiveDesk(): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    users += 1;
    if (users === 1) {
      document.addEventListener("visibilitychange", visibilityChanged);
      open();
    }
    return () => {
      users -= 1;
      if (users === 0) {
        document.removeEventListener("visibilitychange", visibilityChanged);
        close();
      }
    };
  }, []);
}
