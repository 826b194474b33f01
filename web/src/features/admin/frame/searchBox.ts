// A search box whose words go into the address a moment after typing stops, replacing the entry
// rather than adding one (so Back leaves the list, not each letter). The box follows the address
// when it changes to another search than the one typed: Back, Forward, a link, a filter cleared;
// even Back pressed while the router was still taking a typed search in.
import { useEffect, useState } from "react";

/** How long typing pauses before the search goes into the address. */
export const SEARCH_AFTER_MS = 300;

/** The box's text and its setter, for the search `inAddress` (read from `params`); `put` writes a
 * search into the address. */
export function useSearchBox(inAddress: string, params: URLSearchParams, put: (search: string) => void): [string, (text: string) => void] {
  /** The text, the search it last put in the address, and the address it last saw. */
  const [box, setBox] = useState({ text: inAddress, pushed: inAddress, params });
  let shown = box;
  if (box.params !== params) {
    shown = { text: inAddress === box.pushed ? box.text : inAddress, pushed: inAddress, params };
    setBox(shown);
  }
  const typed = shown.text.trim();

  useEffect(() => {
    if (typed === inAddress) return;
    const timer = window.setTimeout(() => {
      setBox((current) => ({ ...current, pushed: typed }));
      put(typed);
    }, SEARCH_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [typed, inAddress, put]);

  return [shown.text, (text) => setBox((current) => ({ ...current, text }))];
}
