// Casebook service worker. scripts/postbuild.py fills in the precache lists
// (every file of the build, with Trunk's hashed names) and the build version.
const VERSION = "__BUILD_VERSION__";
const CACHE = `casebook-${VERSION}`;
const PRECACHE = self.__PRECACHE__;
// Each locale's own files: its page, its wasm and glue, its stylesheet, review
// worker, manifest and library ({"en": [...], "ko": [...]}). The page registers
// this worker with ?lang=, and only that locale's files are precached; another
// locale's are cached when the reader opens it.
const LOCALES = self.__LOCALES__;
const LANG = new URL(self.location.href).searchParams.get("lang");
const OWN = LOCALES[LANG] || LOCALES.en || [];
const LIBRARY = /^\/casebook(\.[a-z]{2})?(\.body)?\.bin$/;
// A navigation is answered by its locale's page: /ko/... by /ko/, the rest by /.
const shellOf = (pathname) => (/^\/ko(\/|$)/.test(pathname) ? "/ko/" : "/");

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.concat(OWN))).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("casebook-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

// Network first for the app shell and the bundle, so a new deploy is picked up
// on the next visit; the cache answers when the network is gone. Hashed files
// never change, so they come from the cache first.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const isShell = req.mode === "navigate";
  const isBundle = LIBRARY.test(url.pathname);
  if (isShell || isBundle) {
    const key = isShell ? shellOf(url.pathname) : req;
    event.respondWith(
      fetch(req)
        .then((resp) => {
          if (resp.ok) {
            const copy = resp.clone();
            caches.open(CACHE).then((c) => c.put(key, copy));
          }
          return resp;
        })
        .catch(() => caches.match(key).then((r) => r || Response.error()))
    );
    return;
  }
  // Hashed files never change: the cache first, and a file fetched for the
  // first time (the other locale's) is kept for offline use.
  event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((resp) => {
    if (resp.ok && /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/.test(url.pathname)) {
      const copy = resp.clone();
      caches.open(CACHE).then((c) => c.put(req, copy));
    }
    return resp;
  })));
});
