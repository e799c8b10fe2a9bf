//! Casebook in the browser: a thin Leptos shell over the core crates.

mod app;
mod components;
mod data;
mod pages;
mod panic;

fn main() {
    panic::install_hook();
    leptos::mount::mount_to_body(app::App);
}
