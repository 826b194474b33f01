#!/usr/bin/env bash
# ESLint and the Prettier check over the web app, the Playwright journeys and the Node tools, with
# no warnings allowed. `--write` formats instead of checking. Run by `make lint`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=tools/web-lint
files=("web/**/*.{ts,tsx,mjs}" "e2e/**/*.ts" "tools/*/*.{js,mjs}")
if [[ "${1:-}" == "--write" ]]; then
  "$tools/node_modules/.bin/prettier" --config "$tools/.prettierrc.json" --ignore-path "$tools/.prettierignore" --log-level warn --write "${files[@]}"
  exit
fi
"$tools/node_modules/.bin/eslint" --config "$tools/eslint.config.js" --cache --cache-location target/eslint-cache --max-warnings 0 web e2e tools
"$tools/node_modules/.bin/prettier" --config "$tools/.prettierrc.json" --ignore-path "$tools/.prettierignore" --log-level warn --check "${files[@]}"
