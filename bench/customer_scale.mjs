// Customers at a real shop's size: 100,000 customers with 300,000 requests and a trailer each,
// seeded through the database; the customers list and its searches through the admin API (p95
// of 40 rounds each, answer size), and the first start of a database of 100,000 requests stored
// before customers existed (every one attached at start-up). Prints one JSON object.
// Usage: node bench/customer_scale.mjs BINARY PORT
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitReady } from "./ready.mjs";

const [binary, port] = process.argv.slice(2);
const CUSTOMERS = 100_000;
const REQUESTS_EACH = 3;
const EARLIER_REQUESTS = 100_000;
const ROUNDS = 40;
const base = `http://127.0.0.1:${port}`;
const EMAIL = "bench@example.com";
const PASSWORD = "a long enough bench secret";
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

/** A migrated database in a new folder. */
function database(prefix) {
  const data = mkdtempSync(join(tmpdir(), prefix));
  execFileSync(binary, ["demo-content", "--data-dir", data], { stdio: "ignore" });
  return data;
}

const data = database("trailerworks-customers-");
const vin = execFileSync("python3", [join(import.meta.dirname, "seed_customers.py"), join(data, "trailerworks.db"), String(CUSTOMERS), String(REQUESTS_EACH)], {
  encoding: "utf8",
}).trim();
execFileSync(binary, ["admin", "create", "--email", EMAIL, "--data-dir", data], { input: `${PASSWORD}\n`, stdio: ["pipe", "ignore", "inherit"] });
let server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data], { stdio: "ignore" });
const result = { customers: CUSTOMERS, requests: CUSTOMERS * REQUESTS_EACH, searches: {} };
try {
  await waitReady(`${base}/healthz`);
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const searches = {
    "first page (no search)": "",
    "a common name (lopez)": "lopez",
    "one customer's name part (customer98765@)": "customer98765@",
    "four digits of a number (0123)": "0123",
    "a whole number, typed (300) 009-8765": "(300) 009-8765",
    "6 characters of a VIN": vin.slice(8, 14),
    "a plate (765-)": "765-",
    "nobody (zzzz)": "zzzz",
  };
  for (const [name, q] of Object.entries(searches)) {
    const times = [];
    let bytes = 0;
    let found = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const response = await fetch(`${base}/api/admin/customers?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${q} answered ${response.status}: ${text.slice(0, 200)}`);
      times.push(performance.now() - t);
      bytes = text.length;
      found = JSON.parse(text).customers.length;
    }
    result.searches[name] = { p50_ms: +percentile(times, 0.5).toFixed(1), p95_ms: +percentile(times, 0.95).toFixed(1), found, bytes };
  }
} finally {
  server.kill();
  rmSync(data, { recursive: true, force: true });
}

// A database of requests stored before customers: the first start is ready at once and attaches
// every one in the background.
const earlier = database("trailerworks-earlier-");
const earlierDb = join(earlier, "trailerworks.db");
execFileSync("python3", [join(import.meta.dirname, "seed_bookings.py"), earlierDb, String(EARLIER_REQUESTS)], { stdio: "ignore" });
const waiting = () =>
  Number(
    execFileSync("python3", ["-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT COUNT(*) FROM bookings WHERE customer_id IS NULL AND status != 'spam'\").fetchone()[0])", earlierDb], {
      encoding: "utf8",
    }),
  );
const started = performance.now();
server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", earlier], { stdio: "ignore" });
try {
  await waitReady(`${base}/healthz`);
  const ready = performance.now() - started;
  while (waiting() > 0) await new Promise((done) => setTimeout(done, 500));
  result.first_start_with_earlier_requests = { requests: EARLIER_REQUESTS, ready_ms: Math.round(ready), all_attached_ms: Math.round(performance.now() - started) };
} finally {
  server.kill();
  rmSync(earlier, { recursive: true, force: true });
}
console.log(JSON.stringify(result, null, 2));
