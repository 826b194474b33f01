import { BadgeDollarSign } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useOpenBooking } from "../../lib/bookingDialog";
import { useLayout } from "../../lib/layout";
import type { HomeData } from "../../lib/types";

export const VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

/** Whether the visitor's browser asks us to spare motion or data. */
function prefersLightPage(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches || connection?.saveData === true;
}

/**
 * The background video: loaded only after the page is interactive and idle, and shown only once
 * the player says it is playing, so the poster stays until then (and for good when offline).
 */
function BackgroundVideo({ videoId }: { videoId: string }) {
  const [load, setLoad] = useState(false);
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!videoId || prefersLightPage()) return;
    let idle = 0;
    const start = () => {
      idle = window.setTimeout(() => setLoad(true), 1500);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      window.clearTimeout(idle);
    };
  }, [videoId]);

  useEffect(() => {
    if (!load) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== VIDEO_ORIGIN || typeof event.data !== "string") return;
      try {
        const message = JSON.parse(event.data) as { event?: string; info?: { playerState?: number } | number };
        const state = typeof message.info === "number" ? message.info : message.info?.playerState;
        if (state === 1) setPlaying(true);
      } catch {
        // Not a player message.
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [load]);

  if (!load) return null;
  const params = new URLSearchParams({
    autoplay: "1",
    mute: "1",
    loop: "1",
    playlist: videoId,
    controls: "0",
    playsinline: "1",
    rel: "0",
    enablejsapi: "1",
    origin: window.location.origin,
  });
  return (
    <iframe
      ref={frame}
      src={`${VIDEO_ORIGIN}/embed/${videoId}?${params}`}
      title="Background video of our trailer shop"
      aria-hidden="true"
      tabIndex={-1}
      allow="autoplay; encrypted-media"
      onLoad={() =>
        frame.current?.contentWindow?.postMessage(JSON.stringify({ event: "listening", id: "hero" }), VIDEO_ORIGIN)
      }
      className={`pointer-events-none absolute top-1/2 left-1/2 h-[max(100%,56.25vw)] w-[max(100%,177.78vh)] -translate-x-1/2 -translate-y-1/2 border-0 transition-opacity duration-1000 ${
        playing ? "opacity-100" : "opacity-0"
      }`}
    />
  );
}

export function Hero({ hero, financingProvider }: { hero: HomeData["hero"]; financingProvider: string }) {
  const openBooking = useOpenBooking();
  const { chat } = useLayout();
  const financingLine = chat.financingLine?.replaceAll("{provider}", financingProvider);
  return (
    <section className="relative isolate flex min-h-[640px] items-center overflow-hidden bg-slate-900 pt-20 text-white lg:min-h-[720px]">
      <img
        src={hero.poster}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 overflow-hidden">
        <BackgroundVideo videoId={hero.videoId} />
      </div>
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/90 via-slate-950/70 to-slate-950/40" />
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl">{hero.headline}</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">{hero.subheadline}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <button
              type="button"
              onClick={openBooking}
              className="rounded-lg bg-orange-700 px-7 py-3.5 text-lg font-semibold text-white shadow-lg hover:bg-orange-800"
            >
              Book a Service
            </button>
            <Link
              to="/services"
              className="rounded-lg px-7 py-3.5 text-lg font-semibold text-white ring-2 ring-white/80 hover:bg-white/10"
            >
              Explore Services
            </Link>
          </div>
          <button
            type="button"
            onClick={(event) => openBooking(event, financingLine ? { line: financingLine } : {})}
            className="mt-10 inline-flex items-center gap-3 rounded-xl bg-white/10 px-5 py-3 text-left ring-1 ring-white/30 backdrop-blur hover:bg-white/20"
          >
            <BadgeDollarSign aria-hidden="true" className="h-8 w-8 text-orange-300" />
            <span>
              <span className="block text-xs font-semibold tracking-wider text-slate-200 uppercase">We Finance With</span>{" "}
              <span className="block font-bold">{financingProvider}</span>
            </span>
          </button>
        </div>
      </div>
    </section>
  );
}
