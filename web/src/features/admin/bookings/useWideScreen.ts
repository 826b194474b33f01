// Whether the screen is at least as wide as Tailwind's `md` (768 px): wider screens get the full
// cards and open filters, phones compact rows.
import { useSyncExternalStore } from "react";

const QUERY = "(min-width: 768px)";

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(QUERY);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
