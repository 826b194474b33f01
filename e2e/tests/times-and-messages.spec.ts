// Every time and every message right, as the owner and the visitor see it: the holidays in
// Booking times and the schedule, a closed time refused with its reason and set anyway, a
// dropped time asked first and undone, the customer's page without a calendar link for a time
// that no longer holds; an emergency not asked how urgent it is, and the details' limit shown
// with a counter and its message beside the field.
import type { Page } from "@playwright/test";
import { talk, expect, expectNoAxeViolations, hydrated, mailWith, serverNow, signIn, test, type Server } from "./fixtures";

// The assistant's "typing" pause is shorter for a visitor who asked for less motion: these
// journeys walk the dialog many times, so they ask for it (booking.spec.ts walks it at full motion).
test.use({ reducedMotion: "reduce", admin: true, unlimitedBookings: true });

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

async function axeAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
}

/** A request for a drop-off at the first open time, as the dialog sends it: its id and link. */
async function bookDropOff(page: Page, name: string): Promise<{ id: number; manageUrl: string }> {
  const open = (await (await page.request.get("/api/availability?kind=shop")).json()) as { times: { start: string }[] };
  const response = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name,
      email: "dana@example.com",
      phone: "303-555-0123",
      fillMs: 30_000,
      answers: [{ question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: "Can bring to shop" }],
      appointment: { kind: "shop", start: open.times[0]!.start },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; manageUrl: string };
}

/** The Sunday after next of the server's today, on the shop's clock, "2026-11-29". */
async function nextSunday(server: Server): Promise<string> {
  const today = new Date(new Date(await serverNow(server)).toLocaleDateString("en-CA", { timeZone: "America/Denver" }) + "T12:00:00Z");
  const ahead = ((7 - today.getUTCDay()) % 7) + 7;
  return new Date(today.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
}

test("the shop closes on the holidays it picks, and the schedule shows them", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/site/times");
  const holidays = page.getByRole("region", { name: "Closed on public holidays" });
  await expect(holidays.getByLabel("Thanksgiving (fourth Thursday of November)")).toBeChecked();
  await expect(holidays.getByLabel("Day after Thanksgiving")).not.toBeChecked();
  await holidays.getByLabel("Christmas Eve (December 24)").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved: /)).toBeVisible();
  await axeAtBothSizes(page);

  await page.goto("/dbadmin/schedule?view=week&date=2026-12-21");
  await expect(page.getByRole("region", { name: /^Thu, Dec 24/ })).toContainText("Closed: Christmas Eve");
  await expect(page.getByRole("region", { name: /^Fri, Dec 25/ })).toContainText("Closed: Christmas Day");
  await axeAtBothSizes(page);
});

test.describe("the owner's time", () => {
  test.use({ expectedConsoleErrors: [/status of 422/] });

  test("on a closed day is refused with the reason and set anyway; dropping it asks first and can be undone", async ({ page, server }) => {
    const { id, manageUrl } = await bookDropOff(page, "Dana Hill");
    await signIn(page);
    await page.goto(`/dbadmin/bookings/${id}`);
    await page.getByRole("button", { name: "Move to another time" }).click();
    await expect(page.getByLabel("Kind")).toBeFocused();
    // One save button while moving: the requested time's own Confirm is gone.
    await expect(page.getByRole("button", { name: /^Confirm / })).toHaveCount(0);
    await page.getByLabel("Day").fill(await nextSunday(server));
    await page.getByLabel("Start (shop time)").selectOption({ label: "10:00 PM" });
    await page.getByRole("button", { name: "Save the new time" }).click();
    const refusal = page.getByRole("alert");
    await expect(refusal).toContainText("There are no drop-off hours on Sundays.");
    await axeAtBothSizes(page);
    await refusal.getByRole("button", { name: "Set it anyway" }).click();
    await expect(page.getByText(/^Confirmed:/)).toBeVisible();
    await expect(page.getByText(/Sunday, .*, 10:00-11:00 PM/).first()).toBeVisible();

    await page.getByRole("button", { name: "Drop the time" }).click();
    const ask = page.getByRole("dialog", { name: "Drop this time?" });
    await expect(ask).toContainText("The customer is told by e-mail");
    await ask.getByRole("button", { name: "Keep the time" }).click();
    await expect(page.getByText(/^Confirmed:/)).toBeVisible();
    await page.getByRole("button", { name: "Drop the time" }).click();
    await ask.getByRole("button", { name: "Drop the time" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The time is dropped." })).toBeFocused();

    // Meanwhile the customer's page says the time no longer holds, with no calendar link.
    const customer = await page.context().newPage();
    await customer.goto(new URL(manageUrl, server.url).pathname);
    await hydrated(customer);
    await expect(customer.getByText(/is off our schedule/)).toBeVisible();
    await expect(customer.getByRole("link", { name: "Add to my calendar" })).toHaveCount(0);
    await customer.close();

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText(/^Confirmed:/)).toBeVisible();
    await expect(page.getByText(/Sunday, .*, 10:00-11:00 PM/).first()).toBeVisible();
  });
});

test("an emergency is not asked how urgent it is", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await talk(page, ["Dump Trailer", "Emergency service", "Axle snapped", "Need mobile service", "Golden", "Hwy 93 at mile 2"]);
  await expect(page.getByLabel("Name")).toBeVisible();
  await expect(page.getByRole("log", { name: "Conversation" })).not.toContainText("How urgent is this?");
});

test("the details show their limit with a counter, and too long a text is named beside the field", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
  await page.getByRole("button", { name: "Call me to schedule" }).click();
  await page.getByLabel("Name").fill("Sam Reyes");
  await page.getByLabel("Email").fill("sam@example.com");
  await page.getByLabel("Phone").fill("303-555-0177");
  const details = page.getByLabel("Additional Details (optional)");
  await expect(page.getByText("0 of 2,000 characters")).toBeVisible();
  await details.fill("x".repeat(2001));
  await expect(page.getByText("2,001 of 2,000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Additional details must be at most 2,000 characters")).toBeVisible();
  await expect(details).toBeFocused();
  await expect(details).toHaveAttribute("aria-invalid", "true");
  await details.fill("x".repeat(2000));
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page).toHaveURL("/thank-you");
});

test("on a phone, 'Later dates' opens on the first open day, in view, without the weeks before it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
  const { days } = (await (await page.request.get("/api/availability?kind=shop")).json()) as { days: string[] };
  await page.getByRole("button", { name: "Later dates" }).click();
  const first = page.locator(`[data-date="${days[0]}"]`);
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  // No week of the calendar lies wholly before the first open day.
  await expect(page.getByRole("table").locator("tbody tr").first().locator(`[data-date="${days[0]}"]`)).toHaveCount(1);
  // The month after, when the open days reach into it (on the 1st of a long month they do not).
  const next = page.getByRole("button", { name: "Next month" });
  if (new Set(days.map((d) => d.slice(0, 7))).size > 1) {
    await next.click();
    await expect(page.getByRole("table").locator("caption")).not.toHaveText(
      new Date(`${days[0]}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
    );
  } else {
    await expect(next).toBeDisabled();
  }
  await expectNoAxeViolations(page);
});

test("the 'Later dates' calendar moves between the open days with the arrow keys", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
  // The open days as the calendar gets them (the dialog may have loaded them before the click,
  // so the test asks on its own rather than waiting for the dialog's request).
  const { days } = (await (await page.request.get("/api/availability?kind=shop")).json()) as { days: string[] };
  await page.getByRole("button", { name: "Later dates" }).click();
  const day = (date: string) => page.locator(`[data-date="${date}"]`);
  await expect(day(days[0]!)).toBeVisible();
  await day(days[0]!).focus();
  await page.keyboard.press("ArrowRight");
  await expect(day(days[1]!)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(day(days[0]!)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const weekOn = new Date(Date.parse(`${days[0]}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(day(days.find((d) => d >= weekOn)!)).toBeFocused();
  // Page Down and Page Up change the month; when the open days end in this month (the 1st of a
  // long month), Page Down goes to the last of them.
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  await page.keyboard.press("PageDown");
  await expect(page.locator(":focus")).toHaveAttribute("data-date", months[1] ? new RegExp(`^${months[1]}`) : days.at(-1)!);
  await expect(page.getByRole("table")).toHaveCount(1);
  await page.keyboard.press("PageUp");
  await expect(page.locator(":focus")).toHaveAttribute("data-date", new RegExp(`^${months[0]}`));
  await page.keyboard.press("End");
  await expect(day(days.at(-1)!)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: /^Open times on / }).getByRole("heading")).toBeVisible();
});

test.describe("a dialog opened from a button with context", () => {
  test.use({ withSmtp: true });

  test("starts with the greeting, then the button's answers; a card's service is kept with the request", async ({ page, smtp }) => {
    const log = page.getByRole("log", { name: "Conversation" });
    await page.goto("/services");
    await hydrated(page);
    await page.getByRole("button", { name: "Book Service: Suspension and Brake Repair" }).click();
    const said = log.locator("p");
    await expect(said.first()).toHaveText("Assistant: Hi! I'm your trailer assistant.");
    await expect(said.nth(1)).toHaveText("Assistant: What service do you need?");
    await expect(said.nth(2)).toHaveText("You: Suspension and Brake Repair");
    await expect(said.nth(3)).toHaveText("Assistant: What type of trailer do you have?");
    await expect(page.getByTestId("chat-announcer")).toHaveText("Hi! I'm your trailer assistant. What type of trailer do you have?");
    await talk(page, ["Flatbed Trailer", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
    await page.getByRole("button", { name: "Call me to schedule" }).click();
    await page.getByLabel("Name").fill("Robin Vale");
    await page.getByLabel("Email").fill("robin@example.com");
    await page.getByLabel("Phone").fill("303-555-0166");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL("/thank-you");
    const mail = await mailWith(smtp, /^Your service request #\d+/);
    expect(mail.text).toContain("Service: Suspension and Brake Repair");
    expect(mail.text).not.toContain("Repairs needed");

    // A city page: the greeting, then the city as where the trailer is.
    await page.goto("/service-areas/lakewood");
    await hydrated(page);
    await page.getByRole("button", { name: "Schedule Service in Lakewood" }).click();
    await expect(said.first()).toHaveText("Assistant: Hi! I'm your trailer assistant.");
    await expect(said.nth(2)).toHaveText("You: Lakewood");
    await expect(said.nth(3)).toHaveText("Assistant: What type of trailer do you have?");
  });

  test("the financing badge opens with a line about financing", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: /We Finance With/ }).click();
    const said = page.getByRole("log", { name: "Conversation" }).locator("p");
    await expect(said.first()).toHaveText("Assistant: Hi! I'm your trailer assistant.");
    await expect(said.nth(1)).toContainText(/^Assistant: Financing through .+ is available/);
    await expect(said.nth(2)).toHaveText("Assistant: What type of trailer do you have?");
    await expectNoAxeViolations(page);
  });
});
