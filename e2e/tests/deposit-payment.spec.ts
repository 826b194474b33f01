// A quote's deposit, from the customer's yes to paid: the customer approves the e-mailed quote on
// their phone, the owner records the part they paid by check at the shop, and the customer pays
// the rest on the shop's Stripe Checkout page (a stand-in) and comes back to their page, which
// shows it confirmed once Stripe's signed event arrives. The owner's quote page and Today show
// the deposit paid; the customer gets a receipt for each payment. The check bounces, and the
// owner records it given back. axe clean on every new screen.
import { expect, expectNoAxeViolations, hydrated, mailWith, onServerClock, test } from "./fixtures";
import { drafted } from "./priceBook";

test.use({ admin: true, withSmtp: true, withStripe: true });

for (const width of [390, 1366]) {
  test(`the customer approves a quote and pays its deposit online at ${width} px`, async ({ page, browser, server, smtp, stripe }) => {
    const quote = await drafted(page, width);
    const csrf = { "x-csrf-token": ((await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string }).csrfToken };
    expect((await page.request.post(`/api/admin/quotes/${quote}/send`, { headers: csrf, data: { email: true, text: false } })).status()).toBe(200);
    const mail = await mailWith(smtp, /^Your quote Q-\d{4}-0001 from /);
    const link = new URL(/https?:\/\/\S+\/booking\/[0-9a-f]{64}/.exec(mail.text ?? "")![0]).pathname;

    // The customer approves it on their phone; the deposit waits to be paid.
    const phone = await onServerClock(await browser.newContext({ viewport: { width, height: 844 } }), server);
    const customer = await phone.newPage();
    await customer.goto(link);
    await hydrated(customer);
    const card = customer.getByRole("article", { name: /^Quote Q-\d{4}-0001$/ });
    await card.getByLabel("To approve, type your full name").fill("Jamie Ortiz");
    await card.getByRole("button", { name: "Approve for $297.79" }).click();
    const deposit = card.getByRole("region", { name: "Deposit" });
    await expect(deposit.getByText("$74.45 of the $74.45 deposit is left to pay.", { exact: false })).toBeVisible();
    await expect(deposit.getByRole("button", { name: "Pay the $74.45 deposit" })).toBeVisible();
    await expectNoAxeViolations(customer);

    // At the shop they hand over a $20 check; the owner records it on the quote's page.
    await page.goto(`/dbadmin/quotes/${quote}`);
    const owed = page.getByRole("region", { name: "Deposit" });
    await expect(owed.getByText("Asked $74.45 · paid $0.00 · $74.45 left to pay")).toBeVisible();
    await owed.getByRole("button", { name: "Record a payment" }).click();
    // The amount starts as what is left to pay; emptied, it is refused with the reason.
    await expect(owed.getByLabel("Amount received ($)")).toHaveValue("74.45");
    await owed.getByLabel("Amount received ($)").fill("");
    await owed.getByRole("button", { name: "Record the payment" }).click();
    await expect(owed.getByLabel("Amount received ($)")).toHaveAttribute("aria-invalid", "true");
    await owed.getByLabel("Amount received ($)").fill("20");
    await owed.getByLabel("Paid").selectOption("check");
    await owed.getByLabel("Note (optional)").fill("Check #1042");
    await expectNoAxeViolations(page);
    await owed.getByRole("button", { name: "Record the payment" }).click();
    await expect(owed.getByText("Asked $74.45 · paid $20.00 · $54.45 left to pay")).toBeVisible();
    await expect(owed.getByText(/\$20\.00 paid by check, .* · recorded by .* · Check #1042/)).toBeVisible();
    expect((await mailWith(smtp, /^Receipt for your deposit on quote Q-\d{4}-0001 from /)).text).toContain("we received $20.00 by check");

    // The customer pays the rest on Stripe's page and comes back to theirs.
    await customer.reload();
    await hydrated(customer);
    await expect(deposit.getByText(/\$20\.00 paid by check on /)).toBeVisible();
    await deposit.getByRole("button", { name: "Pay the $54.45 left" }).click();
    await expect(customer.getByRole("heading", { name: /^Deposit for quote Q-\d{4}-0001/ })).toBeVisible();
    await customer.getByRole("button", { name: "Pay $54.45" }).click();
    await expect(customer).toHaveURL(new RegExp(`${link}$`));
    await expect(customer.getByRole("status").filter({ hasText: "your payment is recorded" })).toBeVisible();
    await expect(deposit.getByText(/\$54\.45 paid online on /)).toBeVisible();
    await expect(deposit.getByText("The deposit of $74.45 is paid. Thank you!")).toBeVisible();
    await expect(deposit.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
    await expectNoAxeViolations(customer);
    expect(stripe!.events).toEqual([{ type: "checkout.session.completed", status: 200 }]);
    expect(stripe!.sessions[0]!.form["line_items[0][price_data][unit_amount]"]).toBe("5445");
    await phone.close();

    // The owner sees it paid, on the quote and on Today.
    await page.reload();
    await expect(owed.getByText("Asked $74.45 · paid $74.45 · paid in full")).toBeVisible();
    await expect(owed.getByText(/\$54\.45 paid online, /)).toBeVisible();
    await expect(owed.getByRole("button", { name: "Record a payment" })).toHaveCount(0);
    // The check bounces: the owner records it given back, and $20.00 is owed again.
    await owed.getByRole("button", { name: "Refund the $20.00 payment" }).click();
    await owed.getByLabel("Amount to refund ($)").fill("25");
    await owed.getByLabel("Why").fill("Check returned by the bank");
    await owed.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(owed.getByText("At most $20.00 of this payment is left to refund")).toBeVisible();
    await owed.getByLabel("Amount to refund ($)").fill("20");
    await expectNoAxeViolations(page);
    await owed.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(owed.getByText("Asked $74.45 · paid $54.45 · $20.00 left to pay")).toBeVisible();
    await expect(owed.getByText("$20.00 refunded")).toBeVisible();
    await expect(owed.getByRole("button", { name: "Record a payment" })).toBeVisible();
    await page.goto("/dbadmin");
    await expect(page.getByRole("heading", { name: "Deposits paid (2)" })).toBeVisible();
    await expect(page.getByText("$20.00 of the deposit still to pay")).toHaveCount(2);
    await expect(page.getByRole("link", { name: /Jamie Ortiz Q-\d{4}-0001 \$54\.45 paid online/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
