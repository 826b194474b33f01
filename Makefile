# The commands the README names. `make run` and `make test` do all set-up on a fresh machine.
SHELL := /bin/bash
.DEFAULT_GOAL := run

# The binary that runs the site, and the one make test builds and tests (the same code without
# link-time optimisation: see Cargo.toml).
BINARY := target/release/trailerworks
TESTED := target/test-release/trailerworks
WEB_SOURCES := $(shell find web/src web/scripts -type f) web/vite.config.ts web/vite.admin.config.ts web/vite.server.config.ts \
	web/vite.sw.config.ts web/tsconfig.json content/images/favicon.svg
RUST_SOURCES := $(shell find server/src server/migrations -type f) server/Cargo.toml Cargo.toml Cargo.lock $(shell find content -type f)

.PHONY: run demo build test soak dates lint checks bench guide-images clean

run: build
	$(BINARY) serve

# Like run, with the sample blog posts added first (only those not there yet).
demo: build
	$(BINARY) demo-content
	$(BINARY) serve

build: $(BINARY)

web/node_modules/.installed: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

tools/api-types/node_modules/.installed: tools/api-types/package-lock.json
	cd tools/api-types && npm ci --no-audit --no-fund
	touch $@

tools/web-lint/node_modules/.installed: tools/web-lint/package-lock.json
	cd tools/web-lint && npm ci --no-audit --no-fund
	touch $@

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

web/dist/.built: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npx vite build --logLevel warn && npx vite build -c vite.admin.config.ts --logLevel warn \
		&& npx vite build -c vite.server.config.ts --logLevel warn && npx vite build -c vite.sw.config.ts --logLevel warn \
		&& node scripts/icons.mjs && node scripts/compress.mjs
	touch $@

$(BINARY): web/dist/.built $(RUST_SOURCES)
	cargo build --release --locked
	touch $@

$(TESTED): web/dist/.built $(RUST_SOURCES)
	cargo build --profile test-release --locked --features test-clock
	touch $@

# Static checks: formatting, lints and types, all with warnings as errors; the server's imports
# against the layers of docs/architecture.md, and the admin's rooms in the browser; the browser's
# API types against the API document's snapshot, and that document against Redocly's recommended
# rules; the test dependencies against the features the
# binary is built with (so that cargo test reuses the library and binary make test built first);
# docs/configuration.md against the binary's own --help, and docs/decisions.md's index; ESLint
# and Prettier on the web app, the journeys and the Node tools. make test runs these.
checks: $(TESTED) tools/api-types/node_modules/.installed tools/web-lint/node_modules/.installed \
		e2e/node_modules/.installed
	python3 scripts/check-imports.py
	python3 scripts/configuration.py --check
	python3 scripts/decisions-index.py --check
	python3 scripts/check-test-features.py
	bash scripts/api-types.sh --check
	node tools/api-types/lint.mjs server/tests/api/snapshots/api__openapi__api_document.snap
	cargo fmt --all --check
	cargo fmt --manifest-path server/fuzz/Cargo.toml --check
	cargo clippy --profile test-release --locked --features test-clock --all-targets -- -D warnings
	cd web && npx tsc -p . && npx tsc -p tsconfig.sw.json
	cd e2e && npx tsc -p .
	bash scripts/web-lint.sh

# The checks, and cargo-deny on the Rust dependencies (deny.toml). cargo-deny is built once into
# target/tools, a few minutes on 2 cores: make test leaves it out for that, make soak runs it.
lint: checks
	bash scripts/deny.sh

test: $(TESTED) e2e/node_modules/.installed
	bash scripts/test-all.sh

# Long fault and load runs (about 15 minutes): kill -9 rounds, trickling clients, provider
# outages, the API contract at 300 examples per operation, each fuzz target for 90 s (fuzzing
# needs a build of its own, so it runs here only); the others are make test's checks at full size.
soak: $(TESTED)
	bash scripts/soak.sh

# The Rust tests and the browser journeys at each pinned date that has broken a calendar before
# (a month's first and last day, 28 and 29 February, both DST changes, Christmas Eve, New Year's
# Eve at 23:59): about 70 minutes. make test runs them at one pinned instant.
dates: $(TESTED) e2e/node_modules/.installed
	bash scripts/pinned-dates.sh

# The phone screens in docs/owner-guide.md (docs/images/owner-guide/), taken by Playwright from a
# server with a few requests in it. make test takes the same pictures without keeping them.
guide-images: $(TESTED) e2e/node_modules/.installed
	cd e2e && GUIDE_IMAGES=1 npx playwright test tests/owner-guide.spec.ts

bench: $(BINARY) e2e/node_modules/.installed
	bash bench/run.sh

clean:
	rm -rf target web/dist data
