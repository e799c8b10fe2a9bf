// The manifest-review Web Worker (crates/review-worker): a classic worker that
// loads the review engine's own wasm, built for this page's locale. The page
// never downloads it until a review runs; the service worker precaches it.
// scripts/postbuild.py fills in the file names.
try {
  importScripts("__WORKER_JS__");
  wasm_bindgen({ module_or_path: "__WORKER_WASM__" }).catch((e) => {
    console.error("Casebook review worker failed to start:", e);
    self.postMessage({ failed: String(e) });
  });
} catch (e) {
  console.error("Casebook review worker failed to load:", e);
  self.postMessage({ failed: String(e) });
}
