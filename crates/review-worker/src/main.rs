//! The manifest-review Web Worker. Reviews run off the main thread so that a
//! large paste never freezes the page, and the review engine is its own wasm:
//! the app's first download does not carry the rules, and this one is fetched
//! when a review first runs (and precached for offline use).
//!
//! The page starts `/review-worker.js` (`/ko/review-worker.js` in Korean), a
//! classic worker that loads this program's wasm (`public/review-worker.js`;
//! `scripts/postbuild.py` fills in the file names). Each locale's worker is
//! built with that locale's feature, so it holds only its own language.
//!
//! Protocol: the page posts `{id, after, before, config, lang, share}`
//! (`config` is the text of a `.casebook.toml`, or null); the worker answers
//! `{id, report}`, the report being a postcard-encoded
//! [`casebook_rules::WireReport`] in a `Uint8Array`. When `share` is true it
//! then posts `{id, fragment}`, the input compressed for the page's URL
//! fragment, so the page's thread never compresses a large paste. It announces
//! `{ready: true}` once it can take work. A panic posts `{crashed: message}`
//! before the instance dies, so the page can say so instead of waiting; the
//! message `{debug_panic: true}` provokes one, for the end-to-end test.

#[cfg(target_arch = "wasm32")]
mod worker {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// The Kubernetes schema table (`crates/rules/schema/k8s.schema`), fetched
    /// when the first review runs, not with the app.
    pub(crate) const SCHEMA_URL: &str = "/k8s.schema";

    thread_local! {
        /// The parsed table, or why it could not be loaded.
        static SCHEMA: std::cell::RefCell<Option<Result<&'static casebook_rules::Schema, casebook_rules::Msg>>> = const { std::cell::RefCell::new(None) };
        /// Whether a task is loading the table now.
        static LOADING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// Whether a real review has arrived (the warm-up then stops).
        static REVIEWED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// Resolves after a short timeout, for a task that waits on another.
    async fn pause() {
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            if scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 2).is_err() {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }

    /// Loads the schema table once per worker: the worker starts loading it
    /// as soon as it runs, so that the first review (a paste made once the
    /// page is open) does not wait for it; a review that comes sooner waits
    /// for that same load. A table that cannot be loaded (offline before it
    /// was cached, a corrupt file) leaves schema validation off, and each
    /// review says so.
    async fn schema() -> Result<&'static casebook_rules::Schema, casebook_rules::Msg> {
        loop {
            if let Some(s) = SCHEMA.with(|c| c.borrow().clone()) {
                return s;
            }
            if !LOADING.with(std::cell::Cell::get) {
                break;
            }
            pause().await;
        }
        LOADING.with(|l| l.set(true));
        let loaded = fetch_text(SCHEMA_URL).await.and_then(|t| casebook_rules::Schema::parse(&t).map_err(|e| casebook_rules::msg!("the schema table is unreadable ({e})", "스키마 표를 읽을 수 없다({e})")));
        let loaded = loaded.map(|s| &*Box::leak(Box::new(s)));
        SCHEMA.with(|c| *c.borrow_mut() = Some(loaded.clone()));
        LOADING.with(|l| l.set(false));
        loaded
    }

    async fn fetch_text(url: &str) -> Result<String, casebook_rules::Msg> {
        use casebook_rules::msg;
        use wasm_bindgen_futures::JsFuture;
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let resp = JsFuture::from(scope.fetch_with_str(url)).await.map_err(|_| msg!("{url} could not be downloaded", "{url}을(를) 다운로드하지 못했다"))?;
        let resp: web_sys::Response = resp.dyn_into().map_err(|_| msg!("{url} gave no response", "{url}이(가) 응답하지 않았다"))?;
        if !resp.ok() {
            let status = resp.status();
            return Err(msg!("the server answered {status} for {url}", "서버가 {url} 요청에 {status}로 답했다"));
        }
        let text = resp.text().map_err(|_| msg!("{url} could not be read", "{url}을(를) 읽지 못했다"))?;
        JsFuture::from(text).await.ok().and_then(|t| t.as_string()).ok_or_else(|| msg!("{url} is not text", "{url}은(는) 텍스트가 아니다"))
    }

    /// Answers review requests until the worker is terminated.
    pub(crate) fn serve() {
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let on_panic = scope.clone();
        std::panic::set_hook(Box::new(move |info| {
            console_error_panic_hook::hook(info);
            let out = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&out, &"crashed".into(), &info.to_string().into());
            let _ = on_panic.post_message(&out);
        }));
        let reply = scope.clone();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            REVIEWED.with(|r| r.set(true));
            let data = ev.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &JsValue::from_str(k)).ok();
            let after = get("after").and_then(|v| v.as_string()).unwrap_or_default();
            let before = get("before").and_then(|v| v.as_string());
            let id = get("id").unwrap_or(JsValue::NULL);
            if get("debug_panic").is_some_and(|v| v.is_truthy()) {
                panic!("a debug panic was requested");
            }
            let config = get("config").and_then(|v| v.as_string());
            let lang = get("lang").and_then(|v| v.as_string()).and_then(|l| casebook_model::Lang::parse(&l)).unwrap_or_default();
            let share = get("share").is_some_and(|v| v.is_truthy());
            let reply = reply.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let schema = schema().await;
                let mut report = casebook_rules::review_configured(&after, before.as_deref(), config.as_deref(), schema.as_ref().ok().copied(), lang);
                if let Err(why) = schema {
                    let why = why.get(lang);
                    let message = casebook_rules::msg!("schema validation is off: {why}", "스키마 검증이 꺼져 있다: {why}").into_lang(lang);
                    report.notices.insert(0, casebook_rules::InputError { line: 1, column: 1, message });
                }
                let origin = reply.location().origin();
                let out = js_sys::Object::new();
                let bytes = casebook_rules::WireReport::new(&report, &format!("{origin}{}/cases/", lang.path_prefix())).encode();
                let _ = js_sys::Reflect::set(&out, &"id".into(), &id);
                let _ = js_sys::Reflect::set(&out, &"report".into(), &js_sys::Uint8Array::from(bytes.as_slice()));
                let _ = reply.post_message(&out);
                if share {
                    let out = js_sys::Object::new();
                    let _ = js_sys::Reflect::set(&out, &"id".into(), &id);
                    let _ = js_sys::Reflect::set(&out, &"fragment".into(), &casebook_rules::encode_fragment(&after, before.as_deref()).into());
                    let _ = reply.post_message(&out);
                }
            });
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        // Messages sent before this point were not seen: tell the page we are ready.
        let ready = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&ready, &"ready".into(), &JsValue::TRUE);
        let _ = scope.post_message(&ready);
        // Warm up while the page is still being read: load the schema table,
        // then review a small manifest a few dozen times and drop the results.
        // The engine first runs wasm with its baseline compiler and optimises a
        // function only once it has run often, so a single warm-up review left
        // the reader's first review of a 20 KB manifest at about twice the
        // time of the second. Each round is its own task, and the rounds stop
        // once a real review has arrived, so they never delay one.
        wasm_bindgen_futures::spawn_local(async {
            let schema = schema().await.ok();
            let lang = casebook_model::BUILD_LANG.unwrap_or_default();
            for _ in 0..WARM_UP_ROUNDS {
                if REVIEWED.with(std::cell::Cell::get) {
                    break;
                }
                let _ = casebook_rules::review_configured(WARM_UP, None, None, schema, lang);
                pause().await;
            }
            let large: String = (0..WARM_UP_COPIES).map(|i| WARM_UP.replace("web", &format!("web{i}"))).collect::<Vec<_>>().join("---\n");
            for _ in 0..WARM_UP_LARGE_ROUNDS {
                if REVIEWED.with(std::cell::Cell::get) {
                    break;
                }
                let _ = casebook_rules::review_configured(&large, None, None, schema, lang);
                pause().await;
            }
        });
    }

    /// How many times the warm-up reviews its manifest (about 1 to 2 ms each
    /// once optimised). Measured in a worker on this project's machine: after
    /// 1 round the first 20 KB review took 19 to 24 ms, after 20 rounds 10 ms,
    /// after 50 rounds 5 to 6 ms, the same as a warm worker.
    const WARM_UP_ROUNDS: u32 = 50;

    /// Then a few rounds over many copies of it (about 200 KB), so that the
    /// code a large review spends its time in (the rules' loops over many
    /// objects, the lookup tables) is optimised too. Measured on this
    /// project's machine, a fresh worker's first 1 MB review took a median of
    /// 177 ms after the small rounds alone (six runs, 157 to 211 ms) and 148
    /// ms with these (136 to 241 ms); the second took about 120 ms either way.
    /// Each round takes some tens of milliseconds, so a review that arrives
    /// during one waits for it to end.
    const WARM_UP_COPIES: usize = 200;
    const WARM_UP_LARGE_ROUNDS: u32 = 3;

    /// The warm-up review's input: a few common kinds, each with something
    /// for the rules and the schema check to look at.
    const WARM_UP: &str = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: warm}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n        - name: web\n          image: example.com/web:latest\n          ports: [{containerPort: 8080}]\n          resources: {limits: {memory: 64Mi}}\n          livenessProbe: {httpGet: {path: /healthz, port: 8080}}\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: warm}\nspec: {selector: {app: web}, ports: [{port: 80, targetPort: 8080}]}\n---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web, namespace: warm}\nspec: {maxUnavailable: 0, selector: {matchLabels: {app: web}}}\n---\napiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: web, namespace: warm}\nspec:\n  rules:\n    - host: web.example.com\n      http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}]}\n";
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::serve();
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("casebook-review-worker runs only as the site's review worker, in wasm; use `casebook check` on the command line");
        std::process::exit(2);
    }
}
