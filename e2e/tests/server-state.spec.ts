// The admin's server state: a newer answer is never replaced by an older one that arrives late,
// and a load that fails is said the same way on every screen.
import { book, expect, signIn, test } from "./fixtures";

// The page's own requests are the subject: the service worker (which would fetch them itself) stays out.
test.use({ admin: true, unlimitedBookings: true, serviceWorkers: "block", expectedConsoleErrors: [/Service Worker registration blocked/] });

test("a live event during a slow reload never brings back the older answer", async ({ page }) => {
  await book(page, "First Caller");
  await signIn(page);
  const waiting = page.getByRole("region", { name: "Waiting for an answer" });
  await expect(waiting.getByText("First Caller")).toBeVisible();

  // The next load of Today is slow: its answer, taken from the server at once (so it knows two
  // requests), reaches the page 3 s later, after the answer of the load that follows it.
  let slowStarted = false;
  let slowArrived = false;
  await page.route("**/api/admin/today", async (route) => {
    if (slowStarted) return route.continue();
    slowStarted = true;
    const response = await route.fetch();
    await new Promise((done) => setTimeout(done, 3000));
    await route.fulfill({ response }).catch(() => undefined);
    slowArrived = true;
  });
  await book(page, "Second Caller");
  await expect.poll(() => slowStarted).toBe(true);
  await book(page, "Third Caller");
  await expect(waiting.getByText("Third Caller")).toBeVisible();

  // From now on the newest request must stay on screen, whatever arrives.
  await page.evaluate(() => {
    const region = document.querySelector('[aria-label="Waiting for an answer"]');
    const lost = () => !region?.textContent?.includes("Third Caller");
    new MutationObserver(() => {
      if (lost()) document.documentElement.dataset.lostNewest = "true";
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await expect.poll(() => slowArrived, { timeout: 10_000 }).toBe(true);
  // A few frames for the late answer to be drawn, were it taken.
  await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 250)));
  await expect(waiting.getByText("Third Caller")).toBeVisible();
  await expect(waiting.getByText("Second Caller")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.lostNewest ?? "kept")).toBe("kept");
});

test.describe("a failed load", () => {
  test.use({ expectedConsoleErrors: [/status of 503|Failed to load|Service Worker registration blocked/] });

  test("says what could not be loaded, the same way on each screen", async ({ page }) => {
    await signIn(page);
    for (const [path, api, what] of [
      ["/dbadmin/today", "**/api/admin/today", "Today"],
      ["/dbadmin/schedule", "**/api/admin/schedule?*", "The schedule"],
      ["/dbadmin/on-call", "**/api/admin/on-call", "Who is on call"],
      ["/dbadmin/team", "**/api/admin/team", "The team"],
      ["/dbadmin/audit", "**/api/admin/audit*", "The audit log"],
      ["/dbadmin/dashboard", "**/api/admin/posts?*", "The posts"],
      ["/dbadmin/account", "**/api/admin/account", "Your account"],
    ] as const) {
      await page.route(api, (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"unavailable"}' }));
      await page.goto(path);
      await expect(page.getByRole("alert").filter({ hasText: `${what} could not be loaded. Please reload the page.` })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      await page.unroute(api);
    }
  });
});
