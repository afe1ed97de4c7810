//! The automapper's module: builds the demo games and automaps walkthroughs when the app asks
//! (`maprepair::ui::automapper`). Pure computing: no page, no state; projects go back as JSON.

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    console_error_panic_hook::set_once();
}

/// The demo `id` as project JSON.
///
/// # Errors
/// There is no such demo.
#[wasm_bindgen]
pub fn build_demo(id: &str, _: &str) -> Result<String, String> {
    maprepair::ui::catalog::build(id)
        .map(|p| p.to_json())
        .ok_or_else(|| format!("there is no demo “{id}”"))
}

/// The walkthrough `text` of `file`, automapped, as project JSON.
///
/// # Errors
/// The file's problem, naming the file and the place.
#[wasm_bindgen]
pub fn read_walkthrough(file: &str, text: &str) -> Result<String, String> {
    maprepair::ui::files::read_import(file, text)
        .map(|p| p.to_json())
        .map_err(|e| e.to_string())
}
