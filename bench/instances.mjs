// Two instances on one PostgreSQL database: the owner changes a post through instance A, and a
// visitor on instance B waits for it. For each kind of change, how long until B
// shows it everywhere it appears (/blog, the post, the feed, the sitemap), counted from the moment
// the change is sent to A. Prints one JSON object.
// Usage: node bench/instances.mjs BINARY DATABASE_URL PORT_A PORT_B
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [binary, databaseUrl, portA, portB] = process.argv.slice(2);
const EMAIL = "bench@example.com";
const PASSWORD = "a long enough bench secret";
const ROUNDS = 20;
const LIMIT_MS = 5000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

execFileSync(binary, ["admin", "create", "--email", EMAIL, "--database-url", databaseUrl], { input: `${PASSWORD}\n`, stdio: ["pipe", "ignore", "inherit"] });
const dirs = [];
const servers = [];
async function start(port) {
  const dir = mkdtempSync(join(tmpdir(), "trailerworks-instance-"));
  dirs.push(dir);
  const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", dir, "--database-url", databaseUrl], { stdio: "ignore" });
  servers.push(server);
  const base = `http://127.0.0.1:${port}`;
  for (const started = performance.now(); performance.now() - started < 20_000; await sleep(10)) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return base;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`the instance on port ${port} never became ready`);
}

try {
  const [a, b] = [await start(portA), await start(portB)];
  const text = async (url) => {
    const response = await fetch(url, { redirect: "manual" });
    return { status: response.status, text: await response.text() };
  };
  const login = await fetch(`${a}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (!login.ok) throw new Error(`sign-in on A failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const { csrfToken } = await login.json();
  const admin = async (method, path, body) => {
    const response = await fetch(`${a}/api/admin${path}`, { method, headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" }, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} on A: ${response.status}`);
    return response.status === 204 ? null : response.json();
  };
  /** Polls B until every check passes; ms since `since`, or null after LIMIT_MS. */
  async function seenOnB(since, checks) {
    while (performance.now() - since < LIMIT_MS) {
      const results = await Promise.all(checks.map(async ([path, ok]) => ok(await text(`${b}${path}`))));
      if (results.every(Boolean)) return performance.now() - since;
      await sleep(5);
    }
    return null;
  }
  const kinds = ["publish", "edit", "rename", "unpublish", "delete"];
  const visible = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const watched = ["/blog", "/blog/feed.xml", "/sitemaps/posts-1.xml"];
  const warm = (paths) => Promise.all(paths.map((path) => text(`${b}${path}`)));
  for (let round = 0; round < ROUNDS; round++) {
    const slug = `two-instances-${round}`;
    const post = (title, postSlug, published) => ({ title, slug: postSlug, excerpt: "A post the benchmark writes.", content: "<p>Benchmark text.</p>", featuredImage: null, published });

    await warm([...watched, `/blog/${slug}`]);
    let since = performance.now();
    const { id } = await admin("POST", "/posts", post(`Two instances ${round}`, slug, true));
    visible.publish.push(await seenOnB(since, [
      ["/blog", (r) => r.text.includes(`href="/blog/${slug}"`)],
      [`/blog/${slug}`, (r) => r.status === 200],
      ["/blog/feed.xml", (r) => r.text.includes(`/blog/${slug}<`)],
      ["/sitemaps/posts-1.xml", (r) => r.text.includes(`/blog/${slug}<`)],
    ]));

    await warm([...watched, `/blog/${slug}`]);
    since = performance.now();
    await admin("PUT", `/posts/${id}`, post(`Two instances ${round}, edited`, slug, true));
    visible.edit.push(await seenOnB(since, [
      [`/blog/${slug}`, (r) => r.text.includes(`Two instances ${round}, edited`)],
      ["/blog", (r) => r.text.includes(`Two instances ${round}, edited`)],
      ["/blog/feed.xml", (r) => r.text.includes(`Two instances ${round}, edited`)],
    ]));

    const renamed = `${slug}-renamed`;
    await warm([...watched, `/blog/${slug}`, `/blog/${renamed}`]);
    since = performance.now();
    await admin("PUT", `/posts/${id}`, post(`Two instances ${round}, edited`, renamed, true));
    visible.rename.push(await seenOnB(since, [
      [`/blog/${slug}`, (r) => r.status === 301],
      [`/blog/${renamed}`, (r) => r.status === 200],
      ["/blog", (r) => r.text.includes(`href="/blog/${renamed}"`)],
    ]));

    await warm([...watched, `/blog/${renamed}`]);
    since = performance.now();
    await admin("PUT", `/posts/${id}/published`, { published: false });
    const gone = [
      [`/blog/${renamed}`, (r) => r.status === 404],
      ["/blog", (r) => !r.text.includes(`href="/blog/${renamed}"`)],
      ["/blog/feed.xml", (r) => !r.text.includes(`/blog/${renamed}<`)],
    ];
    visible.unpublish.push(await seenOnB(since, gone));

    await admin("PUT", `/posts/${id}/published`, { published: true });
    await seenOnB(performance.now(), [[`/blog/${renamed}`, (r) => r.status === 200]]);
    await warm([...watched, `/blog/${renamed}`]);
    since = performance.now();
    await admin("DELETE", `/posts/${id}`);
    visible.delete.push(await seenOnB(since, gone));
  }
  const summary = Object.fromEntries(kinds.map((kind) => {
    const times = visible[kind];
    const missed = times.filter((ms) => ms === null).length;
    const seen = times.filter((ms) => ms !== null);
    return [kind, { rounds: times.length, missed, p50Ms: seen.length ? percentile(seen, 0.5) : null, maxMs: seen.length ? Math.max(...seen) : null }];
  }));
  console.log(JSON.stringify({ rounds: ROUNDS, visibleOnB: summary }));
} finally {
  for (const server of servers) server.kill();
  await sleep(200);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
