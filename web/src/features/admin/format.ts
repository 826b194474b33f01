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
