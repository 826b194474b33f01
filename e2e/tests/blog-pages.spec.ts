// The blog beyond its first page: list pages linked with plain links (with and without
// JavaScript), and a search that reaches every post, not only the cards on the page.
import { expect, expectNoAxeViolations, hydrated, publishShopNotes, test } from "./fixtures";

test.use({ demoContent: true, admin: true });

// 12 shop notes fill the first list page; the five sample posts are on the second.
test.beforeEach(async ({ server }) => {
  await publishShopNotes(server, 12);
});

const cards = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("article");

test("'Older posts' and 'Newer posts' move between list pages in the app", async ({ page }) => {
  await page.goto("/blog");
  await hydrated(page);
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toContainText("Shop note 12");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole("link", { name: "Older posts" }).click();
  await expect(page).toHaveURL("/blog/page/2");
  await expect(cards(page)).toHaveCount(5);
  await expect(cards(page).first()).toContainText("How to Store Your Trailer for a Colorado Winter");
  await expect(page.getByRole("main").getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Older posts" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), "no full page load").toBe(true);
  await page.getByRole("link", { name: "Newer posts" }).click();
  await expect(page).toHaveURL("/blog");
  await expect(cards(page).first()).toContainText("Shop note 12");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list pages are complete server pages joined by plain links", async ({ page }) => {
    await page.goto("/blog");
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Older posts" }).click();
    await expect(page).toHaveURL("/blog/page/2");
    await expect(cards(page)).toHaveCount(5);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\/page\/2$/);
    await page.getByRole("link", { name: /^Read More\W+How to Store Your Trailer for a Colorado Winter$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to Store Your Trailer for a Colorado Winter");
    await page.goBack();
    await page.getByRole("link", { name: "Newer posts" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page).first()).toContainText("Shop note 12");
  });
});

test("search finds an old post that is not on the first page", async ({ page }) => {
  await page.goto("/blog");
  await hydrated(page);
  await expect(cards(page).filter({ hasText: "Colorado Winter" })).toHaveCount(0);
  await page.getByPlaceholder("Search blog posts...").fill("colorado WINTER");
  await expect(page).toHaveURL("/blog?q=colorado+WINTER");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("How to Store Your Trailer for a Colorado Winter");
  await expect(page.getByRole("navigation", { name: "Blog pages" })).toHaveCount(0);
  await page.getByPlaceholder("Search blog posts...").fill("shop note");
  await expect(cards(page)).toHaveCount(12);
  await page.getByPlaceholder("Search blog posts...").fill("");
  await expect(page.getByRole("navigation", { name: "Blog pages" })).toBeVisible();
});

test("axe finds no accessibility violation on a later list page", async ({ page }) => {
  await page.goto("/blog/page/2");
  await hydrated(page);
  await expectNoAxeViolations(page);
});
