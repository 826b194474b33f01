import type { ReactNode } from "react";

/** A titled part of a policy page. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h2 className="mt-12 text-2xl font-bold text-slate-900">{title}</h2>
      <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">{children}</div>
    </>
  );
}

/** A bulleted list of plain sentences. */
export function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-orange-700">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
