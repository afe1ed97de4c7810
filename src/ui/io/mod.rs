//! Files and storage: opening and dropping files, following a transcript as it grows, exports,
//! named projects and autosave in the browser, and loading a ground truth.

pub mod export_menu;
pub mod files;
pub mod follow;
pub mod import;
#[cfg(target_arch = "wasm32")]
pub mod png;
pub mod projects_menu;
pub mod storage;
pub mod truth_panel;
