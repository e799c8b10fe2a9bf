#!/usr/bin/env bash
# Command (a): install what is missing, build the bundle and the app, serve on http://127.0.0.1:8080.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
step "case bundle" bash scripts/build-bundle.sh
wasm_env
printf '\n==> serving Casebook on http://127.0.0.1:8080 (Ctrl-C to stop)\n'
exec trunk serve --release --address 127.0.0.1 --port 8080 --no-autoreload
