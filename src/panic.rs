//! A panic in wasm kills the whole app. This hook replaces the page with an
//! error view and a reload button instead of leaving it dead.

/// Installs the hook: logs the panic to the console, then shows an error view.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_crash(&info.to_string());
    }));
}

/// Replaces the body with a static crash view (plain DOM, no reactive runtime,
/// which may be poisoned by the panic).
fn show_crash(detail: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    // The reactive runtime may be poisoned: the language comes from the address.
    let path = web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default();
    let lang = crate::i18n::lang_of_path(&path);
    let t = |en: &'static str, ko: &'static str| lang.pick(en, ko);
    let Some(body) = doc.body() else { return };
    body.set_text_content(None);
    let make = |tag: &str, text: &str| {
        let el = doc.create_element(tag).ok()?;
        el.set_text_content(Some(text));
        Some(el)
    };
    let Some(main) = doc.create_element("main").ok() else { return };
    main.set_class_name("crash");
    main.set_attribute("role", "alert").ok();
    if let Some(h) = make("h1", t("Casebook stopped unexpectedly", "Casebook이 예기치 않게 멈췄습니다")) {
        main.append_child(&h).ok();
    }
    if let Some(p) = make(
        "p",
        t(
            "Something went wrong inside the app. Nothing you pasted was sent anywhere. Reload to start again.",
            "앱 내부에서 문제가 생겼습니다. 붙여 넣은 내용은 어디에도 보내지 않았습니다. 다시 시작하려면 새로고침하세요.",
        ),
    ) {
        main.append_child(&p).ok();
    }
    if let Some(pre) = make("pre", detail) {
        main.append_child(&pre).ok();
    }
    // A plain link reloads without any script: after a panic the wasm instance is gone.
    if let Some(link) = make("a", t("Reload", "새로고침")) {
        link.set_id("crash-reload");
        let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_else(|| "/".into());
        link.set_attribute("href", &href).ok();
        link.set_class_name("button");
        main.append_child(&link).ok();
    }
    body.append_child(&main).ok();
}
