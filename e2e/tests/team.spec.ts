// The shop's team: the owner invites a staff member on the computer; she chooses her password
// with the link on her phone, signs in, works from Today, is told why an owner's screen is not
// hers, gives her mobile number and takes the calls; the owner sets the weekly rota.
import { ADMIN, expect, expectNoAxeViolations, hydrated, openSection, signIn, test } from "./fixtures";

// The owner tries escalation steps out of order: the server refuses them (422), as it should.
test.use({ admin: true, expectedConsoleErrors: [/status of 422/] });

const STAFF = { name: "Ana Ruiz", email: "ana@example.com", password: "Ana's own long password" };

test("the owner invites a staff member, who joins on her phone, takes an emergency from Today, and is kept from Site", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const booked = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name: "Dana Flat",
      email: "dana@example.com",
      phone: "303-555-0142",
      answers: [
        { question: "Hi! I'm your trailer assistant. What type of trailer do you have?", answer: "Flatbed Trailer" },
        { question: "What service do you need?", answer: "Emergency service" },
        { question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: "Need mobile service" },
      ],
      location: "Aurora",
      streetAddress: "I-225 north, exit 7",
      fillMs: 30000,
    },
  });
  expect(booked.status()).toBe(201);
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
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
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

  // The owner's rota: weekdays only, Ana first and the owner second; the weekend is a gap.
  await page.goto("/dbadmin/on-call");
  await page.getByRole("button", { name: "Hand back to the rota" }).click();
  await expect(page.getByTestId("on-call-now")).toHaveText(ADMIN.email);
  for (let day = 0; day < 5; day++) {
    await page.getByRole("button", { name: "Add a shift" }).click();
    const shift = page.getByRole("listitem").filter({ has: page.getByLabel("Day") }).last();
    await shift.getByLabel("Day").selectOption(String(day));
    await shift.getByLabel("First").selectOption({ label: STAFF.name });
    await shift.getByLabel("Second").selectOption({ label: ADMIN.email });
  }
  await page.getByRole("button", { name: "Save the rota" }).click();
  await expect(page.getByText("Saturday all day")).toBeVisible();
  await expect(page.getByText("Sunday all day")).toBeVisible();
  await page.getByLabel("Tell the second on call after (minutes)").fill("4");
  await page.getByRole("button", { name: "Save the steps" }).click();
  await expect(page.getByRole("alert")).toContainText("Each step must come after the one before it");
  await expectNoAxeViolations(page);
});
