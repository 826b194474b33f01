// The owner's guide's pictures: the phone screens the owner works from, taken from a running
// server with a morning's requests in it. `make guide-images` writes them into
// docs/images/owner-guide/; make test takes them too (into test-results), so a screen the guide
// shows cannot break unseen.
import { resolve } from "node:path";
import { book, expect, signIn, test } from "./fixtures";

const GUIDE_IMAGES = process.env.GUIDE_IMAGES === "1" ? resolve(import.meta.dirname, "../../docs/images/owner-guide") : null;

test.use({
  admin: true,
  unlimitedBookings: true,
  withSmtp: true,
  notifyEmail: "owner@example.com",
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  reducedMotion: "reduce",
});

test("the phone screens the owner's guide shows", async ({ page }, info) => {
  await book(page, "Dana Ruiz", "emergency");
  await book(page, "Sam Carter", "urgent");
  const routine = await book(page, "Lee Nguyen");
  await signIn(page);
  const shot = async (name: string) => {
    // Nothing still loading or moving: the picture shows the screen as the owner reads it.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: GUIDE_IMAGES ? resolve(GUIDE_IMAGES, `${name}.png`) : info.outputPath(`${name}.png`) });
  };

  await expect(page.getByRole("region", { name: "Waiting for an answer" }).getByText("Lee Nguyen")).toBeVisible();
  await expect(page.getByRole("region", { name: "Emergencies" }).getByText("Dana Ruiz", { exact: true })).toBeVisible();
  await shot("today");

  await page.goto(`/dbadmin/bookings/${routine}`);
  await expect(page.getByRole("heading", { name: "Lee Nguyen", level: 1 })).toBeVisible();
  await shot("request");

  await page.goto("/dbadmin/bookings");
  await expect(page.getByRole("list", { name: "Requests" }).getByRole("listitem")).toHaveCount(3);
  await shot("bookings");

  await page.goto("/dbadmin/on-call");
  await expect(page.getByRole("heading", { name: "On call", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await shot("on-call");
});
