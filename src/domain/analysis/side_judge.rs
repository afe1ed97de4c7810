//! Judging the flattening of one tree exit on its cut's smaller side, as
//! [`super::TrialJudge`] judges it, for [`super::FlattenGains`]: the change of its pair's
//! mismatch, of the loops across its cut and of the overlaps as its side moves, and what the
//! judgement read (so that it is judged again, or patched, only when that changes).

use super::forest::{Cell, Cut, Marks};
use super::side_patch::Side;
use super::tracker::{mismatched, ConflictTracker};
use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{ExitId, Map, RoomId};

/// Frame given to rooms judged to leave their frame.
const DETACHED: u32 = u32::MAX - 1;

/// A judged tree exit: its figures, and what patching them needs.
#[derive(Debug, Clone)]
pub struct Judged {
    pub generation: u32,
    /// Footprint registrations.
    pub size: usize,
    /// The rooms of its side.
    pub rooms: usize,
    /// The change of the count (its pair's mismatch, the loops across the cut, the overlaps).
    pub delta: i64,
    /// The overlaps' part of it.
    pub overlaps: i64,
    /// The oldest crossing exit, which the side moves to fit.
    pub link: Option<(ExitId, bool)>,
    /// The exits crossing the cut.
    pub crossing: Vec<(ExitId, bool)>,
    /// `None` when its side leaves the frame (never patched).
    pub side: Option<Side>,
}

/// What a judged side depends on, and the judgement's scratch: kept between judgements so
/// that judging allocates only while its buffers grow.
#[derive(Debug, Clone, Default)]
pub struct Footprint {
    pub cells: Vec<Cell>,
    pub exits: Vec<ExitId>,
    now: Vec<RoomId>,
}

/// How the overlap on a cell holding `here` changes when the side's rooms leave it and those
/// of the side on `source` (the cell the shift brings onto it) arrive; `now` is scratch.
fn change_on(
    tracker: &ConflictTracker,
    here: &[RoomId],
    source: &[RoomId],
    inside: &dyn Fn(RoomId) -> bool,
    now: &mut Vec<RoomId>,
) -> i64 {
    let before = tracker.overlapping(here);
    let stay = here.iter().filter(|x| !inside(**x)).count();
    let arrive = source.iter().filter(|x| inside(**x)).count();
    let after = stay + arrive >= 2 && {
        now.clear();
        now.extend(here.iter().copied().filter(|x| !inside(*x)));
        now.extend(source.iter().copied().filter(|x| inside(*x)));
        tracker.overlapping(now)
    };
    i64::from(after) - i64::from(before)
}

/// How flattening `x` changes its pair's reverse mismatch.
pub fn mismatch_change(map: &Map, x: ExitId) -> i64 {
    let Some(e) = map.exit(x) else { return 0 };
    if e.from == e.to {
        return 0;
    }
    i64::from(mismatched(map, e.from, e.to, Some(x)))
        - i64::from(mismatched(map, e.from, e.to, None))
}

/// The delta of flattening tree exit `e` whose owner `r` agrees with the lattice: nothing
/// moves; an exit sharing rooms with `e` stops being its way back, one sharing rooms with `r`
/// becomes `r`'s.
pub fn still_delta(map: &Map, tracker: &ConflictTracker, e: ExitId, r: ExitId) -> i64 {
    let forest = tracker.forest();
    let (Some((ea, eb, _)), Some((ra, rb, _))) = (forest.part(e), forest.part(r)) else {
        return mismatch_change(map, e);
    };
    let mut seen: Vec<ExitId> = Vec::new();
    let mut delta = mismatch_change(map, e);
    for (a, b) in [(ea, eb), (ra, rb)] {
        for x in map.exits_between(a, b).chain(map.exits_between(b, a)) {
            if x.id == r || x.id == e || seen.contains(&x.id) || forest.is_tree(x.id) {
                continue;
            }
            seen.push(x.id);
            let Some((xa, xb, _)) = forest.part(x.id) else {
                continue;
            };
            let bent = forest.error(x.id).is_some_and(|v| v != [0, 0, 0]);
            let is = bent && !(ra == xb && rb == xa);
            delta += i64::from(is) - i64::from(tracker.is_loop(x.id));
        }
    }
    delta
}

/// Judges flattening tree exit `e` on its cut's smaller side (as the trial judge does); what
/// that judgement read is left in `foot`.
pub fn judge(
    map: &Map,
    tracker: &ConflictTracker,
    e: ExitId,
    cut: Cut,
    marks: &Marks,
    foot: &mut Footprint,
) -> (Judged, Vec<RoomId>) {
    let forest = tracker.forest();
    let inside = |r: RoomId| marks.has(r, cut.stamp);
    let link = cut.oldest();
    let shift: Option<Vector> = link.map(|(r, start_in)| forest.shift_to_fit(r, start_in));
    foot.cells.clear();
    foot.exits.clear();
    foot.cells.reserve(2 * cut.side.len() + cut.crossing.len());
    foot.exits.push(e);
    let mismatch = mismatch_change(map, e);
    around(map, e, &mut foot.exits);
    // Loops across the cut.
    for &(x, start_in) in &cut.crossing {
        foot.exits.push(x);
        if let Some((xa, xb, _)) = forest.part(x) {
            foot.cells
                .extend(forest.cell(if start_in { xb } else { xa }));
        }
    }
    let loops = loop_change(tracker, &cut.crossing, link, shift);
    // Overlaps: the side moves (or leaves the frame) unless its owner already agrees.
    let frame = forest.frame_of(cut.far).unwrap_or(DETACHED);
    let target = |r: RoomId| -> Cell {
        match shift {
            Some(s) => (frame, add(forest.position(r), s)),
            None => (DETACHED, forest.position(r)),
        }
    };
    let moves = shift != Some([0, 0, 0]);
    let mut overlaps = 0i64;
    let mut now = std::mem::take(&mut foot.now);
    for &r in &cut.side {
        let Some(from) = forest.cell(r) else { continue };
        foot.cells.push(from);
        if !moves {
            continue;
        }
        let to = target(r);
        if to.0 != DETACHED {
            foot.cells.push(to);
        }
        // Each cell the side leaves once, by its first room on the side.
        let here = forest.rooms_at(&from);
        if here.iter().find(|x| inside(**x)) != Some(&r) {
            continue;
        }
        let there = forest.rooms_at(&to);
        let source: &[RoomId] = match shift {
            Some(s) => forest.rooms_at(&(from.0, sub(from.1, s))),
            None => &[],
        };
        // A cell can change only when the rooms leaving it or those arriving on it share
        // their cell or join rooms off the side (the rooms of one cell move as one).
        let stirs = |left: &[RoomId], reached: &[RoomId]| {
            left.iter().any(|x| inside(*x))
                && (left.len() >= 2 || reached.iter().any(|x| !inside(*x)))
        };
        let leaving = stirs(here, there);
        if leaving || stirs(source, here) {
            overlaps += change_on(tracker, here, source, &inside, &mut now);
        }
        // The cell reached, unless the side leaves it too (then it is counted as such).
        if leaving && !there.iter().any(|x| inside(*x)) {
            overlaps += change_on(tracker, there, here, &inside, &mut now);
        }
    }
    foot.now = now;
    // A footprint may name a cell or an exit twice (rooms sharing a cell, an exit seen from
    // both ends): `classify` registers it once, so the footprint is not sorted (sorting every
    // judged side cost a fifth of the solver's time on a 10,000-room lattice).
    let judged = Judged {
        generation: 0,
        size: 0,
        rooms: cut.side.len(),
        delta: mismatch + loops + overlaps,
        overlaps,
        link,
        crossing: cut.crossing,
        side: shift.map(|shift| Side {
            near: cut.near,
            frame,
            shift,
        }),
    };
    (judged, cut.side)
}

/// How flattening a tree exit changes the loops of the exits crossing its cut, when its side
/// moves by `shift` to fit `link` (the oldest crossing exit).
pub fn loop_change(
    tracker: &ConflictTracker,
    crossing: &[(ExitId, bool)],
    link: Option<(ExitId, bool)>,
    shift: Option<Vector>,
) -> i64 {
    let forest = tracker.forest();
    let link_ends = link.and_then(|(r, _)| forest.part(r));
    let mut delta = 0;
    for &(x, start_in) in crossing {
        let was = tracker.is_loop(x);
        let is = match (link, shift, link_ends, forest.part(x)) {
            (Some((r, _)), _, _, _) if r == x => false,
            (Some(_), Some(s), Some((ra, rb, _)), Some((xa, xb, _))) => {
                let err = forest.error(x).unwrap_or([0, 0, 0]);
                let moved = if start_in { add(err, s) } else { sub(err, s) };
                moved != [0, 0, 0] && !(ra == xb && rb == xa)
            }
            _ => false,
        };
        delta += i64::from(is) - i64::from(was);
    }
    delta
}

/// Of the exits that changed (`changed`, sorted, each once), those the judgement of `e` with
/// these crossing exits reads, in order, added to `out`: each exit it reads looked up in
/// `changed` (a move changes many exits, a side is crossed by many: the pairs of them were most
/// of this).
pub fn read_again(
    map: &Map,
    e: ExitId,
    changed: &[ExitId],
    crossing: &[(ExitId, bool)],
    out: &mut Vec<ExitId>,
) {
    let from = out.len();
    read_exits(map, e, crossing, out);
    let mut kept = from;
    for i in from..out.len() {
        let y = out[i];
        if changed.binary_search(&y).is_ok() {
            out[kept] = y;
            kept += 1;
        }
    }
    out.truncate(kept);
    out[from..].sort_unstable();
    let mut n = from;
    for i in from..out.len() {
        if n == from || out[n - 1] != out[i] {
            out[n] = out[i];
            n += 1;
        }
    }
    out.truncate(n);
}

/// Every exit the judgement of `e` with these crossing exits reads, added to `out`: `e`, those
/// between its rooms, the crossing ones.
pub fn read_exits(map: &Map, e: ExitId, crossing: &[(ExitId, bool)], out: &mut Vec<ExitId>) {
    out.push(e);
    around(map, e, out);
    out.extend(crossing.iter().map(|(x, _)| *x));
}

/// The exits between a tree exit's rooms, either way (its pair's mismatch reads them), added
/// to `out`.
fn around(map: &Map, e: ExitId, out: &mut Vec<ExitId>) {
    if let Some(x) = map.exit(e) {
        out.extend(
            map.exits_between(x.from, x.to)
                .chain(map.exits_between(x.to, x.from))
                .map(|y| y.id),
        );
    }
}
