#!/usr/bin/env bash
# Runs every cargo-fuzz target (server/fuzz) for SECONDS each, starting from the committed seeds
# (server/fuzz/seeds/TARGET) and a working corpus under target/fuzz-corpus. A crash, a failed
# assertion or a timeout is a failure: libFuzzer keeps the input in server/fuzz/artifacts/TARGET,
# and `cargo fuzz run TARGET FILE` (from server/, with RUSTC_BOOTSTRAP=1 -s none) replays it.
#
# Usage: scripts/fuzz.sh SECONDS [REPORT_DIR]
# Prints one line per target and "fuzz: N passed, N failed"; exits non-zero when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?seconds per target}
reports=${2:-target/test-reports}
mkdir -p "$reports"
reports=$(cd "$reports" && pwd)
root=$PWD

if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --version 0.13.2 --locked
fi
# Stable toolchain: cargo-fuzz's -Z flags need RUSTC_BOOTSTRAP; no sanitizer (the code under test
# is safe Rust), so libFuzzer's coverage guidance and our assertions do the finding.
export RUSTC_BOOTSTRAP=1
fuzz=(cargo fuzz)
options=(-s none --release --debug-assertions)

cd server
if ! "${fuzz[@]}" build "${options[@]}" 2>&1 | tail -3; then
  echo "fuzz: 0 passed, 1 failed (the fuzz targets did not build)"
  exit 1
fi

passed=0
failed=0
for target in $("${fuzz[@]}" list); do
  corpus="$root/target/fuzz-corpus/$target"
  mkdir -p "$corpus"
  log="$reports/fuzz-$target.log"
  if "${fuzz[@]}" run "${options[@]}" "$target" "$corpus" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 >"$log" 2>&1; then
    runs=$(awk '/stat::number_of_executed_units/ { print $NF }' "$log")
    echo "fuzz $target: ok, ${runs:-?} inputs in ${seconds}s"
    passed=$((passed + 1))
  else
    echo "fuzz $target: FAILED (see $reports/fuzz-$target.log and server/fuzz/artifacts/$target)"
    grep -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | head -10
    failed=$((failed + 1))
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
