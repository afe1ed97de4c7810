//! The evidence the solver weighs for each exit: observed or only inferred, how often the
//! history walked it, when it was first seen, what its observation text says, and how many
//! other observed exits contradict it ([`super::contradiction`]).

use super::contradiction::{others, Contradiction};
use crate::domain::direction::{Direction, Label};
use crate::domain::history::{History, Trigger};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use crate::domain::names::{canonical_name, title_key, without_qualifier};

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
    let against = super::contradiction::contradictions_by_rule(history.head());
    gather_with(history, &against, &mut TextVerdicts::default())
}

/// Text verdicts already read, by exit id: the exit as it was judged (start, end, label), the
/// commit whose text judged it, and the verdict. Valid while the map's rooms stay as they were
/// ([`judge_text`] reads the exit, the text and the rooms' names, nothing else).
#[derive(Debug, Clone, Default)]
pub(super) struct TextVerdicts(
    rustc_hash::FxHashMap<ExitId, (RoomId, RoomId, Label, u32, TextVerdict)>,
);

/// [`gather`] with the map's contradictions already found and the verdicts read before.
pub(super) fn gather_with(
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
pub(super) fn naming_rank(t: &TextVerdict) -> u8 {
    match t {
        TextVerdict::Confirms => 2,
        TextVerdict::FitsTitle => 1,
        _ => 0,
    }
}

/// The evidence assumed for an exit the history has none for: observed once, nothing known.
pub fn unknown() -> Evidence {
    Evidence {
        observed: true,
        walked: 1,
        first_seen: 0,
        step: 0,
        text: TextVerdict::Unknown,
        contradicted: 0,
    }
}
