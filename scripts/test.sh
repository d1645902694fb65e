#!/usr/bin/env bash
# Every check and test: formatting, lints, Rust tests on SQLite and PostgreSQL, the web app's
# typecheck, lint, unit tests, build and bundle size, and the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

if ! command -v chromium >/dev/null 2>&1 || ! [ -x /usr/sbin/nginx ] \
  || ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  scripts/system-deps.sh
fi
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"

step "module graph: no cross-module cycle, layers as docs/architecture.md says"
python3 scripts/module-graph.py
python3 scripts/test_module_graph.py
step "no Rust source file over 600 lines"
# (`set -e` ignores a negated command, hence the `if`.)
if find crates -name '*.rs' -not -path '*/target/*' -exec wc -l {} + \
  | awk '$2 != "total" && $1 > 600 { print "over 600 lines:", $2, $1; found = 1 } END { exit !found }'; then
  exit 1
fi
step "cargo fmt --check"
cargo fmt --all --check
step "cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
step "cargo check: a production build without the bundled simulator"
cargo check --locked -p hirelane --no-default-features
# The self-hosted interviewer's end-to-end test talks to the real speech models.
step "speech sidecar: packages and models (scripts/speech-deps.sh)"
scripts/speech-deps.sh
# crates/embed's tests run the pinned embedding model; they fail without it, never skip.
step "embedding model (scripts/models.sh)"
scripts/models.sh
step "Rust tests (SQLite and PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
cargo nextest run --workspace --locked --no-fail-fast
# One debug build serves both the multi-instance test and the browser tests: the browser tests
# move the server's clock (an interview's join window), which only a `test-clock` build can do;
# without HIRELANE_TEST_CLOCK=1 it runs on the system clock like any other build. The
# multi-instance test also runs the standalone `vapi-sim` as the provider both servers share.
cargo build --locked -p hirelane --features test-clock
cargo build --locked -p vapi-sim
scripts/speech-test.sh
step "OpenAPI: the committed snapshot is valid OpenAPI"
scripts/openapi-validate.sh
step "API fuzzing (schemathesis) against a fresh server"
HIRELANE_BIN="$CARGO_TARGET_DIR/debug/hirelane" scripts/api-fuzz.sh
step "multi-instance: two servers on PostgreSQL + S3 (moto) + SMTP (aiosmtpd) + vapi-sim, one killed"
HIRELANE_BIN="$CARGO_TARGET_DIR/debug/hirelane" scripts/multi-instance.sh

web_install
step "web: format, typecheck, lint, unit tests (incl. the generated API types are current)"
(cd web && npm run format:check && npm run typecheck && npm run lint && npm test)
step "web: build and bundle size"
(cd web && npm run build && npm run size)
step "browser tests (Chromium)"
(cd web && HIRELANE_BIN="$CARGO_TARGET_DIR/debug/hirelane" npm run e2e)
