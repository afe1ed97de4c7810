//! The LLM tools' module: loaded by the app after its first map is drawn
//! (`maprepair::ui::modules::llm_slot`), which then calls [`mount`]. Everything else lives in the
//! library (`maprepair::ui::llm`).

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    console_error_panic_hook::set_once();
}

/// Draws the LLM panel in `root`, talking to the app through its `port`
/// (`maprepair::ui::modules::bridge::AppPort`).
#[wasm_bindgen]
pub fn mount(root: web_sys::HtmlElement, port: maprepair::ui::modules::bridge::AppPort) {
    maprepair::ui::llm::mount(root, port);
}
