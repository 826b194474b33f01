#!/usr/bin/env bash
# Lighthouse (mobile, simulated throttling, offline) for one URL; prints a JSON summary.
set -euo pipefail
url=$1
out=$(mktemp)
CHROME_PATH=/usr/bin/chromium npx --prefix "$(dirname "$0")" lighthouse "$url" --quiet \
  --form-factor=mobile --only-categories=performance,accessibility,best-practices,seo \
  --chrome-flags="--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync --host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'" \
  --output=json --output-path="$out" >/dev/null 2>&1 || true
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const c = r.categories, a = r.audits;
  const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
  const failed = Object.values(a).filter((x) => x.score !== null && x.score < 1 && ["accessibility","seo","best-practices"].some((k) => c[k]?.auditRefs.some((ref) => ref.id === x.id && ref.weight > 0))).map((x) => x.id);
  console.log(JSON.stringify({ performance: score("performance"), accessibility: score("accessibility"),
    bestPractices: score("best-practices"), seo: score("seo"),
    lcpMs: Math.round(a["largest-contentful-paint"].numericValue), cls: +a["cumulative-layout-shift"].numericValue.toFixed(3),
    tbtMs: Math.round(a["total-blocking-time"].numericValue), failedAudits: failed }));
' "$out"
rm -f "$out"
