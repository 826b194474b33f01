// Each test gets its own server (make test's build of the binary, on a free port) with its own data directory,
// and fails if the page logs any console error or warning (hydration mismatches included). The
// server and the browser run on a pinned clock that starts at TEST_NOW, never on today's date.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import PostalMime, { type Email } from "postal-mime";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startTexts, textArgs, type TextStandIn } from "./textStandIn";
import { startStripe, stripeArgs, type StripeStandIn } from "./stripeStandIn";

const BINARY = resolve(import.meta.dirname, "../../target/test-release/trailerworks");

/** The shop's own phone and e-mail (with `ownDetails`), where the shipped details have
 * placeholders that visitors are not shown. */
export const OWN_PHONE = "(303) 555-2147";
export const OWN_PHONE_HREF = "tel:+13035552147";
export const OWN_EMAIL = "service@frontrangetrailer.com";

/** The built-in content file with the shop's own phone and e-mail, written into `dataDir`. */
function ownDetails(dataDir: string): string {
  const shipped = readFileSync(resolve(import.meta.dirname, "../../content/site.toml"), "utf8");
  const path = join(dataDir, "own-details.toml");
  writeFileSync(path, shipped.replace("(303) 555-0147", OWN_PHONE).replace("service@example.com", OWN_EMAIL));
  return path;
}

/** The instant every test's server and browser clocks start at: TRAILERWORKS_TEST_NOW (RFC 3339),
 * or by default a Tuesday morning in spring on the shop's clock. `scripts/pinned-dates.sh` runs the
 * journeys at the dates that matter (a month's first and last day, 29 February, both DST changes,
 * Christmas Eve, New Year's Eve at 23:59). */
export const TEST_NOW = process.env.TRAILERWORKS_TEST_NOW ?? "2026-04-14T15:30:00Z";

export interface Server {
  url: string;
  dataDir: string;
}

/** What the server's clock reads now, in milliseconds since the epoch. */
export async function serverNow(server: Server): Promise<number> {
  const { now } = (await (await fetch(`${server.url}/test-clock`)).json()) as { now: string };
  return Date.parse(now);
}

/** Sets the clock of the browser `context` to what the server's reads; it runs on from there. */
export async function onServerClock(context: BrowserContext, server: Server): Promise<BrowserContext> {
  await context.clock.install({ time: await serverNow(server) });
  return context;
}

/** Moves the server's clock and the page's `ms` ahead, as if that time had passed: an escalation
 * step, a reminder or a scheduled post comes due. */
export async function moveClock(page: Page, server: Server, ms: number): Promise<void> {
  const moved = await fetch(`${server.url}/test-clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!moved.ok) throw new Error(`moving the clock answered ${moved.status}`);
  await page.clock.fastForward(ms);
}

/** The hour on the shop's clock (Denver) at `ms` since the epoch. */
function shopHour(ms: number): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Denver", hour: "numeric", hourCycle: "h23" }).format(ms));
}

/** Moves both clocks on to the next 10 AM on the shop's clock unless it is between 8 AM and 9 PM
 * already: the owner's texts about requests that are not emergencies go out only then. */
export async function inTextingHours(page: Page, server: Server): Promise<void> {
  const now = await serverNow(server);
  if (shopHour(now) >= 8 && shopHour(now) < 21) return;
  let ahead = 15 * 60 * 1000;
  while (shopHour(now + ahead) !== 10) ahead += 15 * 60 * 1000;
  await moveClock(page, server, ahead);
}

/** The admin account of servers started with `admin: true`. */
export const ADMIN = { email: "owner@example.com", password: "a long enough owner secret" };

/** A local SMTP receiver (no TLS, no auth) that keeps each message it accepts. */
export interface SmtpStandIn {
  url: string;
  messages: string[];
  close: () => void;
}

async function startSmtp(): Promise<SmtpStandIn> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let data: string | null = null;
    socket.write("220 stand-in ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === ".") {
            messages.push(data);
            data = null;
            socket.write("250 OK queued\r\n");
          } else {
            // A line the client began with a dot has a second one added (RFC 5321, 4.5.2).
            data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.toUpperCase();
        if (command.startsWith("EHLO")) socket.write("250-stand-in\r\n250 8BITMIME\r\n");
        else if (command.startsWith("DATA")) {
          data = "";
          socket.write("354 go ahead\r\n");
        } else if (command.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => server.close() };
}

async function startServer(
  { demoContent, admin, own }: { demoContent: boolean; admin: boolean; own: boolean },
  serveArgs: string[],
): Promise<{ server: Server; process: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), "trailerworks-e2e-"));
  if (own) serveArgs.push("--content", ownDetails(dataDir));
  const clock = ["--clock-start", TEST_NOW];
  if (demoContent) execFileSync(BINARY, ["demo-content", "--data-dir", dataDir, ...clock], { stdio: "ignore" });
  if (admin) {
    execFileSync(BINARY, ["admin", "create", "--email", ADMIN.email, "--data-dir", dataDir, ...clock], {
      input: `${ADMIN.password}\n`,
      stdio: ["pipe", "ignore", "inherit"],
    });
  }
  const child = spawn(BINARY, ["serve", "--listen", "127.0.0.1:0", "--data-dir", dataDir, ...clock, ...serveArgs], {
    env: { ...process.env, NO_COLOR: "1", RUST_LOG: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((done, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { server: { url, dataDir }, process: child };
}

/** Console messages that mean something is wrong: errors, warnings and uncaught exceptions. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // Chromium reports a document served with status 404 as a failed resource; that is the 404
    // page working as intended, not a problem.
    const isDocument404 = message.text().includes("status of 404") && message.location().url === page.url();
    if (!isDocument404) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

export const test = base.extend<{
  server: Server;
  consoleProblems: string[];
  expectedConsoleErrors: RegExp[];
  demoContent: boolean;
  ownDetails: boolean;
  admin: boolean;
  smtp: SmtpStandIn | null;
  withSmtp: boolean;
  texts: TextStandIn | null;
  withTexts: boolean;
  stripe: StripeStandIn | null;
  withStripe: boolean;
  notifyEmail: string | null;
  unlimitedBookings: boolean;
  backups: boolean;
}>({
  /** Make scheduled backups (every 6 hours, the first at start) into a directory beside the data. */
  backups: [false, { option: true }],
  /** Start a local SMTP receiver and give the server its settings (`smtp` is then the receiver). */
  withSmtp: [false, { option: true }],
  /** With `withSmtp`: the address the server sends the shop's e-mail to (`--notify-email`). */
  notifyEmail: [null, { option: true }],
  smtp: async ({ withSmtp }, use) => {
    const smtp = withSmtp ? await startSmtp() : null;
    await use(smtp);
    smtp?.close();
  },
  /** Start a local text provider and give the server its settings (`texts` is then the provider). */
  withTexts: [false, { option: true }],
  texts: async ({ withTexts }, use) => {
    const texts = withTexts ? await startTexts() : null;
    await use(texts);
    texts?.close();
  },
  /** Start a local Stripe Checkout stand-in and give the server its keys (`stripe` is then it). */
  withStripe: [false, { option: true }],
  stripe: async ({ withStripe }, use) => {
    const stripe = withStripe ? await startStripe() : null;
    await use(stripe);
    stripe?.close();
  },
  /** Turn the per-address booking limit off, for tests that send many bookings. */
  unlimitedBookings: [false, { option: true }],
  /** Start the server with the sample blog posts in its database. */
  demoContent: [false, { option: true }],
  /** Start with the shop's own phone and e-mail (OWN_PHONE, OWN_EMAIL) in place of the shipped
   * placeholders, which visitors are not shown. */
  ownDetails: [false, { option: true }],
  /** Create the admin account (ADMIN) before the server starts. */
  admin: [false, { option: true }],
  /** Console messages a test provokes on purpose (a failure it simulates), and so accepts. Give
   * one pattern (join alternatives with |): test.use reads a two-item array as [value, options]. */
  expectedConsoleErrors: [[], { option: true }],
  server: async ({ demoContent, ownDetails: own, admin, smtp, notifyEmail, unlimitedBookings, backups, texts, stripe }, use) => {
    // Visit counts are written every quarter second, so the Insights page shows them at once. A
    // browser driven by a test fills the booking form faster than any person: the spam rule on
    // the time taken (3 s by default) is tested in the API suite, and kept out of the way here.
    const serveArgs = ["--insights-write-every-ms", "250", "--booking-min-fill-ms", "300"];
    if (smtp) serveArgs.push("--smtp-url", smtp.url, "--mail-from", "Trailer Works <bookings@example.com>");
    if (smtp && notifyEmail) serveArgs.push("--notify-email", notifyEmail);
    if (unlimitedBookings) serveArgs.push("--booking-rate-limit", "0");
    if (texts) serveArgs.push(...textArgs(texts));
    if (stripe) serveArgs.push(...stripeArgs(stripe));
    const backupDir = backups ? mkdtempSync(join(tmpdir(), "tw-e2e-backups-")) : null;
    if (backupDir) serveArgs.push("--backup-dir", backupDir);
    const { server, process } = await startServer({ demoContent, admin, own }, serveArgs);
    if (stripe) stripe.site = server.url;
    await use(server);
    process.kill("SIGTERM");
    rmSync(server.dataDir, { recursive: true, force: true });
    if (backupDir) rmSync(backupDir, { recursive: true, force: true });
  },
  baseURL: async ({ server }, use) => use(server.url),
  /** The browser's clock reads what the server's does, and runs on from there. */
  context: async ({ context, server }, use) => use(await onServerClock(context, server)),
  consoleProblems: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems = watchConsole(page);
      await use(problems);
      const unexpected = problems.filter((p) => !expectedConsoleErrors.some((pattern) => pattern.test(p)));
      expect(unexpected, "console errors and warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Runs axe-core on the page, once nothing is loading (a list reloading is dimmed: a live
 * update may start one at any moment) and entrance animations have finished, and expects no
 * violation. Legacy mode runs axe inside the page: the default opens a second, blank page to
 * merge the frames' results, which failed once in a loaded CI run (stop 55). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Publishes `count` posts, 'Shop note 1' to 'Shop note {count}' (the newest), through the admin
 * API as the owner would; the server needs `admin: true`. */
export async function publishShopNotes(server: Server, count: number): Promise<void> {
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  for (let n = 1; n <= count; n++) {
    const response = await fetch(`${server.url}/api/admin/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken },
      body: JSON.stringify({
        title: `Shop note ${n}`,
        slug: `shop-note-${n}`,
        excerpt: `News from the shop, number ${n}.`,
        content: `<p>Note ${n} from the shop floor.</p>`,
        featuredImage: null,
        published: true,
      }),
    });
    if (response.status !== 201) throw new Error(`publishing shop note ${n} answered ${response.status}`);
  }
}

/** The first e-mail the SMTP stand-in received whose subject matches, read as a mail client
 * would (decoded parts and attachments); waits up to 10 s for it. */
export async function mailWith(smtp: SmtpStandIn | null, subject: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        for (const raw of smtp?.messages ?? []) {
          const mail = await PostalMime.parse(raw);
          if (subject.test(mail.subject ?? "")) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `an e-mail with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The text of an e-mail's calendar file. */
export function calendarOf(mail: Email): string {
  const file = mail.attachments.find((attachment) => attachment.mimeType === "text/calendar");
  if (!file) throw new Error(`no calendar file in "${mail.subject}"`);
  return typeof file.content === "string" ? file.content : new TextDecoder().decode(file.content);
}

/** The assistant's questions, as a request sent through the API quotes them. */
const QUESTIONS = {
  trailer: "Hi! I'm your trailer assistant. What type of trailer do you have?",
  service: "What service do you need?",
  happened: 'What happened? A few words help the crew come ready, like "axle snapped" or "tire blew out, no spare".',
  where: "Do you need mobile service, or can you bring the trailer to our shop?",
  urgency: "How urgent is this?",
};

export type Kind = "routine" | "urgent" | "emergency";

/** Sends a request as the booking dialog does, as a visitor taking 30 s over it; its id. An
 * emergency is a mobile one in Aurora, with what happened and where in the customer's words. */
export async function book(page: Page, name: string, kind: Kind = "routine", appointment?: { kind: "shop"; start: string }): Promise<number> {
  const answers =
    kind === "emergency"
      ? [
          { question: QUESTIONS.trailer, answer: "Enclosed Trailer" },
          { question: QUESTIONS.service, answer: "Emergency service" },
          { question: QUESTIONS.happened, answer: "Axle snapped on I-70, mile 259" },
          { question: QUESTIONS.where, answer: "Need mobile service" },
        ]
      : [
          { question: QUESTIONS.trailer, answer: "Flatbed Trailer" },
          { question: QUESTIONS.service, answer: "Repairs needed" },
          { question: QUESTIONS.where, answer: "Can bring to shop" },
          { question: QUESTIONS.urgency, answer: kind === "urgent" ? "Urgent (24-48 hours)" : "Soon (within a week)" },
        ];
  const response = await page.request.post("/api/bookings", {
    data: {
      submissionId: crypto.randomUUID(),
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      phone: "303-555-0142",
      answers,
      location: kind === "emergency" ? "Aurora" : undefined,
      streetAddress: kind === "emergency" ? "I-70 westbound, mile 259" : undefined,
      appointment,
      fillMs: 30000,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Picks one of the booking assistant's quick answers. */
export async function choose(page: Page, option: string): Promise<void> {
  await page.getByRole("group", { name: "Quick answers" }).getByRole("button", { name: option, exact: true }).click();
}

/** Types an answer to the assistant's question that asks for words, and sends it. */
export async function say(page: Page, text: string): Promise<void> {
  await page.getByLabel("Your answer").fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

/** Answers the assistant in turn: the quick answer (or city) of that name when one is offered,
 * else typed in the answer box. */
export async function talk(page: Page, answers: string[]): Promise<void> {
  for (const answer of answers) {
    const option = page.getByRole("group", { name: /^(Quick answers|Cities we serve)$/ }).getByRole("button", { name: answer, exact: true });
    const box = page.getByLabel("Your answer");
    await expect(option.or(box).first()).toBeVisible();
    if (await option.isVisible()) await option.click();
    else await say(page, answer);
  }
}

/** `text` matched as itself in a regular expression. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Presses 'Change answer' under the visitor's answer `answer` (the last answer when not given). */
export async function changeAnswer(page: Page, answer?: string): Promise<void> {
  const later = " (the answers after it are cleared)";
  const name = answer === undefined ? /^Change answer/ : new RegExp(`^Change answer: ${escaped(answer)}(${escaped(later)})?$`);
  const buttons = page.getByRole("button", { name });
  await (answer === undefined ? buttons.last() : buttons).click();
}

/** Signs in as ADMIN (servers started with `admin: true`) through the API, the browser keeping
 * the cookie, and lands on Today. The sign-in form itself is walked in admin.spec.ts. */
export async function signIn(page: Page): Promise<void> {
  const signedIn = await page.request.post("/api/admin/login", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(signedIn.status()).toBe(200);
  await page.goto("/dbadmin/today");
  await hydrated(page);
}

/** Opens a section of the admin from its navigation, which a phone keeps behind 'More' in the
 * bottom bar. */
export async function openSection(page: Page, name: string | RegExp): Promise<void> {
  const menu = page.getByRole("button", { name: "More", exact: true });
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await expect(menu.or(sections).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await sections.getByRole("link", { name }).click();
}

/** Presses Logout, which a phone keeps behind 'More' with the sections. */
export async function pressLogout(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "More", exact: true });
  const logout = page.getByRole("button", { name: "Logout" });
  await expect(menu.or(logout).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await logout.click();
}

/** Signs in as ADMIN and opens the posts (the blog's dashboard). */
export async function signInToPosts(page: Page): Promise<void> {
  await signIn(page);
  await page.goto("/dbadmin/dashboard");
  await hydrated(page);
}

/** A PNG of one colour made by the browser's canvas: small, or `width` × `height`. */
export async function pngFile(page: Page, name = "trailer.png", width = 800, height = 420): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d");
      if (context) {
        context.fillStyle = "#c2410c";
        context.fillRect(0, 0, w, h);
      }
      return canvas.toDataURL("image/png");
    },
    { w: width, h: height },
  );
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}
