#!/usr/bin/env bash
# Builds the app in release mode and serves it at http://127.0.0.1:8080, rebuilding on change.
#   scripts/serve.sh [extra trunk serve options]
# Installs missing tools first (scripts/setup.sh). wasm-opt is npm's binaryen in node_modules,
# not a system one: Trunk.toml pins its version and builds offline.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --release --skip-version-check --address 127.0.0.1 --port 8080 "$@"
