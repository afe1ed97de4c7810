//! What the app shows, computed without a browser: the camera, the drawing of a map and its SVG
//! text, the level of detail and culling of big maps with their raster and minimap, the words
//! for exits and conflicts, the snapshot of one version, the map against its ground truth, the
//! built-in demo and the demo gallery's catalog, the Learn lessons, the lines of a repair log,
//! and a read text's hard wraps joined for a narrow panel.
//!
//! Pure like [`crate::domain`] (it builds and tests with `--no-default-features`); the Leptos app
//! ([`crate::ui`], behind the `ui` feature) renders what these compute.

pub mod camera;
pub mod catalog;
pub mod demo;
pub mod describe;
pub mod detail;
pub mod drawing;
pub mod lessons;
pub mod log_line;
pub mod minimap;
pub mod raster;
pub mod reflow;
pub mod snapshot;
pub mod svg;
pub mod truth;
