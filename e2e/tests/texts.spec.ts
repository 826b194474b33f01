import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, inTextingHours, signIn, talk, test } from "./fixtures";
import { textFromCustomer } from "./textStandIn";

const BOX = /Text me about this request/;

async function toContactForm(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book a Service" }).first().click();
  await talk(page, ["Dump Trailer", "Repairs needed", "The brakes grind", "Can bring to shop", "Urgent (24-48 hours)"]);
  await page.getByRole("button", { name: "Call me to schedule" }).click();
  await expect(page.getByRole("form", { name: "Your contact information" })).toBeVisible();
}

test.describe("with texts set up", () => {
  test.use({ withTexts: true });

  for (const width of [390, 1366]) {
    test(`the request form offers texts in an unticked box with its terms, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await toContactForm(page);
      const box = page.getByRole("checkbox", { name: BOX });
      await expect(box).toBeVisible();
      await expect(box).not.toBeChecked();
      const terms = page.getByRole("link", { name: "Text message terms" });
      await expect(terms).toHaveAttribute("href", "/sms-terms");
      await expect(terms).toHaveAttribute("target", "_blank");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      await page.getByLabel("Name").fill("Jamie Ortiz");
      await page.getByLabel("Email").fill("jamie@example.com");
      await page.getByLabel("Phone").fill("303-555-0188");
      await box.check();
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/bookings") && request.method() === "POST");
      await page.getByRole("button", { name: "Submit Request" }).click();
      expect((await sent).postDataJSON()).toMatchObject({ textConsent: true, phone: "303-555-0188" });
      await expect(page).toHaveURL(/\/thank-you$/);
    });
  }

  test("the text message terms say what is sent and how to stop", async ({ page }) => {
    await page.goto("/sms-terms");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Text message terms" })).toBeVisible();
    await expect(page.getByText(/Reply STOP to any text/)).toBeVisible();
    await expect(page.getByText(/not sending texts/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

/** A request from `name` (phone ending `last`) whose customer asked for texts: an emergency for
 * a mobile job in Aurora, or a drop-off at the shop; its id and the customer's own page. */
async function textedRequest(page: Page, name: string, last: string, kind: "emergency" | "shop"): Promise<{ id: number; manageUrl: string }> {
  const [trailer, service, where] =
    kind === "emergency" ? ["Enclosed Trailer", "Emergency service", "Need mobile service"] : ["Flatbed Trailer", "Repairs needed", "Can bring to shop"];
  const booked = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      phone: `303-555-${last}`,
      answers: [
        { question: "Hi! I'm your trailer assistant. What type of trailer do you have?", answer: trailer },
        { question: "What service do you need?", answer: service },
        { question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: where },
      ],
      location: kind === "emergency" ? "Aurora" : undefined,
      fillMs: 30000,
      textConsent: true,
    },
  });
  expect(booked.status()).toBe(201);
  return (await booked.json()) as { id: number; manageUrl: string };
}

test.describe("the owner texts from the request's page", () => {
  test.use({ withTexts: true, admin: true });

  for (const width of [390, 1366]) {
    test(`a customer's reply shows without a reload, and the owner answers and says 'On my way', at ${width} px`, async ({ page, server }) => {
      await page.setViewportSize({ width, height: 844 });
      // An emergency: a person's texts about it go at any hour.
      const { id } = await textedRequest(page, "Dana Hill", "0142", "emergency");
      await signIn(page);
      await page.goto(`/dbadmin/bookings/${id}`);
      await hydrated(page);
      const thread = page.getByRole("region", { name: "Texts" });
      await expect(thread.getByLabel("Text the customer")).toBeVisible();

      expect(await textFromCustomer(server.url, "+13035550142", "Can you come at 4?")).toBe(200);
      await expect(thread.getByText("Can you come at 4?")).toBeVisible();
      await expect(thread.getByText("From the customer", { exact: false })).toBeVisible();

      await thread.getByLabel("Text the customer").fill("Yes, 4 works.");
      await thread.getByRole("button", { name: "Send text" }).click();
      await expect(thread.getByText("Front Range Trailer Works: Yes, 4 works.")).toBeVisible();
      await expect(thread.getByLabel("Text the customer")).toHaveValue("");
      await thread.getByLabel("Arriving in").selectOption("30");
      await thread.getByRole("button", { name: "On my way" }).click();
      await expect(thread.getByText(/on our way to you and should be there in about 30 minutes/)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }

  for (const width of [390, 1366]) {
    test(`a shop job has no 'On my way', and leaving with a typed text or note asks first, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      const { id } = await textedRequest(page, "Sam Ortiz", "0143", "shop");
      await signIn(page);
      await page.goto(`/dbadmin/bookings/${id}`);
      await hydrated(page);
      const thread = page.getByRole("region", { name: "Texts" });
      const box = thread.getByLabel("Text the customer");
      await expect(box).toBeVisible();
      await expect(page.getByRole("button", { name: /^On my way/ })).toHaveCount(0);

      await box.fill("Can you bring it Monday?");
      await page.getByRole("link", { name: "All bookings" }).click();
      const ask = page.getByRole("dialog", { name: "Discard changes?" });
      await expect(ask).toContainText("The text you typed is not sent. If you leave now, it is lost.");
      await ask.getByRole("button", { name: "Keep editing" }).click();
      // The page is inert until the question has closed: a fill before that may not reach the box.
      await expect(ask).toBeHidden();
      await expect(box).toHaveValue("Can you bring it Monday?");
      await box.fill("");
      await expect(box).toHaveValue("");

      await page.getByLabel("Add a note").fill("Bring the spare hub");
      await page.getByRole("link", { name: "All bookings" }).click();
      await expect(ask).toContainText("Your note is not saved. If you leave now, it is lost.");
      await ask.getByRole("button", { name: "Discard changes" }).click();
      await expect(page).toHaveURL(/\/dbadmin\/bookings$/);
    });
  }

  test("a customer who did not ask for texts is not offered the box, and the page says why", async ({ page }) => {
    const booked = await page.request.post("/api/bookings", {
      data: { submissionId: crypto.randomUUID(), name: "Pat Lopez", email: "pat@example.com", phone: "303-555-0143", answers: [], fillMs: 30000 },
    });
    const { id } = (await booked.json()) as { id: number };
    await signIn(page);
    await page.goto(`/dbadmin/bookings/${id}`);
    await hydrated(page);
    const thread = page.getByRole("region", { name: "Texts" });
    await expect(thread.getByText(/did not ask for texts on this request/)).toBeVisible();
    await expect(thread.getByLabel("Text the customer")).toHaveCount(0);
  });
});

test.describe("the customer's own page", () => {
  test.use({ withTexts: true });

  for (const width of [390, 1366]) {
    test(`says texts come about the request and stops them, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      // An emergency: a person's texts about it go at any hour.
      const { manageUrl } = await textedRequest(page, "Dana Hill", "0142", "emergency");
      await page.goto(manageUrl);
      await hydrated(page);
      await expect(page.getByText(/We text you about this request/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Stop texts" }).click();
      await expect(page.getByRole("status")).toContainText("No more texts");
      await expect(page.getByText(/Texts to your number are off/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Stop texts" })).toHaveCount(0);
    });
  }
});

test.describe("texts from a number no request has", () => {
  test.use({ withTexts: true, admin: true });

  for (const width of [390, 1366]) {
    test(`show on Today, are answered, and are filed under a customer, at ${width} px`, async ({ page, server, texts }) => {
      await page.setViewportSize({ width, height: 844 });
      await inTextingHours(page, server);
      const { id } = await textedRequest(page, "Lee Park", "0150", "shop");
      await signIn(page);
      await page.goto("/dbadmin/today");
      await hydrated(page);
      expect(await textFromCustomer(server.url, "+17205550199", "Do you fix ramp gates?")).toBe(200);
      // Today hears of it live, without a reload.
      const newTexts = page.getByRole("region", { name: "New texts" });
      const line = newTexts.getByRole("link", { name: /New text from \(720\) 555-0199/ });
      await expect(line).toContainText("Do you fix ramp gates?");
      await expectNoAxeViolations(page);

      await line.click();
      await expect(page.getByRole("heading", { level: 1, name: "Texts with (720) 555-0199" })).toBeVisible();
      const thread = page.getByRole("region", { name: "Texts", exact: true });
      await expect(thread.getByText("Do you fix ramp gates?")).toBeVisible();
      await thread.getByLabel("Text the customer").fill("Yes, we do. What trailer is it?");
      await thread.getByRole("button", { name: "Send text" }).click();
      await expect(thread.getByText("Front Range Trailer Works: Yes, we do. What trailer is it?")).toBeVisible();
      await expect(thread.getByLabel("Text the customer")).toHaveValue("");
      await expect.poll(() => texts?.texts.find((text) => text.To === "+17205550199")?.Body).toBe("Front Range Trailer Works: Yes, we do. What trailer is it?");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      const filing = page.getByRole("region", { name: "File under a customer" });
      await filing.getByLabel("Find the customer").fill("Lee");
      await filing.getByRole("button", { name: "File the texts under Lee Park's record", exact: false }).click();
      const ask = page.getByRole("dialog", { name: /File the texts with \(720\) 555-0199 under Lee Park's record/ });
      await ask.getByRole("button", { name: "File the texts" }).click();
      await expect(page).toHaveURL(/\/dbadmin\/customers\/\d+$/);
      await expect(page.getByText("(720) 555-0199").first()).toBeVisible();

      await page.goto(`/dbadmin/bookings/${id}`);
      await hydrated(page);
      const filed = page.getByRole("region", { name: "Texts", exact: true });
      await expect(filed.getByText("Do you fix ramp gates?")).toBeVisible();
      await expect(filed.getByText("Front Range Trailer Works: Yes, we do. What trailer is it?")).toBeVisible();
      await page.goto("/dbadmin/today");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
      await expect(page.getByRole("region", { name: "New texts" })).toHaveCount(0);
    });
  }

  test.describe("made into a request", () => {
    // The first try leaves the name and e-mail out on purpose: the browser logs the 422.
    test.use({ expectedConsoleErrors: [/status of 422/] });

    for (const width of [390, 1366]) {
      test(`become a request that the number's later texts join, at ${width} px`, async ({ page, server }) => {
        await page.setViewportSize({ width, height: 844 });
        expect(await textFromCustomer(server.url, "+17205550188", "My ramp gate spring broke")).toBe(200);
        await signIn(page);
        await page.goto("/dbadmin/numbers/7205550188");
        await hydrated(page);
        const making = page.getByRole("region", { name: "Make a request" });
        await making.getByRole("button", { name: "Make the request" }).click();
        await expect(making.getByText("Please correct what is marked below.")).toBeVisible();
        await expect(making.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
        await expectNoAxeViolations(page);
        await making.getByLabel("Name").fill("Ana Ruiz");
        await making.getByLabel("E-mail").fill("ana@example.com");
        await making.getByLabel("What they need").fill("Ramp gate spring");
        await making.getByRole("button", { name: "Make the request" }).click();
        await expect(page).toHaveURL(/\/dbadmin\/bookings\/\d+$/);
        await expect(page.getByRole("heading", { level: 1, name: /Ana Ruiz/ })).toBeVisible();
        const thread = page.getByRole("region", { name: "Texts", exact: true });
        await expect(thread.getByText("My ramp gate spring broke")).toBeVisible();
        expect(await textFromCustomer(server.url, "+17205550188", "It's a 16 ft car hauler")).toBe(200);
        await expect(thread.getByText("It's a 16 ft car hauler")).toBeVisible();
        await expect(thread.getByLabel("Text the customer")).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
});
