#!/usr/bin/env bash
# Shows that each of make lint's newer checks fails on a fault planted for it, so a check that
# stopped looking (a glob that matches nothing, a rule set that lost its rules) is noticed:
#   ESLint: a hook called under a condition;    Prettier: a file not formatted;
#   Redocly: an operation without a summary;    docs/configuration.md: a flag left out.
# Each planted file lives under target/lint-faults, or in web/src only while its check runs.
# Sourced by scripts/test-all.sh after make lint (counts one test per check).
planted=target/lint-faults
rm -rf "$planted" && mkdir -p "$planted"

# planted_fault NAME COMMAND...: COMMAND must fail; counts one passed test when it does.
planted_fault() {
  local name=$1
  shift
  if "$@" >"$planted/$name.log" 2>&1; then
    echo "lint fault: $name was NOT caught (see $planted/$name.log)"
    count 0 1
  else
    echo "lint fault: $name caught"
    count 1 0
  fi
}

# A source file of the web app exists only while its check runs (an interrupted run leaves
# nothing that make lint would trip on next time: the trap removes it).
with_web_file() {
  local content=$1 file=web/src/lint-fault-planted.tsx
  shift
  printf '%s' "$content" >"$file"
  trap 'rm -f web/src/lint-fault-planted.tsx' RETURN
  "$@"
}

planted_fault eslint with_web_file 'import { useState } from "react";

export function Planted({ on }: { on: boolean }) {
  if (on) {
    const [value] = useState(0);
    return <p>{value}</p>;
  }
  return null;
}
' bash scripts/web-lint.sh

planted_fault prettier with_web_file 'export const planted   =  {a:1,
b:2}
' bash scripts/web-lint.sh

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
planted_fault redocly node tools/api-types/lint.mjs "$planted/api.snap"

grep -v -- '--listen' docs/configuration.md >"$planted/configuration.md"
planted_fault configuration python3 scripts/configuration.py --check --doc "$planted/configuration.md"
