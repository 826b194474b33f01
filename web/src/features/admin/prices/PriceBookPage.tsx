// The price book: what the shop charges, which quotes take their lines from. The owner sets the
// hourly rates, shop supplies, the card fee, the sales tax of each kind of line and the trip fee
// by distance in one form, and keeps a list of parts and one of common jobs. Figures are typed
// as dollars and percentages and sent as cents and thousandths of a percent.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { centsOf, centsText, rateOf, rateText } from "../../../lib/money";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type LineKind, type PriceBook, type PriceSettings } from "../frame/api";
import { DiscardGuard } from "../frame/DiscardGuard";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Input, PLAIN_BUTTON, PRIMARY_BUTTON, Section, TextArea, useSubmit } from "../frame/form";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { JobsList } from "./JobsList";
import { KIND_LABELS, LINE_KINDS } from "../frame/billingWords";
import { PartsList } from "./PartsList";

/** A trip fee band as typed, with a key of its own for its row. */
interface BandDraft {
  key: number;
  miles: string;
  fee: string;
}

/** The settings as typed. */
interface Draft {
  labourRate: string;
  insuranceRate: string;
  suppliesRate: string;
  suppliesCap: string;
  cardFeeRate: string;
  taxRates: Record<LineKind, string>;
  tripBands: BandDraft[];
  quoteTerms: string;
  quoteDays: string;
}

let nextBand = 0;

function draftOf(settings: PriceSettings): Draft {
  const taxRates = Object.fromEntries(LINE_KINDS.map((kind) => [kind, rateText(settings.taxRates.find((each) => each.kind === kind)?.rate ?? 0)]));
  return {
    labourRate: centsText(settings.labourRate),
    insuranceRate: centsText(settings.insuranceRate),
    suppliesRate: rateText(settings.suppliesRate),
    suppliesCap: centsText(settings.suppliesCap ?? null),
    cardFeeRate: rateText(settings.cardFeeRate),
    taxRates: taxRates as Record<LineKind, string>,
    tripBands: settings.tripBands.map((band) => ({ key: nextBand++, miles: String(band.upToMiles), fee: centsText(band.fee) })),
    quoteTerms: settings.quoteTerms,
    quoteDays: String(settings.quoteDays),
  };
}

const AMOUNT = "Type an amount in dollars, like 125 or 125.50";
const PERCENT = "Type a percentage, like 8.81";

/** The settings the draft says, or each field's message for what is not a number. */
function settingsOf(draft: Draft): { settings: PriceSettings; errors: null } | { settings: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const money = (field: string, typed: string) => centsOf(typed) ?? ((errors[field] = AMOUNT), 0);
  const rate = (field: string, typed: string) => rateOf(typed) ?? ((errors[field] = PERCENT), 0);
  const settings: PriceSettings = {
    labourRate: money("labourRate", draft.labourRate),
    insuranceRate: money("insuranceRate", draft.insuranceRate),
    suppliesRate: rate("suppliesRate", draft.suppliesRate),
    suppliesCap: draft.suppliesCap.trim() === "" ? null : money("suppliesCap", draft.suppliesCap),
    cardFeeRate: rate("cardFeeRate", draft.cardFeeRate),
    taxRates: LINE_KINDS.map((kind) => ({ kind, rate: rate(`taxRates.${kind}`, draft.taxRates[kind]) })),
    tripBands: draft.tripBands.map((band, n) => {
      const miles = /^\d+$/.test(band.miles.trim()) ? Number(band.miles.trim()) : ((errors[`tripBands.${n}.upToMiles`] = "Type a number of miles, like 25"), 0);
      return { upToMiles: miles, fee: money(`tripBands.${n}.fee`, band.fee) };
    }),
    quoteTerms: draft.quoteTerms,
    quoteDays: /^\d+$/.test(draft.quoteDays.trim()) ? Number(draft.quoteDays.trim()) : ((errors.quoteDays = "Type a number of days, like 30"), 0),
  };
  return Object.keys(errors).length > 0 ? { settings: null, errors } : { settings, errors: null };
}

function RatesForm({ book, onSaved }: { book: PriceBook; onSaved: (book: PriceBook) => void }) {
  const ids = useId();
  const [saved, setSaved] = useState(() => draftOf(book.settings));
  const [draft, setDraft] = useState(saved);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { errors, problem, busy, submit, refuse } = useSubmit(form);
  const unsaved = JSON.stringify(draft) !== JSON.stringify(saved);
  const set =
    (field: "labourRate" | "insuranceRate" | "suppliesRate" | "suppliesCap" | "cardFeeRate" | "quoteTerms" | "quoteDays") =>
    (event: { target: { value: string } }) => {
      setDone(false);
      setDraft({ ...draft, [field]: event.target.value });
    };
  const setBand = (key: number, change: Partial<BandDraft>) =>
    setDraft({ ...draft, tripBands: draft.tripBands.map((band) => (band.key === key ? { ...band, ...change } : band)) });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const read = settingsOf(draft);
    if (read.errors) {
      refuse(read.errors);
      return;
    }
    await submit(async () => {
      const book = await adminApi.savePriceSettings(read.settings);
      const now = draftOf(book.settings);
      setSaved(now);
      setDraft(now);
      setDone(true);
      onSaved(book);
    });
  }

  return (
    <form ref={form} onSubmit={(event) => void save(event)} noValidate aria-label="Rates and taxes">
      <DiscardGuard unsaved={unsaved} onDiscard={() => undefined} description="Your rates are not saved. If you leave now, the changes are lost." />
      {problem && <ErrorNotice className="mt-3">{problem}</ErrorNotice>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Input
          id={`${ids}-labour`}
          label="Labour ($ an hour)"
          inputMode="decimal"
          value={draft.labourRate}
          onChange={set("labourRate")}
          error={errors.labourRate}
        />
        <Input
          id={`${ids}-insurance`}
          label="Insurance or warranty work ($ an hour)"
          inputMode="decimal"
          value={draft.insuranceRate}
          onChange={set("insuranceRate")}
          error={errors.insuranceRate}
        />
        <Input
          id={`${ids}-supplies`}
          label="Shop supplies (% of the labour)"
          hint="0 for none."
          inputMode="decimal"
          value={draft.suppliesRate}
          onChange={set("suppliesRate")}
          error={errors.suppliesRate}
        />
        <Input
          id={`${ids}-cap`}
          label="Shop supplies at most ($)"
          hint="Blank for no cap."
          inputMode="decimal"
          value={draft.suppliesCap}
          onChange={set("suppliesCap")}
          error={errors.suppliesCap}
        />
        <Input
          id={`${ids}-card`}
          label="Card fee (%)"
          hint="Added when a customer pays by card; 0 for none, at most 2% in Colorado."
          inputMode="decimal"
          value={draft.cardFeeRate}
          onChange={set("cardFeeRate")}
          error={errors.cardFeeRate}
        />
      </div>
      <fieldset className="mt-5">
        <legend className="text-base font-semibold text-slate-900">Sales tax (%)</legend>
        <p className="mt-1 text-sm text-slate-700">
          Each kind of line at its own rate. In Colorado parts are taxed and labour usually is not: ask your accountant.
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          {LINE_KINDS.map((kind) => (
            <Input
              key={kind}
              id={`${ids}-tax-${kind}`}
              label={KIND_LABELS[kind]}
              inputMode="decimal"
              value={draft.taxRates[kind]}
              onChange={(event) => {
                setDone(false);
                setDraft({ ...draft, taxRates: { ...draft.taxRates, [kind]: event.target.value } });
              }}
              error={errors[`taxRates.${kind}`]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-5">
        <legend className="text-base font-semibold text-slate-900">Trip fee for mobile jobs</legend>
        <p className="mt-1 text-sm text-slate-700">By the distance to the job, up to 8 distances. Farther than the last one, type the fee on the quote.</p>
        {errors.tripBands && <p className="mt-1 text-sm text-red-700">{errors.tripBands}</p>}
        <ul className="mt-2 space-y-3">
          {draft.tripBands.map((band, n) => (
            <li key={band.key} className="flex flex-wrap items-end gap-3">
              <div className="w-32">
                <Input
                  id={`${ids}-miles-${band.key}`}
                  label="Up to (miles)"
                  inputMode="numeric"
                  value={band.miles}
                  onChange={(event) => setBand(band.key, { miles: event.target.value })}
                  error={errors[`tripBands.${n}.upToMiles`]}
                />
              </div>
              <div className="w-36">
                <Input
                  id={`${ids}-fee-${band.key}`}
                  label="Fee ($)"
                  inputMode="decimal"
                  value={band.fee}
                  onChange={(event) => setBand(band.key, { fee: event.target.value })}
                  error={errors[`tripBands.${n}.fee`]}
                />
              </div>
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-red-700"
                onClick={() => setDraft({ ...draft, tripBands: draft.tripBands.filter((each) => each.key !== band.key) })}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Remove<span className="sr-only"> the distance {n + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {draft.tripBands.length < 8 && (
          <button
            type="button"
            className={`mt-3 inline-flex items-center gap-1 ${PLAIN_BUTTON}`}
            onClick={() => setDraft({ ...draft, tripBands: [...draft.tripBands, { key: nextBand++, miles: "", fee: "" }] })}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add a distance
          </button>
        )}
      </fieldset>
      <fieldset className="mt-5">
        <legend className="text-base font-semibold text-slate-900">Quotes</legend>
        <div className="mt-2 grid gap-4">
          <TextArea
            id={`${ids}-terms`}
            label="Your terms"
            hint="Every quote is sent with them; the customer reads them before they type their name to approve."
            rows={4}
            value={draft.quoteTerms}
            onChange={set("quoteTerms")}
            error={errors.quoteTerms}
          />
          <div className="w-40">
            <Input
              id={`${ids}-days`}
              label="Good for (days)"
              inputMode="numeric"
              value={draft.quoteDays}
              onChange={set("quoteDays")}
              error={errors.quoteDays}
            />
          </div>
        </div>
      </fieldset>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          Save the rates
        </button>
        <p role="status" className="text-sm text-green-800">
          {done && !unsaved ? "Saved." : ""}
        </p>
      </div>
    </form>
  );
}

export function PriceBookPage() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.priceBook, queryFn: adminApi.priceBook });
  const show = (book: PriceBook) => client.setQueryData(keys.priceBook, book);
  return (
    <AdminShell title="Price book">
      <h1 className="text-2xl font-bold text-slate-900">Price book</h1>
      <p className="mt-1 text-slate-700">What you charge. Quotes take their lines from here; changing a price here changes no quote already sent.</p>
      <Loaded query={query} what="The price book" loading="Loading the price book">
        {(book) => (
          <>
            {!book.settingsSaved && (
              <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
                Set your rates and the sales tax on parts before you write a quote: until you save them, labour is $0 an hour and nothing is taxed.
              </p>
            )}
            <Section title="Rates and taxes">
              <RatesForm book={book} onSaved={show} />
            </Section>
            <PartsList book={book} onChanged={show} />
            <JobsList book={book} onChanged={show} />
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}
