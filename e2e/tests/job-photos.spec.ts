// Job photos: the owner takes a before photo of a job with the phone's camera input (shrunk to a
// long side of 2,048 px before it goes up), deletes a wrong one, and shares the first to the
// customer's own page, which shows it as the shop's; on a phone and a desktop, axe clean.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, pngFile, signIn, test } from "./fixtures";

test.use({ admin: true, unlimitedBookings: true });

/** A 2,600 × 1,400 picture, as a phone's camera gives one. */
const cameraPhoto = (page: Page, name: string) => pngFile(page, name, 2600, 1400);

for (const width of [390, 1366]) {
  test(`the owner takes a before photo of a job and shares it with the customer at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const sent = await page.request.post("/api/bookings", {
      data: {
        submissionId: crypto.randomUUID(),
        name: "Rosa Diaz",
        phone: "720-555-0133",
        email: "rosa@example.com",
        details: "Fender bent on the car hauler",
        answers: [{ key: "trailer", option: "car-hauler", question: "What type of trailer do you have?", answer: "Car Hauler" }],
        fillMs: 30000,
      },
    });
    expect(sent.status()).toBe(201);
    const { id, manageUrl } = (await sent.json()) as { id: number; manageUrl: string };

    await signIn(page);
    await page.goto(`/dbadmin/bookings/${id}`);
    const photos = page.getByRole("region", { name: "Photos" });
    await expect(photos.getByText("No photos yet.")).toBeVisible();
    const camera = photos.getByLabel("Take a photo");
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(camera).toHaveAttribute("accept", "image/*");
    await photos.getByLabel("What it shows").selectOption({ label: "Before" });
    const uploaded = page.waitForResponse((r) => r.url().includes(`/api/admin/bookings/${id}/photos`) && r.request().method() === "POST");
    await camera.setInputFiles(await cameraPhoto(page, "IMG_3001.png"));
    const answer = (await (await uploaded).json()) as { width: number; height: number };
    expect([answer.width, answer.height]).toEqual([2048, 1103]);
    await expect(photos.getByText("Before, taken by owner@example.com")).toBeVisible();
    await expectNoAxeViolations(page);

    // A wrong one goes again; the first stays.
    await photos.getByLabel("What it shows").selectOption({ label: "Damage" });
    await camera.setInputFiles(await cameraPhoto(page, "IMG_3002.png"));
    await expect(photos.getByText("Damage, taken by owner@example.com")).toBeVisible();
    await photos.getByRole("button", { name: "Delete photo 2" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this photo?" });
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Delete it" }).click();
    await expect(photos.getByText("Damage, taken by owner@example.com")).toHaveCount(0);
    await expect(photos.getByRole("listitem")).toHaveCount(1);

    const share = photos.getByRole("checkbox", { name: /On the customer’s page/ });
    await expect(share).not.toBeChecked();
    await share.click();
    await expect(share).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page);

    await page.goto(new URL(manageUrl, page.url()).pathname);
    await expect(page.getByRole("heading", { name: "Photos", exact: true })).toBeVisible();
    await expect(page.getByText("From the shop: Before")).toBeVisible();
    const shared = page.getByRole("link", { name: "Open photo 1 of 1 from the shop (before) (opens in a new tab)" });
    await expect.poll(() => shared.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });
}
