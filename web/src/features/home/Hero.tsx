import { BadgeDollarSign, Play, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { BookingButton } from "../../components/BookingButton";
import { useLayout } from "../../lib/layout";
import type { HomeData } from "../../lib/api-schema";

export const VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * The shop's video, on request: a button named for it, and only once it is pressed the video
 * service's player (nothing is asked of that service before). It starts playing at once, unless
 * the browser asks to spare motion.
 */
function VideoOnRequest({ videoId, title }: { videoId: string; title: string }) {
  const [watching, setWatching] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (watching) close.current?.focus();
  }, [watching]);

  if (!videoId) return null;
  if (!watching) {
    return (
      <button
        type="button"
        onClick={() => setWatching(true)}
        className="mt-6 inline-flex items-center gap-3 rounded-full bg-slate-950/60 py-2 pr-5 pl-2 text-left ring-1 ring-white/40 hover:bg-slate-950/80"
      >
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-slate-900">
          <Play aria-hidden="true" className="ml-0.5 h-5 w-5 fill-current" />
        </span>
        <span className="font-semibold">
          <span className="sr-only">Play the video: </span>
          {title}
        </span>
      </button>
    );
  }
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const params = new URLSearchParams({ autoplay: still ? "0" : "1", rel: "0", playsinline: "1" });
  return (
    <div className="mt-6 max-w-xl">
      <div className="aspect-video overflow-hidden rounded-xl bg-black shadow-2xl ring-1 ring-white/20">
        <iframe
          src={`${VIDEO_ORIGIN}/embed/${videoId}?${params}`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          className="h-full w-full border-0"
        />
      </div>
      <button
        ref={close}
        type="button"
        onClick={() => setWatching(false)}
        className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-white underline"
      >
        <X aria-hidden="true" className="h-4 w-4" />
        Close the video
      </button>
    </div>
  );
}

export function Hero({ hero, financingProvider }: { hero: HomeData["hero"]; financingProvider: string }) {
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
        className="absolute inset-0 -z-20 h-full w-full object-cover object-[90%_center]"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/90 via-slate-950/70 to-slate-950/40" />
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl">{hero.headline}</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">{hero.subheadline}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <BookingButton className="rounded-lg bg-orange-700 px-7 py-3.5 text-lg font-semibold text-white shadow-lg hover:bg-orange-800">
              Book a Service
            </BookingButton>
            <Link to="/services" className="rounded-lg px-7 py-3.5 text-lg font-semibold text-white ring-2 ring-white/80 hover:bg-white/10">
              Explore Services
            </Link>
          </div>
          <BookingButton
            presets={financingLine ? { line: financingLine } : {}}
            className="mt-10 inline-flex items-center gap-3 rounded-xl bg-white/10 px-5 py-3 text-left ring-1 ring-white/30 backdrop-blur hover:bg-white/20"
          >
            <BadgeDollarSign aria-hidden="true" className="h-8 w-8 text-orange-300" />
            <span>
              <span className="block text-xs font-semibold tracking-wider text-slate-200 uppercase">We Finance With</span>{" "}
              <span className="block font-bold">{financingProvider}</span>
            </span>
          </BookingButton>
          <div>
            <VideoOnRequest videoId={hero.videoId} title={hero.videoTitle ?? "Our video"} />
          </div>
        </div>
      </div>
    </section>
  );
}
