import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { TestimonialCard } from "../../components/TestimonialCard";
import type { Testimonial } from "../../lib/types";
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

  const button = "absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white p-3 text-slate-900 shadow-lg ring-1 ring-slate-200 hover:bg-orange-50";
  return (
    <div className="relative">
      {arrows.left && (
        <button type="button" aria-label="Previous testimonials" onClick={() => scroll(-1)} className={`${button} -left-2 sm:-left-5`}>
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
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
      {arrows.right && (
        <button type="button" aria-label="Next testimonials" onClick={() => scroll(1)} className={`${button} -right-2 sm:-right-5`}>
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
    </div>
  );
}
