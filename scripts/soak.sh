#!/usr/bin/env bash
# `make soak`: the long fault, contract and fuzz runs, bounded and on loopback; each stops what it
# starts. Writes bench/reliability.md from this run's figures (make bench puts it in RESULTS.md)
# and ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
reports=target/soak-reports
rm -rf "$reports" && mkdir -p "$reports"
source scripts/counting.sh

echo "== soak: cargo-deny on the Rust dependencies, and a banned crate planted for it"
if bash scripts/deny.sh; then count 1 0; else echo "cargo-deny FAILED"; count 0 1; fi
LINT_FAULTS=cargo-deny source scripts/lint-faults.sh

echo "== soak: kill -9 under load, 1,000 trickling connections, providers down across a restart"
cargo_test "$reports/soak.log" --test api -- --ignored --test-threads 1 --nocapture soak::

echo "== soak: the API contract with 300 examples per operation and phase"
api_contract 300 "$reports"

echo "== soak: each cargo-fuzz target for 90 s"
fuzz_run 90 "$reports"

if [ "$failed" -eq 0 ]; then
  {
    echo "## Reliability (make soak, $(date -u +%Y-%m-%d))"
    echo
    echo "| what | tried | held |"
    echo "|---|---|---|"
    # cargo prints a test's output after its "test name ... " prefix.
    sed -n 's/.*figure: \(.*\) | \(.*\) | \(.*\)$/| \1 | \2 | \3 |/p' "$reports/soak.log"
    cases=$(sed -n 's/^ *\([0-9]*\) generated, .*/\1/p' "$reports/api-contract.log" | tail -1)
    echo "| API contract (schemathesis, signed in) | $cases generated requests, valid and invalid, to every /api operation | no 5xx; every status, body, header and content type as /api/openapi.json says; every schema-invalid request refused with 4xx; every admin route refused without the session |"
    sed -n 's/^fuzz \([a-z_]*\): ok, \([0-9]*\) inputs in \([0-9]*\)s$/| fuzz target \1 | \2 inputs in \3 s | no crash, no failed check |/p' "$reports/fuzz.log"
    echo
    echo "Reproduce with \`make soak\` (about 15 minutes). The fast versions of each run are in \`make test\`."
  } > bench/reliability.md
  echo "wrote bench/reliability.md"
fi

report_counts
