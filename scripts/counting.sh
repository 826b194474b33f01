# Tallies of passed and failed tests across suites, for scripts/test-all.sh and scripts/soak.sh.
# Source it, run suites through count / cargo_test, and end with report_counts.

passed=0
failed=0
count() { passed=$((passed + $1)); failed=$((failed + $2)); }

# cargo_test LOG ARGS...: runs cargo test with ARGS, keeps its output in LOG and counts it.
cargo_test() {
  local log=$1 p f
  shift
  cargo test --profile test-release --locked --features test-clock "$@" 2>&1 | tee "$log"
  read -r p f < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
    END { print p + 0, f + 0 }' "$log")
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then f=1; echo "cargo test $* ran no test"; fi
  count "$p" "$f"
}

# api_contract EXAMPLES REPORTS: runs scripts/api-contract.sh (the document checked against the
# specification, then schemathesis), keeps its output in
# REPORTS/api-contract.log and counts its JUnit report's test cases (none is one failure).
api_contract() {
  local p f
  scripts/api-contract.sh "$1" "$2" | tee "$2/api-contract.log"
  read -r p f < <(python3 - "$2/api-contract.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
    tests = int(root.get("tests")); bad = int(root.get("failures")) + int(root.get("errors"))
    print(tests - bad, bad)
except Exception:
    print(0, 1)
PY
)
  count "$p" "$f"
  # The document itself, checked against the specification before the run.
  if [ -f "$2/api-document.ok" ]; then count 1 0; else echo "the API document failed openapi-spec-validator"; count 0 1; fi
}

# fuzz_run SECONDS REPORTS: runs scripts/fuzz.sh, keeps its output in REPORTS/fuzz.log and
# counts its targets (no summary line is one failure).
fuzz_run() {
  local p f
  scripts/fuzz.sh "$1" "$2" | tee "$2/fuzz.log"
  read -r p f < <(awk '/^fuzz: [0-9]+ passed/ { print $2, $4 }' "$2/fuzz.log")
  count "${p:-0}" "${f:-1}"
}

# phase TITLE: starts a phase of the run (ending the one before), timed for phase_times.
phase_names=()
phase_starts=()
phase() {
  phase_names+=("$1")
  phase_starts+=("$SECONDS")
  echo "== $1"
}

# How long each phase took, one line each, and the whole run.
phase_times() {
  local i end
  echo "== time per phase"
  for i in "${!phase_names[@]}"; do
    end=${phase_starts[$((i + 1))]:-$SECONDS}
    printf '%4dm%02ds  %s\n' $(((end - phase_starts[i]) / 60)) $(((end - phase_starts[i]) % 60)) "${phase_names[$i]}"
  done
  printf '%4dm%02ds  in all\n' $((SECONDS / 60)) $((SECONDS % 60))
}

# The one closing line; fails when anything failed.
report_counts() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
