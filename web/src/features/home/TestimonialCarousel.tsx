import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { TestimonialCard } from "../../components/TestimonialCard";
import type { Testimonial } from "../../lib/api-schema";
import { RECHECK_DELAY_MS, SCROLL_STEP_PX, arrowAvailability } from "./carousel";

/** Testimonials in a horizontal strip with arrow buttons shown only where there is more. */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const strip = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState({ left: false, right: false });

  const check = useCallback(() => {
    if (strip.current) setArrows(arrowAvailability(strip.current));
  }, []);

  useEffect(() => {
    check();
    window.addEventListener("resize", check);
    return () => window.removeEventListener("resize", check);
  }, [check]);

  const scroll = (direction: -1 | 1) => {
    strip.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: "smooth" });
    window.setTimeout(check, RECHECK_DELAY_MS);
  };

  // On a phone the arrows sit under the strip, so they never cover the next card's words; from
  // 640 px up they float at its sides.
  const button = "z-10 rounded-full bg-white p-3 text-slate-900 shadow-lg ring-1 ring-slate-200 hover:bg-orange-50 sm:absolute sm:top-1/2 sm:-translate-y-1/2";
  return (
    <div className="relative">
      <ul
        ref={strip}
        onScroll={check}
        tabIndex={0}
        aria-label="Customer testimonials"
        className="no-scrollbar flex snap-x snap-mandatory scroll-px-1 gap-6 overflow-x-auto scroll-smooth px-1 py-4"
      >
        {testimonials.map((t) => (
          <li key={t.name} className="w-[85%] shrink-0 snap-start sm:w-[380px]">
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-center gap-4 sm:contents">
        {arrows.left && (
          <button type="button" aria-label="Previous testimonials" onClick={() => scroll(-1)} className={`${button} sm:-left-5`}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
        )}
        {arrows.right && (
          <button type="button" aria-label="Next testimonials" onClick={() => scroll(1)} className={`${button} sm:-right-5`}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        )}
      </div>
    </div>
  );
}
