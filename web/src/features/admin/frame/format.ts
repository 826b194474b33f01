// Dates in the admin area, on the shop's clock (`business.timeZone`) wherever the browser is.
import { useEffect, useMemo, useState } from "react";
import { useLayout } from "../../../lib/layout";

/** A stored timestamp as a short date in `timeZone`, e.g. "3/14/2025". */
export function shortDate(timestamp: string, timeZone: string): string {
  return new Date(timestamp).toLocaleDateString("en-US", { timeZone });
}

/** A stored timestamp as date and time in `timeZone`, e.g. "3/14/2025, 10:00 AM MDT". */
export function dateTime(timestamp: string, timeZone: string): string {
  return new Date(timestamp).toLocaleString("en-US", {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
}

/** `shortDate` and `dateTime` on the shop's clock. */
export function useShopClock(): { shortDate: (timestamp: string) => string; dateTime: (timestamp: string) => string } {
  const { timeZone } = useLayout();
  return useMemo(() => ({ shortDate: (timestamp) => shortDate(timestamp, timeZone), dateTime: (timestamp) => dateTime(timestamp, timeZone) }), [timeZone]);
}

/** A User-Agent header in plain words, e.g. "Chrome on Windows". */
export function browserName(userAgent: string): string {
  const browser =
    [
      ["Edg/", "Edge"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? "A browser";
  const system =
    [
      ["iPhone", "iPhone"],
      ["iPad", "iPad"],
      ["Android", "Android"],
      ["Windows", "Windows"],
      ["Mac OS", "Mac"],
      ["CrOS", "ChromeOS"],
      ["Linux", "Linux"],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? null;
  return system ? `${browser} on ${system}` : browser;
}

/** A UTC timestamp as the shop's wall-clock time for a datetime-local input, e.g. "2026-12-01T09:00". */
export function shopLocalInput(timestamp: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(timestamp))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A wall-clock time as a datetime-local input holds it ("2026-12-01T09:00", shop time) in
 * words: "Dec 1, 2026, 9:00 AM". */
export function wallClockName(input: string): string {
  return new Date(`${input}:00Z`).toLocaleString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** A UTC timestamp in the shop's time zone, e.g. "Dec 1, 2026, 9:00 AM MST". */
export function shopDateTime(timestamp: string, timeZone: string): string {
  return new Date(timestamp).toLocaleString("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
}

/** A number of minutes in short words: "under a minute", "12 min", "2 h 5 min", "3 days 4 h". */
export function minutesText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 1) return "under a minute";
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 === 0 ? `${hours} h` : `${hours} h ${whole % 60} min`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? "day" : "days"}${rest ? ` ${rest} h` : ""}`;
}

/** How long ago `timestamp` was at `now` (milliseconds), in short words. */
export function waitedSince(timestamp: string, now: number): string {
  return minutesText((now - new Date(timestamp).getTime()) / 60_000);
}

/** The time now, moved on every minute (waiting times grow while the page is open). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "2019 Big Tex 14LP, dump trailer": what is known of a customer's trailer, in a line. */
export function trailerTitle(trailer: { year: number | null; make: string; model: string; kindText: string }): string {
  const name = [trailer.year, trailer.make, trailer.model].filter(Boolean).join(" ");
  return [name, trailer.kindText.toLowerCase()].filter(Boolean).join(", ") || "A trailer";
}
