// A booking button tapped before the page's script runs is not lost, and the site takes a
// request without JavaScript: the button leads to the contact page's plain form, which the
// server takes and answers by sending the visitor back to a line that says it arrived. (Axe needs
// a script, so it checks the form with JavaScript on.)
import { expect, expectNoAxeViolations, hydrated, OWN_PHONE, test } from "./fixtures";

test.use({ ownDetails: true });

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test("a booking button tapped before the script runs leads to the contact page's form", async ({ page }) => {
      await page.setViewportSize({ width, height });
      // The page's script is held back, as on slow 4G with a slow phone.
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      await page.route("**/assets/**/*.js", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/", { waitUntil: "commit" });
      await page.getByRole("link", { name: "Book a Service" }).first().click();
      await expect(page).toHaveURL("/contact#request");
      release();
      await hydrated(page);
      await expect(page.getByRole("heading", { name: "Send Us a Request" })).toBeInViewport();
      await expectNoAxeViolations(page);
      // Once the script runs, the same button opens the dialog.
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("button", { name: "Book a Service" }).first().click();
      await expect(page.getByRole("dialog", { name: "Trailer Service Assistant" })).toBeVisible();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("a booking button leads to a plain form that sends the request", async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.goto("/service-areas/aurora");
        await page.getByRole("link", { name: "Schedule Service in Aurora" }).click();
        await expect(page).toHaveURL("/contact#request");
        const form = page.getByRole("region", { name: "Send Us a Request" });
        await expect(form.getByRole("link", { name: OWN_PHONE })).toBeVisible();
        await form.getByLabel("Name").fill("Pat Lee");
        await form.getByLabel("Phone").fill("720-555-0188");
        await form.getByLabel("Email").fill("pat@example.com");
        await form.getByLabel("What's going on with the trailer?").fill("Left brake drags and smells hot");
        await form.getByLabel(/Where is the trailer/).fill("Aurora");
        await form.getByRole("button", { name: "Send Request" }).click();
        await expect(page).toHaveURL("/contact#request-sent");
        await expect(page.getByRole("status").filter({ hasText: "Thank you: your request is in." })).toBeVisible();
      });

      test("the link in the confirmation opens the request, read from the server's page", async ({ page, server }) => {
        await page.setViewportSize({ width, height });
        const booked = await page.request.post("/api/bookings", {
          data: {
            submissionId: crypto.randomUUID(),
            name: "Pat Lee",
            email: "pat@example.com",
            phone: "720-555-0188",
            fillMs: 30_000,
            answers: [{ question: "What type of trailer do you have?", answer: "Dump Trailer" }],
          },
        });
        expect(booked.status()).toBe(201);
        const { id, manageUrl } = (await booked.json()) as { id: number; manageUrl: string };
        await page.goto(new URL(manageUrl, server.url).pathname);
        await expect(page.getByRole("heading", { name: `Your service request #${id}` })).toBeVisible();
        await expect(page.getByText("No time is booked yet: we'll call you to agree one.")).toBeVisible();
        await expect(page.getByRole("main").getByRole("link", { name: OWN_PHONE })).toBeVisible();
      });

      test.describe("with posts", () => {
        test.use({ demoContent: true });

        test("the blog search is a form the server answers", async ({ page }) => {
          await page.setViewportSize({ width, height });
          await page.goto("/blog");
          const search = page.getByRole("searchbox", { name: "Search blog posts" });
          await search.fill("winter");
          await search.press("Enter");
          await expect(page).toHaveURL("/blog?q=winter");
          await expect(page.getByRole("searchbox", { name: "Search blog posts" })).toHaveValue("winter");
          await expect(page.getByRole("heading", { name: "How to Store Your Trailer for a Colorado Winter" })).toBeVisible();
          await expect(page.getByRole("heading", { name: /Trailer Brake Maintenance/ })).toHaveCount(0);
        });
      });

      test.describe("refused", () => {
        // The refused form comes back as a 422 page, which the browser logs.
        test.use({ expectedConsoleErrors: [/status of 422/] });
        test("a refused form comes back filled, with the error under its field", async ({ page }) => {
          await page.setViewportSize({ width, height });
          await page.goto("/contact#request");
          const form = page.getByRole("region", { name: "Send Us a Request" });
          await form.getByLabel("Name").fill("Pat Lee");
          await form.getByLabel("Phone").fill("555-0188");
          await form.getByLabel("Email").fill("pat@example.com");
          await form.getByLabel("What's going on with the trailer?").fill("Left brake drags and smells hot");
          await form.getByLabel(/Where is the trailer/).fill("Aurora");
          await form.getByRole("button", { name: "Send Request" }).click();
          await expect(page.getByRole("alert")).toContainText("one field needs a change");
          await expect(form.getByLabel("Name")).toHaveValue("Pat Lee");
          await expect(form.getByLabel("Email")).toHaveValue("pat@example.com");
          await expect(form.getByLabel("What's going on with the trailer?")).toHaveValue("Left brake drags and smells hot");
          await expect(form.getByLabel(/Where is the trailer/)).toHaveValue("Aurora");
          const phone = form.getByRole("textbox", { name: /^Phone/ });
          await expect(phone).toHaveValue("555-0188");
          await expect(phone).toHaveAttribute("aria-invalid", "true");
          await expect(phone).toHaveAccessibleDescription(/area code|phone/i);
          await expect(form.getByRole("heading", { name: "Send Us a Request" })).toBeInViewport();
          // Fixed, it goes.
          await phone.fill("720-555-0188");
          await form.getByRole("button", { name: "Send Request" }).click();
          await expect(page).toHaveURL("/contact#request-sent");
          await expect(page.getByRole("status").filter({ hasText: "Thank you: your request is in." })).toBeVisible();
        });
      });
    });
  });
}
