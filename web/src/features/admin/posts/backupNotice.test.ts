import { describe, expect, it } from "vitest";
import { ago, backupLine } from "./backupNotice";

const NOW = Date.parse("2026-11-24T12:00:00.000Z");
const SIX_HOURS = 6 * 3600;

describe("the dashboard's backup line", () => {
  it("says nothing when backups are not scheduled", () => {
    expect(backupLine({ lastSuccessAt: null, lastFailureAt: null, lastError: null, everySeconds: null }, NOW)).toBeNull();
  });

  it("says when the last backup was made", () => {
    const line = backupLine({ lastSuccessAt: "2026-11-24T10:00:00.000Z", lastFailureAt: null, lastError: null, everySeconds: SIX_HOURS }, NOW);
    expect(line).toEqual({ text: "Last backup: 2 hours ago.", warning: false });
  });

  it("warns when the last one failed, with the reason", () => {
    const line = backupLine(
      { lastSuccessAt: "2026-11-24T06:00:00.000Z", lastFailureAt: "2026-11-24T11:59:00.000Z", lastError: "disk full", everySeconds: SIX_HOURS },
      NOW,
    );
    expect(line?.warning).toBe(true);
    expect(line?.text).toContain("Last backup: 6 hours ago. The latest backup failed: disk full.");
  });

  it("warns when the last one is older than twice the interval", () => {
    const line = backupLine({ lastSuccessAt: "2026-11-23T23:00:00.000Z", lastFailureAt: null, lastError: null, everySeconds: SIX_HOURS }, NOW);
    expect(line).toEqual({ text: "Last backup: 13 hours ago. Backups are overdue; tell whoever runs the server.", warning: true });
  });

  it("counts in the largest whole unit", () => {
    expect(ago(30)).toBe("just now");
    expect(ago(60)).toBe("1 minute ago");
    expect(ago(3 * 86400 + 5)).toBe("3 days ago");
  });
});
