import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/** Opens the dialog with `opener`, checks it, and closes it the way `how` says. */
async function openAndClose(page: Page, opener: Locator, how: "button" | "escape" | "backdrop") {
  await opener.scrollIntoViewIfNeeded();
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Trailer Service Assistant" });
  await expect(dialog).toBeVisible();
  // The greeting, then (after a line of the button's own, the financing badge's) the first question.
  await expect(dialog.getByRole("log")).toContainText(/Hi! I'm your trailer assistant\..*What type of trailer do you have\?/);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
  const width = await dialog.evaluate((el: Element) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(672);

  if (how === "button") await dialog.getByRole("button", { name: "Close", exact: true }).click();
  if (how === "escape") await page.keyboard.press("Escape");
  if (how === "backdrop") await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
  await expect(opener).toBeFocused();
}

test("every booking button on the home page opens the dialog, which closes three ways", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await hydrated(page);
  const ways = ["button", "escape", "backdrop"] as const;
  const openers = [
    page.getByRole("button", { name: "Book a Service" }).first(),
    page.getByRole("button", { name: /We Finance With/ }),
    ...(await page.getByRole("button", { name: "Book a Service" }).all()).slice(1),
    page.getByRole("button", { name: "Schedule Service Now" }),
    page.getByRole("button", { name: "Schedule Service", exact: true }),
  ];
  expect(openers.length).toBe(8);
  for (const [i, opener] of openers.entries()) {
    await openAndClose(page, opener, ways[i % 3] ?? "button");
  }
});

test("the 404 page's booking-free buttons work: Go Back returns to the previous page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.goto("/this/page/is/gone");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/");
});
