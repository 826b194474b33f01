// A quote on the customer's own page: its lines and prices, the option they pick (with several)
// and the optional items they tick, what that adds up to (the server adds it up: the page
// computes no figure), the shop's terms, and then their answer: their full name typed after the
// terms to approve it, or the changes they would like in a sentence.
import { CheckCircle2, FileText } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { ApiError, type manageCalls } from "../../lib/api";
import type { CustomerQuote, OptionTotals, RequestView } from "../../lib/api-schema";
import { amount, eachText, rateText } from "../../lib/money";
import { QuoteDeposit } from "./QuoteDeposit";

/** The states in which the customer may still answer. */
const WAITING = new Set<CustomerQuote["state"]>(["sent", "viewed", "changes-asked"]);

const INPUT = "mt-1 w-full rounded-lg border px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none";

type Calls = ReturnType<typeof manageCalls>;

export function QuoteCard({
  quote,
  calls,
  phone,
  busy,
  fieldErrors,
  act,
  invoice,
}: {
  quote: CustomerQuote;
  calls: Calls;
  /** The shop's phone, for paying by card over it. */
  phone: string | null;
  busy: boolean;
  /** What the server said of each field of the last answer sent. */
  fieldErrors: Record<string, string[]>;
  /** Sends an answer, showing `done` (or why not) at the top of the page. */
  act: (action: () => Promise<RequestView>, done: string) => Promise<boolean>;
  /** The number of the request's issued invoice, which the deposit counts toward once there is one. */
  invoice: string | null;
}) {
  const ids = useId();
  const answer = quote.answer;
  const waiting = WAITING.has(quote.state);
  const [option, setOption] = useState(answer?.option ?? 0);
  const [ticked, setTicked] = useState<number[]>(answer?.optional ?? []);
  const [name, setName] = useState("");
  const [asking, setAsking] = useState(false);
  const [changes, setChanges] = useState("");
  const chosen = quote.options[option] ?? quote.options[0];
  /** What a choice with optional items adds up to, as the server said, by the choice it is of. */
  const [asked, setAsked] = useState<{ choice: string; totals: OptionTotals | null; problem: string | null } | null>(null);
  const choice = `${option}:${ticked.join(",")}`;
  const said = asked?.choice === choice ? asked : null;
  const totals = ticked.length === 0 ? (chosen?.totals ?? null) : (said?.totals ?? null);
  const figuresProblem = ticked.length === 0 ? null : (said?.problem ?? null);
  const several = quote.options.length > 1;

  useEffect(() => {
    if (ticked.length === 0) return;
    let current = true;
    calls.quoteFigures(quote.id, { option, optional: ticked }).then(
      (figures) => current && setAsked({ choice, totals: figures, problem: null }),
      (failure: unknown) =>
        current &&
        setAsked({ choice, totals: null, problem: failure instanceof ApiError ? failure.message : "The total could not be worked out. Please try again." }),
    );
    return () => {
      current = false;
    };
    // `calls` and `ticked` are made anew each render; the choice says what the figures are of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote.id, choice]);

  function approve(event: FormEvent) {
    event.preventDefault();
    void act(
      () => calls.approveQuote(quote.id, { option, optional: ticked, name }),
      `Thank you: quote ${quote.number} is approved. We'll be in touch about ${totals && totals.deposit > 0 ? `the deposit of ${amount(totals.deposit)} and ` : ""}your appointment.`,
    );
  }

  function askChanges(event: FormEvent) {
    event.preventDefault();
    void act(() => calls.askChanges(quote.id, changes), `Thank you: we have your changes to quote ${quote.number} and will send you a new one.`).then(
      (done) => {
        if (!done) return;
        setAsking(false);
        setChanges("");
      },
    );
  }

  const depositWords =
    quote.deposit.kind === "percent" ? `${rateText(quote.deposit.rate)}% of the total` : quote.deposit.kind === "amount" ? amount(quote.deposit.amount) : null;
  const nameError = fieldErrors.name?.[0];
  const changesError = fieldErrors.message?.[0];
  return (
    <article aria-labelledby={`${ids}-title`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <FileText aria-hidden="true" className="h-5 w-5 text-orange-700" />
        Quote {quote.number}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Sent {quote.sent}
        {waiting && ` · good until ${quote.until}`}
      </p>
      {quote.message && <p className="mt-3 whitespace-pre-line text-slate-800">{quote.message}</p>}

      {several && (
        <fieldset className="mt-4" disabled={!waiting}>
          <legend className="font-semibold text-slate-900">Pick one option</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {quote.options.map((each, n) => (
              <label
                key={n}
                htmlFor={`${ids}-option-${n}`}
                className={`flex min-h-11 cursor-pointer items-start gap-2 rounded-lg p-3 ring-1 ${n === option ? "bg-orange-50 ring-orange-600" : "ring-slate-300"}`}
              >
                <input
                  id={`${ids}-option-${n}`}
                  type="radio"
                  name={`${ids}-option`}
                  className="mt-1 h-4 w-4"
                  checked={n === option}
                  onChange={() => {
                    setOption(n);
                    setTicked([]);
                  }}
                />
                <span>
                  <span className="block font-semibold text-slate-900">{each.title}</span>
                  {each.totals && <span className="block text-sm text-slate-700">{amount(each.totals.total)}</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {chosen && (
        <LinesTable caption={several ? `The lines of ${chosen.title}` : "The quote's lines"}>
          {chosen.lines.map((line, m) => (
            <tr key={m}>
              <td className="py-2 pr-2 text-slate-800">
                {line.optional ? (
                  <label htmlFor={`${ids}-extra-${m}`} className="flex min-h-11 items-start gap-2">
                    <input
                      id={`${ids}-extra-${m}`}
                      type="checkbox"
                      className="mt-0.5 h-5 w-5"
                      disabled={!waiting}
                      checked={ticked.includes(m)}
                      onChange={(event) => setTicked(event.target.checked ? [...ticked, m].sort((a, b) => a - b) : ticked.filter((each) => each !== m))}
                    />
                    <span>
                      {line.description} <span className="text-slate-600">(optional: tick to add it)</span>
                    </span>
                  </label>
                ) : (
                  line.description
                )}
                <LineEach line={line} price={line.price} />
              </td>
              <td className={`py-2 pl-2 text-right align-top tabular-nums ${line.optional && !ticked.includes(m) ? "text-slate-500" : "text-slate-900"}`}>
                {amount(line.amount)}
              </td>
            </tr>
          ))}
        </LinesTable>
      )}

      <dl className="mt-3 space-y-1 border-t border-slate-300 pt-3 text-sm" aria-live="polite">
        {totals ? (
          <>
            {totals.supplies > 0 && <Figure label="Shop supplies" value={totals.supplies} />}
            <Figure label="Subtotal" value={totals.subtotal} />
            <Figure label="Sales tax" value={totals.tax} />
            <Figure label="Total" value={totals.total} strong />
            {depositWords && totals.deposit > 0 && <Figure label={`Deposit when you approve (${depositWords})`} value={totals.deposit} />}
          </>
        ) : (
          <p className="text-slate-700">{figuresProblem ?? "Adding up…"}</p>
        )}
      </dl>

      <section className="mt-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" aria-labelledby={`${ids}-terms`}>
        <h3 id={`${ids}-terms`} className="font-semibold text-slate-900">
          Our terms
        </h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{quote.terms}</p>
      </section>

      {answer?.answer === "approved" && (
        <p className="mt-5 flex items-start gap-3 text-slate-800">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
          <span>
            You approved this quote on {answer.on}, signed “{answer.name}”
            {answer.total !== null && ` (${amount(answer.total)}${answer.deposit ? `, with a deposit of ${amount(answer.deposit)}` : ""})`}. We'll be in touch
            about the next step.
          </span>
        </p>
      )}
      <QuoteDeposit quote={quote} calls={calls} phone={phone} invoice={invoice} />
      {answer?.answer === "changes-asked" && waiting && (
        <p className="mt-5 text-slate-800">
          You asked for changes on {answer.on}: “{answer.message}”. We'll send you a new quote; you may still approve this one as it is.
        </p>
      )}
      {quote.state === "expired" && <p className="mt-5 text-slate-800">This quote's date has passed. Call us or ask for a new one.</p>}

      {waiting && (
        <form onSubmit={approve} noValidate className="mt-5 space-y-3">
          <div>
            <label htmlFor={`${ids}-name`} className="block font-medium text-slate-900">
              To approve, type your full name
            </label>
            <p id={`${ids}-name-hint`} className="text-sm text-slate-700">
              Typing your name signs this quote{several && chosen ? ` (${chosen.title})` : ""} and agrees to our terms above.
            </p>
            <input
              id={`${ids}-name`}
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${ids}-name-hint${nameError ? ` ${ids}-name-error` : ""}`}
              className={`${INPUT} ${nameError ? "border-red-600" : "border-slate-300"}`}
            />
            {nameError && (
              <p id={`${ids}-name-error`} className="mt-1 text-sm text-red-800">
                {nameError}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={busy || !totals}
              className="rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
            >
              Approve {totals ? `for ${amount(totals.total)}` : "the quote"}
            </button>
            {!asking && (
              <button
                type="button"
                onClick={() => setAsking(true)}
                className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                Ask for changes
              </button>
            )}
          </div>
        </form>
      )}
      {waiting && asking && (
        <form onSubmit={askChanges} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={`${ids}-changes`} className="block font-medium text-slate-900">
              What would you like changed?
            </label>
            <textarea
              id={`${ids}-changes`}
              rows={3}
              value={changes}
              onChange={(event) => setChanges(event.target.value)}
              aria-invalid={changesError ? true : undefined}
              aria-describedby={changesError ? `${ids}-changes-error` : undefined}
              className={`${INPUT} ${changesError ? "border-red-600" : "border-slate-300"}`}
            />
            {changesError && (
              <p id={`${ids}-changes-error`} className="mt-1 text-sm text-red-800">
                {changesError}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
            >
              Send my changes
            </button>
            <button type="button" onClick={() => setAsking(false)} className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300">
              Never mind
            </button>
          </div>
        </form>
      )}
    </article>
  );
}

/** A line's quantity and price under its words ("1.5 × $125.00"), where a line shows them. */
export function LineEach({ line, price }: { line: { kind: string; quantity: number }; price: number }) {
  const each = eachText(line, price);
  return each === null ? null : <span className="block text-slate-600">{each}</span>;
}

/** A document's lines as the customer reads them: what each is for and its amount, a row each. */
export function LinesTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-300 text-slate-700">
        <tr>
          <th scope="col" className="py-2 pr-2 font-medium">
            What
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">{children}</tbody>
    </table>
  );
}

export function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "text-base font-semibold text-slate-900" : "text-slate-800"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount(value)}</dd>
    </div>
  );
}
