// Site details in the admin (issue 15): the owner changes the phone number, adds a testimonial,
// reorders the before/after work and restores an earlier version, and every public page shows
// it at once; a bad value is named under its field and changes nothing.
import type { Page } from "@playwright/test";
import { book, expect, expectNoAxeViolations, hydrated, OWN_PHONE, signIn, test, openSection } from "./fixtures";

test.use({ admin: true });

/** The shipped placeholder: the owner sees it in the field, visitors see no phone. */
const PHONE = "(303) 555-0147";
const NEW_PHONE = "(720) 555-2199";

async function openSite(page: Page, tab: string): Promise<void> {
  await openSection(page, "Site");
  await page.getByRole("navigation", { name: "Site details sections" }).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
}

async function saveChanges(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved: .*Every page shows it now\.$/)).toBeVisible();
}

test("a new phone number shows in the header and footer of every page, and an earlier version brings it back", async ({ page }) => {
  await signIn(page);
  await openSite(page, "Business");
  const phone = page.getByLabel("Phone");
  await expect(phone).toHaveValue(PHONE);
  await phone.fill(NEW_PHONE);
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  await saveChanges(page);
  await expect(page.getByText("Saved: Business details (phone). Every page shows it now.")).toBeVisible();

  for (const path of ["/", "/about", "/service-areas/aurora", "/blog"]) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator("header").getByText(NEW_PHONE).first(), `${path} header`).toBeVisible();
    await expect(page.locator("footer").getByText(NEW_PHONE).first(), `${path} footer`).toBeVisible();
    await expect(page.getByText(PHONE)).toHaveCount(0);
  }

  await page.goto("/dbadmin/site/versions");
  await hydrated(page);
  await expect(page.getByText("Version 2")).toBeVisible();
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByText("Version 1 is shown again, as version 3.")).toBeVisible();
  await page.goto("/contact");
  await hydrated(page);
  await expect(page.locator("footer")).toContainText("West 64th Avenue");
  await expect(page.locator('a[href^="tel:"]'), "the placeholder is back: no phone shown").toHaveCount(0);
});

test("a testimonial added in the admin shows on the home page", async ({ page }) => {
  await signIn(page);
  await openSite(page, "Testimonials");
  await page.getByRole("button", { name: "Add a testimonial" }).click();
  const added = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /^Remove: / }) })
    .last();
  await added.getByLabel("Name").fill("Dana Whitfield");
  await added.getByLabel("Role").fill("Horse owner");
  await added.getByLabel("Location").fill("Parker");
  await added.getByLabel("What they said").fill("They rewired my horse trailer the same afternoon.");
  await page.getByRole("button", { name: "Move up: Dana Whitfield" }).click();
  await saveChanges(page);

  await page.goto("/");
  await hydrated(page);
  await expect(page.getByText("They rewired my horse trailer the same afternoon.").first()).toBeAttached();
  await expect(page.getByText("Dana Whitfield").first()).toBeAttached();
});

test("before and after work is reordered on the home page", async ({ page }) => {
  await signIn(page);
  await openSite(page, "Before and after");
  await page.getByRole("button", { name: "Move up: Dump Trailer Hydraulic Rebuild" }).click();
  const headings = page.getByRole("listitem").getByRole("heading", { level: 3 });
  await expect(headings.first()).toHaveText("Dump Trailer Hydraulic Rebuild");
  await saveChanges(page);

  await page.goto("/");
  await hydrated(page);
  const titles = page.getByRole("slider", { name: /^Before and after: / });
  await expect(titles.first()).toHaveAttribute("aria-label", "Before and after: Dump Trailer Hydraulic Rebuild");
  await expect(titles.nth(1)).toHaveAttribute("aria-label", "Before and after: Flatbed Frame Restoration");
  await expect(page.getByRole("img", { name: /^Before: A dump trailer bed/ })).toBeAttached();
});

test("renaming a question and its option keeps earlier answers under it, in the inbox and the export", async ({ page }) => {
  const id = await book(page, "Renata Keyes");
  await signIn(page);
  await openSite(page, "Booking assistant");
  await page.locator("summary", { hasText: "What service do you need?" }).click();
  const step = page.getByRole("listitem").filter({ has: page.getByText("Key service: kept when the words change.") });
  await expect(step.getByText("Key service: kept when the words change.")).toBeVisible();
  await step.getByLabel("Question", { exact: true }).fill("What can we do for your trailer?");
  await step.getByLabel("Short name in the inbox").first().fill("Work asked for");
  const option = step.getByRole("listitem").filter({ has: page.getByText("Key repairs-needed:") });
  await option.getByLabel("Option", { exact: true }).fill("A repair");
  await step.getByRole("button", { name: "Add an option" }).click();
  const added = step.getByRole("listitem").filter({ has: page.getByText("Gets its key from its words when you save.") });
  await added.getByLabel("Option", { exact: true }).fill("Axle swap");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByText("Saved: Booking assistant (Work asked for: label and A repair: words and Axle swap added and question). Every page shows it now."),
  ).toBeVisible();
  // The key made for the new option shows at once, and stays with it when its words change.
  await expect(step.getByText("Key axle-swap: kept when the words change.")).toBeVisible();

  await page.goto(`/dbadmin/bookings/${id}`);
  await hydrated(page);
  const answer = page.getByRole("term").filter({ hasText: "Work asked for" });
  await expect(answer).toHaveAttribute("title", "What service do you need?");
  await expect(page.getByRole("definition").filter({ hasText: /^Repairs needed$/ })).toBeVisible();

  const csv = await (await page.request.get("/api/admin/bookings.csv")).text();
  const [header, row] = csv
    .trim()
    .split("\n")
    .map((line) => line.split(","));
  const column = header!.indexOf("Work asked for");
  expect(column, header!.join(",")).toBeGreaterThan(0);
  expect(row![column]).toBe("Repairs needed");

  // The visitor is asked in the new words, and their answer goes under the same question.
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await page.getByRole("group", { name: "Quick answers" }).getByRole("button", { name: "Dump Trailer", exact: true }).click();
  await expect(page.getByRole("dialog").locator("p").filter({ hasText: "What can we do for your trailer?" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Quick answers" }).getByRole("button", { name: "A repair", exact: true })).toBeVisible();
});

test.describe("refused", () => {
  test.use({ expectedConsoleErrors: [/status of 422/], ownDetails: true });

  test("a bad value is named under its field and nothing is saved", async ({ page }) => {
    await signIn(page);
    await openSite(page, "Business");
    await page.getByLabel("Phone").fill("call us");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Nothing was saved: one detail needs fixing.")).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Must be a US phone number with its area code\./);
    await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");

    await page.goto("/");
    await expect(page.locator("header").getByText(OWN_PHONE).first()).toBeVisible();
  });
});

for (const width of [390, 1366]) {
  test(`every site details tab passes axe at ${width} px`, async ({ page }) => {
    // Eight tabs, each checked by axe: more than one test's usual time on a busy 2-core machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    for (const tab of ["Business", "Testimonials", "Before and after", "Services", "City pages", "Booking assistant", "Booking times", "Earlier versions"]) {
      await openSite(page, tab);
      await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });
}
