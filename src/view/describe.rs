//! Words for what the app shows: exits, conflicts, conflict types and commit triggers. Pure.

use crate::domain::analysis::{Conflict, ConflictKind, ConflictType};
use crate::domain::direction::offset_words;
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use crate::domain::Trigger;

/// A room's name, or `#id` when it is not on the map.
pub fn room_name(map: &Map, room: RoomId) -> String {
    map.room(room)
        .map_or_else(|| format!("#{}", room.0), |r| r.name.clone())
}

/// "Hall —north→ Library", with "(assumed way back)" for an inferred exit and "(not geometric)"
/// for one that no longer places rooms (a long corridor, a maze twist).
pub fn exit_text(map: &Map, exit: ExitId) -> String {
    map.exit(exit)
        .map_or_else(|| format!("exit #{}", exit.0), |e| exit_line(map, e))
}

/// [`exit_text`] for an exit at hand, which need not be on `map` (one a commit removed): its
/// rooms are named from `map`.
pub fn exit_line(map: &Map, e: &Exit) -> String {
    let assumed = if e.origin == Origin::InferredReverse {
        " (assumed way back)"
    } else {
        ""
    };
    let loose = if e.geometric { "" } else { " (not geometric)" };
    format!(
        "{} —{}→ {}{assumed}{loose}",
        room_name(map, e.from),
        e.label,
        room_name(map, e.to)
    )
}

/// A one-line title for a conflict.
pub fn conflict_title(map: &Map, c: &Conflict) -> String {
    let names = |rooms: &[RoomId]| {
        rooms
            .iter()
            .map(|r| room_name(map, *r))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    match &c.kind {
        ConflictKind::DuplicateLabel { room, label } => {
            format!(
                "{}: two ways {label} lead to different rooms",
                room_name(map, *room)
            )
        }
        ConflictKind::ReverseMismatch { a, b } => format!(
            "{} and {}: the way there and the way back disagree",
            room_name(map, *a),
            room_name(map, *b)
        ),
        ConflictKind::Loop { exit, error } => format!(
            "A loop does not close at {} (it misses by {})",
            exit_text(map, *exit),
            offset_words(*error)
        ),
        ConflictKind::Overlap { .. } => format!("{} land on one spot", names(&c.rooms)),
        ConflictKind::NameCollision { canonical } => {
            format!("{} rooms are called “{canonical}”", c.rooms.len())
        }
    }
}

/// What a conflict type means, in one sentence.
pub fn type_explainer(t: ConflictType) -> &'static str {
    match t {
        ConflictType::Naming => {
            "Two places share one name (or one place got two): the map cannot tell them apart."
        }
        ConflictType::Directional => {
            "One doorway leads to two places, or the way there and the way back disagree."
        }
        ConflictType::Topological => {
            "The map does not fit on a grid: a loop does not close, or two rooms land on one spot."
        }
    }
}

/// A conflict type's display name.
pub fn type_name(t: ConflictType) -> &'static str {
    match t {
        ConflictType::Naming => "Naming",
        ConflictType::Directional => "Directional",
        ConflictType::Topological => "Topological",
    }
}

/// A trigger's display name.
pub fn trigger_name(t: Trigger) -> &'static str {
    match t {
        Trigger::Init => "start",
        Trigger::Observation => "observation",
        Trigger::ConflictRepair => "repair",
        Trigger::UserEdit => "your edit",
    }
}
