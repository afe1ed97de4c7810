//! maprepair: turn text into a map of places and compass links, find where the map contradicts
//! itself, trace each contradiction to the link that caused it, and repair it with a full
//! version history.
//!
//! [`domain`] is the pure core (map model, history, conflicts, localization, scoring, repair,
//! parsing, layout, LLM protocol); [`view`] computes what the app shows (drawing, SVG, words,
//! lessons), also pure. `ui` (behind the default `ui` feature) is the Leptos app that
//! owns every side effect.

pub mod domain;
pub mod view;

#[cfg(feature = "ui")]
pub mod ui;
