#!/usr/bin/env bash
# Validates the committed OpenAPI snapshot (the Rust test `the_committed_snapshot_is_the_served_document`
# keeps it equal to what the server serves) against the OpenAPI 3.1 specification.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
api_venv
"$API_VENV/bin/openapi-spec-validator" --validation-errors all web/src/lib/api/openapi.json
