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

use super::contradiction::{contradictions_by_rule, others, Contradiction, Rule};
use super::flatten::best_flattening;
use super::reading::{unmapped, ReadVerdict, ReadingIndex};
use super::{
    run_with, Action, Budget, Decider, Decision, DecisionContext, Logged, Pending, RepairReport,
    RepairSession,
};
use crate::domain::analysis::{Analysis, ConflictKind, ConflictType};
use crate::domain::direction::{Direction, Label};
use crate::domain::draft::Draft;
use crate::domain::history::{History, Trigger};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use crate::domain::names::{canonical_name, title_key, without_qualifier};
use crate::domain::progress::{self, Progress, Stage};
use crate::domain::reading::{transcript_steps, Reading};
use serde::{Deserialize, Serialize};

/// What each contradiction with another observed exit takes off an exit's evidence.
const CONTRADICTION_COST: f64 = 0.5;

/// What the observation text says about an exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextVerdict {
    /// No text, or nothing recognisable in it.
    Unknown,
    /// The text arrives in the exit's destination.
    Confirms,
    /// The text's title is the destination's without its qualifier ("Hallway" for "hallway
    /// (east end)"): it fits this room and every other of that title, naming none of them.
    FitsTitle,
    /// The text's move was in another direction.
    OtherDirection(Direction),
    /// The text arrives in another known room.
    ArrivesElsewhere(String),
}

/// The evidence for one exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// Observed (true) or only inferred.
    pub observed: bool,
    /// Times the history walked it.
    pub walked: u32,
    /// The version that first added it.
    pub first_seen: u32,
    /// The step of the text that observed it (the version's step).
    pub step: u32,
    /// What its observation text says.
    pub text: TextVerdict,
    /// How many other observed exits its claim contradicts (see [`super::contradiction`]).
    pub contradicted: u32,
}

impl Evidence {
    /// How much it would cost to give this exit up: more for observed, walked, confirmed exits.
    pub fn weight(&self) -> f64 {
        let base = if self.observed { 1.0 } else { 0.25 };
        let text = match self.text {
            TextVerdict::Confirms => 1.0,
            TextVerdict::Unknown | TextVerdict::FitsTitle => 0.0,
            TextVerdict::OtherDirection(_) | TextVerdict::ArrivesElsewhere(_) => -0.75,
        };
        base + text + 0.5 * f64::from(self.walked.saturating_sub(1))
            - CONTRADICTION_COST * f64::from(self.contradicted)
    }
}

/// Reads an observation (`> action` line optional, then the game's text whose first line is the
/// room title) against an exit.
pub fn judge_text(map: &Map, exit: &Exit, observation: &str) -> TextVerdict {
    let mut lines = observation.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next() else {
        return TextVerdict::Unknown;
    };
    let (action, title) = match first.strip_prefix('>') {
        Some(a) => (Some(a.trim()), lines.next()),
        None => (None, Some(first)),
    };
    if let (Some(a), Some(d)) = (action.and_then(Direction::parse), exit.label.direction()) {
        if a != d {
            return TextVerdict::OtherDirection(a);
        }
    }
    let Some(title) = title else {
        return TextVerdict::Unknown;
    };
    // The title as a name: decorations ("<< Closet >>") off, then canonical.
    let key = canonical_name(&title_key(title));
    let Some(dst) = map.room(exit.to) else {
        return TextVerdict::Unknown;
    };
    // A same-titled room's name carries a qualifier the title does not ("Shore Road" for
    // "shore road (east end of east/west road)"): the title fits every room of its group.
    // It confirms neither this room nor another of the group.
    let group = |name: &str| canonical_name(without_qualifier(&title_key(name)));
    let names_dst = dst.canonical == key || dst.aliases.iter().any(|a| canonical_name(a) == key);
    if names_dst {
        return TextVerdict::Confirms;
    }
    if group(&dst.name) == group(&key) {
        return TextVerdict::FitsTitle;
    }
    match map
        .rooms_named(&key)
        .find(|r| r.id != exit.to && r.id != exit.from)
    {
        Some(other) if other.canonical == key => TextVerdict::ArrivesElsewhere(other.name.clone()),
        _ => TextVerdict::Unknown,
    }
}

/// Gathers the evidence for every exit of the head map (indexed by exit id). The text is read
/// from the commit that first added the exit *as observed* (an inferred way back that was later
/// walked takes the walking commit's text); repair commits are not evidence.
pub fn gather(history: &History) -> Vec<Option<Evidence>> {
    let against = contradictions_by_rule(history.head());
    gather_with(history, &against, &mut TextVerdicts::default())
}

/// Text verdicts already read, by exit id: the exit as it was judged (start, end, label), the
/// commit whose text judged it, and the verdict. Valid while the map's rooms stay as they were
/// ([`judge_text`] reads the exit, the text and the rooms' names, nothing else).
#[derive(Debug, Clone, Default)]
struct TextVerdicts(rustc_hash::FxHashMap<ExitId, (RoomId, RoomId, Label, u32, TextVerdict)>);

/// [`gather`] with the map's contradictions already found and the verdicts read before.
fn gather_with(
    history: &History,
    against: &[Vec<Contradiction>],
    verdicts: &mut TextVerdicts,
) -> Vec<Option<Evidence>> {
    let map = history.head();
    let usage = history.usage();
    let mut out: Vec<Option<Evidence>> = vec![None; map.exit_bound()];
    let mut judged = vec![false; map.exit_bound()];
    for c in history.commits() {
        for e in &c.change.added_exits {
            let Some(current) = map.exit(e.id) else {
                continue;
            };
            let i = e.id.0 as usize;
            let slot = out[i].get_or_insert_with(|| Evidence {
                observed: current.origin == Origin::Observed,
                walked: usage.get(i).copied().unwrap_or(1),
                first_seen: c.id,
                step: c.step,
                text: TextVerdict::Unknown,
                contradicted: against
                    .get(i)
                    .map_or(0, |v| u32::try_from(others(v).len()).unwrap_or(u32::MAX)),
            });
            let observed_here =
                e.origin == Origin::Observed && c.trigger != Trigger::ConflictRepair;
            if observed_here && !judged[i] && !c.observation.is_empty() {
                judged[i] = true;
                let key = (current.from, current.to, &current.label, c.id);
                slot.text = match verdicts.0.get(&e.id) {
                    Some((f, t, l, v, verdict)) if (*f, *t, l, *v) == key => verdict.clone(),
                    _ => {
                        let verdict = judge_text(map, current, &c.observation);
                        let entry = (key.0, key.1, key.2.clone(), key.3, verdict.clone());
                        verdicts.0.insert(e.id, entry);
                        verdict
                    }
                };
                slot.first_seen = c.id;
                slot.step = c.step;
            }
        }
    }
    out
}

/// How firmly a text names an exit's destination: by its name, by its title only, not at all.
fn naming_rank(t: &TextVerdict) -> u8 {
    match t {
        TextVerdict::Confirms => 2,
        TextVerdict::FitsTitle => 1,
        _ => 0,
    }
}

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
            .unwrap_or(Evidence {
                observed: true,
                walked: 1,
                first_seen: 0,
                step: 0,
                text: TextVerdict::Unknown,
                contradicted: 0,
            })
    }

    fn refuted(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        // Only exits some conflict implicates: text that disagrees with a consistent exit is
        // as likely to be a naming quirk as an error.
        let implicated: rustc_hash::FxHashSet<ExitId> =
            ctx.analysis.all_candidates(ctx.map).into_iter().collect();
        for e in map.exits().filter(|e| implicated.contains(&e.id)) {
            let ev = self.evidence(e.id);
            match &ev.text {
                TextVerdict::ArrivesElsewhere(room) => {
                    let reason = format!(
                        "the text of version {} arrives in {room}, not here: the exit is spurious",
                        ev.first_seen
                    );
                    return Some(Decision {
                        action: Action::RemoveEdge { exit: e.id },
                        reason,
                    });
                }
                TextVerdict::OtherDirection(d) => {
                    let label = Label::Dir(*d);
                    if label != e.label
                        && !map
                            .exits_from(e.from)
                            .any(|x| x.id != e.id && x.label == label)
                    {
                        let reason = format!(
                            "the text of version {} moved {d}, not {}",
                            ev.first_seen, e.label
                        );
                        return Some(Decision {
                            action: Action::ModifyEdge {
                                exit: e.id,
                                to: label,
                            },
                            reason,
                        });
                    }
                }
                TextVerdict::Unknown | TextVerdict::Confirms | TextVerdict::FitsTitle => {}
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
            let others = self.contradicted_by(e.id);
            let n = others.len();
            if n < 2 || others.iter().any(|x| self.contradicted_by(*x).len() >= n) {
                continue;
            }
            let w = self.evidence(e.id).weight();
            let better = best.is_none_or(|(bn, bw, id)| {
                n > bn || (n == bn && (w < bw - 1e-12 || ((w - bw).abs() <= 1e-12 && e.id > id)))
            });
            if better {
                best = Some((n, w, e.id));
            }
        }
        let (n, _, exit) = best?;
        let e = map.exit(exit)?;
        let name = |r| map.room(r).map_or_else(String::new, |r| r.name.clone());
        let reason = format!(
            "{} --{}--> {} disagrees with {n} other exits (the same doorway, the same way in, or the way back), each of which agrees better with the rest of the map: the exit is spurious",
            name(e.from),
            e.label,
            name(e.to)
        );
        Some(Decision {
            action: Action::RemoveEdge { exit },
            reason,
        })
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
        let name = |r| map.room(r).map_or_else(String::new, |r| r.name.clone());
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
            if theirs.step <= mine.step {
                // Each pair is judged once, from its earlier exit.
                continue;
            }
            let (spurious, reason) = match only.rule {
                Rule::WayBackFromEnd
                    if theirs.text != TextVerdict::Confirms
                        && theirs.step != mine.step.saturating_add(1)
                        && naming_rank(&mine.text) > naming_rank(&theirs.text) =>
                {
                    let reason = format!(
                        "the way back from {} does not lead to {}: the text of step {} names {} more firmly than the text of step {} names {}, so the later move started somewhere else (a skipped step) and {} --{}--> {} is spurious",
                        name(e.to), name(e.from), mine.step, name(e.to), theirs.step,
                        name(other.to), name(other.from), other.label, name(other.to)
                    );
                    (other.id, reason)
                }
                Rule::WayBackFromEnd
                    if theirs.step == mine.step.saturating_add(1)
                        || theirs.text == TextVerdict::Confirms =>
                {
                    let when = if theirs.step == mine.step.saturating_add(1) {
                        "the very next move".to_string()
                    } else {
                        format!("the move of step {}", theirs.step)
                    };
                    let reason = format!(
                        "{when} went back {} from {} and arrived in {}, not {}: the move of step {} started in {} (a skipped step), so {} --{}--> {} is spurious",
                        other.label, name(e.to), name(other.to), name(e.from), mine.step,
                        name(other.to), name(e.from), e.label, name(e.to)
                    );
                    (e.id, reason)
                }
                Rule::WayBackIntoStart
                    if matches!(mine.text, TextVerdict::Confirms | TextVerdict::FitsTitle) =>
                {
                    let reason = format!(
                        "{} --{}--> {} (step {}, its text names where it arrived) makes {} the way back into {}; the later move of step {} arriving there {} from {} started somewhere else (a skipped step): spurious",
                        name(e.from), e.label, name(e.to), mine.step, other.label, name(e.from),
                        theirs.step, other.label, name(other.from)
                    );
                    (other.id, reason)
                }
                Rule::WayIn => {
                    let reason = format!(
                        "{} is entered {} from {} again at step {}: the move of step {} from {} started elsewhere (a skipped step), so {} --{}--> {} is spurious",
                        name(e.to), e.label, name(other.from), theirs.step, mine.step,
                        name(e.from), name(e.from), e.label, name(e.to)
                    );
                    (e.id, reason)
                }
                _ => continue,
            };
            return Some(Decision {
                action: Action::RemoveEdge { exit: spurious },
                reason,
            });
        }
        None
    }

    fn directional(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        for c in &ctx.analysis.conflicts {
            match &c.kind {
                ConflictKind::DuplicateLabel { label, .. } => {
                    let mut exits: Vec<ExitId> = c.exits.clone();
                    exits.sort_by(|a, b| {
                        let (ea, eb) = (self.evidence(*a), self.evidence(*b));
                        eb.weight()
                            .total_cmp(&ea.weight())
                            .then(ea.first_seen.cmp(&eb.first_seen))
                            .then(a.cmp(b))
                    });
                    let keep = exits[0];
                    let drop = *exits.last()?;
                    let name = |e: ExitId| {
                        map.exit(e)
                            .and_then(|x| map.room(x.to))
                            .map_or_else(String::new, |r| r.name.clone())
                    };
                    let reason = format!(
                        "one doorway ({label}) cannot lead to both {} and {}; {} is better supported (evidence {:.2} vs {:.2})",
                        name(keep), name(drop), name(keep), self.evidence(keep).weight(), self.evidence(drop).weight()
                    );
                    return Some(Decision {
                        action: Action::RemoveEdge { exit: drop },
                        reason,
                    });
                }
                ConflictKind::ReverseMismatch { .. } => {
                    let exits: Vec<&Exit> = c
                        .exits
                        .iter()
                        .filter_map(|e| map.exit(*e))
                        .filter(|e| e.geometric)
                        .collect();
                    if let Some(inferred) =
                        exits.iter().find(|e| e.origin == Origin::InferredReverse)
                    {
                        let reason =
                            "an inferred way back contradicts what was observed".to_string();
                        return Some(Decision {
                            action: Action::RemoveEdge { exit: inferred.id },
                            reason,
                        });
                    }
                    let first = exits.first()?;
                    let reason = "this passage does not come back the opposite way (a twist, as in a maze): kept, but no longer used for positions".to_string();
                    return Some(Decision {
                        action: Action::MarkNonGeometric { exit: first.id },
                        reason,
                    });
                }
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
        let ev = self.evidence(exit);
        let reason = format!(
            "the lattice does not close here: keeping this exit but no longer using it for positions (a long corridor or a twist) resolves {} conflict(s); evidence {:.2}",
            before - after,
            ev.weight()
        );
        Some(Decision {
            action: Action::MarkNonGeometric { exit },
            reason,
        })
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
/// # Complexity
/// Each contradiction edit removes an exit: at most E of them, each O(E · k) to judge.
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
    let before = Analysis::of(history.head()).counts();
    let mut actions = Vec::new();
    let used = reading.map(|r| {
        let (log, used) = second_reading(history, r);
        actions.extend(log);
        used
    });
    let mut solver = Solver::new();
    actions.extend(run_with(history, &mut solver, Solver::budget(), progress).actions);
    let mut session = RepairSession::new(Solver::budget());
    let bound = history.head().exit_bound();
    for edits in 0..bound {
        progress(Progress {
            stage: Stage::Weighing,
            done: edits,
            total: bound,
        });
        solver.refresh(history);
        let pending = Pending::unprompted(Analysis::of(history.head()), history.usage());
        let ctx = pending.context(history);
        let Some(decision) = solver.odd_one_out(&ctx).or_else(|| solver.one_to_one(&ctx)) else {
            break;
        };
        if session.apply(history, &pending, decision).is_none() {
            break;
        }
    }
    actions.extend(session.log);
    if Analysis::of(history.head()).counts().total > 0 {
        actions.extend(run_with(history, &mut solver, Solver::budget(), progress).actions);
    }
    (
        RepairReport {
            before,
            after: Analysis::of(history.head()).counts(),
            actions,
        },
        used,
    )
}
