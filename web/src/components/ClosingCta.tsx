import { Link } from "react-router";
import { BookingButton } from "./BookingButton";
import type { Cta, ServiceOffer } from "../lib/api-schema";
import { PhoneLink } from "./PhoneLink";

interface Props {
  cta: Cta;
  /** The second button: browse the services, or call. */
  secondary?: "browse" | "call";
  /** The service the page is about: the booking button names it and the assistant opens with it. */
  service?: ServiceOffer | null;
}

/** The call to action that closes a page: book, and browse the services or call. */
export function ClosingCta({ cta, secondary = "browse", service }: Props) {
  const outline = "inline-flex items-center gap-2 rounded-lg px-6 py-3 font-semibold text-white ring-2 ring-white hover:bg-white/10";
  return (
    <section className="bg-gradient-to-br from-orange-700 to-orange-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold sm:text-4xl">{cta.title}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-orange-50">{cta.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <BookingButton
            presets={service ? { answers: service.chatAnswers, service: service.title } : undefined}
            className="rounded-lg bg-white px-6 py-3 font-semibold text-orange-800 shadow hover:bg-orange-50"
          >
            {service ? `Book ${service.title}` : "Schedule Service Now"}
          </BookingButton>
          {secondary === "browse" ? (
            <Link to="/services" className={outline}>
              Browse Services
            </Link>
          ) : (
            <PhoneLink className={outline} prefix="Call" />
          )}
        </div>
      </div>
    </section>
  );
}
