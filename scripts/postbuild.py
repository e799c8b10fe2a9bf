#!/usr/bin/env python3
"""Trunk post_build hook: finalise the built site in Trunk's staging directory.

1. Content-Security-Policy: hash every inline <script> Trunk injected (its
   wasm loader) and add the hashes to script-src, so no other inline script can
   run. The policy otherwise stays as written in index.html.
2. Review worker: fill in the hashed names of the app module it loads.
3. Service worker: write the precache list (every file of the build, with
   Trunk's hashed names) and a build version into sw.js, so a new deploy is
   picked up on the next visit.
"""
import base64
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
index_path = os.path.join(staging, "index.html")
html = open(index_path, encoding="utf-8").read()

hashes = []
for m in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S):
    digest = hashlib.sha256(m.group(1).encode("utf-8")).digest()
    hashes.append("'sha256-" + base64.b64encode(digest).decode() + "'")


def add_hashes(match):
    policy = match.group(1)
    policy = re.sub(r"\s*'sha256-[^']+'", "", policy)
    policy = policy.replace("script-src 'self'", "script-src 'self' " + " ".join(hashes), 1) if hashes else policy
    return 'http-equiv="Content-Security-Policy" content="' + policy + '"'


html, n = re.subn(r'http-equiv="Content-Security-Policy" content="([^"]*)"', add_hashes, html)
if n != 1:
    sys.exit("postbuild: index.html must contain exactly one Content-Security-Policy meta tag")
# 3. The review worker loads the app's own module: give it the hashed names.
worker_path = os.path.join(staging, "review-worker.js")
if os.path.exists(worker_path):
    glue = sorted(f for f in os.listdir(staging) if re.fullmatch(r"casebook-app-[0-9a-f]+\.js", f))
    wasm = sorted(f for f in os.listdir(staging) if re.fullmatch(r"casebook-app-[0-9a-f]+_bg\.wasm", f))
    if len(glue) != 1 or len(wasm) != 1:
        sys.exit(f"postbuild: expected one app module and one wasm file, found {glue} and {wasm}")
    worker = open(worker_path, encoding="utf-8").read()
    worker = worker.replace("__APP_JS__", "/" + glue[0]).replace("__APP_WASM__", "/" + wasm[0])
    open(worker_path, "w", encoding="utf-8").write(worker)
open(index_path, "w", encoding="utf-8").write(html)

# 4. Header policy for hosts (the Netlify/Cloudflare `_headers` format, which
# tools/serve-dist.mjs also reads). A meta tag cannot carry frame-ancestors:
# browsers ignore it there and log a console error, so it goes in the header
# only, with the same policy as the meta tag.
policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
HEADER_ONLY = "frame-ancestors 'none'"
with open(os.path.join(staging, "_headers"), "w", encoding="utf-8") as f:
    f.write("/*\n")
    f.write(f"  Content-Security-Policy: {policy}; {HEADER_ONLY}\n")
    f.write("  X-Content-Type-Options: nosniff\n")
    f.write("  Referrer-Policy: no-referrer\n")

sw_path = os.path.join(staging, "sw.js")
if os.path.exists(sw_path):
    files = []
    for root, _dirs, names in os.walk(staging):
        for name in names:
            rel = os.path.relpath(os.path.join(root, name), staging).replace(os.sep, "/")
            if rel.startswith("api/") or rel in ("sw.js", "_headers"):
                continue
            files.append("/" + rel)
    files.sort()
    h = hashlib.sha256()
    for f in files:
        h.update(f.encode())
        h.update(open(os.path.join(staging, f.lstrip("/")), "rb").read())
    version = h.hexdigest()[:16]
    sw = open(sw_path, encoding="utf-8").read()
    # Each locale's library is precached only for that locale's readers
    # (sw.js adds the one its registration names), so a visitor downloads
    # one library, not every translation.
    bundles = [f for f in files if re.fullmatch(r"/casebook(\.[a-z]{2})?\.bin", f)]
    shared = [f for f in files if f not in bundles]
    precache = "[" + ",".join('"' + f.replace("/index.html", "/") + '"' for f in shared) + "]"
    by_lang = "{" + ",".join('"' + (m.group(1) or "en") + '":"' + f + '"' for f in bundles for m in [re.fullmatch(r"/casebook\.?([a-z]{2})?\.bin", f)]) + "}"
    sw = sw.replace("self.__PRECACHE__", precache).replace("self.__BUNDLES__", by_lang).replace("__BUILD_VERSION__", version)
    open(sw_path, "w", encoding="utf-8").write(sw)
print(f"postbuild: {len(hashes)} inline script hash(es) added to the CSP")
