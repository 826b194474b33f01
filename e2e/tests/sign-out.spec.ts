// Logout always ends the session on the server: the Logout control sends the request itself,
// whatever the page believes, and the sign-in page shows only after the server has answered.
// Proven over many rounds, since a fault that struck 1 run in 6 passes a single one.
import { expect, pressLogout, publishShopNotes, signIn, test, type Server } from "./fixtures";

test.use({ admin: true });

/** What the old session cookie reads now. */
async function readWith(server: Server, cookie: string, path: string): Promise<number> {
  return (await fetch(`${server.url}${path}`, { headers: { cookie } })).status;
}

// On the owner's phone, where Logout sits behind More (at 1366 px it is in the header: the other
// sign-out tests press it there).
test("at 390 px Logout ends the session on the server in each of 20 rounds", async ({ page, context, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await publishShopNotes(server, 1);
  for (let round = 1; round <= 20; round++) {
    await signIn(page);
    const session = (await context.cookies()).find((cookie) => cookie.name.includes("trailerworks_session"));
    expect(session, `round ${round}: a session cookie`).toBeDefined();
    const cookie = `${session!.name}=${session!.value}`;
    expect(await readWith(server, cookie, "/api/admin/desk")).toBe(200);
    // Open and close a dialog, then reload: the page rebuilds what it believes.
    await page.goto("/dbadmin/dashboard");
    await page.getByRole("button", { name: "Delete Shop note 1" }).click();
    await expect(page.getByRole("dialog", { name: "Delete “Shop note 1”?" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Blog Posts" })).toBeVisible();
    const told = page.waitForResponse((response) => response.url().endsWith("/api/admin/logout"));
    await pressLogout(page);
    expect((await told).status(), `round ${round}: the server was told`).toBe(204);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("You are signed out.");
    expect(await readWith(server, cookie, "/api/admin/desk"), `round ${round}: the old cookie`).toBe(401);
    expect(await readWith(server, cookie, "/api/admin/posts"), `round ${round}: the old cookie`).toBe(401);
  }
});

test("Logout over unsaved changes asks first, and 'Keep editing' keeps them", async ({ page }) => {
  await signIn(page);
  await page.goto("/dbadmin/posts/new");
  await page.getByLabel("Title").fill("Half a thought");
  await pressLogout(page);
  const question = page.getByRole("dialog", { name: "Sign out with changes not saved?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Half a thought");
  await pressLogout(page);
  await question.getByRole("button", { name: "Sign out anyway" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.goto("/dbadmin/dashboard");
  await expect(page).toHaveURL("/dbadmin");
});
