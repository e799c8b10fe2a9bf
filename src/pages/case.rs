use casebook_model::{Case, VocabKind};
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_params_map};
use leptos_router::NavigateOptions;

use super::NotFound;
use crate::components::{EgoGraph, RuleLinks, TermLink};
use crate::data::use_library;
use crate::i18n::{href, lang, t};

/// Formats minutes as `5h 55m`.
pub(crate) fn fmt_minutes(m: u32) -> String {
    match (m / 60, m % 60) {
        (0, m) => format!("{m}m"),
        (h, 0) => format!("{h}h"),
        (h, m) => format!("{h}h {m}m"),
    }
}

/// A `<section>` with a heading and a bullet list, omitted when the list is empty.
fn list_section(title: &'static str, id: &'static str, items: &[String]) -> Option<impl IntoView> {
    (!items.is_empty()).then(|| {
        let items = items.iter().map(|x| view! { <li>{x.clone()}</li> }).collect_view();
        view! { <section id=id><h2>{title}</h2><ul>{items}</ul></section> }
    })
}

/// One case, every field that has a value; its related cases; the rules grounded in it.
#[component]
pub(crate) fn CasePage() -> impl IntoView {
    let lib = use_library();
    let params = use_params_map();
    let navigate = use_navigate();
    move || {
        let key = params.with(|p| p.get("id").unwrap_or_default());
        let Some(doc) = lib.find(&key) else {
            return view! { <NotFound what=format!("{} {key:?}", t("case", "사례")) /> }.into_any();
        };
        let case = lib.cases[doc].clone();
        if case.id != key {
            // An alias such as IL-0346: move to the stable URL.
            navigate(&href(&format!("/cases/{}", case.id)), NavigateOptions { replace: true, ..Default::default() });
        }
        super::set_title(&case.title);
        view! { <CaseView doc case /> }.into_any()
    }
}

#[component]
fn CaseView(doc: usize, case: Case) -> impl IntoView {
    let lib = use_library();
    let c = case;
    let terms = |kind: VocabKind, ids: &[String]| {
        ids.iter().map(|id| view! { <li><TermLink kind id=id.clone() /></li> }).collect_view()
    };
    let start = if c.start.is_empty() { c.start_date_in(crate::i18n::lang()) } else { c.start.clone() };
    let when = match (&c.end, c.duration()) {
        (Some(end), Some(d)) => format!("{start} → {end} ({})", fmt_minutes(d)),
        (Some(end), None) => format!("{start} → {end}"),
        (None, Some(d)) => format!("{start} ({})", fmt_minutes(d)),
        (None, None) => start.clone(),
    };
    let related = lib.related.get(doc).cloned().unwrap_or_default();
    let related_view = (!related.is_empty()).then(|| {
        let items = related
            .iter()
            .map(|r| {
                let rc = &lib.cases[r.doc as usize];
                let reasons = r.reasons.iter().map(|x| x.describe_in(&lib.vocabulary, lib.lang)).collect::<Vec<_>>().join(" · ");
                let (href, title) = (href(&format!("/cases/{}", rc.id)), rc.title.clone());
                view! {
                    <li class="related-case">
                        <A href=href>{title}</A>
                        <span class="reasons">{reasons}</span>
                    </li>
                }
            })
            .collect_view();
        view! {
            <section id="related" aria-labelledby="related-h">
                <h2 id="related-h">{t("Related cases", "관련 사례")}</h2>
                <EgoGraph doc />
                <ol class="related-list">{items}</ol>
            </section>
        }
    });
    let rules: Vec<_> = lib.rules_for_cases(&[c.id.as_str()]).into_iter().cloned().collect();
    let rules_view = (!rules.is_empty()).then(|| {
        view! {
            <section id="rules" aria-labelledby="rules-h">
                <h2 id="rules-h">{t("Check your manifests for this", "내 매니페스트에서 확인하기")}</h2>
                <p>{t("These manifest rules come from this incident's lessons:", "이 장애의 교훈에서 나온 매니페스트 규칙:")}</p>
                <RuleLinks rules />
            </section>
        }
    });
    let timeline = (!c.timeline.is_empty()).then(|| {
        let items = c
            .timeline
            .iter()
            .map(|t| view! { <li><span class="at">{t.at.clone()}</span><span class="what">{t.action.clone()}</span></li> })
            .collect_view();
        view! { <section id="timeline"><h2>{t("Timeline", "타임라인")}</h2><ol class="timeline">{items}</ol></section> }
    });
    let follow_ups = (!c.follow_ups.is_empty()).then(|| {
        let items = c
            .follow_ups
            .iter()
            .map(|f| {
                let mut tail = Vec::new();
                if let Some(s) = &f.status {
                    tail.push(s.clone());
                }
                if let Some(d) = &f.due {
                    tail.push(format!("{} {d}", t("due", "기한")));
                }
                let tail = (!tail.is_empty()).then(|| view! { <span class="due">{format!(" ({})", tail.join(", "))}</span> });
                view! { <li>{f.action.clone()}{tail}</li> }
            })
            .collect_view();
        view! { <section id="follow-ups"><h2>{t("Follow-ups", "후속 조치")}</h2><ul>{items}</ul></section> }
    });
    let sources = c
        .sources
        .iter()
        .map(|s| {
            let kind = lib.vocabulary.label(VocabKind::SourceKind, &s.kind).to_string();
            let title = s.title.clone().unwrap_or_else(|| s.url.clone());
            let archive = s.archive_url.clone().map(|a| view! { " · " <a href=a rel="noopener noreferrer">{t("archived copy", "보관된 사본")}</a> });
            let copy = s.copy_url.clone().map(|a| view! { " · " <a href=a rel="noopener noreferrer">{t("read from this copy", "이 사본에서 읽음")}</a> });
            let read = s.read.as_deref().map(|r| {
                let text = if r == "opening" { t("only its opening was read", "앞부분만 읽음") } else { t("read in full", "전체를 읽음") };
                view! { " · " <span class="read">{text}</span> }
            });
            view! { <li><a href=s.url.clone() rel="noopener noreferrer">{title}</a>" "<span class="kind">{format!("({kind})")}</span>{read}{copy}{archive}</li> }
        })
        .collect_view();
    let json_href = format!("/api/cases/{}.json", c.id);
    // A case written from the opening of its sources says so where it is read.
    let opening_only = !c.sources.is_empty() && c.sources.iter().all(|s| s.read_opening_only());
    let opening_note = opening_only.then(|| {
        view! { <p class="notice" id="read-opening">{t("Written from the opening of its sources only: the rest of the write-up could not be read, so this case leaves out whatever it says.", "출처의 앞부분만으로 쓴 사례입니다. 나머지 글은 읽을 수 없었으므로, 그 부분의 내용은 이 사례에 없습니다.")}</p> }
    });
    view! {
        <article class="case" aria-labelledby="case-title">
            <header class="case-header">
                <p class="org">{c.organisation.clone()}</p>
                <h1 id="case-title">{c.title.clone()}</h1>
                <dl class="facts">
                    <dt>{t("When", "시기")}</dt><dd id="case-when">{when}</dd>
                    {c.region.clone().map(|r| view! { <dt>{t("Region", "리전")}</dt><dd>{r}</dd> })}
                    {(!c.platform.is_empty()).then(|| view! { <dt>{t("Platform", "플랫폼")}</dt><dd><ul class="terms">{terms(VocabKind::Platform, &c.platform)}</ul></dd> })}
                    {c.time_to_detect_minutes.map(|m| view! { <dt>{t("Time to detect", "탐지까지 걸린 시간")}</dt><dd>{fmt_minutes(m)}</dd> })}
                    {(!c.aliases.is_empty()).then(|| view! { <dt>{t("Also known as", "다른 이름")}</dt><dd>{c.aliases.join(", ")}</dd> })}
                </dl>
            </header>
            <section id="summary"><h2>{t("Summary", "요약")}</h2><p>{c.summary.clone()}</p></section>
            <section id="impact"><h2>{t("Impact", "영향")}</h2><p>{c.impact.clone()}</p></section>
            <section id="cause">
                <h2>{t("Trigger and cause", "트리거와 원인")}</h2>
                <p>{c.trigger.clone()}</p>
                <p>{t("Cause category: ", "원인 분류: ")} <TermLink kind=VocabKind::Cause id=c.cause.clone() /></p>
            </section>
            <section id="components"><h2>{t("Components", "구성 요소")}</h2><ul class="terms">{terms(VocabKind::Component, &c.components)}</ul></section>
            <section id="symptoms"><h2>{t("Symptoms", "증상")}</h2><ul class="terms">{terms(VocabKind::Symptom, &c.symptoms)}</ul></section>
            {list_section(t("Contributing factors", "기여 요인"), "contributing", &c.contributing_factors)}
            {c.detection.clone().map(|d| view! { <section id="detection"><h2>{t("Detection", "탐지")}</h2><p>{d}</p></section> })}
            {timeline}
            {follow_ups}
            {list_section(t("Lessons", "교훈"), "lessons", &c.lessons)}
            {rules_view}
            <section id="sources"><h2>{t("Sources", "출처")}</h2>{opening_note}<ul>{sources}</ul><p class="checked">{match lang().built() {
                casebook_model::Lang::Ko => format!("출처 확인일 {}.", c.checked),
                casebook_model::Lang::En => format!("Sources checked {}.", c.checked),
            }}" "<a href=json_href>{t("This case as JSON", "이 사례의 JSON")}</a></p></section>
            {related_view}
        </article>
    }
}
