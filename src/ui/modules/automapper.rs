//! The automapper and the demo games, as the app reaches them.
//!
//! Reading a walkthrough (`crate::domain::automap`) and generating the demo games
//! (`crate::domain::demo`) are a wasm module of their own, `maprepair-automap.js`
//! (`src/automap_main.rs`), so the app's bundle stays small. The app fetches it just after the
//! first map is drawn ([`prefetch`], with the LLM tools), or when the user picks a demo game or
//! opens a walkthrough before that; those wait for it. A failed fetch is tried again, at a new
//! address, on the next request. Results come back as project JSON (lossless).

use crate::domain::formats::Step;
use crate::domain::reading::Reading;
use crate::domain::Project;

/// The demo `id` (one that [`crate::view::catalog::build_here`] does not make) as a project.
///
/// # Errors
/// Why not, in words: the module could not be loaded, or there is no such demo.
pub async fn demo(id: &str) -> Result<Project, String> {
    let text = module::call("build_demo", id, "").await?;
    Project::from_json(&text, id).map_err(|e| e.to_string())
}

/// A MANGO walkthrough file, automapped.
///
/// # Errors
/// Why not, in words: the module could not be loaded, or the file is not a walkthrough (the
/// message names the file, the place and the problem).
pub async fn walkthrough(file: &str, text: &str) -> Result<Project, String> {
    let project = module::call("read_walkthrough", file, text).await?;
    Project::from_json(&project, file).map_err(|e| e.to_string())
}

/// A second reading of a history's transcript (`steps`, from
/// [`crate::domain::reading::transcript_steps`]) with rooms named from `names`, for the
/// solver; `None` when there is nothing to read.
///
/// # Errors
/// Why not, in words: the module could not be loaded, or it could not read what it was sent.
pub async fn reading(steps: &[Step], names: &[String]) -> Result<Option<Reading>, String> {
    let steps = serde_json::to_string(steps).map_err(|e| e.to_string())?;
    let names = serde_json::to_string(names).map_err(|e| e.to_string())?;
    let text = module::call("read_again", &steps, &names).await?;
    serde_json::from_str(&text)
        .map_err(|e| format!("the automapper's reading could not be read back: {e}"))
}

/// Starts fetching the module if nobody has yet.
pub fn prefetch() {
    module::prefetch();
}

#[cfg(target_arch = "wasm32")]
mod module {
    use wasm_bindgen::prelude::wasm_bindgen;
    use wasm_bindgen::JsValue;

    #[wasm_bindgen(module = "/src/ui/modules/modules.js")]
    extern "C" {
        fn automap_prefetch();
        fn automap_call(name: &str, a: &str, b: &str) -> js_sys::Promise;
    }

    pub fn prefetch() {
        automap_prefetch();
    }

    /// Calls the module's `name`, which answers a string or throws one.
    pub async fn call(name: &str, a: &str, b: &str) -> Result<String, String> {
        let words = |e: JsValue| {
            e.as_string()
                .or_else(|| {
                    js_sys::Reflect::get(&e, &JsValue::from_str("message"))
                        .ok()
                        .and_then(|m| m.as_string())
                        .map(|m| format!("the automapper could not be loaded ({m}); try again"))
                })
                .unwrap_or_else(|| "the automapper failed without a reason".to_string())
        };
        let got = wasm_bindgen_futures::JsFuture::from(automap_call(name, a, b))
            .await
            .map_err(words)?;
        got.as_string()
            .ok_or_else(|| "the automapper gave no map".to_string())
    }
}

/// Off the browser there is no module to load.
#[cfg(not(target_arch = "wasm32"))]
mod module {
    pub fn prefetch() {}

    /// Always fails: modules load only in a browser.
    #[allow(clippy::unused_async)]
    pub async fn call(_: &str, _: &str, _: &str) -> Result<String, String> {
        Err("the automapper's module loads only in a browser".to_string())
    }
}
