// Notifications in the admin (issue 15): the owner adds the address booking e-mails go to, sends
// a test through the outbox and sees it arrive at the local SMTP receiver; without settings the
// page and the bookings page say in plain words what is missing.
import { expect, expectNoAxeViolations, hydrated, signIn, test } from "./fixtures";

test.use({ admin: true });

test.describe("with the server's e-mail settings", () => {
  test.use({ withSmtp: true, expectedConsoleErrors: [/status of 422/] });

  test("the owner adds an address, and a test e-mail reaches it", async ({ page, smtp }) => {
    await signIn(page);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Notifications" }).click();
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(page.getByText("Nobody yet.")).toBeVisible();

    await page.getByLabel("E-mail address").fill("not an address");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByLabel("E-mail address")).toHaveAccessibleDescription("Invalid email format");

    await page.getByLabel("E-mail address").fill("office@example.com");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "office@example.com" })).toBeVisible();

    await page.getByRole("button", { name: "Send a test e-mail" }).click();
    await expect(page.getByText("A test e-mail is on its way.")).toBeVisible();
    await expect.poll(() => smtp?.messages.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(smtp?.messages[0]).toContain("To: office@example.com");
    expect(smtp?.messages[0]).toContain("Subject: Test: booking e-mails from Front Range Trailer Works");
    await expect(page.getByText(/^Test #\d+ \(e-mail\), .*: delivered$/)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("Never yet")).toHaveCount(1, { timeout: 10_000 });
  });
});

test("without settings the admin says what is missing, on the bookings page too", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/bookings");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "New booking requests are not sent to you" })).toBeVisible();
  await page.getByRole("link", { name: "add your address under Notifications" }).click();
  await expect(page.getByText("Off: the server has no e-mail settings.")).toBeVisible();
  await expect(page.getByText("Off: the server has no webhook settings.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a test webhook call" })).toHaveCount(0);
});

for (const width of [390, 1366]) {
  test(`the notifications page passes axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto("/dbadmin/notifications");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "E-mail", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });
}
