#!/usr/bin/env bash
# Builds the web app and the server, then runs the whole product on embedded defaults:
# SQLite in ./data, e-mails as .eml files in ./data/outbox, at http://localhost:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

web_install
step "build the web app"
(cd web && npm run build --silent)
step "build and start the server"
exec cargo run --release --locked -p hirelane -- serve "$@"
