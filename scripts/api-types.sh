#!/usr/bin/env bash
# Makes the browser's API types (web/src/lib/api-schema.ts) from the committed API document
# (the insta snapshot of /api/openapi.json, which a Rust test keeps equal to what the server
# serves). With --check, fails when the committed types are not what the document gives.
set -euo pipefail
cd "$(dirname "$0")/.."
snapshot=server/tests/api/snapshots/api__openapi__api_document.snap
target=web/src/lib/api-schema.ts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The snapshot is the document after insta's header (the lines up to the second "---").
awk 'seen >= 2 { print } /^---$/ { seen++ }' "$snapshot" >"$work/openapi.json"
tools/api-types/node_modules/.bin/openapi-typescript "$work/openapi.json" --output "$work/generated.ts" \
  --root-types --root-types-no-schema-prefix --empty-objects-unknown --enum-values >/dev/null
{
  echo "// Made by scripts/api-types.sh from the server's API document: do not edit by hand."
  echo "// Run \`bash scripts/api-types.sh\` after the document's snapshot changes."
  cat "$work/generated.ts"
} >"$work/api-schema.ts"
if [[ "${1:-}" == "--check" ]]; then
  if ! cmp -s "$work/api-schema.ts" "$target"; then
    echo "$target is not what the API document gives: run bash scripts/api-types.sh"
    diff -u "$target" "$work/api-schema.ts" | head -40 || true
    exit 1
  fi
else
  cp "$work/api-schema.ts" "$target"
fi
