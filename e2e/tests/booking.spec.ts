import type { Page } from "@playwright/test";
import { choose, say, talk, expect, expectNoAxeViolations, hydrated, test } from "./fixtures";

async function openDialog(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Trailer Service Assistant" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chatToContactForm(page: Page) {
  await talk(page, ["Dump Trailer", "Repairs needed", "The brakes grind", "Can bring to shop", "Urgent (24-48 hours)"]);
  await page.getByRole("button", { name: "Call me to schedule" }).click();
  await expect(page.getByRole("form", { name: "Your contact information" })).toBeVisible();
  // Texts are not set up on this server: the form offers none.
  await expect(page.getByRole("checkbox", { name: /Text me about this request/ })).toHaveCount(0);
}

async function fillContact(page: Page, name = "Jamie Ortiz") {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill("jamie@example.com");
  await page.getByLabel("Phone").fill("303-555-0188");
  await page.getByLabel(/Additional Details/).fill("The lift is slow.");
}

test("the whole chat with quick options ends on the thank-you page", async ({ page }) => {
  const dialog = await openDialog(page);
  const log = dialog.getByRole("log", { name: "Conversation" });
  await expect(log).toContainText("Hi! I'm your trailer assistant. What type of trailer do you have?");
  for (const option of ["Enclosed Trailer", "Dump Trailer", "Flatbed Trailer", "Tilt Trailer", "Other (please specify)"]) {
    await expect(page.getByRole("button", { name: option, exact: true })).toBeVisible();
  }

  await choose(page, "Dump Trailer");
  await expect(log).toContainText("Dump Trailer");
  await expect(page.getByTestId("typing")).toBeVisible();
  await expect(log).toContainText("What service do you need?");
  await expect(page.getByTestId("typing")).toHaveCount(0);
  for (const option of ["Repairs needed", "Regular maintenance", "Upgrades/modifications", "Emergency service", "Not sure (need inspection)"]) {
    await expect(page.getByRole("button", { name: option, exact: true })).toBeVisible();
  }
  await choose(page, "Repairs needed");
  await expect(log).toContainText("What's going on with the trailer?");
  await expect(page.getByLabel("Your answer")).toHaveAttribute("placeholder", "A few words about it");
  await say(page, "The brakes grind when I stop");
  await expect(log).toContainText("Do you need mobile service, or can you bring the trailer to our shop?");
  for (const option of ["Need mobile service", "Can bring to shop", "Not sure yet"]) {
    await expect(page.getByRole("button", { name: option, exact: true })).toBeVisible();
  }
  await choose(page, "Need mobile service");
  await expect(log).toContainText("Where is the trailer?");
  await page.getByRole("group", { name: "Cities we serve" }).getByRole("button", { name: "Aurora", exact: true }).click();
  await expect(log).toContainText("Good news: Aurora is in our service area");
  await expect(log).toContainText("What's the street address?");
  await expect(page.getByLabel("Your answer")).toHaveAttribute("autocomplete", "street-address");
  await say(page, "3300 Walnut St");
  await expect(log).toContainText("How urgent is this?");
  for (const option of ["Emergency (need immediate help)", "Urgent (24-48 hours)", "Soon (within a week)", "Not urgent (routine service)"]) {
    await expect(page.getByRole("button", { name: option, exact: true })).toBeVisible();
  }
  await choose(page, "Urgent (24-48 hours)");
  await expect(log).toContainText("When should our mobile crew come? Pick an arrival window.");
  const windows = page.getByRole("group", { name: "Arrival windows" }).getByRole("button");
  // The next six open windows, then the calendar of later days and the call option.
  await expect(windows).toHaveCount(8);
  await expect(windows.nth(6)).toHaveText("Later dates");
  await expect(windows.nth(7)).toHaveText("Call me to schedule");
  // Each day is named once, as a heading; a window's button says its hours.
  await expect(page.getByRole("group", { name: "Arrival windows" }).getByRole("heading").first()).toBeVisible();
  await expect(page.getByRole("group", { name: "Arrival windows" })).toContainText("All times are Mountain Time.");
  await expect(windows.first()).toHaveText(/^\d{1,2}:\d\d(?: [AP]M)?-\d{1,2}:\d\d [AP]M$/);
  const picked = (await windows.first().getAttribute("data-label")) ?? "";
  await windows.first().click();
  await expect(log).toContainText(`You: ${picked}`);
  await expect(log).toContainText("how can we reach you?");
  await expect(page.getByLabel(/Additional Details/)).toHaveAttribute("rows", "3");

  await fillContact(page);
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page).toHaveURL("/thank-you");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Thank You, Jamie Ortiz!" })).toBeVisible();
  await expect(page.getByText(`Requested: ${picked}`)).toBeVisible();
  await expect(page.getByText("Bring the trailer to")).toHaveCount(0);
  await expect(page.getByText("jamie@example.com")).toBeVisible();
  await expect(page.getByText("Your request number is #1.")).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
});

for (const width of [390, 1366]) {
  test(`at ${width} px a refresh keeps the conversation and the typed contact fields, and Back closes the dialog`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/services");
    await hydrated(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Trailer Service Assistant" });
    await chatToContactForm(page);
    await page.getByLabel("Name").fill("Jamie Ortiz");
    await page.getByLabel("Phone").fill("303-555-0188");

    // Back closes the dialog and stays on the page; the conversation is there on opening it again.
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/");
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    await expect(page.getByLabel("Name")).toHaveValue("Jamie Ortiz");

    // A refresh: the page offers to go on, and the answers and the typed fields are all there.
    await page.reload();
    await hydrated(page);
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Go on with your request" }).click();
    await expect(dialog.getByRole("log")).toContainText("The brakes grind");
    await expect(page.getByLabel("Name")).toHaveValue("Jamie Ortiz");
    await expect(page.getByLabel("Phone")).toHaveValue("303-555-0188");
    await expect(page.getByRole("button", { name: "Go on with your request" })).toHaveCount(0);
    await page.getByLabel("Email").fill("jamie@example.com");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Thank You, Jamie Ortiz!" })).toBeVisible();

    // Sent: Back from the thank-you page is the home page with nothing kept, and no offer.
    await page.goBack();
    await expect(page).toHaveURL("/");
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Book a Service" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Go on with your request" })).toHaveCount(0);
  });
}

test("'Other (please specify)' asks in free text, with Send disabled while blank", async ({ page }) => {
  const dialog = await openDialog(page);
  await choose(page, "Other (please specify)");
  await expect(dialog.getByRole("log")).toContainText("What kind of trailer is it?");
  const input = page.getByLabel("Your answer");
  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(input).toBeFocused();
  await expect(send).toBeDisabled();
  await input.fill("   ");
  await expect(send).toBeDisabled();
  await input.fill("Horse trailer");
  await expect(send).toBeEnabled();
  await input.press("Enter");
  await expect(dialog.getByRole("log")).toContainText("Horse trailer");
  await expect(dialog.getByRole("log")).toContainText("What service do you need?");
  await expect(page.getByRole("button", { name: "Repairs needed" })).toBeVisible();
});

test("the contact form shows every error at once and clears a field's error when it is edited", async ({ page }) => {
  await openDialog(page);
  await chatToContactForm(page);
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Phone number is required")).toBeVisible();

  await page.getByLabel("Name").fill("J");
  await expect(page.getByText("Name is required")).toHaveCount(0);
  await expect(page.getByText("Email is required")).toBeVisible();

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await expect(page.getByText("Phone number is required")).toBeVisible();
  await expect(page).toHaveURL("/");
});

test.describe("when the server fails", () => {
  test.use({ expectedConsoleErrors: [/status of 503/] });

  test("the visitor sees the error and a retry succeeds without retyping", async ({ page }) => {
    let calls = 0;
    const ids: string[] = [];
    await page.route("**/api/bookings", async (route) => {
      calls += 1;
      ids.push((route.request().postDataJSON() as { submissionId: string }).submissionId);
      if (calls === 1) {
        await new Promise((done) => setTimeout(done, 400));
        await route.fulfill({ status: 503, contentType: "application/json", body: "{}" });
      } else if (calls === 2) {
        const error = "We can't take requests for a moment. Nothing was saved; please try again in a few minutes, or give us a call.";
        await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error }) });
      } else {
        await route.continue();
      }
    });
    await openDialog(page);
    await chatToContactForm(page);
    await fillContact(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expect(page.getByLabel("Name")).toBeDisabled();
    await expect(page.getByRole("alert")).toHaveText("There was an error submitting the form. Please try again.");
    await expect(page.getByLabel("Name")).toBeEnabled();
    // The server's own explanation of a 503 reaches the visitor.
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "We can't take requests for a moment. Nothing was saved; please try again in a few minutes, or give us a call.",
    );
    await expect(page.getByLabel("Name")).toHaveValue("Jamie Ortiz");
    await expect(page.getByLabel("Name")).toBeEnabled();

    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Thank You, Jamie Ortiz!" })).toBeVisible();
    expect(calls).toBe(3);
    expect(new Set(ids).size).toBe(1);
  });
});

test.describe("past the booking rate limit", () => {
  test.use({ expectedConsoleErrors: [/status of 429/] });

  test("the visitor is told to wait or call, with the number", async ({ page, server }) => {
    for (let n = 0; n < 10; n += 1) {
      const response = await fetch(`${server.url}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          submissionId: `rate-limit-${n}-0000`,
          name: "Earlier Visitor",
          email: "earlier@example.com",
          phone: "303-555-0100",
          fillMs: 10_000,
        }),
      });
      expect(response.status).toBe(201);
    }
    await openDialog(page);
    await chatToContactForm(page);
    await fillContact(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("alert")).toHaveText("Too many requests from your network. Please wait a few minutes and try again.");
  });
});

test("the conversation survives closing and reopening the dialog", async ({ page }) => {
  const dialog = await openDialog(page);
  await choose(page, "Tilt Trailer");
  await expect(dialog.getByRole("log")).toContainText("What service do you need?");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await expect(dialog.getByRole("log")).toContainText("Tilt Trailer");
  await expect(page.getByRole("button", { name: "Repairs needed" })).toBeVisible();
});

test("axe finds no accessibility violation with the dialog open, in the chat and in the form", async ({ page }) => {
  await openDialog(page);
  await expect(page.getByRole("button", { name: "Dump Trailer" })).toBeVisible();
  await expectNoAxeViolations(page);
  await talk(page, ["Dump Trailer", "Repairs needed", "The brakes grind", "Can bring to shop", "Urgent (24-48 hours)"]);
  await expect(page.getByRole("group", { name: "Drop-off times" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Later dates" }).click();
  await expect(page.locator("table").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Back to the next times" }).click();
  await page.getByRole("button", { name: "Call me to schedule" }).click();
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectNoAxeViolations(page);
});
