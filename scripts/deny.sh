#!/usr/bin/env bash
# cargo-deny on the Rust dependencies (deny.toml): banned crates, licences and sources always;
# the RustSec advisories too wherever their database can be fetched (these machines cannot reach
# GitHub). cargo-deny is built once into target/tools (a few minutes on 2 cores, which is why
# `make test` leaves it to `make lint` and `make soak`).
# Usage: scripts/deny.sh [--config FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.20.2
deny=target/tools/bin/cargo-deny
if ! "$deny" --version 2>/dev/null | grep -qF "$version"; then
  echo "cargo-deny: building $version into target/tools (once)"
  # Its own release profile asks for fat LTO in one codegen unit: minutes more, for a check tool.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install --locked --quiet "cargo-deny@$version" --root target/tools
fi
"$deny" --log-level error "$@" check bans licenses sources
if "$deny" --log-level error fetch db >/dev/null 2>&1; then
  "$deny" --log-level error "$@" check advisories
else
  echo "cargo-deny: the advisory database could not be fetched here; advisories not checked"
fi
