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
# a separate target dir, size-oriented release profile, Trunk offline, project-local wasm-opt.
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

# Undo wasm_env for native cargo commands started from inside a wasm build (Trunk hooks).
native_env() {
  unset RUSTC RUSTC_BOOTSTRAP CARGO_UNSTABLE_BUILD_STD CARGO_TARGET_DIR RUSTFLAGS \
        CARGO_PROFILE_RELEASE_OPT_LEVEL CARGO_PROFILE_RELEASE_LTO CARGO_PROFILE_RELEASE_CODEGEN_UNITS \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER
}
