import { Link } from "react-router";
import { useOpenBooking } from "../lib/bookingDialog";
import type { Cta } from "../lib/types";

/** The call to action that closes a page: book, or browse the services. */
export function ClosingCta({ cta }: { cta: Cta }) {
  const openBooking = useOpenBooking();
  return (
    <section className="bg-gradient-to-br from-orange-700 to-orange-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold sm:text-4xl">{cta.title}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-orange-50">{cta.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <button
            type="button"
            onClick={openBooking}
            className="rounded-lg bg-white px-6 py-3 font-semibold text-orange-800 shadow hover:bg-orange-50"
          >
            Schedule Service Now
          </button>
          <Link to="/services" className="rounded-lg px-6 py-3 font-semibold text-white ring-2 ring-white hover:bg-white/10">
            Browse Services
          </Link>
        </div>
      </div>
    </section>
  );
}
