//! Loading the bundle, and the shared library handle pages read from context.

use casebook_bundle::Bundle;
use std::sync::Arc;

/// The loaded library, shared read-only through context.
pub type Library = Arc<Bundle>;

/// Where the bundle is served from (copied into the site by the build).
pub const BUNDLE_URL: &str = "/casebook.bin";

/// Fetches and decodes the bundle. Every failure becomes a sentence for the error page.
pub async fn load_bundle() -> Result<Library, String> {
    let resp = gloo_net::http::Request::get(BUNDLE_URL)
        .send()
        .await
        .map_err(|e| format!("The case library could not be downloaded ({e})."))?;
    if !resp.ok() {
        return Err(format!("The case library is missing: the server answered {} for {BUNDLE_URL}.", resp.status()));
    }
    let bytes = resp.binary().await.map_err(|e| format!("The case library download failed ({e})."))?;
    Bundle::decode(&bytes).map(Arc::new).map_err(|e| format!("The case library cannot be read: {e}."))
}

/// Returns the library from context. Pages render only after it loaded.
pub(crate) fn use_library() -> Library {
    leptos::prelude::expect_context::<Library>()
}
