// What the quote journeys start from: the price book of a shop near Denver, a customer's request
// and a brake quote for it, made through the API.
import type { Page } from "@playwright/test";
import { expect, signIn } from "./fixtures";

/** The price book of a shop near Denver, through the API: $125 an hour, 5% supplies up to $35,
 * parts and supplies taxed at 8.81%, a part and a common job. */
export async function keepPriceBook(page: Page): Promise<void> {
  const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
  const settings = {
    labourRate: 12500,
    insuranceRate: 14500,
    suppliesRate: 5000,
    suppliesCap: 3500,
    cardFeeRate: 0,
    taxRates: ["labour", "part", "trip", "supplies", "fee"].map((kind) => ({ kind, rate: kind === "part" || kind === "supplies" ? 8810 : 0 })),
    tripBands: [{ upToMiles: 25, fee: 7500 }],
    quoteTerms: "Work starts once you approve this quote. Special-order parts are paid for before we order them.",
    quoteDays: 30,
  };
  expect((await page.request.put("/api/admin/price-book/settings", { headers: csrf, data: settings })).status()).toBe(200);
  expect((await page.request.post("/api/admin/price-book/parts", { headers: csrf, data: { name: "7-way plug", price: 1850, prepaid: false } })).status()).toBe(
    201,
  );
  const job = {
    name: "Brake job, one axle",
    lines: [
      { kind: "labour", description: "Replace shoes and magnets", quantity: 150, price: null },
      { kind: "part", description: "Brake magnet", quantity: 200, price: 4599 },
    ],
  };
  expect((await page.request.post("/api/admin/price-book/jobs", { headers: csrf, data: job })).status()).toBe(201);
}

export async function request(page: Page): Promise<number> {
  const sent = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name: "Jamie Ortiz",
      phone: "303-555-0188",
      email: "jamie@example.com",
      details: "Brakes grab on the left",
      answers: [],
      fillMs: 30000,
    },
  });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { id: number }).id;
}

/** A brake quote for request `id` with an optional bearing kit and a 25% deposit, through the
 * API: its id. */
async function draftQuote(page: Page, id: number): Promise<number> {
  const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
  const started = await page.request.post(`/api/admin/bookings/${id}/quotes`, { headers: csrf });
  expect(started.status()).toBe(201);
  const quote = ((await started.json()) as { id: number }).id;
  const form = {
    rate: "standard",
    options: [
      {
        title: "",
        lines: [
          { kind: "labour", description: "Replace shoes and magnets", quantity: 150, price: null, optional: false },
          { kind: "part", description: "Brake magnet", quantity: 200, price: 4599, optional: false },
          { kind: "part", description: "Bearing kit", quantity: 100, price: 2000, optional: true },
        ],
      },
    ],
    deposit: { kind: "percent", amount: 0, rate: 25000 },
    message: "Here is what the brakes need.",
  };
  expect((await page.request.put(`/api/admin/quotes/${quote}`, { headers: csrf, data: form })).status()).toBe(200);
  return quote;
}

/** The owner at `width` px, signed in, with a brake quote drafted for a new request: its id. */
export async function drafted(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  const id = await request(page);
  await signIn(page);
  await keepPriceBook(page);
  return draftQuote(page, id);
}
