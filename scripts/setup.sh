#!/usr/bin/env bash
# Installs what a fresh machine lacks to build and test maprepair. Idempotent: every step is
# skipped when its tool is already present at the pinned version.
#   scripts/setup.sh            tools for building and serving the app
#   scripts/setup.sh --test     plus what the browser tests need (chromium, chromedriver, npm)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
BINARYEN_VERSION=132

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

export PATH="$HOME/.cargo/bin:$PATH"

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}


if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    rustup component add "$comp"
  fi
done

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION (about 8 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if ! command -v npm >/dev/null 2>&1; then
  log "installing node and npm"
  apt_install nodejs npm
fi

if [ ! -x node_modules/.bin/wasm-opt ] || { [ "$want_test" = 1 ] && [ ! -d node_modules/playwright-core ]; }; then
  log "installing npm packages (binaryen $BINARYEN_VERSION, playwright-core)"
  npm ci --no-audit --no-fund
fi

if [ "$want_test" = 1 ]; then
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    log "installing chromium and chromium-driver"
    apt_install chromium chromium-driver
  fi
fi
log "ready"
