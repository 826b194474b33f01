import type { ReactNode } from "react";

/** The dark band that opens every inner page (the header is transparent over it). */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-slate-950 via-slate-900 to-orange-950 px-4 pt-32 pb-16 text-white sm:px-6 lg:px-8">
      <div className="mx-auto max-w-4xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
