// The owner's inbox at a real shop's size: every request reachable a page at a time, filters
// with their counts, a search that finds answers, and a customer's other requests in one click.
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

test.use({ admin: true, unlimitedBookings: true, expectedConsoleErrors: [/422/] });

const REGULAR = { name: "Pat Regular", phone: "303-555-0101", email: "pat@example.com" };

test("the inbox pages through every request, filters and searches them, and finds a customer's other requests", async ({ page }) => {
  for (let n = 0; n < 30; n++) {
    const who = n % 3 === 0 ? REGULAR : { name: `Visitor ${n}`, phone: `720-555-${String(n).padStart(4, "0")}`, email: `visitor${n}@example.com` };
    const sent = await page.request.post("/api/bookings", {
      data: {
        submissionId: crypto.randomUUID(),
        ...who,
        answers: [
          { question: "What type of trailer do you have?", answer: n % 2 === 0 ? "Dump Trailer" : "Horse Trailer" },
          { question: "How urgent is this?", answer: n % 5 === 0 ? "Emergency (need immediate help)" : "Flexible" },
        ],
        fillMs: 30000,
      },
    });
    expect(sent.status()).toBe(201);
  }
  await signIn(page);
  await page.getByRole("link", { name: /^Bookings/ }).click();
  await expect(page.getByText("30 requests", { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(25);
  // Open emergencies come first, named as such.
  await expect(page.getByRole("article").first().getByText("Emergency", { exact: true })).toBeVisible();

  // The older ones are a page further, and back.
  const pages = page.getByRole("navigation", { name: "Booking pages" });
  await expect(pages.getByRole("button", { name: "Newer requests" })).toBeDisabled();
  await pages.getByRole("button", { name: "Older requests" }).click();
  await expect(page.getByRole("article")).toHaveCount(5);
  await expect(page).toHaveURL(/after=/);
  await expect(pages.getByRole("button", { name: "Older requests" })).toBeDisabled();
  await pages.getByRole("button", { name: "Newer requests" }).click();
  await expect(page.getByRole("article")).toHaveCount(25);

  // Filters carry their counts; the search reaches the answers; the export follows.
  await expect(page.getByLabel("Show").locator("option", { hasText: "new (30)" })).toHaveCount(1);
  await page.getByLabel("Search").fill("horse");
  await expect(page.getByText("15 requests match")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/bookings.csv?q=horse");
  await page.getByLabel("Urgent only").click();
  await expect(page.getByLabel("Urgent only")).toBeChecked();
  await expect(page.getByText("3 requests match")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(3);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByText("30 requests", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Search")).toHaveValue("");

  // A customer's other requests are one click away from any of them.
  const regular = page.getByRole("article", { name: "Pat Regular" }).first();
  await regular.getByRole("link", { name: "9 other requests from this customer" }).click();
  await expect(page.getByText(`Every request from Pat Regular (same phone ${REGULAR.phone} or e-mail ${REGULAR.email}).`)).toBeVisible();
  await expect(page.getByText("10 requests match")).toBeVisible();
  await expect(page.getByRole("article", { name: "Pat Regular" })).toHaveCount(10);
  await expectNoAxeViolations(page);
  // On a phone the requests are rows, the filters folded behind one button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("list", { name: "Requests" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByLabel("Search")).toBeHidden();
  await page.getByRole("button", { name: /Search and filters \(1 on\)/ }).click();
  await expect(page.getByLabel("Search")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Typing a search replaces the address, so Back leaves it, and the box follows the address.
  await page.getByLabel("Search").fill("dump");
  await expect(page).toHaveURL(/search=dump/);
  await page.goBack();
  await expect(page).not.toHaveURL(/customer=|search=/);
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(page.getByText("30 requests", { exact: true })).toBeVisible();

  // An old link to a page the list no longer knows offers the newest requests.
  await page.goto("/dbadmin/bookings?after=garbage");
  await page.getByRole("button", { name: "Go to the newest requests" }).click();
  await expect(page.getByRole("article")).toHaveCount(25);
});
