// The admin as the owner uses it (issue 14): sample posts that save, errors that clear, the
// discard question, the server's upload reasons, plain toolbar names, phone layouts, and the
// account page with two-step sign-in.
import type { Page } from "@playwright/test";
import { shopLocalInput } from "../../web/src/features/admin/frame/format";
import { ADMIN, expect, expectNoAxeViolations, hydrated, serverNow, signIn, signInToPosts, test, openSection, pressLogout, type Server } from "./fixtures";
import { totp } from "./totp";

test.use({ admin: true });

/** Whether the page scrolls sideways (it should not, at any width). */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Waits until the editor has kept a copy of `text` (its effects have run since the change). */
async function keptCopy(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem("unsaved_post:new")), { timeout: 10_000 }).toContain(text);
}

async function signOut(page: Page): Promise<void> {
  await pressLogout(page);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
}

async function enterPassword(page: Page): Promise<void> {
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("a post that is gone", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("its editor leads back to the dashboard", async ({ page }) => {
    await signInToPosts(page);
    await page.goto("/dbadmin/posts/edit/999999");
    await expect(page).toHaveURL("/dbadmin/dashboard");
    await expect(
      page
        .getByRole("button", { name: "New Post" })
        .or(page.getByRole("link", { name: "New Post" }))
        .first(),
    ).toBeVisible();
  });
});

test.describe("with the sample posts", () => {
  test.use({ demoContent: true });

  test("a sample post saves with its own picture, unchanged or with a typo fixed", async ({ page }) => {
    await signInToPosts(page);
    const row = page.getByTestId("post-row").filter({ hasText: "Winter" }).first();
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("img", { name: "Featured image preview" })).toHaveAttribute("src", /^\/site\//);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL("/dbadmin/dashboard");

    await row.getByRole("link", { name: /^Edit/ }).click();
    const title = page.getByLabel("Title");
    await title.fill(`${await title.inputValue()} (updated)`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL("/dbadmin/dashboard");
    await expect(page.getByTestId("post-row").filter({ hasText: "(updated)" })).toHaveCount(1);
  });

  test("on a phone the dashboard and the audit log fit the screen with every action in reach", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToPosts(page);
    const row = page.getByTestId("post-row").first();
    for (const name of [/^Edit/, /^Unpublish/, /^Delete/]) {
      const action = row.getByRole(name.source.includes("Edit") ? "link" : "button", { name });
      await expect(action).toBeVisible();
      const box = await action.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
    await openSection(page, "Audit log");
    await expect(page.getByRole("cell", { name: "sign-in", exact: true }).first()).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
  });
});

test("an error under a field goes as soon as the field is filled", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await page.getByLabel("Title").fill("Tire Pressure");
  await expect(page.getByText("Title is required")).toBeHidden();
  await expect(page.getByText("Slug is required")).toBeHidden();
  await expect(page.getByText("Excerpt is required")).toBeVisible();
  await page.getByLabel("Excerpt").fill("Check it cold.");
  await expect(page.getByText("Excerpt is required")).toBeHidden();
  await expect(page.getByLabel("Excerpt")).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByText("Content is required")).toBeVisible();
});

test("leaving the editor with unsaved changes asks first", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  // Nothing typed: the back arrow just leaves.
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");

  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  await page.getByLabel("Title").fill("Half a thought");
  await keptCopy(page, "Half a thought");
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  const question = page.getByRole("dialog", { name: "Discard changes?" });
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL("/dbadmin/posts/new");
  await expect(page.getByLabel("Title")).toHaveValue("Half a thought");

  // Another section's link asks too; discarding leaves.
  await page.getByRole("link", { name: "Bookings" }).click();
  await question.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL("/dbadmin/bookings");

  // Closing the tab (or reloading) gets the browser's own question.
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  await page.getByLabel("Title").fill("Another thought");
  await keptCopy(page, "Another thought");
  const asked = page.waitForEvent("dialog");
  void page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  // The tab stayed; closed without asking, so the test's browser closes cleanly.
  await page.close();
});

test.describe("when the server refuses an upload", () => {
  test.use({ expectedConsoleErrors: [/status of 422/] });

  test("the editor shows the server's reason", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/new");
    await hydrated(page);
    // A text file named and typed as a PNG passes the browser's check; the server reads the bytes.
    await page
      .locator("input[type=file]")
      .first()
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
    await expect(page.getByRole("alert")).toHaveText("Please select an image file (PNG, JPG, GIF, WebP or HEIC)");
  });
});

test("every toolbar control has a plain name", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  for (const name of ["Bold", "Subscript", "Superscript", "Numbered list", "Right-to-left text", "Insert link", "Clear formatting"]) {
    const control = page.getByRole("button", { name, exact: true });
    await expect(control).toBeVisible();
    await expect(control).toHaveAttribute("title", name);
  }
  const names = await page.locator(".ql-toolbar button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));
  expect(names.filter((name) => name.includes(":") || /^[a-z]/.test(name))).toEqual([]);
});

test.describe("two-step sign-in", () => {
  test.use({ expectedConsoleErrors: [/status of (401|422)/] });

  for (const width of [390, 1366]) {
    test(`turn it on, sign in with a code and with a recovery code, and turn it off (${width} px)`, async ({ page, server }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      await openSection(page, "Account");
      await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
      await expect(page.getByText("This device", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
      await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
      const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
      await expectNoAxeViolations(page);
      await page.getByLabel("2. The 6-digit code the app shows").fill("000000");
      await page.getByRole("button", { name: "Confirm and turn on" }).click();
      await expect(page.getByText(/That code is not right/)).toBeVisible();
      await page.getByLabel("2. The 6-digit code the app shows").fill(totp(secret, await serverNow(server)));
      await expect(page.getByText(/That code is not right/)).toBeHidden();
      await page.getByRole("button", { name: "Confirm and turn on" }).click();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "I have saved them" }).click();
      await expect(page.getByText("10 recovery codes are left.")).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);

      // Sign in again: the password, then the app's code (the next one: a code works once).
      await signOut(page);
      await enterPassword(page);
      await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Authentication code").fill("123456");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("alert")).toContainText("That code is not right");
      await page.getByLabel("Authentication code").fill(totp(secret, await serverNow(server), 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL("/dbadmin/today");

      // A lost phone: a recovery code signs in once.
      await signOut(page);
      await enterPassword(page);
      await page.getByLabel("Authentication code").fill(codes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL("/dbadmin/today");
      await openSection(page, "Account");
      await expect(page.getByText("9 recovery codes are left.")).toBeVisible();

      // Turning it off takes a code.
      await page.getByLabel("Code from the app, or a recovery code").fill(codes[1]!);
      await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
      await expect(page.getByRole("button", { name: "Turn on two-step sign-in" })).toBeVisible();
      await openSection(page, "Audit log");
      await expect(page.getByRole("cell", { name: "two-factor sign-in turned off" }).first()).toBeVisible();
      await expect(page.getByText("with a recovery code (9 left)").first()).toBeVisible();
    });
  }

  test("a trusted device skips the code next time", async ({ page, server }) => {
    await signIn(page);
    await page.goto("/dbadmin/account");
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    await page.getByLabel("2. The 6-digit code the app shows").fill(totp(secret, await serverNow(server)));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await page.getByRole("button", { name: "I have saved them" }).click();
    await signOut(page);
    await enterPassword(page);
    await page.getByLabel("Authentication code").fill(totp(secret, await serverNow(server), 1));
    await page.getByLabel("Trust this device for 30 days").check();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dbadmin/today");
    await signOut(page);
    await enterPassword(page);
    await expect(page).toHaveURL("/dbadmin/today");
  });
});

test.describe("the password", () => {
  test.use({ expectedConsoleErrors: [/status of 422/] });

  test("changes with the current one, and the reasons show under the fields", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/account");
    await hydrated(page);
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a brand new long secret");
    await page.getByLabel("New password again").fill("a brand new long secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is not right")).toBeVisible();
    await page.getByLabel("Current password").fill(ADMIN.password);
    await expect(page.getByText("The current password is not right")).toBeHidden();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password is changed. Any other sessions were signed out.");
    await signOut(page);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("a brand new long secret");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/dbadmin/today");
  });
});

/** The shop's minute (America/Denver) `seconds` from the server's now, as a datetime-local value. */
async function denverMinute(server: Server, seconds: number): Promise<string> {
  return shopLocalInput(new Date((await serverNow(server)) + seconds * 1000).toISOString(), "America/Denver");
}

// That it goes live at its minute with nobody on the site is proven on a moved clock, in
// server/tests/api/admin_posts.rs: here the editor's side.
test.describe("a scheduled post", () => {
  // A time already past is refused by the server (422).
  test.use({ expectedConsoleErrors: [/status of 422/] });

  test("waits off the site for its minute", async ({ page, server }) => {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await signIn(page);
      await page.goto("/dbadmin/posts/new");
      await hydrated(page);
      await expect(page.getByLabel("Go live at (shop time, America/Denver)")).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.getByLabel("Title").fill("Spring Trailer Checkup");
    await page.getByLabel("Excerpt").fill("Ten minutes before the first trip.");
    await page.locator(".ql-editor").fill("Lights, tires, bearings and the breakaway battery.");
    await page.getByLabel("Search description (optional)").fill("A ten-minute spring checklist for your trailer.");
    // Schedule needs a time, and one to come.
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByText("Pick a date and time to schedule the post")).toBeVisible();
    await page.getByLabel("Go live at (shop time, America/Denver)").fill(await denverMinute(server, -3600));
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByText("Pick a time in the future")).toBeVisible();
    await page.getByLabel("Go live at (shop time, America/Denver)").fill(await denverMinute(server, 3 * 3600));
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page).toHaveURL("/dbadmin/dashboard");
    const row = page.getByTestId("post-row").filter({ hasText: "Spring Trailer Checkup" });
    await expect(row).toContainText(/Scheduled for .* M[SD]T/);
    expect((await page.request.get("/blog/spring-trailer-checkup")).status()).toBe(404);
    expect(await (await page.request.get("/blog/feed.xml")).text()).not.toContain("spring-trailer-checkup");
  });
});

test("an earlier version of a post can be loaded back and saved", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  await page.getByLabel("Title").fill("Brake Magnets");
  await page.getByLabel("Excerpt").fill("When to replace them.");
  await page.locator(".ql-editor").fill("Worn magnets stop poorly.");
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await page.getByRole("link", { name: "Edit Brake Magnets" }).click();
  // The post is loaded before it is changed.
  await expect(page.getByLabel("Title")).toHaveValue("Brake Magnets");
  await page.getByLabel("Title").fill("Brake Magnets, Rewritten");
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");

  await page.getByRole("link", { name: "Edit Brake Magnets, Rewritten" }).click();
  await page.getByRole("button", { name: "Earlier versions" }).click();
  const versions = page.getByRole("listitem").filter({ hasText: "owner@example.com" });
  await expect(versions).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page);
  await versions
    .filter({ hasText: "“Brake Magnets”" })
    .getByRole("button", { name: /Load this version/ })
    .click();
  await expect(page.getByLabel("Title")).toHaveValue("Brake Magnets");
  await expect(page.getByText(/Loaded the version saved/)).toBeVisible();
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await expect(page.getByTestId("post-row").filter({ hasText: "Brake Magnets" })).not.toContainText("Rewritten");
});

test("changes typed before the tab closed are offered back", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  await page.getByLabel("Title").fill("Fender Repairs");
  await page.getByLabel("Excerpt").fill("Dents, rust and new fenders.");
  // The copy is kept a moment after typing stops; then the tab goes away without asking.
  await keptCopy(page, "Fender Repairs");
  await page.close();

  const again = await context.newPage();
  await again.goto("/dbadmin/posts/new");
  await hydrated(again);
  await expect(again.getByText(/were not saved/)).toBeVisible();
  await expect(again.getByLabel("Title")).toHaveValue("");
  await again.getByRole("button", { name: "Restore them" }).click();
  await expect(again.getByLabel("Title")).toHaveValue("Fender Repairs");
  await expect(again.getByLabel("Excerpt")).toHaveValue("Dents, rust and new fenders.");
  await again.close();
});

test.describe("with backups on a schedule", () => {
  test.use({ backups: true });

  test("the dashboard says when the last backup was made, at 390 and 1366 px", async ({ page }) => {
    await signInToPosts(page);
    await expect(page.getByTestId("last-backup")).toHaveText("Last backup: just now.");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("last-backup")).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
  });
});

test("without scheduled backups the dashboard says nothing of them", async ({ page }) => {
  await signIn(page);
  const desk = (await (await page.request.get("/api/admin/desk")).json()) as { backups: { everySeconds: number | null } };
  expect(desk.backups.everySeconds).toBeNull();
  await page.goto("/dbadmin/dashboard");
  await expect(page.getByRole("heading", { name: "Blog Dashboard" })).toBeVisible();
  await expect(page.getByTestId("last-backup")).toHaveCount(0);
});
