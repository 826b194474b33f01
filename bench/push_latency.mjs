// From a stored booking to its push at the device's push service: a push service stand-in on
// loopback takes the pushes (answering 201 as a real one does); a device subscribes with a real
// P-256 key; 200 bookings are sent one after another, each timed from the server's 201 (the
// booking is durable) until its push arrives. Prints one JSON object.
// Usage: node bench/push_latency.mjs BINARY PORT
import { execFileSync, spawn } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitReady } from "./ready.mjs";

const [binary, port] = process.argv.slice(2);
const BOOKINGS = 200;
const base = `http://127.0.0.1:${port}`;
const EMAIL = "bench@example.com";
const PASSWORD = "a long enough bench secret";
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

/** When each booking's push arrived, by booking id (the Topic names it). */
const arrived = new Map();
const waiting = new Map();
const service = createServer((request, response) => {
  const topic = String(request.headers.topic ?? "");
  request.on("data", () => {});
  request.on("end", () => {
    const id = Number(/^b(\d+)-/.exec(topic)?.[1]);
    arrived.set(id, performance.now());
    waiting.get(id)?.();
    response.writeHead(201).end();
  });
});
await new Promise((done) => service.listen(0, "127.0.0.1", done));
const serviceUrl = `http://127.0.0.1:${service.address().port}`;

const data = mkdtempSync(join(tmpdir(), "trailerworks-push-"));
execFileSync(binary, ["admin", "create", "--email", EMAIL, "--data-dir", data], { input: `${PASSWORD}\n`, stdio: ["pipe", "ignore", "inherit"] });
const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data, "--booking-rate-limit", "0"], { stdio: "ignore" });
await waitReady(`${base}/readyz`);

try {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const { csrfToken } = await login.json();
  const key = createECDH("prime256v1");
  key.generateKeys();
  const subscription = {
    endpoint: `${serviceUrl}/push/bench-phone`,
    expirationTime: null,
    keys: { p256dh: key.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  const subscribed = await fetch(`${base}/api/admin/push-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken },
    body: JSON.stringify(subscription),
  });
  if (subscribed.status !== 201) throw new Error(`subscribing answered ${subscribed.status}`);

  const latencies = [];
  for (let n = 0; n < BOOKINGS; n++) {
    const response = await fetch(`${base}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        submissionId: `bench-push-${n}-${randomBytes(4).toString("hex")}`,
        name: "Bench Customer",
        email: `bench${n}@example.com`,
        phone: "303-555-0142",
        answers: [{ question: "Hi! I'm your trailer assistant. What type of trailer do you have?", answer: "Dump Trailer" }],
        fillMs: 30000,
      }),
    });
    const stored = performance.now();
    if (response.status !== 201) throw new Error(`a booking answered ${response.status}`);
    const { id } = await response.json();
    if (!arrived.has(id)) {
      await Promise.race([new Promise((done) => waiting.set(id, done)), sleep(10_000)]);
    }
    if (!arrived.has(id)) throw new Error(`the push of booking ${id} never arrived`);
    latencies.push(Math.max(0, arrived.get(id) - stored));
  }
  console.log(JSON.stringify({ bookings: BOOKINGS, p50Ms: percentile(latencies, 0.5), p95Ms: percentile(latencies, 0.95), maxMs: Math.max(...latencies) }));
} finally {
  server.kill("SIGTERM");
  service.close();
  rmSync(data, { recursive: true, force: true });
}
