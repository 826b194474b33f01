// From "done" to paid: the owner, on the phone, makes the invoice from the approved quote with
// "Invoice now", adds the part the job took from the price book, and sends it (it takes its
// number then); the customer pays part at the shop, which the owner records, and the rest on the
// shop's Stripe Checkout page (a stand-in) from their page at 1366 px, which prints the invoice
// alone. Each payment brings a receipt; the invoice shows paid in full on both sides. Sent, the
// invoice reads as text and its confirmation is brought into sight on the phone; one that holds a
// payment says to refund before voiding. An empty draft is saved but not sent, and "Show what is
// wrong" brings what it lacks into sight. axe clean.
import { expect, expectNoAxeViolations, hydrated, mailWith, onServerClock, signIn, test } from "./fixtures";
import { drafted, keepPriceBook, request } from "./priceBook";

test.use({ admin: true, withSmtp: true, withStripe: true });

test("the owner invoices a done job from its quote and the customer pays it in two parts", async ({ page, browser, server, smtp, stripe }) => {
  const quote = await drafted(page, 390);
  const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
  expect((await page.request.post(`/api/admin/quotes/${quote}/send`, { headers: csrf, data: { email: true, text: false } })).status()).toBe(200);
  const link = new URL(/https?:\/\/\S+\/booking\/[0-9a-f]{64}/.exec((await mailWith(smtp, /^Your quote Q-\d{4}-0001 from /)).text ?? "")![0]).pathname;
  const token = link.split("/").pop()!;
  const approval = { option: 0, optional: [], name: "Jamie Ortiz" };
  expect((await page.request.post(`/api/manage/${token}/quotes/${quote}/approve`, { data: approval })).status()).toBe(200);
  const booking = ((await (await page.request.get(`/api/admin/quotes/${quote}`)).json()) as { bookingId: number }).bookingId;
  expect((await page.request.put(`/api/admin/bookings/${booking}/status`, { headers: csrf, data: { status: "done" } })).status()).toBe(200);

  // The job is done: the request's page offers the invoice, which starts from the quote.
  await page.goto(`/dbadmin/bookings/${booking}`);
  const invoices = page.getByRole("region", { name: "Invoices" });
  await invoices.getByRole("button", { name: "Invoice now" }).click();
  await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
  await expect(page.getByLabel("What for").first()).toHaveValue("Replace shoes and magnets");
  await expect(page.getByLabel("What for")).toHaveCount(2);
  await expect(page.getByText("Optional: the customer may tick it")).toHaveCount(0);
  await expect(page.getByText("Total $297.79")).toBeVisible();
  // The job took a 7-way plug too.
  await page.getByLabel("Part", { exact: true }).selectOption({ label: "7-way plug, $18.50" });
  await page.getByRole("button", { name: "Add the part" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(page.getByText("Total $317.92")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send to the customer" }).click();
  const dialog = page.getByRole("dialog", { name: "Send the invoice?" });
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^Invoice INV-\d{4}-0001$/, level: 1 })).toBeVisible();
  await expect(page.getByText("For Jamie Ortiz · Waiting for payment")).toBeVisible();
  // On the phone the confirmation is brought into sight; the issued invoice reads as text.
  await expect(page.getByRole("region", { name: "Sent" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Sent" })).toBeInViewport();
  // The e-mail goes a moment later: the section says so once it went, without a reload.
  await expect(page.getByRole("region", { name: "Sent" }).getByText(/^E-mailed /)).toBeVisible({ timeout: 15_000 });
  const issued = page.getByRole("region", { name: "The invoice" });
  await expect(issued.getByRole("cell", { name: /^Replace shoes and magnets\s*1\.5 × \$125\.00$/ })).toBeVisible();
  await expect(issued.getByRole("cell", { name: "7-way plug", exact: true })).toBeVisible();
  await expect(page.getByLabel("What for")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add a line" })).toHaveCount(0);

  // $100 in cash at the shop.
  const paid = page.getByRole("region", { name: "Payments" });
  await expect(paid.getByText("Total $317.92 · paid $0.00 · $317.92 balance due")).toBeVisible();
  await paid.getByRole("button", { name: "Record a payment" }).click();
  await paid.getByLabel("Amount received ($)").fill("100");
  await paid.getByRole("button", { name: "Record the payment" }).click();
  await expect(paid.getByText("Total $317.92 · paid $100.00 · $217.92 balance due")).toBeVisible();
  // An invoice that holds a payment is not voided: the owner is told to refund first.
  await expect(page.getByText("To void it, refund its payments first.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Void the invoice…" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await mailWith(smtp, /^Receipt for your payment of invoice INV-\d{4}-0001 from /)).text).toContain("Balance due: $217.92");

  // The customer reads it at the desk, prints it alone, and pays the rest online.
  const invoiceMail = await mailWith(smtp, /^Invoice INV-\d{4}-0001 from /);
  expect(invoiceMail.text).toContain("Balance due: $317.92");
  // Its link opens the page at the invoice, below the request and the approved quote.
  const invoiceLink = new URL(/https?:\/\/\S+\/booking\/[0-9a-f]{64}#invoice-\d+/.exec(invoiceMail.text ?? "")![0]);
  const desk = await onServerClock(await browser.newContext({ viewport: { width: 1366, height: 900 } }), server);
  const customer = await desk.newPage();
  await customer.goto(`${invoiceLink.pathname}${invoiceLink.hash}`);
  await hydrated(customer);
  const card = customer.getByRole("article", { name: /^Invoice INV-\d{4}-0001$/ });
  await expect(card.getByRole("heading", { name: /^Invoice INV-/ })).toBeInViewport();
  expect(await customer.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(card.getByRole("cell", { name: /^7-way plug/ })).toBeVisible();
  await expect(card.getByText("Balance due")).toBeVisible();
  await expect(card.getByText(/\$100\.00 paid in cash on /)).toBeVisible();
  // Printing puts a copy of the invoice on the page, alone on paper (the dialog itself is the
  // browser's): the stand-in for the dialog looks at the page as it would print.
  await customer.emulateMedia({ media: "print" });
  await customer.evaluate(() => {
    window.print = () => {
      const shown = [...document.body.children].filter((child) => getComputedStyle(child).display !== "none");
      const alone = shown.length === 1 && shown[0]!.hasAttribute("data-print-copy");
      document.body.dataset.printed = alone && shown[0]!.textContent.includes("Invoice INV-") ? "invoice alone" : "more";
    };
  });
  await card.evaluate((invoice) => invoice.querySelector<HTMLButtonElement>("button")!.click());
  await expect(customer.locator("body")).toHaveAttribute("data-printed", "invoice alone");
  await expect(customer.locator("body")).not.toHaveAttribute("data-printing");
  await expect(customer.locator("[data-print-copy]")).toHaveCount(0);
  await customer.emulateMedia({ media: "screen" });
  await expectNoAxeViolations(customer);
  await card.getByRole("button", { name: "Pay the $217.92 balance" }).click();
  await expect(customer.getByRole("heading", { name: /^Invoice INV-\d{4}-0001/ })).toBeVisible();
  await customer.getByRole("button", { name: "Pay $217.92" }).click();
  await expect(customer).toHaveURL(new RegExp(`${invoiceLink.pathname}$`));
  await expect(customer.getByRole("status").filter({ hasText: "your payment is recorded" })).toBeVisible();
  await expect(card.getByText("Paid in full. Thank you!")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  expect(stripe!.sessions[0]!.form["metadata[invoice]"]).toMatch(/^\d+$/);
  await desk.close();

  await page.reload();
  await expect(page.getByText("For Jamie Ortiz · Paid in full")).toBeVisible();
  await expect(paid.getByText(/\$217\.92 paid online, /)).toBeVisible();
  await expect(paid.getByRole("button", { name: "Record a payment" })).toHaveCount(0);
  await page.goto(`/dbadmin/bookings/${booking}`);
  await expect(invoices.getByText("$317.92 · Paid in full")).toBeVisible();
  await expect(invoices.getByRole("button", { name: "Invoice now" })).toHaveCount(0);
  await page.goto("/dbadmin");
  await expect(page.getByRole("heading", { name: "Invoices overdue (0)" })).toBeVisible();
  await page.getByRole("link", { name: "All invoices" }).click();
  await page.getByLabel("Show").selectOption("paid");
  await expect(page.getByRole("link", { name: /^Jamie Ortiz INV-\d{4}-0001 \$317\.92 · paid in full/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download as CSV" })).toHaveAttribute("href", "/api/admin/invoices.csv?show=paid");
  await expectNoAxeViolations(page);
});

test.describe("an invoice that lacks something", () => {
  // The server's 422 to the send is the answer that says what it lacks.
  test.use({ expectedConsoleErrors: [/status of 422/] });

  test("an empty invoice is saved but not sent, and the owner is shown what it lacks", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const booking = await request(page);
    await signIn(page);
    await keepPriceBook(page);
    const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
    expect((await page.request.put(`/api/admin/bookings/${booking}/status`, { headers: csrf, data: { status: "done" } })).status()).toBe(200);
    await page.goto(`/dbadmin/bookings/${booking}`);
    await page.getByRole("region", { name: "Invoices" }).getByRole("button", { name: "Invoice now" }).click();
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Send to the customer" }).click();
    await page.getByRole("dialog", { name: "Send the invoice?" }).getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("Saved, but not ready to send: finish what is marked.")).toBeVisible();
    await page.getByRole("button", { name: "Show what is wrong" }).click();
    const lacking = page.getByText("Give the invoice at least one line");
    await expect(lacking).toBeFocused();
    await expect(lacking).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
  });
});
