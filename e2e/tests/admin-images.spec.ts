// Pictures in the owner's posts (issue 14): phone photos in HEIC, descriptions (alt text) asked
// for when a picture goes in and before publishing, and text pasted from Word and Google Docs.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, pngFile, signIn, test } from "./fixtures";

test.use({ admin: true });

const IMAGE_FIXTURES = new URL("../../server/tests/fixtures/images/", import.meta.url);
const PASTE_FIXTURES = new URL("../../web/src/features/admin/posts/editor/paste-fixtures/", import.meta.url);

async function newPost(page: Page, title: string): Promise<void> {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await hydrated(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill("A short summary.");
}

/** Puts a picture at the end of the post's text with the toolbar's Insert image. */
async function insertImage(page: Page, name: string): Promise<void> {
  await page.locator(".ql-editor").press("End");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Insert image" }).click();
  await (await chooser).setFiles(await pngFile(page, name));
}

/** Pastes `html` into the post's text as the browser does with a clipboard from another program. */
async function paste(page: Page, html: string): Promise<void> {
  const editor = page.locator(".ql-editor");
  await editor.click();
  await editor.evaluate((element, clipboardHtml) => {
    const data = new DataTransfer();
    data.setData("text/html", clipboardHtml);
    data.setData("text/plain", element.textContent ?? "");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

test("an iPhone's HEIC photo uploads as the featured image and is stored as an upright JPEG", async ({ page }) => {
  await newPost(page, "Fresh Paint");
  const heic = await readFile(new URL("phone-photo.heic", IMAGE_FIXTURES));
  // Chromium on Linux and Windows gives a HEIC file no type at all.
  await page.locator("input[type=file]").first().setInputFiles({ name: "IMG_0412.HEIC", mimeType: "", buffer: heic });
  const preview = page.getByRole("img", { name: "Featured image preview" });
  await expect(preview).toHaveAttribute("src", /^\/media\/blog-images\/\d+-[0-9a-f]+\.jpg$/);
  const stored = await page.request.get((await preview.getAttribute("src"))!);
  expect(stored.headers()["content-type"]).toBe("image/jpeg");
  const bytes = await stored.body();
  expect(bytes.includes("Exif")).toBe(false);
  expect(bytes.includes("GPS")).toBe(false);
  await expect(preview).toHaveJSProperty("naturalWidth", 640);
});

test("pictures are described when they go in, and publishing asks about the ones that are not", async ({ page }) => {
  await newPost(page, "Axle Swap");
  await page.locator(".ql-editor").fill("Before and after.");
  await page
    .locator("input[type=file]")
    .first()
    .setInputFiles(await pngFile(page, "featured.png"));
  await expect(page.getByLabel("Image description (alt text)")).toBeFocused();

  // A picture in the text: its description is asked for at once; the owner skips it.
  await insertImage(page, "old-axle.png");
  const describe = page.getByRole("dialog", { name: "Describe this picture" });
  await expect(describe.getByLabel("Description")).toBeFocused();
  await expectNoAxeViolations(page);
  await describe.getByRole("button", { name: "Skip" }).click();
  await expect(describe).toBeHidden();
  await expect(page.getByText("1 picture in the text has no description.")).toBeVisible();

  // Publishing says what is missing; the owner adds the one in the text.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const question = page.getByRole("dialog", { name: "Publish without picture descriptions?" });
  await expect(question).toContainText("The featured image and 1 picture in the text have no description.");
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Add descriptions" }).click();
  await describe.getByLabel("Description").fill("The old bent axle on the shop floor");
  await describe.getByRole("button", { name: "Save description" }).click();
  await expect(page.locator(".ql-editor img")).toHaveAttribute("alt", "The old bent axle on the shop floor");
  await expect(page.getByText("1 picture in the text has no description.")).toBeHidden();

  // Clicking a picture asks again, with what it has.
  await page.locator(".ql-editor img").click();
  await expect(describe.getByLabel("Description")).toHaveValue("The old bent axle on the shop floor");
  await page.keyboard.press("Escape");
  await expect(describe).toBeHidden();

  // Only the featured image is left: the owner publishes anyway.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(question).toContainText("The featured image has no description.");
  await question.getByRole("button", { name: "Publish anyway" }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await page.goto("/blog/axle-swap");
  await expect(page.locator(".post-content img")).toHaveAttribute("alt", "The old bent axle on the shop floor");
});

test("on a phone the description questions fit the screen and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await newPost(page, "Small Screen");
  await page.locator(".ql-editor").fill("Text.");
  await page
    .locator("input[type=file]")
    .first()
    .setInputFiles(await pngFile(page, "featured.png"));
  await insertImage(page, "decking.png");
  const describe = page.getByRole("dialog", { name: "Describe this picture" });
  await expect(describe.getByLabel("Description")).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await expectNoAxeViolations(page);
  await describe.getByLabel("Description").fill("New oak decking boards");
  await describe.getByRole("button", { name: "Save description" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const question = page.getByRole("dialog", { name: "Publish without picture descriptions?" });
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Add descriptions" }).click();
  await expect(page.getByLabel("Image description (alt text)")).toBeFocused();
  await page.keyboard.type("A flatbed trailer with new decking");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL("/dbadmin/dashboard");
  await page.goto("/blog/small-screen");
  await expect(page.locator("section img").first()).toHaveAttribute("alt", "A flatbed trailer with new decking");
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", "A flatbed trailer with new decking");
});

for (const [source, fixture, heading, item] of [
  ["Word", "word.html", "h1", "Check the tire pressure"],
  ["Google Docs", "google-docs.html", "h2", "Grease the coupler"],
] as const) {
  test(`text pasted from ${source} keeps its structure and loses the document's look`, async ({ page }) => {
    await newPost(page, `Pasted from ${source}`);
    await paste(page, await readFile(new URL(fixture, PASTE_FIXTURES), "utf8"));
    const editor = page.locator(".ql-editor");
    await expect(editor.locator(heading)).toHaveCount(1);
    await expect(editor.locator("strong")).toHaveCount(1);
    await expect(editor.locator("em")).toHaveCount(1);
    await expect(editor.locator("li").first()).toHaveText(item);
    await expect(editor.locator("a")).toHaveAttribute("href", /^https:\/\/trailerworks\.example\//);
    const html = await editor.innerHTML();
    expect(html).not.toMatch(/style=|ql-(font|size|align)|color|background|Mso|<o:p/i);
    expect(html.replace(/<p><br><\/p>$/, "")).not.toContain("<p><br></p>");

    // Saved and published, the post shows the same structure.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL("/dbadmin/dashboard");
    await page.goto(`/blog/pasted-from-${source.toLowerCase().replace(" ", "-")}`);
    await expect(page.locator(`.post-content ${heading}`)).toHaveCount(1);
    await expect(page.locator(".post-content li").first()).toHaveText(item);
    expect(await page.locator(".post-content").innerHTML()).not.toMatch(/style=|color/i);
  });
}
