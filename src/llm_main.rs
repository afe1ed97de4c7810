//! The LLM tools' module: loaded by the app after its first map is drawn
//! (`maprepair::ui::modules::llm_slot`), which then calls [`mount`]. Everything else lives in the
//! library (`maprepair::ui::llm`).

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    console_error_panic_hook::set_once();
}

/// Draws the LLM panel in `root`, talking to the app through `bridge`.
#[wasm_bindgen]
pub fn mount(root: web_sys::HtmlElement, bridge: wasm_bindgen::JsValue) {
    maprepair::ui::llm::mount(root, bridge);
}
