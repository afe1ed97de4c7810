//! The Learn page: the gallery of lessons and the narration shown above the map during one.

pub mod gallery;
pub mod lesson_panel;
