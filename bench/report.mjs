// Turns the figures in bench/out into bench/RESULTS.md (printed to stdout).
import { existsSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";

const dir = process.argv[2];
const json = (name) => JSON.parse(readFileSync(join(dir, name), "utf8"));
const lines = (name) => readFileSync(join(dir, name), "utf8").trim().split("\n").map(Number);
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** What made a wrk run's requests fail, by kind, in words. */
const WHY = {
  status: "answers other than 2xx/3xx (a 503 is a connection cap turning a connection away: --max-connections-per-address, --max-connections)",
  connect: "connections that could not be opened (the server not listening, or the backlog full)",
  read: "connections closed before an answer was read (a reconnect racing the close of the connection it replaces)",
  write: "requests that could not be sent",
  timeout: "no answer within wrk's 2 s",
};
/** Stops the report when a load run lost requests, saying which runs and why. */
function refuseFailed(what, runs) {
  const failed = runs.filter((s) => s.failed > 0);
  if (!failed.length) return;
  const reasons = failed.map((s) => {
    const kinds = Object.entries(s.errors ?? {}).filter(([, n]) => n > 0).map(([kind, n]) => `${n} ${WHY[kind] ?? kind}`);
    const named = Object.entries(s).filter(([key]) => ["round", "page", "encoding", "server", "mode"].includes(key)).map(([key, value]) => `${key} ${value}`);
    return `${named.join(", ")}: ${s.failed} of ${s.requests} failed${kinds.length ? ": " + kinds.join("; ") : ""}`;
  });
  throw new Error(`${what} runs with failed requests:\n- ${reasons.join("\n- ")}`);
}

const out = [];
out.push("# Benchmark results", "");
out.push(`Date: ${new Date().toISOString().slice(0, 10)}. Machine: ${cpus().length} cores, ${cpus()[0]?.model ?? "unknown CPU"}.`);
out.push("Reproduce with `make bench` (release binary, loopback only).", "");

out.push("## Start-up and size", "");
const startup = lines("startup.txt");
const startup50 = lines("startup-50.txt");
out.push(`- Start-up to a ready /readyz, empty database: median ${median(startup)} ms of ${startup.length} runs (${startup.join(", ")} ms).`);
out.push(`- Start-up to a ready /readyz, ${lines("posts.txt")[0]}-post database: median ${median(startup50)} ms (${startup50.join(", ")} ms).`);
out.push(`- Binary size: ${(Number(readFileSync(join(dir, "binary-size.txt"), "utf8")) / 1048576).toFixed(1)} MB.`, "");

out.push("## Page serving: our cache against nginx on the same bytes", "");
out.push("wrk, 2 threads, 64 connections, 5 s per run, the same encoding asked of both; 3 rounds alternating; medians.", "");
out.push("| page | encoding | ours req/s | nginx req/s | ours/nginx | ours p50 / p99 | nginx p50 / p99 |", "|---|---|---|---|---|---|---|");
const serving = readFileSync(join(dir, "serving.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
refuseFailed("serving", serving);
for (const page of [...new Set(serving.map((s) => s.page))]) {
  for (const encoding of ["identity", "gzip"]) {
    const pick = (server, key) => median(serving.filter((s) => s.page === page && s.encoding === encoding && s.server === server).map((s) => s[key]));
    const [ours, nginx] = [pick("ours", "rps"), pick("nginx", "rps")];
    out.push(`| ${page} | ${encoding} | ${Math.round(ours)} | ${Math.round(nginx)} | ${(ours / nginx).toFixed(2)} | ${pick("ours", "p50_ms").toFixed(2)} / ${pick("ours", "p99_ms").toFixed(2)} ms | ${pick("nginx", "p50_ms").toFixed(2)} / ${pick("nginx", "p99_ms").toFixed(2)} ms |`);
  }
}
out.push("", `Peak RSS of our server after this load: ${(Number(readFileSync(join(dir, "peak-rss-kb.txt"), "utf8")) / 1024).toFixed(1)} MB. Targets: at least 0.9x nginx for both encodings, p99 under 5 ms.`, "");

out.push("## What metrics and access logs cost on the cached path", "");
out.push("wrk on /about (cached), 2 threads, 64 connections, 5 s per run; the three setups interleaved over 3 rounds; medians. 'metrics' serves /metrics on --metrics-listen (counting every request); 'metrics+log' also writes a JSON access line per request to a file.", "");
out.push("| setup | req/s | against off | p50 / p99 |", "|---|---|---|---|");
const observed = readFileSync(join(dir, "observability.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
refuseFailed("observability", observed);
const pickObserved = (mode, key) => median(observed.filter((s) => s.mode === mode).map((s) => s[key]));
for (const mode of ["off", "metrics", "metrics+log"]) {
  const ratio = pickObserved(mode, "rps") / pickObserved("off", "rps");
  out.push(`| ${mode} | ${Math.round(pickObserved(mode, "rps"))} | ${ratio.toFixed(3)} | ${pickObserved(mode, "p50_ms").toFixed(2)} / ${pickObserved(mode, "p99_ms").toFixed(2)} ms |`);
}
out.push("", "Target: metrics cost at most 3% of requests/s (against off at least 0.970).", "");

out.push("## What counting visits costs", "");
out.push("The cached /about with Insights off and on (`--insights`), every request from one browser's user agent, so each is counted as a page view (the visitor's number made and the day's tally updated), 64 connections for 5 s; three rounds, the modes interleaved; medians.", "");
out.push("| insights | req/s | against off | p50 / p99 |", "|---|---|---|---|");
const counted = readFileSync(join(dir, "insights.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
refuseFailed("insights", counted);
const pickCounted = (mode, key) => median(counted.filter((s) => s.mode === mode).map((s) => s[key]));
for (const mode of ["off", "on"]) {
  const ratio = pickCounted(mode, "rps") / pickCounted("off", "rps");
  out.push(`| ${mode} | ${Math.round(pickCounted(mode, "rps"))} | ${ratio.toFixed(3)} | ${pickCounted(mode, "p50_ms").toFixed(2)} / ${pickCounted(mode, "p99_ms").toFixed(2)} ms |`);
}
out.push("", "Target: counting costs at most 5% of requests/s (against off at least 0.950).", "");

out.push("## What live updates cost", "");
out.push("The cached /about with no admin tab open, and with 20 admin tabs' live event streams open (`/api/admin/live`, signed in, held for the whole run), 64 connections for 5 s; three rounds, the modes interleaved; medians.", "");
out.push("| admin streams | req/s | against none | p50 / p99 |", "|---|---|---|---|");
const live = readFileSync(join(dir, "live.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
refuseFailed("live", live);
const pickLive = (mode, key) => median(live.filter((s) => s.mode === mode).map((s) => s[key]));
for (const mode of ["off", "on"]) {
  const ratio = pickLive(mode, "rps") / pickLive("off", "rps");
  out.push(`| ${mode === "on" ? "20 open" : "none"} | ${Math.round(pickLive(mode, "rps"))} | ${ratio.toFixed(3)} | ${pickLive(mode, "p50_ms").toFixed(2)} / ${pickLive(mode, "p99_ms").toFixed(2)} ms |`);
}
out.push("", "Target: 20 open streams cost at most 2% of requests/s (against none at least 0.980).", "");

out.push("## Content scale", "");
out.push("The server started on a database with N published posts (the sample posts copied, six hours apart). Twenty rounds of publish, edit, unpublish and delete through the admin API, each with the pages it touches (/blog, /blog/page/2, an older post's related list, the last sitemap part, the feed) cached before it; 'visible' is the time from the API's answer until every one of those pages shows the change. Then every URL in the sitemap is fetched, four at a time.", "");
const scale = readFileSync(join(dir, "content-scale.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const ms = (x) => (x === null ? "never" : `${x.toFixed(0)} ms`);
out.push(`| | ${scale.map((r) => `${r.posts} posts`).join(" | ")} |`, `|---|${scale.map(() => "---").join("|")}|`);
const row = (label, cell) => out.push(`| ${label} | ${scale.map(cell).join(" | ")} |`);
row("start-up to a ready /healthz", (r) => ms(r.startupMs));
row("slowest first request (any page)", (r) => {
  const [path, t] = Object.entries(r.firstRequests).sort((a, b) => b[1] - a[1])[0];
  return `${ms(t)} (${path})`;
});
row("/blog HTML, uncompressed", (r) => kb(r.blogBytes));
for (const op of ["publish", "edit", "unpublish", "delete"]) {
  row(`${op}: API answer p95 / max`, (r) => `${ms(r.api[op].p95)} / ${ms(r.api[op].max)}`);
  row(`${op}: visible everywhere p95 / max`, (r) => `${ms(r.visible[op].p95)} / ${ms(r.visible[op].max)}`);
}
row("crawl of every sitemap URL", (r) => `${r.crawl.pages} pages in ${r.crawl.seconds.toFixed(0)} s, ${r.crawl.failed} failed`);
row("RSS after the crawl (peak)", (r) => `${(r.crawl.rssKb / 1024).toFixed(1)} MB (${(r.crawl.peakKb / 1024).toFixed(1)} MB)`);
out.push("", "Targets at every size: API answer p95 under 300 ms; visible within 1 s; start-up under 1 s; every first request under 200 ms; /blog under 100 KB; RSS under 100 MB after the crawl of 10,000 posts.", "");
out.push("First requests, in ms:", "");
out.push(`| page | ${scale.map((r) => `${r.posts} posts`).join(" | ")} |`, `|---|${scale.map(() => "---").join("|")}|`);
for (const path of Object.keys(scale[0].firstRequests)) {
  const label = path.startsWith("/blog/") && !["/blog/page/2", "/blog/no-such-post", "/blog/feed.xml"].includes(path) ? "/blog/{newest post}" : path;
  out.push(`| ${label} | ${scale.map((r) => Object.values(r.firstRequests)[Object.keys(scale[0].firstRequests).indexOf(path)].toFixed(0)).join(" | ")} |`);
}
out.push("");

const adminScale = json("admin-scale.json");
out.push("## The owner's side at scale", "");
out.push(`${adminScale.posts.toLocaleString("en-US")} posts and ${adminScale.bookings.toLocaleString("en-US")} bookings seeded through the database, the release binary on SQLite; each API figure over 40 requests in a row, signed in. The deep inbox page is 95% of the way down; searches rotate over a name, part of a phone number, two words of an answer, a word of the details and a miss.`, "");
out.push("| what | measured | goal |", "|---|---|---|");
const apiRow = (what, r, goal) => out.push(`| ${what} | p50 ${ms(r.p50Ms)}, p95 ${ms(r.p95Ms)}; answer ${kb(r.maxBytes)} | ${goal} |`);
apiRow("posts list, first page (`/api/admin/posts`)", adminScale.api.postsFirst, "answer < 100 KB");
apiRow("posts list, page 399", adminScale.api.postsDeep, "answer < 100 KB");
apiRow("posts list, title search", adminScale.api.postsSearch, "answer < 100 KB");
apiRow("inbox, first page (`/api/admin/bookings`)", adminScale.api.inboxFirst, "p95 < 100 ms");
apiRow("inbox, a page 95% down (cursor)", adminScale.api.inboxDeep, "p95 < 100 ms");
apiRow("inbox search, every match paged", adminScale.api.inboxSearch, "p95 < 100 ms");
apiRow("Today, the landing page (`/api/admin/today`)", adminScale.api.today, "p95 < 50 ms");
const { csv, browser } = adminScale;
out.push(`| CSV export of every booking (${(csv.lines - 1).toLocaleString("en-US")} rows) | first byte ${ms(csv.firstByteMs)}, all in ${(csv.totalMs / 1000).toFixed(1)} s; server RSS ${(csv.rssBeforeKb / 1024).toFixed(1)} MB before, ${(csv.rssPeakKb / 1024).toFixed(1)} MB at most during it | first byte < 1 s, < 15 s, memory flat |`);
out.push(`| Chromium: sign-in to Today's lists | ${ms(browser.todayMs)} (${browser.todayRows} waiting requests shown); JS heap ${browser.todayHeapMb.toFixed(1)} MB | < 1 s; heap < 60 MB |`);
out.push(`| Chromium: Today to the posts' table | ${ms(browser.dashboardMs)} (${browser.dashboardRows} rows); JS heap ${browser.dashboardHeapMb.toFixed(1)} MB | < 1 s; heap < 60 MB |`);
out.push(`| Chromium: posts to the inbox's list | ${ms(browser.inboxMs)} (${browser.inboxCards} requests on the page); JS heap ${browser.inboxHeapMb.toFixed(1)} MB | first page < 1 s |`);
const push = json("push.json");
out.push(`| a push notification, from the stored booking (its 201) to the push service (${push.bookings} bookings one at a time, SQLite) | p50 ${ms(push.p50Ms)}, p95 ${ms(push.p95Ms)}, slowest ${ms(push.maxMs)} | p95 < 1 s |`);
const texts = json("texts.json");
out.push(`| a text, from the stored booking (its 201) to the provider's Messages API (${texts.bookings} texted emergencies one at a time, SQLite) | p50 ${ms(texts.p50Ms)}, p95 ${ms(texts.p95Ms)}, slowest ${ms(texts.maxMs)} | p95 < 1 s |`);
const customerScale = json("customer-scale.json");
for (const [what, r] of Object.entries(customerScale.searches)) {
  out.push(`| customers list at ${customerScale.customers.toLocaleString("en-US")} customers and ${customerScale.requests.toLocaleString("en-US")} requests: ${what} | p50 ${ms(r.p50_ms)}, p95 ${ms(r.p95_ms)}; ${r.found} shown, answer ${kb(r.bytes)} | p95 < 50 ms |`);
}
const earlier = customerScale.first_start_with_earlier_requests;
out.push(`| first start with ${earlier.requests.toLocaleString("en-US")} requests from before customers | ready in ${ms(earlier.ready_ms)}; every request attached in ${(earlier.all_attached_ms / 1000).toFixed(1)} s (in the background) | served meanwhile |`);
const searchScale = json("search-scale.json");
out.push(`| public blog search at ${searchScale.posts.toLocaleString("en-US")} posts (${searchScale.queries.map((q) => `'${q}'`).join(", ")}) | p50 ${ms(searchScale.p50Ms)}, p95 ${ms(searchScale.p95Ms)} | p95 < 30 ms |`, "");

/** A table of bookings/s at each concurrency from `runs`, then what was acknowledged and stored. */
function bookingsSection(title, runsFile, storedFile) {
  out.push(`## ${title}`, "");
  out.push("| connections | bookings/s | p50 | p99 | failed |", "|---|---|---|---|---|");
  const runs = readFileSync(join(dir, runsFile), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  for (const r of runs) {
    out.push(`| ${r.connections} | ${Math.round((r.requests - r.failed) / r.seconds)} | ${r.p50_ms.toFixed(2)} ms | ${r.p99_ms.toFixed(2)} ms | ${r.failed} |`);
  }
  const acknowledged = runs.reduce((n, r) => n + r.requests - r.failed, 0);
  const stored = lines(storedFile)[0];
  out.push("", `Acknowledged: ${acknowledged}; in the database afterwards: ${stored} (${stored >= acknowledged ? "none lost" : "LOST " + (acknowledged - stored)}). Target: at least 1,000 durable bookings/s, none lost.`, "");
}
bookingsSection("Bookings on SQLite (POST /api/bookings, synchronous=FULL, two phones registered for pushes, 10 s per level)", "bookings.jsonl", "bookings-stored.txt");
bookingsSection("Bookings on PostgreSQL (a local cluster, fsync and synchronous_commit on, two phones registered for pushes, 10 s per level)", "bookings-postgres.jsonl", "bookings-postgres-stored.txt");

const textRuns = readFileSync(join(dir, "texts-throughput.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const rate = (r) => (r.requests - r.failed) / r.seconds;
const textsRate = (mode) => textRuns.filter((r) => r.texts === mode).reduce((n, r) => n + rate(r), 0);
out.push("## What texting costs a booking", "");
out.push("Texted emergencies from visitors who ticked the box, each from its own number, at 8 connections for 6 s per run, SQLite; texts off and on (through a Messages API stand-in on loopback), eight rounds, the order alternating from one round to the next (the machine's speed drifts). The outbox yields to requests being stored (for 250 ms at most each time), so the texts of a burst follow it: 'caught up' is how long after the burst the provider had taken the text of every booking. Runs on this shared machine vary by a fifth from one to the next, so the figure is the median of the eight rounds' ratios (on against off).", "");
out.push("| round | texts | bookings/s | p50 | p99 | texts taken during the burst | then all taken |", "|---|---|---|---|---|---|---|");
textRuns.forEach((r, i) => {
  const on = r.texts === "on";
  const caughtUp = on ? (r.caught_up_s === null ? "not within 60 s" : `${r.caught_up_s.toFixed(1)} s later (${r.taken})`) : "-";
  out.push(`| ${Math.floor(i / 2) + 1} | ${r.texts} | ${Math.round(rate(r))} | ${r.p50_ms.toFixed(2)} ms | ${r.p99_ms.toFixed(2)} ms | ${on ? r.during : "-"} | ${caughtUp} |`);
});
const roundRatios = [];
for (let i = 0; i + 1 < textRuns.length; i += 2) {
  const [on, off] = textRuns[i].texts === "on" ? [textRuns[i], textRuns[i + 1]] : [textRuns[i + 1], textRuns[i]];
  roundRatios.push(rate(on) / rate(off));
}
const medianRatio = median(roundRatios);
out.push("", `On against off, the median of the rounds: ${medianRatio.toFixed(3)} (rounds: ${roundRatios.map((r) => r.toFixed(3)).join(", ")}; all runs together: ${(textsRate("on") / textsRate("off")).toFixed(3)}). Target: at least 0.95.`, "");

const escalation = json("escalation.json");
out.push("## What escalation costs a booking, and how late its steps are", "");
out.push(`A rota of 3 members, each with a phone subscribed for pushes (a push service stand-in on loopback). Emergencies (each starts an escalation in its own transaction) against urgent requests (pushed the same way, never escalated), 8 connections for 6 s per run, SQLite, five rounds, the order alternating (the database grows as the runs go); the steps at their default 5, 10 and 15 minutes, so none fired during the runs (${escalation.escalations.toLocaleString("en-US")} escalations stored).`, "");
out.push("| round | kind | bookings/s | p50 | p99 | failed |", "|---|---|---|---|---|---|");
for (const r of escalation.runs) {
  out.push(`| ${r.round} | ${r.kind} | ${Math.round(rate(r))} | ${r.p50_ms.toFixed(2)} ms | ${r.p99_ms.toFixed(2)} ms | ${r.failed} |`);
}
const escalationRatios = [1, 2, 3, 4, 5].map((round) => {
  const of = (kind) => rate(escalation.runs.find((r) => r.round === round && r.kind === kind));
  return of("emergency") / of("urgent");
});
const escalationMedian = [...escalationRatios].sort((a, b) => a - b)[2];
out.push("", `Escalated against not, the median of the rounds: ${escalationMedian.toFixed(3)} (rounds: ${escalationRatios.map((r) => r.toFixed(3)).join(", ")}). Target: at least 0.95.`, "");
const late = escalation.lateness;
out.push(`Lateness: ${late.emergencies} emergencies nobody answered, on a fresh server with the steps at 1, 2 and 3 minutes; from each one's first step's due time (its stored time plus 1 minute) to the step's push at the stand-in: p50 ${ms(late.p50Ms)}, p95 ${ms(late.p95Ms)}, slowest ${ms(late.maxMs)}; ${late.missing} never arrived within 2 minutes. Target: p95 < 2 s.`, "");

const instances = json("instances.json");
out.push("## Two instances on one PostgreSQL database", "");
out.push(`The owner changes a post through instance A; a visitor polls instance B until the change shows on /blog, the post's page, the feed and the sitemap (a rename: the old address redirects). Counted from the moment the change is sent to A; ${instances.rounds} rounds. Target: within 1 s.`, "");
out.push("| change | median | slowest | not seen within 5 s |", "|---|---|---|---|");
for (const [kind, r] of Object.entries(instances.visibleOnB)) {
  out.push(`| ${kind} | ${r.p50Ms?.toFixed(0) ?? "-"} ms | ${r.maxMs?.toFixed(0) ?? "-"} ms | ${r.missed} of ${r.rounds} |`);
}
out.push("");

const admin = json("admin.json");
out.push("## Admin area", "");
out.push(`- Sign-in (argon2id, m=19 MiB, t=2, p=1): median ${admin.sign_in_median_ms.toFixed(0)} ms, p95 ${admin.sign_in_p95_ms.toFixed(0)} ms over 20 in a row.`);
out.push(`- ${admin.together.count} sign-ins at once (at most two hash at a time): all done in ${admin.together.wall_ms.toFixed(0)} ms; answers ${[...new Set(admin.together.statuses)].join(", ")}.`);
out.push(`- Upload of a ${admin.upload.width} x ${admin.upload.height} PNG (${kb(admin.upload.bytes)}): checked, decoded, scaled to 2400 px and re-encoded with three smaller copies in a median of ${admin.upload.median_ms.toFixed(0)} ms of 5.`);
out.push(`- Resident memory: ${(admin.rss_before_kb / 1024).toFixed(1)} MB before, ${(admin.rss_after_kb / 1024).toFixed(1)} MB after all of the above (peak ${(admin.peak_kb / 1024).toFixed(1)} MB while decoding the upload).`, "");

const render = json("render.json");
out.push("## Server-side rendering (QuickJS)", "");
out.push("A page of each kind on the 50-post database: the QuickJS render (the first, then the median of 50 more), and the whole document as a first request makes it (render, document shell, gzip and brotli quality 10).", "");
out.push("| page | render, first | render, median of 50 | document with compression |", "|---|---|---|---|");
for (const [path, t] of Object.entries(render.pages)) {
  const label = path.startsWith("/blog/") ? "/blog/{newest post}" : path;
  out.push(`| ${label} | ${t.cold_ms.toFixed(1)} ms | ${t.median_ms.toFixed(1)} ms | ${t.document_ms.toFixed(1)} ms |`);
}
out.push("");

out.push("## First-visit weight (images and video excluded)", "");
out.push("| page | HTML raw / gzip / brotli | CSS gzip | JS gzip | requests |", "|---|---|---|---|---|");
for (const [path, w] of Object.entries(json("weight.json"))) {
  out.push(`| ${path} | ${kb(w.html.raw)} / ${kb(w.html.gzip)} / ${kb(w.html.brotli)} | ${kb(w.css.gzip)} | ${kb(w.js.gzip)} | ${w.requests} |`);
}
out.push("", "Targets: HTML under 15 KB brotli, JS under 100 KB gzip, CSS under 15 KB gzip.", "");

out.push("## Lighthouse 12 (mobile, simulated throttling)", "");
out.push("| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |", "|---|---|---|---|---|---|---|---|");
for (const [path, l] of Object.entries(json("lighthouse.json"))) {
  out.push(`| ${path} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcpMs} ms | ${l.cls} | ${l.tbtMs} ms |`);
}
const failed = Object.entries(json("lighthouse.json")).filter(([, l]) => l.failedAudits.length);
if (failed.length) {
  out.push("", "Audits not passed: " + failed.map(([p, l]) => `${p}: ${l.failedAudits.join(", ")}`).join("; ") + ".");
}
out.push("", "Targets: performance >= 95, accessibility 100, best practices >= 95, SEO 100.");

// What make soak last measured, and what the fault, contract and fuzz runs found (kept by hand).
for (const name of ["reliability.md", "found-and-fixed.md"]) {
  const file = new URL(name, import.meta.url);
  if (existsSync(file)) out.push("", readFileSync(file, "utf8").trim());
}
console.log(out.join("\n"));
