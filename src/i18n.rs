//! The locale: which language a page is in, from its URL (`/ko/...` is
//! Korean, every other path English), and the helpers pages use to write
//! their interface text and links in that language.
//!
//! Interface strings sit beside each other where they are used,
//! `t("Search", "검색")`, so that a string is never added in one language only.

use casebook_model::Lang;

/// The URL prefix of a locale: `""` for English, `"/ko"` for Korean.
pub fn prefix(lang: Lang) -> &'static str {
    lang.path_prefix()
}

/// The locale a path is in.
pub fn lang_of_path(path: &str) -> Lang {
    if path == "/ko" || path.starts_with("/ko/") {
        Lang::Ko
    } else {
        Lang::En
    }
}

/// The path without its locale prefix (`/ko/cases/x` → `/cases/x`).
pub fn strip_lang(path: &str) -> &str {
    match lang_of_path(path) {
        Lang::Ko => match &path[3..] {
            "" => "/",
            rest => rest,
        },
        Lang::En => path,
    }
}

/// `path` (an English path, with any query or fragment) in `lang`.
pub fn localize(lang: Lang, path: &str) -> String {
    match (lang, path) {
        (Lang::En, _) => path.to_string(),
        (_, "/") => format!("{}/", prefix(lang)),
        (_, p) if p.starts_with("/?") || p.starts_with("/#") => format!("{}{}", prefix(lang), p),
        (_, p) => format!("{}{p}", prefix(lang)),
    }
}

/// Where the library's head (what search needs) of a locale is served from.
pub fn bundle_url(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "/casebook.bin",
        Lang::Ko => "/casebook.ko.bin",
    }
}

/// Where the rest of a locale's library (case bodies, relations, graph,
/// rules) is served from.
pub fn body_url(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "/casebook.body.bin",
        Lang::Ko => "/casebook.ko.body.bin",
    }
}

/// The one locale this wasm serves, when the site is built one wasm per
/// locale (features `locale-en`, `locale-ko`); `None` in a build that serves
/// both at run time. A one-locale build leaves the other language's strings
/// out, and changing language loads the other locale's page.
pub const BUILT: Option<Lang> = casebook_model::BUILD_LANG;

/// The page's language: the build's, or the one provided with the loaded library.
pub(crate) fn lang() -> Lang {
    match BUILT {
        Some(l) => l,
        None => leptos::prelude::use_context::<Lang>().unwrap_or_default(),
    }
}

/// The review worker's script. Each locale's site has its own, loading that
/// locale's build of the worker (`/ko/review-worker.js` for Korean).
pub fn worker_url() -> String {
    format!("{}/review-worker.js", BUILT.map_or("", prefix))
}

/// Interface text in the page's language.
pub(crate) fn t(en: &'static str, ko: &'static str) -> &'static str {
    lang().pick(en, ko)
}

/// An app path in the page's language.
pub(crate) fn href(path: &str) -> String {
    localize(lang(), path)
}
