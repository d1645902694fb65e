#!/usr/bin/env bash
# The multi-instance test: two `hirelane serve` on one fresh PostgreSQL database with an
# S3-compatible bucket (moto), an SMTP sink (aiosmtpd) and one `vapi-sim`, one instance
# SIGKILLed mid-way, then reminders, call reconciliation and the bin purge with both polling.
# Installs its Python packages into a venv under ~/.cache/hirelane/ on first use; expects the
# debug binary to be built (HIRELANE_BIN overrides) and TEST_DATABASE_URL to reach PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export HIRELANE_BIN="${HIRELANE_BIN:-$CARGO_TARGET_DIR/debug/hirelane}"

venv="$HOME/.cache/hirelane/venv-multi"
requirements=tests/multi_instance/requirements.txt
stamp="$venv/.requirements.sha"
want=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  step "python venv for the multi-instance test"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  echo "$want" > "$stamp"
fi
export VAPI_SIM_BIN="${VAPI_SIM_BIN:-$(dirname "$HIRELANE_BIN")/vapi-sim}"
for bin in "$HIRELANE_BIN" "$VAPI_SIM_BIN"; do
  [ -x "$bin" ] || { echo "no binary at $bin: build them with scripts/test.sh (or cargo build -p hirelane --features test-clock; cargo build -p vapi-sim)" >&2; exit 1; }
done
"$venv/bin/python" tests/multi_instance/run.py
