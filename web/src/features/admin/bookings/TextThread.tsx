// A request's texts with its customer: the thread both ways (it follows new replies live, with
// the page), a box to text them, and 'On my way' with the minutes to arrival. When the customer
// cannot be texted, the reason is said instead of the box.
import { useId, useState } from "react";
import { adminApi, type RequestPage } from "../frame/api";
import { useDeskChanged } from "../frame/queries";
import { useShopClock } from "../frame/format";
import { describedBy, failureMessage, Field, fieldClass, PRIMARY_BUTTON } from "../frame/form";
import { OnMyWay } from "./OnMyWay";

type Text = RequestPage["texts"][number];

const WHY_NOT: Record<Exclude<RequestPage["texting"], "on">, string> = {
  off: "Texts are not set up on this site.",
  "not-agreed": "The customer did not ask for texts on this request: call or e-mail them.",
  stopped: "The customer stopped texts to their number (with a reply or on their own page). Texts stay off until they reply START.",
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

export function TextThread({ bookingId, texting, texts }: { bookingId: number; texting: RequestPage["texting"]; texts: Text[] }) {
  const id = useId();
  const { dateTime } = useShopClock();
  const [draft, setDraft] = useState("");
  const deskChanged = useDeskChanged();
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setError(undefined);
    try {
      await adminApi.textCustomer(bookingId, draft);
      setDraft("");
      void deskChanged();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSending(false);
    }
  }

  if (texting === "off" && texts.length === 0) return null;
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
                {text.incoming ? "From the customer" : (text.byEmail ?? "Sent by the site")}, <time dateTime={text.at}>{dateTime(text.at)}</time>
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
            <Field id={`${id}-reply`} label="Text the customer" error={error}>
              <textarea
                id={`${id}-reply`}
                rows={2}
                maxLength={600}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy(`${id}-reply`, false, error)}
                className={fieldClass(error)}
              />
            </Field>
            <button type="submit" className={`mt-2 ${PRIMARY_BUTTON}`} disabled={sending || !draft.trim()}>
              Send text
            </button>
          </form>
          <div className="mt-3">
            <OnMyWay bookingId={bookingId} />
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{WHY_NOT[texting]}</p>
      )}
    </section>
  );
}
