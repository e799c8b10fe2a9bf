//! Casebook in the browser: a thin Leptos shell over the core crates.
//!
//! The library form exists so that components can be mounted and tested in a
//! real browser with wasm-bindgen-test (`tests/web.rs`); `main.rs` only starts
//! the app.

mod app;
pub mod components;
pub mod data;
pub mod i18n;
mod pages;
pub mod panic;

pub use app::App;

/// Starts the app: installs the panic hook and mounts to `<body>`. (Reviews
/// run in their own wasm, `crates/review-worker`.)
pub fn start() {
    panic::install_hook();
    leptos::mount::mount_to_body(App);
}
