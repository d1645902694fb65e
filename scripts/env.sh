# Shared by the scripts: build caches live outside the clone so fresh clones rebuild incrementally.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/hirelane/target}"
export npm_config_cache="${npm_config_cache:-$HOME/.cache/hirelane/npm}"
# Browsers come from Debian's chromium package; Playwright must never try to download one.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

step() { printf '\n== %s\n' "$*"; }

# Installs the web app's packages when package-lock.json changed since the last install.
web_install() {
  local stamp=web/node_modules/.package-lock.sha
  local want
  want=$(sha256sum web/package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    step "npm ci (web)"
    (cd web && npm ci --no-audit --no-fund)
    echo "$want" > "$stamp"
  fi
}

# A virtualenv with the API checkers (pinned): openapi-spec-validator and schemathesis.
api_venv() {
  local venv="$HOME/.cache/hirelane/venv-api"
  local want="schemathesis==4.32.5 openapi-spec-validator==0.9.0"
  if [ ! -x "$venv/bin/schemathesis" ] || [ "$(cat "$venv/.installed" 2>/dev/null)" != "$want" ]; then
    step "installing the API checkers into $venv"
    python3 -m venv "$venv"
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q --disable-pip-version-check $want
    echo "$want" > "$venv/.installed"
  fi
  API_VENV="$venv"
}
