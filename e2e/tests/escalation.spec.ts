// An emergency nobody answers escalates: its first step shows on Today as it fires, live, and
// 'I've got it' stops the steps still to come. The test moves the server's clock on, as the
// minutes passing would.
import { ADMIN, book, expect, expectNoAxeViolations, moveClock, test, signIn } from "./fixtures";

test.use({ admin: true });

const MINUTE = 60_000;

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${width} px an escalated emergency shows its step on Today, and 'I've got it' stops the rest`, async ({ page, server }) => {
    await page.setViewportSize({ width, height });
    await book(page, "Stranded Sam", "emergency");
    await signIn(page);
    const emergency = page.getByRole("region", { name: "Emergencies" }).getByRole("listitem").filter({ hasText: "Stranded Sam" });
    await expect(emergency).toContainText("Not answered yet");
    await expect(emergency).not.toContainText("Escalated");
    // The first step is due five minutes after the request: it fires when they have passed, and
    // Today shows it without a reload.
    await moveClock(page, server, 5 * MINUTE);
    await expect(emergency).toContainText(`Escalated to ${ADMIN.email}`, { timeout: 10_000 });
    await expectNoAxeViolations(page);

    await emergency.getByRole("button", { name: /got it.*Stranded Sam/ }).click();
    await expect(emergency).toContainText(`Taken by ${ADMIN.email}`);
    await expect(emergency).not.toContainText("Escalated");
    await expect(emergency.getByRole("button", { name: /got it/ })).toHaveCount(0);
    // The second step would have come five minutes after the first: taken, it does not.
    await moveClock(page, server, 6 * MINUTE);
    await expect(emergency).toContainText(`Taken by ${ADMIN.email}`);
    await expect(emergency).not.toContainText("Escalated");

    // The request's history tells the story in order.
    await emergency.getByRole("link").first().click();
    const history = page.getByRole("region", { name: "Notes and history" });
    await expect(history).toContainText(`Nobody had answered: escalated to ${ADMIN.email}`);
    await expect(history).toContainText("Taken ('I've got it')");
  });
}
