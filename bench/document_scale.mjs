// Quotes and invoices at a real shop's size: 10,000 customers with a request each, 10,000 quotes of
// one to three options of eight lines and 10,000 issued invoices of eight lines (two in five paid,
// one in five in part), seeded through the database; a quote's page, a request's list of quotes, a
// draft's save, an invoice's page, the invoices lists, Today and the invoices' CSV through the
// admin API (p50 and p95 of 200 rounds on documents picked at random, answer size). Prints one
// JSON object.
// Usage: node bench/document_scale.mjs BINARY PORT
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitReady } from "./ready.mjs";

const [binary, port] = process.argv.slice(2);
const DOCUMENTS = 10_000;
const ROUNDS = 200;
const base = `http://127.0.0.1:${port}`;
const EMAIL = "bench@example.com";
const PASSWORD = "a long enough bench secret";
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

const data = mkdtempSync(join(tmpdir(), "trailerworks-quotes-"));
execFileSync(binary, ["demo-content", "--data-dir", data], { stdio: "ignore" });
const database = join(data, "trailerworks.db");
execFileSync("python3", [join(import.meta.dirname, "seed_customers.py"), database, String(DOCUMENTS), "1"], { stdio: "ignore" });
const [firstQuote] = execFileSync("python3", [join(import.meta.dirname, "seed_quotes.py"), database, String(DOCUMENTS)], { encoding: "utf8" }).trim().split(" ").map(Number);
const firstInvoice = Number(execFileSync("python3", [join(import.meta.dirname, "seed_invoices.py"), database, String(DOCUMENTS)], { encoding: "utf8" }).trim());
execFileSync(binary, ["admin", "create", "--email", EMAIL, "--data-dir", data], { input: `${PASSWORD}\n`, stdio: ["pipe", "ignore", "inherit"] });
const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data], { stdio: "ignore" });
const result = { quotes: DOCUMENTS, invoices: DOCUMENTS, rounds: ROUNDS };
try {
  await waitReady(`${base}/healthz`);
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const { csrfToken } = await (await fetch(`${base}/api/admin/session`, { headers: { cookie } })).json();
  const pick = () => firstQuote + Math.floor(Math.random() * DOCUMENTS);
  const pickInvoice = () => firstInvoice + Math.floor(Math.random() * DOCUMENTS);

  /** Times `call` over the rounds: p50, p95 and the last answer's size. */
  async function timed(name, call) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const response = await call();
      const text = await response.text();
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 200)}`);
      times.push(performance.now() - t);
      bytes = text.length;
    }
    result[name] = { p50_ms: +percentile(times, 0.5).toFixed(1), p95_ms: +percentile(times, 0.95).toFixed(1), bytes };
  }

  await timed("a quote's page (GET /api/admin/quotes/{id})", () => fetch(`${base}/api/admin/quotes/${pick()}`, { headers: { cookie } }));
  const quote = await (await fetch(`${base}/api/admin/quotes/${firstQuote}`, { headers: { cookie } })).json();
  await timed("a request's quotes (GET /api/admin/bookings/{id}/quotes)", () => fetch(`${base}/api/admin/bookings/${quote.bookingId}/quotes`, { headers: { cookie } }));
  const form = { rate: quote.rate, options: quote.options, deposit: quote.deposit, message: quote.message };
  await timed("a draft's save (PUT /api/admin/quotes/{id})", () =>
    fetch(`${base}/api/admin/quotes/${pick()}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json", "x-csrf-token": csrfToken },
      body: JSON.stringify(form),
    }),
  );
  const get = (path) => () => fetch(`${base}${path}`, { headers: { cookie } });
  await timed("an invoice's page (GET /api/admin/invoices/{id})", () => get(`/api/admin/invoices/${pickInvoice()}`)());
  await timed("a request's invoices (GET /api/admin/bookings/{id}/invoices)", () => get(`/api/admin/bookings/${quote.bookingId}/invoices`)());
  for (const show of ["all", "unpaid", "overdue", "paid"]) {
    await timed(`the invoices list, ${show} (GET /api/admin/invoices?show=${show})`, get(`/api/admin/invoices?show=${show}`));
  }
  await timed("Today, with the overdue invoices (GET /api/admin/today)", get("/api/admin/today"));
  await timed("the invoices' CSV, all 10,000 (GET /api/admin/invoices.csv)", get("/api/admin/invoices.csv"));
} finally {
  server.kill();
  rmSync(data, { recursive: true, force: true });
}
console.log(JSON.stringify(result, null, 2));
