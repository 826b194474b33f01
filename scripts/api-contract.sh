#!/usr/bin/env bash
# The API contract, tried: the document /api/openapi.json is checked against the OpenAPI
# specification by a third party's validator (openapi-spec-validator), then schemathesis
# generates valid and invalid requests for every operation of it and sends them to the binary
# make test builds, signed in as an admin. A 5xx, a status the document does not list, or a body
# or header that does not match it is a failure. Both come from PyPI, pinned in
# api-contract-requirements.txt, installed into target/venv. The validator's verdict goes to
# REPORT_DIR/api-document.ok (or .failed), which make test counts.
#
# Usage: scripts/api-contract.sh [EXAMPLES] [REPORT_DIR]
#   EXAMPLES    examples per operation and phase (default 40; make soak passes more)
#   REPORT_DIR  where the JUnit report goes (default target/test-reports)
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-40}
reports=${2:-target/test-reports}
mkdir -p "$reports"

venv=target/venv
requirements=scripts/api-contract-requirements.txt
if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi

data=$(mktemp -d /tmp/trailerworks-contract.XXXXXX)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; fi
  rm -rf "$data"
}
trap cleanup EXIT

binary=target/test-release/trailerworks
email=contract@example.com
password="contract-test-password-$RANDOM$RANDOM"
echo "$password" | "$binary" admin create --data-dir "$data" --email "$email" >/dev/null
"$binary" demo-content --data-dir "$data" >/dev/null
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
# No booking rate limit: the run sends far more bookings than a visitor could.
"$binary" serve --data-dir "$data" --listen "127.0.0.1:$port" --public-url "$base" \
  --booking-rate-limit 0 >"$data/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  curl -sf "$base/healthz" >/dev/null && break
  sleep 0.1
done

rm -f "$reports/api-document.ok" "$reports/api-document.failed"
curl -sf "$base/api/openapi.json" > "$data/openapi.json"
if "$venv/bin/openapi-spec-validator" "$data/openapi.json"; then
  touch "$reports/api-document.ok"
else
  touch "$reports/api-document.failed"
fi

# Signed in once; logout and signing a device out are left out of the run, as they would end the
# session for the rest (schemathesis finds the session's id in the account page's answer), and
# the live stream too, as it never ends (front_desk's API test reads it).
session=$(curl -sf -c "$data/cookies" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/admin/login")
CONTRACT_CSRF=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["csrfToken"])' <<<"$session")
CONTRACT_SESSION=$(awk '$6 == "trailerworks_session" { print $7 }' "$data/cookies")
export CONTRACT_CSRF CONTRACT_SESSION

status=0
"$venv/bin/schemathesis" --config-file scripts/schemathesis.toml run "$base/api/openapi.json" \
  --exclude-path /api/admin/logout --exclude-path '/api/admin/account/sessions/{id}' --exclude-path /api/admin/live \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection,positive_data_acceptance,ignored_auth \
  --max-examples "$examples" --seed 1 --workers 1 --request-timeout 30 \
  --suppress-health-check all \
  --report junit --report-junit-path "$reports/api-contract.xml" || status=$?
if [ "$status" -ne 0 ]; then
  echo "server log (last lines):"
  tail -20 "$data/server.log"
fi
exit "$status"
