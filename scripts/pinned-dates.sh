#!/usr/bin/env bash
# `make dates`: the Rust tests on SQLite and the browser journeys, once at each pinned date that
# has broken a calendar before, on the shop's clock (America/Denver): a 31-day month's 1st and its
# 31st, 28 February and 29 February, the last minutes before both DST changes, Christmas Eve and
# New Year's Eve at 23:59. make test runs them at one instant (TEST_NOW, a spring Tuesday); every
# server and browser of a run starts at TRAILERWORKS_TEST_NOW. About 9 minutes a date on 2 cores.
# Ends with one line "N passed, N failed". DATES="..." runs only those.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=target/dates-reports
rm -rf "$reports" && mkdir -p "$reports"
source scripts/counting.sh
export RUST_TEST_THREADS=${RUST_TEST_THREADS:-4}
source scripts/browsers.sh
install_browsers "$reports/chromium-install.log"

default_dates=(
  2026-12-01T15:00:00Z # 08:00 on the 1st of a 31-day month
  2026-07-31T17:00:00Z # 11:00 on the 31st
  2027-02-28T18:00:00Z # 11:00 on 28 February of a common year
  2028-02-29T18:00:00Z # 11:00 on 29 February
  2027-03-14T08:30:00Z # 01:30 MST, half an hour before the clocks go forward
  2026-11-01T07:30:00Z # 01:30 MDT, half an hour before the clocks go back
  2026-12-24T17:00:00Z # 10:00 on Christmas Eve
  2027-01-01T06:59:00Z # 23:59 on New Year's Eve
)
read -r -a dates <<<"${DATES:-${default_dates[*]}}"

for date in "${dates[@]}"; do
  export TRAILERWORKS_TEST_NOW=$date
  phase "at $date: Rust unit and API tests (SQLite)"
  cargo_test "$reports/cargo-$date.log"
  phase "at $date: Playwright"
  browsers_ready "$reports/chromium-install.log"
  (cd e2e && PLAYWRIGHT_JSON_OUTPUT_FILE="../$reports/playwright-$date.json" npx playwright test --reporter=dot,json)
  read -r p f < <(node -e '
    try { const s = require(process.argv[1]).stats; console.log(s.expected + s.flaky, s.unexpected) }
    catch { console.log(0, 1) }' "$PWD/$reports/playwright-$date.json")
  count "$p" "$f"
done

phase_times
report_counts
