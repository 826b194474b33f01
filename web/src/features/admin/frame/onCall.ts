// Who is on call, in words: the days and hours of the rota, and the people now on call.
import type { OnCall } from "./api";

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The rota with `shift` on every day of the week: the same hours and people, in place of each
 * other day's shift of those hours; in order of day and hour. */
export function copiedToEveryDay<T extends { weekday: number; from: number; to: number }>(rota: T[], shift: T): T[] {
  const kept = rota.filter((other) => other === shift || other.from !== shift.from || other.to !== shift.to);
  const copies = DAYS.map((_, weekday) => ({ ...shift, weekday })).filter((copy) => copy.weekday !== shift.weekday);
  return [...kept, ...copies].sort((a, b) => a.weekday - b.weekday || a.from - b.from);
}

/** "9 AM", "noon", "midnight" for an hour of the day (0 to 24). */
export function hourName(hour: number): string {
  const h = hour % 24;
  if (h === 0) return "midnight";
  if (h === 12) return "noon";
  return h < 12 ? `${h} AM` : `${h - 12} PM`;
}

/** "9 AM to 5 PM", or "all day". */
export function hoursSpan(from: number, to: number): string {
  return from === 0 && to === 24 ? "all day" : `${hourName(from)} to ${hourName(to)}`;
}

/** "Ana Ruiz, then Ben" for who is on call, or what it means when nobody is. */
export function onCallSentence(onCall: OnCall): string {
  const first = onCall.first.map((person) => person.name).join(", ");
  const second = onCall.second.map((person) => person.name).join(", ");
  if (!first) return "Nobody is on call this hour: an emergency goes to every owner.";
  return second ? `${first}, then ${second}` : first;
}
