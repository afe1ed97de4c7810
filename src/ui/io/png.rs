//! PNG export: the exported SVG drawn onto a canvas (scaled down when very large) and offered
//! as a download once the browser has decoded it.

use crate::ui::AppState;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The largest PNG side, in pixels.
const MAX_SIDE: f64 = 8_000.0;

/// Renders `svg` to a PNG file called `name` and offers it; problems go to the notice bar.
pub fn export_png(state: AppState, svg: &str, name: &str) {
    if let Err(e) = start(state, svg, name) {
        state.tell(format!("PNG export failed: {e}"), true);
    }
}

fn start(state: AppState, svg: &str, name: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let img = web_sys::HtmlImageElement::new().map_err(|_| "no image")?;
    let encoded = js_sys::encode_uri_component(svg);
    let url = format!("data:image/svg+xml;charset=utf-8,{encoded}");
    let (image, file) = (img.clone(), name.to_string());
    let onload = Closure::once(move || {
        let result = (|| -> Result<(), String> {
            let (w, h) = (
                f64::from(image.natural_width()),
                f64::from(image.natural_height()),
            );
            let scale = (MAX_SIDE / w.max(h).max(1.0)).min(2.0);
            let canvas: web_sys::HtmlCanvasElement = document
                .create_element("canvas")
                .map_err(|_| "no canvas")?
                .dyn_into()
                .map_err(|_| "no canvas")?;
            canvas.set_width((w * scale) as u32);
            canvas.set_height((h * scale) as u32);
            let ctx: web_sys::CanvasRenderingContext2d = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .ok_or("no 2d context")?
                .dyn_into()
                .map_err(|_| "no 2d context")?;
            ctx.scale(scale, scale).map_err(|_| "cannot scale")?;
            ctx.draw_image_with_html_image_element(&image, 0.0, 0.0)
                .map_err(|_| "cannot draw")?;
            let data = canvas
                .to_data_url_with_type("image/png")
                .map_err(|_| "cannot encode PNG")?;
            crate::ui::io::files::download_url(&file, &data)
        })();
        if let Err(e) = result {
            state.tell(format!("PNG export failed: {e}"), true);
        }
    });
    img.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    img.set_src(&url);
    Ok(())
}
