// What the admin's frame shows on every page beside the page's own work: the count of new
// bookings, and whether new bookings reach the owner at all.
import { useEffect, useState } from "react";
import { adminApi, type DeskStatus } from "./api";

const CHANGED = "trailerworks:bookings-changed";

/** Tells every part of the page that shows bookings that they changed (a status set here, or a
 * request that arrived: the live stream says so), so each loads again. */
export function bookingsChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `load` whenever bookings changed (here, in another tab or on the server). */
export function useBookingsChanged(load: () => void): void {
  useEffect(() => {
    window.addEventListener(CHANGED, load);
    return () => window.removeEventListener(CHANGED, load);
  }, [load]);
}

/** The load under way, shared by every page part that shows the status (the frame and the
 * dashboard ask at once), so they cost one request. */
let loading: Promise<DeskStatus> | null = null;

function loadShared(): Promise<DeskStatus> {
  loading ??= adminApi.desk().finally(() => {
    loading = null;
  });
  return loading;
}

/** The desk status, loaded when the frame shows and after bookings change; null until it loads.
 * A failed load leaves it null: the count and the notice are extras, the page works without. */
export function useDeskStatus(): DeskStatus | null {
  const [status, setStatus] = useState<DeskStatus | null>(null);
  useEffect(() => {
    let current = true;
    const load = () => {
      loadShared().then(
        (loaded) => {
          if (current) setStatus(loaded);
        },
        () => undefined,
      );
    };
    load();
    window.addEventListener(CHANGED, load);
    return () => {
      current = false;
      window.removeEventListener(CHANGED, load);
    };
  }, []);
  return status;
}
