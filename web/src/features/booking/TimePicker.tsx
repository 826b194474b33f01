// Picking a time: the next open times as quick answers, each day named once as a heading above
// its hours (on the shop's clock, said by name), 'Later dates' for a small calendar of the open
// days that the arrow keys move through (then that day's times), and, in the assistant, 'Call me
// to schedule'. The server says what is open; a day or time it does not list cannot be picked.
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Spinner } from "../../components/Spinner";
import { addDays, dayName } from "../../lib/days";
import { useLayout } from "../../lib/layout";
import type { OpenTimes, TimeOption } from "../../lib/api-schema";

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
          <button
            type="button"
            onClick={() => setView({ at: "calendar" })}
            className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 underline"
          >
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

const MOVING_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"]);

/** The key that moves the focus to another open day, and where: the open day before or after
 * (left, right), a week away or the nearest open day beyond it (up, down), the same day of the
 * month before or after or the nearest open one (Page Up, Page Down), the first or the last. */
function target(key: string, from: string, days: string[]): string | undefined {
  const at = days.indexOf(from);
  const nearest = (date: string, forward: boolean) =>
    forward ? (days.find((day) => day >= date) ?? days.at(-1)) : (days.findLast((day) => day <= date) ?? days[0]);
  const monthAway = (step: number) => {
    const [year, month, day] = from.split("-").map(Number) as [number, number, number];
    const first = new Date(Date.UTC(year, month - 1 + step, 1));
    const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const date = `${first.toISOString().slice(0, 8)}${String(Math.min(day, length)).padStart(2, "0")}`;
    const found = nearest(date, step > 0);
    return found?.slice(0, 7) === date.slice(0, 7) ? found : nearest(date, step < 0);
  };
  switch (key) {
    case "ArrowLeft":
      return days[at - 1];
    case "ArrowRight":
      return days[at + 1];
    case "ArrowUp":
      return days.findLast((day) => day <= addDays(from, -7));
    case "ArrowDown":
      return days.find((day) => day >= addDays(from, 7));
    case "PageUp":
      return monthAway(-1);
    case "PageDown":
      return monthAway(1);
    case "Home":
      return days[0];
    case "End":
      return days.at(-1);
    default:
      return undefined;
  }
}

/** The open days, a month at a time from the first open day's (weeks before it left out), with
 * buttons to the month before and after; the keys move between the open days. */
function OpenDays({ days, onDay, onBack }: { days: string[]; onDay: (date: string) => void; onBack: () => void }) {
  const open = new Set(days);
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  const [shown, setShown] = useState(0);
  // The day the keys moved to: focused once its month shows.
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const month = months[shown] ?? months[0] ?? "";

  useEffect(() => {
    if (focusDay) grid.current?.querySelector<HTMLElement>(`[data-date="${focusDay}"]`)?.focus();
  }, [focusDay, shown]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const from = (event.target as HTMLElement).dataset.date;
    if (!from) return;
    if (!MOVING_KEYS.has(event.key)) return;
    event.preventDefault();
    const to = target(event.key, from, days);
    if (!to) return;
    setShown(months.indexOf(to.slice(0, 7)));
    setFocusDay(to);
  }

  const step = (by: number) => {
    setFocusDay(null);
    setShown((at) => Math.min(Math.max(at + by, 0), months.length - 1));
  };
  const arrow = "rounded-full p-2 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40";

  return (
    <div className="space-y-3">
      <button type="button" onClick={onBack} className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 underline">
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Back to the next times
      </button>
      <p id={hintId} className="text-xs text-slate-600">
        Arrow keys move between the open days; Page Up and Page Down change the month.
      </p>
      <div ref={grid} className="inline-block" onKeyDown={move}>
        <div className="mb-2 flex items-center justify-between gap-2">
          <button type="button" onClick={() => step(-1)} disabled={shown === 0} aria-label="Previous month" className={arrow}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </button>
          <button type="button" onClick={() => step(1)} disabled={shown >= months.length - 1} aria-label="Next month" className={arrow}>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
        <Month month={month} open={open} first={days[0] ?? ""} onDay={onDay} hintId={hintId} focusFirst={focusDay === null} />
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

/** A month's grid: its open days as buttons, the weeks wholly before `first` left out. */
function Month({
  month,
  open,
  first,
  onDay,
  hintId,
  focusFirst,
}: {
  month: string;
  open: Set<string>;
  first: string;
  onDay: (date: string) => void;
  hintId: string;
  focusFirst: boolean;
}) {
  const start = new Date(`${month}-01T12:00:00Z`);
  const name = start.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const length = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: start.getUTCDay() }, () => null),
    ...Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  ];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7)).filter((week) =>
    week.some((date) => date !== null && date >= first),
  );
  const firstOpen = cells.find((date) => date !== null && open.has(date));
  return (
    <table className="text-center text-sm">
      <caption className="pb-2 text-left font-semibold text-slate-900" aria-live="polite">
        {name}
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long} className="h-8 w-10 font-medium text-slate-600">
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
                      data-chat-focus={focusFirst && date === firstOpen ? "" : undefined}
                      className="h-9 w-9 rounded-full font-semibold text-orange-800 ring-1 ring-orange-300 hover:bg-orange-50"
                    >
                      {Number(date.slice(8))}
                    </button>
                  ) : (
                    <span className="inline-block h-9 w-9 leading-9 text-slate-500">{Number(date.slice(8))}</span>
                  ))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
