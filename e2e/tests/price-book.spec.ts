// The price book: the owner sets the rates, the sales tax of each kind of line and the trip fee
// by distance (a wrong card fee is marked beside its field and nothing is saved), adds a part,
// writes a common job from a typed line and the part, and takes the part out again (the job
// keeps its line); on a phone and a desktop, axe clean.
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

test.use({ admin: true, expectedConsoleErrors: [/status of 422/] });

for (const width of [390, 1366]) {
  test(`the owner keeps the price book at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto("/dbadmin/prices");
    await expect(page.getByRole("heading", { name: "Price book", level: 1 })).toBeVisible();
    await expect(page.getByText(/until you save them, labour is \$0 an hour/)).toBeVisible();

    const rates = page.getByRole("form", { name: "Rates and taxes" });
    await rates.getByLabel("Labour ($ an hour)").fill("125");
    await rates.getByLabel("Insurance or warranty work ($ an hour)").fill("145");
    await rates.getByLabel("Shop supplies (% of the labour)").fill("5");
    await rates.getByLabel("Shop supplies at most ($)").fill("35");
    await rates.getByLabel("Card fee (%)").fill("3");
    await rates.getByLabel("Parts", { exact: true }).fill("8.81");
    await rates.getByRole("button", { name: "Add a distance" }).click();
    await rates.getByLabel("Up to (miles)").last().fill("25");
    await rates.getByLabel("Fee ($)").last().fill("75");
    await rates.getByRole("button", { name: "Add a distance" }).click();
    await rates.getByLabel("Up to (miles)").last().fill("10");
    await rates.getByLabel("Fee ($)").last().fill("40");
    await rates.getByRole("button", { name: "Save the rates" }).click();
    await expect(rates.getByText("Please correct what is marked below.")).toBeVisible();
    const cardFee = rates.getByLabel("Card fee (%)");
    await expect(cardFee).toHaveAttribute("aria-invalid", "true");
    await expect(cardFee).toHaveAccessibleDescription(/Colorado allows a card fee of at most 2%/);
    await expect(cardFee).toBeFocused();
    await expectNoAxeViolations(page);
    await cardFee.fill("2");
    await rates.getByRole("button", { name: "Save the rates" }).click();
    await expect(rates.getByRole("status")).toHaveText("Saved.");
    await expect(page.getByText(/until you save them/)).toHaveCount(0);

    await page.reload();
    await expect(rates.getByLabel("Labour ($ an hour)")).toHaveValue("125");
    await expect(rates.getByLabel("Parts", { exact: true })).toHaveValue("8.81");
    await expect(rates.getByLabel("Up to (miles)").first()).toHaveValue("10", { timeout: 10_000 });
    await expect(rates.getByLabel("Fee ($)").last()).toHaveValue("75");

    const parts = page.getByRole("region", { name: "Parts" });
    await parts.getByRole("button", { name: "Add a part" }).click();
    await parts.getByLabel("Part", { exact: true }).fill("Brake magnet, 12 in");
    await parts.getByLabel("Price each ($)").fill("45.99");
    await parts.getByLabel("Paid for before it is special-ordered").check();
    await parts.getByRole("button", { name: "Add the part" }).click();
    await expect(parts.getByText("$45.99 each · paid for before it is special-ordered")).toBeVisible();
    await expect(parts.getByRole("button", { name: "Add a part" })).toBeFocused();

    const jobs = page.getByRole("region", { name: "Common jobs" });
    await jobs.getByRole("button", { name: "Add a job" }).click();
    await jobs.getByLabel("Job", { exact: true }).fill("Brake job, one axle");
    await jobs.getByLabel("What for").fill("Replace shoes and magnets");
    await jobs.getByLabel("Hours").fill("1.5");
    await jobs.getByLabel("A part from the list").selectOption({ label: "Brake magnet, 12 in, $45.99" });
    await jobs.getByRole("button", { name: "Add this part" }).click();
    await jobs.getByLabel("Quantity").fill("two");
    await jobs.getByRole("button", { name: "Add the job" }).click();
    await expect(jobs.getByLabel("Quantity")).toHaveAccessibleDescription("Type a number, like 1.5");
    await expect(jobs.getByLabel("Quantity")).toBeFocused();
    await expectNoAxeViolations(page);
    await jobs.getByLabel("Quantity").fill("2");
    await jobs.getByRole("button", { name: "Add the job" }).click();
    await expect(jobs.getByText("1.5 h labour: Replace shoes and magnets")).toBeVisible();
    await expect(jobs.getByText("2 × Brake magnet, 12 in at $45.99")).toBeVisible();
    await expectNoAxeViolations(page);

    await parts.getByRole("button", { name: "Remove Brake magnet, 12 in" }).click();
    const dialog = page.getByRole("dialog", { name: "Take Brake magnet, 12 in out of the price book?" });
    await expect(dialog).toContainText("Quotes and invoices that have it keep their lines.");
    await dialog.getByRole("button", { name: "Take it out" }).click();
    await expect(parts.getByText("No parts yet")).toBeVisible();
    await expect(jobs.getByText("2 × Brake magnet, 12 in at $45.99")).toBeVisible();
  });
}
