//! Paints the map for the painted view as [`crate::view::detail::plan`] decides: a small map
//! whole in the SVG (repainted only when the drawing changes), a big map's part in view in the
//! SVG at a readable zoom, or rasterised onto the `<canvas>` under it from afar. Browser only.

use crate::ui::map::canvas_dom::CanvasDom;
use crate::view::camera::Camera;
use crate::view::detail::{cull, plan, Plan, Surface};
use crate::view::drawing::Drawing;
use crate::view::raster::paint;
use std::sync::Arc;
use wasm_bindgen::{Clamped, JsCast};

/// The raster covers the painted view grown this many times around its centre (half a screen
/// beyond each edge; its element's footprint in `style/main.css`, `.map-raster`, matches). The
/// SVG's three screens a side would make the bitmap 9 screens big, and in headless Chromium a
/// 100,000-room map then panned at 23 frames/s: the compositor moves every pixel each frame.
const RASTER_MARGIN: f64 = 2.0;

/// What was painted last.
struct Painted {
    drawing: Arc<Drawing>,
    view: Camera,
    viewport: (f64, f64),
    plan: Plan,
}

/// The map's two surfaces and what they show.
pub struct Painter {
    dom: CanvasDom,
    raster: web_sys::HtmlCanvasElement,
    last: Option<Painted>,
}

impl Painter {
    /// Takes over the SVG (writing its skeleton) and puts the raster canvas under it.
    pub fn mount(svg: &web_sys::Element) -> Option<Painter> {
        let raster = canvas()?;
        raster.set_class_name("map-raster");
        let _ = raster.set_attribute("aria-hidden", "true");
        svg.parent_node()?.insert_before(&raster, Some(svg)).ok()?;
        Some(Painter {
            dom: CanvasDom::mount(svg)?,
            raster,
            last: None,
        })
    }

    /// Paints `d` for view `view` in an element of `viewport` pixels, unless that is what it
    /// shows already. Answers the plan when it painted.
    pub fn paint(&mut self, d: &Arc<Drawing>, view: Camera, viewport: (f64, f64)) -> Option<Plan> {
        let plan = plan(d, &view, viewport);
        let same = self.last.as_ref().is_some_and(|l| {
            Arc::ptr_eq(&l.drawing, d)
                && l.plan == plan
                && (plan.surface == Surface::Whole || (l.view == view && l.viewport == viewport))
        });
        if same {
            return None;
        }
        let was_raster = self
            .last
            .as_ref()
            .is_some_and(|l| l.plan.surface == Surface::Raster);
        match plan.surface {
            Surface::Whole => self.dom.update(d),
            Surface::Culled => self.dom.update(&Arc::new(cull(d, &view.margin()))),
            Surface::Raster => {
                self.dom.update(&Arc::new(Drawing::default()));
                self.rasterise(d, view.around(RASTER_MARGIN), viewport, plan);
            }
        }
        if was_raster && plan.surface != Surface::Raster {
            // A zero-sized canvas holds no pixels.
            self.raster.set_width(0);
            self.raster.set_height(0);
        }
        self.last = Some(Painted {
            drawing: Arc::clone(d),
            view,
            viewport,
            plan,
        });
        Some(plan)
    }

    /// Draws the selected room's ring over whatever is painted ([`CanvasDom::select`]).
    pub fn select(&mut self, markup: String) {
        self.dom.select(markup);
    }

    /// Rasterises `d` as `view` (the painted view with its margin) sees it onto the canvas.
    fn rasterise(&self, d: &Drawing, view: Camera, viewport: (f64, f64), plan: Plan) {
        let (w, h) = (
            (viewport.0 * RASTER_MARGIN).round().max(1.0) as usize,
            (viewport.1 * RASTER_MARGIN).round().max(1.0) as usize,
        );
        let t = crate::ui::map::perf::now();
        let r = paint(d, &view, w, h, plan.detail);
        put(&self.raster, &r);
        crate::ui::map::perf::record("raster", t);
    }
}

/// A new `<canvas>` element.
pub fn canvas() -> Option<web_sys::HtmlCanvasElement> {
    web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()
}

/// Puts a bitmap onto a canvas (resized to it).
pub fn put(canvas: &web_sys::HtmlCanvasElement, r: &crate::view::raster::Raster) {
    canvas.set_width(r.width as u32);
    canvas.set_height(r.height as u32);
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    if let Ok(img) = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&r.pixels),
        r.width as u32,
        r.height as u32,
    ) {
        let _ = ctx.put_image_data(&img, 0.0, 0.0);
    }
}
