// Quotes: the owner writes one from a request's page on the phone and at a desk, from the price
// book (a common job, a part made optional, a 25% deposit). Each change is saved by itself and
// the server's figures are shown (supplies, tax, total, deposit); a wrong quantity is marked and
// nothing of it is saved; the quote is there after a reload and in the request's list; a second
// draft is deleted. axe clean.
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";
import { keepPriceBook, request } from "./priceBook";

test.use({ admin: true });

for (const width of [390, 1366]) {
  test(`the owner writes a quote from the price book at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const id = await request(page);
    await signIn(page);
    await keepPriceBook(page);
    await page.goto(`/dbadmin/bookings/${id}`);
    const quotes = page.getByRole("region", { name: "Quotes" });
    await expect(quotes.getByText("No quote yet.")).toBeVisible();
    await quotes.getByRole("button", { name: "Write a quote" }).click();
    await expect(page.getByRole("heading", { name: /^Quote Q-\d{4}-0001$/, level: 1 })).toBeVisible();
    await expect(page.getByText("For Jamie Ortiz · Draft")).toBeVisible();
    await expectNoAxeViolations(page);

    const lines = page.getByRole("region", { name: "The lines" });
    const status = page.getByRole("status").filter({ hasText: /saved|Saving/ });
    const figures = lines.getByRole("definition");
    await lines.getByLabel("Common job").selectOption({ label: "Brake job, one axle" });
    await lines.getByRole("button", { name: "Add the common job" }).click();
    await expect(status).toHaveText("All changes saved.");
    // $187.50 labour, $91.98 parts, $9.38 supplies; 8.81% of $101.36 is $8.93.
    await expect(lines.getByLabel("Line 1 amount")).toHaveText("$187.50");
    await expect(figures).toHaveText(["$9.38", "$288.86", "$8.93", "$297.79"]);

    await lines.getByLabel("Part", { exact: true }).selectOption({ label: "7-way plug, $18.50" });
    await lines.getByRole("button", { name: "Add the part" }).click();
    await expect(lines.getByLabel("Line 3 amount")).toHaveText("$18.50");
    await expect(figures.last()).toHaveText("$317.92");
    await lines.getByLabel("Optional: the customer may tick it").last().check();
    await expect(figures).toHaveText(["$9.38", "$288.86", "$8.93", "$297.79"]);
    await expect(lines.getByText("Optional lines count once the customer ticks them.")).toBeVisible();

    await page.getByLabel("Deposit when they approve").selectOption({ label: "A share of the total" });
    await page.getByLabel("Deposit (%)").fill("25");
    await expect(status).toHaveText("All changes saved.");
    await expect(figures.last()).toHaveText("$74.45");

    // A second option comes named and copied; taking it out asks first.
    await page.getByRole("button", { name: "Add an option (good, better, best)" }).click();
    await expect(status).toHaveText("All changes saved.");
    await expect(page.getByRole("region", { name: "Option 2: Better" }).getByLabel("Line 3 amount")).toHaveText("$18.50");
    await page.getByRole("button", { name: "Remove option 2" }).click();
    await page.getByRole("dialog", { name: "Remove Better?" }).getByRole("button", { name: "Remove" }).click();
    await expect(status).toHaveText("All changes saved.");
    await expect(page.getByText("Total $297.79")).toBeVisible();

    await lines.getByLabel("Hours").fill("two");
    await expect(status).toHaveText("Not saved: correct what is marked.");
    await page.getByRole("button", { name: "Show what is wrong" }).click();
    await expect(lines.getByLabel("Hours")).toBeFocused();
    await expect(lines.getByLabel("Hours")).toHaveAccessibleDescription("Type a number, like 1.5");
    await expectNoAxeViolations(page);
    await lines.getByLabel("Hours").fill("2");
    await expect(status).toHaveText("All changes saved.");
    await expect(lines.getByLabel("Line 1 amount")).toHaveText("$250.00");

    await page.reload();
    await expect(lines.getByLabel("Hours")).toHaveValue("2");
    await expect(lines.getByLabel("Line 3 amount")).toHaveText("$18.50");
    await expect(page.getByLabel("Deposit (%)")).toHaveValue("25");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: `Request #${id}` }).click();
    await expect(quotes.getByRole("link", { name: /^Quote Q-\d{4}-0001$/ })).toBeVisible();
    await expect(quotes.getByText(/^Draft · \$\d/)).toBeVisible();

    await quotes.getByRole("button", { name: "Write a quote" }).click();
    await expect(page.getByRole("heading", { name: /^Quote Q-\d{4}-0002$/ })).toBeVisible();
    await page.getByRole("button", { name: "Delete the draft" }).click();
    await page
      .getByRole("dialog", { name: /^Delete quote Q-\d{4}-0002\?$/ })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dbadmin/bookings/${id}$`));
    await expect(quotes.getByRole("listitem")).toHaveCount(1);
  });
}
