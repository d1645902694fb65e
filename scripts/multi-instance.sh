#!/usr/bin/env bash
# The multi-instance test: two `hirelane serve` on one fresh PostgreSQL database with an
# S3-compatible bucket (moto) and an SMTP sink (aiosmtpd), one instance SIGKILLed mid-way.
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
[ -x "$HIRELANE_BIN" ] || { echo "no hirelane binary at $HIRELANE_BIN: cargo build -p hirelane first" >&2; exit 1; }
"$venv/bin/python" tests/multi_instance/run.py
