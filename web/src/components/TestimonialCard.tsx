import type { Testimonial } from "../lib/api-schema";
import { Stars } from "./Stars";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
}

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <Stars rating={t.rating} />
        {t.date && <span className="text-sm text-slate-600">{t.date}</span>}
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>&ldquo;{t.quote}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {t.photo ? (
          <img src={t.photo} alt="" width={44} height={44} loading="lazy" className="h-11 w-11 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-orange-100 font-semibold text-orange-800">
            {initials(t.name)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-slate-900">{t.name}</span>
          <span className="block text-sm text-slate-600">
            {t.role}
            {t.location ? `, ${t.location}` : ""}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
