import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, OWN_PHONE, OWN_PHONE_HREF, test } from "./fixtures";

test.use({ ownDetails: true });

const CITIES = [
  ["lakewood", "Lakewood"],
  ["aurora", "Aurora"],
  ["arvada", "Arvada"],
  ["westminster", "Westminster"],
  ["commerce-city", "Commerce City"],
  ["thornton", "Thornton"],
  ["golden", "Golden"],
  ["wheat-ridge", "Wheat Ridge"],
  ["broomfield", "Broomfield"],
  ["northglenn", "Northglenn"],
  ["edgewater", "Edgewater"],
  ["englewood", "Englewood"],
  ["sheridan", "Sheridan"],
  ["highlands-ranch", "Highlands Ranch"],
  ["parker", "Parker"],
  ["centennial", "Centennial"],
  ["morrison", "Morrison"],
  ["evergreen", "Evergreen"],
  ["conifer", "Conifer"],
] as const;

async function expectOpensDialog(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Trailer Service Assistant" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test("every booking button on the services page opens the dialog", async ({ page }) => {
  await page.goto("/services");
  await hydrated(page);
  const buttons = await page.getByRole("button", { name: /^Book Service: / }).all();
  expect(buttons).toHaveLength(13);
  for (const button of buttons) await expectOpensDialog(page, button);
  await expectOpensDialog(page, page.getByRole("button", { name: "Schedule Service Now" }));
  await expect(page.getByRole("main").getByRole("link", { name: `Call ${OWN_PHONE}` })).toHaveAttribute("href", OWN_PHONE_HREF);
});

test("the contact page's assistant and emergency buttons open the dialog", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  await expectOpensDialog(page, page.getByRole("button", { name: "Start Chat Now" }));
  await expectOpensDialog(page, page.getByRole("button", { name: "Chat with Assistant" }));
  await expect(page.getByRole("link", { name: /Get Directions/ })).toHaveAttribute("href", /google\.com\/maps/);
});

test("the service areas and city pages' booking buttons open the dialog", async ({ page }) => {
  await page.goto("/service-areas");
  await hydrated(page);
  await expectOpensDialog(page, page.getByRole("button", { name: "Schedule Service Now" }));
  await page.goto("/service-areas/parker");
  await hydrated(page);
  await expectOpensDialog(page, page.getByRole("button", { name: "Schedule Service in Parker" }));
  await expectOpensDialog(page, page.getByRole("button", { name: "Schedule Service Now" }));
});

test("every city card links to its city page", async ({ page }) => {
  await page.goto("/service-areas");
  await hydrated(page);
  for (const [slug, name] of CITIES) {
    await page.getByRole("link", { name: `View ${name} Services` }).click();
    await expect(page).toHaveURL(`/service-areas/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Trailer Repair in ${name}`);
    await page.getByRole("link", { name: "Back to Service Areas" }).click();
    await expect(page).toHaveURL("/service-areas");
  }
});

test("a page reached by a link inside the site puts focus on its heading and says its title", async ({ page }) => {
  await page.goto("/service-areas");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).not.toBeFocused();
  await page.getByRole("link", { name: "View Aurora Services" }).click();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Trailer Repair in Aurora");
  await expect(heading).toBeFocused();
  const title = await page.title();
  expect(title).toContain("Aurora");
  await expect(page.getByTestId("page-announcer")).toHaveText(title);
  // Back is a page change too.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("city cards enter one after another, and not at all for reduced motion", async ({ page }) => {
  await page.goto("/service-areas");
  await hydrated(page);
  const delays = await page.locator("main li.animate-rise").evaluateAll((cards) => cards.map((c) => getComputedStyle(c).animationDelay));
  expect(delays).toHaveLength(19);
  expect(delays.slice(0, 3)).toEqual(["0s", "0.05s", "0.1s"]);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  const names = await page.locator("main li.animate-rise").evaluateAll((cards) => cards.map((c) => getComputedStyle(c).animationName));
  expect(new Set(names)).toEqual(new Set(["none"]));
});

test("an unknown city shows City Not Found and leads back to all areas", async ({ page }) => {
  const response = await page.goto("/service-areas/atlantis");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "City Not Found" })).toBeVisible();
  await expect(page.getByText("The service area you're looking for doesn't exist.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "View All Service Areas" }).click();
  await expect(page).toHaveURL("/service-areas");
  await expect(page.getByRole("link", { name: "View Aurora Services" })).toBeVisible();
});

test("/thank-you without a name lands on the home page, and Back does not return to it", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  await page.goto("/thank-you");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional Trailer Repair & Maintenance Services");
  await page.goBack();
  await expect(page).toHaveURL("/about");
});

test("/thank-you with a name in navigation state thanks the visitor", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.evaluate(() => {
    window.history.replaceState({ usr: { name: "Jamie", email: "jamie@example.com" }, key: "t", idx: 0 }, "", "/thank-you");
  });
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Thank You, Jamie!" })).toBeVisible();
  await expect(page.getByText("jamie@example.com")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What Happens Next?" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Call Us" })).toHaveAttribute("href", OWN_PHONE_HREF);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL("/");
});

for (const path of ["/services", "/about", "/contact", "/service-areas"]) {
  test(`axe finds no accessibility violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
}

for (const [slug] of CITIES) {
  test(`axe finds no accessibility violation on /service-areas/${slug}`, async ({ page }) => {
    await page.goto(`/service-areas/${slug}`);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
}

test.describe("heading outlines", () => {
  test.use({ demoContent: true });

  test("every page starts at h1 and steps down one level at a time", async ({ page }) => {
    const pages = ["/", "/services", "/about", "/service-areas", "/service-areas/aurora", "/contact", "/blog"];
    pages.push("/blog/winter-trailer-storage-colorado", "/no-such-page");
    for (const path of pages) {
      await page.goto(path);
      const levels = await page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      expect(levels[0], `${path} starts with h1`).toBe(1);
      const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} then h${level}`] : []));
      expect(skips, `${path} skips no level`).toEqual([]);
    }
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  /** The right edges of the cards in each row of `list` fall on the list's right edge. */
  async function expectRowsFilled(list: Locator, what: string) {
    const boxes = await list.locator(":scope > li").evaluateAll((cards) =>
      cards.map((card) => {
        const box = card.getBoundingClientRect();
        return { top: Math.round(box.top), right: box.right };
      }),
    );
    const listRight = await list.evaluate((el) => el.getBoundingClientRect().right);
    const rowEnds = new Map<number, number>();
    for (const box of boxes) rowEnds.set(box.top, Math.max(rowEnds.get(box.top) ?? 0, box.right));
    for (const [top, right] of rowEnds) expect(listRight - right, `${what}: the row at ${top}px reaches the right edge`).toBeLessThan(2);
  }

  test("card grids fill their rows on /services and the home page", async ({ page }) => {
    await page.goto("/services");
    for (const title of ["Trailer Repair", "Custom Work", "Mobile Service"]) {
      const section = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
      await expectRowsFilled(section.locator("ul").first(), title);
    }
    await page.goto("/");
    const why = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: /^Why Choose/ }) });
    await expectRowsFilled(why.locator("ul").first(), "Why Choose");
  });

  test("the city page's customer box is filled to the bottom and books", async ({ page }) => {
    await page.goto("/service-areas/aurora");
    await hydrated(page);
    const box = page.locator("aside").filter({ hasText: "What Aurora Customers Get" });
    const gap = await box.evaluate((aside) => {
      const last = aside.lastElementChild!.getBoundingClientRect();
      return aside.getBoundingClientRect().bottom - last.bottom;
    });
    expect(gap, "no empty half below the content").toBeLessThan(40);
    await expect(box).toContainText("Aurora sits 10 miles from Denver, in Arapahoe, Adams and Douglas Counties.");
    await expectOpensDialog(page, box.getByRole("button", { name: "Get a Quote in Aurora" }));
  });
});

test.describe("with the shipped placeholder details", () => {
  test.use({ ownDetails: false });

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${width} px visitors see no fictional phone or e-mail, and the page reads whole without them`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      for (const path of ["/", "/contact", "/about", "/services", "/sms-terms"]) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator('a[href^="tel:"]'), path).toHaveCount(0);
        await expect(page.locator('a[href^="mailto:"]'), path).toHaveCount(0);
        await expect(page.locator("body"), path).not.toContainText("555-0147");
        await expect(page.locator("body"), path).not.toContainText("service@example.com");
      }
      await expect(page.locator("footer")).toContainText("West 64th Avenue");
      await page.goto("/contact");
      await hydrated(page);
      await expect(page.getByRole("heading", { name: "Visit the Shop" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Call Us" })).toHaveCount(0);
      if (width === 1366) {
        // The menu still sits at the right, and the two cards left fill their row.
        const menu = await page.getByRole("navigation", { name: "Main" }).boundingBox();
        expect(menu!.x + menu!.width).toBeGreaterThan(width - 120);
        const visit = await page.getByRole("heading", { name: "Visit the Shop" }).locator("xpath=ancestor::li").boundingBox();
        expect(visit!.width).toBeGreaterThan(450);
      }
      await expectNoAxeViolations(page);
    });
  }
});
