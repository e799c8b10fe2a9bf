// Casebook service worker. scripts/postbuild.py fills in the precache list
// (every file of the build, with Trunk's hashed names) and the build version.
const VERSION = "__BUILD_VERSION__";
const CACHE = `casebook-${VERSION}`;
const PRECACHE = self.__PRECACHE__;
// Each locale's library ({"en": "/casebook.bin", "ko": "/casebook.ko.bin"}).
// The page registers this worker with ?lang=, and only that library is
// precached; another locale's library is cached when the reader opens it.
const BUNDLES = self.__BUNDLES__;
const LANG = new URL(self.location.href).searchParams.get("lang");
const OWN_BUNDLE = BUNDLES[LANG] || BUNDLES.en;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.concat(OWN_BUNDLE ? [OWN_BUNDLE] : []))).then(() => self.skipWaiting())
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
  const isBundle = Object.values(BUNDLES).includes(url.pathname);
  if (isShell || isBundle) {
    event.respondWith(
      fetch(req)
        .then((resp) => {
          if (resp.ok) {
            const copy = resp.clone();
            caches.open(CACHE).then((c) => c.put(isShell ? "/" : req, copy));
          }
          return resp;
        })
        .catch(() => caches.match(isShell ? "/" : req).then((r) => r || Response.error()))
    );
    return;
  }
  event.respondWith(caches.match(req).then((hit) => hit || fetch(req)));
});
