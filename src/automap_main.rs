//! The automapper's module: builds the demo games and automaps walkthroughs when the app asks
//! (`maprepair::ui::modules::automapper`). Pure computing: no page, no state; projects go back as JSON.

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
    maprepair::view::catalog::build(id)
        .map(|p| p.to_json())
        .ok_or_else(|| format!("there is no demo “{id}”"))
}

/// The walkthrough `text` of `file`, automapped, as project JSON.
///
/// # Errors
/// The file's problem, naming the file and the place.
#[wasm_bindgen]
pub fn read_walkthrough(file: &str, text: &str) -> Result<String, String> {
    maprepair::domain::import::read_import(file, text)
        .map(|p| p.to_json())
        .map_err(|e| e.to_string())
}

/// A second reading of a history's transcript for the solver: `steps` (JSON, the steps the
/// history's commits carry) read again with room names from `names` (a JSON array of the
/// map's own names), as the reading's JSON, or `null` when there is nothing to read.
///
/// # Errors
/// The arguments are not the JSON the app sends.
#[wasm_bindgen]
pub fn read_again(steps: &str, names: &str) -> Result<String, String> {
    let steps: Vec<maprepair::domain::formats::Step> = serde_json::from_str(steps)
        .map_err(|e| format!("the transcript could not be read: {e}"))?;
    let names: Vec<String> = serde_json::from_str(names)
        .map_err(|e| format!("the room names could not be read: {e}"))?;
    let reading = maprepair::domain::automap::reread::read_steps(
        &steps,
        &names,
        maprepair::domain::reading::Names::Map,
    );
    serde_json::to_string(&reading).map_err(|e| e.to_string())
}
