//! The version history as the user steps through it: the timeline with its clock and keys, the
//! conflict track above it, and the shown commit.

pub mod commit_detail;
pub mod conflict_track;
pub mod keys;
pub mod playback;
pub mod timeline;
