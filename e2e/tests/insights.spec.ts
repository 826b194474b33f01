// Insights (issue 26): a visit from a city page through a request is counted on the server and
// by the page's beacons, and the owner sees it on the Insights page; the footer says how visits
// are counted.
import { talk, expect, expectNoAxeViolations, hydrated, signIn, test, openSection } from "./fixtures";

// Headless Chromium names itself in its user agent, and bots are not counted.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.describe("Insights", () => {
  test.use({ admin: true, userAgent: BROWSER });

  test("a visit from a city page through a request shows in the funnel, the sources and the landing pages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/service-areas/aurora", { referer: "https://www.google.com/search?q=trailer+repair" });
    await hydrated(page);
    await page.getByRole("link", { name: "How we count visits" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Schedule Service in Aurora" }).click();
    await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
    await page.getByRole("button", { name: "Call me to schedule" }).click();
    await page.getByLabel("Name").fill("Sam Reyes");
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Phone").fill("303-555-0177");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL("/thank-you");

    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page);
    await openSection(page, "Insights");
    await expect(page).toHaveURL(/\/dbadmin\/insights/);
    const funnel = page.getByRole("region", { name: /Visitors at each step of the booking assistant/ });
    // Figures are written every quarter second here (once a minute by default).
    await expect(async () => {
      await page.reload();
      await expect(funnel.getByRole("row", { name: /Sent a request/ })).toContainText("1", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(funnel.getByRole("row", { name: /Opened the booking dialog/ })).toContainText("1");
    await expect(funnel.getByRole("row", { name: /Answered: Trailer/ })).toContainText("1");
    await expect(funnel.getByRole("row", { name: /Saw the contact form/ })).toContainText("1");
    const sources = page.getByRole("region", { name: /Where visitors came from/ });
    await expect(sources.getByRole("row", { name: /www\.google\.com/ })).toContainText("100");
    const landing = page.getByRole("region", { name: /The first page of each visit/ });
    await expect(landing.getByRole("row", { name: /\/service-areas\/aurora/ })).toBeVisible();
    const openers = page.getByRole("region", { name: /The page and button each booking dialog was opened from/ });
    await expect(openers.getByRole("row", { name: /Schedule Service in Aurora/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /./ }).first()).toBeVisible();
    // On a phone each row is a card with its figures in view (a table would hide them off the side).
    await page.setViewportSize({ width: 390, height: 844 });
    const sourceCards = page.getByRole("list", { name: /Where visitors came from/ });
    const google = sourceCards.getByRole("listitem").filter({ hasText: "www.google.com" });
    await expect(google).toContainText(/Conversion\s*100/);
    await google.scrollIntoViewIfNeeded();
    expect((await google.boundingBox())!.width).toBeLessThanOrEqual(390);
    await expect(sources).toBeHidden();
    for (const size of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect(funnel.getByRole("row", { name: /Sent a request/ })).toContainText("1");
  });

  test("the footer links to how visits are counted, and that page says what is never stored", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "How we count visits" }).click();
    await expect(page).toHaveURL("/how-we-count-visits");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/Do Not Track/);
    await expect(page.getByRole("main")).toContainText(/cookie/i);
    await expectNoAxeViolations(page);
  });
});
