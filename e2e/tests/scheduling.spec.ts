// From a request to a scheduled job: the visitor picks a time in the assistant, the owner
// confirms it in the week view, the visitor's e-mail carries the calendar file and the link that
// moves it; a full time is not offered and one taken meanwhile is refused; the owner's settings,
// calendar feed and review request; axe on every new screen on a phone and a desktop.
import type { Page, Request } from "@playwright/test";
import { talk, calendarOf, expect, expectNoAxeViolations, hydrated, mailWith, signIn, test } from "./fixtures";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** Answers the assistant's questions for a drop-off at the shop, up to the offered times. */
async function askForDropOff(page: Page) {
  await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
  await expect(page.getByRole("group", { name: "Drop-off times" })).toBeVisible();
}

async function fillContact(page: Page) {
  await page.getByLabel("Name").fill("Sam Reyes");
  await page.getByLabel("Email").fill("sam@example.com");
  await page.getByLabel("Phone").fill("303-555-0177");
}

/** The day of a UTC time on the shop's clock, "2026-12-01". */
function shopDay(utc: string): string {
  return new Date(utc).toLocaleDateString("en-CA", { timeZone: "America/Denver" });
}

/** The appointment the browser sent with a booking or a change. */
function sentStart(request: Request): string {
  const body = request.postDataJSON() as { appointment?: { start: string }; start?: string };
  return body.appointment?.start ?? body.start ?? "";
}

/** How long "8:00-10:00 AM" or "11:00 AM-1:00 PM" is, in minutes. */
function minutesOf(hours: string): number {
  const [from = "", to = ""] = hours.split("-");
  const suffix = to.slice(-2);
  const clock = (text: string) => {
    const [, h = "0", m = "0", half = suffix] = /^(\d+):(\d\d)(?: ([AP]M))?$/.exec(text.trim()) ?? [];
    return ((Number(h) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(m);
  };
  return (clock(to) - clock(from) + 1440) % 1440;
}

async function axeAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
}

test.describe("a drop-off time", () => {
  test.use({ admin: true, withSmtp: true });

  test("is picked from a city page, confirmed in the week view, e-mailed with its calendar file and moved with the link", async ({ page, smtp }) => {
    // The longest journey of the suite (ten axe runs): it gets three times the usual time.
    test.slow();
    await page.goto("/service-areas/aurora");
    await hydrated(page);
    await page.getByRole("button", { name: "Schedule Service in Aurora" }).click();
    await askForDropOff(page);
    const times = page.getByRole("group", { name: "Drop-off times" }).getByRole("button");
    const first = (await times.first().getAttribute("data-label")) ?? "";
    await times.first().click();
    await fillContact(page);
    const sending = page.waitForRequest((r) => r.url().endsWith("/api/bookings") && r.method() === "POST");
    await page.getByRole("button", { name: "Submit Request" }).click();
    const start = sentStart(await sending);
    await expect(page).toHaveURL("/thank-you");
    await expect(page.getByText(`Requested: ${first}`)).toBeVisible();
    // A drop-off: where to bring the trailer.
    await expect(page.getByText("Bring the trailer to")).toBeVisible();
    await expect(page.getByRole("link", { name: /^2150 West 64th Avenue, Denver, CO 80221/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to my calendar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See, change or cancel your request" })).toHaveAttribute("href", /^\/booking\/[\w-]{20,}$/);

    // The confirmation says the time, that the shop will confirm it, and carries the calendar file.
    const request = await mailWith(smtp, /^Your service request #1 /);
    expect(request.text).toContain(`Requested: ${first}`);
    const requestedIcs = calendarOf(request);
    expect(requestedIcs).toContain("DTSTART;TZID=America/Denver:");
    expect(requestedIcs).toMatch(/LOCATION:.*Aurora|LOCATION:.*CO/);

    // The owner confirms it in the week view: requested apart, then confirmed.
    await signIn(page);
    await page.getByRole("link", { name: "Schedule" }).click();
    await expect(page.getByRole("heading", { name: "Schedule" })).toBeVisible();
    await page.goto(`/dbadmin/schedule?view=week&date=${shopDay(start)}`);
    const requested = page.getByRole("article", { name: /Sam Reyes, requested$/ });
    await expect(requested).toBeVisible();
    await expect(page.getByText("1 job, 1 of them requested and waiting for your confirmation.")).toBeVisible();
    await axeAtBothSizes(page);
    await requested.getByRole("button", { name: /^Confirm .* for Sam Reyes$/ }).click();
    await expect(page.getByRole("article", { name: /Sam Reyes, confirmed$/ })).toBeVisible();
    await expect(page.getByText("1 job.")).toBeVisible();
    for (const view of ["Day", "Agenda"]) {
      await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: view, exact: true }).click();
      await expect(page.getByRole("article", { name: /Sam Reyes, confirmed$/ })).toBeVisible();
      await axeAtBothSizes(page);
    }

    // The visitor's 'Confirmed:' e-mail has the calendar file and the link to change it.
    const confirmed = await mailWith(smtp, /^Confirmed: /);
    expect(confirmed.subject).toBe(`Confirmed: ${first}`);
    expect(confirmed.to?.[0]?.address).toBe("sam@example.com");
    expect(calendarOf(confirmed)).toMatch(/BEGIN:VEVENT[\s\S]*STATUS:CONFIRMED[\s\S]*END:VEVENT/);
    const link = /\/booking\/[\w-]+/.exec(confirmed.text ?? "")?.[0];
    expect(link).toBeTruthy();

    // The link moves it to another open time.
    await page.goto(link!);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Your service request #1" })).toBeVisible();
    await expect(page.getByText("Confirmed.", { exact: false })).toBeVisible();
    // A drop-off: where to bring the trailer, and when the shop is open.
    await expect(page.getByText("Bring the trailer to")).toBeVisible();
    await expect(page.getByRole("link", { name: /^2150 West 64th Avenue, Denver, CO 80221/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Opening hours" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: /^Mon-Fri$/ })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "8:00 AM - 6:00 PM" })).toBeVisible();
    await axeAtBothSizes(page);
    await page.getByRole("button", { name: "Pick another time" }).click();
    const open = page.getByRole("group", { name: "Open times" }).getByRole("button");
    await expect(open.first()).toBeFocused();
    await axeAtBothSizes(page);
    const other = (await open.nth(1).getAttribute("data-label")) ?? "";
    const moving = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/time") && r.method() === "PUT");
    await open.nth(1).click();
    const movedTo = sentStart(await moving);
    await expect(page.getByRole("status")).toHaveText(`You asked for ${other}. The shop will confirm it, or call you to agree another time.`);
    await expect(page.getByRole("status")).toBeFocused();
    await expect(page.getByRole("heading", { name: other })).toBeVisible();

    // The schedule shows the new time, requested again; the old one is given back.
    await page.goto(`/dbadmin/schedule?view=week&date=${shopDay(movedTo)}`);
    await expect(page.getByRole("article", { name: /Sam Reyes, requested$/ })).toContainText(other.replace(/^.*, /, ""));
    await expect(page.getByRole("article", { name: /Sam Reyes, confirmed$/ })).toHaveCount(0);
    // The inbox shows it too, with the shop's notice of the change.
    await page.goto("/dbadmin/bookings");
    const card = page.getByRole("article", { name: "Sam Reyes" });
    await expect(card).toContainText(`Requested: ${other}`);
  });
});

test.describe("a time taken meanwhile", () => {
  // The server refuses the taken time with 409 on purpose.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test("is not offered once full, and a visitor who picked it is told and shown the next times", async ({ page, server }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    const loading = page.waitForResponse((r) => r.url().includes("/api/availability?kind=shop"));
    await askForDropOff(page);
    const offered = (await (await loading).json()) as { times: { start: string; label: string }[] };
    const wanted = offered.times[0]!;
    const times = page.getByRole("group", { name: "Drop-off times" }).getByRole("button");
    await expect(times.first()).toHaveAttribute("data-label", wanted.label);
    await times.first().click();
    await fillContact(page);

    // Meanwhile two others take that time: the shop takes two jobs at once.
    for (const name of ["Dana Hill", "Lee Park"]) {
      const taken = await fetch(`${server.url}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          submissionId: crypto.randomUUID(),
          name,
          email: "other@example.com",
          phone: "303-555-0100",
          fillMs: 30_000,
          appointment: { kind: "shop", start: wanted.start },
        }),
      });
      expect(taken.status).toBe(201);
    }
    const full = (await (await fetch(`${server.url}/api/availability?kind=shop`)).json()) as { times: { start: string }[] };
    expect(full.times.map((t) => t.start)).not.toContain(wanted.start);

    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("alert")).toHaveText("Sorry, that time was just taken. Here are the next open times.");
    await expect(times.first()).not.toHaveAttribute("data-label", wanted.label);
    await expect(page.locator(`[data-label="${wanted.label}"]`)).toHaveCount(0);
    const next = (await times.first().getAttribute("data-label")) ?? "";
    await times.first().click();
    await expect(page.getByLabel("Name")).toHaveValue("Sam Reyes");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL("/thank-you");
    await expect(page.getByText(`Requested: ${next}`)).toBeVisible();
  });
});

test.describe("the owner's side", () => {
  test.use({ admin: true, withSmtp: true });

  test.describe("booking times", () => {
    // A bad slot length is refused with 422 on purpose.
    test.use({ expectedConsoleErrors: [/status of 422/] });

    test("sets the booking times, closes a day, and the visitor's times follow", async ({ page }) => {
      await signIn(page);
      await page.goto("/dbadmin/site/times");
      await expect(page.getByRole("heading", { name: "Drop-off at the shop" })).toBeVisible();
      await axeAtBothSizes(page);
      const firstOpen = ((await (await page.request.get("/api/availability?kind=shop")).json()) as { days: string[] }).days[0]!;
      await page.getByRole("region", { name: "Closed days" }).getByRole("button", { name: "Add a closed day" }).click();
      await page.getByRole("region", { name: "Closed days" }).getByLabel("Day", { exact: true }).fill(firstOpen);
      await page.getByRole("region", { name: "Drop-off at the shop" }).getByLabel("Slot length (minutes)").fill("45");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Nothing was saved: one detail needs fixing.")).toBeVisible();
      await expect(page.getByText("Must be 30 to 480 minutes, in steps of 30.", { exact: true })).toBeVisible();
      await page.getByRole("region", { name: "Drop-off at the shop" }).getByLabel("Slot length (minutes)").fill("120");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText(/^Saved: /)).toBeVisible();

      const after = (await (await page.request.get("/api/availability?kind=shop")).json()) as { days: string[]; times: { hours: string }[] };
      expect(after.days).not.toContain(firstOpen);
      expect(minutesOf(after.times[0]!.hours)).toBe(120);
    });
  });

  test("a calendar feed for the phone: made, copied, renewed (the old address stops) and turned off", async ({ page }) => {
    await signIn(page);
    await page.getByRole("link", { name: "Account" }).click();
    const section = page.getByRole("region", { name: "Calendar feed" });
    await section.getByRole("button", { name: "Make a calendar feed" }).click();
    const address = section.getByLabel("Your feed's address");
    await expect(address).toHaveValue(/\/calendar\/[\w-]{40,}\.ics$/);
    await axeAtBothSizes(page);
    const first = new URL(await address.inputValue()).pathname;
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    await section.getByRole("button", { name: "Make a new address" }).click();
    await expect(section.getByRole("status")).toHaveText("A new address is made; the old one has stopped working.");
    await expect(address).not.toHaveValue(new RegExp(first));
    expect((await page.request.get(first)).status()).toBe(404);
    const second = new URL(await address.inputValue()).pathname;
    await section.getByRole("button", { name: "Turn the feed off" }).click();
    await expect(section.getByRole("button", { name: "Make a calendar feed" })).toBeVisible();
    expect((await page.request.get(second)).status()).toBe(404);
  });

  test("a cancellation reaches the inbox, and a finished job's review request is sent and its click counted", async ({ page, smtp, server }) => {
    const times = (await (await page.request.get("/api/availability?kind=mobile")).json()) as { times: { start: string }[] };
    const booked = await page.request.post("/api/bookings", {
      data: {
        submissionId: crypto.randomUUID(),
        name: "Dana Hill",
        email: "dana@example.com",
        phone: "303-555-0123",
        fillMs: 30_000,
        location: "Aurora",
        answers: [{ question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: "Need mobile service" }],
        appointment: { kind: "mobile", start: times.times[0]!.start },
      },
    });
    expect(booked.status()).toBe(201);
    const { manageUrl } = (await booked.json()) as { manageUrl: string };
    await page.goto(new URL(manageUrl, server.url).pathname);
    await hydrated(page);
    await page.getByRole("button", { name: "Cancel this request" }).click();
    await page.getByLabel(/Why, if you'd like to tell us/).fill("Fixed it myself");
    await axeAtBothSizes(page);
    await page.getByRole("button", { name: "Cancel the request" }).click();
    await expect(page.getByRole("status")).toHaveText("Your request is cancelled. Thank you for letting us know.");
    await expect(page.getByText("This request is cancelled.")).toBeVisible();

    await signIn(page);
    await page.goto("/dbadmin/bookings");
    const card = page.getByRole("article", { name: "Dana Hill" });
    await expect(card).toContainText("Cancelled by the customer on");
    await expect(card).toContainText("“Fixed it myself”");
    await expect(card).toContainText("was given back");

    // The review page is set under Site; a job marked done can then ask for a review.
    await page.goto("/dbadmin/site/times");
    await page.getByLabel("Review page address").fill("https://g.page/r/front-range-trailer-works/review");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/^Saved: /)).toBeVisible();
    await page.goto("/dbadmin/bookings");
    await card.getByLabel("Status").selectOption("done");
    await card.getByRole("button", { name: "Ask for a review" }).click();
    await expect(card).toContainText(/Review request (on its way|sent)/);
    const thanks = await mailWith(smtp, /^Thank you from /);
    expect(thanks.to?.[0]?.address).toBe("dana@example.com");
    const review = /\/review\/[\w-]+/.exec(thanks.text ?? "")?.[0];
    expect(review).toBeTruthy();
    const click = await page.request.get(review!, { maxRedirects: 0 });
    expect(click.status()).toBe(303);
    expect(click.headers()["location"]).toBe("https://g.page/r/front-range-trailer-works/review");
    await page.reload();
    await expect(card).toContainText("the link was opened");
    await axeAtBothSizes(page);
  });
});

test.describe("a job whose time has not ended", () => {
  // The review request is refused (422) on purpose.
  test.use({ admin: true, withSmtp: true, expectedConsoleErrors: [/status of 422/] });

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${width} px asks before 'done', and 'Ask for a review' says the server's reason`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const { times } = (await (await page.request.get("/api/availability?kind=shop")).json()) as { times: { start: string }[] };
      const booked = await page.request.post("/api/bookings", {
        data: {
          submissionId: crypto.randomUUID(),
          name: "Early Bird",
          email: "early@example.com",
          phone: "303-555-0124",
          fillMs: 30_000,
          answers: [{ question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: "Can bring to shop" }],
          appointment: { kind: "shop", start: times[0]!.start },
        },
      });
      expect(booked.status()).toBe(201);
      const { id, manageUrl } = (await booked.json()) as { id: number; manageUrl: string };
      await signIn(page);
      await page.goto("/dbadmin/site/times");
      await page.getByLabel("Review page address").fill("https://g.page/r/front-range-trailer-works/review");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText(/^Saved: /)).toBeVisible();

      await page.goto(`/dbadmin/bookings/${id}`);
      const actions = page.getByRole("region", { name: "Actions" });
      await actions.getByLabel("Status").selectOption("done");
      await actions.getByRole("button", { name: "Set status" }).click();
      const question = page.getByRole("dialog", { name: "Mark it done already?" });
      await expect(question).toContainText("has not ended yet");
      await axeAtBothSizes(page);
      await question.getByRole("button", { name: "Not yet" }).click();
      await expect(actions.getByLabel("Status")).toHaveValue("done");
      await expect(page.getByText(/Status set to done/)).toHaveCount(0);
      await actions.getByRole("button", { name: "Set status" }).click();
      await question.getByRole("button", { name: "Mark done anyway" }).click();
      await expect(page.getByText(/Status set to done/)).toBeVisible();
      // A done job's time, still as the customer asked for it, is not offered to confirm.
      await expect(page.getByText(/^Requested:/)).toBeVisible();
      await expect(page.getByRole("button", { name: /^Confirm / })).toHaveCount(0);

      await actions.getByRole("button", { name: "Ask for a review" }).click();
      const refusal = actions.getByRole("alert");
      await expect(refusal).toHaveText(/^The appointment is .+; ask for a review once it has ended\.$/);
      await expect(refusal).not.toContainText("answered");
      await axeAtBothSizes(page);

      // The customer's page shows the job, done, with nothing left to change there.
      await page.goto(manageUrl);
      await hydrated(page);
      await expect(page.getByText("This job is done, so it can no longer be changed here. Call us for anything about it.")).toBeVisible();
      await expect(page.getByRole("button", { name: /Pick (another|a) time/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Cancel this request" })).toHaveCount(0);
    });
  }
});

test.describe("the visitor's page of their request", () => {
  test.use({ admin: true, expectedConsoleErrors: [/status of 422/] });

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${width} px shows where and what, and corrects a mistyped phone; Today lists the change`, async ({ page, server }) => {
      await page.setViewportSize({ width, height });
      const booked = await page.request.post("/api/bookings", {
        data: {
          submissionId: crypto.randomUUID(),
          name: "Kim Voss",
          email: "kim@example.com",
          phone: "303-555-0131",
          fillMs: 30_000,
          location: "Aurora",
          streetAddress: "E Colfax Ave & Peoria St",
          details: "Hitch latch is bent and will not close",
          answers: [{ question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: "Need mobile service" }],
        },
      });
      expect(booked.status()).toBe(201);
      const { manageUrl } = (await booked.json()) as { manageUrl: string };
      await page.goto(new URL(manageUrl, server.url).pathname);
      await hydrated(page);
      await expect(page.getByRole("definition").filter({ hasText: "Hitch latch is bent and will not close" })).toBeVisible();
      await expect(page.getByRole("definition").filter({ hasText: "E Colfax Ave & Peoria St, Aurora" })).toBeVisible();
      await page.getByRole("button", { name: "Correct my phone or email" }).click();
      await page.getByLabel("Email").fill("kim@example");
      await page.getByLabel("Phone").fill("303-555-013");
      await page.getByRole("button", { name: "Save my contact details" }).click();
      // Each field says what is wrong with it.
      await expect(page.getByRole("alert")).toHaveText("Please correct what is marked below.");
      await expect(page.getByLabel("Phone")).toHaveAccessibleDescription("Enter a phone number with area code");
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email format");
      await axeAtBothSizes(page);
      await page.getByLabel("Email").fill("kim@example.com");
      await page.getByLabel("Phone").fill("303-555-0132");
      await axeAtBothSizes(page);
      await page.getByRole("button", { name: "Save my contact details" }).click();
      await expect(page.getByRole("status")).toHaveText("Your contact details are corrected: the shop uses them from now on.");

      await signIn(page);
      const changes = page.getByRole("region", { name: "Needs you" });
      await expect(changes).toContainText("Corrected their contact details: phone 303-555-0131 is now 303-555-0132");
    });
  }
});
