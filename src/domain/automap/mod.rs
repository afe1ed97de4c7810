//! The offline transcript automapper: a MANGO-style walkthrough (steps of action and reply) in,
//! a map with its full history out — one commit per step, carrying the step's action and reply
//! as its observation and a short note of what the automapper decided as its analysis. No model,
//! no ground truth: only the transcript and, when known, the game's location list
//! (`locations.json`) and move verbs (`actions.json`), the inputs the paper's gpt-4.1 mapper had.
//!
//! The parts, in the order a step meets them:
//! * [`conventions`] — before anything is read, what this transcript's text does, learned from
//!   the transcript itself (how it frames a title, its exits lines, a posture after a title,
//!   the exit the game says it took): the reader sees every reply in that plain form;
//! * [`movement`] — did the action try to move the player, and was it refused? In a
//!   transcript of moves only, [`refusals`] learns the game's own refusal lines from it;
//! * [`rules`] — the named rules, each of which can be switched off to measure it;
//! * [`title`] and [`gazetteer`] — which room does the reply show (a title line, a listed name,
//!   darkness)?
//! * [`identity`] — which of several same-titled rooms is it, by memory of earlier moves, the
//!   conflict machinery (a candidate that would add conflicts is a worse candidate),
//!   descriptions and the words of the listed names;
//! * [`tracker`] — the pass itself: which room a reply shows (`tracker::destination`), where
//!   a move started when the transcript skipped steps (`tracker::move_start`,
//!   `tracker::start_evidence`), and, once the whole map is known, hindsight as a listed pipeline
//!   of named stages (`tracker::hindsight`); rooms are found by name and title ([`roster`]) and
//!   by lattice cell ([`cells`]) without a walk over every room, so a transcript is read in time
//!   near-linear in its length; every weight it decides by is in [`weights`], with what it
//!   weighs and why its value;
//! * [`consistency`] — every move's start judged again by how well all the moves agree (one
//!   room, one way, one destination; the way back leads back);
//! * [`misfit`] — a move whose start nothing vouches for, and which alone makes the lattice
//!   contradict itself (a loop missing by three steps or more, a doorway with two destinations),
//!   started elsewhere: in the known room that lies that way, or in one the transcript never
//!   showed;
//! * [`naming`] — once everything is read, which listed name belongs to which of several
//!   same-titled rooms, and to each room that could not be read when met (an optimal
//!   assignment by the words of their texts, then by elimination);
//! * [`placement`] — what a same-titled name's qualifier says of where its room lies ("east
//!   side", "3rd floor", "exit west, up"), read off the finished map;
//! * [`clean`] — the paper's deterministic cleaning of a raw walkthrough (§1.2), to reproduce the
//!   exact inputs gpt-4.1 had; [`ceiling`] — which of its kept moves start where nothing in the
//!   kept text can tell, and the best score a mapper can then reach.
//!
//! # What it achieves, and what it cannot
//! On MANGO's 53 cleaned walkthroughs (issue 5's metric: directed pairs with the right
//! direction, both maps closed under compass reverses) it reaches edge precision 0.955, recall
//! 0.948, F1 0.951 and node recall 0.972 (gpt-4.1 on the same inputs: 0.80 / 0.81 / 0.80 /
//! 0.91); on the raw walkthroughs F1 0.936 and node recall 0.993. The cleaning keeps only the
//! steps the ground truth cites, so 112 of the 1,210 kept moves start somewhere the previous
//! kept step did not leave the player (the re-walk of a known corridor, a death, `enter
//! gazebo` were dropped). For 37 of them nothing in the kept text tells ([`ceiling`]: no other
//! kept move contradicts the move started where the player was, and no listed exits rule it
//! out); the map the kept text equally supports scores F1 0.969, node recall 0.993 and route
//! finding 0.968 (`maprepair bench ceiling`), the best a mapper reaches without guessing those
//! starts. The automapper guesses a start only from evidence: the text ("You get off the
//! bench."; "You're not sure which direction is which." keeps it where the player was), the way
//! back, the lattice, and the conflicts a start would leave ([`misfit`]).
//!
//! On transcripts of a system it was not developed on — TextWorld's, with a banner, quest text
//! and framed titles — it finds every room and exit, with and without the location list
//! (`maprepair eval --transcripts`), once [`conventions`] has learned how the transcript frames
//! its titles.
//!
//! Node recall has a like limit: of the truth's 884 rooms, 60 are never where a kept step
//! arrives, and 47 of those are not named anywhere in the kept text. Such a room can only be
//! named by elimination (the one listed name no other room took); the automapper finds 859 of
//! the 884 rooms.
//!
//! Without a location list (a player's own transcript) rooms are named by their titles, and a
//! title names one room unless the text says otherwise: a title shown bare (a return, in brief
//! mode) or a long description printed again (verbose mode) is the room already seen, however
//! the lattice disagrees, since a game's map need not be flat; a new description under a known
//! title is a new room (the four forests, the maze) — if it describes one: a text that holds
//! none of the title's words, where the room met under it was described in them ("Deep Ford",
//! then "A huge dead dragon is lying half blocking the stream."), tells what happens in the
//! room met before. On the same 53 cleaned walkthroughs with no list: node recall 0.756, edge
//! F1 0.664 (names then are titles, so the truth's "forest 2" can never match); with each room
//! renamed after the truth room it stands for (`--align`), 0.919 / 0.888. Of the truth's 1628
//! pairs, 134 touch a room no kept move arrives in, which nothing but a list can name: no map
//! without one passes edge recall 0.918 there; on the other pairs the recall is 0.965.
//!
//! When every action of a transcript is a compass move (a cleaned walkthrough), every step is
//! taken to be a move, as the paper told gpt-4.1; otherwise a direction whose reply shows no
//! room is a refused move. With a location list, a room the list does not name cannot be right
//! and is left out of the map (the step's analysis says so); without one, rooms are named by
//! their titles.
//!
//! ```
//! use maprepair::domain::automap::{automap, Hints};
//! use maprepair::domain::formats::parse_walkthrough;
//!
//! let text = "===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: West of House\nYou are in a field.\n===========\n==>STEP NUM: 1\n==>ACT: north\n==>OBSERVATION: North of House\nYou face the house.\n===========\n";
//! let steps = parse_walkthrough(text, "zork.walkthrough").unwrap();
//! let built = automap("zork", &steps, &Hints::default());
//! let map = built.project.history.head();
//! assert_eq!(map.room_count(), 2);
//! assert_eq!(built.project.edge_records()[0].action, "north");
//! ```

pub mod alike_walk;
pub mod ceiling;
pub mod cells;
pub mod clean;
pub mod consistency;
pub mod conventions;
pub mod gazetteer;
pub mod identity;
pub mod misfit;
pub mod movement;
pub mod naming;
pub mod placement;
pub mod refusals;
pub mod renamed;
pub mod reread;
pub mod roster;
pub mod rules;
pub mod title;
pub mod tracker;
pub mod weights;

pub use clean::{clean_walkthrough, write_walkthrough};
pub use conventions::Conventions;
pub use gazetteer::Gazetteer;
pub use rules::{Rules, UnknownRule, RULES};

use super::direction::Direction;
use super::draft::Draft;
use super::formats::{FormatError, Step};
use super::history::{CommitInfo, History, Trigger};
use super::map::{ExitId, RoomId};
use super::names::canonical_name;
use super::progress::{self, Progress, Stage};
use super::project::Project;
use serde::Serialize;
use tracker::Tracker;

/// What the automapper may know besides the transcript.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hints {
    /// The game's room names (`locations.json`), if known.
    pub locations: Vec<String>,
    /// The game's move verbs (`actions.json`), if known.
    pub actions: Vec<String>,
}

/// One step as the automapper read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepReport {
    /// The step number as written.
    pub step: i64,
    /// The action.
    pub action: String,
    /// True if the player moved along an exit.
    pub moved: bool,
    /// Where the move started (final name), if it is on the map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Where the player is afterwards (final name), if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The direction of the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// What was decided and why.
    pub note: String,
}

/// The automapper's result.
#[derive(Debug, Clone)]
pub struct Automap {
    /// The map with one commit per step.
    pub project: Project,
    /// Each step as read.
    pub steps: Vec<StepReport>,
    /// Exits recorded from a move whose start had to be inferred (the transcript did not leave
    /// the player there): less certain than the rest.
    pub guessed: Vec<ExitId>,
}

/// Reads a JSON array of strings (`locations.json`, `actions.json`).
///
/// # Errors
/// A [`FormatError`] for invalid JSON or an element that is not a string.
pub fn read_name_list(text: &str, file: &str) -> Result<Vec<String>, FormatError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| FormatError::json(file, &e))?;
    let serde_json::Value::Array(items) = value else {
        return Err(FormatError::new(file, "", "expected a JSON array of names"));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_str().map(str::to_string).ok_or_else(|| {
                FormatError::new(file, format!("element {}", i + 1), "is not a string")
            })
        })
        .collect()
}

/// True when every action is a compass move (a cleaned walkthrough): every step moved.
fn every_step_moves(steps: &[Step]) -> bool {
    !steps.is_empty() && steps.iter().all(|s| Direction::parse(&s.action).is_some())
}

/// Builds a map from a transcript. See the module docs.
///
/// # Complexity
/// O(S · C · (V + E) log V) for S steps and C candidates per ambiguous step.
pub fn automap(name: &str, steps: &[Step], hints: &Hints) -> Automap {
    automap_with(name, steps, hints, &Rules::all())
}

/// [`automap`] with only the [`Rules`] given in force: what a rule is worth is measured by
/// switching it off.
///
/// # Complexity
/// As [`automap`].
pub fn automap_with(name: &str, steps: &[Step], hints: &Hints, rules: &Rules) -> Automap {
    automap_under(name, steps, hints, rules, &mut progress::ignore)
}

/// [`automap`], telling `progress` how far it got: the moves read ([`Stage::Reading`]), then
/// the commits written ([`Stage::Committing`]).
///
/// # Complexity
/// As [`automap`].
pub fn automap_telling(
    name: &str,
    steps: &[Step],
    hints: &Hints,
    progress: &mut dyn FnMut(Progress),
) -> Automap {
    automap_under(name, steps, hints, &Rules::all(), progress)
}

/// [`automap`] under `rules`, telling `progress`.
fn automap_under(
    name: &str,
    steps: &[Step],
    hints: &Hints,
    rules: &Rules,
    progress: &mut dyn FnMut(Progress),
) -> Automap {
    let mut gaz = Gazetteer::new(&hints.locations)
        .with_comma_qualifier(rules.on("comma-qualifier"))
        .with_head_name(rules.on("head-name"));
    // The reader sees each reply in the plain form this transcript's conventions give it; the
    // commits keep the text as written.
    let plain = Conventions::learn(steps)
        .with_listed(&hints.locations)
        .normalize(steps, &hints.actions, rules.on("got-out"));
    if rules.on("renamed-title") {
        if let Some((title, place)) =
            renamed::renamed_title(&gaz, &plain, &hints.actions, rules.on("renamed-brief"))
        {
            gaz = gaz.with_alias(&title, place);
        }
    }
    let all_moves = every_step_moves(&plain);
    let mut tracker = Tracker::new(&gaz, &hints.actions, all_moves);
    tracker.rules = rules.clone();
    // Where other commands stand between the moves, a move that shows no room was refused
    // anyway: the learned lines matter only in a transcript of moves.
    if all_moves && rules.on("learned-refusals") {
        tracker.refusals = refusals::learn_refusals(&plain, &hints.actions);
    }
    tracker.survey(&plain);
    for (i, s) in plain.iter().enumerate() {
        progress::tick(progress, Stage::Reading, i, plain.len());
        tracker.observe(i, s);
    }
    let finals = tracker.finish(&plain);
    let names = unique_names(&finals);
    let details = tracker.details();
    let mut history = History::new();
    let mut ids: Vec<Option<RoomId>> = vec![None; names.len()];
    let mut reports = Vec::with_capacity(steps.len());
    let mut guessed = Vec::new();
    for (i, (o, s)) in tracker.outcomes.iter().zip(steps).enumerate() {
        progress::tick(progress, Stage::Committing, i, steps.len());
        let name_of =
            |r: Option<RoomId>| r.and_then(|r| names.get(r.0 as usize).cloned().flatten());
        let mut draft = Draft::new(history.head());
        let mut traversed = Vec::new();
        let mut note = o.note.clone();
        if let (true, Some(from), Some(to), Some(label)) = (o.moved, o.from, o.to, &o.label) {
            match (name_of(Some(from)), name_of(Some(to))) {
                (Some(_), Some(_)) => {
                    let a = room_in(&mut draft, &mut ids, &names, &details, from);
                    let b = room_in(&mut draft, &mut ids, &names, &details, to);
                    if let (Some(a), Some(b)) = (a, b) {
                        if a != b {
                            let (id, new) = draft.exit(a, b, label.clone(), true);
                            if !new {
                                traversed.push(id);
                            } else if !o.continued {
                                guessed.push(id);
                            }
                        }
                    }
                }
                (None, Some(_)) => {
                    // The room the player arrived in was seen: it stays on the map, unlinked.
                    room_in(&mut draft, &mut ids, &names, &details, to);
                    note.push_str("; the way here is not mapped: its start could not be named");
                }
                _ => note.push_str("; not mapped: a room could not be named"),
            }
        } else if let Some(to) = o.to {
            if name_of(Some(to)).is_some() {
                room_in(&mut draft, &mut ids, &names, &details, to);
            }
        }
        let info = CommitInfo {
            step: u32::try_from(s.num).unwrap_or(o.index as u32),
            trigger: Some(Trigger::Observation),
            observation_id: Some(o.index as u32),
            observation: s.commit_text(),
            analysis: note.clone(),
            traversed,
        };
        // A draft always fits the map it was drawn on.
        let _ = history.commit(draft.finish(), info);
        reports.push(StepReport {
            step: s.num,
            action: s.action.clone(),
            moved: o.moved,
            from: if o.moved { name_of(o.from) } else { None },
            to: name_of(o.to),
            label: o.label.as_ref().map(ToString::to_string),
            note,
        });
    }
    Automap {
        project: Project {
            name: name.to_string(),
            history,
            ground_truth: None,
        },
        steps: reports,
        guessed,
    }
}

/// Final names made unique ("Hall", "Hall (2)").
///
/// # Complexity
/// O(n) lookups: the identity keys used so far are a set, and each name remembers the number
/// its next copy tries first (every smaller one is taken already), so a thousand rooms of one
/// name cost a thousand lookups, not a billion.
fn unique_names(finals: &[Option<String>]) -> Vec<Option<String>> {
    let mut used: rustc_hash::FxHashSet<String> = rustc_hash::FxHashSet::default();
    let mut next: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    finals
        .iter()
        .map(|f| {
            let n = f.as_ref()?;
            let mut candidate = n.clone();
            let k = next.entry(n.clone()).or_insert(2);
            while used.contains(&canonical_name(&candidate)) {
                candidate = format!("{n} ({k})");
                *k += 1;
            }
            used.insert(canonical_name(&candidate));
            Some(candidate)
        })
        .collect()
}

/// The project room for a tracker room, added (with its description and shown title) on first
/// use.
fn room_in(
    draft: &mut Draft<'_>,
    ids: &mut [Option<RoomId>],
    names: &[Option<String>],
    details: &[(Option<String>, Option<String>)],
    r: RoomId,
) -> Option<RoomId> {
    let i = r.0 as usize;
    if let Some(id) = ids.get(i).copied().flatten() {
        return Some(id);
    }
    let name = names.get(i)?.as_ref()?;
    let id = draft.new_room(name, &canonical_name(name));
    if let Some((title, desc)) = details.get(i) {
        if let Some(t) = title {
            draft.alias(id, t);
        }
        if let Some(d) = desc {
            draft.describe(id, d);
        }
    }
    ids[i] = Some(id);
    Some(id)
}
