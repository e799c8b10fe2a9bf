#!/usr/bin/env bash
# Measures the manifest review on real-world YAML, outside the tests' pass/fail.
# Usage: bash scripts/eval-realworld.sh [../shared/realworld]
source "$(dirname "$0")/lib.sh"
DIR="${1:-$ROOT/../shared/realworld}"
[ -d "$DIR" ] || die "no such folder: $DIR (pass the real-world manifests folder)"
DIR="$(cd "$DIR" && pwd)"
cargo build --quiet --release -p casebook-cli
exec python3 scripts/eval-realworld.py "$DIR"
