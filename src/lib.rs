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
pub mod worker;

pub use app::App;

/// Starts the app: installs the panic hook and mounts to `<body>`. In the
/// review worker, which loads this same module, it serves reviews instead.
pub fn start() {
    if worker::in_worker() {
        worker::serve();
        return;
    }
    panic::install_hook();
    leptos::mount::mount_to_body(App);
}
