// From a stored booking to its text at the provider: a Messages API stand-in on loopback takes
// the texts; 200 visitors who ticked 'Text me about this request' book one after another (each
// from their own number, as one number gets one 'received' text an hour), each timed from the
// server's 201 (the booking is durable) until its text arrives. They are emergencies, which are
// texted at any hour: the bench must not depend on the time of day. Prints one JSON object.
// Usage: node bench/text_latency.mjs BINARY PORT
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStandIn, textFlags } from "./sms_stand_in.mjs";
import { waitReady } from "./ready.mjs";

const [binary, port] = process.argv.slice(2);
const BOOKINGS = 200;
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

/** When each number's text arrived, by its E.164 form. */
const arrived = new Map();
const waiting = new Map();
const standIn = await startStandIn(0, (to) => {
  arrived.set(to, performance.now());
  waiting.get(to)?.();
});

const data = mkdtempSync(join(tmpdir(), "trailerworks-texts-"));
const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data, "--booking-rate-limit", "0", "--public-url", "https://trailers.example.com", ...textFlags(standIn.url)], { stdio: "ignore" });
await waitReady(`${base}/readyz`);

try {
  const latencies = [];
  for (let n = 0; n < BOOKINGS; n++) {
    const digits = String(2000 + n).padStart(4, "0");
    const to = `+1303555${digits}`;
    const response = await fetch(`${base}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        submissionId: `bench-text-${n}-${randomBytes(4).toString("hex")}`,
        name: "Bench Customer",
        email: `bench${n}@example.com`,
        phone: `303-555-${digits}`,
        answers: [
          { question: "What type of trailer do you have?", answer: "Dump Trailer" },
          { question: "What service do you need?", answer: "Emergency service" },
          { question: "Do you need mobile service, or can you bring the trailer to our shop?", answer: "Need mobile service" },
        ],
        location: "Aurora",
        textConsent: true,
        fillMs: 30000,
      }),
    });
    const stored = performance.now();
    if (response.status !== 201) throw new Error(`a booking answered ${response.status}: ${await response.text()}`);
    if (!arrived.has(to)) {
      await Promise.race([new Promise((done) => waiting.set(to, done)), sleep(10_000)]);
    }
    if (!arrived.has(to)) throw new Error(`the text to ${to} never arrived`);
    latencies.push(Math.max(0, arrived.get(to) - stored));
  }
  console.log(JSON.stringify({ bookings: BOOKINGS, p50Ms: percentile(latencies, 0.5), p95Ms: percentile(latencies, 0.95), maxMs: Math.max(...latencies) }));
} finally {
  server.kill("SIGTERM");
  standIn.close();
  rmSync(data, { recursive: true, force: true });
}
