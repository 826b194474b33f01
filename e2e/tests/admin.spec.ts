// The admin area: sign-in, the dashboard, the post editor, the booking inbox and the audit log.
import type { Page } from "@playwright/test";
import { ADMIN, expect, expectNoAxeViolations, hydrated, pngFile, signIn, signInToPosts, test } from "./fixtures";

test.use({ admin: true });

/** Fills the editor's fields and types content with bold text and a link through the toolbar. */
async function writePost(page: Page, title: string, excerpt: string): Promise<void> {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill(excerpt);
  const editor = page.locator(".ql-editor");
  await editor.click();
  await page.keyboard.type("Check your brakes ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("every season");
  await page.keyboard.press("Control+b");
  await page.keyboard.type(" and read our guide");
  for (let i = 0; i < "our guide".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Insert link" }).click();
  const linkInput = page.locator(".ql-tooltip input[type=text]");
  await linkInput.fill("https://example.com/guide");
  await linkInput.press("Enter");
  await expect(editor.locator("strong")).toHaveText("every season");
  await expect(editor.locator("a")).toHaveAttribute("href", "https://example.com/guide");
}

test.describe("signed out", () => {
  test("the login page explains itself and has no accessibility violation", async ({ page }) => {
    await page.goto("/dbadmin");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByText("Requests, schedule, blog and site of the shop")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByText("Authorized personnel only. All access is logged and monitored.")).toBeVisible();
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await expectNoAxeViolations(page);
  });

  test.describe("with a wrong password", () => {
    test.use({ expectedConsoleErrors: [/status of 401/] });

    test("sign-in fails with the spec's message", async ({ page }) => {
      await page.goto("/dbadmin");
      await hydrated(page);
      await page.getByLabel("Email").fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill("not the right password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid credentials or insufficient permissions");
      await expect(page).toHaveURL("/dbadmin");
    });
  });

  test("the dashboard and the editor send a signed-out visitor to the login page", async ({ page }) => {
    for (const path of ["/dbadmin/dashboard", "/dbadmin/posts/new", "/dbadmin/posts/edit/1", "/dbadmin/bookings"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/dbadmin");
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    }
  });
});

test("sign in, see the empty dashboard, and sign out", async ({ page }) => {
  await signInToPosts(page);
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  for (const label of ["Total Posts", "Published", "Drafts"]) {
    await expect(page.getByRole("definition").filter({ has: page.locator(`xpath=preceding-sibling::dt[text()="${label}"]`) })).toHaveText("0");
  }
  await expect(page.getByRole("heading", { name: "No blog posts yet" })).toBeVisible();
  await expect(page.getByText("Get started by creating your first blog post.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed in, the login page goes straight to Today.
  await page.goto("/dbadmin");
  await expect(page).toHaveURL("/dbadmin/today");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/dbadmin");
  await page.goto("/dbadmin/dashboard");
  await expect(page).toHaveURL("/dbadmin");
});

test("the editor checks every field and the image before saving", async ({ page }) => {
  await signInToPosts(page);
  await page.getByRole("link", { name: "Create First Post" }).click();
  await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  for (const message of ["Title is required", "Slug is required", "Content is required", "Excerpt is required"]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page).toHaveURL("/dbadmin/posts/new");

  const fileInput = page.locator("input[type=file]").first();
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(page.getByText("Please select an image file")).toBeVisible();
  await fileInput.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText("Image must be less than 5MB")).toBeVisible();
  await expect(page.getByText("Please select an image file")).toBeHidden();

  // The slug follows the title until it is edited by hand.
  await page.getByLabel("Title").fill("Winter Storage: 5 Tips!");
  await expect(page.getByLabel("URL Slug")).toHaveValue("winter-storage-5-tips");
  await expect(page.getByText("/blog/winter-storage-5-tips")).toBeVisible();
  await page.getByLabel("URL Slug").fill("winter-tips");
  await page.getByLabel("Title").fill("Winter Storage Tips");
  await expect(page.getByLabel("URL Slug")).toHaveValue("winter-tips");
});

test("the preview shows the card and the content as visitors will see them", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await writePost(page, "Brake Check Season", "Why brakes come first.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Live Preview" })).toBeVisible();
  const card = page.getByRole("article");
  await expect(card.getByRole("heading", { name: "Brake Check Season" })).toBeVisible();
  await expect(card).toContainText("Why brakes come first.");
  await expect(card.getByRole("link", { name: /Read More/ })).toBeVisible();
  const previewRegion = page.getByRole("region", { name: "Live Preview" });
  await expect(previewRegion.getByText("Draft", { exact: true })).toBeVisible();
  await expect(previewRegion.getByText("/blog/brake-check-season")).toBeVisible();
  await expect(page.locator(".post-content strong")).toHaveText("every season");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Compose" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Brake Check Season");
});

test("write a post with an image, save it as a draft, publish, toggle, edit and delete it", async ({ page }) => {
  await signInToPosts(page);
  await page.getByRole("link", { name: "New Post" }).click();
  await writePost(page, "Bearing Basics", "Grease, seals and the wobble test.");
  await page
    .locator("input[type=file]")
    .first()
    .setInputFiles(await pngFile(page));
  const preview = page.getByRole("img", { name: "Featured image preview" });
  await expect(preview).toHaveAttribute("src", /^\/media\/blog-images\/\d+-[0-9a-f]+\.png$/);
  // The picture's description is asked for at once.
  await expect(page.getByLabel("Image description (alt text)")).toBeFocused();
  await page.keyboard.type("A wheel bearing packed with grease");
  // An image in the content goes through the same upload (not inlined as base64).
  await page.locator(".ql-editor").press("End");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Insert image" }).click();
  await (await chooser).setFiles(await pngFile(page));
  const describe = page.getByRole("dialog", { name: "Describe this picture" });
  await describe.getByLabel("Description").fill("The seal pressed into the hub");
  await describe.getByRole("button", { name: "Save description" }).click();
  await expect(describe).toBeHidden();
  await expect(page.locator(".ql-editor img")).toHaveAttribute("src", /^\/media\/blog-images\/\d+-[0-9a-f]+\.png$/);
  await expect(page.locator(".ql-editor img")).toHaveAttribute("alt", "The seal pressed into the hub");
  await page.getByRole("button", { name: "Draft", exact: true }).click();

  // A draft is listed but not public.
  await expect(page).toHaveURL("/dbadmin/dashboard");
  const row = page.getByRole("row", { name: /Bearing Basics/ });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("Grease, seals and the wobble test.");
  const response = await page.request.get("/blog/bearing-basics");
  expect(response.status()).toBe(404);

  // Publish from the editor.
  await row.getByRole("link", { name: "Edit Bearing Basics" }).click();
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Bearing Basics");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await expect(row).toContainText("Published");

  await page.goto("/blog/bearing-basics");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Bearing Basics" })).toBeVisible();
  await expect(page.locator(".post-content strong")).toHaveText("every season");
  await expect(page.locator(".post-content a")).toHaveAttribute("href", "https://example.com/guide");
  await expect(page.locator(".post-content img")).toHaveAttribute("src", /^\/media\/blog-images\//);
  await expect(page.locator(".post-content img")).toHaveAttribute("alt", "The seal pressed into the hub");
  await expect(page.locator("section img").first()).toHaveAttribute("src", /^\/media\/blog-images\//);
  await expect(page.locator("section img").first()).toHaveAttribute("alt", "A wheel bearing packed with grease");

  // Unpublish asks first, and can be undone; then publish again from the dashboard.
  await page.goto("/dbadmin/dashboard");
  await page.getByRole("button", { name: "Unpublish Bearing Basics" }).click();
  const takeOff = page.getByRole("dialog", { name: "Take “Bearing Basics” off the site?" });
  await takeOff.getByRole("button", { name: "Keep it on the site" }).click();
  await expect(row).toContainText("Published");
  await page.getByRole("button", { name: "Unpublish Bearing Basics" }).click();
  await takeOff.getByRole("button", { name: "Take it off" }).click();
  await expect(row).toContainText("Draft");
  expect((await page.request.get("/blog/bearing-basics")).status()).toBe(404);
  await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Back on the site: Bearing Basics" })).toBeVisible();
  await expect(row).toContainText("Published");
  expect((await page.request.get("/blog/bearing-basics")).status()).toBe(200);
  await page.getByRole("button", { name: "Unpublish Bearing Basics" }).click();
  await takeOff.getByRole("button", { name: "Take it off" }).click();
  await expect(row).toContainText("Draft");
  await page.getByRole("button", { name: "Publish Bearing Basics" }).click();
  await expect(row).toContainText("Published");
  expect((await page.request.get("/blog/bearing-basics")).status()).toBe(200);

  // Edit the title.
  await row.getByRole("link", { name: "Edit Bearing Basics" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Bearing Basics");
  await page.getByLabel("Title").fill("Bearing Basics for Spring");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await expect(page.getByRole("status").filter({ hasText: "Updated: Bearing Basics for Spring" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Bearing Basics for Spring/ })).toBeVisible();

  // Delete: an in-page question with the post's title; Cancel keeps the post, Delete deletes it.
  const edited = page.getByRole("row", { name: /Bearing Basics for Spring/ });
  await edited.getByRole("button", { name: /^Delete/ }).click();
  const question = page.getByRole("dialog", { name: "Delete “Bearing Basics for Spring”?" });
  await expect(question).toContainText("Are you sure you want to delete this post?");
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(edited).toBeVisible();
  await edited.getByRole("button", { name: /^Delete/ }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted: Bearing Basics for Spring. It stays under Deleted for 30 days." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No blog posts yet" })).toBeVisible();
  expect((await page.request.get("/blog/bearing-basics")).status()).toBe(404);

  // It waits under Deleted, from where it comes back as a draft.
  await page.getByRole("button", { name: /^Deleted/ }).click();
  await page
    .getByRole("row", { name: /Bearing Basics for Spring/ })
    .getByRole("button", { name: "Restore Bearing Basics for Spring" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Restored as a draft: Bearing Basics for Spring" })).toBeVisible();
  await page.getByRole("button", { name: /^All/ }).click();
  await expect(page.getByRole("row", { name: /Bearing Basics for Spring/ })).toContainText("Draft");
});

test.describe("when a post cannot be loaded", () => {
  test.use({ expectedConsoleErrors: [/status of 404|Failed to load the post/] });

  test("the editor goes back to the dashboard", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/edit/999");
    await expect(page).toHaveURL("/dbadmin/dashboard");
    await expect(page.getByRole("heading", { name: "Blog Posts", exact: true })).toBeVisible();
  });
});

test.describe("when the session ends while writing", () => {
  test.use({ expectedConsoleErrors: [/status of 401|Failed to save the post/] });

  test("nothing written is lost: after signing in again the editor has it back", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/new");
    await writePost(page, "Hitch Safety", "Pins, chains and the coupler latch.");
    // The session ends elsewhere (another tab signed out, or it expired).
    const session = (await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string };
    await page.request.post("/api/admin/logout", { headers: { "X-CSRF-Token": session.csrfToken } });

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL("/dbadmin");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/dbadmin/posts/new");
    await expect(page.getByText(/were not saved \(the page was closed, or you were signed out\)/)).toBeVisible();
    await page.getByRole("button", { name: "Restore them" }).click();
    await expect(page.getByText("Your unsaved changes are back. Save them when ready.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Hitch Safety");
    await expect(page.locator(".ql-editor strong")).toHaveText("every season");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL("/dbadmin/dashboard");
    await expect(page.getByRole("row", { name: /Hitch Safety/ })).toContainText("Published");
    // Once saved, a new post starts empty again.
    await page.goto("/dbadmin/posts/new");
    await expect(page.getByLabel("Title")).toHaveValue("");
  });
});

test("a post names its service, and at 390 and 1366 px its closing button books that service", async ({ page }) => {
  await signInToPosts(page);
  await page.getByRole("link", { name: "New Post" }).click();
  await writePost(page, "Brake Season", "When to have the brakes looked at.");
  await page.getByLabel("Service this post is about (optional)").selectOption("Suspension and Brake Repair");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await page
    .getByRole("row", { name: /Brake Season/ })
    .getByRole("link", { name: "Edit Brake Season" })
    .click();
  await expect(page.getByLabel("Service this post is about (optional)")).toHaveValue("Suspension and Brake Repair");

  const dialog = page.getByRole("dialog", { name: "Trailer Service Assistant" });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/blog/brake-season");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Ready to Get Your Trailer Back on the Road?" })).toBeVisible();
    await page.getByRole("button", { name: "Book Suspension and Brake Repair" }).click();
    await dialog.getByRole("button", { name: "Dump Trailer" }).click();
    await expect(dialog.getByRole("log", { name: "Conversation" })).toContainText("You: Suspension and Brake Repair");
    await expect(dialog.getByRole("log", { name: "Conversation" })).toContainText("What's going on with the trailer?");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The conversation is kept for the tab: the next width starts a new one.
    await page.evaluate(() => sessionStorage.clear());
  }
});

test("the booking inbox lists requests, sets their status, and the audit log shows the work", async ({ page }) => {
  const booking = await page.request.post("/api/bookings", {
    data: {
      submissionId: "6b1d5c1e-3f55-4b7f-9d8e-0c6a1f2b3c4d",
      name: "Dana Driver",
      email: "dana@example.com",
      phone: "303-555-0142",
      details: "Left brake drags.",
      answers: [{ question: "What type of trailer do you have?", answer: "Dump Trailer" }],
      website: "",
      fillMs: 20_000,
    },
  });
  expect(booking.status()).toBe(201);
  await signIn(page);
  await page.getByRole("link", { name: "Bookings" }).click();
  const card = page.getByRole("article", { name: "Dana Driver" });
  await expect(card).toContainText("dana@example.com");
  await expect(card).toContainText("Dump Trailer");
  await expect(card).toContainText("Left brake drags.");
  await card.getByLabel("Add a note").fill("Called back, coming Tuesday.");
  await card.getByRole("button", { name: "Save note" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: "Called back, coming Tuesday." })).toContainText(ADMIN.email);
  await expectNoAxeViolations(page);
  await card.getByLabel("Status").selectOption("contacted");
  // The choice is shown once it is saved; only then do the filters count it.
  await expect(card.getByLabel("Status")).toHaveValue("contacted");
  await page.getByLabel("Show").selectOption("contacted");
  await expect(page.getByRole("article", { name: "Dana Driver" })).toBeVisible();
  await page.getByLabel("Show").selectOption("new");
  await expect(page.getByText("No bookings match these filters.")).toBeVisible();

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("cell", { name: "booking status changed" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "booking note added" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "sign-in", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // Narrowed to one action, in the page's address (Back widens it again).
  await page.getByLabel("Action").selectOption({ label: "booking note added" });
  await expect(page).toHaveURL(/\?action=booking-note-added$/);
  await expect(page.getByRole("cell", { name: "booking note added" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "sign-in", exact: true })).toHaveCount(0);
  await page.getByLabel("Member").selectOption({ label: ADMIN.email });
  await expect(page.getByRole("cell", { name: "booking note added" })).toBeVisible();
  await page.getByLabel("Action").selectOption({ label: "image uploaded" });
  await expect(page.getByText("No entries match.")).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("cell", { name: "sign-in", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Member")).toHaveValue("");
  await page.goBack();
  await expect(page.getByRole("cell", { name: "sign-in", exact: true })).toBeVisible();
  // An old bookmark's unknown action is no filter, not a page that cannot load.
  await page.goto("/dbadmin/audit?action=no-such-action");
  await expect(page.getByRole("cell", { name: "sign-in", exact: true })).toBeVisible();
  await expect(page.getByLabel("Action")).toHaveValue("");
});

test("at 1366 px the owner's header holds every section, the name and Logout on one row", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const header = page.getByRole("banner");
  const sections = header.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
  // all() does not wait: the header may still be drawing after sign-in.
  await expect(sections).toHaveCount(12);
  const links = await sections.all();
  const tops = await Promise.all([...links, header.getByRole("button", { name: "Logout" })].map(async (item) => (await item.boundingBox())?.y));
  const first = tops[0]!;
  for (const top of tops) expect(Math.abs(top! - first), "on the first row").toBeLessThan(8);
});
