#!/usr/bin/env bash
# Runs every check and test suite, then prints one line: "N passed, N failed".
# Called by `make test` once its build of the binary (target/test-release) and both npm installs exist.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=target/test-reports
rm -rf "$reports" && mkdir -p "$reports"
source scripts/counting.sh
# The API tests wait on sockets, timers and their servers more than on the CPU: four at a time
# instead of one per core took the SQLite run from 40 to 29 s here, with the same CPU time.
export RUST_TEST_THREADS=${RUST_TEST_THREADS:-4}

# The API tests that never depend on the store behind the server (connection handling, headers,
# the HTML of pages, the API document, calendar files, the stand-ins): left out of the second run.
store_blind=(connections:: responses:: pages:: site_pages:: openapi:: ical:: stand_ins::)

# The browsers are installed while the checks and the Rust suites run.
source scripts/browsers.sh
install_browsers "$reports/chromium-install.log"

phase "static checks (fmt, clippy, tsc, the layers of docs/architecture.md)"
if make -s checks; then count 1 0; else echo "static checks FAILED"; count 0 1; fi

phase "make lint's checks, each against a fault planted for it"
source scripts/lint-faults.sh

phase "Rust unit and integration tests (SQLite and the data directory)"
cargo_test "$reports/cargo.log"

phase "API contract: schemathesis against the binary, signed in"
api_contract 40 "$reports"

phase "Rust integration tests again, on PostgreSQL and S3-compatible storage (both started here)"
source scripts/services.sh
trap stop_services EXIT
if start_postgres && start_s3; then
  cargo_test "$reports/cargo-postgres.log" --test api -- --include-ignored --skip soak:: \
    "${store_blind[@]/#/--skip=}"
else
  echo "PostgreSQL or the S3 stand-in did not start"; count 0 1
fi
stop_services
unset TRAILERWORKS_TEST_POSTGRES TRAILERWORKS_TEST_S3

phase "Vitest (component logic)"
(cd web && npx vitest run --reporter=default --reporter=json --outputFile="../$reports/vitest.json")
read -r p f < <(node -e '
  try { const r = require(process.argv[1]); console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites || 0)) }
  catch { console.log(0, 1) }' "$PWD/$reports/vitest.json")
count "$p" "$f"

phase "Playwright (browser journeys in Debian Chromium)"
browsers_ready "$reports/chromium-install.log"
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_FILE="../$reports/playwright.json" npx playwright test --reporter=list,json)
read -r p f < <(node -e '
  try { const s = require(process.argv[1]).stats; console.log(s.expected + s.flaky, s.unexpected) }
  catch { console.log(0, 1) }' "$PWD/$reports/playwright.json")
count "$p" "$f"

phase_times
report_counts
