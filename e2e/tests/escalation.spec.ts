// An emergency nobody answers escalates: its first step shows on Today as it fires, live, and
// 'I've got it' stops the steps still to come. The server runs on the wall clock, so the test
// makes the first step due by moving its time in the database, as five minutes passing would.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ADMIN, book, expect, expectNoAxeViolations, test, signIn, type Server } from "./fixtures";

test.use({ admin: true, quickOutbox: true });

/** Runs one SQL statement on the server's database (SQLite takes the second writer in turn);
 * its rows. */
function sql(server: Server, statement: string, ...params: (string | number)[]): unknown[][] {
  const script =
    "import json, sqlite3, sys\n" +
    "db = sqlite3.connect(sys.argv[1], timeout=10)\n" +
    "rows = db.execute(sys.argv[2], json.loads(sys.argv[3])).fetchall()\n" +
    "db.commit()\n" +
    "print(json.dumps(rows))";
  const out = execFileSync("python3", ["-c", script, join(server.dataDir, "trailerworks.db"), statement, JSON.stringify(params)]);
  return JSON.parse(out.toString()) as unknown[][];
}

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${width} px an escalated emergency shows its step on Today, and 'I've got it' stops the rest`, async ({ page, server }) => {
    await page.setViewportSize({ width, height });
    const id = await book(page, "Stranded Sam", "emergency");
    await signIn(page);
    const emergency = page.getByRole("region", { name: "Emergencies" }).getByRole("listitem").filter({ hasText: "Stranded Sam" });
    await expect(emergency).toContainText("Not answered yet");
    await expect(emergency).not.toContainText("Escalated");
    // The first step is due five minutes after the request: make it due now.
    expect(sql(server, "SELECT next_step FROM escalations WHERE booking_id = ? AND stopped_at IS NULL", id)).toEqual([[1]]);
    sql(server, "UPDATE escalations SET due_at = ? WHERE booking_id = ?", new Date(Date.now() - 1000).toISOString(), id);

    // It fires within the outbox's next look, and Today shows it without a reload.
    await expect(emergency).toContainText(`Escalated to ${ADMIN.email}`, { timeout: 10_000 });
    expect(sql(server, "SELECT next_step FROM escalations WHERE booking_id = ?", id)).toEqual([[2]]);
    await expectNoAxeViolations(page);

    await emergency.getByRole("button", { name: /got it.*Stranded Sam/ }).click();
    await expect(emergency).toContainText(`Taken by ${ADMIN.email}`);
    await expect(emergency).not.toContainText("Escalated");
    await expect(emergency.getByRole("button", { name: /got it/ })).toHaveCount(0);
    // No step is due any more: the second would have come five minutes after the first.
    expect(sql(server, "SELECT due_at, stopped_at IS NOT NULL FROM escalations WHERE booking_id = ?", id)).toEqual([[null, 1]]);

    // The request's history tells the story in order.
    await emergency.getByRole("link").first().click();
    const history = page.getByRole("region", { name: "Notes and history" });
    await expect(history).toContainText(`Nobody had answered: escalated to ${ADMIN.email}`);
    await expect(history).toContainText("Taken ('I've got it')");
  });
}
