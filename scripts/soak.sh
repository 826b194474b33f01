#!/usr/bin/env bash
# `make soak`: the long fault and load runs, bounded and on loopback; each stops what it starts.
# Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
reports=target/soak-reports
rm -rf "$reports" && mkdir -p "$reports"
source scripts/counting.sh

echo "== soak: kill -9 under load, 1,000 trickling connections, providers down across a restart"
cargo_test "$reports/soak.log" --test api -- --ignored --test-threads 1 soak::

echo "== soak: the API contract with 300 examples per operation and phase"
scripts/api-contract.sh 300 "$reports"
count_junit "$reports/api-contract.xml"

echo "== soak: each cargo-fuzz target for 90 s"
scripts/fuzz.sh 90 "$reports" | tee "$reports/fuzz.log"
read -r p f < <(awk '/^fuzz: [0-9]+ passed/ { print $2, $4 }' "$reports/fuzz.log")
count "${p:-0}" "${f:-1}"

report_counts
