//! `/debug/bench` (feature `bench` only): the same benchmarks as
//! `casebook-bench`, compiled to wasm and run in the browser. Results are
//! written as JSON into `#bench-out` for `tools/bench-wasm.mjs`.

use casebook_bench::{bench_review, bench_search, synthetic_cases, synthetic_manifest, TinyIndex};
use leptos::prelude::*;

use crate::data::use_library;

async fn pause() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Runs the benchmarks one after another, yielding between them.
#[component]
pub(crate) fn BenchPage() -> impl IntoView {
    let lib = use_library();
    let out = RwSignal::new(String::new());
    let done = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = move || perf.as_ref().map_or(0.0, web_sys::Performance::now);
        let mut rows = Vec::new();
        let sizes = [0usize, 10_000, 50_000];
        for n in sizes {
            pause().await;
            let corpus = if n == 0 { lib.cases.clone() } else { synthetic_cases(&lib.cases, n, 7) };
            let rounds = if n > 20_000 { 3 } else { 20 };
            let b = bench_search(&corpus, rounds, &now);
            let t = TinyIndex::bench(&corpus, rounds, &now);
            rows.push(format!(
                "{{\"corpus\":\"{}\",\"cases\":{},\"p50_ms\":{:.4},\"p99_ms\":{:.4},\"tiny_p50_ms\":{:.4},\"tiny_p99_ms\":{:.4}}}",
                if n == 0 { "library".to_string() } else { format!("synthetic {n}") },
                b.cases, b.p50_ms, b.p99_ms, t.p50_ms, t.p99_ms
            ));
            out.set(format!("[{}]", rows.join(",")));
        }
        pause().await;
        let (yaml, objects) = synthetic_manifest(5 << 20);
        let r = bench_review(&yaml, objects, 3, &now);
        rows.push(format!(
            "{{\"review_bytes\":{},\"objects\":{},\"findings\":{},\"parse_ms\":{:.1},\"review_ms\":{:.1}}}",
            r.bytes, r.objects, r.findings, r.parse_ms, r.review_ms
        ));
        out.set(format!("[{}]", rows.join(",")));
        done.set(true);
    });
    view! {
        <section>
            <h1>"Benchmarks (wasm)"</h1>
            <pre id="bench-out" data-done=move || done.get().to_string()>{move || out.get()}</pre>
        </section>
    }
}
