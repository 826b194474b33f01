import { expect, expectNoAxeViolations, hydrated, serverNow, test } from "./fixtures";

test.describe("with the sample posts", () => {
  test.use({ demoContent: true });

  test("search narrows the grid as the visitor types and shows the empty state", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(5);
    const search = page.getByPlaceholder("Search blog posts...");
    // The post text counts too; a title match comes first.
    await search.fill("BRAKE");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText("Trailer Brake Maintenance");
    // A screen reader hears the count, not every card: the results are no live region.
    await expect(page.getByRole("status").filter({ hasText: "posts found" })).toHaveText("3 posts found");
    await expect(page.locator("[aria-live]").filter({ has: cards.first() })).toHaveCount(0);
    await expect(page).toHaveURL("/blog?q=BRAKE");
    await search.fill("preload");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Repack Trailer Wheel Bearings");
    await search.fill("hitch welding rodeo");
    await expect(cards).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No blog posts found" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "found" })).toHaveText("No posts found");
    await expect(page.getByText("Try adjusting your search terms.")).toBeVisible();
    await search.fill("");
    await expect(cards).toHaveCount(5);
  });

  test("a search link opens the list already filtered", async ({ page }) => {
    await page.goto("/blog?q=wiring");
    await hydrated(page);
    await expect(page.getByPlaceholder("Search blog posts...")).toHaveValue("wiring");
    await expect(page.getByRole("main").getByRole("article").filter({ hasText: "Trailer Lights Not Working" })).toHaveCount(1);
  });

  test("cards show the date, the business label and enter one after another", async ({ page, server }) => {
    await page.goto("/blog");
    await hydrated(page);
    const first = page.getByRole("main").getByRole("article").first();
    // The sample posts are dated relative to when they were added: the newest two days before,
    // on the shop's clock.
    const newest = new Date((await serverNow(server)) - 2 * 24 * 60 * 60 * 1000);
    const long = newest.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "America/Denver" });
    await expect(first).toContainText(long);
    await expect(first).toContainText("Trailer Works");
    const delays = await page
      .getByRole("main")
      .getByRole("article")
      .evaluateAll((cards) => cards.map((c) => getComputedStyle(c).animationDelay));
    expect(delays.slice(0, 3)).toEqual(["0s", "0.1s", "0.2s"]);
  });

  test("Read More opens the post, and a related post link opens that post", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    await page.getByRole("link", { name: /^Read More\W+The 10-Minute Pre-Trip Trailer Inspection$/ }).click();
    await expect(page).toHaveURL("/blog/pre-trip-trailer-safety-inspection");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The 10-Minute Pre-Trip Trailer Inspection");
    await expect(page.getByRole("heading", { name: "At the hitch" })).toBeVisible();
    const related = page.locator("section", { has: page.getByRole("heading", { name: "Related Posts" }) }).getByRole("article");
    await expect(related).toHaveCount(3);
    await page.getByRole("link", { name: /^Read More →\W+How to Store Your Trailer for a Colorado Winter$/ }).click();
    await expect(page).toHaveURL("/blog/winter-trailer-storage-colorado");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to Store Your Trailer for a Colorado Winter");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("'Share this post' copies the link and says so when there is no share sheet", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.goto("/blog/wheel-bearing-repack-guide");
    await hydrated(page);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Share this post" }).click();
    await expect.poll(() => alerts).toEqual(["Link copied to clipboard!"]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test("an unknown post shows Post Not Found with a way back", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("axe finds no accessibility violation on /blog and on a post", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.goto("/blog/trailer-lights-not-working-troubleshooting");
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});

test("an empty blog invites visitors to check back soon", async ({ page }) => {
  await page.goto("/blog");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "No blog posts found" })).toBeVisible();
  await expect(page.getByText("Check back soon for expert trailer repair tips and insights!")).toBeVisible();
});
