//! The automapper's pass over a transcript: follow the player step by step.
//!
//! For each step: read the action ([`super::movement`]), read the reply ([`super::gazetteer`]
//! with a location list, [`super::title`] without), decide where the player is now
//! ([`super::identity`]), decide where the move started — normally the room the player was in,
//! but a transcript can skip steps (a cleaned walkthrough keeps only the moves the ground truth
//! cites, so a teleport, a dropped `enter gazebo` or the starting room are missing) — and record
//! the exit. The start is moved elsewhere only on evidence: the text names where the player came
//! from ("You get off the bench."), the destination's known way back leads elsewhere, its
//! description puts another room that way ("To the west is the stairway to the round room." after a
//! move east, when no known exit joins that room and the current one), a room's name puts it that
//! way ("admin corridor south" after a move north into "admin corridor"), the arrival's description
//! puts a same-titled room named by the arrival that way ("To the east is the Railway Station" into
//! the Soldiers' Barracks: "railway station (soldiers' barracks)"), the player went through a thing
//! another room's description puts this way ("You pass through the creaky turnstile."), a move in
//! enters a thing standing in another room ("main hall, by the fireplace (in the large
//! fireplace)"), the current room would get a second exit this way, the exits the game listed there
//! ("Obvious exits: North, East.") leave this way out, or the move cannot start where it ends;
//! a move the current room cannot have started, with no nearer room to start it, climbs out of a
//! thing the reply shows ("hollow stump" in the swamp) when one known room is its inside
//! ("inside stump", [`Tracker::left_inside`]). A way back that leads to the room the player just
//! left the same way for the current room is no evidence. Once the whole transcript is read, moves whose replies open with one sentence about
//! leaving, word for word ("As you leave, the "1" cube reappears in your hand."), start in one
//! room ([`Tracker::left_alike`]); then every move is looked at again in *hindsight*: one
//! whose start the finished lattice places away from its destination, with another room (or the
//! destination's way back) where the start should be, started there. A way back walked by a move
//! that showed its room in full, and whose own way back leads elsewhere again, is no evidence:
//! that move is the one that started elsewhere. Two moves out of rooms whose descriptions speak
//! of other ways but not of theirs, which would be each other's way back had each started where
//! the other ended, started there ([`Tracker::crossed_ways_back`]).
//!
//! Rooms that cannot be read when met (a dark room, an unknown starting room, the room a
//! skipped step led to) become *slots*; a slot is claimed by a room met later along the slot's
//! own exits (or, for a dark room entered up or down, by a new room entered the same way whose
//! reply prints no description: the game counts it as visited), or named at the end
//! ([`super::naming`]) from the listed names nobody claimed.
//! Rooms that share a title with other listed rooms ("Wharf Road" ×5) are told apart while
//! reading (by their descriptions, by where the lattice puts them, and, for a title shown
//! without a description, by the words printed below it that one room's earlier texts share:
//! [`Tracker::told_by_words`]) and named at the end, all of a title's rooms at once — by their
//! texts and by what the map says of qualifiers such as "west to round room".
//!
//! Everything is deterministic: candidates are scored with fixed weights and ties go to the
//! first candidate in a fixed order.

mod alike;
mod bent_ways;
mod dark_cells;
mod dark_rooms;
mod dark_start;
mod destination;
mod final_names;
mod hindsight;
mod learned_ways;
mod move_start;
mod own_ways;
mod start_evidence;
#[cfg(test)]
mod tests;
mod text_cues;
mod verbose;

pub use hindsight::HINDSIGHT;

use super::cells::Cells;
use super::gazetteer::{Gazetteer, MatchKind, Sighting};
use super::identity::{prose_without_passers_by, room_prose, Description};
use super::movement::{handles_a_thing, is_refusal, mentioned_ways, move_label};
use super::roster::Roster;
use super::rules::Rules;
use super::title::{bare_title, description_after, lines, looks_like_title, words};
use crate::domain::analysis::GeometryBuilder;
use crate::domain::direction::{Direction, Label};
use crate::domain::formats::Step;
use crate::domain::map::{Map, Origin, Room, RoomId};
use crate::domain::names::{canonical_name, title_key};
use text_cues::{leaving_words, listed_exits, listed_ways, sole_ways, stems, unlisted};

/// Why a room had to be guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotKind {
    /// Entered in the dark.
    Dark,
    /// The reply named no room.
    Unseen,
    /// Where a move started when the player cannot have been where the text left them.
    Source,
}

impl SlotKind {
    /// The name a slot keeps when no list names it.
    fn plain_name(self) -> &'static str {
        match self {
            SlotKind::Dark => "Dark room",
            SlotKind::Unseen | SlotKind::Source => "Unknown room",
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            SlotKind::Dark => "a dark room",
            SlotKind::Unseen => "an unnamed room",
            SlotKind::Source => "an unseen room",
        }
    }
}

#[derive(Debug, Clone, Default)]
struct RoomInfo {
    /// The listed name, once known.
    place: Option<usize>,
    /// The group of same-titled listed names the room belongs to, until named.
    group: Option<usize>,
    /// The title shown.
    title: Option<String>,
    /// The first telling description.
    desc: Option<Description>,
    desc_text: Option<String>,
    /// The ways that description speaks of ([`mentioned_ways`]).
    desc_ways: Vec<Direction>,
    /// Every word printed under the room's title, for naming by the listed names (kept only
    /// when there is a list: nothing else reads it).
    text: Vec<String>,
    /// Those words' stems, compass words aside ([`stems`]).
    text_stems: std::collections::BTreeSet<String>,
    /// The ways those words speak of ([`mentioned_ways`]), reply by reply.
    printed_ways: std::collections::BTreeSet<Direction>,
    /// The words of the first telling description, sorted.
    desc_words: Vec<String>,
    /// The exits its first reply listed, if it listed them.
    exits: Option<Vec<String>>,
    /// Every way any of its replies listed as an exit, if a reply listed them.
    ways: Option<Vec<Direction>>,
    /// For a slot: why, and the words around it.
    slot: Option<SlotKind>,
    context: Vec<String>,
    /// For a room a reply entered without naming it: the phrases that reply says the player
    /// went into ([`text_cues::arrival_phrases`]), each as its words.
    arrival: Vec<Vec<String>>,
}

/// What the tracker decided for one step.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Index of the step in the transcript.
    pub index: usize,
    /// Where the move started (tracker room), if the player moved along an exit.
    pub from: Option<RoomId>,
    /// Where the player is after the step.
    pub to: Option<RoomId>,
    /// The direction, for a move.
    pub label: Option<Label>,
    /// True if the player moved along an exit.
    pub moved: bool,
    /// True if the move was taken to start where the previous step left the player.
    pub continued: bool,
    /// Short explanation.
    pub note: String,
}

/// A candidate destination: a room on the map, or a new room (for a listed name, a group, or a
/// title).
#[derive(Debug, Clone)]
struct Cand {
    room: Option<RoomId>,
    place: Option<usize>,
    group: Option<usize>,
    text: f64,
}

/// What a reply shows.
#[derive(Debug, Clone)]
struct Seen {
    shown: String,
    places: Vec<(usize, f64)>,
    group: Option<usize>,
    kind: MatchKind,
    desc: Description,
    desc_text: String,
    /// Everything printed below the title, every paragraph.
    below: String,
    text: Vec<String>,
    /// What the text before the title says the player left ("You get off the bench.").
    before: Vec<String>,
    /// The exits the reply lists ("Obvious exits: North, Up."), if it lists them.
    exits: Option<Vec<String>>,
    /// The text before the title ("You pass through the creaky turnstile.").
    lead: String,
}

/// The tracker's state. See the module docs.
#[derive(Debug)]
pub struct Tracker<'a> {
    gaz: &'a Gazetteer,
    verbs: &'a [String],
    all_moves: bool,
    map: Map,
    /// The lattice of the observed exits so far, grown one exit at a time.
    geo: GeometryBuilder,
    /// The rooms on each cell of that lattice.
    cells: Cells,
    /// The rooms read so far by name and title.
    roster: Roster,
    info: Vec<RoomInfo>,
    by_place: Vec<Option<RoomId>>,
    cur: Option<RoomId>,
    prev_obs: String,
    /// The previous step's action as the game took it (`again` resolved).
    prev_action: String,
    /// Where the player was before each step an `undo` can still take back, latest last.
    undoable: Vec<Option<RoomId>>,
    /// Listed names some reply of the transcript shows as a title.
    titled: Vec<bool>,
    /// What each reply showed of the list, read once by [`Tracker::survey`].
    surveyed: Vec<Option<Sighting>>,
    /// One outcome per step.
    pub outcomes: Vec<Outcome>,
    /// Steps whose start away from the continuation the text or a way back vouches for.
    firm: std::collections::HashSet<usize>,
    /// Whether each step's reply showed a room.
    showed: Vec<bool>,
    /// Whether each step's reply is a refusal ("You can't go that way.") or answers an action
    /// that moves no one ("take key", with rule `handled-stays`).
    refused: Vec<bool>,
    /// Whether each step's action handles a thing at hand ("examine hearth", "take ledger"),
    /// which no library answers by moving the player (rule `walked-bent`).
    handled: Vec<bool>,
    /// The words of each step's text before the title (empty when it showed no room).
    leads: Vec<Vec<String>>,
    /// Whether each step's reply described the room it showed (not its title alone).
    described: Vec<bool>,
    /// The rules in force (all, unless one is switched off to measure it).
    pub rules: Rules,
    /// This transcript's own refusal lines ([`super::refusals`]), as keys.
    pub refusals: std::collections::HashSet<String>,
    /// Rooms a reply entered without naming them, by the last word of each phrase that reply
    /// says the player went into (`RoomInfo::arrival`): a new title looks up only these.
    entered_unnamed: std::collections::HashMap<String, Vec<RoomId>>,
    /// The game prints a room's description on every visit (`verbose`): a description printed
    /// again under a known title is then that room's, however short.
    verbose: bool,
    /// Dark slots entered by a non-compass action (`entered-dark`), one per such move.
    entered_by: Vec<EnteredBy>,
    /// The step being read.
    index: usize,
    /// Per step, the room the walk gives the room its reply shows, for titles the walk splits
    /// (rule `alike-walked`, [`alike`]); empty when it splits none.
    alike: Vec<Option<usize>>,
    /// The tracker's room for each of those.
    alike_room: std::collections::HashMap<usize, RoomId>,
    /// The actions the transcript uses as ways of its own (rule `own-ways`, [`own_ways`]).
    own_words: std::collections::HashSet<String>,
}

/// A dark slot entered by a non-compass action (rule `entered-dark`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct EnteredBy {
    /// The lit room the action was made in.
    from: RoomId,
    /// The action, as typed ("go through tent").
    verb: String,
    /// The dark slot it reached.
    slot: RoomId,
}

/// How a note says that the text or a way back vouches for a move's start.
const FIRM_MARK: &str = "as the text or the way back says";

impl<'a> Tracker<'a> {
    /// A tracker for one transcript.
    pub fn new(gaz: &'a Gazetteer, verbs: &'a [String], all_moves: bool) -> Tracker<'a> {
        Tracker {
            gaz,
            verbs,
            all_moves,
            map: Map::new(),
            geo: GeometryBuilder::new(),
            cells: Cells::default(),
            roster: Roster::default(),
            info: Vec::new(),
            by_place: vec![None; gaz.len()],
            cur: None,
            prev_obs: String::new(),
            prev_action: String::new(),
            undoable: Vec::new(),
            titled: vec![false; gaz.len()],
            surveyed: Vec::new(),
            outcomes: Vec::new(),
            firm: std::collections::HashSet::new(),
            showed: Vec::new(),
            refused: Vec::new(),
            handled: Vec::new(),
            leads: Vec::new(),
            described: Vec::new(),
            rules: Rules::all(),
            entered_by: Vec::new(),
            refusals: std::collections::HashSet::new(),
            entered_unnamed: std::collections::HashMap::new(),
            verbose: false,
            index: 0,
            alike: Vec::new(),
            alike_room: std::collections::HashMap::new(),
            own_words: std::collections::HashSet::new(),
        }
    }

    /// Reads the whole transcript once to learn which listed names it ever shows as a title
    /// (the others can only be met in the dark, or off the transcript).
    pub fn survey(&mut self, steps: &[Step]) {
        self.verbose = self.learn_verbose(steps);
        self.own_words = self.learn_own_words(steps);
        self.surveyed = steps
            .iter()
            .map(|st| self.gaz.sight(&st.observation))
            .collect();
        self.learn_alike(steps);
        for s in self.surveyed.iter().flatten() {
            if s.kind <= MatchKind::Bare {
                for &(p, score) in &s.places {
                    if score >= 1.0 {
                        if let Some(t) = self.titled.get_mut(p) {
                            *t = true;
                        }
                    }
                }
            }
        }
    }

    /// The tracker's map (slots included).
    pub fn map(&self) -> &Map {
        &self.map
    }

    fn info(&self, r: RoomId) -> Option<&RoomInfo> {
        self.info.get(r.0 as usize)
    }

    fn is_slot(&self, r: RoomId) -> bool {
        self.info(r).is_some_and(|i| i.slot.is_some())
    }

    /// True when `r` is a slot for a room met in the dark.
    fn is_dark_slot(&self, r: RoomId) -> bool {
        self.info(r).and_then(|i| i.slot) == Some(SlotKind::Dark)
    }

    /// The slots for rooms met in the dark, in id order.
    fn dark_slots(&self) -> impl Iterator<Item = RoomId> + '_ {
        self.map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| self.is_dark_slot(r))
    }

    /// True when the exits listed in `r` (on any visit) rule out leaving it this way.
    fn rules_out(&self, r: RoomId, label: &Label) -> bool {
        self.info(r)
            .and_then(|i| i.ways.as_ref())
            .is_some_and(|w| unlisted(w, label))
    }

    fn name_of(&self, r: RoomId) -> String {
        self.map
            .room(r)
            .map_or_else(|| format!("#{}", r.0), |x| x.name.clone())
    }

    /// The group a room belongs to (directly, or through its listed name).
    fn group_of_room(&self, r: RoomId) -> Option<usize> {
        let i = self.info(r)?;
        i.group
            .or_else(|| i.place.and_then(|p| self.gaz.group_of(p)))
    }

    /// Reads one step.
    pub fn observe(&mut self, index: usize, step: &Step) {
        self.index = index;
        let obs = step.observation.as_str();
        let action = match step.action.trim().to_lowercase().as_str() {
            // The game repeats the previous command.
            "g" | "again" => self.prev_action.clone(),
            _ => step.action.clone(),
        };
        let seen = self.sight(index, obs);
        self.showed.push(seen.is_some());
        // A refusal moved no one; nor did an action on a thing at hand ("take bone key":
        // "Taken."), rule `handled-stays`.
        let handled = handles_a_thing(&action);
        self.refused
            .push(is_refusal(obs) || (self.rules.on("handled-stays") && handled));
        self.handled.push(handled);
        self.leads
            .push(seen.as_ref().map(|s| words(&s.lead)).unwrap_or_default());
        self.described
            .push(seen.as_ref().is_some_and(|s| s.desc.is_telling()));
        let before = self.cur;
        let verb = action.trim().to_lowercase();
        let outcome = if verb == "undo" {
            self.undo(index, seen)
        } else if matches!(verb.as_str(), "restore" | "load") && seen.is_none() {
            self.restored(index)
        } else {
            let o = match move_label(&action, self.verbs) {
                None => match self.entered_dark(index, obs, &verb, seen.is_some()) {
                    Some(o) => o,
                    None => self.stay_or_relocate(index, &verb, seen),
                },
                Some(l) => self.move_along(index, obs, l, seen),
            };
            self.undoable.push(before);
            o
        };
        self.outcomes.push(outcome);
        self.note_alike();
        self.prev_obs = obs.to_string();
        self.prev_action = action;
    }

    /// `restore` loaded a saved game: the player is wherever it was saved, which a reply that
    /// shows no room does not tell. The next move starts in a room to be worked out, not here.
    fn restored(&mut self, index: usize) -> Outcome {
        self.cur = None;
        self.undoable.clear();
        self.no_move(
            index,
            "a saved game was restored: where the player is, the next room shown will tell",
        )
    }

    /// `undo` takes back the last step that was not itself taken back: the player is where that
    /// step found them, unless the reply shows a room. The exits the step walked stay on the
    /// map: the game really has them.
    fn undo(&mut self, index: usize, seen: Option<Seen>) -> Outcome {
        let Some(back) = self.undoable.pop() else {
            return self.stay_or_relocate(index, "undo", seen);
        };
        self.cur = back;
        if seen.is_some() {
            return self.stay_or_relocate(index, "undo", seen);
        }
        let note = match back {
            Some(r) => format!("undo: the player is back in {}", self.name_of(r)),
            None => "undo: back where the transcript began".to_string(),
        };
        self.no_move(index, &note)
    }

    /// The text under a title as the room's description: someone else's arrival or departure
    /// left out (rule `passers-by`).
    fn room_text(&self, below: String) -> String {
        if self.rules.on("passers-by") {
            prose_without_passers_by(&below)
        } else {
            below
        }
    }

    fn sight(&self, index: usize, obs: &str) -> Option<Seen> {
        let s: Sighting = if self.gaz.is_empty() {
            let line = lines(obs)
                .into_iter()
                .rfind(|l| looks_like_title(&l.text))?;
            Sighting {
                kind: MatchKind::Exact,
                line: Some(line.index),
                shown: bare_title(&line.text),
                places: Vec::new(),
                group: None,
            }
        } else {
            match self.surveyed.get(index) {
                Some(cached) => cached.clone()?,
                None => self.gaz.sight(obs)?,
            }
        };
        let (desc_text, rest) = match s.line {
            Some(i) => (
                description_after(obs, i),
                obs.lines().skip(i + 1).collect::<Vec<_>>().join(" "),
            ),
            None => {
                let all = obs.split_whitespace().collect::<Vec<_>>().join(" ");
                (all.clone(), all)
            }
        };
        let desc_text = self.room_text(desc_text);
        let lead = match s.line {
            Some(i) => obs.lines().take(i).collect::<Vec<_>>().join(" "),
            None => String::new(),
        };
        let before = leaving_words(&lead);
        Some(Seen {
            shown: s.shown,
            places: s.places,
            group: s.group,
            kind: s.kind,
            desc: Description::new(&room_prose(&desc_text)),
            desc_text,
            text: words(&rest),
            below: rest,
            before,
            exits: listed_exits(obs),
            lead,
        })
    }

    fn new_room(&mut self, name: &str, info: RoomInfo) -> RoomId {
        let id = self.map.next_room_id();
        let canonical = format!("{} #{}", canonical_name(name), id.0);
        let _ = self.map.insert_room(Room {
            id,
            name: name.to_string(),
            canonical,
            aliases: Vec::new(),
            description: None,
        });
        if let Some(p) = info.place {
            if let Some(slot) = self.by_place.get_mut(p) {
                *slot = Some(id);
            }
        }
        let i = id.0 as usize;
        if self.info.len() <= i {
            self.info.resize(i + 1, RoomInfo::default());
        }
        self.info[i] = info;
        self.refile(id);
        id
    }

    /// Files a room in the roster again under its name and title as they are now.
    fn refile(&mut self, r: RoomId) {
        let words = (!self.is_slot(r)).then(|| self.room_words(r));
        let title = self.info(r).and_then(|i| i.title.as_deref()).map(title_key);
        self.roster.file(r, words, title);
    }

    fn slot(&mut self, kind: SlotKind, context: &str) -> RoomId {
        let name = format!("?{}", self.map.next_room_id().0);
        self.new_room(
            &name,
            RoomInfo {
                slot: Some(kind),
                context: words(context),
                ..RoomInfo::default()
            },
        )
    }

    /// Records what a reply showed of a room.
    fn remember(&mut self, r: RoomId, seen: &Seen) {
        let i = r.0 as usize;
        let Some(info) = self.info.get_mut(i) else {
            return;
        };
        // The roster files a room under its title: only a room titled now is filed again.
        let titled_now = info.title.is_none();
        if titled_now {
            info.title = Some(seen.shown.clone());
        }
        if info.desc.is_none() && seen.desc.is_telling() {
            info.desc = Some(seen.desc.clone());
            info.desc_text = Some(seen.desc_text.clone());
            info.desc_ways = mentioned_ways(&seen.desc_text);
            info.desc_words = words(&seen.desc_text);
            info.desc_words.sort();
            info.desc_words.dedup();
        }
        if info.exits.is_none() {
            info.exits.clone_from(&seen.exits);
        }
        // Only where steps may be missing: in a whole transcript a puzzle can open a way the
        // description called the only one ("You walk confidently into the south wall...").
        let sole = || {
            (self.all_moves && seen.desc.is_telling())
                .then(|| sole_ways(&seen.desc_text))
                .flatten()
        };
        if let Some(listed) = seen.exits.as_deref().and_then(listed_ways).or_else(sole) {
            let ways = info.ways.get_or_insert_with(Vec::new);
            ways.extend(listed);
            ways.sort();
            ways.dedup();
        }
        // Only listed names are chosen by a room's words (a title's rooms, a slot): without a
        // list the words would be kept for nothing, a copy of the whole transcript.
        if !self.gaz.is_empty() {
            info.text.extend(seen.text.iter().cloned());
        }
        info.text_stems.extend(stems(&seen.text));
        info.printed_ways
            .extend(mentioned_ways(&seen.text.join(" ")));
        if titled_now {
            self.refile(r);
        }
    }

    /// Turns a slot into a known room: a listed name, a group member or a title.
    fn claim(&mut self, slot: RoomId, c: &Cand, seen: &Seen) {
        let name = self.cand_name(c, seen);
        if let Some(mut room) = self.map.room(slot).cloned() {
            room.name = name;
            let _ = self.map.update_room(room);
        }
        if let Some(p) = c.place.filter(|_| c.group.is_none()) {
            if let Some(b) = self.by_place.get_mut(p) {
                *b = Some(slot);
            }
        }
        if let Some(info) = self.info.get_mut(slot.0 as usize) {
            info.slot = None;
            info.place = if c.group.is_none() { c.place } else { None };
            info.group = c.group;
        }
        self.remember(slot, seen);
        // Claimed, it is named: filed under its name whether or not it was titled just now.
        self.refile(slot);
    }

    fn cand_name(&self, c: &Cand, seen: &Seen) -> String {
        match (c.group, c.place.and_then(|p| self.gaz.place(p))) {
            (Some(_), Some(p)) => p.base.clone(),
            (None, Some(p)) => p.name.clone(),
            _ => seen.shown.clone(),
        }
    }

    /// Materializes a candidate: the room itself, the slot this move leads to (`slot`), or a
    /// new room.
    fn realize(&mut self, c: &Cand, seen: &Seen, slot: Option<RoomId>) -> RoomId {
        if let Some(r) = c.room {
            self.remember(r, seen);
            return r;
        }
        if let Some(s) = slot.filter(|&s| self.is_slot(s)) {
            self.claim(s, c, seen);
            return s;
        }
        let name = self.cand_name(c, seen);
        let info = RoomInfo {
            place: if c.group.is_none() { c.place } else { None },
            group: c.group,
            ..RoomInfo::default()
        };
        let r = self.new_room(&name, info);
        self.remember(r, seen);
        r
    }

    /// Records an observed exit on the map and the lattice.
    fn add_observed(&mut self, from: RoomId, to: RoomId, label: &Label) {
        if let Ok(id) = self.map.add_exit(from, to, label.clone(), Origin::Observed) {
            if let Some(e) = self.map.exit(id) {
                let placement = self.geo.add_exit(e);
                self.cells.update(self.geo.current(), &placement);
            }
        }
    }

    fn no_move(&self, index: usize, why: &str) -> Outcome {
        Outcome {
            index,
            from: None,
            to: self.cur,
            label: None,
            moved: false,
            continued: false,
            note: why.to_string(),
        }
    }

    /// The title shown and the first telling description, per tracker room.
    pub fn details(&self) -> Vec<(Option<String>, Option<String>)> {
        (0..self.map.room_bound())
            .map(|i| {
                self.info(RoomId(i as u32)).map_or((None, None), |info| {
                    (info.title.clone(), info.desc_text.clone())
                })
            })
            .collect()
    }

    /// The content words of a room's base name: its listed name's, else its title's.
    fn room_words(&self, r: RoomId) -> Vec<String> {
        let Some(info) = self.info(r) else {
            return Vec::new();
        };
        match info.place.and_then(|p| self.gaz.place(p)) {
            Some(p) => p.base_words.clone(),
            None => info.title.as_deref().map(words).unwrap_or_default(),
        }
    }
}
