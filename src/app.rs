use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use crate::components::{ErrorView, Footer, Header, Loading};
use crate::data::{load_bundle, Library};
use crate::pages::{About, CasePage, CheckPage, GraphPage, Home, NotFound, RulePage, RulesIndex, TopicPage, TopicsIndex};

/// The app: header, routes (rendered once the bundle has loaded), footer.
#[component]
pub fn App() -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let bundle = LocalResource::new(move || {
        attempt.track();
        load_bundle()
    });
    let loaded = move || bundle.get().and_then(Result::ok);
    let cases = Signal::derive(move || loaded().map(|b: Library| b.cases.len()));
    let built = Signal::derive(move || loaded().map(|b: Library| b.built.clone()));
    let retry = Callback::new(move |()| attempt.update(|n| *n += 1));
    view! {
        <Router>
            <Header />
            <main id="main" tabindex="-1">
                {move || match bundle.get() {
                    None => view! { <Loading /> }.into_any(),
                    Some(Err(message)) => view! { <ErrorView message on_retry=retry /> }.into_any(),
                    Some(Ok(lib)) => {
                        provide_context::<Library>(lib);
                        view! {
                            <Routes fallback=|| view! { <NotFound /> }>
                                <Route path=path!("/") view=Home />
                                <Route path=path!("/cases/:id") view=CasePage />
                                <Route path=path!("/graph") view=GraphPage />
                                <Route path=path!("/topics") view=TopicsIndex />
                                <Route path=path!("/topics/:kind/:term") view=TopicPage />
                                <Route path=path!("/check") view=CheckPage />
                                <Route path=path!("/rules") view=RulesIndex />
                                <Route path=path!("/rules/:id") view=RulePage />
                                <Route path=path!("/about") view=About />
                                <Route path=path!("/debug/panic") view=crate::pages::PanicProbe />
                                <Route path=path!("/debug/bench") view=crate::pages::BenchPage />
                            </Routes>
                        }.into_any()
                    }
                }}
            </main>
            <Footer cases built />
        </Router>
    }
}

