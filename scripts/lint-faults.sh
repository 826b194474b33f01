#!/usr/bin/env bash
# Shows that each of make lint's newer checks fails on a fault planted for it, so a check that
# stopped looking (a glob that matches nothing, a rule set that lost its rules) is noticed:
#   ESLint: a hook called under a condition;    Prettier: a file not formatted;
#   Redocly: an operation without a summary;    docs/configuration.md: a flag left out;
#   the layers' check: a new handler module (found by its #[utoipa::path]) with SQL in it, SQL
#   on a table outside its folder, and a table no folder owns; SQL comparing a status with a
#   typed name;
#   cargo-deny: a crate of the build banned.
# Each planted file lives under target/lint-faults, or in web/src only while its check runs.
# Sourced after make lint's checks (counts one test per check): by scripts/test-all.sh for all
# but cargo-deny, by scripts/soak.sh for cargo-deny (LINT_FAULTS names the ones to run).
planted=target/lint-faults
mkdir -p "$planted"
faults=${LINT_FAULTS:-eslint prettier redocly configuration handler-sql table-owner table-unowned sql-literal sql-like}

# planted_fault NAME WHY COMMAND...: COMMAND must fail, saying WHY (a regular expression); counts
# one passed test when it does.
planted_fault() {
  local name=$1 why=$2
  shift 2
  if "$@" >"$planted/$name.log" 2>&1; then
    echo "lint fault: $name was NOT caught (see $planted/$name.log)"
    count 0 1
  elif ! grep -qE "$why" "$planted/$name.log"; then
    echo "lint fault: $name failed for another reason than /$why/ (see $planted/$name.log)"
    count 0 1
  else
    echo "lint fault: $name caught"
    count 1 0
  fi
}

# with_file FILE CONTENT COMMAND...: FILE, a source file the checks read (but no build includes),
# holds CONTENT only while COMMAND runs; the trap removes it even when the run is interrupted, so
# nothing is left that make lint would trip on next time.
with_file() {
  local file=$1
  printf '%s' "$2" >"$file"
  shift 2
  trap "rm -f '$file'" RETURN
  "$@"
}

if [[ " $faults " == *" eslint "* ]]; then
planted_fault eslint "rules-of-hooks" with_file web/src/lint-fault-planted.tsx 'import { useState } from "react";

export function Planted({ on }: { on: boolean }) {
  if (on) {
    const [value] = useState(0);
    return <p>{value}</p>;
  }
  return null;
}
' bash scripts/web-lint.sh
fi

if [[ " $faults " == *" prettier "* ]]; then
planted_fault prettier "lint-fault-planted" with_file web/src/lint-fault-planted.tsx 'export const planted   =  {a:1,
b:2}
' bash scripts/web-lint.sh
fi

if [[ " $faults " == *" redocly "* ]]; then
snapshot=server/tests/api/snapshots/api__openapi__api_document.snap
python3 - "$snapshot" "$planted/api.snap" <<'PY'
import json, sys
# The snapshot is insta's header, then the document: the first operation loses its summary.
lines = open(sys.argv[1]).read().split("\n")
body = lines.index("---", lines.index("---") + 1) + 1
document = json.loads("\n".join(lines[body:]))
operation = next(iter(next(iter(document["paths"].values())).values()))
del operation["summary"]
open(sys.argv[2], "w").write("\n".join(lines[:body]) + "\n" + json.dumps(document, indent=2))
PY
planted_fault redocly "operation-summary" node tools/api-types/lint.mjs "$planted/api.snap"
fi

if [[ " $faults " == *" configuration "* ]]; then
grep -v -- '--listen' docs/configuration.md >"$planted/configuration.md"
planted_fault configuration "is not what the binary" python3 scripts/configuration.py --check --doc "$planted/configuration.md"
fi

if [[ " $faults " == *" handler-sql "* ]]; then
planted_fault handler-sql "lint_fault_planted: a route module holds SQL" with_file server/src/booking/lint_fault_planted.rs '#[utoipa::path(get, path = "/api/planted")]
pub async fn planted(db: crate::db::Db) {
    let _ = sqlx::query("SELECT 1");
}
' python3 scripts/check-imports.py
fi

if [[ " $faults " == *" table-owner "* ]]; then
planted_fault table-owner "lint_fault_planted.rs: SQL names texts, which belongs to delivery/" with_file server/src/schedule/lint_fault_planted.rs 'pub async fn planted(db: crate::db::Db) {
    let _ = sqlx::query("SELECT COUNT(*) FROM texts");
}
' python3 scripts/check-imports.py
fi

if [[ " $faults " == *" table-unowned "* ]]; then
planted_fault table-unowned "table lint_fault_planted: no folder owns it" with_file server/migrations/sqlite/9999_lint_fault_planted.sql 'CREATE TABLE lint_fault_planted (id INTEGER PRIMARY KEY);
' python3 scripts/check-imports.py
fi

if [[ " $faults " == *" sql-literal "* ]]; then
planted_fault sql-literal "lint_fault_planted.rs:2: SQL compares status with a typed name" with_file server/src/booking/lint_fault_planted.rs 'pub async fn planted(db: crate::db::Db) {
    let _ = sqlx::query("SELECT COUNT(*) FROM bookings WHERE status <> '"'"'spam'"'"'");
}
' python3 scripts/check-imports.py
fi

if [[ " $faults " == *" sql-like "* ]]; then
planted_fault sql-like "lint_fault_planted.rs:2: SQL compares purpose with a typed name" with_file server/src/booking/lint_fault_planted.rs 'pub async fn planted(db: crate::db::Db) {
    let _ = sqlx::query("SELECT COUNT(*) FROM deliveries WHERE purpose LIKE '"'"'time-%'"'"'");
}
' python3 scripts/check-imports.py
fi

if [[ " $faults " == *" cargo-deny "* ]]; then
# serde is in every build of the binary: banning it must fail the check.
sed 's/^deny = \[$/deny = [\n  { crate = "serde" },/' deny.toml >"$planted/deny.toml"
planted_fault cargo-deny "banned" bash scripts/deny.sh --config "$planted/deny.toml"
fi
