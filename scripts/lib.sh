# Shared helpers for Casebook's scripts. Source it; don't run it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# step NAME COMMAND...: runs a step; on failure, says which step failed and why, and exits.
step() {
  local name="$1"; shift
  local t0=$SECONDS
  printf '\n==> %s\n' "$name"
  if ! "$@"; then
    printf '\nFAILED STEP: %s\n  command: %s\n  (see the output above for why)\n' "$name" "$*" >&2
    exit 1
  fi
  printf '    done: %s (%ss)\n' "$name" "$((SECONDS - t0))"
}

die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version pinned by Cargo.lock.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

# Environment for wasm builds only: Debian's rustc with build-std, rustup's rust-lld,
# a separate target dir, a release profile tuned for size (opt-level z; the review
# worker's own profile in Cargo.toml overrides it with s), fat LTO and one codegen
# unit, Trunk offline, project-local wasm-opt.
wasm_env() {
  local lld
  lld="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld"
  export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$lld"
  export CARGO_TARGET_DIR="$ROOT/target/wasm"
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=z CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
  # Leptos type-erases every component's view: ~10% less wasm (27 KB brotli);
  # the rules' docs stay out of the wasm (the app reads them from the bundle).
  # Panic messages keep their text but not their source paths (-Zlocation-detail).
  export RUSTFLAGS="--cfg erase_components --cfg casebook_no_rule_docs -Zlocation-detail=none"
  export TRUNK_OFFLINE=true TRUNK_SKIP_VERSION_CHECK=true
  export PATH="$ROOT/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
}

# fetch_crates: download every crate that the offline builds need into $CARGO_HOME:
# the workspace's own dependencies for every target, then, for -Zbuild-std, the
# standard library's dependencies (std, panic_abort and test, which the wasm
# tests build). Trunk runs cargo with --offline, so this must run before it.
fetch_crates() {
  cargo fetch --locked --quiet
  ( wasm_env
    export CARGO_UNSTABLE_BUILD_STD=std,panic_abort,test
    cargo fetch --locked --quiet --target wasm32-unknown-unknown )
}

# build_failure_reason LOG: one line saying why a Trunk build failed: the first
# compiler error, else what the failing hook printed last (and first).
build_failure_reason() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '
    /^[[:space:]]*error(\[E[0-9]+\])?: / { if (!cargo) { sub(/^[[:space:]]+/, ""); cargo = $0 } }
    /ERROR/ { stop = 1 }
    !stop && !/^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T/ && NF { if (first == "") first = $0; last = $0 }
    END {
      if (cargo) print cargo
      else if (last != "" && last != first) print last " (first: " first ")"
      else if (last != "") print last
    }' | cut -c1-400
}

# build_site: the release site in dist/, as `serve.sh` serves it and the
# end-to-end tests test it. Trunk runs cargo offline and the case bundle hook.
# Each locale is its own wasm, holding only its own language's strings: the
# English site (Trunk.toml, --features locale-en) in dist/, the Korean one
# (Trunk.ko.toml, --features locale-ko) moved into dist/ko/, then the shared
# service worker and headers written for both (scripts/postbuild.py --site).
# Output goes to target/site-build.log; on failure it prints one line saying
# why (the first error in the log) and returns non-zero.
build_site() {
  mkdir -p "$ROOT/target"
  local log="$ROOT/target/site-build.log"
  if ! ( wasm_env \
         && trunk build --release --features locale-en \
         && trunk --config Trunk.ko.toml build --release --features locale-ko \
         && rm -rf dist/ko && mv target/dist-ko dist/ko \
         && python3 scripts/postbuild.py --site dist ) > "$log" 2>&1; then
    local why
    why="$(build_failure_reason "$log")"
    printf 'error: the site build failed: %s (full log: %s)\n' "${why:-see the log}" "$log" >&2
    return 1
  fi
  local missing=""
  [ -s dist/index.html ] || missing="dist/index.html"
  compgen -G 'dist/casebook-app-*_bg.wasm' > /dev/null || missing="$missing dist/casebook-app-*_bg.wasm"
  [ -s dist/casebook.bin ] || missing="$missing dist/casebook.bin"
  [ -s dist/casebook.body.bin ] || missing="$missing dist/casebook.body.bin"
  compgen -G 'dist/ko/casebook-app-*_bg.wasm' > /dev/null || missing="$missing dist/ko/casebook-app-*_bg.wasm"
  if [ -n "$missing" ]; then
    printf 'error: the site build finished but left no %s (full log: %s)\n' "$missing" "$log" >&2
    return 1
  fi
}

# Undo wasm_env for native cargo commands started from inside a wasm build (Trunk hooks).
native_env() {
  unset RUSTC RUSTC_BOOTSTRAP CARGO_UNSTABLE_BUILD_STD CARGO_TARGET_DIR RUSTFLAGS \
        CARGO_PROFILE_RELEASE_OPT_LEVEL CARGO_PROFILE_RELEASE_LTO CARGO_PROFILE_RELEASE_CODEGEN_UNITS \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER
}
