//! Browser tests (wasm-bindgen-test in headless Chromium): the core crates as
//! compiled to wasm by Debian's rustc, and components mounted into a real DOM.
//! Run by `scripts/test.sh`; the bundle must have been built first.
#![cfg(target_arch = "wasm32")]

use casebook_app::components::{ErrorView, Footer, Loading};
use casebook_bundle::Bundle;
use casebook_search::Query;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

static BUNDLE: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/target/site-data/casebook.bin"));
static BODY: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/target/site-data/casebook.body.bin"));

fn document() -> web_sys::Document {
    web_sys::window().expect("a window").document().expect("a document")
}

fn fresh_root() -> web_sys::HtmlElement {
    let el = document().create_element("div").expect("create div");
    document().body().expect("a body").append_child(&el).expect("append");
    el.unchecked_into()
}

#[wasm_bindgen_test]
fn the_shipped_bundle_decodes_and_searches_in_wasm() {
    let head = Bundle::decode_head(BUNDLE).expect("the head decodes in wasm");
    // Search works on the head alone: titles and names.
    let res = head.index().search(&head.cases, &Query::text("IL-0346"));
    assert_eq!(head.cases[res.results[0].doc].id, "2025-11-05-render-oregon-404");
    let b = head.with_bodies(BODY).expect("the body completes it in wasm");
    assert!(b.cases.len() >= 150, "{} cases", b.cases.len());
    let res = b.index().search(&b.cases, &Query::text("dynamo"));
    let top = &b.cases[res.results[0].doc];
    assert!(top.title.to_lowercase().contains("dynamodb"), "{}", top.title);
    let res = b.index().search(&b.cases, &Query::text("IL-0346"));
    assert_eq!(b.cases[res.results[0].doc].id, "2025-11-05-render-oregon-404");
}

#[wasm_bindgen_test]
fn corrupt_bundles_are_errors_in_wasm_too() {
    let mut bytes = BUNDLE.to_vec();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x5a;
    assert!(Bundle::decode_head(&bytes).is_err());
    let mut body = BODY.to_vec();
    let mid = body.len() / 2;
    body[mid] ^= 0x5a;
    assert!(Bundle::decode_head(BUNDLE).expect("head").with_bodies(&body).is_err());
    assert!(Bundle::decode(b"<html>not found</html>").is_err());
}

#[wasm_bindgen_test]
fn manifest_review_reports_the_same_position_in_wasm() {
    let yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n    - name: web\n      image: nginx:latest\n";
    let report = casebook_rules::review(yaml, None, &Default::default());
    let f = report.findings.iter().find(|f| f.rule == "image-mutable-or-always-pulled").expect("finding");
    assert_eq!((f.line, f.column), (7, 14));
    let bomb = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n";
    let report = casebook_rules::review(bomb, None, &Default::default());
    assert!(report.errors[0].message.contains("alias bomb"), "{:?}", report.errors);
}

#[wasm_bindgen_test]
async fn error_view_offers_a_retry_that_calls_back() {
    let root = fresh_root();
    let clicked = RwSignal::new(0);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! { <ErrorView message="The case library cannot be read: bad magic.".to_string() on_retry=Callback::new(move |()| clicked.update(|n| *n += 1)) /> }
    });
    leptos::task::tick().await;
    let text = root.text_content().unwrap_or_default();
    assert!(text.contains("bad magic"), "{text}");
    let button: web_sys::HtmlElement = root.query_selector("#retry").unwrap().expect("retry button").unchecked_into();
    button.click();
    leptos::task::tick().await;
    assert_eq!(clicked.get_untracked(), 1);
    drop(handle);
}

#[wasm_bindgen_test]
async fn footer_shows_loading_then_the_library_stats() {
    let root = fresh_root();
    let cases = RwSignal::new(None::<usize>);
    let built = RwSignal::new(None::<String>);
    let handle = leptos::mount::mount_to(root.clone(), move || view! { <Loading /><Footer cases=cases.into() built=built.into() lang=Signal::stored(casebook_model::Lang::En) /> });
    leptos::task::tick().await;
    assert!(root.text_content().unwrap_or_default().contains("Loading"));
    cases.set(Some(171));
    built.set(Some("2026-11-29".into()));
    leptos::task::tick().await;
    let stats = root.query_selector("#library-stats").unwrap().expect("stats").text_content().unwrap_or_default();
    assert_eq!(stats, "171 cases · bundle built 2026-11-29");
    drop(handle);
}

static BUNDLE_KO: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/target/site-data/casebook.ko.bin"));
static BODY_KO: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/target/site-data/casebook.ko.body.bin"));

#[wasm_bindgen_test]
fn the_korean_library_decodes_and_finds_the_sweden_central_case_in_wasm() {
    let b = Bundle::decode_head(BUNDLE_KO).and_then(|h| h.with_bodies(BODY_KO)).expect("the Korean bundle decodes in wasm");
    assert_eq!(b.lang, casebook_model::Lang::Ko);
    let hits = b.index().search(&b.cases, &Query::text("헬스 체크 재시작 루프"));
    assert_eq!(b.cases[hits.results[0].doc].id, "2026-09-29-azure-openai-sweden-central");
}

#[wasm_bindgen_test]
fn paths_carry_the_locale() {
    use casebook_app::i18n::{lang_of_path, localize, strip_lang};
    use casebook_model::Lang;
    assert_eq!(lang_of_path("/ko/cases/x"), Lang::Ko);
    assert_eq!(lang_of_path("/ko"), Lang::Ko);
    assert_eq!(lang_of_path("/kokoro"), Lang::En);
    assert_eq!(strip_lang("/ko/cases/x"), "/cases/x");
    assert_eq!(strip_lang("/ko"), "/");
    assert_eq!(localize(Lang::Ko, "/"), "/ko/");
    assert_eq!(localize(Lang::Ko, "/?q=dns"), "/ko/?q=dns");
    assert_eq!(localize(Lang::Ko, "/check#yaml"), "/ko/check#yaml");
    assert_eq!(localize(Lang::En, "/check"), "/check");
}
