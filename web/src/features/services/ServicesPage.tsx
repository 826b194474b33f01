import { Check } from "lucide-react";
import { ClosingCta } from "../../components/ClosingCta";
import { Icon } from "../../components/Icon";
import { PageHero } from "../../components/PageHero";
import { SectionHeading } from "../../components/SectionHeading";
import { BookingButton } from "../../components/BookingButton";
import type { FaqEntry, ServiceOffer, ServicesData } from "../../lib/api-schema";
import { cardGrid } from "../../lib/cardGrid";
import { dollars } from "../../lib/money";

function OfferCard({ offer, className }: { offer: ServiceOffer; className: string }) {
  return (
    <li className={`flex flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 ${className}`}>
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-orange-100 text-orange-700">
        <Icon name={offer.icon} className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{offer.title}</h3>
      {offer.fromCents !== null && <p className="mt-1 font-semibold text-orange-800">From {dollars(offer.fromCents)}</p>}
      <p className="mt-2 text-slate-600">{offer.description}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {offer.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-orange-700" />
            {feature}
          </li>
        ))}
      </ul>
      <BookingButton
        presets={{ answers: offer.chatAnswers, service: offer.title }}
        label={`Book Service: ${offer.title}`}
        className="mt-6 rounded-lg bg-orange-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-orange-800"
      >
        Book Service
      </BookingButton>
    </li>
  );
}

/** The questions visitors ask before they book, with the shop's answers. */
function Questions({ faq }: { faq: FaqEntry[] }) {
  return (
    <section id="faq" aria-label="Prices and Common Questions" className="scroll-mt-24 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading title="Prices and Common Questions" />
        <dl className="mt-10 space-y-6">
          {faq.map((entry) => (
            <div key={entry.question} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
              <dt className="text-lg font-semibold text-slate-900">{entry.question}</dt>
              <dd className="mt-2 whitespace-pre-line text-slate-700">{entry.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function ServicesPage({ data }: { data: ServicesData }) {
  return (
    <>
      <PageHero title="Our Services" subtitle={data.page.intro} />
      {data.page.sections.map((section, index) => {
        const grid = cardGrid(section.cards.length);
        return (
          <section key={section.title} className={index % 2 === 1 ? "bg-slate-100 py-20" : "py-20"}>
            <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
              <SectionHeading title={section.title} subtitle={section.intro} />
              <ul className={`mt-12 ${grid.list}`}>
                {section.cards.map((offer, card) => (
                  <OfferCard key={offer.title} offer={offer} className={grid.item(card)} />
                ))}
              </ul>
            </div>
          </section>
        );
      })}
      {data.page.faq.length > 0 && <Questions faq={data.page.faq} />}
      <ClosingCta cta={data.closingCta} secondary="call" />
    </>
  );
}
