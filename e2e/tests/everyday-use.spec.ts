// What the owner and visitors hit in everyday use (issue 29): saves that say what they did, a
// live post taken offline only when asked, emergencies without waiting, buttons that carry what
// they know, what screen readers hear, dates on the shop's clock, and the small things at 390
// and 1366 px.
import type { Page } from "@playwright/test";
import {
  changeAnswer,
  choose,
  expect,
  expectNoAxeViolations,
  hydrated,
  OWN_PHONE,
  OWN_PHONE_HREF,
  pngFile,
  publishShopNotes,
  serverNow,
  signIn,
  signInToPosts,
  talk,
  test,
} from "./fixtures";

// The assistant's "typing" pause is shorter for a visitor who asked for less motion: these
// journeys walk the dialog many times, so they ask for it (booking.spec.ts walks it at full motion).
test.use({ reducedMotion: "reduce", ownDetails: true });

const PHONE = OWN_PHONE;
const sizes = [
  ["a phone", { width: 390, height: 844 }],
  ["a desktop", { width: 1366, height: 900 }],
] as const;

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Trailer Service Assistant" });
const logOf = (page: Page) => dialogOf(page).getByRole("log", { name: "Conversation" });

async function writePost(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill(`About ${title}.`);
  await page.locator(".ql-editor").click();
  await page.keyboard.type("Grease the bearings every spring.");
}

test.describe("the owner's saves", () => {
  test.use({ admin: true });

  test("say what happened, and Draft asks before it takes a live post off the site", async ({ page }) => {
    await signInToPosts(page);
    await page.getByRole("link", { name: "New Post" }).click();
    await writePost(page, "Spring bearings");
    await page.getByRole("button", { name: "Draft", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved as draft: Spring bearings" })).toBeVisible();
    const row = page.getByRole("row", { name: /Spring bearings/ });
    await row.getByRole("link", { name: "Edit Spring bearings" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published: Spring bearings" })).toBeVisible();
    await row.getByRole("link", { name: "Edit Spring bearings" }).click();
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Updated: Spring bearings" })).toBeVisible();

    await row.getByRole("link", { name: "Edit Spring bearings" }).click();
    await page.getByRole("button", { name: "Draft", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Take this post off the site?" });
    await expect(question).toContainText("It will be saved as a draft.");
    for (const [, size] of sizes) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/dbadmin\/posts\/edit\//);
    expect((await page.request.get("/blog/spring-bearings")).status()).toBe(200);
    await page.getByRole("button", { name: "Draft", exact: true }).click();
    await question.getByRole("button", { name: "Take it off the site" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Taken off the site: Spring bearings" })).toBeVisible();
    expect((await page.request.get("/blog/spring-bearings")).status()).toBe(404);
  });

  test("a hard-to-read text colour is pointed out, naming the paragraph, before saving", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/new");
    await writePost(page, "Pale words");
    await page.getByRole("button", { name: "Advanced: Edit Raw HTML" }).click();
    await page.getByLabel("Raw HTML").fill('<p>Readable first line.</p><p><span style="color: rgb(255, 255, 0);">Yellow second line</span></p>');
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const warning = page.getByRole("dialog", { name: "Some text may be hard to read" });
    await expect(warning).toContainText('paragraph 2 ("Yellow second line")');
    await expectNoAxeViolations(page);
    await warning.getByRole("button", { name: "Change the colours" }).click();
    await expect(page).toHaveURL("/dbadmin/posts/new");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await warning.getByRole("button", { name: "Save anyway" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published: Pale words" })).toBeVisible();
  });

  test("typing goes on where the caret was after describing a picture", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/new");
    await page.locator(".ql-editor").click();
    await page.keyboard.type("Before the picture.");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert image" }).click();
    await (await chooser).setFiles(await pngFile(page));
    const describe = page.getByRole("dialog", { name: "Describe this picture" });
    await describe.getByLabel("Description").fill("A greased bearing");
    await describe.getByRole("button", { name: "Save description" }).click();
    await expect(describe).toBeHidden();
    await page.keyboard.type(" After it.");
    await expect(page.locator(".ql-editor")).toContainText("After it.");
    const html = await page.locator(".ql-editor").innerHTML();
    expect(html.indexOf("A greased bearing")).toBeLessThan(html.indexOf("After it."));
  });

  test("a picture published without a description is passed over by screen readers", async ({ page }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/new");
    await writePost(page, "Skipped picture");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert image" }).click();
    await (await chooser).setFiles(await pngFile(page));
    await page.getByRole("dialog", { name: "Describe this picture" }).getByRole("button", { name: "Skip" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("dialog", { name: "Publish without picture descriptions?" }).getByRole("button", { name: "Publish anyway" }).click();
    await expect(page).toHaveURL("/dbadmin/dashboard");
    await page.goto("/blog/skipped-picture");
    await hydrated(page);
    await expect(page.locator(".post-content img")).toHaveAttribute("alt", "");
    await expectNoAxeViolations(page);
  });

  test("the full preview opens the unsaved post as its public page in a new tab", async ({ page, context }) => {
    await signIn(page);
    await page.goto("/dbadmin/posts/new");
    await writePost(page, "Preview me");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Live Preview" })).toBeVisible();
    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: /Open full preview/ }).click();
    const tab = await opened;
    await tab.waitForURL(/\/dbadmin\/preview\//);
    await expect(tab.getByRole("heading", { level: 1, name: "Preview me" })).toBeVisible();
    await expect(tab.locator(".post-content")).toContainText("Grease the bearings every spring.");
    await expect(tab.getByRole("link", { name: "Back to Blog" })).toBeVisible();
    expect((await page.request.get("/blog/preview-me")).status()).toBe(404);
  });
});

test.describe("a sample post", () => {
  test.use({ admin: true, demoContent: true });

  test("keeps its original text as an earlier version after the first save", async ({ page }) => {
    await signInToPosts(page);
    const row = page.getByTestId("post-row").first();
    const title = (await row.getByRole("paragraph").first().textContent()) ?? "";
    await row.getByRole("link", { name: /^Edit / }).click();
    await page.getByLabel("Title").fill("My own title");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Updated: My own title" })).toBeVisible();
    await page
      .getByRole("row", { name: /My own title/ })
      .getByRole("link", { name: /^Edit / })
      .click();
    await page.getByRole("button", { name: "Earlier versions" }).click();
    const original = page.getByRole("listitem").filter({ hasText: "the original text" });
    await expect(original).toContainText(title);
    await original.getByRole("button", { name: /Load this version/ }).click();
    await expect(page.getByLabel("Title")).toHaveValue(title);
  });
});

test.describe("dates in the admin", () => {
  // A browser far from the shop still reads the shop's clock.
  test.use({ admin: true, timezoneId: "Asia/Tokyo" });

  test("are on the shop's clock wherever the browser is", async ({ page, server }) => {
    await signInToPosts(page);
    const session = (await (await page.request.get("/api/admin/session")).json()) as { csrfToken: string };
    await page.request.post("/api/admin/posts", {
      headers: { "X-CSRF-Token": session.csrfToken },
      data: { title: "Evening post", slug: "evening-post", excerpt: "E.", content: "<p>One.</p>", featuredImage: null, published: true },
    });
    const expected = new Date(await serverNow(server)).toLocaleDateString("en-US", { timeZone: "America/Denver" });
    await page.reload();
    await expect(page.getByRole("row", { name: /Evening post/ })).toContainText(expected);
  });
});

test.describe("the dashboard at 10,000 posts' scale", () => {
  test.use({ admin: true });

  test("pages through the posts, filters and searches by title", async ({ page, server }) => {
    await publishShopNotes(server, 30);
    await signInToPosts(page);
    await expect(page.getByTestId("post-row")).toHaveCount(25);
    await expect(page.getByRole("navigation", { name: "Posts pages" })).toContainText("1-25 of 30 posts · page 1 of 2");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("post-row")).toHaveCount(5);
    await expect(page.getByRole("row", { name: /Shop note 1\b/ })).toBeVisible();
    await page.getByLabel("Search titles").fill("note 2");
    await expect(page.getByTestId("post-row")).toHaveCount(11);
    await page.getByLabel("Order").selectOption("title");
    await expect(page.getByTestId("post-row").first()).toContainText("Shop note 2");
    // Typing replaced the address's entry (page 2's) rather than adding one per letter: Back
    // undoes the order, then leaves the search, and the box follows the address.
    await page.goBack();
    await expect(page).toHaveURL(/q=note\+2$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dbadmin\/dashboard$/);
    await expect(page.getByLabel("Search titles")).toHaveValue("");
    await expect(page.getByTestId("post-row")).toHaveCount(25);
    await page.goForward();
    await expect(page.getByLabel("Search titles")).toHaveValue("note 2");
    await expect(page.getByTestId("post-row")).toHaveCount(11);
    for (const [, size] of sizes) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("an emergency", () => {
  test("chosen as the service shows the call button at once", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    await choose(page, "Dump Trailer");
    await choose(page, "Emergency service");
    const call = dialogOf(page).getByRole("link", { name: `Call now: ${PHONE}` });
    await expect(call).toBeVisible();
    await expect(page.getByTestId("chat-announcer")).toContainText(`Call now: ${PHONE}`);
  });

  test("from the contact page's emergency band starts on the emergency path, and the thank-you page leads with the 24/7 line", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    await page.getByRole("button", { name: "Chat with Assistant" }).click();
    await expect(dialogOf(page).getByRole("link", { name: `Call now: ${PHONE}` })).toBeVisible();
    await expect(logOf(page)).toContainText("You: Emergency service");
    await choose(page, "Flatbed Trailer");
    await expect(logOf(page)).toContainText("What happened?");
    await talk(page, ["Axle snapped", "Need mobile service", "Golden", "Hwy 93 at mile 2"]);
    // The contact page has a form of its own with the same labels: fill the dialog's.
    const dialog = dialogOf(page);
    await dialog.getByLabel("Name").fill("Sam Reyes");
    await dialog.getByLabel("Email").fill("sam@example.com");
    await dialog.getByLabel("Phone").fill("303-555-0177");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL("/thank-you");
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    const call = page.getByRole("link", { name: `Call the 24/7 line: ${PHONE}` });
    await expect(call).toBeVisible();
    const next = page.getByRole("heading", { name: "What Happens Next?" });
    expect((await call.boundingBox())!.y).toBeLessThan((await next.boundingBox())!.y);
    await expectNoAxeViolations(page);
  });
});

test("a city page's button answers where the trailer is, and a service card answers the service", async ({ page }) => {
  await page.goto("/service-areas/aurora");
  await hydrated(page);
  await page.getByRole("button", { name: "Schedule Service in Aurora" }).click();
  await expect(logOf(page)).toContainText("You: Aurora");
  await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Need mobile service"]);
  // Aurora answered where; the street is asked.
  await expect(logOf(page)).toContainText("What's the street address?");
  await expect(page.getByRole("group", { name: "Cities we serve" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Another day: the tab's kept conversation is gone.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/services");
  await hydrated(page);
  await page.getByRole("button", { name: "Book Service: Dump Trailer Repair" }).click();
  await expect(logOf(page)).toContainText("You: Dump Trailer");
  // The card's own service stands for the option it picked ('Repairs needed').
  await expect(logOf(page)).toContainText("You: Dump Trailer Repair");
  await expect(logOf(page)).not.toContainText("Repairs needed");
  await expect(logOf(page)).toContainText("What's going on with the trailer?");
  // What the button said can be changed.
  await changeAnswer(page, "Dump Trailer Repair");
  await choose(page, "Regular maintenance");
  await expect(logOf(page)).toContainText("You: Regular maintenance");
});

test.describe("the booking form", () => {
  test("asks for a phone number with an area code", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
    await page.getByRole("button", { name: "Call me to schedule" }).click();
    await page.getByLabel("Name").fill("Sam Reyes");
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Phone").fill("12");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Enter a phone number with area code")).toBeVisible();
    // The focus goes to the field, so a screen reader reads it with its message.
    await expect(page.getByLabel("Phone")).toBeFocused();
    await expect(page).not.toHaveURL("/thank-you");
  });

  test("screen readers hear the service-area answer and the next question", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Need mobile service"]);
    await page.getByLabel("Your answer").fill("80011");
    await page.getByLabel("Your answer").press("Enter");
    const announcer = page.getByTestId("chat-announcer");
    await expect(announcer).toContainText("Good news: 80011 is in our service area (Aurora)");
    await expect(announcer).toContainText("What's the street address?");
  });

  test.describe("with a refused photo", () => {
    test.use({ expectedConsoleErrors: [/status of 422/] });

    test("shows no broken picture", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("button", { name: "Book a Service" }).first().click();
      await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
      await page.getByRole("button", { name: "Call me to schedule" }).click();
      await page.getByLabel("Add photos").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") }]);
      const item = page.getByRole("listitem").filter({ hasText: "notes.txt" });
      await expect(item).toContainText("Please select an image file");
      await expect(item.locator("img")).toHaveCount(0);
    });
  });

  test("on a desktop shows every service-area city above the answer box", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book a Service" }).first().click();
    await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Need mobile service"]);
    const cities = page.getByRole("group", { name: "Cities we serve" });
    const last = cities.getByRole("button").last();
    await expect(last).toBeVisible();
    const [group, button] = [await cities.boundingBox(), await last.boundingBox()];
    expect(button!.y + button!.height).toBeLessThanOrEqual(group!.y + group!.height);
    const input = await page.getByLabel("Your answer").boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(input!.y);
  });
});

test("on a phone the testimonial arrows never cover a card's words", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  const next = page.getByRole("button", { name: "Next testimonials" });
  await next.scrollIntoViewIfNeeded();
  const arrow = (await next.boundingBox())!;
  for (const quote of await page.getByRole("list", { name: "Customer testimonials" }).locator("blockquote, p").all()) {
    const box = await quote.boundingBox();
    if (!box) continue;
    const overlaps = arrow.x < box.x + box.width && box.x < arrow.x + arrow.width && arrow.y < box.y + box.height && box.y < arrow.y + arrow.height;
    expect(overlaps).toBe(false);
  }
});

for (const [label, size] of sizes) {
  test(`on ${label} the first Tab reaches 'Skip to content', which moves to the page's content`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/services");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await expectNoAxeViolations(page);
  });
}

test("on a phone the header has a call button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  const call = page.getByRole("banner").getByRole("link", { name: `Call ${PHONE}` });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute("href", OWN_PHONE_HREF);
  await expectNoAxeViolations(page);
});

test.describe("blog search", () => {
  test.use({ demoContent: true });

  test("finds words in the post text, best matches first", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    await page.getByLabel("Search blog posts").fill("preload");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(page.getByText("No blog posts found")).toHaveCount(0);
  });
});
