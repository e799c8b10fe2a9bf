//! Loading the bundle, and the shared library handle pages read from context.
//!
//! The library arrives in two files: the head, with which the search page
//! renders and answers, and the body (case pages, relations, graph, rules),
//! fetched as soon as the head is in. Pages other than search wait for it.

use casebook_bundle::Bundle;
use casebook_model::Lang;
use leptos::prelude::*;
use std::sync::Arc;

/// The loaded library, shared read-only through context.
pub type Library = Arc<Bundle>;

/// The library as it arrives, in context: the head, and the complete library
/// once its body has loaded (`None` until then).
#[derive(Clone, Copy)]
pub(crate) struct Arrival {
    pub(crate) head: StoredValue<Library>,
    pub(crate) full: Signal<Option<Result<Library, String>>>,
    pub(crate) retry: Callback<()>,
}

impl Arrival {
    /// The whole library, or why it could not load; `None` while its body
    /// downloads. A body still held from another locale's head doesn't count.
    pub(crate) fn complete(&self) -> Option<Result<Library, String>> {
        self.full.get().filter(|f| f.as_ref().map_or(true, |f| self.completes_head(f)))
    }

    /// The whole library if it has loaded and its search index is built
    /// already, read without tracking (for a page's initial state).
    pub(crate) fn indexed_untracked(&self) -> Option<Library> {
        self.full.get_untracked().and_then(Result::ok).filter(|f| f.is_indexed() && self.completes_head(f))
    }

    /// Whether `full` is this head's library, not one held from another locale.
    fn completes_head(&self, full: &Library) -> bool {
        let head = self.head.get_value();
        full.lang == head.lang && full.built == head.built
    }
}

/// Resolves on a later task (a zero timeout), so a long job can let the
/// page draw and answer keys between its steps.
pub(crate) async fn next_tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let set = web_sys::window().map(|w| w.set_timeout_with_callback(&resolve));
        if !matches!(set, Some(Ok(_))) {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Fetches and decodes the head of `lang`'s library. Every failure becomes a
/// sentence for the error page, in the page's language.
pub async fn load_bundle(lang: Lang) -> Result<Library, String> {
    let bytes = fetch_bytes(crate::i18n::bundle_url(lang), lang).await?;
    let b = Bundle::decode_head(&bytes).map_err(|e| {
        let why = e.describe_in(lang);
        match lang.built() {
            Lang::En => format!("The case library cannot be read: {why}."),
            Lang::Ko => format!("사례 라이브러리를 읽을 수 없습니다: {why}."),
        }
    })?;
    if b.lang != lang {
        let (asked, held) = (lang.code(), b.lang.code());
        return Err(match lang.built() {
            Lang::En => format!("The {asked} case library was asked for, but the file holds the {held} one."),
            Lang::Ko => format!("{asked} 사례 라이브러리를 요청했지만 파일에는 {held} 라이브러리가 들어 있습니다."),
        });
    }
    Ok(Arc::new(b))
}

/// A download already under way: the body of a locale's library, requested
/// at start when the first page is not search (it will need the body, so
/// waiting for the head first would only add a round trip).
pub(crate) struct Started {
    lang: Lang,
    response: js_sys::Promise,
}

/// Requests the body of `lang`'s library now.
pub(crate) fn start_body(lang: Lang) -> Option<Started> {
    let response = web_sys::window()?.fetch_with_str(crate::i18n::body_url(lang));
    Some(Started { lang, response })
}

/// Fetches the body of `head`'s library (or takes the download `started`
/// for it) and completes it.
pub(crate) async fn load_body(head: Library, started: Option<Started>) -> Result<Library, String> {
    let lang = head.lang;
    let url = crate::i18n::body_url(lang);
    let bytes = match started.filter(|s| s.lang == lang) {
        Some(s) => read_response(s.response, url, lang).await?,
        None => fetch_bytes(url, lang).await?,
    };
    head.with_bodies(&bytes).map(Arc::new).map_err(|e| {
        let why = e.describe_in(lang);
        match lang.built() {
            Lang::En => format!("The case details cannot be read: {why}."),
            Lang::Ko => format!("사례 상세 내용을 읽을 수 없습니다: {why}."),
        }
    })
}

/// A `fetch` of `url`'s body (plain web-sys: an HTTP client crate adds wasm for nothing here).
async fn fetch_bytes(url: &str, lang: Lang) -> Result<Vec<u8>, String> {
    let ko = lang.built() == Lang::Ko;
    let window = web_sys::window().ok_or(if ko { "사례 라이브러리를 받을 창(window)이 없습니다." } else { "There is no window to download the case library into." })?;
    read_response(window.fetch_with_str(url), url, lang).await
}

/// The body of the response `fetch` promised for `url`.
async fn read_response(response: js_sys::Promise, url: &str, lang: Lang) -> Result<Vec<u8>, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let describe = |e: wasm_bindgen::JsValue| e.as_string().or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()))).unwrap_or_default();
    let ko = lang.built() == Lang::Ko;
    let failed = |e: wasm_bindgen::JsValue| {
        let why = describe(e);
        if ko {
            format!("사례 라이브러리를 다운로드하지 못했습니다({why}).")
        } else {
            format!("The case library download failed ({why}).")
        }
    };
    let resp = JsFuture::from(response).await.map_err(failed)?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| {
        if ko { "사례 라이브러리 다운로드가 응답이 아닌 것을 돌려주었습니다." } else { "The case library download returned something other than a response." }.to_string()
    })?;
    if !resp.ok() {
        let status = resp.status();
        return Err(if ko {
            format!("사례 라이브러리가 없습니다: 서버가 {url} 요청에 {status}(으)로 답했습니다.")
        } else {
            format!("The case library is missing: the server answered {status} for {url}.")
        });
    }
    let body = resp.array_buffer().map_err(failed)?;
    let body = JsFuture::from(body).await.map_err(failed)?;
    Ok(js_sys::Uint8Array::new(&body).to_vec())
}

/// Returns the complete library from context: pages other than search
/// render inside [`crate::app::Complete`], only after it loaded.
pub(crate) fn use_library() -> Library {
    expect_context::<Library>()
}

/// The library as it arrives, for the search page.
pub(crate) fn use_arrival() -> Arrival {
    expect_context::<Arrival>()
}
