// Dates in the admin area (rendered in the browser only, so the visitor's locale is fine).

/** A stored timestamp as a short date, e.g. "3/14/2025". */
export function shortDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString("en-US");
}

/** A stored timestamp as date and time, e.g. "3/14/2025, 10:00 AM". */
export function dateTime(timestamp: string): string {
  return new Date(timestamp).toLocaleString("en-US", { dateStyle: "short", timeStyle: "short" });
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
