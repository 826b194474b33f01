import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures";

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/trailer");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Sorry, the page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
});

test("axe finds no accessibility violation on the 404 page", async ({ page }) => {
  await page.goto("/no/such/trailer");
  await hydrated(page);
  await expectNoAxeViolations(page);
});
