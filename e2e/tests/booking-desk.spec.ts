// The booking desk: changing an answer and starting over, the emergency call button, where a
// mobile-service trailer is, where a request came from, the request number, focus and the live
// region, and axe at every step on a phone and a desktop.
import type { Locator, Page, Request } from "@playwright/test";
import {
  changeAnswer,
  choose,
  expect,
  expectNoAxeViolations,
  hydrated,
  mailWith,
  openSection,
  OWN_PHONE,
  OWN_PHONE_HREF,
  pngFile,
  say,
  signIn,
  talk,
  test,
} from "./fixtures";

// The assistant's "typing" pause is shorter for a visitor who asked for less motion: these
// journeys walk the dialog many times, so they ask for it (booking.spec.ts walks it at full motion).
test.use({ reducedMotion: "reduce" });

interface SentBooking {
  answers: { question: string; answer: string }[];
  location?: string;
  streetAddress?: string | null;
  source: Record<string, string>;
  photos: string[];
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Trailer Service Assistant" });
const logOf = (page: Page) => dialogOf(page).getByRole("log", { name: "Conversation" });

async function openFrom(page: Page, path: string, button: string): Promise<Locator> {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole("button", { name: button }).first().click();
  await expect(dialogOf(page)).toBeVisible();
  return dialogOf(page);
}

/** Answers the offered times with a call instead. */
async function callMe(page: Page) {
  await page.getByRole("button", { name: "Call me to schedule" }).click();
}

async function fillContact(page: Page) {
  await page.getByLabel("Name").fill("Sam Reyes");
  await page.getByLabel("Email").fill("sam@example.com");
  await page.getByLabel("Phone").fill("303-555-0177");
}

/** Submits the form and answers the JSON body the browser sent. */
async function submit(page: Page): Promise<SentBooking> {
  const sent = page.waitForRequest((r: Request) => r.url().endsWith("/api/bookings") && r.method() === "POST");
  await page.getByRole("button", { name: "Submit Request" }).click();
  const body = (await sent).postDataJSON() as SentBooking;
  await expect(page).toHaveURL("/thank-you");
  return body;
}

test("any answer can be changed, and Start over asks first; the recorded answers follow", async ({ page }) => {
  await openFrom(page, "/", "Book a Service");
  const log = logOf(page);
  await expect(page.getByRole("button", { name: "Start over" })).toHaveCount(0);
  await choose(page, "Dump Trailer");
  await choose(page, "Regular maintenance");
  await expect(log).toContainText("Do you need mobile service");
  await changeAnswer(page, "Regular maintenance");
  await expect(page.getByTestId("answers-cleared")).toHaveCount(0);
  await expect(log).not.toContainText("Regular maintenance");
  await expect(log).not.toContainText("Do you need mobile service");
  await expect(page.getByRole("button", { name: /^Change answer/ })).toHaveCount(1);
  await choose(page, "Repairs needed");
  await say(page, "Lights out on the left");
  await choose(page, "Can bring to shop");
  await choose(page, "Not urgent (routine service)");
  await callMe(page);
  await fillContact(page);

  // Changing answers from the form keeps what was typed in it.
  await changeAnswer(page);
  await expect(page.getByRole("form", { name: "Your contact information" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Drop-off times" })).toBeVisible();
  await changeAnswer(page);
  await choose(page, "Soon (within a week)");
  await callMe(page);
  await expect(page.getByLabel("Name")).toHaveValue("Sam Reyes");

  // An earlier answer: what is wrong, typed, comes back in the box to be corrected.
  await expect(page.getByRole("button", { name: "Change answer: Dump Trailer (the answers after it are cleared)" })).toBeVisible();
  await changeAnswer(page, "Lights out on the left");
  await expect(page.getByTestId("answers-cleared")).toHaveText(/^The \d+ answers after it were cleared: you'll be asked them again\.$/);
  await expect(log).not.toContainText("You: Can bring to shop");
  await expect(page.getByLabel("Your answer")).toHaveValue("Lights out on the left");
  await say(page, "Lights out on the right");
  await expect(page.getByTestId("answers-cleared")).toHaveCount(0);
  await talk(page, ["Can bring to shop", "Soon (within a week)"]);
  await callMe(page);

  // Start over asks first.
  await page.getByRole("button", { name: "Start over" }).click();
  await expect(page.getByText("Start over? Your answers so far will be cleared.")).toBeVisible();
  await page.getByRole("button", { name: "Keep my answers" }).click();
  await expect(log).toContainText("You: Lights out on the right");
  await page.getByRole("button", { name: "Start over" }).click();
  await page.getByRole("button", { name: "Yes, start over" }).click();
  await expect(log).not.toContainText("You: ");
  await expect(log).toHaveText(/^Assistant: Hi! I'm your trailer assistant/);
  await expect(page.getByRole("button", { name: "Start over" })).toHaveCount(0);
  await talk(page, ["Flatbed Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Urgent (24-48 hours)"]);
  await callMe(page);
  await expect(page.getByLabel("Name")).toHaveValue("Sam Reyes");
  const sent = await submit(page);
  expect(sent.answers.map((a) => a.answer)).toEqual(["Flatbed Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Urgent (24-48 hours)"]);
});

test.describe("an emergency", () => {
  test.use({ admin: true, ownDetails: true });

  test("shows the 24/7 number as a call button above the form and is an emergency in the inbox", async ({ page }) => {
    await openFrom(page, "/", "Book a Service");
    await talk(page, ["Enclosed Trailer", "Repairs needed", "Hitch cracked", "Can bring to shop"]);
    const call = page.getByRole("link", { name: `Call now: ${OWN_PHONE}` });
    await expect(call).toHaveCount(0);
    await choose(page, "Emergency (need immediate help)");
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", OWN_PHONE_HREF);
    const form = page.getByRole("form", { name: "Your contact information" });
    await expect(form).toBeVisible();
    const [callBox, formBox] = [await call.boundingBox(), await form.boundingBox()];
    expect(callBox && formBox && callBox.y < formBox.y).toBe(true);
    // Taking the emergency answer back takes the button away.
    await changeAnswer(page);
    await expect(call).toHaveCount(0);
    await choose(page, "Emergency (need immediate help)");
    await fillContact(page);
    await submit(page);

    await signIn(page);
    await page.getByRole("link", { name: "Bookings" }).click();
    const card = page.getByRole("article", { name: "Sam Reyes" });
    await expect(card.getByText("Emergency", { exact: true })).toBeVisible();
    // The answers go by short names; the full question is the name's tooltip.
    await expect(card.getByRole("term").filter({ hasText: /^Urgency$/ })).toHaveAttribute("title", "How urgent is this?");
    await expect(card.getByRole("definition").filter({ hasText: "Emergency (need immediate help)" })).toBeVisible();
  });
});

test.describe("mobile service", () => {
  test.use({ admin: true });

  test("asks where the trailer is, names the matching city page, and the inbox shows it", async ({ page }) => {
    await openFrom(page, "/", "Book a Service");
    const log = logOf(page);
    await talk(page, ["Tilt Trailer", "Repairs needed", "Tire blew out", "Need mobile service"]);
    await expect(log).toContainText(
      "Where is the trailer? Type the city or ZIP code, or pick a city below. On a highway, the highway and the nearest exit work too.",
    );
    const cities = page.getByRole("group", { name: "Cities we serve" }).getByRole("button");
    await expect(cities).toHaveCount(19);
    await expect(cities.first()).toHaveText("Lakewood");
    const input = page.getByLabel("Your answer");
    await expect(input).toBeFocused();
    await input.fill("80011");
    await input.press("Enter");
    await expect(log).toContainText("Good news: 80011 is in our service area (Aurora)");
    await expect(log.getByRole("link", { name: /Our Aurora page/ })).toHaveAttribute("href", "/service-areas/aurora");
    // Then the street, for the crew.
    await expect(log).toContainText("What's the street address? Cross streets or a highway mile marker work too.");
    await say(page, "E Colfax Ave & Peoria St");
    await expect(log).toContainText("How urgent is this?");

    // A town without a page, served from its neighbour's: said so, with the neighbour's page.
    await changeAnswer(page, "80011");
    await expect(input).toHaveValue("80011");
    await input.fill("Littleton");
    await input.press("Enter");
    await expect(log).toContainText("Good news: Littleton is in our service area, next to Englewood, and our mobile crew comes out there.");
    await expect(log.getByRole("link", { name: /Our Englewood page/ })).toHaveAttribute("href", "/service-areas/englewood");

    // Outside the area: said kindly, and the request still goes through.
    await changeAnswer(page, "Littleton");
    await input.fill("Boulder");
    await input.press("Enter");
    await expect(log).toContainText("Boulder looks like it's outside the cities we usually cover, but we'd still like to help.");
    await expect(log).not.toContainText("80011");
    await say(page, "2200 Broadway");
    await choose(page, "Soon (within a week)");
    // No arrival windows out there: the crew's visit is arranged by phone.
    await expect(log).toContainText("Our mobile crew's visits out there are arranged by phone, so we'll call you to agree a time.");
    await expect(page.getByRole("group", { name: "Arrival windows" })).toHaveCount(0);
    await fillContact(page);
    const sent = await submit(page);
    expect(sent.location).toBe("Boulder");
    expect(sent.streetAddress).toBe("2200 Broadway");

    await signIn(page);
    await page.getByRole("link", { name: "Bookings" }).click();
    const card = page.getByRole("article", { name: "Sam Reyes" });
    await expect(card).toContainText("Boulder: outside the usual service area");
    await expect(card).toContainText("2200 Broadway");
  });
});

test.describe("an emergency on a highway", () => {
  test.use({ admin: true, withSmtp: true, notifyEmail: "shop@example.com" });

  for (const width of [390, 1366]) {
    test(`at ${width} px a mile marker is taken as the roadside, with no city claimed anywhere`, async ({ page, smtp }) => {
      await page.setViewportSize({ width, height: 900 });
      await openFrom(page, "/", "Book a Service");
      const log = logOf(page);
      await talk(page, ["Dump Trailer", "Emergency service", "Axle snapped", "Need mobile service"]);
      await say(page, "I-70 mile marker 262");
      await expect(log).toContainText("Got it: I-70 mile marker 262. Our mobile crew covers the highways and roads around Denver, and we'll find you there.");
      await expect(log).not.toContainText("Parker");
      await expect(log.getByRole("link", { name: /^Our .* page$/ })).toHaveCount(0);
      await say(page, "Eastbound, just past the Genesee exit");
      await fillContact(page);
      const sent = await submit(page);
      expect(sent.location).toBe("I-70 mile marker 262");

      const mail = await mailWith(smtp, /EMERGENCY/);
      expect(mail.text).toContain("Trailer location: I-70 mile marker 262, by the road, no city named");
      expect(`${mail.subject} ${mail.text}`).not.toContain("Parker");
      await signIn(page);
      const emergency = page.getByRole("region", { name: "Emergencies" }).getByRole("listitem").filter({ hasText: "Sam Reyes" });
      await expect(emergency).toContainText("I-70 mile marker 262");
      await expect(emergency).not.toContainText("Parker");
      await emergency.getByRole("link").first().click();
      await expect(page.getByText("I-70 mile marker 262: by the road, no city named")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("where a request came from", () => {
  test.use({ admin: true });

  test("the page, the button, the referrer and the landing page's campaign reach the inbox and the table", async ({ page }) => {
    await page.goto("/service-areas/aurora?utm_source=flyer&utm_campaign=spring-brakes", { referer: "https://www.google.com/search?q=trailer" });
    await hydrated(page);
    // The visitor reads another page first: the landing page's tags are kept.
    await page.getByRole("link", { name: "Services", exact: true }).first().click();
    await expect(page).toHaveURL("/services");
    await page.goBack();
    await expect(page).toHaveURL(/\/service-areas\/aurora/);
    await page.getByRole("button", { name: "Schedule Service in Aurora" }).click();
    await talk(page, ["Dump Trailer", "Repairs needed", "Brakes grind", "Can bring to shop", "Soon (within a week)"]);
    await callMe(page);
    await fillContact(page);
    const sent = await submit(page);
    expect(sent.source).toEqual({
      page: "/service-areas/aurora",
      button: "Schedule Service in Aurora",
      referrer: "www.google.com",
      utmSource: "flyer",
      utmCampaign: "spring-brakes",
    });

    await signIn(page);
    await page.getByRole("link", { name: "Bookings" }).click();
    await expect(page.getByRole("article", { name: "Sam Reyes" })).toContainText(
      "/service-areas/aurora, 'Schedule Service in Aurora' button; arrived from www.google.com; campaign: flyer / spring-brakes",
    );
    const table = page.getByRole("region", { name: "Requests per page and week" });
    const row = table.getByRole("row", { name: /\/service-areas\/aurora/ });
    await expect(row.getByRole("cell").last()).toHaveText("1");
    await expectNoAxeViolations(page);
  });
});

test.describe("photos of the damage", () => {
  // The text file named .png is refused by the server on purpose.
  test.use({ admin: true, expectedConsoleErrors: [/status of 422/] });

  test("up to three go with the request, each with a progress bar, and the owner sees them in the inbox", async ({ page }) => {
    await openFrom(page, "/", "Book a Service");
    await talk(page, ["Enclosed Trailer", "Repairs needed", "Side door dented", "Can bring to shop", "Soon (within a week)"]);
    await callMe(page);
    await fillContact(page);
    // The first upload is held until the test lets it go, so its progress bar can be seen.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    let uploads = 0;
    await page.route("**/api/booking-photos", async (route) => {
      uploads += 1;
      if (uploads === 1) await held;
      await route.continue();
    });
    const picker = page.getByLabel("Add photos");
    await picker.setInputFiles([await pngFile(page, "damage-1.png")]);
    await expect(page.getByRole("progressbar", { name: "Uploading damage-1.png" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Uploading photos..." })).toBeDisabled();
    release();
    await expect(page.getByRole("listitem").filter({ hasText: "damage-1.png" })).toContainText("Uploaded");
    const notAPicture = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just text, not a picture") };
    await picker.setInputFiles([await pngFile(page, "damage-2.png"), notAPicture]);
    // The server's reason, not a generic failure.
    await expect(page.getByRole("listitem").filter({ hasText: "notes.png" })).toContainText("Please select an image file (PNG, JPG, GIF, WebP or HEIC)");
    await expect(page.getByRole("listitem").filter({ hasText: "damage-2.png" })).toContainText("Uploaded");
    // A refused file stays listed with its reason but takes none of the three places.
    await expect(page.getByLabel("Add photos")).toBeVisible();
    await page.getByRole("button", { name: "Remove notes.png" }).click();
    await expect(page.getByLabel("Add photos")).toBeVisible();
    await expectNoAxeViolations(page);
    const sent = await submit(page);
    expect(sent.photos).toHaveLength(2);

    // The customer's own page shows the photos they sent.
    await page.getByRole("link", { name: "See, change or cancel your request" }).click();
    const theirs = page.getByRole("list", { name: "Your photos" }).locator("img");
    await expect(theirs).toHaveCount(2);
    await expect.poll(() => theirs.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: /^Open photo \d of 2 you sent \(opens in a new tab\)$/ })).toHaveCount(2);
    await expectNoAxeViolations(page);

    await signIn(page);
    await page.getByRole("link", { name: "Bookings" }).click();
    const card = page.getByRole("article", { name: "Sam Reyes" });
    // Each thumbnail is a link named for what it opens.
    await expect(card.getByRole("link", { name: /^Open photo \d of 2 from Sam Reyes \(opens in a new tab\)$/ })).toHaveCount(2);
    const images = card.getByRole("list", { name: "Photos" }).locator("img");
    await expect(images).toHaveCount(2);
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("a phone photo over 5 MB", () => {
  test.use({ admin: true });

  for (const width of [390, 1366]) {
    test(`at ${width} px is made smaller in the browser and goes with the request`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openFrom(page, "/", "Book a Service");
      await talk(page, ["Enclosed Trailer", "Repairs needed", "Side door dented", "Can bring to shop", "Soon (within a week)"]);
      await callMe(page);
      await fillContact(page);
      // Noise does not compress: a 2,600 × 1,400 PNG of it is about 11 MB, as a phone's photo may be.
      const dataUrl = await page.evaluate(() => {
        const canvas = document.createElement("canvas");
        canvas.width = 2600;
        canvas.height = 1400;
        const context = canvas.getContext("2d");
        if (!context) return "";
        const pixels = context.createImageData(2600, 1400);
        let seed = 7;
        for (let i = 0; i < pixels.data.length; i += 1) {
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          pixels.data[i] = i % 4 === 3 ? 255 : seed & 255;
        }
        context.putImageData(pixels, 0, 0);
        return canvas.toDataURL("image/png");
      });
      const big = { name: "IMG_2041.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
      expect(big.buffer.length).toBeGreaterThan(5 * 1024 * 1024);
      const sizes: number[] = [];
      await page.route("**/api/booking-photos", async (route) => {
        const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
        sizes.push(body.length);
        expect(body.toString("latin1")).toContain('filename="IMG_2041.jpg"');
        await route.continue();
      });
      await page.getByLabel("Add photos").setInputFiles([big]);
      await expect(page.getByRole("listitem").filter({ hasText: "IMG_2041.png" })).toContainText("Uploaded");
      expect(sizes).toHaveLength(1);
      expect(sizes[0]).toBeLessThan(5 * 1024 * 1024);
      const sent = await submit(page);
      expect(sent.photos).toHaveLength(1);

      // The owner sees it on the inbox's cards (a desk's width).
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page);
      await page.getByRole("link", { name: "Bookings" }).click();
      const image = page.getByRole("article", { name: "Sam Reyes" }).getByRole("list", { name: "Photos" }).locator("img");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });
  }
});

test("focus follows the conversation and screen readers hear each assistant message", async ({ page }) => {
  await openFrom(page, "/", "Book a Service");
  const announcer = page.getByTestId("chat-announcer");
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  await expect(announcer).toHaveText("Hi! I'm your trailer assistant. What type of trailer do you have?");
  await choose(page, "Other (please specify)");
  await expect(page.getByLabel("Your answer")).toBeFocused();
  await expect(announcer).toContainText("What kind of trailer is it?");
  await page.keyboard.type("Car hauler");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Repairs needed" })).toBeFocused();
  await expect(announcer).toHaveText("What service do you need?");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Your answer")).toBeFocused();
  await expect(announcer).toContainText("What's going on with the trailer?");
  await page.keyboard.type("Brakes grind");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Need mobile service" })).toBeFocused();
  await choose(page, "Can bring to shop");
  await expect(page.getByRole("button", { name: "Emergency (need immediate help)" })).toBeFocused();
  await choose(page, "Not urgent (routine service)");
  await expect(announcer).toHaveText("When would you like to drop the trailer off? Here are our next open times.");
  await expect(page.getByRole("group", { name: "Drop-off times" }).getByRole("button").first()).toBeFocused();
  await callMe(page);
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(announcer).toContainText("how can we reach you?");
  await changeAnswer(page);
  await expect(page.getByRole("group", { name: "Drop-off times" }).getByRole("button").first()).toBeFocused();
  await changeAnswer(page);
  await expect(page.getByRole("button", { name: "Emergency (need immediate help)" })).toBeFocused();
});

test.describe("with the shop's own phone (the emergency call banner is checked too)", () => {
  test.use({ ownDetails: true });
  for (const [label, size] of [
    ["a phone (390 px)", { width: 390, height: 844 }],
    ["a desktop (1366 px)", { width: 1366, height: 900 }],
  ] as const) {
    test(`axe finds no violation at any step of the dialog on ${label}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("button", { name: "Book a Service" }).first().click();
      await expect(page.getByRole("button", { name: "Dump Trailer" })).toBeVisible();
      await expectNoAxeViolations(page);
      await choose(page, "Dump Trailer");
      await expect(page.getByRole("button", { name: "Repairs needed" })).toBeVisible();
      await expectNoAxeViolations(page);
      await choose(page, "Repairs needed");
      await expect(page.getByLabel("Your answer")).toBeVisible();
      await expectNoAxeViolations(page);
      await talk(page, ["Brakes grind", "Need mobile service"]);
      await expect(page.getByRole("group", { name: "Cities we serve" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("group", { name: "Cities we serve" }).getByRole("button", { name: "Golden" }).click();
      await expect(page.getByLabel("Your answer")).toHaveAttribute("placeholder", "Street address or cross streets");
      await expectNoAxeViolations(page);
      await say(page, "Hwy 6 at 19th St");
      await expect(page.getByRole("button", { name: "Emergency (need immediate help)" })).toBeVisible();
      await expectNoAxeViolations(page);
      await choose(page, "Emergency (need immediate help)");
      await expect(page.getByRole("link", { name: /Call now/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Submit Request" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("the admin's frame", () => {
  test.use({ admin: true });

  test("says when new bookings reach nobody, and counts the new ones in the navigation", async ({ page }) => {
    for (const name of ["Dana Hill", "Lee Park"]) {
      const sent = await page.request.post("/api/bookings", {
        data: {
          submissionId: crypto.randomUUID(),
          name,
          email: "visitor@example.com",
          phone: "303-555-0188",
          answers: [{ question: "What type of trailer do you have?", answer: "Utility Trailer" }],
          fillMs: 30000,
        },
      });
      expect(sent.status()).toBe(201);
    }
    await signIn(page);
    const notice = page.getByRole("heading", { name: "New booking requests are not sent to you" });
    await expect(notice).toBeVisible();
    await expect(page.getByText("Getting bookings by e-mail", { exact: false })).toBeVisible();
    await expect(page).toHaveTitle(/^\(2\) Today/);
    const bookings = page.getByRole("link", { name: "Bookings 2 unanswered" });
    await expect(bookings).toBeVisible();
    await expectNoAxeViolations(page);
    await bookings.click();
    await expect(notice).toBeVisible();
    await page.getByRole("article", { name: "Dana Hill" }).getByLabel("Status").selectOption("contacted");
    await expect(page.getByRole("link", { name: "Bookings 1 unanswered" })).toBeVisible();

    // One tap reaches the visitor; the search finds a booking by name or by phone however typed.
    const lee = page.getByRole("article", { name: "Lee Park" });
    await expect(lee.getByRole("link", { name: "Call Lee Park" })).toHaveAttribute("href", "tel:303-555-0188");
    await expect(lee.getByRole("link", { name: "Text Lee Park" })).toHaveAttribute("href", "sms:303-555-0188");
    await expect(lee.getByRole("link", { name: "E-mail Lee Park" })).toHaveAttribute("href", "mailto:visitor@example.com");
    await page.getByLabel("Search").fill("lee");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(lee).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/bookings.csv?q=lee");
    await page.getByLabel("Search").fill("(303) 555 0188");
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByLabel("Search").fill("nobody");
    await expect(page.getByText("No bookings match “nobody”.")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    // Elsewhere in the admin the count stays and the notice does not repeat.
    await openSection(page, "Account");
    await expect(page).toHaveTitle(/^\(1\) Account/);
    await expect(notice).toHaveCount(0);
  });
});
