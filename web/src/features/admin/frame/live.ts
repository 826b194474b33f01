// Live updates: while the tab is in front, one stream of server-sent events (/api/admin/live)
// says when a request arrived or changed, and every query under DESK loads again. A tab in the
// background closes its stream (a browser allows few open connections to one site) and loads
// again when it comes back.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { DESK } from "./queries";

/** Keeps the live stream open while a signed-in page shows (mounted once, by the app). */
export function useLiveDesk(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    /** The page loaded what it shows itself; later connections load again what they may have missed. */
    let connectedBefore = false;
    const open = () => {
      if (source || document.visibilityState !== "visible") return;
      source = new EventSource("/api/admin/live");
      let first = true;
      // The first event arrives on (re)connecting: whatever happened meanwhile is loaded then.
      source.addEventListener("desk", () => {
        if (!first || connectedBefore) void client.invalidateQueries({ queryKey: DESK });
        first = false;
        connectedBefore = true;
      });
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const visibilityChanged = () => (document.visibilityState === "visible" ? open() : close());
    document.addEventListener("visibilitychange", visibilityChanged);
    open();
    return () => {
      document.removeEventListener("visibilitychange", visibilityChanged);
      close();
    };
  }, [client]);
}
