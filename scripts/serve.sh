#!/usr/bin/env bash
# Command (a): install what is missing, build the bundle and the release site,
# then serve dist/ on http://127.0.0.1:8080. It builds first and serves only a
# site that built: a failed build stops here with a non-zero exit and one line
# saying why. The site is served by tools/serve-dist.mjs, which behaves like a
# static host (compression, cache headers, the CSP header).
source "$(dirname "$0")/lib.sh"
PORT="${PORT:-8080}"
bash scripts/setup.sh
printf '\n==> release site (log: target/site-build.log)\n'
t0=$SECONDS
build_site || exit 1
printf '    done: release site (%ss)\n' "$((SECONDS - t0))"
exec node tools/serve-dist.mjs dist "$PORT"
