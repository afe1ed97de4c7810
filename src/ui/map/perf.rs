//! Timing marks for the speed checks: `performance.mark("map-drawn")` after each canvas update,
//! `map-shown` at the start of the frame that shows it, and `project-saved` after each save;
//! and the last duration of each stage (snapshot, layout, draw, dom, raster, minimap, save) in
//! `globalThis.maprepairPerf`, which the end-to-end speed scripts read. No-ops off the browser.

/// Milliseconds since navigation (0 off the browser).
pub fn now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// Records how long a stage took since `start`.
pub fn record(stage: &str, start: f64) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsValue;
        let global = js_sys::global();
        let key = JsValue::from_str("maprepairPerf");
        let table = match js_sys::Reflect::get(&global, &key) {
            Ok(t) if t.is_object() => t,
            _ => {
                let t: JsValue = js_sys::Object::new().into();
                let _ = js_sys::Reflect::set(&global, &key, &t);
                t
            }
        };
        let _ = js_sys::Reflect::set(
            &table,
            &JsValue::from_str(stage),
            &JsValue::from_f64(now() - start),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (stage, start);
    }
}

/// Marks that the map was just drawn (`map-drawn`), and when the next frame starts, which
/// shows it (`map-shown`): the browser tests time a map's opening to that frame.
pub fn mark_drawn() {
    mark("map-drawn");
    #[cfg(target_arch = "wasm32")]
    leptos::prelude::request_animation_frame(|| mark("map-shown"));
}

/// Adds a performance mark (`map-drawn`, `project-saved`) the browser tests wait for.
pub fn mark(name: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
            let _ = p.mark(name);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = name;
}
