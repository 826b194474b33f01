import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

interface Props {
  icon: LucideIcon;
  title: string;
  text: string;
  back: { to: string; label: string };
}

/** A page for something that does not exist (a city, a post), with the way back to its list. */
export function MissingPage({ icon: Icon, title, text, back }: Props) {
  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-slate-900 px-4 pt-24 pb-16 text-center text-white">
      <div>
        <Icon aria-hidden="true" className="mx-auto h-16 w-16 text-orange-400" />
        <h1 className="mt-6 text-3xl font-bold">{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-slate-300">{text}</p>
        <Link to={back.to} className="mt-8 inline-block rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
          {back.label}
        </Link>
      </div>
    </section>
  );
}
