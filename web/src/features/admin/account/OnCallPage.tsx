// On call: who answers an emergency now, the weekly rota on the shop's clock and its gaps, and
// the escalation's steps. Every member can say 'I'm on call for ...' and give the mobile number
// the escalation texts; an owner sets the rota and the steps.
import { CopyPlus, Plus, Trash2 } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { AdminShell } from "../frame/AdminShell";
import { AdminApiError, adminApi, type OnCallPage as Page, type Shift, type Steps } from "../frame/api";
import { minutesText, useShopClock } from "../frame/format";
import { failureMessage, Input, PLAIN_BUTTON, PRIMARY_BUTTON, Section } from "../frame/form";
import { copiedToEveryDay, DAYS, hourName, hoursSpan, onCallSentence } from "../frame/onCall";
import { Loaded } from "../frame/Loaded";
import { keys, useDeskChanged } from "../frame/queries";
import { useSession } from "../frame/session";

const COVER_HOURS = [1, 2, 4, 8, 12, 24, 48, 72];
const SELECT = "min-h-11 rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-900";

export function OnCallPage() {
  const { user } = useSession();
  const query = useQuery({ queryKey: keys.onCall, queryFn: adminApi.onCall });
  /** Loads again after a change here: the page, and Today's 'On call now'. */
  const load = useDeskChanged();
  const owner = user?.role === "owner";

  return (
    <AdminShell title="On call">
      <h1 className="text-2xl font-bold text-slate-900">On call</h1>
      <p className="mt-1 text-slate-700">Who answers an emergency, so none waits past the 30 minutes the site promises.</p>
      <Loaded query={query} what="Who is on call" loading="Loading who is on call">
        {(page) => (
          <>
            <NowSection page={page} onChange={load} />
            <PhoneSection phone={page.yourPhone ?? ""} onChange={load} />
            <RotaSection page={page} editable={owner} onChange={load} />
            <StepsSection steps={page.steps} editable={owner} onChange={load} />
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}

/** The failure of a change, with a 422's sentence. */
function changeFailure(error: unknown): string {
  if (error instanceof AdminApiError && error.status === 422) {
    return Object.values(error.fieldErrors).flat()[0] ?? failureMessage(error);
  }
  return failureMessage(error);
}

function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {text}
    </p>
  );
}

function NowSection({ page, onChange }: { page: Page; onChange: () => Promise<void> }) {
  const { dateTime } = useShopClock();
  const [hours, setHours] = useState(4);
  const [failure, setFailure] = useState<string | null>(null);
  const { now } = page;

  async function act(change: () => Promise<unknown>) {
    setFailure(null);
    try {
      await change();
      await onChange();
    } catch (error) {
      setFailure(changeFailure(error));
    }
  }

  return (
    <Section title="On call now">
      <p className="mt-2 text-slate-900" data-testid="on-call-now">
        {onCallSentence(now)}
      </p>
      {now.cover && (
        <p className="mt-1 text-sm text-slate-700">
          {now.cover.person.name} is on call until {dateTime(now.cover.until)}.
        </p>
      )}
      {now.gap && <p className="mt-1 text-sm font-semibold text-red-800">The rota has nobody for this hour.</p>}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="text-sm text-slate-800">
          <span className="block font-medium">I&rsquo;m on call for</span>
          <select className={SELECT} value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {COVER_HOURS.map((count) => (
              <option key={count} value={count}>
                {count === 1 ? "1 hour" : `${count} hours`}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={PRIMARY_BUTTON} onClick={() => void act(() => adminApi.cover(hours))}>
          Take the calls
        </button>
        {now.cover && (
          <button type="button" className={PLAIN_BUTTON} onClick={() => void act(() => adminApi.endCover())}>
            Hand back to the rota
          </button>
        )}
      </div>
      <Problem text={failure} />
    </Section>
  );
}

function PhoneSection({ phone, onChange }: { phone: string; onChange: () => Promise<void> }) {
  const [typed, setTyped] = useState(phone);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    try {
      await adminApi.setPhone(typed);
      setError(undefined);
      setSaved(true);
      await onChange();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  return (
    <Section title="Your mobile number">
      <p className="mt-1 text-sm text-slate-700">An emergency nobody has answered is texted to it when you are on call (e-mailed while you give none).</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-56">
          <Input
            id="on-call-phone"
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
          />
        </div>
        <button type="submit" className={PLAIN_BUTTON}>
          Save the number
        </button>
        <span role="status" className="text-sm text-green-800">
          {saved ? "Saved." : ""}
        </span>
      </form>
    </Section>
  );
}

function RotaSection({ page, editable, onChange }: { page: Page; editable: boolean; onChange: () => Promise<void> }) {
  const [shifts, setShifts] = useState<Shift[]>(page.rota);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const name = (id: number | null | undefined) => page.people.find((person) => person.id === id)?.name ?? "nobody";
  const change = (index: number, patch: Partial<Shift>) => setShifts((all) => all.map((shift, at) => (at === index ? { ...shift, ...patch } : shift)));

  async function save() {
    setFailure(null);
    setSaved(false);
    try {
      await adminApi.setRota(shifts);
      setSaved(true);
      await onChange();
    } catch (error) {
      setFailure(changeFailure(error));
    }
  }

  return (
    <Section title="Weekly rota">
      <p className="mt-1 text-sm text-slate-700">On the shop&rsquo;s clock. Without a rota every owner is on call, always.</p>
      {page.gaps.length > 0 && (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Nobody is on call:</p>
          <ul className="mt-1 list-disc pl-5">
            {page.gaps.map((gap) => (
              <li key={`${gap.weekday}-${gap.from}`}>
                {DAYS[gap.weekday]} {hoursSpan(gap.from, gap.to)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!editable ? (
        <ul className="mt-3 divide-y divide-slate-200 text-sm">
          {page.rota.map((shift) => (
            <li key={`${shift.weekday}-${shift.from}`} className="py-2">
              {DAYS[shift.weekday]} {hoursSpan(shift.from, shift.to)}: {name(shift.first)}
              {shift.second ? `, then ${name(shift.second)}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <>
          <ul className="mt-3 space-y-3">
            {shifts.map((shift, index) => (
              <li key={index} className="rounded-lg p-2 ring-1 ring-slate-200">
                <fieldset className="flex flex-wrap items-end gap-2">
                  <legend className="sr-only">
                    Shift {index + 1}: {DAYS[shift.weekday]} {hoursSpan(shift.from, shift.to)}
                  </legend>
                  <Choice label="Day" value={shift.weekday} options={DAYS.map((day, at) => [at, day])} onChange={(weekday) => change(index, { weekday })} />
                  <Choice label="From" value={shift.from} options={hours(0, 23)} onChange={(from) => change(index, { from })} />
                  <Choice label="To" value={shift.to} options={hours(1, 24)} onChange={(to) => change(index, { to })} />
                  <Choice
                    label="First"
                    value={shift.first}
                    options={page.people.map((person) => [person.id, person.name])}
                    onChange={(first) => change(index, { first })}
                  />
                  <Choice
                    label="Second"
                    value={shift.second ?? 0}
                    options={[[0, "Nobody"], ...page.people.map((person): [number, string] => [person.id, person.name])]}
                    onChange={(second) => change(index, { second: second === 0 ? null : second })}
                  />
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-slate-800 underline"
                    onClick={() => setShifts((all) => copiedToEveryDay(all, shift))}
                  >
                    <CopyPlus aria-hidden="true" className="h-4 w-4" />
                    Copy to every day
                    <span className="sr-only">
                      {" "}
                      the shift on {DAYS[shift.weekday]} from {hourName(shift.from)}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-red-700"
                    onClick={() => setShifts((all) => all.filter((_, at) => at !== index))}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                    <span className="sr-only">
                      {" "}
                      the shift on {DAYS[shift.weekday]} from {hourName(shift.from)}
                    </span>
                  </button>
                </fieldset>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={`${PLAIN_BUTTON} inline-flex items-center gap-2`}
              onClick={() => setShifts((all) => [...all, { weekday: 0, from: 0, to: 24, first: page.people[0]?.id ?? page.you, second: null }])}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add a shift
            </button>
            <button type="button" className={PRIMARY_BUTTON} onClick={() => void save()}>
              Save the rota
            </button>
            <span role="status" className="self-center text-sm text-green-800">
              {saved ? "Saved." : ""}
            </span>
          </div>
        </>
      )}
      <Problem text={failure} />
    </Section>
  );
}

function hours(from: number, to: number): [number, string][] {
  return Array.from({ length: to - from + 1 }, (_, at) => [from + at, hourName(from + at)]);
}

function Choice({ label, value, options, onChange }: { label: string; value: number; options: [number, string][]; onChange: (value: number) => void }) {
  return (
    <label className="text-sm text-slate-800">
      <span className="block font-medium">{label}</span>
      <select className={SELECT} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function StepsSection({ steps, editable, onChange }: { steps: Steps; editable: boolean; onChange: () => Promise<void> }) {
  const [typed, setTyped] = useState(steps);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const fields: [Exclude<keyof Steps, "urgentInShopHours">, string][] = [
    ["firstAfter", "Tell the first on call again, and text them, after"],
    ["secondAfter", "Tell the second on call after"],
    ["everyoneAfter", "Tell everyone after"],
    ["lastAlertBefore", "Last alert to the people on call, and whoever took it, before the promise runs out by"],
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(false);
    // A number box takes 1.5; the steps are whole minutes.
    if (fields.some(([field]) => !Number.isInteger(typed[field]))) {
      setFailure("Each step is a whole number of minutes: 1 to 30 after the request, the last alert 1 to 29 before the promise runs out.");
      return;
    }
    try {
      await adminApi.setSteps(typed);
      setSaved(true);
      await onChange();
    } catch (error) {
      setFailure(changeFailure(error));
    }
  }

  return (
    <Section title="When nobody answers an emergency">
      <p className="mt-1 text-sm text-slate-700">
        Minutes after the request; the site promises an answer within 30. Anyone&rsquo;s answer (a call, a text, a status, a time, a note) stops the rest;
        &lsquo;I&rsquo;ve got it&rsquo; holds them back for 10 minutes. Past the promise, everyone is reminded every 15 minutes until someone answers.
      </p>
      {!editable ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
          {fields.map(([field, label]) => (
            <li key={field}>
              {label} {minutesText(steps[field])}
            </li>
          ))}
          <li>{steps.urgentInShopHours ? "Urgent requests that arrive while the shop is open escalate too" : "Only emergencies escalate"}</li>
        </ul>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map(([field, label]) => (
              <Input
                key={field}
                id={`step-${field}`}
                label={`${label} (minutes)`}
                type="number"
                inputMode="numeric"
                min={1}
                max={field === "lastAlertBefore" ? 29 : 30}
                value={typed[field]}
                onChange={(event) => setTyped({ ...typed, [field]: Number(event.target.value) })}
              />
            ))}
          </div>
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={typed.urgentInShopHours}
              onChange={(event) => setTyped({ ...typed, urgentInShopHours: event.target.checked })}
              className="h-5 w-5 accent-orange-700"
            />
            Urgent requests that arrive while the shop is open escalate too
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <button type="submit" className={PRIMARY_BUTTON}>
              Save the steps
            </button>
            <span role="status" className="text-sm text-green-800">
              {saved ? "Saved." : ""}
            </span>
          </div>
        </form>
      )}
      <Problem text={failure} />
    </Section>
  );
}
