#!/usr/bin/env bash
# Installs whatever is missing for building and testing Casebook. Idempotent:
# each step checks first and does nothing when the tool is already there.
source "$(dirname "$0")/lib.sh"

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
APT_PACKAGES=(rustc-web cargo-web rust-web-src chromium chromium-driver python3-venv python3-pip fonts-noto-cjk)
TRUNK_VERSION=0.21.14

apt_packages() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && { echo "    apt packages present"; return 0; }
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
}

check_toolchain() {
  command -v cargo >/dev/null || die "cargo is missing: install rustup stable first"
  [ -x /usr/bin/rustc ] || die "/usr/bin/rustc (rustc-web) is missing"
  [ -d /usr/lib/rustlib/src/rust/library ] || die "rust-web-src is missing: /usr/lib/rustlib/src/rust/library not found"
  local lld; lld="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld"
  [ -x "$lld" ] || die "rustup's rust-lld not found at $lld"
}

wasm_bindgen_cli() {
  local want; want="$(wasm_bindgen_version)"
  [ -n "$want" ] || die "cannot read the wasm-bindgen version from Cargo.lock"
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" = "$want" ]; then
    echo "    wasm-bindgen $want present"; return 0
  fi
  # Not --locked: a locked dependency of wasm-bindgen-cli is missing from the registry.
  cargo install wasm-bindgen-cli --version "$want"
}

trunk_cli() {
  if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" = "$TRUNK_VERSION" ]; then
    echo "    trunk $TRUNK_VERSION present"; return 0
  fi
  cargo install trunk --version "$TRUNK_VERSION" --locked
}

cargo_fuzz() {
  if cargo fuzz --version >/dev/null 2>&1; then echo "    cargo-fuzz present"; return 0; fi
  cargo install cargo-fuzz --locked
}

node_tools() {
  command -v npm >/dev/null || die "npm is missing"
  if [ -f tools/node_modules/.package-lock.json ] && [ tools/node_modules/.package-lock.json -nt tools/package-lock.json ] \
     && [ -x tools/node_modules/.bin/wasm-opt ]; then
    echo "    node tools present"; return 0
  fi
  (cd tools && npm ci --no-audit --no-fund --loglevel=error)
}

step "apt packages (Debian rustc-web, rust-web-src, chromium, chromedriver, a Korean font)" apt_packages
step "toolchain check" check_toolchain
step "wasm-bindgen-cli pinned to Cargo.lock" wasm_bindgen_cli
step "trunk $TRUNK_VERSION" trunk_cli
step "cargo-fuzz" cargo_fuzz
step "crates for the offline wasm build (workspace and standard library)" fetch_crates
step "node tools (binaryen wasm-opt 132, playwright-core, axe-core, ajv)" node_tools
