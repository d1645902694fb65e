#!/usr/bin/env bash
# Builds the web app and the server, then runs the whole product on embedded defaults:
# SQLite in ./data, e-mails as .eml files in ./data/outbox, at http://localhost:8080.
# HIRELANE_DEMO=1 loads a demo (3 JDs, 30 analysed resumes) into an empty database first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

web_install
step "embedding model (scripts/models.sh)"
scripts/models.sh
step "build the web app"
(cd web && npm run build --silent)
step "build the server"
cargo build --release --locked -p hirelane
if [ "${HIRELANE_DEMO:-0}" = "1" ]; then
  step "load the demo (3 JDs, 30 resumes)"
  "$CARGO_TARGET_DIR/release/hirelane" demo || echo "(demo not loaded)"
fi
step "start the server"
# On the laptop, show the sign-in code in the log too (debug level, and only while mail goes to
# the outbox); an explicit RUST_LOG or log.level wins.
export HIRELANE__LOG__LEVEL="${HIRELANE__LOG__LEVEL:-info,hirelane::auth::sign_in=debug}"
exec "$CARGO_TARGET_DIR/release/hirelane" serve "$@"
