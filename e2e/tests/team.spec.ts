// The shop's team: the owner invites a staff member on the computer; she chooses her password
// with the link on her phone, signs in, works from Today, is told why an owner's screen is not
// hers, gives her mobile number and takes the calls; the owner sets the weekly rota, lets urgent
// requests in shop hours escalate, and requires two-step sign-in, which she sets up as she signs in.
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, book, expect, expectNoAxeViolations, hydrated, onServerClock, openSection, serverNow, signIn, test } from "./fixtures";
import { totp } from "./totp";

// The owner tries escalation steps out of order: the server refuses them (422), as it should.
test.use({ admin: true, expectedConsoleErrors: [/status of 422/] });

const STAFF = { name: "Ana Ruiz", email: "ana@example.com", password: "Ana's own long password" };

test("the owner invites a staff member, who joins on her phone, takes an emergency from Today, and is kept from Site", async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await book(page, "Dana Flat", "emergency");
  await signIn(page);
  await openSection(page, "Team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(page.getByText(`${ADMIN.email} · Owner`)).toBeVisible();
  await page.getByLabel("Name").fill(STAFF.name);
  await page.getByLabel("E-mail address").fill(STAFF.email);
  await page.getByRole("radio", { name: /^Staff/ }).check();
  await page.getByRole("button", { name: "Send the invitation" }).click();
  const notice = page.getByRole("status").filter({ hasText: "E-mail is not set up" });
  await expect(notice).toBeVisible();
  const link = await notice.locator("code").innerText();
  expect(link).toContain("/dbadmin/join/");
  await expect(page.getByText(`${STAFF.name}, ${STAFF.email}, as staff.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Her phone: another browser, with nothing of the owner's.
  const phone = await onServerClock(await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL }), server);
  const ana = await phone.newPage();
  await ana.goto(new URL(link).pathname);
  await hydrated(ana);
  await expect(ana.getByText(`${STAFF.name}, you are invited to the team as staff. You will sign in as ${STAFF.email}.`)).toBeVisible();
  await expectNoAxeViolations(ana);
  await ana.getByLabel("New password", { exact: true }).fill(STAFF.password);
  await ana.getByLabel("New password again").fill(STAFF.password);
  await ana.getByRole("button", { name: "Choose the password" }).click();
  await expect(ana.getByRole("status")).toContainText("Welcome to the team");
  await ana.getByRole("link", { name: "Go to sign-in" }).click();
  await ana.getByLabel("Email").fill(STAFF.email);
  await ana.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await ana.getByRole("button", { name: "Sign In" }).click();
  await expect(ana).toHaveURL(/\/dbadmin\/today$/);
  await expect(ana.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  // The emergency is taken from Today, where it comes first.
  await ana.getByRole("button", { name: /got it.*Dana Flat/ }).click();
  await expect(ana.getByText("Taken by Ana Ruiz")).toBeVisible();
  await expect(ana.getByRole("button", { name: /got it.*Dana Flat/ })).toHaveCount(0);
  await ana.getByRole("button", { name: "More", exact: true }).click();
  await expect(ana.locator("#admin-sections").getByText(STAFF.name, { exact: true }), "the menu names her").toBeVisible();
  const sections = ana.getByRole("navigation", { name: "Admin sections" });
  await expect(sections.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Site" })).toHaveCount(0);
  await expect(sections.getByRole("link", { name: "Team" })).toHaveCount(0);
  await ana.goto("/dbadmin/site");
  await expect(ana.getByRole("heading", { name: "For the shop’s owners" })).toBeVisible();
  await expect(ana.getByText("Only an owner of the shop may do this")).toBeVisible();
  // She gives her mobile number for the escalation's texts, and takes the calls for 4 hours.
  await ana.goto("/dbadmin/on-call");
  await expect(ana.getByTestId("on-call-now")).toHaveText(ADMIN.email);
  await ana.getByRole("textbox", { name: "Mobile number" }).fill("555");
  await ana.getByRole("button", { name: "Save the number" }).click();
  await expect(ana.getByText("Enter a phone number with area code")).toBeVisible();
  await ana.getByRole("textbox", { name: "Mobile number" }).fill("(720) 555-0134");
  await ana.getByRole("button", { name: "Save the number" }).click();
  await expect(ana.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await ana.getByLabel("I’m on call for").selectOption("4");
  await ana.getByRole("button", { name: "Take the calls" }).click();
  await expect(ana.getByTestId("on-call-now")).toHaveText(`${STAFF.name}, then ${ADMIN.email}`);
  await expect(ana.getByRole("button", { name: "Save the rota" })).toHaveCount(0);
  await expectNoAxeViolations(ana);
  await phone.close();

  // The owner sees her on the team, no open invitation any more, and who has the request.
  await page.reload();
  await expect(page.getByText(`${STAFF.email} · Staff`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invitations not yet accepted" })).toHaveCount(0);
  await page.goto("/dbadmin/today");
  await expect(page.getByRole("link", { name: `${STAFF.name}, then ${ADMIN.email}` })).toBeVisible();
  await expect(page.getByText("Taken by Ana Ruiz")).toBeVisible();
  await page.getByText("Taken by Ana Ruiz").click();
  await expect(page.getByText(/^Taken by Ana Ruiz, /)).toBeVisible();

  // The owner's rota: weekdays only, Ana first and the owner second; the weekend is a gap. Monday's
  // shift copied to every day, the weekend's copies removed: seven taps.
  await page.goto("/dbadmin/on-call");
  await page.getByRole("button", { name: "Hand back to the rota" }).click();
  await expect(page.getByTestId("on-call-now")).toHaveText(ADMIN.email);
  await page.getByRole("button", { name: "Add a shift" }).click();
  const shifts = page.getByRole("listitem").filter({ has: page.getByLabel("Day") });
  await shifts.first().getByLabel("First").selectOption({ label: STAFF.name });
  await shifts.first().getByLabel("Second").selectOption({ label: ADMIN.email });
  await page.getByRole("button", { name: "Copy to every day the shift on Monday from midnight" }).click();
  await expect(shifts).toHaveCount(7);
  await expect(shifts.last().getByLabel("Second")).toHaveValue(await shifts.first().getByLabel("Second").inputValue());
  await page.getByRole("button", { name: "Remove the shift on Saturday from midnight" }).click();
  await page.getByRole("button", { name: "Remove the shift on Sunday from midnight" }).click();
  await expect(shifts).toHaveCount(5);
  await page.getByRole("button", { name: "Save the rota" }).click();
  await expect(page.getByText("Saturday all day")).toBeVisible();
  await expect(page.getByText("Sunday all day")).toBeVisible();
  await page.getByLabel("Tell the second on call after (minutes)").fill("4");
  await page.getByRole("button", { name: "Save the steps" }).click();
  await expect(page.getByRole("alert")).toContainText("Each step must come after the one before it");
  await page.getByLabel("Tell the second on call after (minutes)").fill("10");
  await page.getByRole("checkbox", { name: "Urgent requests that arrive while the shop is open escalate too" }).check();
  await page.getByRole("button", { name: "Save the steps" }).click();
  await expect(page.getByRole("region", { name: "When nobody answers an emergency" }).getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Urgent requests that arrive while the shop is open escalate too" })).toBeChecked();
  await expectNoAxeViolations(page);
});

/** Signs in as the owner through the API: the CSRF token of the session `request` now holds. */
async function ownerToken(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post("/api/admin/login", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(signedIn.status()).toBe(200);
  return ((await signedIn.json()) as { csrfToken: string }).csrfToken;
}

test("the owner requires two-step sign-in, and a member without it sets it up as she signs in on her phone", async ({ page, browser, baseURL, server }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // The owner's own app, and Ana on the team, made through the API as the screens would.
  const csrf = { "x-csrf-token": await ownerToken(page.request) };
  const setup = (await (await page.request.post("/api/admin/account/two-factor/setup", { headers: csrf })).json()) as { secret: string };
  expect(
    (await page.request.post("/api/admin/account/two-factor/enable", { headers: csrf, data: { code: totp(setup.secret, await serverNow(server)) } })).status(),
  ).toBe(200);
  const invited = await page.request.post("/api/admin/team/invitations", { headers: csrf, data: { name: STAFF.name, email: STAFF.email, role: "staff" } });
  const token = ((await invited.json()) as { link: string }).link.split("/").pop() ?? "";
  expect((await page.request.post(`/api/admin/invitation/${token}`, { data: { newPassword: STAFF.password } })).status()).toBe(201);

  await page.goto("/dbadmin/team");
  await hydrated(page);
  await expect(page.getByText(`${STAFF.email} · Staff · two-step sign-in off`)).toBeVisible();
  await page.getByRole("button", { name: "Require two-step sign-in for everyone" }).click();
  await expect(page.getByText("Required: everyone signs in with a password and a code from an authenticator app.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop requiring two-step sign-in" })).toBeVisible();
  await expectNoAxeViolations(page);

  const phone = await onServerClock(await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL }), server);
  const ana = await phone.newPage();
  await ana.goto("/dbadmin");
  await hydrated(ana);
  await ana.getByLabel("Email").fill(STAFF.email);
  await ana.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await ana.getByRole("button", { name: "Sign In" }).click();
  await expect(ana.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible();
  await expect(ana.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  await expectNoAxeViolations(ana);
  const secret = (await ana.getByTestId("totp-secret").textContent()) ?? "";
  await ana.getByLabel("2. The 6-digit code the app shows").fill(totp(secret, await serverNow(server)));
  await ana.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(ana.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expectNoAxeViolations(ana);
  await ana.getByRole("button", { name: "I have saved them" }).click();
  await expect(ana).toHaveURL(/\/dbadmin\/today$/);
  await expect(ana.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  await phone.close();

  await page.reload();
  await expect(page.getByText(`${STAFF.email} · Staff · two-step sign-in on`)).toBeVisible();
});
