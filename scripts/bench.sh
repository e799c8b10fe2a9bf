#!/usr/bin/env bash
# Benchmarks (never part of the tests): native search and review figures, the
# same in wasm in headless Chromium, and the release build's performance budgets.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
step "case bundle" bash scripts/build-bundle.sh
step "native benchmarks" cargo run --quiet --release -p casebook-cli --bin casebook-bench
step "casebook release binary" cargo build --quiet --release -p casebook-cli
step "MCP tool calls over HTTP at 1, 10 and 100 clients" python3 tools/mcp/bench.py target/release/casebook 5
step "casebook and checkov on the same 5 MB manifest, side by side" bash tools/checkov-side-by-side.sh 5
step "release site (both locales)" bash -c 'source scripts/lib.sh; build_site'
step "bench site (--features bench)" bash -c 'source scripts/lib.sh; wasm_env; trunk build --release --features bench --dist target/dist-bench'
node tools/serve-dist.mjs dist 8090 >/dev/null 2>&1 & s1=$!
node tools/serve-dist.mjs target/dist-bench 8091 >/dev/null 2>&1 & s2=$!
trap 'kill $s1 $s2 2>/dev/null || true' EXIT
sleep 1
step "wasm benchmarks in headless Chromium" node tools/bench-wasm.mjs http://127.0.0.1:8091
step "performance budgets of the release build" node tools/perf.mjs dist http://127.0.0.1:8090
step "typing in search, measured in the page" node tools/bench-typing.mjs http://127.0.0.1:8090
