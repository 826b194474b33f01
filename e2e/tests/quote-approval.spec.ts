// A quote from the owner to the customer and back: the owner sends a finished draft from its page
// (by e-mail; texts are not asked for on this request); the customer opens the e-mailed link on
// their phone, ticks an optional item (the server's new total is shown), reads the terms and
// approves it by typing their name; the owner's quote page shows who signed, for how much, and
// from which browser, and the shop gets an e-mail. Today lists the quote while it waits, and the
// approval among the customers' changes once answered; the list of quotes finds it by state. An
// empty name is said and nothing is kept. Or the customer asks for changes, and the owner revises
// the quote into a new draft from Today. axe clean on every new screen.
import { expect, expectNoAxeViolations, hydrated, mailWith, onServerClock, test } from "./fixtures";
import { drafted } from "./priceBook";

test.use({ admin: true, withSmtp: true, notifyEmail: "owner@example.com" });

for (const width of [390, 1366]) {
  test(`the owner sends a quote and the customer approves it by name at ${width} px`, async ({ page, browser, server, smtp }) => {
    const quote = await drafted(page, width);

    await page.goto(`/dbadmin/quotes/${quote}`);
    await page.getByRole("button", { name: "Send to the customer" }).click();
    const dialog = page.getByRole("dialog", { name: /^Send quote Q-\d{4}-0001\?$/ });
    await expect(dialog.getByLabel("E-mail to jamie@example.com")).toBeChecked();
    await expect(dialog.getByLabel("Text a link to 303-555-0188")).toBeDisabled();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    const sent = page.getByRole("region", { name: "Sent" });
    await expect(sent.getByRole("heading", { name: "Sent" })).toBeVisible();
    await expect(sent.getByText("Not opened by the customer yet.")).toBeVisible();
    // The confirmation is brought into sight and focus (on a phone it is a screen above Send).
    await expect(sent).toBeFocused();
    await expect(sent).toBeInViewport();
    // The e-mail goes a moment later: the section says so once it went, without a reload.
    await expect(sent.getByText(/^E-mailed /)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Send to the customer" })).toHaveCount(0);
    // Sent, it is read only: nothing offers to add or remove a line.
    await expect(page.getByRole("button", { name: /^(Remove line|Add a line|Add an option)/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Today lists it while it waits, and opens it.
    await page.goto("/dbadmin");
    await expect(page.getByRole("heading", { name: "Quotes waiting (1)" })).toBeVisible();
    await page.getByRole("link", { name: /Jamie Ortiz.*\$297\.79.*Sent, not opened yet/ }).click();
    await expect(sent.getByRole("heading", { name: "Sent" })).toBeVisible();

    // The customer, on their phone, from the e-mail.
    const mail = await mailWith(smtp, /^Your quote Q-\d{4}-0001 from /);
    expect(mail.text).toContain("Total: $297.79 (a deposit of $74.45 when you approve)");
    const link = /https?:\/\/\S+\/booking\/[0-9a-f]{64}/.exec(mail.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const phone = await onServerClock(
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      }),
      server,
    );
    const customer = await phone.newPage();
    await customer.goto(new URL(link!).pathname);
    await hydrated(customer);
    const card = customer.getByRole("article", { name: /^Quote Q-\d{4}-0001$/ });
    await expect(card.getByText("Here is what the brakes need.")).toBeVisible();
    await expect(card.getByRole("definition")).toHaveText(["$9.38", "$288.86", "$8.93", "$297.79", "$74.45"]);
    await expect(card.getByText("Work starts once you approve this quote.")).toBeVisible();
    await expectNoAxeViolations(customer);

    // The bearing kit, ticked: $20.00 more, taxed at 8.81% ($1.76), as the server adds it up.
    await card.getByLabel(/Bearing kit/).check();
    await expect(card.getByRole("definition")).toHaveText(["$9.38", "$308.86", "$10.69", "$319.55", "$79.89"]);
    await card.getByRole("button", { name: "Approve for $319.55" }).click();
    await expect(card.getByLabel("To approve, type your full name")).toHaveAttribute("aria-invalid", "true");
    await expect(card.getByText("Type your full name to approve the quote")).toBeVisible();
    await card.getByLabel("To approve, type your full name").fill("Jamie Ortiz");
    await card.getByRole("button", { name: "Approve for $319.55" }).click();
    await expect(customer.getByRole("status").filter({ hasText: /is approved/ })).toContainText("the deposit of $79.89");
    await expect(card.getByText(/You approved this quote on .*, signed “Jamie Ortiz” \(\$319\.55, with a deposit of \$79\.89\)/)).toBeVisible();
    await expect(card.getByLabel("To approve, type your full name")).toHaveCount(0);
    await expectNoAxeViolations(customer);
    await phone.close();

    // The owner sees who signed, for how much, and from where; the shop got an e-mail.
    await page.reload();
    await expect(sent.getByRole("heading", { name: "Approved" })).toBeVisible();
    await expect(sent.getByText(/Approved .*, signed “Jamie Ortiz”/)).toBeVisible();
    await expect(sent.getByText("Optional items added: Bearing kit")).toBeVisible();
    await expect(sent.getByText("Total $319.55; deposit asked $79.89")).toBeVisible();
    await expect(sent.getByText(/Safari on iPhone/)).toBeVisible();
    await mailWith(smtp, /^Quote Q-\d{4}-0001 approved by Jamie Ortiz$/);
    // Answered: off Today's quotes, and among the customers' changes.
    await page.goto("/dbadmin");
    await expect(page.getByRole("heading", { name: "Quotes waiting (0)" })).toBeVisible();
    await expect(page.getByText(/Approved quote Q-\d{4}-0001 for \$319\.55, signed "Jamie Ortiz"\./)).toBeVisible();
    // Every quote, filtered by where it stands; the filter stays in the address.
    await page.getByRole("link", { name: "All quotes" }).click();
    await expect(page.getByRole("heading", { name: "Quotes", level: 1 })).toBeVisible();
    await page.getByLabel("Show").selectOption("waiting");
    await expect(page.getByText("No quotes are waiting.")).toBeVisible();
    await page.getByLabel("Show").selectOption("approved");
    await expect(page).toHaveURL(/\/dbadmin\/quotes\?show=approved$/);
    await expect(page.getByRole("link", { name: /Jamie Ortiz Q-\d{4}-0001 · \$319\.55.*Approved/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

for (const width of [390, 1366]) {
  test(`the customer asks for changes and the owner revises the quote at ${width} px`, async ({ page, browser, server, smtp }) => {
    const quote = await drafted(page, width);
    await page.goto(`/dbadmin/quotes/${quote}`);
    await page.getByRole("button", { name: "Send to the customer" }).click();
    await page
      .getByRole("dialog", { name: /^Send quote/ })
      .getByRole("button", { name: "Send" })
      .click();
    const sent = page.getByRole("region", { name: "Sent" });
    await expect(sent.getByRole("heading", { name: "Sent" })).toBeVisible();

    const mail = await mailWith(smtp, /^Your quote Q-\d{4}-0001 from /);
    const link = /https?:\/\/\S+\/booking\/[0-9a-f]{64}/.exec(mail.text ?? "")?.[0];
    const phone = await onServerClock(await browser.newContext({ viewport: { width: 390, height: 844 } }), server);
    const customer = await phone.newPage();
    await customer.goto(new URL(link!).pathname);
    await hydrated(customer);
    const card = customer.getByRole("article", { name: /^Quote Q-\d{4}-0001$/ });
    await card.getByRole("button", { name: "Ask for changes" }).click();
    await card.getByRole("button", { name: "Send my changes" }).click();
    await expect(card.getByLabel("What would you like changed?")).toHaveAttribute("aria-invalid", "true");
    await card.getByLabel("What would you like changed?").fill("Could you leave out the magnets?");
    await card.getByRole("button", { name: "Send my changes" }).click();
    await expect(card.getByText(/You asked for changes on .*: “Could you leave out the magnets\?”/)).toBeVisible();
    await expect(card.getByLabel("What would you like changed?"), "the form closes once sent").toHaveCount(0);
    await expectNoAxeViolations(customer);
    await phone.close();

    // Today puts it first as the shop's turn; the owner revises it into a new draft.
    await page.goto("/dbadmin");
    await page.getByRole("link", { name: /Jamie Ortiz.*Changes asked: your turn/ }).click();
    await expect(sent.getByText("Could you leave out the magnets?")).toBeVisible();
    await sent.getByRole("button", { name: "Revise as a new quote" }).click();
    const dialog = page.getByRole("dialog", { name: /^Revise quote Q-\d{4}-0001\?$/ });
    await expect(dialog).toContainText("This one is withdrawn from the customer's page.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Revise" }).click();
    await expect(page).not.toHaveURL(new RegExp(`/dbadmin/quotes/${quote}$`));
    await expect(page.getByText(/^For Jamie Ortiz · Draft$/)).toBeVisible();
    await expect(page.getByLabel("What for").first()).toHaveValue("Replace shoes and magnets");
    await page.goto(`/dbadmin/quotes/${quote}`);
    await expect(sent.getByRole("heading", { name: "Withdrawn" })).toBeVisible();
  });
}
