//! The pure core of maprepair.
//!
//! Rules of this layer: no browser APIs, no Leptos, no clocks, no global random-number
//! generator, no panics on bad input. Time and seeds are parameters; every fallible operation
//! returns a small error enum. Everything here builds and tests natively and for
//! `wasm32-unknown-unknown`.

pub mod direction;
pub mod formats;
pub mod llm;
pub mod pyrandom;
pub mod reference;
pub mod synth;

pub use direction::{Direction, Label, Vector};
