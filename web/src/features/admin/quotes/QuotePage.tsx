// A quote's own page: the team writes it from the price book, on a phone as on a desk. Every
// change is saved a moment after the last keystroke and the server answers with each option's
// figures (the browser adds nothing up); a change not saved yet is said, and leaving asks first.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { amount } from "../../../lib/money";
import { AdminShell } from "../frame/AdminShell";
import { AdminApiError, adminApi, type DepositKind, type LabourRate, type PriceBook, type Quote } from "../frame/api";
import { DiscardGuard } from "../frame/DiscardGuard";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DANGER_BUTTON, failureMessage, Field, fieldClass, Input, PLAIN_BUTTON, TextArea } from "../frame/form";
import { Loaded } from "../frame/Loaded";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { keys, LOADED_ON_OPENING } from "../frame/queries";
import { QuoteOptionEditor } from "./QuoteOptionEditor";
import { newKey } from "../frame/typedLine";
import { draftOf, formOf, type QuoteDraft } from "./quoteDraft";
import { QUOTE_STATES } from "../frame/billingWords";
import { QuotePayments } from "./QuotePayments";
import { SendQuote, SentQuote } from "./QuoteSending";

/** How long after the last change the draft is saved. */
const SAVE_AFTER_MS = 700;
const MOST_OPTIONS = 3;
/** What options are called until the owner names them. */
const OPTION_NAMES = ["Good", "Better", "Best"];

type SaveState = "saved" | "saving" | "waiting" | "invalid" | "failed";

const SAVE_WORDS: Record<SaveState, string> = {
  saved: "All changes saved.",
  saving: "Saving…",
  waiting: "Saving…",
  invalid: "Not saved: correct what is marked.",
  failed: "Not saved: the server could not be reached.",
};

export function QuotePage() {
  const id = Number(useParams().id);
  const quote = useQuery({ queryKey: keys.quote(id), queryFn: () => adminApi.quote(id), ...LOADED_ON_OPENING });
  const book = useQuery({ queryKey: keys.priceBook, queryFn: adminApi.priceBook });
  return (
    <AdminShell title={quote.data ? `Quote ${quote.data.number}` : "Quote"}>
      <Loaded query={quote} what="The quote" loading="Loading the quote">
        {(loaded) => (quote.isFetchedAfterMount && book.data ? <QuoteEditor quote={loaded} book={book.data} /> : <Spinner label="Loading the quote" />)}
      </Loaded>
      {book.isError && <ErrorNotice className="mt-3">The price book could not be loaded. Please reload the page.</ErrorNotice>}
    </AdminShell>
  );
}

function QuoteEditor({ quote, book }: { quote: Quote; book: PriceBook }) {
  const ids = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<QuoteDraft>(() => draftOf(quote));
  /** The server's last answer, and the draft it answered. */
  const [shown, setShown] = useState<{ quote: Quote; draft: QuoteDraft }>({ quote, draft });
  const [state, setState] = useState<SaveState>("saved");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** The option whose removal is being asked about. */
  const [removingOption, setRemovingOption] = useState<number | null>(null);
  const sent = useRef(0);
  const editor = useRef<HTMLDivElement>(null);
  const editable = quote.state === "draft";
  const current = shown.draft === draft;

  async function save(saving: QuoteDraft) {
    const read = formOf(saving);
    if (read.errors) {
      setErrors(read.errors);
      setState("invalid");
      return;
    }
    const mine = ++sent.current;
    setState("saving");
    try {
      const answer = await adminApi.saveQuote(quote.id, read.form);
      if (mine !== sent.current) return;
      setShown({ quote: answer, draft: saving });
      setErrors({});
      setProblem(null);
      setState("saved");
    } catch (failure) {
      if (mine !== sent.current) return;
      if (failure instanceof AdminApiError && failure.status === 422) {
        setErrors(Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, list]) => [field, list.join(" ")])));
        setState("invalid");
      } else {
        setProblem(failureMessage(failure));
        setState("failed");
      }
    }
  }

  useEffect(() => {
    if (current || !editable) return;
    const timer = setTimeout(() => void save(draft), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // `save` is made anew each render; the draft is what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, current, editable]);

  function change(next: QuoteDraft) {
    setState("waiting");
    setDraft(next);
  }

  async function remove() {
    try {
      await adminApi.deleteQuote(quote.id);
      void navigate(`/dbadmin/bookings/${quote.bookingId}`);
    } catch (failure) {
      setDeleting(false);
      setProblem(failureMessage(failure));
    }
  }

  /** The quote as the server now has it (sent, withdrawn): shown without loading it again. */
  function replaced(next: Quote) {
    client.setQueryData(keys.quote(quote.id), next);
    void client.invalidateQueries({ queryKey: keys.requestQuotes(quote.bookingId) });
  }

  const rates = shown.quote.rates;
  const firstTotal = shown.quote.figures[0]?.totals?.total ?? null;
  const rateWords = (rate: LabourRate) =>
    `${rate === "standard" ? "Standard" : "Insurance or warranty"}, ${amount(rate === "standard" ? rates.standardRate : rates.insuranceRate)} an hour`;
  return (
    <>
      <DiscardGuard unsaved={!current} onDiscard={() => undefined} description="The quote's last change is not saved. If you leave now, it is lost." />
      <Link to={`/dbadmin/bookings/${quote.bookingId}`} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-orange-800 underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Request #{quote.bookingId}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Quote {quote.number}</h1>
      <p className="mt-1 text-slate-700">
        For {quote.name} · {QUOTE_STATES[quote.state]}
      </p>
      {problem && (
        <ErrorNotice className="mt-2">
          {problem}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void save(draft)}>
            Try again
          </button>
        </ErrorNotice>
      )}
      {!editable && <SentQuote quote={quote} onChange={replaced} />}
      <QuotePayments quote={quote} onChange={replaced} />
      {/* Sent, it is read only: its controls to add and remove lines are hidden (group-disabled). */}
      <fieldset disabled={!editable} className="group">
        <div ref={editor}>
          <div className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Field id={`${ids}-rate`} label="Labour at">
              <select
                id={`${ids}-rate`}
                value={draft.rate}
                onChange={(event) => change({ ...draft, rate: event.target.value as LabourRate })}
                className={`${fieldClass()} min-h-11 bg-white`}
              >
                <option value="standard">{rateWords("standard")}</option>
                <option value="insurance">{rateWords("insurance")}</option>
              </select>
            </Field>
          </div>
          {draft.options.map((option, n) => (
            <QuoteOptionEditor
              key={option.key}
              option={option}
              index={n}
              several={draft.options.length > 1}
              book={book}
              figures={current ? (shown.quote.figures[n] ?? null) : null}
              errors={errors}
              onChange={(next) => change({ ...draft, options: draft.options.map((each) => (each.key === option.key ? next : each)) })}
              onRemove={draft.options.length > 1 ? () => setRemovingOption(option.key) : null}
            />
          ))}
          {draft.options.length < MOST_OPTIONS && (
            <button
              type="button"
              className={`mt-3 inline-flex items-center gap-1 group-disabled:hidden ${PLAIN_BUTTON}`}
              onClick={() => {
                const last = draft.options[draft.options.length - 1];
                const copied = (last?.lines ?? []).map((line) => ({ ...line, key: newKey() }));
                // Each option needs a name once there are several: unnamed ones get the usual ones.
                const named = [...draft.options, { key: newKey(), title: "", lines: copied }].map((option, n) => ({
                  ...option,
                  title: option.title || OPTION_NAMES[n] || "",
                }));
                change({ ...draft, options: named });
              }}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add an option (good, better, best)
            </button>
          )}
          <div className="mt-3 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
            <Field id={`${ids}-deposit`} label="Deposit when they approve">
              <select
                id={`${ids}-deposit`}
                value={draft.depositKind}
                onChange={(event) => change({ ...draft, depositKind: event.target.value as DepositKind })}
                className={`${fieldClass()} min-h-11 bg-white`}
              >
                <option value="none">No deposit</option>
                <option value="percent">A share of the total</option>
                <option value="amount">A set amount</option>
              </select>
            </Field>
            {draft.depositKind === "percent" && (
              <Input
                id={`${ids}-deposit-rate`}
                label="Deposit (%)"
                inputMode="decimal"
                value={draft.depositRate}
                onChange={(event) => change({ ...draft, depositRate: event.target.value })}
                error={errors["deposit.rate"]}
              />
            )}
            {draft.depositKind === "amount" && (
              <Input
                id={`${ids}-deposit-amount`}
                label="Deposit ($)"
                inputMode="decimal"
                value={draft.depositAmount}
                onChange={(event) => change({ ...draft, depositAmount: event.target.value })}
                error={errors["deposit.amount"]}
              />
            )}
            <div className="sm:col-span-2">
              <TextArea
                id={`${ids}-message`}
                label="A note to the customer"
                rows={3}
                value={draft.message}
                onChange={(event) => change({ ...draft, message: event.target.value })}
                error={errors.message}
              />
            </div>
          </div>
        </div>
      </fieldset>
      {/* Kept in sight at the bottom (above the phone's bar) on a long quote: whether the last
          change is saved, and the way to what stops it. */}
      <div
        hidden={!editable}
        className="sticky bottom-[var(--admin-bar)] z-10 mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white/95 p-3 shadow-md ring-1 ring-slate-300"
      >
        <p role="status" className={`text-sm font-medium ${state === "invalid" || state === "failed" ? "text-red-700" : "text-slate-800"}`}>
          {SAVE_WORDS[state]}
        </p>
        {state === "invalid" ? (
          <button type="button" className={PLAIN_BUTTON} onClick={() => editor.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()}>
            Show what is wrong
          </button>
        ) : (
          current && firstTotal !== null && <p className="text-sm font-semibold text-slate-900">Total {amount(firstTotal)}</p>
        )}
      </div>
      {editable && (
        <>
          <SendQuote
            quote={quote}
            ready={current && state === "saved"}
            onSent={replaced}
            onUnfinished={(found) => {
              setErrors(found);
              setState("invalid");
            }}
          />
          <button type="button" className={`mt-4 block ${PLAIN_BUTTON}`} onClick={() => setDeleting(true)}>
            Delete the draft
          </button>
        </>
      )}
      <ModalDialog
        open={removingOption !== null}
        title={`Remove ${draft.options.find((option) => option.key === removingOption)?.title || "this option"}?`}
        description="The option and its lines go from the quote."
        onCancel={() => setRemovingOption(null)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setRemovingOption(null)}>
            Keep it
          </button>
          <button
            type="button"
            className={DANGER_BUTTON}
            onClick={() => {
              change({ ...draft, options: draft.options.filter((each) => each.key !== removingOption) });
              setRemovingOption(null);
            }}
          >
            Remove
          </button>
        </DialogActions>
      </ModalDialog>
      <ModalDialog
        open={deleting}
        title={`Delete quote ${quote.number}?`}
        description="The draft and its lines are deleted. The request stays as it is."
        onCancel={() => setDeleting(false)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setDeleting(false)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={() => void remove()}>
            Delete
          </button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
