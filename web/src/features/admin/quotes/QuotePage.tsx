// A quote's own page: the team writes it from the price book, on a phone as on a desk. Every
// change is saved a moment after the last keystroke and the server answers with each option's
// figures (the browser adds nothing up); a change not saved yet is said, and leaving asks first.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type DepositKind, type LabourRate, type PriceBook, type Quote } from "../frame/api";
import { DiscardGuard } from "../frame/DiscardGuard";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DANGER_BUTTON, failureMessage, Field, fieldClass, Input, PLAIN_BUTTON, TextArea } from "../frame/form";
import { Loaded } from "../frame/Loaded";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { keys, LOADED_ON_OPENING } from "../frame/queries";
import { QuoteOptionEditor } from "./QuoteOptionEditor";
import { newKey } from "../frame/typedLine";
import { draftOf, formOf, type QuoteDraft } from "./quoteDraft";
import type { QuoteForm } from "../frame/api";
import { QUOTE_STATES } from "../frame/billingWords";
import { QuotePayments } from "./QuotePayments";
import { SendQuote, SentQuote } from "./QuoteSending";
import { rateWords } from "./labourRate";
import { SaveBar } from "./SaveBar";
import { useAutosave } from "../frame/useAutosave";

const MOST_OPTIONS = 3;
/** What options are called until the owner names them. */
const OPTION_NAMES = ["Good", "Better", "Best"];

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
  const [deleting, setDeleting] = useState(false);
  /** The option whose removal is being asked about. */
  const [removingOption, setRemovingOption] = useState<number | null>(null);
  /** Sent by e-mail from this page: its "Sent" section follows the e-mail until it went. */
  const [emailing, setEmailing] = useState(false);
  const editor = useRef<HTMLDivElement>(null);
  const editable = quote.state === "draft";
  const { draft, change, shown, state, errors, problem, setProblem, current, sendable, saveNow, refused } = useAutosave<QuoteDraft, QuoteForm, Quote>({
    saved: quote,
    draftOf,
    read: formOf,
    save: (form) => adminApi.saveQuote(quote.id, form),
    editable,
  });

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

  const rates = shown.saved.rates;
  const firstTotal = shown.saved.figures[0]?.totals?.total ?? null;
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
          <button type="button" className="font-semibold underline" onClick={saveNow}>
            Try again
          </button>
        </ErrorNotice>
      )}
      {!editable && <SentQuote quote={quote} emailing={emailing} onChange={replaced} />}
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
                <option value="standard">{rateWords(rates, "standard")}</option>
                <option value="insurance">{rateWords(rates, "insurance")}</option>
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
              figures={current ? (shown.saved.figures[n] ?? null) : null}
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
      <SaveBar hidden={!editable} state={state} editor={editor} total={current ? firstTotal : null} />
      {editable && (
        <>
          <SendQuote
            quote={quote}
            ready={sendable}
            onSent={(sent, emailed) => {
              replaced(sent);
              setEmailing(emailed);
            }}
            onUnfinished={refused}
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
