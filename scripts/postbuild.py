#!/usr/bin/env python3
"""Finalise the built site.

As Trunk's post_build hook (each locale's build, in its staging directory):
1. Content-Security-Policy: hash every inline <script> of index.html (Trunk's
   wasm loader, and the English page's first-visit language script) and add
   the hashes to script-src, so no other inline script can run.
2. Review worker: fill in the paths of the review engine's wasm and glue it
   loads (crates/review-worker, built for the page's locale).
3. For the English build, which carries the shared files: the host headers
   and the service worker's precache lists, as for a one-locale site.

With `--site DIR`, after scripts/lib.sh has moved the Korean build into
DIR/ko/: step 3 again over the whole site, so that the header CSP allows
both locales' loaders and each locale's files are precached only for its
readers.
"""
import base64
import hashlib
import os
import re
import shutil
import sys

CSP_META = r'http-equiv="Content-Security-Policy" content="([^"]*)"'
# Files each locale has its own copy of: the page, the app, its stylesheet,
# its review worker (script, glue and wasm) and its web app manifest. The Korean ones are under /ko/.
PER_LOCALE = re.compile(r"index\.html|casebook-app-[0-9a-f]+(_bg\.wasm|\.js)|main-[0-9a-f]+\.css|review-worker\.js|casebook-review-worker(_bg\.wasm|\.js)|manifest\.webmanifest")
LIBRARY = re.compile(r"/casebook(?:\.([a-z]{2}))?(?:\.body)?\.bin")


def inline_hashes(html):
    out = []
    for m in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S):
        digest = hashlib.sha256(m.group(1).encode("utf-8")).digest()
        out.append("'sha256-" + base64.b64encode(digest).decode() + "'")
    return out


def with_hashes(policy, hashes):
    policy = re.sub(r"\s*'sha256-[^']+'", "", policy)
    return policy.replace("script-src 'self'", "script-src 'self' " + " ".join(hashes), 1) if hashes else policy


def finish_page(staging):
    """Steps 1 and 2, for one build's staging directory."""
    index_path = os.path.join(staging, "index.html")
    html = open(index_path, encoding="utf-8").read()
    hashes = inline_hashes(html)
    html, n = re.subn(CSP_META, lambda m: 'http-equiv="Content-Security-Policy" content="' + with_hashes(m.group(1), hashes) + '"', html)
    if n != 1:
        sys.exit("postbuild: index.html must contain exactly one Content-Security-Policy meta tag")
    worker_path = os.path.join(staging, "review-worker.js")
    if os.path.exists(worker_path):
        # The review engine's own wasm (crates/review-worker), under the
        # build's public URL, which the page's loader shows (/ or /ko/).
        glue = sorted(set(re.findall(r"[\"'](/(?:[a-z]{2}/)?)casebook-app-[0-9a-f]+\.js[\"']", html)))
        if len(glue) != 1:
            sys.exit(f"postbuild: expected index.html to load one app module, found {glue}")
        for name in ("casebook-review-worker.js", "casebook-review-worker_bg.wasm"):
            if not os.path.exists(os.path.join(staging, name)):
                sys.exit(f"postbuild: the review worker's {name} is missing from the build")
        worker = open(worker_path, encoding="utf-8").read()
        worker = worker.replace("__WORKER_JS__", glue[0] + "casebook-review-worker.js").replace("__WORKER_WASM__", glue[0] + "casebook-review-worker_bg.wasm")
        open(worker_path, "w", encoding="utf-8").write(worker)
    open(index_path, "w", encoding="utf-8").write(html)
    print(f"postbuild: {len(hashes)} inline script hash(es) added to the CSP of {index_path}")


def locale_of(path):
    """The locale a file is for, or None when every locale uses it."""
    m = LIBRARY.fullmatch(path)
    if m:
        return m.group(1) or "en"
    if path.startswith("/ko/"):
        return "ko"
    if "/" not in path[1:] and PER_LOCALE.fullmatch(path[1:]):
        return "en"
    return None


def finish_site(site, sw_template):
    """Step 3 over a whole site: host headers and the service worker."""
    pages = [os.path.join(root, "index.html") for root, _d, names in os.walk(site) if "index.html" in names]
    policies = set()
    hashes = []
    for page in sorted(pages):
        html = open(page, encoding="utf-8").read()
        policies.add(re.sub(r"\s*'sha256-[^']+'", "", re.search(CSP_META, html).group(1)))
        hashes += [h for h in inline_hashes(html) if h not in hashes]
    if len(policies) != 1:
        sys.exit(f"postbuild: the pages' Content-Security-Policies differ beyond their script hashes: {sorted(policies)}")
    # A meta tag cannot carry frame-ancestors: browsers ignore it there and
    # log a console error, so it goes in the header only.
    policy = with_hashes(policies.pop(), hashes)
    with open(os.path.join(site, "_headers"), "w", encoding="utf-8") as f:
        f.write("/*\n")
        f.write(f"  Content-Security-Policy: {policy}; frame-ancestors 'none'\n")
        f.write("  X-Content-Type-Options: nosniff\n")
        f.write("  Referrer-Policy: no-referrer\n")
    # Hosts that read `_redirects` (Netlify, Cloudflare Pages): app routes get
    # their locale's page.
    locales = sorted({locale_of(p) for p in ["/index.html"] + ["/" + os.path.relpath(p, site).replace(os.sep, "/") for p in pages]} - {None})
    with open(os.path.join(site, "_redirects"), "w", encoding="utf-8") as f:
        for lang in locales:
            if lang != "en":
                f.write(f"/{lang}/*  /{lang}/index.html  200\n")
        f.write("/*  /index.html  200\n")
    sw_path = os.path.join(site, "sw.js")
    if not os.path.exists(sw_template):
        return
    files = []
    for root, _dirs, names in os.walk(site):
        for name in names:
            rel = "/" + os.path.relpath(os.path.join(root, name), site).replace(os.sep, "/")
            if rel.startswith("/api/") or rel in ("/sw.js", "/_headers", "/_redirects"):
                continue
            files.append(rel)
    files.sort()
    h = hashlib.sha256()
    for f in files:
        h.update(f.encode())
        h.update(open(os.path.join(site, f.lstrip("/")), "rb").read())
    version = h.hexdigest()[:16]
    url = lambda f: f[: -len("index.html")] if f.endswith("/index.html") else f  # noqa: E731
    shared = [url(f) for f in files if locale_of(f) is None]
    by_lang = {}
    for f in files:
        lang = locale_of(f)
        if lang:
            by_lang.setdefault(lang, []).append(url(f))
    js_list = lambda xs: "[" + ",".join('"' + x + '"' for x in xs) + "]"  # noqa: E731
    sw = open(sw_template, encoding="utf-8").read()
    sw = sw.replace("self.__PRECACHE__", js_list(shared))
    sw = sw.replace("self.__LOCALES__", "{" + ",".join(f'"{k}":{js_list(v)}' for k, v in sorted(by_lang.items())) + "}")
    sw = sw.replace("__BUILD_VERSION__", version)
    open(sw_path, "w", encoding="utf-8").write(sw)
    print(f"postbuild: {site}: {len(shared)} shared file(s) and {', '.join(f'{k} {len(v)}' for k, v in sorted(by_lang.items()))} precached by locale")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    template = os.path.join(here, "..", "public", "sw.js")
    if len(sys.argv) == 3 and sys.argv[1] == "--site":
        finish_site(sys.argv[2], template)
    else:
        staging = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
        finish_page(staging)
        # The English build carries the shared files: finish it as a site of
        # its own, as `trunk build` alone leaves it.
        if os.path.exists(os.path.join(staging, "sw.js")):
            finish_site(staging, template)
