//! Loading the bundle, and the shared library handle pages read from context.

use casebook_bundle::Bundle;
use casebook_model::Lang;
use std::sync::Arc;

/// The loaded library, shared read-only through context.
pub type Library = Arc<Bundle>;

/// Where the English bundle is served from (copied into the site by the build).
pub const BUNDLE_URL: &str = "/casebook.bin";

/// Fetches and decodes the library of `lang`. Every failure becomes a sentence for the error page.
pub async fn load_bundle(lang: Lang) -> Result<Library, String> {
    let bytes = fetch_bytes(crate::i18n::bundle_url(lang)).await?;
    let b = Bundle::decode(&bytes).map_err(|e| format!("The case library cannot be read: {e}."))?;
    if b.lang != lang {
        return Err(format!("The {} case library was asked for, but the file holds the {} one.", lang.code(), b.lang.code()));
    }
    Ok(Arc::new(b))
}

/// A `fetch` of `url`'s body (plain web-sys: an HTTP client crate adds wasm for nothing here).
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let describe = |e: wasm_bindgen::JsValue| e.as_string().or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()))).unwrap_or_default();
    let window = web_sys::window().ok_or("There is no window to download the case library into.")?;
    let resp = JsFuture::from(window.fetch_with_str(url)).await.map_err(|e| format!("The case library could not be downloaded ({}).", describe(e)))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| "The case library download returned something other than a response.".to_string())?;
    if !resp.ok() {
        return Err(format!("The case library is missing: the server answered {} for {url}.", resp.status()));
    }
    let body = resp.array_buffer().map_err(|e| format!("The case library download failed ({}).", describe(e)))?;
    let body = JsFuture::from(body).await.map_err(|e| format!("The case library download failed ({}).", describe(e)))?;
    Ok(js_sys::Uint8Array::new(&body).to_vec())
}

/// Returns the library from context. Pages render only after it loaded.
pub(crate) fn use_library() -> Library {
    leptos::prelude::expect_context::<Library>()
}
