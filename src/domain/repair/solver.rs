//! The consensus repair solver: uses all the evidence the history holds to choose a cheap set
//! of edits that leaves the map consistent while keeping what the text supports.
//!
//! Evidence per exit: observed or only inferred; how often the history walked it; when it was
//! first seen (version and step); when its commit carries the observation text, whether that
//! text confirms it (the arrival title names the destination, or only its same-titled group),
//! names another direction for the move, or arrives somewhere else; and which other observed
//! exits contradict it ([`super::contradiction`]: one doorway one destination, one way in, the
//! way back leads back); and, when the history carries a transcript, what a second reader of that
//! transcript found ([`super::reading`]). Passes, one edit per decision:
//!
//! 0. **The second reading** ([`solve_with`] only): every observed exit whose text the second
//!    reading read, and which it lacks although it knows one of its rooms, is relabelled when
//!    the reading joins the same two rooms another way; moved to start in another room when
//!    the reading read that very step as the same move from there (the model lost track of the
//!    player: the text skipped the steps that took them there) and that room's doorway is
//!    free; otherwise removed. Two readers rarely make the same mistake; what they agree on
//!    stays.
//! 1. **Refuted exits**: an exit implicated in a conflict whose text arrives in another known
//!    room is removed; one whose text moved in another direction is relabelled (if that doorway
//!    is free).
//! 2. **The odd one out**: an exit that contradicts two or more others, each contradicted less
//!    than it is, is removed.
//! 3. **One against one**: of two exits that contradict only each other, the one a later move
//!    shows started somewhere else (a skipped step) is removed: see [`Solver`]'s `one_to_one`.
//! 4. **Directional conflicts**: of the exits sharing one doorway, the best supported stays and
//!    the weakest other goes; a pair that does not come back the opposite way is relabelled
//!    when the text says how, otherwise kept but marked non-geometric (a maze twist).
//! 5. **Geometric conflicts**: loops that do not close and overlapping rooms are dissolved by
//!    marking exits non-geometric (a long corridor, a teleport: the map stretches rather than
//!    breaks, as Inform's layout does), greedily choosing the exit that removes the most
//!    conflicts per unit of evidence it carries. Nothing is removed in this pass, so no correct
//!    exit is lost to geometry.
//!
//! The repair loop asks for a decision only while a conflict is open, so passes 2 and 3 come
//! first, while the map still has conflicts; [`solve`] also runs them once none is left (an
//! in/out pair, say, contradicts without a conflict). The solver stops when no edit lowers the
//! conflict count.
//!
//! Afterwards, [`fill_in`] (opt-in: `--fill` on the command line, on by default in the app)
//! adds the ways the second reading read between two rooms of the map that the map lacks,
//! where the text titles both rooms on that walk and adding it opens no conflict. On the demo
//! games as an LLM built them it takes recall after the solver from 0.817 to 0.963 (station),
//! 0.910 to 1.000 (keep) and 0.910 to 0.970 (caves), precision unchanged or higher; on the 42
//! MANGO maps with the list reading, 9 ways added, recall 0.851 → 0.863, precision 0.972.
//!
//! On the 42 conflict-bearing LLM-built MANGO maps (`bench mango --strategy solver`, each map's
//! history one commit per cleaned step as the model read them): with a second reading naming
//! rooms from the game's location list (the inputs the model had), 149 conflicts → 0, edge
//! precision 0.797 → 0.972, recall 0.815 → 0.851 (34 wrong exits set right, 193 removed), 2
//! ground-truth-correct exits lost; naming rooms from the map's own names (`--reading map`,
//! what the app does; exits touching rooms that share a title are then not judged, see
//! [`crate::domain::reading::Names::Map`]), 149 → 0, precision 0.905, recall 0.838, 5 lost (judging
//! those too, measured with an earlier automapper: 0.924 / 0.833, 15 lost); without a reading ([`solve`]), 149 → 0, precision
//! 0.864, recall 0.811, 5 lost.
//! Passes 2 and 3 were chosen and measured on those same maps.
//!
//! # What the text cannot tell
//! On the 42 conflict-bearing LLM-built MANGO maps, 142 of the 177 wrong records agree with
//! their step's action and arrival title: the model took a move to start where the previous
//! kept step left the player, and the cleaning had dropped the step that moved the player.
//! Without a second reading such an exit is only found when another exit contradicts it; the
//! second reader follows the player through every step and places most of those starts
//! elsewhere. What both readers get wrong (a restart nothing in the kept text tells) stays.

use super::contradiction::{contradictions_by_rule, others, Contradiction};
pub use super::evidence::{gather, judge_text, Evidence, TextVerdict};
use super::evidence::{gather_with, unknown, TextVerdicts};
use super::flatten::best_flattening;
use super::passes::{
    duplicate_decision, flatten_decision, mismatch_decision, odd_better, odd_count,
    odd_one_out_decision, one_to_one_for, refute,
};
use super::reading::{unmapped, ReadVerdict, ReadingIndex};
use super::solver_state::{run_kept, SolverState};
use super::{
    run_with, Action, Budget, Decider, Decision, DecisionContext, Logged, Pending, RepairReport,
    RepairSession,
};
use crate::domain::analysis::{Analysis, ConflictKind, ConflictType, Counts};
use crate::domain::direction::Label;
use crate::domain::draft::Draft;
use crate::domain::history::History;
use crate::domain::map::{ExitId, Map, Origin, RoomId};
use crate::domain::progress::{self, Progress, Stage};
use crate::domain::reading::{transcript_steps, Reading};
use serde::{Deserialize, Serialize};

/// The solver decider. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Solver {
    evidence: Vec<Option<Evidence>>,
    /// The observed exits each exit contradicts, by exit id.
    against: Vec<Vec<ExitId>>,
    /// The same with the rule each pair breaks.
    rules: Vec<Vec<Contradiction>>,
    versions_seen: usize,
    /// Text verdicts read so far (repairs never touch rooms, so most stay valid).
    verdicts: TextVerdicts,
}

impl Solver {
    /// A new solver.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The solver's budget: it edits until nothing helps, one edit per decision, with no
    /// per-conflict attempt limit (it never retries an edit) and no rollbacks.
    pub fn budget() -> Budget {
        Budget {
            decisions: 100_000,
            attempts_per_conflict: usize::MAX,
            rollbacks_per_conflict: 0,
        }
    }

    fn evidence(&self, e: ExitId) -> Evidence {
        self.evidence
            .get(e.0 as usize)
            .cloned()
            .flatten()
            .unwrap_or_else(unknown)
    }

    fn refuted(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        // Only exits some conflict implicates: text that disagrees with a consistent exit is
        // as likely to be a naming quirk as an error.
        let implicated: rustc_hash::FxHashSet<ExitId> =
            ctx.analysis.all_candidates(ctx.map).into_iter().collect();
        for e in map.exits().filter(|e| implicated.contains(&e.id)) {
            let ev = self.evidence(e.id);
            if let Some(d) = refute(map, e, &ev) {
                return Some(d);
            }
        }
        None
    }

    /// Reads the evidence again if the history grew since it was last read.
    fn refresh(&mut self, history: &History) {
        if self.evidence.is_empty() || self.versions_seen != history.len() {
            // Evidence is read from the history; repairs only ever remove or relabel exits, so
            // reading it again after each commit keeps it current. A text verdict read before
            // stands unless a commit since changed a room.
            let new = history
                .commits()
                .get(self.versions_seen..)
                .unwrap_or_default();
            let rooms_changed = new.iter().any(|c| {
                !(c.change.added_rooms.is_empty()
                    && c.change.removed_rooms.is_empty()
                    && c.change.updated_rooms.is_empty())
            });
            if rooms_changed || history.len() < self.versions_seen {
                self.verdicts = TextVerdicts::default();
            }
            self.rules = contradictions_by_rule(history.head());
            self.evidence = gather_with(history, &self.rules, &mut self.verdicts);
            self.against = self.rules.iter().map(|list| others(list)).collect();
            self.versions_seen = history.len();
        }
    }

    fn contradicted_by(&self, e: ExitId) -> &[ExitId] {
        self.against.get(e.0 as usize).map_or(&[], Vec::as_slice)
    }

    /// The odd one out: an observed exit that contradicts at least two others, each of which
    /// is contradicted less than it is. Of several, the most contradicted, then the weakest.
    fn odd_one_out(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        let mut best: Option<(usize, f64, ExitId)> = None;
        for e in map.exits().filter(|e| e.origin == Origin::Observed) {
            let Some(n) = odd_count(self.contradicted_by(e.id), |x| {
                self.contradicted_by(x).len()
            }) else {
                continue;
            };
            let w = self.evidence(e.id).weight();
            if odd_better(best, n, w, e.id) {
                best = Some((n, w, e.id));
            }
        }
        let (n, _, exit) = best?;
        odd_one_out_decision(map, exit, n)
    }

    /// Two exits that contradict each other and nothing else: which one started somewhere
    /// else. Every move's start is where the previous step left the player, which is wrong
    /// when the transcript skipped a step; a later move tells which:
    ///
    /// * **the way back from the end** — a later move went back the opposite way from this
    ///   exit's end and arrived elsewhere, either right after this move or naming the room it
    ///   arrived in: this move started there, so this exit is spurious;
    /// * **the way back into the start** — a later move arrived in this exit's start the
    ///   opposite way from another room, while this exit's own text names where it arrived:
    ///   the later move is the one that started somewhere else;
    /// * **the way in** — a later move entered this exit's end the same way from another room:
    ///   the later one is a re-walk of the known way in, and this one started elsewhere;
    /// * **the better-named arrival** — otherwise, when the later move back is not the very next
    ///   one and its text names where it arrived less firmly than this exit's text does
    ///   (a bare title against the room's name, nothing against a title), the later one started
    ///   somewhere else.
    ///
    /// On the 42 conflict-bearing LLM-built MANGO maps these rules, measured pair by pair before
    /// any repair, are right 16 times in 17 (the very next move), 10 in 10 (a later move naming
    /// its room), 6 in 6 (the way back into the start), 12 in 13 (the way in, all pairs) and 1
    /// in 1 (the better-named arrival).
    fn one_to_one(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        for e in map.exits().filter(|e| e.origin == Origin::Observed) {
            let [only] = self
                .rules
                .get(e.id.0 as usize)
                .map_or(&[][..], Vec::as_slice)
            else {
                continue;
            };
            if self.contradicted_by(only.other) != [e.id] {
                continue;
            }
            let Some(other) = map.exit(only.other) else {
                continue;
            };
            let (mine, theirs) = (self.evidence(e.id), self.evidence(other.id));
            if let Some(d) = one_to_one_for(map, e, only, other, &mine, &theirs) {
                return Some(d);
            }
        }
        None
    }

    fn directional(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        for c in &ctx.analysis.conflicts {
            match &c.kind {
                ConflictKind::DuplicateLabel { label, .. } => {
                    return duplicate_decision(map, label, &c.exits, |e| self.evidence(e));
                }
                ConflictKind::ReverseMismatch { .. } => return mismatch_decision(map, &c.exits),
                _ => {}
            }
        }
        None
    }

    fn geometric(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        let before = ctx.analysis.conflicts.len();
        let geometric_conflicts = ctx
            .analysis
            .conflicts
            .iter()
            .filter(|c| c.ctype == ConflictType::Topological)
            .count();
        if geometric_conflicts == 0 {
            return None;
        }
        let (exit, after) = best_flattening(map, ctx.analysis, |e| self.evidence(e).weight())?;
        Some(flatten_decision(exit, before - after, &self.evidence(exit)))
    }
}

impl Decider for Solver {
    fn decide(&mut self, ctx: &DecisionContext<'_>) -> Decision {
        self.refresh(ctx.history);
        self.refuted(ctx)
            .or_else(|| self.odd_one_out(ctx))
            .or_else(|| self.one_to_one(ctx))
            .or_else(|| self.directional(ctx))
            .or_else(|| self.geometric(ctx))
            .unwrap_or(Decision {
                action: Action::Stop,
                reason: "no edit lowers the conflict count".into(),
            })
    }
}

/// What the second reading did in a [`solve_with`] run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadingUse {
    /// Observed exits the reading could judge (their text read, a room of theirs on its map).
    pub judged: usize,
    /// Of those, the ones it has (or has the way back of).
    pub supported: usize,
    /// Exits removed because the reading lacks them.
    pub removed: usize,
    /// Exits relabelled to the way the reading read.
    pub relabelled: usize,
    /// Exits moved to start where the reading read their move starting.
    pub moved: usize,
    /// True when the reading's map has fewer than half of the map's rooms: it is not a reading
    /// of this map (its names are not the map's), so it was set aside and nothing was edited.
    pub set_aside: bool,
}

/// The second-reading pass: every observed exit that the reading judged and lacks is removed
/// (relabelled, when the reading joins the same two rooms another way and that doorway is
/// free), one commit each, oldest exit first. A reading whose map has fewer than half of the
/// map's rooms is not a reading of this map and is set aside.
fn second_reading(history: &mut History, reading: &Reading) -> (Vec<Logged>, ReadingUse) {
    let index = ReadingIndex::new(reading, history.head());
    let evidence = gather(history);
    let map = history.head();
    let mut used = ReadingUse::default();
    let mut plan: Vec<(ExitId, ReadVerdict, u32)> = Vec::new();
    for e in map.exits().filter(|e| e.origin == Origin::Observed) {
        let Some(ev) = evidence.get(e.id.0 as usize).and_then(Option::as_ref) else {
            continue;
        };
        let verdict = index.judge(map, e, ev.step);
        match verdict {
            ReadVerdict::NotRead => continue,
            ReadVerdict::Supports => used.supported += 1,
            ReadVerdict::Relabels(_) | ReadVerdict::StartsElsewhere(_) | ReadVerdict::Lacks => {
                plan.push((e.id, verdict, ev.step));
            }
        }
        used.judged += 1;
    }
    if index.set_aside_for(map) {
        used.set_aside = true;
        return (Vec::new(), used);
    }
    let mut session = RepairSession::new(Solver::budget());
    // These edits answer no conflict: the analysis only fills the session's bookkeeping.
    let analysis = Analysis::of(map);
    for (exit, verdict, step) in plan {
        let map = history.head();
        let Some(e) = map.exit(exit) else { continue };
        let name = |r| room_name(map, r);
        let what = way_text(map, e.from, &e.label, e.to);
        let action = match &verdict {
            ReadVerdict::Relabels(label)
                if !map
                    .exits_from(e.from)
                    .any(|x| x.id != e.id && x.label == *label) =>
            {
                Action::ModifyEdge {
                    exit,
                    to: label.clone(),
                }
            }
            ReadVerdict::StartsElsewhere(start) => {
                match map.rooms_named(start).find(|r| r.canonical == *start) {
                    Some(r) if !map.exits_from(r.id).any(|x| x.label == e.label) => {
                        Action::MoveStart { exit, from: r.id }
                    }
                    _ => Action::RemoveEdge { exit },
                }
            }
            _ => Action::RemoveEdge { exit },
        };
        let reason = match &action {
            Action::ModifyEdge { to, .. } => format!(
                "the transcript read again offline joins these rooms {to}, not {}: {what} (step {step}) relabelled",
                e.label
            ),
            Action::MoveStart { from, .. } => format!(
                "the transcript read again offline starts the move of step {step} in {}: {what} now starts there (the steps that took the player there were skipped)",
                name(*from)
            ),
            _ => format!(
                "the transcript read again offline has no such way: {what} (step {step}) is not what the text shows, removed"
            ),
        };
        let pending = Pending::unprompted(analysis.clone(), history.usage());
        let kind = action.clone();
        if session
            .apply(history, &pending, Decision { action, reason })
            .is_some()
        {
            match kind {
                Action::ModifyEdge { .. } => used.relabelled += 1,
                Action::MoveStart { .. } => used.moved += 1,
                _ => used.removed += 1,
            }
        }
    }
    (session.log, used)
}

/// A room's name on `map` (empty if it has none there).
fn room_name(map: &Map, r: RoomId) -> String {
    map.room(r).map_or_else(String::new, |x| x.name.clone())
}

/// "kitchen --north--> yard", as the solver's reasons write a way.
fn way_text(map: &Map, from: RoomId, label: &Label, to: RoomId) -> String {
    format!(
        "{} --{label}--> {}",
        room_name(map, from),
        room_name(map, to)
    )
}

/// What [`fill_in`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filled {
    /// Ways the reading read between rooms of the map that the map lacked.
    pub gaps: usize,
    /// Of those, the ones added (each a commit).
    pub added: usize,
    /// Of those, the ones left out because adding them would open a conflict.
    pub held_back: usize,
    /// True when the reading was set aside (as in [`ReadingUse::set_aside`]).
    pub set_aside: bool,
}

/// Adds the ways a second reading of the transcript read that the map lacks (a move its
/// builder missed; see [`unmapped`]), oldest step first, one commit each with its way back
/// inferred where that doorway is free. A way that would open a conflict is held back: the
/// map disagrees with it, and the solver has already weighed the map's side. Run after
/// [`solve_with`], it only adds; a reading whose map has fewer than half of the map's rooms
/// is set aside, as there.
///
/// # Complexity
/// One conflict analysis per gap: O(G · A) for G gaps and an analysis of cost A.
pub fn fill_in(history: &mut History, reading: &Reading) -> (Vec<Logged>, Filled) {
    let mut filled = Filled::default();
    let map = history.head();
    let index = ReadingIndex::new(reading, map);
    if index.set_aside_for(map) {
        filled.set_aside = true;
        return (Vec::new(), filled);
    }
    let gaps = unmapped(reading, &index, map, &transcript_steps(history));
    filled.gaps = gaps.len();
    let mut session = RepairSession::new(Solver::budget());
    // These edits answer no conflict: the analysis only fills the session's bookkeeping.
    let bookkeeping = Analysis::of(map);
    let mut open = bookkeeping.counts().total;
    for gap in gaps {
        let map = history.head();
        // An earlier addition's way back may have taken the doorway since.
        if map.exits_from(gap.from).any(|e| e.label == gap.label) {
            continue;
        }
        let mut draft = Draft::new(map);
        draft.exit(gap.from, gap.to, gap.label.clone(), true);
        let mut trial = map.clone();
        if draft.finish().apply(&mut trial).is_err() {
            continue;
        }
        let analysis = Analysis::of(&trial);
        if analysis.counts().total > open {
            filled.held_back += 1;
            continue;
        }
        let reason = format!(
            "the transcript read again offline shows a way the map lacks: {} (step {}), added",
            way_text(map, gap.from, &gap.label, gap.to),
            gap.step
        );
        let pending = Pending::unprompted(bookkeeping.clone(), history.usage());
        let action = Action::AddEdge {
            from: gap.from,
            label: gap.label,
            to: gap.to,
        };
        if session
            .apply(history, &pending, Decision { action, reason })
            .is_some()
        {
            filled.added += 1;
            open = analysis.counts().total;
        }
    }
    (session.log, filled)
}

/// [`solve_with`], then, when `fill` is set and there is a reading, [`fill_in`], its edits
/// appended to the report's: the solver as the app and the command line run it.
pub fn solve_and_fill(
    history: &mut History,
    reading: Option<&Reading>,
    fill: bool,
) -> (RepairReport, Option<ReadingUse>, Option<Filled>) {
    solve_and_fill_with(history, reading, fill, &mut progress::ignore)
}

/// [`solve_and_fill`], telling `progress` how far the solver got: the conflicts closed by its
/// repair loop ([`Stage::Repairing`]), then the exits weighed against the rest of the map
/// ([`Stage::Weighing`]: edits so far of at most one per exit).
pub fn solve_and_fill_with(
    history: &mut History,
    reading: Option<&Reading>,
    fill: bool,
    progress: &mut dyn FnMut(Progress),
) -> (RepairReport, Option<ReadingUse>, Option<Filled>) {
    let (mut report, used) = solve_with_progress(history, reading, progress);
    let filled = reading.filter(|_| fill).map(|r| {
        let (log, filled) = fill_in(history, r);
        report.actions.extend(log);
        report.after = Analysis::of(history.head()).counts();
        filled
    });
    (report, used, filled)
}

/// [`solve_with`] without a second reading.
pub fn solve(history: &mut History) -> RepairReport {
    solve_with(history, None).0
}

/// Runs the solver to the end on `history`: the repair loop; then, since the loop asks for a
/// decision only while a conflict is open, the contradiction passes (the odd one out, one
/// against one) on what they still find once none is; then the loop again if those edits
/// opened a conflict. Every edit is a commit, as in [`run`].
///
/// With a [`Reading`] of the history's transcript, the second-reading pass runs first.
///
/// The solver keeps its figures across its decisions ([`SolverState`]); [`solve_afresh`]
/// makes the same edits analysing the map afresh at every decision.
///
/// # Complexity
/// Per decision, what it touches: the rooms and exits it changes, the smaller side of any cut
/// it moves, and the sides of the tree exits whose flattening that changes.
pub fn solve_with(
    history: &mut History,
    reading: Option<&Reading>,
) -> (RepairReport, Option<ReadingUse>) {
    solve_with_progress(history, reading, &mut progress::ignore)
}

/// [`solve_with`], telling `progress` how far it got (see [`solve_and_fill_with`]).
fn solve_with_progress(
    history: &mut History,
    reading: Option<&Reading>,
    progress: &mut dyn FnMut(Progress),
) -> (RepairReport, Option<ReadingUse>) {
    solve_by::<Kept>(history, reading, progress)
}

/// [`solve_with`] analysing the map afresh at every decision ([`Solver`] driven by [`run`]):
/// the slow truth the kept solver is tested against.
///
/// # Complexity
/// Each decision analyses the whole map: O(E) and more per decision.
pub fn solve_afresh(
    history: &mut History,
    reading: Option<&Reading>,
) -> (RepairReport, Option<ReadingUse>) {
    solve_by::<Afresh>(history, reading, &mut progress::ignore)
}

/// How a whole solve drives the solver's passes.
trait Engine {
    fn start(history: &History) -> Self;
    /// The repair loop to its end, telling `progress` of the conflicts it closes; the log.
    fn run(&mut self, history: &mut History, progress: &mut dyn FnMut(Progress)) -> Vec<Logged>;
    /// The first open conflict's id (empty for none) and the contradiction passes' edit.
    fn contradiction(&mut self, history: &History) -> (String, Option<Decision>);
    /// Conflict counts on the head map.
    fn counts(&mut self, history: &History) -> Counts;
}

/// The solver keeping its figures.
struct Kept(SolverState);

impl Engine for Kept {
    fn start(history: &History) -> Kept {
        Kept(SolverState::new(history))
    }

    fn run(&mut self, history: &mut History, progress: &mut dyn FnMut(Progress)) -> Vec<Logged> {
        run_kept(history, &mut self.0, Solver::budget(), progress)
    }

    fn contradiction(&mut self, history: &History) -> (String, Option<Decision>) {
        self.0.sync(history);
        let map = history.head();
        let first = self
            .0
            .tracker()
            .first(&Default::default())
            .unwrap_or_default();
        let edit = self.0.odd_one_out(map).or_else(|| self.0.one_to_one(map));
        (first, edit)
    }

    fn counts(&mut self, history: &History) -> Counts {
        self.0.sync(history);
        self.0.counts()
    }
}

/// The solver analysing afresh.
struct Afresh(Solver);

impl Engine for Afresh {
    fn start(_: &History) -> Afresh {
        Afresh(Solver::new())
    }

    fn run(&mut self, history: &mut History, progress: &mut dyn FnMut(Progress)) -> Vec<Logged> {
        run_with(history, &mut self.0, Solver::budget(), progress).actions
    }

    fn contradiction(&mut self, history: &History) -> (String, Option<Decision>) {
        self.0.refresh(history);
        let pending = Pending::unprompted(Analysis::of(history.head()), history.usage());
        let ctx = pending.context(history);
        let edit = self.0.odd_one_out(&ctx).or_else(|| self.0.one_to_one(&ctx));
        (pending.conflict_id().to_string(), edit)
    }

    fn counts(&mut self, history: &History) -> Counts {
        Analysis::of(history.head()).counts()
    }
}

fn solve_by<E: Engine>(
    history: &mut History,
    reading: Option<&Reading>,
    progress: &mut dyn FnMut(Progress),
) -> (RepairReport, Option<ReadingUse>) {
    let before = Analysis::of(history.head()).counts();
    let mut actions = Vec::new();
    let used = reading.map(|r| {
        let (log, used) = second_reading(history, r);
        actions.extend(log);
        used
    });
    let mut engine = E::start(history);
    actions.extend(engine.run(history, progress));
    let mut session = RepairSession::new(Solver::budget());
    let bound = history.head().exit_bound();
    for edits in 0..bound {
        progress(Progress {
            stage: Stage::Weighing,
            done: edits,
            total: bound,
        });
        let (conflict, edit) = engine.contradiction(history);
        let Some(decision) = edit else {
            break;
        };
        if session
            .apply_for(history, &conflict, false, decision)
            .is_none()
        {
            break;
        }
    }
    actions.extend(session.log);
    if engine.counts(history).total > 0 {
        actions.extend(engine.run(history, progress));
    }
    (
        RepairReport {
            before,
            after: engine.counts(history),
            actions,
        },
        used,
    )
}
