//! The solver with its figures kept across its decisions: the same decisions as
//! [`super::solver::Solver`], which analyses the map afresh at every one. Detection, evidence and
//! usage cost what a decision touches; a judged flattening that a decision touched is patched
//! over the cells the decision moved and the crossing exits it changed
//! ([`crate::domain::analysis::side_patch`]) rather than judged again over its whole side, and a
//! side the move left apart only over the changed cells it read. Still judged in full: every tree
//! exit's first judgement, the sides inside a moved region, those holding a move larger than
//! themselves, those whose shift or owner changed and the cuts on the loop a replacement closed;
//! their sum grows faster than the map on a lattice, because the sides nest. On the 50,000-room
//! lattice below (3,424 decisions) the rooms judged in full are 16.2 million: first judgements
//! 3.4 M, sides inside the move 5.0 M, owners found again 2.7 M (a cut each; seven in ten then
//! agree with the lattice and are not judged), shifts changed 2.0 M, cuts on the loop 1.5 M,
//! sides holding a larger move 1.2 M. At 100,000 rooms (7,250 decisions) they are 45 million:
//! 9.4 M, 14.8 M, 7.3 M, 4.5 M, 2.9 M and 4.8 M, about 2.8 times as many for twice the rooms.
//! Every judged side is also registered on the blocks of cells its rooms leave and enter
//! ([`crate::domain::analysis::registry::BLOCK_SHIFT`]; on each cell before, a fifth of the
//! time at 50,000 rooms, a twelfth now).
//!
//! Lattices with 2 % of their directions wrong (`bench files`' lattice), CPU time, 100,000
//! rooms: main at `a048ca9` 27.0 s, after the changes below 17.3 s (`fast` builds, interleaved,
//! load 5.6, 2026-11-27); 890 MB either way. The changes: a judged side counts each cell once
//! with three look-ups a room ([`crate::domain::analysis::side_judge`]); an overlap of rooms in
//! no explained pair skips the pairs, and loops are flags per exit
//! ([`ConflictTracker`]); a cut searches only its smaller side, known from the subtree sizes
//! the forest keeps; each room's exits in the forest sit inline
//! ([`crate::domain::analysis::room_lists`]); a registration skips the blocks it just
//! registered. Profile of the 50,000-room run after them (`perf`, `fast` build): judging sides
//! 14 %, cuts 7 %, sorting 8 %, registrations 8 %, patches over changed cells 5 %, the allocator
//! about 9 %. Since then the sides inside a moved region are followed in its own coordinates
//! ([`crate::domain::analysis::side_carry`]): at 100,000 rooms their 14.8 M rooms are walked
//! once to be registered where they now stand but no longer judged, and the region's rim (2.6 M
//! moved rooms walked to find it, 0.64 M rim cells looked at) is what is read instead; the rooms
//! judged in full fall from 45 M to 30 M. The time barely moved (`fast`, interleaved, load
//! 5–6: main 13.7 and 12.9 s, this 13.1 and 12.7 s): those judgements were cheap per room (a
//! cell that holds one room is passed with three look-ups). What grows now is the patches of
//! the sides holding a move, over every cell the move changed (`overlap_change`, a tenth of the
//! time at 50,000 rooms); they are now patched over the same rim. Release build against main's
//! `fast` at load 1–1.5, 100,000 rooms: 13.0 and 13.6 s → 12.2 and 12.5 s (`fast` against
//! `fast`: 13.3 → 12.8 s). Since then the tracker keeps the changed cells in block order
//! ([`crate::domain::analysis::registry::block_order`]), hands them to
//! [`crate::domain::analysis::side_patch::Moved`] when no pair flipped, and the sides on their
//! blocks are found without sorting them again (`fast` against `fast`, 100,000 rooms, load
//! 3.3–3.5: 13.0 → 12.4 s); a move's rim is found with six look-ups a moved room and its blocks
//! from those same cells (about 2 %, at the edge of the noise). Release build against main's
//! `fast`, interleaved, load 3.5–4.8: 50,000 rooms 6.39 and 6.41 s → 5.23 and 5.50 s, 100,000
//! rooms 18.3 and 18.2 s → 13.95 and 13.93 s. Left, each a tenth of the time or less (`perf`,
//! 50,000 rooms): first judgements (9 %), finding the rims once per shift (5 %), cuts to find
//! owners again (5 %), registrations (6 %, a carried side's subtree still walked to register
//! it) and the allocator. Of the sides carried through a move, 99.5 % are found again by a
//! later change before they are judged anew (100,000 rooms: 75,048 of 75,886, 14.68 M of their
//! 14.75 M rooms), so registering them lazily would spare almost no walk; the walk now
//! registers as it goes (no vector of cells), a move's rooms are a bit per room id, and the
//! exits a patch reads again are looked up in the sorted changed ones (instructions executed
//! at 20,000 rooms, cachegrind: 6.61 G → 6.37 G, 3.6 % fewer).
//!
//! Why the judging is not lazy (a side judged only when a bound says it could win): on these
//! lattices every weight is 1 and the best gain is exactly 1 in two decisions of three (606 of
//! 897 at 20,000 rooms), so the tie rule (of equal gains the later exit) needs every exit whose
//! flattening resolves one conflict, and a bound must prove that a side resolves none. Half the
//! judged sides lower the count (8,370 of 16,301), and the big ones stand on many overlapping
//! cells: bounding a side by its mismatch, its cut's loops and the overlapping cells it stands
//! on (only a cell a room leaves can stop overlapping) spared 3,946 small sides (267,000 rooms)
//! of 20,000 judgements while the cuts to bound them again grew by more (measured and
//! dropped). A bound that spares the big sides needs their overlaps without walking them:
//! counts kept over a dynamic Euler tour of the forest (as
//! [`crate::domain::analysis::FlattenBound`] keeps them over a static one), which would also
//! find a new owner without a cut.

//! Per decision the fresh solver detects every conflict, reads every contradiction and all the
//! history's evidence again, and judges every flattening near the top of its bound: on a
//! 10,000-room lattice with 2 % of its directions wrong that is 611 decisions at about 40 ms,
//! most of it (82 %) judging flattenings whose figures had not changed. Here each commit the
//! loop makes is taken in by
//! - the [`ConflictTracker`]: conflicts in detection order and the forest they rest on, changed
//!   where the commit changed them (the smaller side of a cut, the rooms and exits it names);
//! - the [`Ledger`]: usage, contradictions and evidence, changed for the exits sharing a room
//!   and a label with those the commit changed;
//! - the [`FlattenGains`]: every flattening that would lower the count, kept through the
//!   flattenings of the geometric pass and rebuilt after any other edit.
//!
//! Pass 1 (text that refutes an implicated exit) still localizes every conflict, but only when
//! some exit's text refutes it. The property tests in `tests/solver_props.rs` check that this
//! solver's edits, reasons and reports equal the fresh one's on random histories.

use super::evidence::Evidence;
use super::ledger::Ledger;
use super::passes::{
    duplicate_decision, flatten_decision, mismatch_decision, odd_better, odd_one_out_decision,
    one_to_one_for, refute,
};
use super::{Action, Budget, Decision, Logged, RepairSession};
use crate::domain::analysis::{Analysis, ConflictTracker, Counts, Directional, FlattenGains};
use crate::domain::history::History;
use crate::domain::map::{ExitId, Map};
use crate::domain::progress::{Progress, Stage};
use rustc_hash::FxHashSet;

/// See the module docs.
#[derive(Debug, Clone)]
pub struct SolverState {
    tracker: ConflictTracker,
    ledger: Ledger,
    gains: FlattenGains,
    seen: usize,
}

impl SolverState {
    /// The state of a history's head.
    pub fn new(history: &History) -> SolverState {
        SolverState {
            tracker: ConflictTracker::of(history.head()),
            ledger: Ledger::of(history),
            gains: FlattenGains::new(),
            seen: history.len(),
        }
    }

    /// The conflicts as they stand.
    pub fn tracker(&self) -> &ConflictTracker {
        &self.tracker
    }

    /// Counts by type.
    pub fn counts(&self) -> Counts {
        self.tracker.counts()
    }

    /// Takes in the commits made since the last call (one commit is taken in incrementally;
    /// anything else builds the state again).
    pub fn sync(&mut self, history: &History) {
        match history.commits().get(self.seen..) {
            Some([]) => {}
            Some([c]) => {
                let map = history.head();
                let fx = self.tracker.apply(map, &c.change);
                let changed = self.ledger.sync(history);
                let ledger = &self.ledger;
                let weight = |e: ExitId| ledger.weight(e);
                self.gains
                    .observe(map, &self.tracker, &c.change, &fx, &weight);
                match changed {
                    Some(list) => self.gains.reweigh(&list, &weight),
                    None => self.gains.clear(),
                }
                self.seen += 1;
            }
            _ => *self = SolverState::new(history),
        }
    }

    /// The solver's decision on the head map (after [`SolverState::sync`]).
    pub fn decide(&mut self, history: &History) -> Decision {
        let map = history.head();
        self.refuted(map)
            .or_else(|| self.odd_one_out(map))
            .or_else(|| self.one_to_one(map))
            .or_else(|| self.directional(map))
            .or_else(|| self.geometric(map))
            .unwrap_or(Decision {
                action: Action::Stop,
                reason: "no edit lowers the conflict count".into(),
            })
    }

    fn evidence(&self, e: ExitId) -> Evidence {
        self.ledger.evidence(e)
    }

    /// Pass 1: only when some exit's text refutes it are the conflicts localized.
    fn refuted(&self, map: &Map) -> Option<Decision> {
        self.ledger.refuting().next()?;
        let implicated: FxHashSet<ExitId> =
            Analysis::of(map).all_candidates(map).into_iter().collect();
        self.ledger
            .refuting()
            .filter(|e| implicated.contains(e))
            .filter_map(|e| map.exit(e))
            .find_map(|e| refute(map, e, &self.evidence(e.id)))
    }

    /// Pass 2 over the odd ones out.
    pub(super) fn odd_one_out(&self, map: &Map) -> Option<Decision> {
        let mut best: Option<(usize, f64, ExitId)> = None;
        for e in self.ledger.odd() {
            let (n, w) = (self.ledger.against(e).len(), self.ledger.weight(e));
            if odd_better(best, n, w, e) {
                best = Some((n, w, e));
            }
        }
        let (n, _, exit) = best?;
        odd_one_out_decision(map, exit, n)
    }

    /// Pass 3 over the exits that contradict only each other.
    pub(super) fn one_to_one(&self, map: &Map) -> Option<Decision> {
        self.ledger.pairs().find_map(|id| {
            let e = map.exit(id)?;
            let [only] = self.ledger.rules(id) else {
                return None;
            };
            let other = map.exit(only.other)?;
            one_to_one_for(
                map,
                e,
                only,
                other,
                &self.evidence(id),
                &self.evidence(other.id),
            )
        })
    }

    fn directional(&self, map: &Map) -> Option<Decision> {
        match self.tracker.first_directional(map)? {
            Directional::Duplicate { label, exits, .. } => {
                duplicate_decision(map, &label, &exits, |e| self.evidence(e))
            }
            Directional::Mismatch { exits, .. } => mismatch_decision(map, &exits),
        }
    }

    fn geometric(&mut self, map: &Map) -> Option<Decision> {
        let counts = self.tracker.counts();
        if counts.topology == 0 {
            return None;
        }
        let ledger = &self.ledger;
        let weight = |e: ExitId| ledger.weight(e);
        let (exit, delta) = self.gains.best(map, &self.tracker, &weight)?;
        let after = usize::try_from(counts.total as i64 + delta).unwrap_or(0);
        let resolved = counts.total.checked_sub(after).filter(|r| *r > 0)?;
        Some(flatten_decision(exit, resolved, &self.evidence(exit)))
    }
}

/// The repair loop driven by the kept state: what [`super::run`] does with a
/// [`super::solver::Solver`], decision for decision.
pub fn run_kept(
    history: &mut History,
    state: &mut SolverState,
    budget: Budget,
    progress: &mut dyn FnMut(Progress),
) -> Vec<Logged> {
    let mut session = RepairSession::new(budget);
    state.sync(history);
    let open_at_start = state.counts().total;
    loop {
        if session.out_of_budget() {
            break;
        }
        state.sync(history);
        let Some(target) = session.target(&state.tracker) else {
            break;
        };
        progress(Progress {
            stage: Stage::Repairing,
            done: open_at_start.saturating_sub(state.counts().total),
            total: open_at_start,
        });
        let decision = state.decide(history);
        session.apply_for(history, &target.conflict, target.rollback_allowed, decision);
    }
    state.sync(history);
    session.log
}
