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

report_counts
