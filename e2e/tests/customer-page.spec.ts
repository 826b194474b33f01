// The customer's own page: the e-mailed link of one request lists all of theirs, opens the others
// on the same page, asks for more work with their details filled in, and, once two weeks old, asks
// for the last four digits of their phone first; a new link ends the old ones. On a phone and a
// desktop, axe clean.
import type { Page } from "@playwright/test";
import { type SmtpStandIn, expect, expectNoAxeViolations, hydrated, mailWith, moveClock, signIn, talk, test } from "./fixtures";

test.use({ unlimitedBookings: true, withSmtp: true, admin: true });

const DAY = 24 * 60 * 60 * 1000;

/** The link in the confirmation e-mail of request `id`. */
async function mailedLink(smtp: SmtpStandIn | null, id: number): Promise<string> {
  const mail = await mailWith(smtp, new RegExp(`^Your service request #${id} `));
  const link = /https?:\/\/\S+\/booking\/\w+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no link in the confirmation of #${id}`);
  return new URL(link).pathname;
}

/** The owner adds Maria's dump trailer to her record and names it on request `id`. */
async function namedTrailer(page: Page, id: number): Promise<void> {
  await signIn(page);
  const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
  const { booking } = (await (await page.request.get(`/api/admin/bookings/${id}`)).json()) as { booking: { customerId: number } };
  const added = await page.request.post(`/api/admin/customers/${booking.customerId}/trailers`, {
    headers: csrf,
    data: {
      kindKey: "dump-trailer",
      kindText: "",
      make: "Big Tex",
      model: "14LP",
      year: 2019,
      vin: "",
      plate: "ABC-123",
      plateState: "CO",
      axles: null,
      gvwrLbs: null,
      colour: "",
    },
  });
  expect(added.status()).toBe(201);
  const trailer = ((await added.json()) as { trailers: { id: number }[] }).trailers[0]?.id;
  expect((await page.request.put(`/api/admin/bookings/${id}/trailer`, { headers: csrf, data: { trailer } })).status()).toBe(204);
}

/** Two requests from Maria; the second's e-mailed link. */
async function twoFromMaria(page: Page, smtp: SmtpStandIn | null) {
  const first = await fromMaria(page, "Brakes grab on the left", "303.555.0123");
  const second = await fromMaria(page, "Tailgate hinge cracked", "+1 (303) 555-0123");
  return { first, second, link: await mailedLink(smtp, second.id) };
}

/** A request from Maria with `details`: its number and its link. */
async function fromMaria(page: Page, details: string, phone: string): Promise<{ id: number; link: string }> {
  const sent = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name: "Maria Lopez",
      phone,
      email: "maria@example.com",
      details,
      answers: [{ key: "trailer", option: "dump-trailer", question: "What type of trailer do you have?", answer: "Dump Trailer" }],
      fillMs: 30000,
    },
  });
  expect(sent.status()).toBe(201);
  const { id, manageUrl } = (await sent.json()) as { id: number; manageUrl: string };
  return { id, link: new URL(manageUrl, "http://x").pathname };
}

for (const width of [390, 1366]) {
  test(`a customer's link opens all her requests and asks for more work at ${width} px`, async ({ page, smtp }) => {
    await page.setViewportSize({ width, height: 900 });
    const { first, second, link } = await twoFromMaria(page, smtp);
    await namedTrailer(page, first.id);

    await page.goto(link);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your service request #${second.id}`);
    const requests = page.getByRole("region", { name: "Your requests with us" });
    await expect(requests.getByRole("listitem")).toHaveCount(2);
    await expect(requests.locator("a[aria-current=page]")).toContainText(`Request #${second.id}`);
    await expect(page.getByRole("region", { name: "Your trailers" })).toContainText("2019 Big Tex 14LP, Dump Trailer");
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page);

    // The same trailer as last time.
    const pick = page.getByRole("group", { name: "Is this about a trailer we've seen?" });
    await pick.getByRole("radio", { name: "2019 Big Tex 14LP, Dump Trailer · Plate CO ABC-123" }).check();
    await page.getByRole("button", { name: "It's this one" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you: the shop knows which trailer this is.");
    await expect(page.getByRole("definition").filter({ hasText: "2019 Big Tex 14LP, Dump Trailer" })).toBeVisible();
    await expect(pick).toHaveCount(0);

    // The other request opens on her page, from the same link.
    await requests.getByRole("link", { name: new RegExp(`Request #${first.id}`) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your service request #${first.id}`);
    await expect(page.getByRole("definition").filter({ hasText: "Brakes grab on the left" })).toBeVisible();
    await hydrated(page);
    // Correcting her details starts from those the request has.
    await page.getByRole("button", { name: "Correct my phone or email" }).click();
    await expect(page.getByLabel("Phone")).toHaveValue("303.555.0123");
    await expect(page.getByLabel("Email")).toHaveValue("maria@example.com");
    await page.getByRole("button", { name: "Keep them" }).click();
    await expect(page.getByRole("button", { name: "Correct my phone or email" })).toBeFocused();

    // More work starts the assistant with her details in the form.
    await requests.getByRole("button", { name: "Request more work" }).click();
    await talk(page, ["Dump Trailer", "Repairs needed", "The brakes grind", "Can bring to shop", "Urgent (24-48 hours)"]);
    await page.getByRole("button", { name: "Call me to schedule" }).click();
    const form = page.getByRole("form", { name: "Your contact information" });
    await expect(form.getByLabel("Name")).toHaveValue("Maria Lopez");
    await expect(form.getByLabel("Email")).toHaveValue("maria@example.com");
    await expectNoAxeViolations(page);
  });

  test.describe(() => {
    // A wrong answer is a 422, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 422/] });

    test(`a two-week-old link asks for the last four digits, and a new link ends the old ones at ${width} px`, async ({ page, server, smtp }) => {
      await page.setViewportSize({ width, height: 900 });
      const { first, link } = await twoFromMaria(page, smtp);
      await moveClock(page, server, 15 * DAY);

      await page.goto(`${link}?request=${first.id}`);
      await hydrated(page);
      await expect(page.getByText("Brakes grab on the left")).toHaveCount(0);
      const digits = page.getByLabel("Last four digits of your phone");
      await expectNoAxeViolations(page);
      await digits.fill("0124");
      await page.getByRole("button", { name: "Open my page" }).click();
      await expect(digits).toHaveAccessibleDescription(/not the last four digits .* 4 more tries/);
      await expectNoAxeViolations(page);
      await digits.fill("0123");
      await page.getByRole("button", { name: "Open my page" }).click();
      await expect(page.getByRole("definition").filter({ hasText: "Brakes grab on the left" })).toBeVisible();
      await hydrated(page);

      await page.getByRole("button", { name: "Get a new link" }).click();
      await page.getByRole("button", { name: "Replace my link" }).click();
      await expect(page.getByRole("status")).toContainText("This is your new link: bookmark this page.");
      await expect(page).not.toHaveURL(new RegExp(link));
      expect(new URL(page.url()).search).toBe("");
      await expect(page.getByRole("definition").filter({ hasText: "Tailgate hinge cracked" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Your requests with us" }).getByRole("listitem")).toHaveCount(2);
      for (const old of [link, first.link]) expect((await page.request.get(old)).status()).toBe(404);
    });
  });
}
