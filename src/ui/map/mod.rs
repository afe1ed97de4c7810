//! The map in the middle of the page: the canvas with its pointer input, its SVG kept in step
//! with the drawing and its raster for big maps seen from afar, the minimap, the toolbar above
//! it, the legend, the route finder, and the timing marks the speed checks read.

#[cfg(target_arch = "wasm32")]
pub mod canvas_dom;
pub mod canvas_input;
pub mod legend;
pub mod map_canvas;
pub mod map_toolbar;
pub mod minimap;
#[cfg(target_arch = "wasm32")]
pub mod painter;
pub mod perf;
pub mod route_finder;
