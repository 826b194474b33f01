#!/usr/bin/env bash
# `make bench`: measures the release binary on this machine and writes bench/RESULTS.md.
# Every process it starts is stopped when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/target/release/trailerworks
OUT=$PWD/bench/out
rm -rf "$OUT" && mkdir -p "$OUT"
[ -f bench/node_modules/.installed ] || { (cd bench && npm ci --no-audit --no-fund) && touch bench/node_modules/.installed; }
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null
fi
export PATH=$PATH:/usr/sbin

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

now_ms() { date +%s%3N; }
wait_ready() { # url -> waits until /readyz answers 200
  for _ in $(seq 1 2000); do
    curl -fs -o /dev/null "$1/readyz" && return 0
    sleep 0.005
  done
  echo "server at $1 never became ready" >&2; return 1
}

PORT=18080
BASE=http://127.0.0.1:$PORT
# Every load comes from one address here: the cap on connections per address (64 by default, for
# the open internet) is raised above wrk's, so a reconnect racing the close of the connection it
# replaces is not turned away and counted as a failed request.
CAP=(--max-connections-per-address 256)
PAGES=(/ /services /about /contact /service-areas /service-areas/aurora /blog /blog/trailer-brake-maintenance-checklist /thank-you /no-such-page)
LIGHTHOUSE_PAGES=(/ /services /service-areas /service-areas/aurora /blog /blog/trailer-brake-maintenance-checklist)

# A database with 50 published posts, used from here on.
BLOG_DATA=$(mktemp -d)
"$BIN" demo-content --data-dir "$BLOG_DATA" >/dev/null
python3 bench/seed_posts.py "$BLOG_DATA/trailerworks.db" 50 > "$OUT/posts.txt"
trap 'cleanup; rm -rf "$BLOG_DATA"' EXIT

echo "== start-up time to a ready /readyz (5 runs each, empty and 50-post database)"
: > "$OUT/startup.txt"
: > "$OUT/startup-50.txt"
for _ in 1 2 3 4 5; do
  for target in startup.txt startup-50.txt; do
    if [ "$target" = startup.txt ]; then data=$(mktemp -d); else data=$BLOG_DATA; fi
    start=$(now_ms)
    "$BIN" serve --listen "127.0.0.1:$PORT" --data-dir "$data" "${CAP[@]}" >/dev/null 2>&1 &
    pid=$!; pids+=("$pid")
    wait_ready "$BASE"
    echo $(( $(now_ms) - start )) >> "$OUT/$target"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    [ "$target" = startup.txt ] && rm -rf "$data"
  done
done

# book_at_rising_concurrency OUT.jsonl FLAGS...: a server with FLAGS, with two phones registered
# for push notifications (so each booking also writes and sends its pushes), takes distinct valid
# bookings from wrk at 1, 8 and 64 connections, 10 s each.
BENCH_EMAIL=bench@example.com
BENCH_PASSWORD="a long enough bench secret"
book_at_rising_concurrency() {
  local out=$1
  shift
  echo "$BENCH_PASSWORD" | "$BIN" admin create --email "$BENCH_EMAIL" "$@" >/dev/null
  "$BIN" serve --listen "127.0.0.1:$PORT" --booking-rate-limit 0 "${CAP[@]}" "$@" >/dev/null 2>&1 &
  pid=$!; pids+=("$pid")
  wait_ready "$BASE"
  node bench/push_devices.mjs "$BASE" "$BENCH_EMAIL" "$BENCH_PASSWORD" 2 > "$out.devices" 2>&1 &
  devices=$!; pids+=("$devices")
  for _ in $(seq 1 300); do grep -q ready "$out.devices" && break; sleep 0.1; done
  grep -q ready "$out.devices" || { cat "$out.devices" >&2; return 1; }
  : > "$out"
  for c in 1 8 64; do
    threads=$(( c < 2 ? 1 : 2 ))
    result=$(wrk -t"$threads" -c"$c" -d10s -s bench/bookings.lua "$BASE" -- "c$c" | tail -1)
    echo "{\"connections\":$c,${result#\{}" >> "$out"
  done
  kill "$devices" "$pid"; wait "$devices" "$pid" 2>/dev/null || true
}

echo "== bookings on SQLite: distinct valid bookings at rising concurrency, durable commits"
data=$(mktemp -d)
book_at_rising_concurrency "$OUT/bookings.jsonl" --data-dir "$data"
python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from bookings").fetchone()[0])' \
  "$data/trailerworks.db" > "$OUT/bookings-stored.txt"
rm -rf "$data"

echo "== PostgreSQL (a local cluster with fsync on): bookings, and a change seen across two instances"
source scripts/services.sh
trap 'cleanup; stop_services; rm -rf "$BLOG_DATA"' EXIT
start_postgres fsync
database=$(new_database)
data=$(mktemp -d)
book_at_rising_concurrency "$OUT/bookings-postgres.jsonl" --data-dir "$data" --database-url "$database"
psql -tAc "SELECT COUNT(*) FROM bookings" "$database" > "$OUT/bookings-postgres-stored.txt"
rm -rf "$data"
node bench/instances.mjs "$BIN" "$(new_database)" "$PORT" $((PORT + 2)) > "$OUT/instances.json"
stop_services

echo "== admin: sign-in (argon2id), 8 sign-ins at once, a 12-megapixel upload; memory before and after"
data=$(mktemp -d)
printf 'a long enough bench secret\n' | "$BIN" admin create --email bench@example.com --data-dir "$data" >/dev/null
"$BIN" serve --listen "127.0.0.1:$PORT" --data-dir "$data" "${CAP[@]}" >/dev/null 2>&1 &
pid=$!; pids+=("$pid")
wait_ready "$BASE"
sleep 5 # let the background page warm-up finish
rss() { grep "$1" "/proc/$pid/status" | awk '{print $2}'; }
before=$(rss VmRSS)
admin=$(node bench/admin.mjs "$BASE" bench@example.com 'a long enough bench secret')
echo "{\"rss_before_kb\":$before,\"rss_after_kb\":$(rss VmRSS),\"peak_kb\":$(rss VmHWM),${admin#\{}" > "$OUT/admin.json"
kill "$pid"; wait "$pid" 2>/dev/null || true
rm -rf "$data"

echo "== content scale: 50, 2,000 and 10,000 posts (changes, first requests, a crawl, memory)"
: > "$OUT/content-scale.jsonl"
for posts in 50 2000 10000; do
  node bench/content_scale.mjs "$BIN" "$PORT" "$posts" >> "$OUT/content-scale.jsonl"
done

echo "== the owner's side at scale: 10,000 posts and 100,000 bookings (admin API, CSV export, the admin in Chromium)"
node bench/admin_scale.mjs "$BIN" "$PORT" > "$OUT/admin-scale.json"

echo "== customers at scale: 100,000 customers and 300,000 requests (the customers list's searches), and 100,000 earlier requests attached"
node bench/customer_scale.mjs "$BIN" "$PORT" > "$OUT/customer-scale.json"

echo "== quotes and invoices at scale: 10,000 of each (a quote's page, a draft's save, an invoice's page, the invoices lists, Today, the CSV)"
node bench/document_scale.mjs "$BIN" "$PORT" > "$OUT/document-scale.json"

echo "== a push notification: from a stored booking to the push service (200 bookings, one at a time)"
node bench/push_latency.mjs "$BIN" "$PORT" > "$OUT/push.json"

echo "== texts: from a stored booking to its text at the provider (200 bookings, one at a time), and"
echo "   bookings/s with texts on against off (texted emergencies at 8 connections, eight rounds, the order alternating;"
echo "   after each run with texts on, how long until the provider took the text of every booking)"
node bench/text_latency.mjs "$BIN" "$PORT" > "$OUT/texts.json"
: > "$OUT/texts-throughput.jsonl"
for texts in off on on off off on on off off on on off off on on off; do
  data=$(mktemp -d)
  flags=()
  if [ "$texts" = on ]; then
    node bench/sms_stand_in.mjs 0 > "$OUT/sms.out" &
    standin=$!; pids+=("$standin")
    for _ in $(seq 1 100); do grep -q ready "$OUT/sms.out" && break; sleep 0.1; done
    read -r -a flags <<< "$(sed -n 's/^ready //p' "$OUT/sms.out")"
  fi
  "$BIN" serve --listen "127.0.0.1:$PORT" --data-dir "$data" --booking-rate-limit 0 "${CAP[@]}" \
    --public-url https://trailers.example.com "${flags[@]}" >/dev/null 2>&1 &
  pid=$!; pids+=("$pid")
  wait_ready "$BASE"
  result=$(wrk -t2 -c8 -d6s -s bench/bookings.lua "$BASE" -- "texts-$texts" texted | tail -1)
  taken=0; during=0; caught_up=null
  if [ "$texts" = on ]; then
    # Every booking was texted once the provider took as many texts as wrk saw answers.
    stored=$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.requests - r.failed)' "$result")
    url=$(sed -n 's/.*--sms-api-url \([^ ]*\).*/\1/p' "$OUT/sms.out")
    during=$(curl -fs "$url/taken")
    start=$(date +%s.%N)
    for _ in $(seq 1 1200); do
      taken=$(curl -fs "$url/taken")
      [ "$taken" -ge "$stored" ] && { caught_up=$(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $start }"); break; }
      sleep 0.05
    done
    kill "$standin"; wait "$standin" 2>/dev/null || true
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "{\"texts\":\"$texts\",\"taken\":$taken,\"during\":$during,\"caught_up_s\":$caught_up,${result#\{}" >> "$OUT/texts-throughput.jsonl"
  rm -rf "$data"
done

echo "== escalation: bookings/s of emergencies (escalated) against urgent requests (not), a rota of 3,"
echo "   five rounds alternating; then how late each of 200 emergencies' first step reaches its phone"
node bench/escalation.mjs "$BIN" "$PORT" > "$OUT/escalation.json"

echo "== the public blog search at 100,000 posts"
node bench/search_scale.mjs "$BIN" "$PORT" > "$OUT/search-scale.json"

echo "== server-side render time per page (QuickJS; cold, then median of 50)"
"$BIN" render-timings --iterations 50 --data-dir "$BLOG_DATA" > "$OUT/render.json"

# No access log, as nginx below has none (the next section measures what one costs).
RUST_LOG=info,sqlx=warn,trailerworks::access=off "$BIN" serve --listen "127.0.0.1:$PORT" --data-dir "$BLOG_DATA" "${CAP[@]}" >"$OUT/server.log" 2>&1 &
server=$!; pids+=("$server")
wait_ready "$BASE"
for path in "${PAGES[@]}"; do curl -fs -o /dev/null "$BASE$path" || true; done # warm the page cache

echo "== first-visit weight"
node bench/weight.mjs "$BASE" "${PAGES[@]}" > "$OUT/weight.json"

echo "== Lighthouse (mobile)"
echo "{" > "$OUT/lighthouse.json"
first=1
for path in "${LIGHTHOUSE_PAGES[@]}"; do
  [ $first = 1 ] || echo "," >> "$OUT/lighthouse.json"; first=0
  printf '"%s": %s' "$path" "$(bash bench/lighthouse.sh "$BASE$path")" >> "$OUT/lighthouse.json"
done
echo "}" >> "$OUT/lighthouse.json"

echo "== page serving: our cache against nginx on the same bytes (identity and gzip, 64 connections, 5 s, 3 rounds)"
SERVE_PAGES=(/ /service-areas/aurora /blog /blog/trailer-brake-maintenance-checklist)
WWW=$(mktemp -d)
mkdir -p "$WWW/www"
chmod 755 "$WWW" "$WWW/www" # nginx's workers run as www-data
for i in "${!SERVE_PAGES[@]}"; do
  curl -fs "$BASE${SERVE_PAGES[$i]}" -o "$WWW/www/page$i.html"
  curl -fs -H 'Accept-Encoding: gzip' "$BASE${SERVE_PAGES[$i]}" -o "$WWW/www/page$i.html.gz"
done
NGINX_PORT=18081
cat > "$WWW/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $WWW/nginx.pid;
error_log $WWW/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  default_type text/html;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WWW/www;
  }
}
CONF
nginx -c "$WWW/nginx.conf" &
nginx_pid=$!; pids+=("$nginx_pid")
for _ in $(seq 1 200); do curl -fs -o /dev/null "http://127.0.0.1:$NGINX_PORT/page0.html" && break; sleep 0.05; done
kill -0 "$nginx_pid" 2>/dev/null || { echo "nginx did not start (is port $NGINX_PORT free?)" >&2; exit 1; }
for i in "${!SERVE_PAGES[@]}"; do
  for encoding in identity gzip; do
    curl -fs -o /dev/null -H "Accept-Encoding: $encoding" "http://127.0.0.1:$NGINX_PORT/page$i.html" \
      || { echo "nginx does not serve page$i.html ($encoding)" >&2; exit 1; }
  done
done
: > "$OUT/serving.jsonl"
for round in 1 2 3; do
  for i in "${!SERVE_PAGES[@]}"; do
    for encoding in identity gzip; do
      for target in ours nginx; do
        if [ "$target" = ours ]; then url="$BASE${SERVE_PAGES[$i]}"; else url="http://127.0.0.1:$NGINX_PORT/page$i.html"; fi
        result=$(wrk -t2 -c64 -d5s -H "Accept-Encoding: $encoding" -s bench/summary.lua "$url" | tail -1)
        echo "{\"round\":$round,\"page\":\"${SERVE_PAGES[$i]}\",\"encoding\":\"$encoding\",\"server\":\"$target\",${result#\{}" >> "$OUT/serving.jsonl"
      done
    done
  done
done
kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true
rm -rf "$WWW"
grep VmHWM "/proc/$server/status" | awk '{print $2}' > "$OUT/peak-rss-kb.txt"

echo "== what metrics and access logs cost on the cached path (/about, 64 connections, 5 s, 3 rounds interleaved)"
: > "$OUT/observability.jsonl"
OBS=http://127.0.0.1:18082
for round in 1 2 3; do
  for mode in off metrics metrics+log; do
    flags=(); filter=info,sqlx=warn,trailerworks::access=off
    [ "$mode" = off ] || flags=(--metrics-listen 127.0.0.1:18083)
    [ "$mode" = metrics+log ] && { flags+=(--log-format json); filter=info,sqlx=warn; }
    RUST_LOG=$filter "$BIN" serve --listen 127.0.0.1:18082 --data-dir "$BLOG_DATA" "${CAP[@]}" "${flags[@]}" >"$OUT/observed.log" 2>&1 &
    pid=$!; pids+=("$pid")
    wait_ready "$OBS"
    curl -fs -o /dev/null "$OBS/about"
    result=$(wrk -t2 -c64 -d5s -s bench/summary.lua "$OBS/about" | tail -1)
    echo "{\"round\":$round,\"mode\":\"$mode\",${result#\{}" >> "$OUT/observability.jsonl"
    # grep reads it all: with -q it would stop at the match and curl fail writing the rest.
    [ "$mode" = off ] || curl -fs "http://127.0.0.1:18083/metrics" | grep '^trailerworks_page_cache_hits_total [1-9]' >/dev/null
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done
rm -f "$OUT/observed.log"

echo "== what counting visits costs on the cached path (/about, a browser's user agent, 64 connections, 5 s, 3 rounds interleaved)"
: > "$OUT/insights.jsonl"
UA="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
for round in 1 2 3; do
  for mode in off on; do
    RUST_LOG=info,sqlx=warn,trailerworks::access=off "$BIN" serve --listen 127.0.0.1:18082 --data-dir "$BLOG_DATA" \
      --insights "$mode" --insights-write-every-ms 1000 "${CAP[@]}" >"$OUT/counted.log" 2>&1 &
    pid=$!; pids+=("$pid")
    wait_ready "$OBS"
    curl -fs -o /dev/null -A "$UA" "$OBS/about"
    result=$(wrk -t2 -c64 -d5s -H "User-Agent: $UA" -s bench/summary.lua "$OBS/about" | tail -1)
    echo "{\"round\":$round,\"mode\":\"$mode\",${result#\{}" >> "$OUT/insights.jsonl"
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done
rm -f "$OUT/counted.log"

echo "== what live updates cost on the cached path (20 admin tabs' event streams open or not; /about, 64 connections, 5 s, 3 rounds interleaved)"
LIVE_DATA=$(mktemp -d)
cp -r "$BLOG_DATA/." "$LIVE_DATA/"
printf 'a long enough bench secret\n' | "$BIN" admin create --email live@example.com --data-dir "$LIVE_DATA" >/dev/null
: > "$OUT/live.jsonl"
for round in 1 2 3; do
  for mode in off on; do
    RUST_LOG=info,sqlx=warn,trailerworks::access=off "$BIN" serve --listen 127.0.0.1:18082 --data-dir "$LIVE_DATA" \
      "${CAP[@]}" >"$OUT/live.log" 2>&1 &
    pid=$!; pids+=("$pid")
    wait_ready "$OBS"
    curl -fs -o /dev/null "$OBS/about"
    streams=()
    if [ "$mode" = on ]; then
      cookie=$(curl -fs -D - -o /dev/null -H 'Content-Type: application/json' \
        -d '{"email":"live@example.com","password":"a long enough bench secret"}' "$OBS/api/admin/login" \
        | awk -F'[ ;]' 'tolower($1) == "set-cookie:" { print $2 }')
      for _ in $(seq 1 20); do
        curl -fsN -H "Cookie: $cookie" "$OBS/api/admin/live" >/dev/null 2>&1 &
        streams+=("$!"); pids+=("$!")
      done
      sleep 1
    fi
    result=$(wrk -t2 -c64 -d5s -s bench/summary.lua "$OBS/about" | tail -1)
    echo "{\"round\":$round,\"mode\":\"$mode\",\"streams\":${#streams[@]},${result#\{}" >> "$OUT/live.jsonl"
    for stream in "${streams[@]}"; do kill "$stream" 2>/dev/null || true; done
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done
rm -rf "$LIVE_DATA" "$OUT/live.log"

ls -l "$BIN" | awk '{print $5}' > "$OUT/binary-size.txt"
node bench/report.mjs "$OUT" > bench/RESULTS.md
echo "wrote bench/RESULTS.md"
