//! The conflicts of the shown version: the summary, the grouped list, and the inspector with a
//! conflict's localization and ranked candidates, or a room's exits and conflicts.

pub mod candidate_item;
pub mod conflict_detail;
pub mod conflict_list;
pub mod conflict_summary;
pub mod inspector;
pub mod room_detail;
