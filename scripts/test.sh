#!/usr/bin/env bash
# Command (b): every test. Native unit and integration tests, the SARIF schema
# check, wasm tests in headless Chromium, then the release site end to end.
# Idempotent; the second run reuses every build cache.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh

E2E_PORT="${E2E_PORT:-8090}"

sarif_check() {
  local out; out="$(mktemp -d)"
  local bin=target/release/casebook
  # Every fail fixture, as one review each, must produce schema-valid SARIF.
  local n=0
  for f in crates/rules/tests/rules/*/fail*.yaml; do
    case "$f" in *.before.yaml) continue ;; esac
    local before="${f%.yaml}.before.yaml" args=()
    [ -f "$before" ] && args=(--before "$before")
    set +e; "$bin" check "$f" "${args[@]}" --format sarif > "$out/$n.sarif"; local rc=$?; set -e
    [ "$rc" -eq 1 ] || { echo "expected exit 1 (findings) for $f, got $rc"; return 1; }
    n=$((n + 1))
  done
  node tools/validate-sarif.mjs "$out"/*.sarif | tail -n 3
}

# Every wasm step below runs offline, with a CARGO_HOME that holds nothing
# but what setup's own fetch_crates put into it, and the site is built by the
# serve command's own build_site. So a crate that setup fails to fetch (the
# standard library's dependencies, say) fails here as it would on a fresh
# machine, instead of being downloaded quietly by an earlier step.
FRESH_HOME="$ROOT/target/fresh-cargo-home"
fresh_home() {
  rm -rf "$FRESH_HOME" && mkdir -p "$FRESH_HOME"
  CARGO_HOME="$FRESH_HOME" fetch_crates
}
offline() { CARGO_HOME="$FRESH_HOME" CARGO_NET_OFFLINE=true "$@"; }

# The schema table is generated from a published source; regenerating it
# from the pinned wheel must give the committed bytes.
SCHEMA_SOURCE_VERSION=1.37.0
schema_table() {
  local dir="$ROOT/target/schema-source" out
  local whl="$dir/kubernetes_validate-$SCHEMA_SOURCE_VERSION-py3-none-any.whl"
  mkdir -p "$dir"
  [ -f "$whl" ] || python3 -m pip download --quiet --no-deps --dest "$dir" "kubernetes-validate==$SCHEMA_SOURCE_VERSION"
  out="$(mktemp)"
  python3 tools/gen-k8s-schema.py "$whl" "$out"
  cmp "$out" crates/rules/schema/k8s.schema || {
    echo "regenerating from $whl changes crates/rules/schema/k8s.schema: run tools/gen-k8s-schema.py and commit the table"
    return 1
  }
  echo "    crates/rules/schema/k8s.schema regenerates byte for byte from kubernetes-validate $SCHEMA_SOURCE_VERSION"
}

wasm_build() {
  ( wasm_env; cargo build --release --target wasm32-unknown-unknown --bin casebook-app )
}

wasm_tests() {
  ( wasm_env
    export CARGO_UNSTABLE_BUILD_STD=std,panic_abort,test
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
    export CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120
    cargo test --target wasm32-unknown-unknown --test web )
}

# Bounded fuzzing of the YAML parser and rules, and of bundle decoding. Stable
# rustc with RUSTC_BOOTSTRAP; no sanitizer runtime is needed for panics and hangs.
FUZZ_SECONDS="${FUZZ_SECONDS:-40}"
fuzz() {
  local t
  for t in review bundle_decode; do
    mkdir -p "fuzz/corpus/$t"
    local log="target/fuzz-$t.log" rc=0
    mkdir -p target
    RUSTC_BOOTSTRAP=1 cargo fuzz run "$t" --sanitizer none "fuzz/corpus/$t" -- \
      -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 > "$log" 2>&1 || rc=$?
    grep -E "^(Done|stat::number_of_executed_units)|panicked|ERROR|SUMMARY|artifact" "$log" | head -n 20
    [ "$rc" -eq 0 ] || { echo "fuzz target $t failed (exit $rc); see $log and fuzz/artifacts/$t"; return 1; }
  done
}

# The real MCP clients: the official Python SDK (PyPI mcp, in a venv) and the
# official conformance suite (npm, with the Node 22 it needs from npm's node
# package). Both pinned; reinstalled only when missing or out of date.
MCP_VENV="$ROOT/tools/mcp/.venv"
mcp_clients() {
  local want; want="$(sed -n 's/^mcp==//p' tools/mcp/requirements.txt)"
  if "$MCP_VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$want')" 2>/dev/null; then
    echo "    python mcp $want present"
  else
    python3 -m venv "$MCP_VENV" && "$MCP_VENV/bin/pip" install --quiet --disable-pip-version-check -r tools/mcp/requirements.txt
  fi
  if [ -x tools/mcp/node_modules/.bin/node ] && [ tools/mcp/node_modules/.package-lock.json -nt tools/mcp/package-lock.json ]; then
    echo "    conformance suite present"
  else
    (cd tools/mcp && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

mcp_e2e() {
  CASEBOOK_BIN="$ROOT/target/release/casebook" "$MCP_VENV/bin/python" tests/mcp/test_mcp.py 2>&1 | tail -n 15
}

mcp_conformance() {
  local log="$ROOT/target/mcp-serve.log" dir="$ROOT/target/mcp-conformance" rc=0 url
  mkdir -p "$dir"
  target/release/casebook serve --addr 127.0.0.1:0 2> "$log" &
  local server=$!
  for _ in $(seq 50); do grep -q "/mcp" "$log" 2>/dev/null && break; sleep 0.1; done
  url="$(grep -o 'http://[0-9.:]*/mcp' "$log" | head -n 1)"
  [ -n "$url" ] || { kill "$server"; echo "casebook serve did not start: $(cat "$log")"; return 1; }
  (cd "$dir" && "$ROOT/tools/mcp/node_modules/.bin/node" "$ROOT/tools/mcp/node_modules/@modelcontextprotocol/conformance/dist/index.js" \
     server --url "$url" --expected-failures "$ROOT/tests/mcp/conformance-baseline.yml") > "$dir/output.txt" 2>&1 || rc=$?
  kill "$server" 2>/dev/null || true
  grep -E "passed|failed|Baseline|Unexpected|stale" "$dir/output.txt" | tail -n 4
  [ "$rc" -eq 0 ] || { echo "see $dir/output.txt"; return 1; }
}

e2e() {
  node tools/serve-dist.mjs dist "$E2E_PORT" > /tmp/casebook-e2e-server.log 2>&1 &
  local server=$! rc=0
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$E2E_PORT/" >/dev/null && break; sleep 0.2; done
  CASEBOOK_URL="http://127.0.0.1:$E2E_PORT" node tests/e2e/app.test.mjs || rc=$?
  CASEBOOK_URL="http://127.0.0.1:$E2E_PORT" node tests/e2e/pwa.test.mjs || rc=$?
  kill "$server" 2>/dev/null || true
  return "$rc"
}

step "native tests (cargo test --workspace)" cargo test --workspace --exclude casebook-app
step "clippy, pedantic, no warnings" cargo clippy --quiet --workspace --all-targets -- -D warnings
step "casebook release binary" cargo build --release -p casebook-cli
step "cargo run --bin casebook works from the repository root" bash -c 'cargo run --quiet --release --bin casebook -- rules --json > /dev/null'
step "case bundle" bash scripts/build-bundle.sh
step "SARIF 2.1.0 schema check of casebook check output" sarif_check
step "MCP test clients (Python SDK, conformance suite)" mcp_clients
step "MCP and HTTP API end to end with the official Python SDK" mcp_e2e
step "MCP conformance suite against casebook serve" mcp_conformance
step "the Kubernetes schema table regenerates identically from its published source" schema_table
step "fuzz the parser, rules and bundle decoder (${FUZZ_SECONDS}s each)" fuzz
step "offline crate set: an empty CARGO_HOME filled only by setup's fetch_crates" fresh_home
step "wasm build (Debian rustc + build-std), offline" offline wasm_build
step "wasm tests in headless Chromium (wasm-bindgen-test), offline" offline wasm_tests
step "release site: the serve command's build_site, offline" offline build_site
step "end-to-end tests in headless Chromium" e2e
printf '\nAll tests passed.\n'
