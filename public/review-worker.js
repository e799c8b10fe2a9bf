// The manifest-review Web Worker (see src/worker.rs). A module worker that
// loads the app's own wasm: the same hashed files the page has just loaded, so
// no second download. The module's start function finds no document here and
// serves reviews instead of mounting the app. scripts/postbuild.py fills in
// the hashed names.
import init from "__APP_JS__";

init({ module_or_path: "__APP_WASM__" }).catch((e) => {
  console.error("Casebook review worker failed to start:", e);
  self.postMessage({ failed: String(e) });
});
