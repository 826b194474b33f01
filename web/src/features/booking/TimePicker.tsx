// Picking a time: the next open times as quick answers, 'Later dates' for a small calendar of
// the open days (then that day's times), and, in the assistant, 'Call me to schedule'. The
// server says what is open; a day or time it does not list cannot be picked.
import { CalendarDays, ChevronLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../components/Spinner";
import { dayName } from "../../lib/days";
import type { OpenTimes, TimeOption } from "../../lib/types";

const LOAD_FAILED = "The open times could not be loaded.";
const NOTHING_OPEN = "There are no open times to book online in the coming weeks.";
const OPTION = "rounded-full bg-white px-4 py-2 text-sm font-medium text-orange-800 ring-1 ring-orange-300 hover:bg-orange-50";

type View = { at: "next" } | { at: "calendar" } | { at: "day"; date: string; times: TimeOption[] | null };

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
        <div role="group" aria-label={label} className="flex flex-wrap gap-2">
          {open.times.map((time, index) => (
            <button key={time.start} type="button" onClick={() => onPick(time)} data-chat-focus={index === 0 ? "" : undefined} className={OPTION}>
              {time.label}
            </button>
          ))}
          <button type="button" onClick={() => setView({ at: "calendar" })} className={`${OPTION} inline-flex items-center gap-1.5`}>
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            {laterLabel}
          </button>
          {call}
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
            <div role="group" aria-label={`Open times on ${dayName(view.date)}`} className="flex flex-wrap gap-2">
              {view.times.map((time, index) => (
                <button key={time.start} type="button" onClick={() => onPick(time)} data-chat-focus={index === 0 ? "" : undefined} className={OPTION}>
                  {time.hours}
                </button>
              ))}
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
  return (
    <div className="space-y-3">
      <button type="button" onClick={onBack} data-chat-focus="" className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 underline">
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Back to the next times
      </button>
      <div className="flex flex-wrap gap-6">
        {months.map((month) => (
          <Month key={month} month={month} open={open} onDay={onDay} />
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

function Month({ month, open, onDay }: { month: string; open: Set<string>; onDay: (date: string) => void }) {
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
