// An emergency nobody answers escalates: each step shows on Today as it fires, live; 'I've got it'
// holds the steps back for 10 minutes, not for ever; before the promise runs out comes a last
// alert, and past it everyone is reminded until someone answers. The test moves the server's
// clock on, as the minutes passing would.
import { ADMIN, book, expect, expectNoAxeViolations, moveClock, test, signIn } from "./fixtures";

test.use({ admin: true });

const MINUTE = 60_000;

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${width} px an emergency escalates, 'I've got it' holds it 10 minutes, and the alerts go on until someone answers`, async ({ page, server }) => {
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
    // The second step was due at 10 minutes: taken, it waits 10 minutes from the taking.
    await moveClock(page, server, 6 * MINUTE);
    await expect(emergency).not.toContainText("Escalated");
    // Nobody called in those 10 minutes: the steps go on, the held one and everyone's.
    await moveClock(page, server, 4 * MINUTE);
    await expect(emergency).toContainText("Escalated to everyone", { timeout: 10_000 });
    // 5 minutes before the 30-minute promise: the last alert, to the one on call who took it.
    await moveClock(page, server, 10 * MINUTE);
    await expect(emergency).toContainText(`Escalated to ${ADMIN.email}`, { timeout: 10_000 });
    // At the promise: everyone, and every 15 minutes while it waits past it.
    await moveClock(page, server, 5 * MINUTE);
    await expect(emergency).toContainText("Escalated to everyone", { timeout: 10_000 });
    // A minute past it, Today says so (at its next minute's load; loaded again here, since a
    // change that reloads it just after the clock moved starts that minute over).
    await moveClock(page, server, MINUTE);
    await page.reload();
    await expect(emergency).toContainText("(past the promise)");
    await expectNoAxeViolations(page);

    // Someone answers: the alerts stop, and the emergency is greyed below any still waiting.
    await emergency.getByRole("link").first().click();
    await page.getByLabel("Status").selectOption("contacted");
    await page.getByRole("button", { name: "Set status" }).click();
    const history = page.getByRole("region", { name: "Notes and history" });
    await expect(history).toContainText("Status set to contacted");
    await moveClock(page, server, 15 * MINUTE);
    // The request's history tells the story in order.
    const entries = [
      `Nobody had answered: escalated to ${ADMIN.email}`,
      "Taken ('I've got it'): the alerts wait 10 minutes for an answer",
      "Nobody had answered: escalated to nobody (no second person is on call)",
      "Nobody had answered: escalated to everyone",
      `Nobody had answered, and the promise was about to run out: last alert to ${ADMIN.email}`,
      "Past the promise and nobody had answered: everyone reminded",
      "Status set to contacted",
    ];
    await expect(history.getByRole("listitem")).toContainText(entries);
    await expect(history.getByText(/everyone reminded/)).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

test("Today shows untouched emergencies first, then taken ones, then answered ones greyed", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const answered = await book(page, "Answered Ann", "emergency");
  const taken = await book(page, "Taken Tom", "emergency");
  await book(page, "Waiting Wes", "emergency");
  await signIn(page);
  const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
  expect((await page.request.post(`/api/admin/bookings/${taken}/take`, { headers: csrf })).status()).toBe(200);
  expect((await page.request.post(`/api/admin/bookings/${answered}/contact`, { headers: csrf, data: { how: "call" } })).status()).toBe(204);
  await page.reload();
  const items = page.getByRole("region", { name: "Emergencies" }).getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Waiting Wes");
  await expect(items.nth(1)).toContainText("Taken Tom");
  await expect(items.nth(2)).toContainText("Answered Ann");
  await expect(items.nth(2)).toContainText("Answered; arrived");
  expect(await items.nth(0).evaluate((item) => getComputedStyle(item).backgroundColor)).not.toBe(
    await items.nth(2).evaluate((item) => getComputedStyle(item).backgroundColor),
  );
  const top = await items.nth(0).boundingBox();
  expect(top && top.y < 844).toBe(true);
  await expectNoAxeViolations(page);
});
