import { expect, expectNoAxeViolations, hydrated, OWN_PHONE, OWN_PHONE_HREF, serverNow, test } from "./fixtures";

test.use({ ownDetails: true });

test("the home page hydrates without console errors and shows every section", async ({ page, server }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional Trailer Repair & Maintenance Services");
  for (const heading of ["Our Services", "Our Work in Action", "What Our Customers Say"]) {
    await expect(page.locator("main").getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByRole("slider")).toHaveCount(4);
  await expect(page.locator("footer")).toContainText(`© ${new Date(await serverNow(server)).getFullYear()} Front Range Trailer Works`);
});

test("links navigate inside the app without a full page load, starting at the top", async ({ page }) => {
  await page.goto("/no-such-page");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional Trailer Repair & Maintenance Services");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  expect(await page.title()).toContain("Trailer Repair & Maintenance in Denver");

  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole("link", { name: "Learn More About Us" }).click();
  await expect(page).toHaveURL("/about");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
});

test("the header is transparent at the top and white with a shadow after 20 px", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const header = page.locator("header");
  const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(background).toBe("rgba(0, 0, 0, 0)");
  await page.evaluate(() => window.scrollTo(0, 20));
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 21));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect.poll(background).toBe("rgb(255, 255, 255)");
  expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("on a phone the menu toggles with the links, a booking button and the phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  for (const name of ["Home", "Services", "About", "Service Areas", "Blog", "Contact"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: OWN_PHONE })).toHaveAttribute("href", OWN_PHONE_HREF);
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Book Service Now" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(menu).toBeHidden();
});

test("on a phone the open menu closes on Escape and on a tap outside it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  const menu = page.locator("#mobile-menu");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Blog", exact: true }).hover();
  await page.mouse.click(5, 800);
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test("on a phone the dialog opened from the menu gives the focus back to the menu's button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").getByRole("button", { name: "Book Service Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Trailer Service Assistant" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test("the active header link on the white header has AA contrast", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/services");
  await hydrated(page);
  await page.mouse.wheel(0, 600);
  await expect(page.locator("header")).toHaveAttribute("data-scrolled", "true");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
});

test("a service group expands to show its sub-services and a quote button", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const group = page.getByRole("button", { name: /^Body & Structural/ });
  await expect(group).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Floor and Deck Replacement")).toBeHidden();
  await group.click();
  await expect(group).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("Frame and Welding Repair")).toBeVisible();
  await expect(page.getByText("Floor and Deck Replacement")).toBeVisible();
  await expect(page.getByText("Door, Ramp and Gate Repair")).toBeVisible();
  await page.getByRole("button", { name: "Get Quote for Body & Structural" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await group.click();
  await expect(group).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Floor and Deck Replacement")).toBeHidden();
});

test("the compare slider starts at 50%, drags with the mouse and steps 5% per arrow key", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const slider = page.getByRole("slider", { name: "Before and after: Flatbed Frame Restoration" });
  await expect(slider).toHaveAttribute("aria-valuenow", "50");
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.locator("xpath=../..").boundingBox();
  if (!box) throw new Error("no slider box");
  const y = box.y + box.height * 0.75;
  await page.mouse.move(box.x + box.width * 0.5, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 3 });
  await page.mouse.up();
  await expect(slider).toHaveAttribute("aria-valuenow", "25");

  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "30");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "20");
  await page.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuenow", "100");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("the compare slider follows a finger", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const slider = page.getByRole("slider", { name: "Before and after: Dump Trailer Hydraulic Rebuild" });
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.locator("xpath=../..").boundingBox();
    if (!box) throw new Error("no slider box");
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height * 0.8;
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", box.x + box.width * 0.5);
    for (const f of [0.6, 0.7, 0.8]) await touch("touchMove", box.x + box.width * f);
    await touch("touchEnd", 0);
    await expect(slider).toHaveAttribute("aria-valuenow", "80");
  });
});

test("the testimonial arrows show only where there is more to scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await hydrated(page);
  const strip = page.getByRole("list", { name: "Customer testimonials" });
  await strip.scrollIntoViewIfNeeded();
  const previous = page.getByRole("button", { name: "Previous testimonials" });
  const next = page.getByRole("button", { name: "Next testimonials" });
  expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(previous).toHaveCount(0);
  await expect(next).toBeVisible();

  await next.click();
  await expect(previous).toBeVisible();
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);

  for (let i = 0; i < 10 && (await next.count()) > 0; i++) {
    await next.click();
    await page.waitForTimeout(450);
  }
  await expect(next).toHaveCount(0);
  const end = await strip.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft);
  expect(end).toBeLessThanOrEqual(10);

  await previous.click();
  await expect(next).toBeVisible();
});

test("axe finds no accessibility violation on the home page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expectNoAxeViolations(page);
});
