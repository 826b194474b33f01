import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Spinner } from "../components/Spinner";
import { BookingDialog } from "../features/booking/BookingDialog";
import { fetchPage } from "../lib/api";
import { sendBeacon } from "../lib/insights";
import { BookingDialogContext, type OpenBooking, type Presets } from "../lib/bookingDialog";
import { type BookingSource, sourceOf } from "../lib/bookingSource";
import { LayoutContext } from "../lib/layout";
import type { AppState, Page } from "../lib/api-schema";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { drawPage, usePageSource } from "./pages";

function PageView({ page }: { page: Page }) {
  return drawPage(usePageSource(), page) ?? <Spinner label="Loading page" />;
}

/**
 * The page for the current path: the one the server embedded, or fetched from /api/page after
 * a client-side navigation. A failed fetch falls back to a full page load.
 */
function usePage(initial: Page): Page | undefined {
  const { pathname } = useLocation();
  const source = usePageSource();
  const [pages, setPages] = useState(() => new Map([[pathname, initial]]));
  const page = pages.get(pathname);

  useEffect(() => {
    if (page) return;
    let cancelled = false;
    const show = async () => {
      const loaded = await fetchPage(pathname);
      await source.load(loaded.kind);
      return loaded;
    };
    show().then(
      (loaded) => {
        if (!cancelled) setPages((known) => new Map(known).set(pathname, loaded));
      },
      () => window.location.assign(pathname),
    );
    return () => {
      cancelled = true;
    };
  }, [pathname, page, source]);

  useEffect(() => {
    if (page) document.title = page.head.title;
  }, [page]);

  // A new page starts at its top, or at the part its address names (/services#faq), once it is
  // shown (a page still loading has no parts yet).
  const placed = useRef<string | null>(null);
  useEffect(() => {
    if (!page || placed.current === pathname) return;
    placed.current = pathname;
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, page]);
  return page;
}

/**
 * After an in-app navigation, once the new page is shown: focus moves to its heading (as a page
 * load would start a screen reader there), unless the address names a part of it, and its title
 * is said in the live region this returns the words of. Nothing moves on the first page.
 */
function useAnnouncedPages(page: Page | undefined): string {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (!page || shown.current === pathname) return;
    const first = shown.current === null;
    shown.current = pathname;
    if (first) return;
    setAnnouncement(page.head.title);
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading && !window.location.hash) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [page, pathname]);
  return announcement;
}

/** A page Insights counts: one of the site's pages, not a visitor's own request or a preview. */
function isCounted(page: Page): boolean {
  return page.status === 200 && page.counted;
}

/**
 * Tells Insights the first page's script ran (the server counted the page itself), then each
 * page shown by an in-app navigation.
 */
function useCountedPages(page: Page | undefined, counting: boolean) {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!page || shown.current === pathname) return;
    const first = shown.current === null;
    shown.current = pathname;
    if (isCounted(page)) sendBeacon(counting, { kind: first ? "seen" : "view", path: pathname });
  }, [page, pathname, counting]);
}

export function App({ state }: { state: AppState }) {
  const page = usePage(state.page);
  useCountedPages(page, state.layout.counting);
  const announcement = useAnnouncedPages(page);
  const [bookingOpen, setBookingOpen] = useState(false);
  const [bookingSource, setBookingSource] = useState<BookingSource>({});
  const [bookingPresets, setBookingPresets] = useState<Presets>({});
  const openBooking = useCallback<OpenBooking>((event, presets) => {
    const opener = event?.currentTarget instanceof Element ? event.currentTarget : null;
    setBookingSource(sourceOf(opener));
    setBookingPresets(presets ?? {});
    setBookingOpen(true);
  }, []);
  const closeBooking = useCallback(() => setBookingOpen(false), []);
  // Marks the document once React has taken over the server's markup (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <LayoutContext.Provider value={state.layout}>
      <BookingDialogContext.Provider value={openBooking}>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white font-semibold text-slate-900 shadow-lg ring-2 ring-orange-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="outline-none">
          {page ? <PageView page={page} /> : <Spinner label="Loading page" />}
        </main>
        <Footer />
        <p aria-live="polite" data-testid="page-announcer" className="sr-only">
          {announcement}
        </p>
        <BookingDialog open={bookingOpen} onOpen={openBooking} onClose={closeBooking} source={bookingSource} presets={bookingPresets} />
      </BookingDialogContext.Provider>
    </LayoutContext.Provider>
  );
}
