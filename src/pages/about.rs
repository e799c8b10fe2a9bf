use leptos::prelude::*;

use crate::data::use_library;
use crate::i18n::t;

/// About Casebook: what it is, the facts rule, privacy.
#[component]
pub(crate) fn About() -> impl IntoView {
    super::set_title(t("About", "소개"));
    let lib = use_library();
    if crate::i18n::lang().built() == casebook_model::Lang::Ko {
        return view! {
            <article class="prose">
                <h1>"Casebook 소개"</h1>
                <p>{format!("Casebook은 공개된 인프라 장애 {}건 — 클라우드와 Kubernetes 장애 — 을 그 운영자가 보고한 그대로 모은 라이브러리입니다. 각 사례는 1차 출처를 읽고 우리말로 다시 썼습니다.", lib.cases.len())}</p>
                <h2>"사실 규칙"</h2>
                <p>"사례의 모든 사실은 우리가 읽은 출처, 곧 포스트모템, 상태 페이지, 엔지니어링 블로그에서 나옵니다. 각 사례는 출처와 출처를 확인한 날짜를 적습니다. 출처가 값(예: 탐지까지 걸린 시간)을 주지 않으면 그 필드는 비워 두며, 절대 추정하지 않습니다."</p>
                <h2>"번역"</h2>
                <p>"한국어 사례는 Casebook의 영어 본문을 번역한 것입니다. 번역은 사실을 더하거나 빼지 않으며, 모든 숫자, 시각, 날짜, 버전, 식별자가 영어 본문과 같은지 테스트로 확인합니다."</p>
                <h2>"개인 정보"</h2>
                <p>"검색, 사례 페이지, 매니페스트 검사는 모두 브라우저 안의 WebAssembly에서 실행됩니다. 붙여 넣은 내용은 어디로도 보내지지 않습니다."</p>
                <h2>"명령줄에서도 같은 엔진"</h2>
                <p><code>"casebook"</code> " 명령은 같은 검색, 관련 사례, 매니페스트 규칙을 실행하며, CI용 JSON과 SARIF 출력을 제공합니다(" <code>"--lang ko"</code> ")."</p>
            </article>
        }.into_any();
    }
    view! {
        <article class="prose">
            <h1>"About Casebook"</h1>
            <p>{format!("Casebook is a library of {} public infrastructure incidents — cloud and Kubernetes outages — as their owners reported them, written in our own words from the primary sources.", lib.cases.len())}</p>
            <h2>"The facts rule"</h2>
            <p>"Every fact in a case comes from a source we read: the postmortem, the status page or an engineering blog. Each case lists its sources and the date they were checked. When a source does not give a value, such as a time to detect, the field stays empty; we never estimate."</p>
            <h2>"Privacy"</h2>
            <p>"Search, case pages and manifest checks run entirely in your browser, in WebAssembly. Nothing you paste is sent anywhere."</p>
            <h2>"The same engine on the command line"</h2>
            <p>"The " <code>"casebook"</code> " command runs the same search, relations and manifest rules, with JSON and SARIF output for CI."</p>
        </article>
    }.into_any()
}
