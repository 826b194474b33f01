// Notifications: where each new booking goes, whether that works lately, and a test through the
// outbox that shows here when it arrives or fails.
import { Plus, Send, Trash2 } from "lucide-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AdminShell } from "../frame/AdminShell";
import { AdminApiError, adminApi, type ChannelHealth, type TestDelivery } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys, useDeskChanged } from "../frame/queries";
import { useShopClock } from "../frame/format";
import { failureMessage, Input, PLAIN_BUTTON, PRIMARY_BUTTON, Section } from "../frame/form";

/** A test's state in the owner's words. */
function testState(test: TestDelivery): string {
  if (test.state === "sent") return "delivered";
  if (test.state === "dead") return "failed";
  return test.attempts === 0 ? "on its way" : "failed, will try again";
}

/** How often the page looks again while a test is on its way. */
const POLL_MS = 2000;

function Health({ health }: { health: ChannelHealth }) {
  const { dateTime } = useShopClock();
  return (
    <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-800">Last delivered</dt>
        <dd className="text-slate-700">{health.lastSuccessAt ? dateTime(health.lastSuccessAt) : "Never yet"}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-800">Last error</dt>
        <dd className="text-slate-700">{health.lastErrorAt ? `${dateTime(health.lastErrorAt)}: ${health.lastError ?? ""}` : "None"}</dd>
      </div>
    </dl>
  );
}

export function NotificationsPage() {
  const { dateTime } = useShopClock();
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const deskChanged = useDeskChanged();
  const query = useQuery({
    queryKey: keys.notifications,
    queryFn: adminApi.notifications,
    // A test on its first try is looked at again until it lands; one that failed waits for its
    // retry (minutes or hours), which the page shows without polling.
    refetchInterval: ({ state }) => (state.data?.tests.some((test) => test.state === "pending" && test.attempts === 0) ? POLL_MS : false),
  });

  async function test(channel: "email" | "webhook") {
    setMessage(null);
    setProblem(null);
    try {
      await adminApi.sendTest(channel);
      setMessage(`A test ${channel === "email" ? "e-mail" : "webhook call"} is on its way. Its state shows below.`);
      await client.invalidateQueries({ queryKey: keys.notifications });
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  }

  return (
    <AdminShell title="Notifications">
      <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
      <p className="mt-1 text-slate-700">Where each new booking request is sent, and whether that works.</p>
      {message && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900">
          {message}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Loaded query={query} what="The notification settings" loading="Loading the notification settings">
        {(shown) => (
          <>
            <Section title="E-mail">
              {shown.email.configured ? (
                <p className="mt-1 text-sm text-slate-700">
                  The server sends e-mail. Each new request goes to the addresses below, and the visitor gets a copy.
                </p>
              ) : (
                <p className="mt-1 text-sm text-amber-900">
                  Off: the server has no e-mail settings. Ask whoever runs the website to set <code className="whitespace-nowrap">--smtp-url</code> and{" "}
                  <code className="whitespace-nowrap">--mail-from</code> (the owner's guide, 'Getting bookings by e-mail').
                </p>
              )}
              <Recipients
                saved={shown.email.recipients}
                fallback={shown.email.defaultRecipient}
                onSaved={(recipients) => {
                  client.setQueryData(keys.notifications, { ...shown, email: { ...shown.email, recipients } });
                  // What an earlier test said (such as 'add an address first') no longer holds.
                  setProblem(null);
                  setMessage(null);
                  void deskChanged();
                }}
              />
              <Health health={shown.email.health} />
              <button type="button" className={`${PLAIN_BUTTON} mt-4 inline-flex items-center gap-2`} onClick={() => void test("email")}>
                <Send aria-hidden="true" className="h-4 w-4" />
                Send a test e-mail
              </button>
            </Section>
            <Section title="Webhook">
              <p className="mt-1 text-sm text-slate-700">
                {shown.webhook.configured
                  ? "On: each new request is also sent to the form service the server is set up with."
                  : "Off: the server has no webhook settings."}
              </p>
              <Health health={shown.webhook.health} />
              {shown.webhook.configured && (
                <button type="button" className={`${PLAIN_BUTTON} mt-4 inline-flex items-center gap-2`} onClick={() => void test("webhook")}>
                  <Send aria-hidden="true" className="h-4 w-4" />
                  Send a test webhook call
                </button>
              )}
            </Section>
            {shown.tests.length > 0 && (
              <Section title="Recent tests">
                <ul aria-live="polite" className="mt-3 divide-y divide-slate-200 text-sm">
                  {shown.tests.map((entry) => (
                    <li key={entry.id} className="py-2">
                      Test #{entry.id} ({entry.channel === "email" ? "e-mail" : "webhook"}), {dateTime(entry.createdAt)}: <strong>{testState(entry)}</strong>
                      {entry.lastError && entry.state !== "sent" && <span className="text-red-800"> ({entry.lastError})</span>}
                    </li>
                  ))}
                </ul>
              </Section>
            )}
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}

/**
 * The addresses the booking e-mails go to: add, remove, save. While none is set the server's
 * address gets them; the first address added keeps it on the list (said so), so adding one
 * never quietly stops the e-mails to it.
 */
function Recipients({ saved, fallback, onSaved }: { saved: string[]; fallback: string | null; onSaved: (recipients: string[]) => void }) {
  const [list, setList] = useState(saved);
  const [added, setAdded] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<string | null>(null);

  async function save(next: string[], said = "Saved.") {
    setStatus(null);
    try {
      const stored = await adminApi.setRecipients(next);
      setList(stored);
      setAdded("");
      setErrors({});
      onSaved(stored);
      setStatus(said);
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.status === 422) setErrors(failure.fieldErrors);
      else setStatus(failureMessage(failure));
    }
  }

  // One address is added at a time, so whatever the server says of the list is about it.
  const addError = Object.entries(errors)
    .find(([field]) => field.startsWith("recipients"))?.[1]
    .join(" ");
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">Send booking e-mails to</h3>
      {list.length === 0 && (
        <p className="mt-1 text-sm text-slate-700">
          {fallback ? `Nobody set here: the server's address ${fallback} gets them. It stays on the list when you add another.` : "Nobody yet."}
        </p>
      )}
      <ul className="mt-2 space-y-2">
        {list.map((email) => (
          <li key={email} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <span className="break-all">{email}</span>
            <button
              type="button"
              className="inline-flex items-center gap-1 font-semibold text-red-700"
              onClick={() => void save(list.filter((e) => e !== email))}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove<span className="sr-only"> {email}</span>
            </button>
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const keepFallback = list.length === 0 && fallback !== null && added.trim().toLowerCase() !== fallback.toLowerCase();
          if (keepFallback) void save([fallback, added], `Saved. ${fallback} stays on the list and still gets them; remove it if it should not.`);
          else void save([...list, added]);
        }}
      >
        <div className="min-w-64 flex-1">
          <Input id="new-recipient" label="E-mail address" type="email" value={added} onChange={(event) => setAdded(event.target.value)} error={addError} />
        </div>
        <button type="submit" className={`${PRIMARY_BUTTON} inline-flex items-center gap-2`} disabled={!added.trim()}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add address
        </button>
      </form>
      {status && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {status}
        </p>
      )}
    </div>
  );
}
