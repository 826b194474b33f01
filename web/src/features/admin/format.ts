// Dates in the admin area (rendered in the browser only, so the visitor's locale is fine).

/** A stored timestamp as a short date, e.g. "3/14/2025". */
export function shortDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString("en-US");
}

/** A stored timestamp as date and time, e.g. "3/14/2025, 10:00 AM". */
export function dateTime(timestamp: string): string {
  return new Date(timestamp).toLocaleString("en-US", { dateStyle: "short", timeStyle: "short" });
}
