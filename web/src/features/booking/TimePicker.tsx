// Picking a time: the next open times as quick answers, each day named once as a heading above
// its hours (on the shop's clock, said by name), 'Later dates' for a small calendar of the open
// days that the arrow keys move through (then that day's times), and, in the assistant, 'Call me
// to schedule'. The server says what is open; a day or time it does not list cannot be picked.
import { CalendarDays, ChevronLeft } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Spinner } from "../../components/Spinner";
import { addDays, dayName } from "../../lib/days";
import { useLayout } from "../../lib/layout";
import type { OpenTimes, TimeOption } from "../../lib/types";

const LOAD_FAILED = "The open times could not be loaded.";
const NOTHING_OPEN = "There are no open times to book online in the coming weeks.";
const OPTION = "rounded-full bg-white px-4 py-2 text-sm font-medium text-orange-800 ring-1 ring-orange-300 hover:bg-orange-50";

type View = { at: "next" } | { at: "calendar" } | { at: "day"; date: string; times: TimeOption[] | null };

/** The zone's everyday name, "Mountain Time", or its IANA name where the browser has none. */
function zoneName(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date());
    return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The times grouped by their day, in order. */
function byDay(times: TimeOption[]): [string, TimeOption[]][] {
  const days = new Map<string, TimeOption[]>();
  for (const time of times) days.set(time.date, [...(days.get(time.date) ?? []), time]);
  return [...days];
}

/** A day's times: the day once, as a heading, then a button for each time with its hours. */
function DayTimes({ date, times, onPick, focusFirst }: { date: string; times: TimeOption[]; onPick: (time: TimeOption) => void; focusFirst: boolean }) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold text-slate-900">{dayName(date)}</h3>
      <div className="flex flex-wrap gap-2">
        {times.map((time, index) => (
          <button
            key={time.start}
            type="button"
            onClick={() => onPick(time)}
            data-chat-focus={focusFirst && index === 0 ? "" : undefined}
            data-label={time.label}
            className={OPTION}
          >
            {time.hours}
          </button>
        ))}
      </div>
    </div>
  );
}

export function TimePicker({
  load,
  laterLabel,
  callLabel,
  onPick,
  onCall,
  notice,
  label,
}: {
  /** The open times: the next ones, or those of a day. */
  load: (date?: string) => Promise<OpenTimes>;
  laterLabel: string;
  /** The answer of a visitor who would rather be called (none: not offered). */
  callLabel?: string;
  onPick: (time: TimeOption) => void;
  onCall?: () => void;
  /** Said above the times (a time just taken). */
  notice?: string;
  /** The group's name for screen readers. */
  label: string;
}) {
  const { timeZone } = useLayout();
  const [open, setOpen] = useState<OpenTimes | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<View>({ at: "next" });
  const box = useRef<HTMLDivElement>(null);

  // Once times (or a day's times, or the calendar) show, the first of them takes the focus, as
  // the first quick answer does.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>("[data-chat-focus]")?.focus();
  }, [open, failed, view]);

  useEffect(() => {
    let current = true;
    load().then(
      (times) => {
        if (current) setOpen(times);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [load]);

  function pickDay(date: string) {
    setView({ at: "day", date, times: null });
    load(date).then(
      (times) => setView({ at: "day", date, times: times.times }),
      () => setFailed(true),
    );
  }

  const call = callLabel && onCall && (
    <button type="button" onClick={onCall} className={OPTION}>
      {callLabel}
    </button>
  );

  if (failed || (open && open.days.length === 0)) {
    return (
      <div ref={box} className="space-y-3 border-t border-slate-200 p-4">
        <p className="text-sm text-slate-700">{failed ? LOAD_FAILED : NOTHING_OPEN}</p>
        {call && <div data-chat-focus="">{call}</div>}
      </div>
    );
  }
  if (!open) return <Spinner label="Loading the open times" />;

  return (
    <div ref={box} className="space-y-3 border-t border-slate-200 p-4">
      {notice && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          {notice}
        </p>
      )}
      {view.at === "next" && (
        <div role="group" aria-label={label} className="space-y-3">
          <p className="text-xs text-slate-600">All times are {zoneName(timeZone)}.</p>
          {byDay(open.times).map(([date, times], index) => (
            <DayTimes key={date} date={date} times={times} onPick={onPick} focusFirst={index === 0} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => setView({ at: "calendar" })} className={`${OPTION} inline-flex items-center gap-1.5`}>
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              {laterLabel}
            </button>
            {call}
          </div>
        </div>
      )}
      {view.at === "calendar" && <OpenDays days={open.days} onDay={pickDay} onBack={() => setView({ at: "next" })} />}
      {view.at === "day" && (
        <div className="space-y-3">
          <button type="button" onClick={() => setView({ at: "calendar" })} className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 underline">
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Pick another day
          </button>
          {view.times === null ? (
            <Spinner label="Loading the day's times" />
          ) : view.times.length === 0 ? (
            <p className="text-sm text-slate-700">That day just filled up. Please pick another day.</p>
          ) : (
            <div role="group" aria-label={`Open times on ${dayName(view.date)}`} className="space-y-2">
              <p className="text-xs text-slate-600">All times are {zoneName(timeZone)}.</p>
              <DayTimes date={view.date} times={view.times} onPick={onPick} focusFirst />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The months from the first open day to the last, each a grid of its days: open ones can be
 * picked. */
function OpenDays({ days, onDay, onBack }: { days: string[]; onDay: (date: string) => void; onBack: () => void }) {
  const open = new Set(days);
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  const hintId = useId();

  /** Left and right go to the open day before or after; up and down a week, or the nearest open
   * day beyond it; Home and End to the first and the last. */
  function move(event: KeyboardEvent<HTMLDivElement>) {
    const from = (event.target as HTMLElement).dataset.date;
    if (!from) return;
    const at = days.indexOf(from);
    const weekAway = (step: number) => {
      const target = addDays(from, step);
      return step > 0 ? days.find((day) => day >= target) : days.findLast((day) => day <= target);
    };
    const targets: Record<string, () => string | undefined> = {
      ArrowLeft: () => days[at - 1],
      ArrowRight: () => days[at + 1],
      ArrowUp: () => weekAway(-7),
      ArrowDown: () => weekAway(7),
      Home: () => days[0],
      End: () => days.at(-1),
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    const to = target();
    if (to) event.currentTarget.querySelector<HTMLElement>(`[data-date="${to}"]`)?.focus();
  }

  return (
    <div className="space-y-3">
      <button type="button" onClick={onBack} data-chat-focus="" className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 underline">
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Back to the next times
      </button>
      <p id={hintId} className="text-xs text-slate-600">
        Arrow keys move between the open days.
      </p>
      <div className="flex flex-wrap gap-6" onKeyDown={move}>
        {months.map((month) => (
          <Month key={month} month={month} open={open} onDay={onDay} hintId={hintId} />
        ))}
      </div>
    </div>
  );
}

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

function Month({ month, open, onDay, hintId }: { month: string; open: Set<string>; onDay: (date: string) => void; hintId: string }) {
  const first = new Date(`${month}-01T12:00:00Z`);
  const name = first.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: first.getUTCDay() }, () => null),
    ...Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  ];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  return (
    <table className="text-center text-sm">
      <caption className="pb-2 text-left font-semibold text-slate-900">{name}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long} className="h-8 w-9 font-medium text-slate-600">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((date, d) => (
              <td key={d} className="p-0.5">
                {date &&
                  (open.has(date) ? (
                    <button
                      type="button"
                      onClick={() => onDay(date)}
                      aria-label={dayName(date)}
                      aria-describedby={hintId}
                      data-date={date}
                      className="h-8 w-8 rounded-full font-semibold text-orange-800 ring-1 ring-orange-300 hover:bg-orange-50"
                    >
                      {Number(date.slice(8))}
                    </button>
                  ) : (
                    <span className="inline-block h-8 w-8 leading-8 text-slate-500">{Number(date.slice(8))}</span>
                  ))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
