// The public blog search at 100,000 posts (the sample posts copied, seeded through the database;
// the server fills its search index at start-up): p50/p95 of /api/blog/search over common words,
// two-word searches and a miss. Prints one JSON object.
// Usage: node bench/search_scale.mjs BINARY PORT
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [binary, port] = process.argv.slice(2);
const POSTS = 100_000;
const ROUNDS = 60;
const QUERIES = ["brake", "grease bearing", "trailer", "wiring lights", "inspection", "nothing matches this"];
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

const data = mkdtempSync(join(tmpdir(), "trailerworks-search-scale-"));
execFileSync(binary, ["demo-content", "--data-dir", data], { stdio: "ignore" });
execFileSync("python3", [join(import.meta.dirname, "seed_posts.py"), join(data, "trailerworks.db"), String(POSTS)], { stdio: "ignore" });
const started = performance.now();
const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data], { stdio: "ignore" });
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error("the server never became ready");
    await sleep(50);
  }
  const readyMs = performance.now() - started;
  await sleep(3000); // the background page warm-up
  const times = [];
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const response = await fetch(`${base}/api/blog/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`);
    const body = await response.json();
    times.push(performance.now() - t);
    if (!response.ok) throw new Error(`the search answered ${response.status}`);
    total = Math.max(total, body.total);
  }
  console.log(JSON.stringify({ posts: POSTS, readyMs, queries: QUERIES, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxMs: Math.max(...times), largestTotal: total }));
} finally {
  server.kill("SIGTERM");
  rmSync(data, { recursive: true, force: true });
}
