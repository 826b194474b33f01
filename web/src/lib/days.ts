// Days on a calendar, as "YYYY-MM-DD": named, counted and found the same in every browser,
// whatever its own clock (each is read at noon UTC, which no time zone moves off its date).

function noon(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** "Tuesday, December 1" for "2026-12-01". */
export function dayName(date: string): string {
  return noon(date).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
}

/** "Tue, Dec 1" for "2026-12-01". */
export function shortDayName(date: string): string {
  return noon(date).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
}

/** The day `count` days after `date` (before it, when negative). */
export function addDays(date: string, count: number): string {
  const day = noon(date);
  day.setUTCDate(day.getUTCDate() + count);
  return day.toISOString().slice(0, 10);
}

/** The Monday of `date`'s week. */
export function mondayOf(date: string): string {
  return addDays(date, -((noon(date).getUTCDay() + 6) % 7));
}

/** Today in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return now.toLocaleDateString("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
}

/** Whether `text` is a day such as "2026-12-01". */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(noon(text).getTime()) && noon(text).toISOString().startsWith(text);
}
