// Texts with a customer (on a request's page) or with a number no request has (its conversation):
// the thread both ways (it follows new replies live, with the page), a box to text them that
// counts the SMS as you type and warns before Send when the day's limit to the number is reached,
// and what else the page offers under it ('On my way'). When the number cannot be texted, the
// reason is said instead of the box.
import { useEffect, useId, useState, type ReactNode } from "react";
import { type RequestPage } from "../frame/api";
import { useDeskChanged } from "../frame/queries";
import { useShopClock } from "../frame/format";
import { describedBy, failureMessage, Field, fieldClass, PRIMARY_BUTTON } from "../frame/form";
import { smsSegments } from "./smsSegments";

type Text = RequestPage["texts"][number];

const WHY_NOT: Record<Exclude<RequestPage["texting"], "on">, string> = {
  off: "Texts are not set up on this site.",
  "not-agreed": "The customer did not ask for texts on this request: call or e-mail them.",
  stopped: "The customer stopped texts to their number (with a reply or on their own page). Texts stay off until they reply START.",
  "carrier-stopped":
    "The customer's carrier says this number opted out of our texts (error 21610). Texts stay off until they text START to our number: call or e-mail them instead.",
};

const STATUS: Record<Text["status"], string> = {
  waiting: "waiting to be sent",
  queued: "sent to the provider",
  sent: "sent",
  delivered: "delivered",
  undelivered: "not delivered",
  failed: "failed",
  received: "received",
};

/** How long the text would be, and whether it may go: "1 of 2 SMS", or why not. */
function lengthNote(draft: string, allowance: RequestPage["textAllowance"]): { said: string; tooLong: boolean } {
  const { count, unicode } = smsSegments(`${allowance.startsWith}${draft.trim()}`);
  const tooLong = count > allowance.maxSegments;
  const kind = unicode ? " (accents or emoji make each SMS shorter)" : "";
  return {
    said: tooLong
      ? `This would take ${count} SMS; keep it to ${allowance.maxSegments}${kind}.`
      : `${count} of ${allowance.maxSegments} SMS${kind}, with "${allowance.startsWith.trim()}" before it.`,
    tooLong,
  };
}

export function TextThread({
  texting,
  allowance,
  texts,
  to,
  onSend,
  onTyping,
  children,
}: {
  texting: RequestPage["texting"];
  allowance: RequestPage["textAllowance"];
  texts: Text[];
  /** Where a text goes, as people write it: "(720) 555-0199". */
  to: string;
  /** Sends the words typed (the shop's name goes before them). */
  onSend: (text: string) => Promise<unknown>;
  /** Hears whether a text is typed and not sent yet (leaving asks first). */
  onTyping?: (typed: boolean) => void;
  /** Shown under the box while the number can be texted. */
  children?: ReactNode;
}) {
  const id = useId();
  const { dateTime } = useShopClock();
  const [draft, setDraft] = useState("");
  const typed = draft.trim() !== "";
  useEffect(() => onTyping?.(typed), [typed, onTyping]);
  const deskChanged = useDeskChanged();
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setError(undefined);
    try {
      await onSend(draft);
      setDraft("");
      void deskChanged();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSending(false);
    }
  }

  if (texting === "off" && texts.length === 0) return null;
  const length = lengthNote(draft, allowance);
  const overLimit = allowance.sentToday >= allowance.dailyLimit;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Texts
      </h2>
      {texts.length > 0 && (
        <ol className="mt-2 space-y-2">
          {texts.map((text) => (
            <li
              key={text.id}
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${text.incoming ? "bg-slate-100" : "ml-auto bg-orange-50 ring-1 ring-orange-200"}`}
            >
              <p className="whitespace-pre-line break-words text-slate-900">{text.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {text.incoming ? "From the customer" : (text.sentBy ?? "Sent by the site")}, <time dateTime={text.at}>{dateTime(text.at)}</time>
                {!text.incoming && ` · ${STATUS[text.status]}`}
              </p>
              {text.problem && <p className="mt-1 text-xs font-medium text-red-800">{text.problem}</p>}
            </li>
          ))}
        </ol>
      )}
      {texting === "on" ? (
        <>
          <form
            className="mt-3"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            {overLimit && (
              <p role="status" className="mb-2 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-950 ring-1 ring-amber-300">
                Today&rsquo;s limit of {allowance.dailyLimit} texts to this number is reached: a text now would not be sent. Call the customer, or text them
                tomorrow.
              </p>
            )}
            <Field id={`${id}-reply`} label={`Text the customer at ${to}`} error={error}>
              <textarea
                id={`${id}-reply`}
                rows={2}
                maxLength={600}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                aria-invalid={Boolean(error) || length.tooLong}
                aria-describedby={`${id}-length ${describedBy(`${id}-reply`, false, error) ?? ""}`.trim()}
                className={fieldClass(error ?? (length.tooLong ? length.said : undefined))}
              />
            </Field>
            <p id={`${id}-length`} aria-live="polite" className={`mt-1 text-xs ${length.tooLong ? "font-medium text-red-800" : "text-slate-600"}`}>
              {length.said}
            </p>
            <button type="submit" className={`mt-2 ${PRIMARY_BUTTON}`} disabled={sending || !draft.trim() || length.tooLong || overLimit}>
              Send text
            </button>
          </form>
          {children}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{WHY_NOT[texting]}</p>
      )}
    </section>
  );
}
