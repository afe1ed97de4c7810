//! The browser entry point: report panics to the console, then mount the app. Everything else
//! lives in the library (`maprepair::ui`).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(maprepair::ui::App);
}
