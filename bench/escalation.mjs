// Escalation, on the release binary with SQLite. Prints one JSON object.
// 1. Bookings/s with escalation against none: a rota of 3 members, each with a phone subscribed
//    for pushes (a push service stand-in on loopback answers 201); emergencies (each starts an
//    escalation) against urgent requests (pushed the same way, never escalated), 8 connections
//    for 6 s per run, five rounds, the order alternating. The steps are the default 5, 10 and 15 minutes, so
//    none fires during the runs.
// 2. Lateness: on a fresh server with the steps at 1, 2 and 3 minutes, 200 emergencies nobody
//    answers; for each, from its first step's due time (its stored time plus 1 minute) to the
//    arrival of the step's push at the stand-in.
// Usage: node bench/escalation.mjs BINARY PORT
import { execFileSync, spawn } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitReady } from "./ready.mjs";

const [binary, port] = process.argv.slice(2);
const base = `http://127.0.0.1:${port}`;
const OWNER = { email: "bench@example.com", password: "a long enough bench secret" };
const EMERGENCIES = 200;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

/** When each push arrived (wall clock, ms), by its Topic ("b12-escalate-1"). */
const arrived = new Map();
const service = createServer((request, response) => {
  const topic = String(request.headers.topic ?? "");
  request.on("data", () => {});
  request.on("end", () => {
    arrived.set(topic, Date.now());
    response.writeHead(201).end();
  });
});
await new Promise((done) => service.listen(0, "127.0.0.1", done));
const serviceUrl = `http://127.0.0.1:${service.address().port}`;

async function call(method, path, session, body) {
  const headers = { "content-type": "application/json" };
  if (session) Object.assign(headers, { cookie: session.cookie, "x-csrf-token": session.csrf });
  return fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function signIn(email, password) {
  const login = await call("POST", "/api/admin/login", null, { email, password });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return { cookie: login.headers.get("set-cookie").split(";")[0], csrf: (await login.json()).csrfToken };
}

async function subscribe(session, name) {
  const key = createECDH("prime256v1");
  key.generateKeys();
  const subscription = {
    endpoint: `${serviceUrl}/push/${name}`,
    expirationTime: null,
    keys: { p256dh: key.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  const answer = await call("POST", "/api/admin/push-subscriptions", session, subscription);
  if (answer.status !== 201) throw new Error(`subscribing answered ${answer.status}`);
}

/** A server on a fresh database, its owner signed in, with a phone subscribed. */
async function start() {
  const data = mkdtempSync(join(tmpdir(), "trailerworks-escalation-"));
  execFileSync(binary, ["admin", "create", "--email", OWNER.email, "--data-dir", data], { input: `${OWNER.password}\n`, stdio: ["pipe", "ignore", "inherit"] });
  const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data, "--booking-rate-limit", "0", "--max-connections-per-address", "256"], { stdio: "ignore" });
  await waitReady(`${base}/readyz`);
  const owner = await signIn(OWNER.email, OWNER.password);
  await subscribe(owner, `owner-${data.slice(-6)}`);
  return { server, data, owner };
}

function stop({ server, data }) {
  server.kill("SIGTERM");
  return new Promise((done) => server.on("exit", () => { rmSync(data, { recursive: true, force: true }); done(); }));
}

function wrk(kind, run) {
  const out = execFileSync("wrk", ["-t2", "-c8", "-d6s", "-s", "bench/bookings.lua", base, "--", `${run}`, kind], { encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1));
}

const result = {};
// 1. Throughput, with a rota of three.
{
  const shop = await start();
  for (const name of ["Ana", "Ben"]) {
    const invited = await (await call("POST", "/api/admin/team/invitations", shop.owner, { name, email: `${name.toLowerCase()}@example.com`, role: "staff" })).json();
    const token = invited.link.split("/").at(-1);
    const password = `${name}'s long bench password`;
    const joined = await call("POST", `/api/admin/invitation/${token}`, null, { newPassword: password });
    if (joined.status !== 201) throw new Error(`joining answered ${joined.status}`);
    await subscribe(await signIn(`${name.toLowerCase()}@example.com`, password), name);
  }
  const team = await (await call("GET", "/api/admin/on-call", shop.owner)).json();
  const ids = team.people.map((person) => person.id);
  const shifts = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, from: 0, to: 8, first: ids[0], second: ids[1] },
    { weekday, from: 8, to: 16, first: ids[1], second: ids[2] },
    { weekday, from: 16, to: 24, first: ids[2], second: ids[0] },
  ]);
  const rota = await call("PUT", "/api/admin/on-call/rota", shop.owner, { shifts });
  if (rota.status !== 204) throw new Error(`the rota answered ${rota.status}`);
  const runs = [];
  // The database grows as the runs go: the order alternates, so neither kind always runs on the
  // larger one.
  for (let round = 1; round <= 5; round++) {
    for (const kind of round % 2 ? ["urgent", "emergency"] : ["emergency", "urgent"]) {
      runs.push({ round, kind, ...wrk(kind, `${kind}-${round}`) });
    }
  }
  result.runs = runs;
  result.escalations = Number(execFileSync("python3", ["-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from escalations').fetchone()[0])", join(shop.data, "trailerworks.db")], { encoding: "utf8" }));
  await stop(shop);
}
// 2. Lateness of the first step.
{
  const shop = await start();
  const steps = await call("PUT", "/api/admin/on-call/steps", shop.owner, { firstAfter: 1, secondAfter: 2, everyoneAfter: 3, urgentInShopHours: false });
  if (steps.status !== 204) throw new Error(`the steps answered ${steps.status}`);
  const due = new Map();
  for (let n = 0; n < EMERGENCIES; n++) {
    const response = await call("POST", "/api/bookings", null, {
      submissionId: `bench-escalation-${n}-${randomBytes(4).toString("hex")}`,
      name: "Bench Customer",
      email: `bench${n}@example.com`,
      phone: "303-555-0142",
      answers: [
        { question: "Hi! I'm your trailer assistant. What type of trailer do you have?", answer: "Dump Trailer" },
        { question: "What service do you need?", answer: "Emergency service" },
      ],
      location: "Aurora",
      fillMs: 30000,
    });
    if (response.status !== 201) throw new Error(`an emergency answered ${response.status}`);
    const { id } = await response.json();
    const page = await (await call("GET", `/api/admin/bookings/${id}`, shop.owner)).json();
    due.set(id, Date.parse(page.booking.createdAt) + 60_000);
  }
  const topic = (id) => `b${id}-escalate-1`;
  for (let waited = 0; waited < 120_000 && [...due.keys()].some((id) => !arrived.has(topic(id))); waited += 100) await sleep(100);
  const late = [...due].map(([id, at]) => (arrived.has(topic(id)) ? arrived.get(topic(id)) - at : Infinity));
  result.lateness = { emergencies: EMERGENCIES, missing: late.filter((ms) => ms === Infinity).length, p50Ms: percentile(late, 0.5), p95Ms: percentile(late, 0.95), maxMs: Math.max(...late) };
  await stop(shop);
}
service.close();
console.log(JSON.stringify(result));
