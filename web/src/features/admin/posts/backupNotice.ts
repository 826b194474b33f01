// How the dashboard words the scheduled backups: when the last one was made, and a warning when
// the last one failed or is older than twice the interval.
import type { BackupStatus } from "../frame/api";

export interface BackupLine {
  text: string;
  warning: boolean;
}

/** "2 hours ago" for a time `seconds` before now. */
export function ago(seconds: number): string {
  const units: [number, string][] = [
    [86400, "day"],
    [3600, "hour"],
    [60, "minute"],
  ];
  for (const [size, unit] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
  }
  return "just now";
}

/** The dashboard's line about backups at `now` (ms); null when backups are not scheduled. */
export function backupLine(status: BackupStatus, now: number): BackupLine | null {
  if (status.everySeconds === null) return null;
  const age = status.lastSuccessAt === null ? null : Math.max(0, (now - Date.parse(status.lastSuccessAt)) / 1000);
  const last = age === null ? "Last backup: none has succeeded yet." : `Last backup: ${ago(age)}.`;
  if (status.lastFailureAt !== null) {
    return { text: `${last} The latest backup failed: ${status.lastError ?? "no reason was recorded"}. Tell whoever runs the server.`, warning: true };
  }
  if (age === null || age > 2 * status.everySeconds) {
    return { text: `${last} Backups are overdue; tell whoever runs the server.`, warning: true };
  }
  return { text: last, warning: false };
}
