//! Every weight and threshold of the tracker, in one table.

/// Weights (see [`super::identity`]).
pub const W_TEXT: f64 = 2.0;

pub const W_QUALIFIER: f64 = 3.0;

/// Penalty for a group room whose way a qualifier points at something else leads to a room of
/// the same title ([`pointed_ways`]).
pub const W_POINTED: f64 = 1.0;

/// Weight of what the map says of where a group room lies (see [`super::placement`]).
pub const W_PLACEMENT: f64 = 1.0;

pub const W_SAME_WAY: f64 = 6.0;

pub const W_WAY_BACK: f64 = 5.0;

pub const W_CONFLICT: f64 = 2.0;

pub const W_DESC: f64 = 4.0;

pub const W_HERE: f64 = 3.0;

/// Penalty for a room whose description leaves out the way the move arrives by.
pub const W_SILENT: f64 = 2.0;

/// Description similarity from which two descriptions are taken to be one room's.
pub const SAME_DESC: f64 = 0.8;

/// Content words from which a description tells its room from every other (a maze's rooms
/// share a short one).
pub const DISTINCTIVE: usize = 12;

pub const W_LOOP: f64 = 5.0;

/// How far the known room whose earlier texts share a bare title's words must lead the next
/// ([`Tracker::told_by_words`]): half a word shared by every candidate but one.
pub const TOLD_LEAD: f64 = 0.5;

/// Penalty for a candidate on another lattice level than the move reaches.
pub const W_LEVEL: f64 = 3.0;

pub const W_NOVEL: f64 = 1.0;

pub const BREAK_BACK: f64 = 2.0;

pub const BREAK_POSITION: f64 = 3.0;

pub const BREAK_SLOT: f64 = 4.0;

/// Share of a name's words a slot's context must hold to name it outright.
pub const SLOT_CUE: f64 = 0.5;

/// How many known exits the skipped steps of a transcript of moves may have walked.
pub const SKIP_DEPTH: usize = 4;

/// How many moves back [`Tracker::walked_back`] retraces.
pub const WALK_BACK_DEPTH: usize = 3;

/// How far (lattice steps) a move must miss for hindsight to move its start.
pub const HINDSIGHT_MISS: i32 = 1;
