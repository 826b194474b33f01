// Which component draws each kind of page. In the browser each kind is its own chunk, loaded
// before the page is shown (the server preloads the first page's); the server bundle has all of
// them at hand (allPages.ts).
import { type ComponentType, createContext, useContext } from "react";
import type { Page } from "../lib/types";

export type PageKind = Page["kind"];
type DataOf<K extends PageKind> = Extract<Page, { kind: K }>["data"];
export type PageComponents = { [K in PageKind]: ComponentType<{ data: DataOf<K> }> };

/** The components at hand, and a way to get the one a page needs. */
export interface PageSource {
  /** The component of `kind`, if it is loaded. */
  get(kind: PageKind): ComponentType<{ data: never }> | undefined;
  /** Loads the component of `kind`. */
  load(kind: PageKind): Promise<void>;
}

/** Every component already loaded (the server's). */
export function loadedPages(components: PageComponents): PageSource {
  return { get: (kind) => components[kind] as ComponentType<{ data: never }>, load: () => Promise.resolve() };
}

export const PageSourceContext = createContext<PageSource>({ get: () => undefined, load: () => Promise.resolve() });

export function usePageSource(): PageSource {
  return useContext(PageSourceContext);
}
