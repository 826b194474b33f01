// The owner's side at a real shop's size: 10,000 posts and 100,000 bookings seeded through the
// database, then the admin API and the admin in Chromium as the owner meets them. Prints one
// JSON object.
//   posts list: first page, a deep page and a title search (API p95, answer size);
//   inbox: first page, a deep page (95% down), searches (API p95, answer size);
//   Today (the admin's landing page): API p95 and answer size;
//   CSV export of every booking: time to the first byte, total time, rows, server RSS during it;
//   Chromium: sign-in to Today's lists, Today to the posts' table, to the inbox's list, JS heap.
// Usage: node bench/admin_scale.mjs BINARY PORT
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitReady } from "./ready.mjs";

const [binary, port] = process.argv.slice(2);
const POSTS = 10_000;
const BOOKINGS = 100_000;
const ROUNDS = 40;
const base = `http://127.0.0.1:${port}`;
const EMAIL = "bench@example.com";
const PASSWORD = "a long enough bench secret";
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];
const { chromium } = createRequire(join(import.meta.dirname, "../e2e/package.json"))("@playwright/test");

const data = mkdtempSync(join(tmpdir(), "trailerworks-admin-scale-"));
execFileSync(binary, ["demo-content", "--data-dir", data], { stdio: "ignore" });
const db = join(data, "trailerworks.db");
execFileSync("python3", [join(import.meta.dirname, "seed_posts.py"), db, String(POSTS)], { stdio: "ignore" });
const deepCursor = execFileSync("python3", [join(import.meta.dirname, "seed_bookings.py"), db, String(BOOKINGS)], { encoding: "utf8" }).trim();
execFileSync(binary, ["admin", "create", "--email", EMAIL, "--data-dir", data], { input: `${PASSWORD}\n`, stdio: ["pipe", "ignore", "inherit"] });

const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data], { stdio: "ignore" });
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0);
await waitReady(`${base}/healthz`);
await sleep(3000); // the background page warm-up

try {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const get = async (path) => {
    const t = performance.now();
    const response = await fetch(`${base}/api/admin${path}`, { headers: { cookie } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return { ms: performance.now() - t, bytes: text.length, body: text };
  };
  const measure = async (paths) => {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await get(paths[i % paths.length]);
      times.push(answer.ms);
      bytes = Math.max(bytes, answer.bytes);
    }
    return { p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxBytes: bytes };
  };

  const api = {
    postsFirst: await measure(["/posts?status=all&sort=newest&q=&page=1"]),
    postsDeep: await measure([`/posts?status=all&sort=newest&q=&page=${Math.floor(POSTS / 25) - 1}`]),
    postsSearch: await measure(["/posts?status=all&sort=newest&q=brake&page=1", "/posts?status=all&sort=newest&q=part%2099&page=1"]),
    inboxFirst: await measure(["/bookings"]),
    inboxDeep: await measure([`/bookings?after=${encodeURIComponent(deepCursor)}`]),
    inboxSearch: await measure(["/bookings?q=dana", "/bookings?q=303-555-01", "/bookings?q=horse%20trailer", "/bookings?q=wobbly", "/bookings?q=nobody%20at%20all"]),
    today: await measure(["/today"]),
  };
  const total = JSON.parse((await get("/bookings")).body).total;

  // The export, read as it streams, with the server's memory sampled meanwhile.
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 25);
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/bookings.csv`, { headers: { cookie } });
  const reader = response.body.getReader();
  let firstByteMs = null;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - started;
    for (const byte of value) if (byte === 10) newlines++;
  }
  const exportMs = performance.now() - started;
  clearInterval(sampler);
  const csv = { firstByteMs, totalMs: exportMs, lines: newlines, rssBeforeKb: rssBefore, rssPeakKb: rssPeak };

  // The admin in Chromium, as the owner signs in and opens the inbox.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const heapMb = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "JSHeapUsedSize").value / 1048576;
  };
  await page.goto(`${base}/dbadmin`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  let t = performance.now();
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("region", { name: "Waiting for an answer" }).getByRole("listitem").first().waitFor();
  const todayMs = performance.now() - t;
  const todayRows = await page.getByRole("region", { name: "Waiting for an answer" }).getByRole("listitem").count();
  const todayHeapMb = await heapMb();
  t = performance.now();
  await page.getByRole("link", { name: "Posts" }).click();
  await page.locator("tbody tr").first().waitFor();
  const dashboardMs = performance.now() - t;
  const dashboardRows = await page.locator("tbody tr").count();
  const dashboardHeapMb = await heapMb();
  t = performance.now();
  await page.getByRole("link", { name: /^Bookings/ }).click();
  await page.getByRole("article").first().waitFor();
  const inboxMs = performance.now() - t;
  const inboxCards = await page.getByRole("article").count();
  const inboxHeapMb = await heapMb();
  await browser.close();

  console.log(JSON.stringify({ posts: POSTS, bookings: total, api, csv, browser: { todayMs, todayRows, todayHeapMb, dashboardMs, dashboardRows, dashboardHeapMb, inboxMs, inboxCards, inboxHeapMb } }));
} finally {
  server.kill("SIGTERM");
  rmSync(data, { recursive: true, force: true });
}
