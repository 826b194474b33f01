// Customers: Maria's three requests, typed three ways, are one record the owner finds by any
// part of a number; the owner changes it (each field's error beside it), merges her work
// record into it and splits a request off again; downloads a customer's data and erases it at
// their request; on a phone and a desktop, axe clean.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSection, signIn, test } from "./fixtures";

test.use({ admin: true, unlimitedBookings: true, expectedConsoleErrors: [/422/] });

async function send(page: Page, name: string, phone: string, email: string, details: string): Promise<number> {
  const sent = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name,
      phone,
      email,
      details,
      answers: [{ question: "What type of trailer do you have?", answer: "Dump Trailer" }],
      fillMs: 30000,
    },
  });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { id: number }).id;
}

for (const width of [390, 1366]) {
  test(`the owner finds, changes, merges and splits a customer's record at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const first = await send(page, "Maria Lopez", "303.555.0123", "maria@example.com", "Brakes grab on the left");
    await send(page, "Maria", "+1 (303) 555-0123", "maria@example.com", "Lights out on the dump trailer");
    const third = await send(page, "Maria L.", "720-555-0188", "MARIA@example.com", "New floor for the utility trailer");
    const work = await send(page, "Maria Lopez", "720-555-0144", "mlopez@work.example", "Fleet inspection, 4 trailers");
    await send(page, "Kim Park", "303-555-0199", "kim@example.com", "Bearings");

    await signIn(page);
    await openSection(page, "Customers");
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await page.getByLabel("Find a customer").fill("(720) 555-0188");
    await expect(page).toHaveURL(/q=/);
    const found = page.getByRole("link", { name: /Maria Lopez/ });
    await expect(found).toHaveCount(1);
    await expect(found).toContainText("3 requests");
    await expectNoAxeViolations(page);
    await found.click();

    await expect(page.getByRole("heading", { name: "Maria Lopez", level: 1 })).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact details" });
    await expect(contact.getByRole("link", { name: "(303) 555-0123" })).toHaveAttribute("href", "tel:3035550123");
    await expect(contact.getByRole("link", { name: "(720) 555-0188" })).toBeVisible();
    await expect(contact.getByRole("link", { name: "maria@example.com" })).toHaveAttribute("href", "mailto:maria@example.com");
    const requests = page.getByRole("region", { name: "Requests" });
    await expect(requests.getByRole("heading", { name: "3 requests" })).toBeVisible();
    await expect(requests.getByRole("link", { name: `Request #${third}` })).toBeVisible();
    await expectNoAxeViolations(page);

    // A wrong number is marked beside its field; the record is kept until it is right.
    await contact.getByRole("button", { name: "Edit details" }).click();
    await page.getByLabel("Company").fill("Lopez Landscaping");
    await page.getByLabel("Phone numbers").fill("303.555.0123\n12");
    await page.getByLabel("Fleet").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please correct what is marked below.")).toBeVisible();
    const phones = page.getByLabel("Phone numbers");
    await expect(phones).toHaveAttribute("aria-invalid", "true");
    await expect(phones).toHaveAccessibleDescription(/12 is not a US phone number/);
    await expectNoAxeViolations(page);
    await phones.fill("303.555.0123\n720-555-0188");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(contact.getByRole("button", { name: "Edit details" })).toBeVisible();
    await expect(page.getByText("Lopez Landscaping")).toBeVisible();
    await expect(page.getByText("Fleet", { exact: true })).toBeVisible();

    // Her work record is the same person: merge it in.
    const merge = page.getByRole("region", { name: "Merge" });
    await merge.getByLabel("Find the other record").fill("work.example");
    const workRecord = (await (await page.request.get(`/api/admin/bookings/${work}`)).json()) as { booking: { customerId: number } };
    await merge.getByRole("button", { name: `Merge Maria Lopez's record (#${workRecord.booking.customerId}) into this one` }).click();
    const dialog = page.getByRole("dialog", { name: "Merge Maria Lopez's record into Maria Lopez's?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Merge the records" }).click();
    await expect(requests.getByRole("heading", { name: "4 requests" })).toBeVisible();
    await expect(contact.getByRole("link", { name: "mlopez@work.example" })).toBeVisible();
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByText("Maria Lopez's record was merged into this one (1 request moved).")).toBeVisible();

    // The fleet inspection was her company's: split it off to a record of its own.
    await requests.getByRole("button", { name: `Split off request #${work}` }).click();
    await page
      .getByRole("dialog", { name: `Split request #${work} off?` })
      .getByRole("button", { name: "Split it off" })
      .click();
    await expect(page.getByRole("region", { name: "Requests" }).getByRole("heading", { name: "1 request" })).toBeVisible();
    await expect(page.getByText(`Made from request #${work}, split off Maria Lopez's record.`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Contact details" }).getByRole("link", { name: "mlopez@work.example" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Every request of hers leads to her record.
    await page.goto(`/dbadmin/bookings/${first}`);
    await page.getByRole("link", { name: "The customer’s record" }).click();
    await expect(page.getByRole("heading", { name: "Maria Lopez", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Requests" }).getByRole("heading", { name: "3 requests" })).toBeVisible();
    await expect(page.getByRole("region", { name: "History" }).getByText(`Split request #${work} off to a new record for Maria Lopez.`)).toBeVisible();
  });
}

for (const width of [390, 1366]) {
  test(`the owner adds a customer's trailer, finds it by six characters of its VIN and names it on a request at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const request = await send(page, "Dale Ortiz", "720-555-0161", "dale@example.com", "Brakes on the dump trailer");
    await signIn(page);
    await page.goto(`/dbadmin/bookings/${request}`);
    await expect(page.getByText("No trailers on the customer’s record yet")).toBeVisible();
    await page.getByRole("link", { name: "The customer’s record" }).click();

    const trailers = page.getByRole("region", { name: "Trailers" });
    await trailers.getByRole("button", { name: "Add a trailer" }).click();
    await expect(page.getByLabel("Kind")).toHaveValue("enclosed-trailer");
    await page.getByLabel("Kind").selectOption({ label: "Dump Trailer" });
    await page.getByLabel("Make").fill("Big Tex");
    await page.getByLabel("Model").fill("14LP");
    await page.getByLabel("Year").fill("2019");
    await page.getByLabel("VIN").fill("1M8GDM9A1KP042788");
    await page.getByLabel("Plate", { exact: true }).fill("abc-123");
    await page.getByLabel("Plate state").fill("co");
    await page.getByLabel("Axles").fill("two");
    await page.getByRole("button", { name: "Add the trailer" }).click();
    await expect(page.getByLabel("Axles")).toHaveAccessibleDescription("Axles is a number, like 2");
    await page.getByLabel("Axles").fill("2");
    await page.getByRole("button", { name: "Add the trailer" }).click();
    const vin = page.getByLabel("VIN");
    await expect(vin).toHaveAttribute("aria-invalid", "true");
    await expect(vin).toHaveAccessibleDescription(/should be X: a character is likely misread/);
    await expectNoAxeViolations(page);
    await vin.fill("1M8GDM9AXKP042788");
    await page.getByRole("button", { name: "Add the trailer" }).click();
    await expect(trailers.getByText("2019 Big Tex 14LP, dump trailer")).toBeVisible();
    await expect(trailers.getByText("VIN 1M8GDM9AXKP042788")).toBeVisible();
    await expect(trailers.getByText("Plate ABC-123 (CO) · 2 axles")).toBeVisible();

    await openSection(page, "Customers");
    await page.getByLabel("Find a customer").fill("kp0427");
    await expect(page.getByRole("link", { name: /Dale Ortiz/ })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.goto(`/dbadmin/bookings/${request}`);
    await page.getByLabel("Trailer", { exact: true }).selectOption({ label: "2019 Big Tex 14LP, dump trailer (VIN …042788)" });
    await page.getByRole("link", { name: "The customer’s record" }).click();
    await expect(page.getByRole("region", { name: "Requests" }).getByText("Trailer: 2019 Big Tex 14LP, dump trailer")).toBeVisible();
  });
}

for (const width of [390, 1366]) {
  test(`the owner downloads a customer's data and erases it at their request at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const first = await send(page, "Dana Whitfield", "720-555-0177", "dana@example.com", "Gate latch broken, I live at 88 Pine Rd");
    await send(page, "Dana Whitfield", "720-555-0177", "dana@example.com", "Repack the bearings");
    await signIn(page);
    await page.goto(`/dbadmin/bookings/${first}`);
    await page.getByRole("link", { name: "The customer’s record" }).click();
    await expect(page.getByRole("heading", { name: "Dana Whitfield", level: 1 })).toBeVisible();

    const data = page.getByRole("region", { name: "Their data" });
    const downloading = page.waitForEvent("download");
    await data.getByRole("link", { name: "Download their data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^customer-\d+-data\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), "utf8")) as {
      customer: { name: string; emails: string[] };
      requests: { request: { details: string } }[];
    };
    expect(exported.customer.name).toBe("Dana Whitfield");
    expect(exported.customer.emails).toEqual(["dana@example.com"]);
    expect(exported.requests.map((r) => r.request.details)).toContain("Gate latch broken, I live at 88 Pine Rd");

    await data.getByRole("button", { name: "Erase their personal data" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase Dana Whitfield's personal data?" });
    await expect(dialog).toContainText("From their 2 requests");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Erase it" }).click();
    await expect(page.getByRole("heading", { name: "Erased customer", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "personal data was erased on" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit details" })).toHaveCount(0);
    await expect(data.getByRole("button", { name: "Erase their personal data" })).toHaveCount(0);
    await expect(data.getByRole("link", { name: "Download their data" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Merge" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Requests" }).getByRole("heading", { name: "2 requests" })).toBeVisible();
    await expect(page.getByText("dana@example.com")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: `Request #${first}` }).click();
    await expect(page.getByRole("heading", { name: /Erased customer/ })).toBeVisible();
    await expect(page.getByText("Not kept")).toHaveCount(2);
    await expect(page.getByRole("link", { name: /^Call / })).toHaveCount(0);
    await expect(page.getByText("88 Pine Rd")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page);
  });
}
