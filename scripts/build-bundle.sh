#!/usr/bin/env bash
# Compiles cases/ into target/site-data (the bundle and the static JSON export).
# Trunk runs this before every build, so the app always ships the current cases.
source "$(dirname "$0")/lib.sh"
native_env
cargo run --quiet --release -p casebook-cli --bin casebook -- build --cases cases --out target/site-data
