# Real components the tests and benchmarks start and stop themselves, on loopback:
# a throwaway PostgreSQL cluster and an S3-compatible server. Source this file, then call
# start_postgres / start_s3 (each exports what clients need) and stop_services when done.

SERVICES_DIR=""

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

services_dir() {
  if [ -z "$SERVICES_DIR" ]; then
    SERVICES_DIR=$(mktemp -d /tmp/trailerworks-services.XXXXXX)
    chmod 755 "$SERVICES_DIR"
  fi
}

# Debian's PostgreSQL server programs (installed when missing). initdb refuses root, so the
# cluster belongs to the postgres user when we are root.
postgres_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    apt-get update -qq && apt-get install -y -qq -o DPkg::Lock::Timeout=300 postgresql >/dev/null
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
  echo "$bin"
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_postgres [fsync]: a new cluster on a free port; exports PG_BIN, POSTGRES_ADMIN_URL and
# TRAILERWORKS_TEST_POSTGRES. Tests run with fsync off (faster); benchmarks pass "fsync".
start_postgres() {
  services_dir
  PG_BIN=$(postgres_bin)
  export PG_BIN PATH="$PATH:$PG_BIN"
  local dir="$SERVICES_DIR/postgres" port
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
  port=$(free_port)
  as_postgres "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  local fsync=off
  [ "${1:-}" = fsync ] && fsync=on
  as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=400" >/dev/null \
    || { cat "$dir/server.log" >&2; return 1; }
  export POSTGRES_ADMIN_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export TRAILERWORKS_TEST_POSTGRES="$POSTGRES_ADMIN_URL"
}

# A new empty database on the cluster; prints its URL.
new_database() {
  local name
  name="tw_$(date +%s%N)"
  psql "$POSTGRES_ADMIN_URL" -qc "CREATE DATABASE $name" >/dev/null
  echo "${POSTGRES_ADMIN_URL%/postgres}/$name"
}

# start_s3: moto's S3 server (PyPI, pinned in scripts/s3-stand-in-requirements.txt, installed
# into target/venv-s3 when the pins change) on a free port with the bucket "trailerworks";
# exports the AWS_* variables and TRAILERWORKS_TEST_S3.
start_s3() {
  services_dir
  local root venv requirements
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  venv="$root/target/venv-s3"
  requirements="$root/scripts/s3-stand-in-requirements.txt"
  if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" \
      && cp "$requirements" "$venv/requirements.txt" || return 1
  fi
  local dir="$SERVICES_DIR/s3" port
  mkdir -p "$dir"
  port=$(free_port)
  "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$dir/server.log" 2>&1 &
  S3_PID=$!
  for _ in $(seq 1 100); do
    curl -fs -o /dev/null -X PUT "http://127.0.0.1:$port/trailerworks" && break
    sleep 0.1
  done
  curl -fs -o /dev/null "http://127.0.0.1:$port/trailerworks" || { cat "$dir/server.log" >&2; return 1; }
  export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_REGION=us-east-1
  export AWS_ENDPOINT_URL="http://127.0.0.1:$port"
  export TRAILERWORKS_TEST_S3="s3://trailerworks"
}

stop_services() {
  if [ -n "${S3_PID:-}" ]; then kill "$S3_PID" 2>/dev/null; wait "$S3_PID" 2>/dev/null; fi
  if [ -n "$SERVICES_DIR" ] && [ -d "$SERVICES_DIR/postgres/data" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$SERVICES_DIR/postgres/data" -m immediate stop >/dev/null 2>&1
  fi
  if [ -n "$SERVICES_DIR" ]; then rm -rf "$SERVICES_DIR"; fi
  SERVICES_DIR=""
  S3_PID=""
}
