use casebook_rules::{decode_fragment, MAX_INPUT_BYTES};
use leptos::ev;
use leptos::html::Textarea;
use leptos::prelude::*;
use leptos_router::components::A;
use wasm_bindgen::JsCast;

use crate::data::use_library;
use crate::i18n::{href, t};

const EXAMPLE: &str = r#"# A Deployment behind a Service, with lessons from the library to learn.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
spec:
  replicas: 3
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: api
          image: registry.example.com/api:latest
          livenessProbe:
            exec:
              command: [pg_isready, -h, postgres.shop.svc]
---
apiVersion: v1
kind: Service
metadata:
  name: api
  namespace: shop
spec:
  type: LoadBalancer
  selector: {app: api}
  ports: [{name: http, port: 80, targetPort: 8080}]
"#;

/// A finding as the review worker reports it.
type Finding = casebook_rules::WireFinding;
/// A review, as the review worker reports it.
type Report = casebook_rules::WireReport;

const WORKER_FAILED_EN: &str = "The review worker could not start, so this browser cannot run checks. Reload the page to try again.";
const WORKER_FAILED_KO: &str = "리뷰 워커를 시작하지 못해 이 브라우저에서는 검사를 실행할 수 없습니다. 페이지를 새로 고친 뒤 다시 시도하세요.";

/// Starts the review worker (`crates/review-worker`, its own wasm).
fn start_worker() -> Option<web_sys::Worker> {
    web_sys::Worker::new(&crate::i18n::worker_url()).ok()
}

/// Findings rendered at first; the rest wait behind a button so that a huge
/// review doesn't block the page while thousands of items are laid out.
/// Drawing 300 took 85 to 120 ms, then as long again for layout and paint
/// (a 1 MB manifest, traced on this project's machine).
const SHOWN_FINDINGS: usize = 100;

/// Text pasted, opened or restored above this size is held by the page
/// instead of being put in the text box: Chromium took about a second to lay
/// out 1 MB of YAML in the box (measured on this project's machine), longer
/// than the review itself.
const HOLD_BYTES: usize = 256 * 1024;

/// An input too large for its text box, held by the page.
#[derive(Clone)]
struct Held {
    text: std::sync::Arc<str>,
    lines: usize,
}

/// One input: its text box, the text loaded into it programmatically, and
/// the text held instead when that is too large for the box.
#[derive(Clone, Copy)]
struct Input {
    text: RwSignal<String>,
    held: RwSignal<Option<Held>>,
    node: NodeRef<Textarea>,
}

impl Input {
    fn new() -> Self {
        Self { text: RwSignal::new(String::new()), held: RwSignal::new(None), node: NodeRef::new() }
    }

    /// Loads `text` into the box, or holds it when it is too large for one.
    fn put(self, text: String) {
        if text.len() > HOLD_BYTES {
            let lines = text.lines().count();
            self.held.set(Some(Held { text: text.into(), lines }));
            self.text.set(String::new());
        } else {
            self.held.set(None);
            self.text.set(text);
        }
    }

    /// The input's text now: held, typed into the box, or loaded.
    fn current(self) -> String {
        self.held.with_untracked(|h| h.as_ref().map(|h| h.text.to_string())).unwrap_or_else(|| self.node.get_untracked().map_or_else(|| self.text.get_untracked(), |t| t.value()))
    }

    fn is_held(self) -> bool {
        self.held.with_untracked(Option::is_some)
    }
}

/// The byte offset in `s` of UTF-16 offset `u` (a text box's selection), or
/// the end of `s`.
fn utf16_to_byte(s: &str, u: u32) -> usize {
    let mut n = 0u32;
    for (i, c) in s.char_indices() {
        if n >= u {
            return i;
        }
        n += c.len_utf16() as u32;
    }
    s.len()
}

/// Reads the current URL fragment.
fn fragment() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Replaces the fragment without navigating (the fragment never leaves the browser).
fn set_fragment(frag: &str) {
    let Some(w) = web_sys::window() else { return };
    let Ok(history) = w.history() else { return };
    let path = w.location().pathname().unwrap_or_else(|_| "/check".into());
    let search = w.location().search().unwrap_or_default();
    let url = if frag.is_empty() { format!("{path}{search}") } else { format!("{path}{search}#{frag}") };
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}

/// An example project config, shown in the empty config box.
const CONFIG_PLACEHOLDER: &str = "[rules]\npdb-missing = \"off\"\n\n[exclude]\nnamespaces = [\"kube-system\"]";

/// How long typing must pause before the text is reviewed.
const INPUT_DEBOUNCE_MS: u64 = 300;

/// Selects line `line` in a textarea and scrolls it into view.
fn highlight_line(area: &web_sys::HtmlTextAreaElement, line: u32) {
    let text = area.value();
    let mut start = 0usize;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line as usize {
            let end = start + l.trim_end_matches('\n').len();
            let to_utf16 = |b: usize| text[..b].encode_utf16().count() as u32;
            let _ = area.focus();
            let _ = area.set_selection_range(to_utf16(start), to_utf16(end));
            let line_height = 18.0;
            area.set_scroll_top(((f64::from(line) - 3.0) * line_height).max(0.0) as i32);
            return;
        }
        start += l.len();
    }
}

/// `/check`: paste (or drop) Kubernetes YAML, optionally a before version, and
/// get findings grounded in incidents. Nothing is sent anywhere.
#[component]
pub(crate) fn CheckPage() -> impl IntoView {
    super::set_title(t("Check manifests", "매니페스트 검사"));
    let lib = use_library();
    let lang = lib.lang;
    let after_in = Input::new();
    let before_in = Input::new();
    let (after, before) = (after_in.text, before_in.text);
    let compare = RwSignal::new(false);
    let report = RwSignal::new(None::<Report>);
    let link_error = RwSignal::new(None::<String>);
    let markdown = RwSignal::new(None::<String>);
    let highlighted = RwSignal::new(None::<(u32, u32)>);
    let (after_ref, before_ref) = (after_in.node, before_in.node);
    let config_ref = NodeRef::<Textarea>::new();

    // A shared link: restore the pasted text from the fragment.
    match decode_fragment(&fragment()) {
        Ok(Some((a, b))) => {
            after_in.put(a);
            if let Some(b) = b {
                before_in.put(b);
                compare.set(true);
            }
        }
        Ok(None) => {}
        Err(e) => link_error.set(Some(e)),
    }

    let busy = RwSignal::new(false);
    let seq = StoredValue::new(0u32);
    // The worker, once started; checks run there so the page never freezes.
    let worker = StoredValue::new_local(start_worker());
    // Work posted before the worker has loaded would be lost: hold the latest until it says ready.
    let worker_ready = StoredValue::new(false);
    let pending = StoredValue::new_local(None::<js_sys::Object>);
    // A worker that cannot load its module is dropped: checks then say why instead of waiting forever.
    let worker_failed = move |why: String| {
        if let Some(w) = worker.get_value() {
            w.terminate();
        }
        worker.set_value(None);
        pending.set_value(None);
        busy.set(false);
        link_error.set(Some(why));
    };
    if let Some(w) = worker.get_value() {
        let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
            if get("failed").is_some_and(|v| !v.is_undefined()) {
                worker_failed(lang.pick(WORKER_FAILED_EN, WORKER_FAILED_KO).into());
                return;
            }
            if let Some(why) = get("crashed").and_then(|v| v.as_string()) {
                // The worker's instance is gone after a panic: drop it and say what happened.
                worker_failed(match lang.built() {
                    casebook_model::Lang::En => format!("The check stopped unexpectedly ({why}). Nothing was sent anywhere. Reload the page to run checks again."),
                    casebook_model::Lang::Ko => format!("검사가 예기치 않게 멈췄습니다({why}). 아무것도 전송되지 않았습니다. 페이지를 새로 고치면 다시 검사할 수 있습니다."),
                });
                report.set(None);
                return;
            }
            if get("ready").and_then(|v| v.as_bool()) == Some(true) {
                worker_ready.set_value(true);
                if let (Some(w), Some(msg)) = (worker.get_value(), pending.get_value()) {
                    pending.set_value(None);
                    let _ = w.post_message(&msg);
                }
                return;
            }
            let id = get("id").and_then(|v| v.as_f64()).unwrap_or(-1.0) as u32;
            if id != seq.get_value() {
                return; // a newer check is under way
            }
            if let Some(frag) = get("fragment").and_then(|v| v.as_string()) {
                set_fragment(&frag);
                return;
            }
            let bytes = get("report").map(|v| js_sys::Uint8Array::new(&v).to_vec()).unwrap_or_default();
            let decoded = Report::decode(&bytes);
            if decoded.is_none() {
                link_error.set(Some(lang.pick("The review worker sent back a result this page cannot read. Reload the page to get matching versions.", "리뷰 워커가 이 페이지가 읽을 수 없는 결과를 보냈습니다. 페이지를 새로 고쳐 버전을 맞추세요.").into()));
            }
            report.set(decoded);
            busy.set(false);
        });
        w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let on_error = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| worker_failed(lang.pick(WORKER_FAILED_EN, WORKER_FAILED_KO).into()));
        w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        on_cleanup(move || {
            if let Some(w) = worker.get_value() {
                w.terminate();
            }
        });
    }

    // The text areas own what the user types; the signals only carry text loaded
    // programmatically (example, file, shared link). Typing never writes a
    // (possibly 20 MB) value back into the DOM.
    // Pending instant reviews: each input bumps it, and so does every review,
    // so a timer set before a review (the button, a file) does nothing later.
    let typed = StoredValue::new(0u32);
    let run = move || {
        typed.update_value(|n| *n = n.wrapping_add(1));
        let a = after_in.current();
        let b = compare.get_untracked().then(|| before_in.current());
        markdown.set(None);
        // A notice about an earlier link, paste or file no longer applies.
        link_error.set(None);
        // A reply to an earlier review, still under way, is now stale.
        seq.update_value(|n| *n += 1);
        if a.trim().is_empty() {
            report.set(None);
            busy.set(false);
            set_fragment("");
            return;
        }
        // Keep the review shareable: the text lives only in the URL fragment,
        // which the worker compresses once it has sent the findings.
        // A link to a larger one would be too long to share: drop the earlier input's.
        let share = a.len() + b.as_ref().map_or(0, String::len) <= 512 * 1024;
        if !share {
            set_fragment("");
        }
        match worker.get_value() {
            Some(w) => {
                let msg = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&msg, &"id".into(), &f64::from(seq.get_value()).into());
                let _ = js_sys::Reflect::set(&msg, &"after".into(), &wasm_bindgen::JsValue::from_str(&a));
                let _ = js_sys::Reflect::set(&msg, &"before".into(), &b.as_deref().map_or(wasm_bindgen::JsValue::NULL, wasm_bindgen::JsValue::from_str));
                let cfg = config_ref.get_untracked().map(|t| t.value()).filter(|t| !t.trim().is_empty());
                let _ = js_sys::Reflect::set(&msg, &"config".into(), &cfg.map_or(wasm_bindgen::JsValue::NULL, Into::into));
                let _ = js_sys::Reflect::set(&msg, &"lang".into(), &lang.code().into());
                let _ = js_sys::Reflect::set(&msg, &"share".into(), &share.into());
                busy.set(true);
                if !worker_ready.get_value() {
                    pending.set_value(Some(msg));
                } else if w.post_message(&msg).is_err() {
                    busy.set(false);
                }
            }
            // The rules run only in the worker, so that a huge paste never
            // freezes the page and the app stays small.
            None => {
                report.set(None);
                link_error.set(Some(lang.pick(WORKER_FAILED_EN, WORKER_FAILED_KO).into()));
            }
        }
    };
    if after_in.is_held() || !after.get_untracked().is_empty() {
        run();
    }

    // Instant review: a paste reviews the text at once, and a pause in typing
    // does (the button stays for keyboard users; a dropped file is reviewed
    // once read). Each keystroke restarts the wait.
    let on_input = move |ev: ev::Event| {
        let kind = js_sys::Reflect::get(&ev, &"inputType".into()).ok().and_then(|v| v.as_string());
        if kind.as_deref() == Some("insertFromPaste") {
            run();
            return;
        }
        typed.update_value(|n| *n = n.wrapping_add(1));
        let mine = typed.get_value();
        set_timeout(
            move || {
                // The page may be gone by now (navigated away): then do nothing.
                if typed.try_get_value() == Some(mine) {
                    run();
                }
            },
            std::time::Duration::from_millis(INPUT_DEBOUNCE_MS),
        );
    };

    let load_file = move |file: web_sys::File, target: Input| {
        if file.size() > MAX_INPUT_BYTES as f64 {
            report.set(None);
            let (name, mb, max) = (file.name(), file.size() / 1_048_576.0, MAX_INPUT_BYTES / 1_048_576);
            link_error.set(Some(match lang.built() {
                casebook_model::Lang::En => format!("{name} is {mb:.1} MB; Casebook checks at most {max} MB at a time."),
                casebook_model::Lang::Ko => format!("{name}의 크기는 {mb:.1} MB입니다. Casebook은 한 번에 최대 {max} MB까지 검사합니다."),
            }));
            return;
        }
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(text) => {
                    target.put(text.as_string().unwrap_or_default());
                    link_error.set(None);
                    run();
                }
                Err(_) => link_error.set(Some(lang.pick("The file could not be read as text.", "파일을 텍스트로 읽을 수 없습니다.").into())),
            }
        });
    };
    let on_drop = move |ev: ev::DragEvent, target: Input| {
        ev.prevent_default();
        if let Some(file) = ev.data_transfer().and_then(|dt| dt.files()).and_then(|f| f.get(0)) {
            load_file(file, target);
        }
    };
    let on_pick = move |ev: ev::Event, target: Input| {
        let input = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
            load_file(file, target);
        }
    };

    // A paste larger than the review accepts is refused before it reaches the
    // text area, so the page never has to lay out megabytes of text. A large
    // one is held by the page with what the box already had around it, as
    // the paste would have left it, and reviewed at once.
    let on_paste = move |ev: ev::ClipboardEvent, target: Input| {
        let text = ev.clipboard_data().and_then(|d| d.get_data("text/plain").ok()).unwrap_or_default();
        if text.len() > MAX_INPUT_BYTES {
            ev.prevent_default();
            report.set(None);
            let (mb, max) = (text.len() as f64 / 1_048_576.0, MAX_INPUT_BYTES / 1_048_576);
            link_error.set(Some(match lang.built() {
                casebook_model::Lang::En => format!("The pasted text is {mb:.1} MB; Casebook checks at most {max} MB at a time. Split it and check the parts."),
                casebook_model::Lang::Ko => format!("붙여 넣은 텍스트가 {mb:.1} MB입니다. Casebook은 한 번에 최대 {max} MB까지 검사합니다. 나누어 검사하세요."),
            }));
        } else if text.len() > HOLD_BYTES {
            ev.prevent_default();
            let whole = match target.node.get_untracked() {
                Some(area) => {
                    let value = area.value();
                    let start = area.selection_start().ok().flatten().map_or(value.len(), |u| utf16_to_byte(&value, u));
                    let end = area.selection_end().ok().flatten().map_or(start, |u| utf16_to_byte(&value, u)).max(start);
                    format!("{}{text}{}", &value[..start], &value[end..])
                }
                None => text,
            };
            target.put(whole);
            run();
        }
    };

    let copy_markdown = move |_| {
        let Some(r) = report.get_untracked() else { return };
        let md = r.markdown.clone();
        if let Some(w) = web_sys::window() {
            let _ = w.navigator().clipboard().write_text(&md);
        }
        markdown.set(Some(md));
    };

    let lib_cases = lib.clone();
    // Plain links, which the router follows all the same: a hundred findings
    // carry a few hundred of them, and a router link costs more to draw.
    let finding_view = move |f: Finding| {
        let (line, col) = (f.line, f.column);
        let sev = f.severity.clone();
        let cases = f
            .cases
            .iter()
            .map(|c| {
                let title = lib_cases.find(c).map_or_else(|| c.clone(), |d| lib_cases.cases[d].organisation.clone());
                view! { <a href=href(&format!("/cases/{c}"))>{title}</a>" " }
            })
            .collect_view();
        let sev2 = sev.clone();
        let (rule_href, rule_text) = (href(&format!("/rules/{}", f.rule)), f.rule.clone());
        let class = move || {
            let hl = highlighted.get() == Some((line, col));
            format!("finding sev-{sev2}{}", if hl { " highlight" } else { "" })
        };
        let suppressed = f.suppressed.clone().map(|r| view! { <p class="suppressed">{lang.pick("Suppressed: ", "숨김: ")} {r}</p> });
        view! {
            <li class=class data-rule=f.rule.clone() data-line=line.to_string()>
                <button class="loc" title=lang.pick("Show this line in the input", "입력에서 이 줄 보기") on:click=move |_| {
                    highlighted.set(Some((line, col)));
                    // A held input has no box to show the line in; the finding's excerpt shows it.
                    if let (false, Some(area)) = (after_in.is_held(), after_ref.get_untracked()) { highlight_line(&area, line); }
                }>{format!("{line}:{col}")}</button>
                " " <span class="sev">{sev}</span> " "
                <a href=rule_href><code>{rule_text}</code></a>
                <p class="message">{f.message.clone()}</p>
                <pre><code>{f.frame.clone()}</code></pre>
                {(!f.also.is_empty()).then(|| {
                    let items = f.also.iter().map(|a| view! { <li>{format!("{}:{} {}", a.line, a.column, a.message)}</li> }).collect_view();
                    view! { <details class="also"><summary>{match lang.built() {
                        casebook_model::Lang::En => format!("{} more in this object", f.also.len()),
                        casebook_model::Lang::Ko => format!("이 객체에서 {}곳 더", f.also.len()),
                    }}</summary><ul>{items}</ul></details> }
                })}
                <p class="fix"><strong>{lang.pick("Fix: ", "고치는 법: ")}</strong>{f.fix.clone()}</p>
                <p class="from">{lang.pick("From: ", "근거: ")} {cases}</p>
                {suppressed}
            </li>
        }
    };

    let show_all = RwSignal::new(false);
    let results = move || {
        let r = report.get()?;
        let limit = if show_all.get() { usize::MAX } else { SHOWN_FINDINGS };
        let hidden = r.findings.len().saturating_sub(limit);
        // By severity, then position; objects appear in the order of their most severe finding.
        let rank = |s: &str| match s {
            "error" => 0,
            "warning" => 1,
            _ => 2,
        };
        let mut ordered: Vec<&Finding> = r.findings.iter().collect();
        ordered.sort_by_key(|f| (rank(&f.severity), f.line, f.column));
        let count = |s: &str| r.findings.iter().filter(|f| f.severity == s).count();
        let by_severity = match lang.built() {
            casebook_model::Lang::En => format!("{} error(s), {} warning(s), {} info", count("error"), count("warning"), count("info")),
            casebook_model::Lang::Ko => format!("error {}건, warning {}건, info {}건", count("error"), count("warning"), count("info")),
        };
        let mut groups: Vec<(String, Vec<Finding>)> = Vec::new();
        for f in ordered.into_iter().take(limit) {
            let key = match &f.resource.namespace {
                Some(ns) => format!("{} {}/{}", f.resource.kind, ns, f.resource.name),
                None => format!("{} {}", f.resource.kind, f.resource.name),
            };
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(f.clone()),
                None => groups.push((key, vec![f.clone()])),
            }
        }
        let errors = (!r.errors.is_empty()).then(|| {
            let items = r.errors.iter().map(|e| view! { <li>{match lang.built() {
                casebook_model::Lang::En => format!("line {}, column {}: {}", e.line, e.column, e.message),
                casebook_model::Lang::Ko => format!("{}행 {}열: {}", e.line, e.column, e.message),
            }}</li> }).collect_view();
            view! { <div class="input-errors" role="alert" id="input-errors"><h2>{lang.pick("Input problems", "입력 문제")}</h2><ul>{items}</ul></div> }
        });
        let notices = (!r.notices.is_empty()).then(|| {
            let items = r.notices.iter().map(|e| view! { <li>{match lang.built() {
                casebook_model::Lang::En => format!("line {}: {}", e.line, e.message),
                casebook_model::Lang::Ko => format!("{}행: {}", e.line, e.message),
            }}</li> }).collect_view();
            view! { <details class="notices"><summary>{match lang.built() {
                casebook_model::Lang::En => format!("{} notice(s)", r.notices.len()),
                casebook_model::Lang::Ko => format!("참고 {}건", r.notices.len()),
            }}</summary><ul>{items}</ul></details> }
        });
        let fv = finding_view.clone();
        let groups_view = groups
            .into_iter()
            .map(|(key, fs)| {
                let items = fs.into_iter().map(&fv).collect_view();
                view! { <section class="finding-group"><h3>{key}</h3><ul>{items}</ul></section> }
            })
            .collect_view();
        let fv2 = finding_view.clone();
        let suppressed = (!r.suppressed_findings.is_empty()).then(|| {
            let items = r.suppressed_findings.clone().into_iter().map(&fv2).collect_view();
            view! { <details class="suppressed-findings" id="suppressed"><summary>{match lang.built() {
                casebook_model::Lang::En => format!("{} suppressed finding(s)", r.suppressed_findings.len()),
                casebook_model::Lang::Ko => format!("숨긴 결과 {}건", r.suppressed_findings.len()),
            }}</summary><ul>{items}</ul></details> }
        });
        Some(view! {
            <div id="check-results" aria-live="polite">
                <p class="summary-line" id="check-summary">{match lang.built() {
                    casebook_model::Lang::En => format!("{} finding(s) in {} object(s), {} suppressed, {} input problem(s).", r.findings.len(), r.objects, r.suppressed_findings.len(), r.errors.len()),
                    casebook_model::Lang::Ko => format!("객체 {}개에서 결과 {}건, 숨김 {}건, 입력 문제 {}건.", r.objects, r.findings.len(), r.suppressed_findings.len(), r.errors.len()),
                }}</p>
                <p class="severity-counts" id="check-counts">{by_severity}</p>
                {errors}
                {groups_view}
                {(hidden > 0).then(|| view! {
                    <button class="secondary" id="show-all" on:click=move |_| show_all.set(true)>{match lang.built() {
                        casebook_model::Lang::En => format!("Show {hidden} more finding(s)"),
                        casebook_model::Lang::Ko => format!("결과 {hidden}건 더 보기"),
                    }}</button>
                })}
                {suppressed}
                {notices}
            </div>
        })
    };

    // In place of a box whose input is held: its size, and a way to edit or clear it.
    let held_panel = move |input: Input, id: &'static str| {
        move || {
            input.held.with(|h| h.as_ref().map(|h| (h.text.len(), h.lines))).map(|(bytes, lines)| {
                let mb = bytes as f64 / 1_048_576.0;
                view! {
                    // Named by the box's label, which points at the hidden box.
                    <div class="held" id=format!("{id}-held") role="group" aria-labelledby=format!("{id}-label")
                        on:dragover=|ev: ev::DragEvent| ev.prevent_default()
                        on:drop=move |ev| on_drop(ev, input)>
                        <p>{match lang.built() {
                            casebook_model::Lang::En => format!("{mb:.1} MB, {lines} lines, kept by the page instead of the text box, which takes about a second per megabyte to draw. Line numbers in the findings refer to this text."),
                            casebook_model::Lang::Ko => format!("{mb:.1} MB, {lines}줄. 입력란은 이만한 텍스트를 그리는 데 1 MB당 1초쯤 걸리므로 페이지가 따로 보관합니다. 결과의 줄 번호는 이 텍스트 기준입니다."),
                        }}</p>
                        <button class="secondary" id=format!("{id}-edit") on:click=move |_| {
                            if let Some(h) = input.held.get_untracked() {
                                input.held.set(None);
                                input.text.set(h.text.to_string());
                            }
                        }>{lang.pick("Edit in the box", "입력란에서 편집")}</button>
                        " "
                        <button class="secondary" id=format!("{id}-clear") on:click=move |_| {
                            input.held.set(None);
                            input.text.set(String::new());
                            run();
                        }>{lang.pick("Clear", "지우기")}</button>
                    </div>
                }
            })
        }
    };

    view! {
        <section class="check-page">
            <h1>{lang.pick("Check Kubernetes manifests", "Kubernetes 매니페스트 검사")}</h1>
            <p>{lang.pick("Paste ", "")} <code>"kubectl get -o yaml"</code> {lang.pick(" output, a multi-document file or Helm output. Each finding comes from the lessons of a real incident. Everything runs in your browser; nothing is uploaded.", " 출력, 여러 문서로 된 파일, Helm 출력을 붙여 넣으세요. 각 결과는 실제 장애의 교훈에서 나옵니다. 모든 것이 브라우저 안에서 실행되며 아무것도 업로드되지 않습니다.")}</p>
            {move || link_error.get().map(|e| view! { <p class="input-errors" role="alert" id="link-error">{e}</p> })}
            <div class="check-actions">
                <label><input type="checkbox" id="compare" prop:checked=move || compare.get() on:change=move |ev| compare.set(event_target_checked(&ev)) />{lang.pick(" Before/after change review", " 변경 전후 비교 리뷰")}</label>
                <button class="secondary" on:click=move |_| { after_in.put(EXAMPLE.to_string()); run(); }>{lang.pick("Load an example", "예시 불러오기")}</button>
            </div>
            <div class=move || if compare.get() { "check-inputs two" } else { "check-inputs" }>
                <Show when=move || compare.get()>
                    <div>
                        <label for="before" id="before-label">{lang.pick("Before (the version running now)", "변경 전 (지금 실행 중인 버전)")}</label>
                        {held_panel(before_in, "before")}
                        <textarea id="before" node_ref=before_ref spellcheck="false" prop:value=move || before.get() on:paste=move |ev| on_paste(ev, before_in) on:input=on_input
                            hidden=move || before_in.held.with(Option::is_some)
                            on:dragover=|ev: ev::DragEvent| ev.prevent_default()
                            on:drop=move |ev| on_drop(ev, before_in)></textarea>
                        <input type="file" aria-label=lang.pick("Open the before file", "변경 전 파일 열기") accept=".yaml,.yml,.json,.txt" on:change=move |ev| on_pick(ev, before_in) />
                    </div>
                </Show>
                <div>
                    <label for="manifest" id="manifest-label">{move || if compare.get() { lang.pick("After (the change)", "변경 후 (바뀐 버전)") } else { lang.pick("Manifest", "매니페스트") }}</label>
                    {held_panel(after_in, "manifest")}
                    <textarea id="manifest" node_ref=after_ref spellcheck="false" prop:value=move || after.get() on:paste=move |ev| on_paste(ev, after_in) on:input=on_input
                        hidden=move || after_in.held.with(Option::is_some)
                        placeholder="apiVersion: apps/v1\nkind: Deployment\n..."
                        on:dragover=|ev: ev::DragEvent| ev.prevent_default()
                        on:drop=move |ev| on_drop(ev, after_in)></textarea>
                    <input type="file" aria-label=lang.pick("Open a manifest file", "매니페스트 파일 열기") accept=".yaml,.yml,.json,.txt" on:change=move |ev| on_pick(ev, after_in) />
                </div>
            </div>
            <details class="project-config">
                <summary>{lang.pick("Project config (", "프로젝트 설정 (")} <code>".casebook.toml"</code> ")"</summary>
                <p>{lang.pick("Paste your project's ", "프로젝트의 ")} <code>".casebook.toml"</code> {lang.pick(" to review with its rule severities and exclusions, exactly as ", "을(를) 붙여 넣으면 그 규칙 심각도와 제외 설정으로 리뷰합니다. ")} <code>"casebook check"</code> {lang.pick(" does (paths are the CLI's only). It stays on this page.", "와 똑같이 동작합니다(경로 제외는 CLI에서만). 설정은 이 페이지 밖으로 나가지 않습니다.")}</p>
                <textarea id="config" node_ref=config_ref spellcheck="false" aria-label=lang.pick("Project config", "프로젝트 설정") on:input=on_input
                    placeholder=CONFIG_PLACEHOLDER></textarea>
            </details>
            <div class="check-actions">
                <button id="run-check" on:click=move |_| run()>{lang.pick("Check", "검사")}</button>
                {move || busy.get().then(|| view! { <span role="status" id="checking">{lang.pick("Checking…", "검사 중…")}</span> })}
                <button class="secondary" id="copy-markdown" on:click=copy_markdown disabled=move || report.get().is_none()>{lang.pick("Copy as Markdown", "Markdown으로 복사")}</button>
                <A href=href("/rules")>{lang.pick("All rules", "모든 규칙")}</A>
            </div>
            {move || markdown.get().map(|md| view! {
                <details open><summary>{lang.pick("Markdown for a PR comment (copied)", "PR 댓글용 Markdown (복사됨)")}</summary><textarea readonly id="markdown-out" aria-label=lang.pick("Markdown output", "Markdown 출력") prop:value=md></textarea></details>
            })}
            {results}
        </section>
    }
}
