// Content scale: the site with N published posts (seeded, then the server started), measured as
// the owner and visitors meet it. Prints one JSON object.
//   start-up to a ready /healthz; the first request to a page of each kind (cached or not);
//   /blog's size; publish, edit, unpublish and delete through the admin API (answer time) and
//   how long until every public page that shows the change shows it; then a crawl of every URL
//   in the sitemap and the server's memory afterwards.
// Usage: node bench/content_scale.mjs BINARY PORT POSTS
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [binary, port, postsArg] = process.argv.slice(2);
const posts = Number(postsArg);
const base = `http://127.0.0.1:${port}`;
const EMAIL = "bench@example.com";
const PASSWORD = "a long enough bench secret";
const ROUNDS = 20;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
// Nearest rank: the smallest value with at least p of the values at or below it.
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * p) - 1)];

const data = mkdtempSync(join(tmpdir(), "trailerworks-scale-"));
execFileSync(binary, ["demo-content", "--data-dir", data], { stdio: "ignore" });
execFileSync("python3", [join(import.meta.dirname, "seed_posts.py"), join(data, "trailerworks.db"), String(posts)], { stdio: "ignore" });
execFileSync(binary, ["admin", "create", "--email", EMAIL, "--data-dir", data], { input: `${PASSWORD}\n`, stdio: ["pipe", "ignore", "inherit"] });

const started = performance.now();
const server = spawn(binary, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data], { stdio: "ignore" });
let startupMs;
for (;;) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) {
      startupMs = performance.now() - started;
      break;
    }
  } catch {
    // not listening yet
  }
  if (performance.now() - started > 20_000) throw new Error("the server never became ready");
  await sleep(2);
}
const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssKb: field("VmRSS"), peakKb: field("VmHWM") };
};

async function timed(path, init) {
  const t = performance.now();
  const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  const text = await response.text();
  return { ms: performance.now() - t, status: response.status, text };
}

try {
  // The first request to each kind of page; the background warm-up may have made some already.
  const newest = JSON.parse((await timed("/api/page?path=/blog")).text).data.posts[0].slug;
  const firstRequests = {};
  for (const path of ["/", "/services", "/service-areas/aurora", "/blog", "/blog/page/2", `/blog/${newest}`, "/blog/no-such-post", "/sitemap.xml", "/sitemaps/posts-1.xml", "/blog/feed.xml", "/api/blog/search?q=brake"]) {
    firstRequests[path] = (await timed(path)).ms;
  }
  const blogBytes = Buffer.byteLength((await timed("/blog")).text);

  const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const { csrfToken } = await login.json();
  const admin = (method, path, body) =>
    timed(`/api/admin${path}`, { method, headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" }, body: body && JSON.stringify(body) });

  const sitemapParts = async () => [...(await timed("/sitemap.xml")).text.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]);
  /** Fetches `checks` (path and a test of its answer) until all pass; ms taken, or null after 5 s. */
  async function visibleAfter(checks) {
    const t = performance.now();
    while (performance.now() - t < 5000) {
      const results = await Promise.all(checks.map(async ([path, ok]) => ok(await timed(path))));
      if (results.every(Boolean)) return performance.now() - t;
      await sleep(5);
    }
    return null;
  }
  const api = { publish: [], edit: [], unpublish: [], delete: [] };
  const visible = { publish: [], edit: [], unpublish: [], delete: [] };
  const older = `/blog/${newest}`;
  for (let round = 0; round < ROUNDS; round++) {
    const slug = `bench-change-${round}`;
    const post = (title, published) => ({ title, slug, excerpt: "A post the benchmark writes.", content: "<p>Benchmark text.</p>", featuredImage: null, published });
    // Every page a change touches is cached before the change.
    const lastPart = (await sitemapParts()).at(-1);
    const watched = ["/blog", "/blog/page/2", older, lastPart, "/blog/feed.xml"];
    await Promise.all(watched.map((path) => timed(path)));

    const created = await admin("POST", "/posts", post(`Bench change ${round}`, true));
    api.publish.push(created.ms);
    const id = JSON.parse(created.text).id;
    const newPart = (await sitemapParts()).at(-1);
    visible.publish.push(await visibleAfter([
      ["/blog", (r) => r.text.includes(`href="/blog/${slug}"`)],
      [`/blog/${slug}`, (r) => r.status === 200],
      [older, (r) => r.text.split("Related Posts")[1]?.includes(`href="/blog/${slug}"`)],
      [newPart, (r) => r.text.includes(`/blog/${slug}<`)],
      ["/blog/feed.xml", (r) => r.text.includes(`/blog/${slug}<`)],
    ]));

    await Promise.all([...watched, `/blog/${slug}`].map((path) => timed(path)));
    const edited = await admin("PUT", `/posts/${id}`, post(`Bench change ${round}, edited`, true));
    api.edit.push(edited.ms);
    visible.edit.push(await visibleAfter([
      [`/blog/${slug}`, (r) => r.text.includes(`Bench change ${round}, edited`)],
      ["/blog", (r) => r.text.includes(`Bench change ${round}, edited`)],
      [older, (r) => r.text.includes(`Bench change ${round}, edited`)],
      ["/blog/feed.xml", (r) => r.text.includes(`Bench change ${round}, edited`)],
    ]));

    await Promise.all([...watched, `/blog/${slug}`].map((path) => timed(path)));
    const hidden = await admin("PUT", `/posts/${id}/published`, { published: false });
    api.unpublish.push(hidden.ms);
    const gone = [
      [`/blog/${slug}`, (r) => r.status === 404],
      ["/blog", (r) => !r.text.includes(`href="/blog/${slug}"`)],
      [older, (r) => !r.text.includes(`href="/blog/${slug}"`)],
      [newPart, (r) => !r.text.includes(`/blog/${slug}<`)],
      ["/blog/feed.xml", (r) => !r.text.includes(`/blog/${slug}<`)],
    ];
    visible.unpublish.push(await visibleAfter(gone));

    await admin("PUT", `/posts/${id}/published`, { published: true });
    await Promise.all([...watched, `/blog/${slug}`].map((path) => timed(path)));
    const deleted = await admin("DELETE", `/posts/${id}`);
    api.delete.push(deleted.ms);
    visible.delete.push(await visibleAfter(gone));
  }

  // A crawl of every URL in the sitemap, four at a time, as a search engine would.
  const urls = [];
  for (const part of await sitemapParts()) {
    urls.push(...[...(await timed(part)).text.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]));
  }
  const crawlStarted = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < urls.length) {
      const response = await fetch(`${base}${urls[next++]}`, { headers: { "accept-encoding": "br, gzip" } });
      await response.arrayBuffer();
      if (!response.ok) failed++;
    }
  }));
  const crawl = { pages: urls.length, failed, seconds: (performance.now() - crawlStarted) / 1000, ...rss() };

  const summary = (xs) => ({ p95: percentile(xs, 0.95), max: Math.max(...xs) });
  console.log(JSON.stringify({
    posts,
    startupMs,
    firstRequests,
    blogBytes,
    api: Object.fromEntries(Object.entries(api).map(([k, xs]) => [k, summary(xs)])),
    visible: Object.fromEntries(Object.entries(visible).map(([k, xs]) => [k, xs.includes(null) ? { p95: null, max: null } : summary(xs)])),
    crawl,
  }));
} finally {
  server.kill("SIGTERM");
  await new Promise((done) => server.once("exit", done));
  rmSync(data, { recursive: true, force: true });
}
