// Which component draws each kind of page. In the browser each kind is its own chunk, loaded
// before the page is shown (the server preloads the first page's); the server bundle has all of
// them at hand (allPages.ts). The kinds and their data are the API document's (`PageData`).
import { type ComponentType, createContext, createElement, type ReactElement, useContext } from "react";
import type { PageData } from "../lib/api-schema";

export type PageKind = PageData["kind"];
/** What a page of each kind shows. */
type DataOf = { [K in PageKind]: Extract<PageData, { kind: K }>["data"] };
/** A page of kind `K`, written so a component of the same kind takes its data. */
type PageOf<K extends PageKind> = { [P in K]: { kind: P; data: DataOf[P] } }[K];
type PageComponent<K extends PageKind> = ComponentType<{ data: DataOf[K] }>;
export type PageComponents = { [K in PageKind]: PageComponent<K> };

/** The components at hand, and a way to get the one a page needs. */
export interface PageSource {
  /** The component of `kind`, if it is loaded. */
  get<K extends PageKind>(kind: K): PageComponent<K> | undefined;
  /** Loads the component of `kind`. */
  load(kind: PageKind): Promise<void>;
}

/** Every component already loaded (the server's). */
export function loadedPages(components: PageComponents): PageSource {
  return { get: (kind) => components[kind], load: () => Promise.resolve() };
}

/** Draws `page` with its kind's component; null while that is not loaded. */
export function drawPage<K extends PageKind>(source: PageSource, page: PageOf<K>): ReactElement | null {
  const Component = source.get(page.kind);
  return Component ? createElement(Component, { data: page.data }) : null;
}

export const PageSourceContext = createContext<PageSource>({ get: () => undefined, load: () => Promise.resolve() });

export function usePageSource(): PageSource {
  return useContext(PageSourceContext);
}
