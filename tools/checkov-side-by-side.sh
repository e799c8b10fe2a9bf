#!/usr/bin/env bash
# Casebook and checkov on the same synthetic manifest, in one run, one after
# the other: wall time and peak memory of each, and their ratio. A benchmark
# (scripts/bench.sh), never a test. checkov comes from PyPI into its own venv
# under target/, at the pinned version.
# Usage: tools/checkov-side-by-side.sh [MB]   (5 MB unless given)
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOV_VERSION="${CHECKOV_VERSION:-3.3.30}"
MB="${1:-5}"
venv="${CHECKOV_VENV:-target/checkov-venv}"
if [ ! -x "$venv/bin/checkov" ] || ! "$venv/bin/pip" show checkov 2>/dev/null | grep -qx "Version: $CHECKOV_VERSION"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "checkov==$CHECKOV_VERSION"
fi
cargo build --quiet --release -p casebook-cli --bin casebook --bin casebook-bench
file=target/bench-manifest-${MB}mb.yaml
target/release/casebook-bench --write-manifest "$file" "$MB"
measure() { # command...: prints "seconds peak-KB" (findings make both tools exit non-zero)
  local out
  out="$(mktemp)"
  /usr/bin/time -o "$out" -f '%e %M' "$@" > /dev/null 2>&1 || true
  tail -1 "$out"
  rm -f "$out"
}
read -r c_s c_kb < <(measure target/release/casebook check "$file" --no-config --format json)
read -r k_s k_kb < <(measure "$venv/bin/checkov" --quiet --compact --framework kubernetes -o json -f "$file")
python3 - "$CHECKOV_VERSION" "$MB" "$c_s" "$c_kb" "$k_s" "$k_kb" <<'PY'
import sys
version, mb, c_s, c_kb, k_s, k_kb = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:])
print(f"\n## Casebook and checkov {version} on the same {mb} MB manifest, side by side\n")
print("| tool | wall s | peak MB |\n|---|---:|---:|")
print(f"| casebook check | {c_s:.2f} | {c_kb / 1024:.0f} |")
print(f"| checkov | {k_s:.1f} | {k_kb / 1024:.0f} |")
print(f"\n- checkov takes {k_s / c_s:.0f}x the time and {k_kb / c_kb:.0f}x the memory")
PY
