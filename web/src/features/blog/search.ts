import { useEffect, useState } from "react";
import { searchPosts } from "../../lib/api";
import type { SearchResults } from "../../lib/api-schema";

/** Each card enters this much later than the one before it... */
export const CARD_DELAY_S = 0.1;
/** ...up to this many cards: on a long list, later cards would otherwise stay invisible for
 * seconds (50 posts would take 5 s), so from here on cards enter together. */
export const STAGGERED_CARDS = 9;

export function cardDelay(index: number): string {
  return `${(Math.min(index, STAGGERED_CARDS - 1) * CARD_DELAY_S).toFixed(1)}s`;
}

/** The address of list page `page`: /blog, then /blog/page/2 and on. */
export function listPath(page: number): string {
  return page <= 1 ? "/blog" : `/blog/page/${page}`;
}

/** Waits this long after the last keystroke before asking the server. */
export const SEARCH_DELAY_MS = 200;

/** The answer to a search, and the words it answers. */
export interface Found {
  needle: string;
  results: SearchResults;
}

export type SearchState = { status: "idle" } | { status: "loading" } | ({ status: "done" } & SearchResults);

/**
 * Searches every published post (title, excerpt and text, best matches first) on the server while the
 * visitor types; idle for a blank query. A failed search is logged and finds nothing. `made` is a
 * search the server already made (the search form sent without script): its words are not asked again.
 */
export function useBlogSearch(query: string, made: Found | null): SearchState {
  const needle = query.trim();
  /** The last answer, and the words it answers. */
  const [found, setFound] = useState<Found | null>(made);
  useEffect(() => {
    if (!needle || made?.needle === needle) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPosts(needle, controller.signal).then(
        (results) => setFound({ needle, results }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error("The blog search failed", error);
          setFound({ needle, results: { posts: [], total: 0, more: false } });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [needle, made?.needle]);
  if (!needle) return { status: "idle" };
  return found?.needle === needle ? { status: "done", ...found.results } : { status: "loading" };
}
