//! Starts Casebook in the browser.

fn main() {
    casebook_app::start();
}
