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

use super::cells::Cells;
use super::consistency::{resolve_sources, Move, Said};
use super::gazetteer::{Gazetteer, MatchKind, Sighting};
use super::identity::{has_exit, joined, local_conflicts, room_prose, target, Description};
use super::misfit::{misfits, Candidate};
use super::movement::{is_disoriented, is_refusal, mentioned_ways, move_label};
use super::naming::{
    best_assignment, context_fit, cued_assignment, dark_fit, group_scores, lie_fit, named_member,
    opening_fit,
};
use super::placement::{floor, placement_scores, Floor, Whereabouts};
use super::roster::Roster;
use super::title::{
    bare_title, description_after, exits_listed, is_dark, lines, looks_like_title, same_word, stem,
    words,
};
use crate::domain::analysis::{Geometry, GeometryBuilder};
use crate::domain::direction::{Direction, Label, Vector};
use crate::domain::formats::Step;
use crate::domain::map::{ExitId, Map, Origin, Room, RoomId};
use crate::domain::names::{canonical_name, title_key, without_article};

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
    /// Every word printed under the room's title, for naming.
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

/// The exits a reply lists ("Obvious exits: North, South, Up." → north, south, up), sorted.
fn listed_exits(obs: &str) -> Option<Vec<String>> {
    obs.lines().find_map(|l| {
        let rest = exits_listed(l)?;
        let mut out: Vec<String> = words(&rest);
        out.sort();
        out.dedup();
        Some(out)
    })
}

/// The ways a list of exits names ("north", "n", "up"), if it is a list of ways: it names at
/// least one, or says there are none.
fn listed_ways(exits: &[String]) -> Option<Vec<Direction>> {
    let mut out: Vec<Direction> = exits.iter().filter_map(|w| Direction::parse(w)).collect();
    out.sort();
    out.dedup();
    (!out.is_empty() || exits == ["none"]).then_some(out)
}

/// The ways a description says are the only ones out ("The only exit is back east into the
/// living room.", "The only way out is to the north."), with up and down, which such rooms
/// often have unmentioned (a trapdoor, a chimney); `None` when it says no such thing.
fn sole_ways(description: &str) -> Option<Vec<Direction>> {
    const SOLE: &[&str] = &[
        "only exit",
        "only way out",
        "only ways out",
        "only way you can go",
        "only way to go",
    ];
    let mut out: Vec<Direction> = description
        .split(['.', '!', '?', ';'])
        .filter(|s| {
            let l = s.to_lowercase();
            SOLE.iter().any(|p| l.contains(p))
        })
        .flat_map(|s| {
            words(s)
                .into_iter()
                .filter_map(|w| Direction::from_word(&w))
        })
        .filter(|d| d.vector().is_some())
        .collect();
    if out.is_empty() {
        return None;
    }
    out.extend([Direction::Up, Direction::Down]);
    out.sort();
    out.dedup();
    Some(out)
}

/// True when a sentence of the description says the place ends here and names no way on ("The
/// hall ends in another glass-covered wall.", "The corridor ends here.", "a dead end"): a dead
/// end, left only the way the player came.
fn says_dead_end(description: &str) -> bool {
    const ENDS: &[&str] = &[
        "ends here",
        "ends in ",
        "ends at ",
        "ends against ",
        "dead end",
    ];
    description.split(['.', '!', '?', ';']).any(|s| {
        let l = s.to_lowercase();
        ENDS.iter().any(|p| l.contains(p)) && mentioned_ways(s).is_empty()
    })
}

/// Whether the description says compass way `way` leads up (+1) or down (-1): the nearest
/// word of climbing or descending before the way's word in its sentence ("The trail continues
/// up the mountain to the west, and downwards to the east." → west up, east down; "Two trails
/// lead down the mountain to the southwest and east." → both down). `None` when no sentence
/// says, or sentences disagree.
fn slope(description: &str, way: Direction) -> Option<i8> {
    const UP: &[&str] = &["up", "upward", "upwards", "uphill", "ascends", "climbs"];
    const DOWN: &[&str] = &["down", "downward", "downwards", "downhill", "descends"];
    let mut found: Option<i8> = None;
    for sentence in description.split(['.', '!', '?', ';']) {
        let mut last: Option<i8> = None;
        for w in sentence
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            if UP.contains(&w) {
                last = Some(1);
            } else if DOWN.contains(&w) {
                last = Some(-1);
            } else if Direction::from_word(w) == Some(way) {
                if let Some(l) = last {
                    if found.is_some_and(|f| f != l) {
                        return None;
                    }
                    found = Some(l);
                }
            }
        }
    }
    found
}

/// The stems of the words that are not ways ("buzzing" and "buzzes" alike; "north" left out):
/// what a text says of a place's things, to compare with another's.
fn stems(ws: &[String]) -> std::collections::BTreeSet<String> {
    ws.iter()
        .filter(|w| Direction::parse(w).is_none())
        .map(|w| stem(w).to_string())
        .collect()
}

/// True when listed ways rule a move out: it goes a compass or vertical way they do not name.
/// Threshold ways (in, out) are seldom listed and never ruled out.
fn unlisted(ways: &[Direction], label: &Label) -> bool {
    label
        .direction()
        .filter(|d| d.vector().is_some())
        .is_some_and(|d| !ways.contains(&d))
}

/// The "<direction> to <room>" clauses of a listed name's qualifier ("t-intersection
/// (east/west/south, west to round room)" → west, [round, room]).
fn relative_places(name: &str) -> Vec<(Direction, Vec<String>)> {
    let Some(open) = name.find('(') else {
        return Vec::new();
    };
    name[open + 1..]
        .trim_end_matches(')')
        .split([',', ';'])
        .filter_map(|clause| {
            let clause = clause.trim().to_lowercase();
            let (dir, rest) = clause.split_once(" to ")?;
            let d = Direction::from_word(dir.trim())?;
            let target = words(rest);
            (!target.is_empty()).then_some((d, target))
        })
        .collect()
}

/// The words of each part of `text` (cut at `stops`) that names `way` and no other compass way:
/// "To the west is the stairway to the round room." for west.
fn only_way<'t>(
    text: &'t str,
    stops: &'t [char],
    way: Direction,
) -> impl Iterator<Item = Vec<String>> + 't {
    text.split(stops).map(words).filter(move |ws| {
        let mut ways = ws
            .iter()
            .filter_map(|w| Direction::from_word(w))
            .filter(|d| d.vector().is_some())
            .peekable();
        ways.peek().is_some() && ways.all(|d| d == way)
    })
}

/// The ways of a listed name's qualifier that point at something else ("outside (restaurant
/// to north, mayer home to east)" → north, east): its "<thing> to <direction>" clauses.
fn pointed_ways(name: &str) -> Vec<Direction> {
    let Some(open) = name.find('(') else {
        return Vec::new();
    };
    name[open + 1..]
        .trim_end_matches(')')
        .split([',', ';'])
        .filter_map(|clause| {
            let clause = clause.trim().to_lowercase();
            let (thing, dir) = clause.rsplit_once(" to ")?;
            let d = Direction::from_word(dir.trim()).filter(|d| d.vector().is_some())?;
            let thing = words(thing);
            (!thing.is_empty() && thing.iter().all(|w| Direction::from_word(w).is_none()))
                .then_some(d)
        })
        .collect()
}

/// True when `text` speaks of the compass or vertical way `label` ([`mentioned_ways`]).
fn mentions(text: &str, label: &Label) -> bool {
    label
        .direction()
        .filter(|d| d.vector().is_some())
        .is_some_and(|d| mentioned_ways(text).contains(&d))
}

/// The last word of each thing the text says the player went through ("You pass through the
/// creaky turnstile." → turnstile).
fn passed_things(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("through ") {
        let after = &rest[i + "through ".len()..];
        let end = after
            .find(['.', ',', ';', '!', '?', '\n'])
            .unwrap_or(after.len());
        if let Some(w) = words(&after[..end]).pop() {
            out.push(w);
        }
        rest = after;
    }
    out
}

/// The one item of `items`, if there is exactly one.
fn the_only<T>(mut items: impl Iterator<Item = T>) -> Option<T> {
    let first = items.next()?;
    items.next().is_none().then_some(first)
}

/// The words of what a text says the player left: the phrases after "out of", "off", "from",
/// "leave" ("You get out of the rail car." → rail, car), and the thing whose sides the player
/// went down ("You slide down the smooth, polished sides of the saucer." → saucer: one slides
/// down a thing's sides from its top).
fn leaving_words(text: &str) -> Vec<String> {
    let lower = format!(" {} ", text.to_lowercase());
    let mut out = Vec::new();
    for marker in [" out of ", " off ", " from ", " leave ", " leaving "] {
        let mut rest = lower.as_str();
        while let Some(i) = rest.find(marker) {
            let after = &rest[i + marker.len()..];
            let end = after
                .find(['.', ',', ';', '!', '?', '\n'])
                .unwrap_or(after.len());
            out.extend(words(&after[..end]));
            rest = after;
        }
    }
    // "You slide down the smooth, polished sides of the saucer.": the player was on top of it.
    for sentence in lower.split(['.', ';', '!', '?', '\n']) {
        let Some(down) = sentence.find(" down the ") else {
            continue;
        };
        let tail = &sentence[down..];
        if let Some(i) = [" sides of ", " side of "]
            .iter()
            .find_map(|m| tail.find(m).map(|i| i + m.len()))
        {
            out.extend(words(&tail[i..]));
        }
    }
    out
}

/// The finished map's lattice, with what removing one exit would do to it, found without
/// rebuilding it for most exits (see [`Tracker::revisit_sources`]): a tree exit that no other
/// exit bypasses splits the lattice; one bypassed only by loops that close changes nothing; one
/// on a loop that does not close needs the lattice rebuilt without it; any other exit changes
/// nothing.
struct Lattice {
    geo: Geometry,
    /// The rooms on each cell of `geo`.
    cells: Cells,
    /// Tree exits that some other geometric exit bypasses.
    bypassed: std::collections::HashSet<ExitId>,
    /// Tree exits on a loop that does not close.
    doubtful: std::collections::HashSet<ExitId>,
}

impl Lattice {
    fn of(map: &Map) -> Lattice {
        let geo = Geometry::infer(map);
        let mut bypassed = std::collections::HashSet::new();
        let mut doubtful = std::collections::HashSet::new();
        let bad: std::collections::HashSet<ExitId> = geo.loops.iter().map(|l| l.exit).collect();
        for e in map.exits() {
            let tree = geo
                .tree_child
                .get(e.id.0 as usize)
                .copied()
                .flatten()
                .is_some();
            if tree || !e.carries_geometry() || e.origin != Origin::Observed || e.from == e.to {
                continue;
            }
            let Some(top) = geo.lca(e.from, e.to) else {
                continue;
            };
            let path = geo
                .path_from(top, e.from)
                .into_iter()
                .chain(geo.path_from(top, e.to));
            if bad.contains(&e.id) {
                for x in path {
                    bypassed.insert(x);
                    doubtful.insert(x);
                }
            } else {
                bypassed.extend(path);
            }
        }
        Lattice {
            cells: Cells::of(&geo),
            geo,
            bypassed,
            doubtful,
        }
    }

    /// How far the lattice without exit `eid` puts `to` from one step `v` beyond `from` (`None`
    /// when they are not placed together, or `v` is none), and, when the lattice had to be
    /// rebuilt without the exit, that lattice with its cells and the map without the exit
    /// (otherwise this lattice stands). `None` overall when the exit is not on the map.
    #[allow(clippy::type_complexity)]
    fn without(
        &self,
        map: &Map,
        eid: ExitId,
        from: RoomId,
        to: RoomId,
        v: Option<Vector>,
    ) -> Option<(Option<i32>, Option<(Geometry, Cells, Map)>)> {
        map.exit(eid)?;
        let tree = self
            .geo
            .tree_child
            .get(eid.0 as usize)
            .copied()
            .flatten()
            .is_some();
        if tree && !self.bypassed.contains(&eid) {
            // Without it the two rooms fall into separate frames.
            return Some((None, None));
        }
        let rebuilt = (tree && self.doubtful.contains(&eid)).then(|| {
            let mut m = map.clone();
            let _ = m.remove_exit(eid);
            let geo = Geometry::infer(&m);
            (Cells::of(&geo), geo, m)
        });
        let geo = rebuilt.as_ref().map_or(&self.geo, |r| &r.1);
        let miss = v.and_then(|v| {
            if geo.frame_of(from) != geo.frame_of(to) {
                return None;
            }
            let (pf, pt) = (geo.position(from)?, geo.position(to)?);
            Some((0..3).map(|i| (pf[i] + v[i] - pt[i]).abs()).sum::<i32>())
        });
        Some((miss, rebuilt.map(|(c, g, m)| (g, c, m))))
    }
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
    /// The words of each step's text before the title (empty when it showed no room).
    leads: Vec<Vec<String>>,
    /// Whether each step's reply described the room it showed (not its title alone).
    described: Vec<bool>,
}

/// How a note says that the text or a way back vouches for a move's start.
const FIRM_MARK: &str = "as the text or the way back says";

/// Weights (see [`super::identity`]).
const W_TEXT: f64 = 2.0;
const W_QUALIFIER: f64 = 3.0;
/// Penalty for a group room whose way a qualifier points at something else leads to a room of
/// the same title ([`pointed_ways`]).
const W_POINTED: f64 = 1.0;
/// Weight of what the map says of where a group room lies (see [`super::placement`]).
const W_PLACEMENT: f64 = 1.0;
const W_SAME_WAY: f64 = 6.0;
const W_WAY_BACK: f64 = 5.0;
const W_CONFLICT: f64 = 2.0;
const W_DESC: f64 = 4.0;
const W_HERE: f64 = 3.0;
/// Penalty for a room whose description leaves out the way the move arrives by.
const W_SILENT: f64 = 2.0;
/// Description similarity from which two descriptions are taken to be one room's.
const SAME_DESC: f64 = 0.8;
/// Content words from which a description tells its room from every other (a maze's rooms
/// share a short one).
const DISTINCTIVE: usize = 12;
const W_LOOP: f64 = 5.0;
/// How far the known room whose earlier texts share a bare title's words must lead the next
/// ([`Tracker::told_by_words`]): half a word shared by every candidate but one.
const TOLD_LEAD: f64 = 0.5;
/// Penalty for a candidate on another lattice level than the move reaches.
const W_LEVEL: f64 = 3.0;
const W_NOVEL: f64 = 1.0;
const BREAK_BACK: f64 = 2.0;
const BREAK_POSITION: f64 = 3.0;
const BREAK_SLOT: f64 = 4.0;
/// Share of a name's words a slot's context must hold to name it outright.
const SLOT_CUE: f64 = 0.5;
/// How many known exits the skipped steps of a transcript of moves may have walked.
const SKIP_DEPTH: usize = 4;
/// How many moves back [`Tracker::walked_back`] retraces.
const WALK_BACK_DEPTH: usize = 3;
/// Words by which the text before a title says the player left a room ([`Tracker::left_alike`]).
const LEAVING: &[&str] = &["leave", "leaving"];
/// How far (lattice steps) a move must miss for hindsight to move its start.
const HINDSIGHT_MISS: i32 = 1;

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
            leads: Vec::new(),
            described: Vec::new(),
        }
    }

    /// Reads the whole transcript once to learn which listed names it ever shows as a title
    /// (the others can only be met in the dark, or off the transcript).
    pub fn survey(&mut self, steps: &[Step]) {
        self.surveyed = steps
            .iter()
            .map(|st| self.gaz.sight(&st.observation))
            .collect();
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

    /// True when the exits listed in `r` (on any visit) rule out leaving it this way.
    fn rules_out(&self, r: RoomId, label: &Label) -> bool {
        self.info(r)
            .and_then(|i| i.ways.as_ref())
            .is_some_and(|w| unlisted(w, label))
    }

    /// True when `r`'s description speaks of several ways out but not of this one.
    fn silent_on(&self, r: RoomId, label: &Label) -> bool {
        let Some(d) = label.direction().filter(|d| d.vector().is_some()) else {
            return false;
        };
        let Some(info) = self.info(r).filter(|i| i.desc_text.is_some()) else {
            return false;
        };
        info.desc_ways.len() >= 2 && !info.desc_ways.contains(&d)
    }

    /// True when a reply cannot show the unseen room `s`: the text under its title speaks of two
    /// or more compass ways out ("The street continues north and south, and the entrance to
    /// Scotland Yard is to the east."), but not of the compass way back along a move seen to
    /// enter `s` (east into it: back west). A room entered from a street to the west whose own text
    /// names every way but west is another room, whatever way the player later came back to
    /// it. Up and down count for nothing here: a reply speaks of them through things ("wind
    /// coming down the chimney") as often as through ways.
    fn cannot_be_slot(&self, s: RoomId, seen: &Seen) -> bool {
        // Some games leave a blank line between a title and its description.
        let text = if seen.desc_text.is_empty() {
            &seen.below
        } else {
            &seen.desc_text
        };
        let ways: Vec<Direction> = mentioned_ways(text)
            .into_iter()
            .filter(|d| d.is_level())
            .collect();
        ways.len() >= 2
            && self.map.exits_to(s).any(|e| {
                e.origin == Origin::Observed
                    && e.from != s
                    && e.label
                        .opposite()
                        .and_then(|b| b.direction())
                        .filter(|d| d.is_level())
                        .is_some_and(|d| !ways.contains(&d))
            })
    }

    /// True when `r`'s description says it is a dead end ([`says_dead_end`]) and speaks of no way
    /// out, and this compass way is not the way back of a move into it (nor walked out of it
    /// before): a dead end is left by the way the player came, so a move another way started
    /// elsewhere. Up and down stay open, as with [`sole_ways`] (a trapdoor, a chimney).
    fn dead_end_bars(&self, r: RoomId, label: &Label) -> bool {
        let Some(d) = label.direction().filter(|d| d.is_level()) else {
            return false;
        };
        let Some(text) = self.info(r).and_then(|i| i.desc_text.as_deref()) else {
            return false;
        };
        let way = Label::Dir(d);
        says_dead_end(text)
            && !mentions(text, &way)
            && !self
                .map
                .exits_to(r)
                .any(|e| e.from != r && e.label.opposite().as_ref() == Some(&way))
            && !self.map.exits_from(r).any(|e| e.label == way)
    }

    /// True when `from`'s description says this compass way climbs (or descends) and `to`'s says
    /// its way back does the same ([`slope`]): the two cannot be joined this way.
    fn same_slope(&self, from: RoomId, to: RoomId, label: &Label) -> bool {
        let Some(way) = label.direction().filter(|d| d.is_level()) else {
            return false;
        };
        let text = |r: RoomId| self.info(r).and_then(|i| i.desc_text.as_deref());
        match (text(from), text(to)) {
            (Some(a), Some(b)) => slope(a, way)
                .zip(slope(b, way.opposite()))
                .is_some_and(|(x, y)| x == y),
            _ => false,
        }
    }

    /// True when `r`'s description speaks of this way out.
    fn speaks_of(&self, r: RoomId, label: &Label) -> bool {
        self.info(r)
            .and_then(|i| i.desc_text.as_deref())
            .is_some_and(|text| mentions(text, label))
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
        let obs = step.observation.as_str();
        let action = match step.action.trim().to_lowercase().as_str() {
            // The game repeats the previous command.
            "g" | "again" => self.prev_action.clone(),
            _ => step.action.clone(),
        };
        let seen = self.sight(index, obs);
        self.showed.push(seen.is_some());
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
                None => self.stay_or_relocate(index, seen),
                Some(l) => self.move_along(index, obs, l, seen),
            };
            self.undoable.push(before);
            o
        };
        self.outcomes.push(outcome);
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
            return self.stay_or_relocate(index, seen);
        };
        self.cur = back;
        if seen.is_some() {
            return self.stay_or_relocate(index, seen);
        }
        let note = match back {
            Some(r) => format!("undo: the player is back in {}", self.name_of(r)),
            None => "undo: back where the transcript began".to_string(),
        };
        self.no_move(index, &note)
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
        if info.title.is_none() {
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
        info.text.extend(seen.text.iter().cloned());
        info.text_stems.extend(stems(&seen.text));
        info.printed_ways
            .extend(mentioned_ways(&seen.text.join(" ")));
        self.refile(r);
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

    fn candidates(&self, seen: &Seen) -> Vec<Cand> {
        if self.gaz.is_empty() {
            let key = title_key(&seen.shown);
            let mut out: Vec<Cand> = self
                .roster
                .titled(&key)
                .iter()
                .map(|&r| Cand {
                    room: Some(r),
                    place: None,
                    group: None,
                    text: 1.0,
                })
                .collect();
            // A long description printed again is the room it was printed for, however the
            // lattice disagrees (a game's map need not be flat). Short ones are not: every
            // room of a maze is "a maze of twisty little passages, all alike".
            if seen.desc.words.len() >= DISTINCTIVE {
                let same: Vec<Cand> = out
                    .iter()
                    .filter(|c| {
                        c.room
                            .and_then(|r| self.info(r))
                            .and_then(|i| i.desc.as_ref())
                            .is_some_and(|d| d.similarity(&seen.desc) >= SAME_DESC)
                    })
                    .cloned()
                    .collect();
                if !same.is_empty() {
                    return same;
                }
            }
            // Games print a room's description on the first visit only: a title shown bare is
            // a room already seen. Without a list of names, that is the only word on it.
            if out.is_empty() || seen.desc.is_telling() {
                out.push(Cand {
                    room: None,
                    place: None,
                    group: None,
                    text: 1.0,
                });
            }
            return out;
        }
        if let Some(g) = seen.group {
            let members = self.gaz.group(g);
            let mut out: Vec<Cand> = self
                .map
                .rooms()
                .filter(|r| self.group_of_room(r.id) == Some(g))
                .map(|r| Cand {
                    room: Some(r.id),
                    place: None,
                    group: Some(g),
                    text: 1.0,
                })
                .collect();
            if out.len() < members.len() {
                out.push(Cand {
                    room: None,
                    place: members.first().copied(),
                    group: Some(g),
                    text: 1.0,
                });
            }
            return out;
        }
        seen.places
            .iter()
            .map(|&(p, text)| Cand {
                room: self.by_place.get(p).copied().flatten(),
                place: Some(p),
                group: None,
                text,
            })
            .collect()
    }

    /// Scores a destination candidate for a move `cur --label-->`.
    #[allow(clippy::too_many_arguments)]
    fn score_dest(
        &self,
        c: &Cand,
        seen: &Seen,
        cur: Option<RoomId>,
        label: Option<&Label>,
        here: Option<RoomId>,
    ) -> f64 {
        let geo = self.geo.current();
        let mut s = W_TEXT * c.text;
        if c.group.is_none() {
            if let Some(p) = c.place.and_then(|p| self.gaz.place(p)) {
                if p.is_qualified() {
                    s += W_QUALIFIER * seen.desc.coverage(&p.qualifier);
                } else if seen.kind == MatchKind::Fuzzy {
                    // A title that several longer names contain ("Narrow Hallway" in "at a
                    // bend in the narrow hallway"): a name's words beyond the title tell its
                    // room as a qualifier does. Not its compass words ("west of office"): a
                    // description's compass words speak of its exits.
                    let shown = words(&seen.shown);
                    let extra: Vec<String> = p
                        .base_words
                        .iter()
                        .filter(|w| !shown.contains(w) && Direction::from_word(w).is_none())
                        .cloned()
                        .collect();
                    if !extra.is_empty() {
                        s += W_QUALIFIER * seen.desc.coverage(&extra);
                    }
                }
            }
        }
        let telling = seen.desc.is_telling();
        match c.room {
            Some(r) => {
                if Some(r) == cur {
                    s -= W_LOOP;
                }
                // A maze's rooms share title, description and exits; what tells them apart is
                // what the list's qualifiers name ("rock aladdin", "arrow down"): a reply that
                // names another member than the room's earlier texts did is another room.
                if let (Some(g), Some(info)) = (c.group, self.info(r)) {
                    if self.names_another_member(g, &info.text, &seen.text) {
                        s -= W_QUALIFIER;
                    }
                }
                if here == Some(r) {
                    s += W_HERE;
                }
                if let (Some(cur), Some(label)) = (cur, label) {
                    if has_exit(&self.map, cur, r, label) {
                        s += W_SAME_WAY;
                    }
                    if let Some(back) = label.opposite() {
                        if has_exit(&self.map, r, cur, &back) {
                            s += W_WAY_BACK;
                        }
                    }
                    s -= W_CONFLICT
                        * local_conflicts(&self.map, geo, &self.cells, cur, r, label) as f64;
                    // The move arrives by the way back: a room whose description speaks of
                    // several ways out, but not of that one, is another room.
                    if !telling {
                        if let Some(b) = label.opposite() {
                            if self.silent_on(r, &b) {
                                s -= W_SILENT;
                            } else if self.speaks_of(r, &b) {
                                s += W_SILENT / 2.0;
                            }
                        }
                        // A way that climbs from here descends back from there: a room whose
                        // description says its way back climbs too (or both descend) is another
                        // room.
                        if self.same_slope(cur, r, label) {
                            s -= W_LEVEL;
                        }
                    }
                    // Same-titled rooms on different floors: a candidate the lattice puts on
                    // another level than this move reaches is another room.
                    if let (Some(v), Some(pc), Some(pr)) =
                        (label.vector(), geo.position(cur), geo.position(r))
                    {
                        if geo.frame_of(cur) == geo.frame_of(r) && pc[2] + v[2] != pr[2] {
                            s -= W_LEVEL;
                        }
                    }
                }
                if let Some(d) = self.info(r).and_then(|i| i.desc.as_ref()) {
                    if telling {
                        // The same room prints the same description; a different one,
                        // however alike in style, shares fewer words.
                        let sim = d.similarity(&seen.desc);
                        s += if sim >= SAME_DESC {
                            W_DESC
                        } else {
                            -W_DESC * (SAME_DESC - sim) / SAME_DESC
                        };
                    }
                }
                if !telling {
                    s += W_NOVEL;
                }
                // Games that list exits name a room by them as surely as by its description.
                if let (Some(a), Some(b)) =
                    (self.info(r).and_then(|i| i.exits.as_ref()), &seen.exits)
                {
                    s += if a == b { W_DESC } else { -W_DESC };
                }
            }
            None => {
                s += if telling { W_NOVEL } else { -W_NOVEL };
                if let (Some(cur), Some(label)) = (cur, label) {
                    if target(&self.map, cur, label).is_some() {
                        s -= W_CONFLICT;
                    }
                    if here.is_some_and(|h| !self.is_slot(h)) {
                        s -= W_CONFLICT / 2.0;
                    }
                }
                let _ = geo;
            }
        }
        s
    }

    /// True when `old` and `new` (a room's earlier words, a reply's words) each name one
    /// member of group `g` by its own qualifier words ([`named_member`]), and not the same one.
    fn names_another_member(&self, g: usize, old: &[String], new: &[String]) -> bool {
        let members = self.gaz.group(g);
        match (
            named_member(self.gaz, members, old),
            named_member(self.gaz, members, new),
        ) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        }
    }

    /// For a reply that shows a title without a description ("Hall", then "To one side, a
    /// buzzing water fountain has been moved…"), the one known candidate whose earlier texts
    /// share the most of what is printed below the title, each shared word (by its stem:
    /// "buzzing" / "buzzes") weighing more the fewer candidates' texts hold it — the rooms of
    /// one title share their stock phrases ("To one side, a water fountain hums quietly."),
    /// not their own. It must lead the next candidate by [`TOLD_LEAD`].
    fn told_by_words(&self, cands: &[Cand], seen: &Seen) -> Option<RoomId> {
        use std::collections::{BTreeMap, BTreeSet};
        if seen.desc.is_telling() {
            return None;
        }
        let printed = stems(&seen.text);
        if printed.is_empty() {
            return None;
        }
        let rooms: Vec<(RoomId, &BTreeSet<String>)> = cands
            .iter()
            .filter_map(|c| c.room)
            .filter_map(|r| self.info(r).map(|i| (r, &i.text_stems)))
            .collect();
        if rooms.len() < 2 {
            return None;
        }
        let mut df: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, ws) in &rooms {
            for w in *ws {
                *df.entry(w.as_str()).or_default() += 1;
            }
        }
        let m = rooms.len() as f64;
        let mut scored: Vec<(RoomId, f64)> = rooms
            .iter()
            .map(|(r, ws)| {
                let s = printed
                    .iter()
                    .filter(|w| ws.contains(*w))
                    .map(|w| (1.0 + m / df.get(w.as_str()).copied().unwrap_or(1) as f64).ln())
                    .sum();
                (*r, s)
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        (scored[0].1 >= scored[1].1 + TOLD_LEAD).then_some(scored[0].0)
    }

    fn choose(
        &self,
        cands: &[Cand],
        seen: &Seen,
        cur: Option<RoomId>,
        label: Option<&Label>,
        here: Option<RoomId>,
    ) -> Option<usize> {
        if cands.len() <= 1 {
            return (!cands.is_empty()).then_some(0);
        }
        let told = self.told_by_words(cands, seen);
        let mut best: Option<(usize, f64)> = None;
        for (i, c) in cands.iter().enumerate() {
            let mut s = self.score_dest(c, seen, cur, label, here);
            // Words below a bare title tell its room as a description would.
            if let (Some(t), Some(r)) = (told, c.room) {
                s += if r == t { W_DESC } else { -W_DESC };
            }
            if best.is_none_or(|(_, b)| s > b + 1e-9) {
                best = Some((i, s));
            }
        }
        best.map(|b| b.0)
    }

    fn stay_or_relocate(&mut self, index: usize, seen: Option<Seen>) -> Outcome {
        let stay = |note: String, cur| Outcome {
            index,
            from: None,
            to: cur,
            label: None,
            moved: false,
            continued: false,
            note,
        };
        let Some(seen) = seen.filter(|s| s.kind <= MatchKind::Base) else {
            return stay("not a move; the room is unchanged".into(), self.cur);
        };
        let cands = self.candidates(&seen);
        // Without a list of rooms, a title-like line in the reply to a non-move is a room only
        // if the room is known or described.
        if self.gaz.is_empty() && cands.len() == 1 && !seen.desc.is_telling() && self.cur.is_some()
        {
            return stay("not a move; the room is unchanged".into(), self.cur);
        }
        // Staying put is the likeliest reading of a non-move.
        if let Some(cur) = self.cur {
            if cands.iter().any(|c| c.room == Some(cur)) {
                self.remember(cur, &seen);
                return stay("not a move; still here".into(), Some(cur));
            }
        }
        let Some(i) = self.choose(&cands, &seen, None, None, None) else {
            return stay("not a move".into(), self.cur);
        };
        let c = cands[i].clone();
        // A dark room lit up: the slot gets its name.
        if let (Some(cur), None) = (self.cur, c.room) {
            if self.is_slot(cur) {
                self.claim(cur, &c, &seen);
                return stay(
                    format!("the room is lit: it is {}", self.name_of(cur)),
                    Some(cur),
                );
            }
        }
        let r = self.realize(&c, &seen, None);
        let note = format!(
            "not a compass move, but the player is now in {}",
            self.name_of(r)
        );
        self.cur = Some(r);
        stay(note, Some(r))
    }

    fn move_along(&mut self, index: usize, obs: &str, label: Label, seen: Option<Seen>) -> Outcome {
        let cur = self.cur;
        let here = match (cur, label.vector()) {
            (Some(c), Some(v)) => self.cells.room_at(self.geo.current(), c, v, None),
            _ => None,
        };
        let mut note;
        let mut origin = None;
        let mut named_back = None;
        let mut inside = None;
        // "You're not sure which direction is which.": the move started here, wherever it led.
        let scrambled = seen.as_ref().is_some_and(|x| is_disoriented(&x.lead));
        let dst = match seen {
            Some(seen) => {
                origin = self.origin_named_before(&seen);
                let cands = self.candidates(&seen);
                let Some(i) = self.choose(&cands, &seen, cur, Some(&label), here) else {
                    return self.no_move(index, "no candidate room");
                };
                let c = cands[i].clone();
                // A slot this very move is known to lead to (its way back, or this way).
                // Unless the reply says the room it shows has no way back to where the slot was
                // entered from.
                let slot = cur.and_then(|cur| {
                    let back = label.opposite();
                    let observed = |e: &&crate::domain::map::Exit| e.origin == Origin::Observed;
                    self.map
                        .exits_from(cur)
                        .filter(observed)
                        .filter(|e| e.label == label)
                        .map(|e| e.to)
                        .chain(
                            self.map
                                .exits_to(cur)
                                .filter(observed)
                                .filter(|e| Some(&e.label) == back.as_ref())
                                .map(|e| e.from),
                        )
                        .filter(|&s| self.is_slot(s))
                        .min()
                });
                let slot = slot.filter(|&s| !self.cannot_be_slot(s, &seen));
                // A room never met before that prints no description (games print it on the
                // first visit only) was visited before: the one room entered this same way,
                // up or down, in the dark, if it is still unnamed.
                let slot = slot.or_else(|| {
                    let vertical = label.vector().is_some_and(|v| v[2] != 0);
                    if c.room.is_some() || c.group.is_some() || !vertical || seen.desc.is_telling()
                    {
                        return None;
                    }
                    the_only(self.map.rooms().map(|r| r.id).filter(|&s| {
                        self.info(s).and_then(|i| i.slot) == Some(SlotKind::Dark)
                            && Some(s) != cur
                            && self.map.exits_to(s).any(|e| e.label == label)
                    }))
                });
                let r = self.realize(&c, &seen, slot);
                named_back = self.origin_named_back(&seen, r, &label);
                inside = self
                    .enclosing_room(r, &label)
                    .or_else(|| self.passed_from(&seen, cur, r, &label));
                origin = origin.or_else(|| self.sibling_named_back(&seen, r, &label));
                note = if cands.len() > 1 {
                    format!(
                        "{} ({} candidates for \"{}\")",
                        self.name_of(r),
                        cands.len(),
                        seen.shown
                    )
                } else {
                    self.name_of(r)
                };
                r
            }
            None => {
                let dark = is_dark(obs);
                if !dark && (is_refusal(obs) || !self.all_moves) {
                    return self.no_move(index, "the move was refused or showed no room");
                }
                // A room this very move is known to reach: this way from here, or the way
                // back from there.
                let known = cur.and_then(|c| {
                    target(&self.map, c, &label).or_else(|| {
                        let back = label.opposite()?;
                        self.map
                            .exits_to(c)
                            .find(|e| {
                                e.label == back && e.origin == Origin::Observed && e.from != c
                            })
                            .map(|e| e.from)
                    })
                });
                match known {
                    Some(r) => {
                        note = format!("{} (unseen, but this way was known)", self.name_of(r));
                        r
                    }
                    None => {
                        let kind = if dark {
                            SlotKind::Dark
                        } else {
                            SlotKind::Unseen
                        };
                        let context = format!("{}\n{}", self.prev_obs, obs);
                        let r = self.slot(kind, &context);
                        note = format!("{} (named later)", kind.as_str());
                        r
                    }
                }
            }
        };
        let (src, why) = match inside.filter(|&e| e != dst) {
            Some(e) => (
                e,
                Some(format!("came from {}, {FIRM_MARK}", self.name_of(e))),
            ),
            None => match cur.filter(|&c| scrambled && c != dst) {
                Some(c) => (
                    c,
                    Some(format!(
                        "came from {}, {FIRM_MARK}: the game scrambled the way",
                        self.name_of(c)
                    )),
                ),
                None => self.choose_source(cur, dst, &label, obs, origin, named_back),
            },
        };
        if why.as_ref().is_some_and(|w| w.contains(FIRM_MARK)) {
            self.firm.insert(index);
        }
        if let Some(w) = why {
            note = format!("{note}; {w}");
        }
        if src != dst && !has_exit(&self.map, src, dst, &label) {
            self.add_observed(src, dst, &label);
        }
        self.cur = Some(dst);
        Outcome {
            index,
            from: Some(src),
            to: Some(dst),
            label: Some(label),
            moved: true,
            continued: cur == Some(src),
            note,
        }
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

    /// Where did the move start? The current room unless the evidence says otherwise.
    fn choose_source(
        &mut self,
        cur: Option<RoomId>,
        dst: RoomId,
        label: &Label,
        obs: &str,
        origin: Option<usize>,
        named_back: Option<RoomId>,
    ) -> (RoomId, Option<String>) {
        if let Some(p) = origin {
            let r = match self.by_place.get(p).copied().flatten() {
                Some(r) => r,
                None => {
                    let name = self
                        .gaz
                        .place(p)
                        .map(|x| x.name.clone())
                        .unwrap_or_default();
                    self.new_room(
                        &name,
                        RoomInfo {
                            place: Some(p),
                            ..RoomInfo::default()
                        },
                    )
                }
            };
            if r != dst {
                return (
                    r,
                    Some(format!("came from {}, {FIRM_MARK}", self.name_of(r))),
                );
            }
        }
        let back = label.opposite();
        // A way back to a room whose same way out leads here, where the player is, cannot be
        // right (one room, one way, one destination): it is no evidence either way.
        let way_back = back
            .as_ref()
            .and_then(|b| target(&self.map, dst, b))
            .filter(|&y| cur.is_none_or(|c| target(&self.map, y, label) != Some(c)));
        let behind = label.vector().and_then(|v| {
            self.cells
                .room_at(self.geo.current(), dst, [-v[0], -v[1], -v[2]], None)
        });
        let mut best: Option<(RoomId, f64, String)> = None;
        let offer = |r: RoomId, s: f64, why: String, best: &mut Option<(RoomId, f64, String)>| {
            if best.as_ref().is_none_or(|b| s > b.1 + 1e-9) {
                *best = Some((r, s, why));
            }
        };
        let mut cur_barred = false;
        if let Some(c) = cur.filter(|&c| c != dst) {
            let mut s = -W_CONFLICT
                * local_conflicts(&self.map, self.geo.current(), &self.cells, c, dst, label) as f64;
            if way_back.is_some_and(|y| y != c) {
                s -= BREAK_BACK + 1.0;
            }
            // The description puts another room the way back, and no known exit joins the
            // two: the player was not here.
            if named_back.is_some_and(|n| n != c && !joined(&self.map, c, n)) {
                s -= BREAK_BACK + 1.0;
            }
            // A transcript of moves only keeps each exit's first walk (a cleaned walkthrough):
            // a way out of the current room already walked to elsewhere is not walked again
            // here, so the steps that led elsewhere were skipped.
            if self.all_moves && target(&self.map, c, label).is_some_and(|t| t != dst) {
                s -= BREAK_SLOT;
            }
            // The exits the game listed here (last time shown, else on any visit) do not
            // include this way: the steps that led elsewhere were skipped.
            let barred = match listed_exits(&self.prev_obs)
                .as_deref()
                .and_then(listed_ways)
            {
                Some(ways) => unlisted(&ways, label),
                None => self.rules_out(c, label),
            };
            // Or the description says the place is a dead end, and this is not the way back.
            let barred = barred || (self.all_moves && self.dead_end_bars(c, label));
            cur_barred = barred;
            if barred {
                s -= BREAK_SLOT;
            }
            offer(c, s, String::new(), &mut best);
        }
        if let Some(y) =
            way_back.filter(|&y| Some(y) != cur && y != dst && !self.rules_out(y, label))
        {
            offer(
                y,
                -BREAK_BACK,
                format!("came from {}: {FIRM_MARK}", self.name_of(y)),
                &mut best,
            );
        }
        if let Some(n) =
            named_back.filter(|&n| Some(n) != cur && n != dst && !self.rules_out(n, label))
        {
            offer(
                n,
                -BREAK_BACK - 0.5,
                format!(
                    "came from {}: the description puts it the way back",
                    self.name_of(n)
                ),
                &mut best,
            );
        }
        if let Some(n) = self
            .named_beside(dst, label)
            .filter(|&n| Some(n) != cur && !self.rules_out(n, label))
        {
            offer(
                n,
                -BREAK_BACK - 0.5,
                format!(
                    "came from {}: its name puts it the way back",
                    self.name_of(n)
                ),
                &mut best,
            );
        }
        if let Some(z) = behind.filter(|&z| Some(z) != cur && z != dst && !self.rules_out(z, label))
        {
            offer(
                z,
                -BREAK_POSITION,
                format!("came from {}: it lies that way", self.name_of(z)),
                &mut best,
            );
        }
        if let Some((r, _, why)) = best.filter(|b| b.1 > -BREAK_SLOT) {
            return (r, (!why.is_empty()).then_some(why));
        }
        if let Some(r) = cur.and_then(|c| self.skipped_to(c, dst, label)) {
            return (
                r,
                Some(format!(
                    "came from {}, the nearest room the skipped steps could reach with this way out unwalked",
                    self.name_of(r)
                )),
            );
        }
        if let Some(r) = cur
            .filter(|_| self.all_moves && cur_barred)
            .and_then(|c| self.speaker_of(c, dst, label))
        {
            return (
                r,
                Some(format!(
                    "came from {}: the current room's text or listed exits rule this way out, and it is the one known room whose text speaks of the way with the way unwalked (or the one of those that shares a word with the arrival's description)",
                    self.name_of(r)
                )),
            );
        }
        if let Some(r) = cur
            .filter(|&c| c != dst)
            .and_then(|c| self.left_inside(c, dst, label, obs))
        {
            return (
                r,
                Some(format!(
                    "came from {}, inside a thing the reply shows here",
                    self.name_of(r)
                )),
            );
        }
        let why = if cur.is_none() {
            "the starting room is unknown".to_string()
        } else if cur == Some(dst) {
            "the move cannot start where it ends".to_string()
        } else {
            "the move cannot have started in the current room".to_string()
        };
        let context = format!("{}\n{}", self.prev_obs, obs);
        let s = self.slot(SlotKind::Source, &context);
        (
            s,
            Some(format!("{why}; started in {}", SlotKind::Source.as_str())),
        )
    }

    /// In a transcript of moves only (each exit's first walk kept, re-walks dropped), when the
    /// current room's way `label` was walked before to elsewhere: the nearest room the dropped
    /// steps could have reached along known exits whose way `label` is still unwalked, not
    /// known to lead back elsewhere (a move the opposite way arrived there from another room
    /// than `dst`) and not ruled out by its listed exits, and which the lattice does not place
    /// elsewhere than one step back from `dst` — the nearest such room whose printed text speaks
    /// of the way ([`Self::printed_of`]), if one does.
    fn skipped_to(&self, cur: RoomId, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !self.all_moves || target(&self.map, cur, label).is_none_or(|t| t == dst) {
            return None;
        }
        let geo = self.geo.current();
        let want = label.vector().and_then(|v| {
            let p = geo.position(dst)?;
            Some((geo.frame_of(dst)?, [p[0] - v[0], p[1] - v[1], p[2] - v[2]]))
        });
        let fits = |r: RoomId| match (want, geo.frame_of(r), geo.position(r)) {
            (Some((f, w)), Some(g), Some(p)) if f == g => p == w,
            _ => true,
        };
        let mut seen = std::collections::HashSet::from([cur]);
        let mut queue = std::collections::VecDeque::from([(cur, 0usize)]);
        let mut first = None;
        while let Some((r, d)) = queue.pop_front() {
            if r != cur && r != dst && self.way_free_to(r, dst, label) && fits(r) {
                if self.printed_of(r, label) {
                    return Some(r);
                }
                first = first.or(Some(r));
            }
            if d >= SKIP_DEPTH {
                continue;
            }
            let next: Vec<RoomId> = self
                .map
                .exits_from(r)
                .map(|e| e.to)
                .chain(self.map.exits_to(r).map(|e| e.from))
                .collect();
            for n in next {
                if seen.insert(n) {
                    queue.push_back((n, d + 1));
                }
            }
        }
        first
    }

    /// Where a move that cannot have left `cur` started (its listed exits or sole way leave out
    /// this way, or it is a dead end, see [`Self::dead_end_bars`]): among the known rooms whose
    /// text speaks of this way ([`Self::printed_of`]) — with the way unwalked, not known to lead
    /// back elsewhere and not ruled out by its listed exits — the only one, else the only one
    /// that shares a word other than a way with `dst`'s description ("four stairways leaving
    /// the room at the four compass points" and "a landing on the stairway"): a way is
    /// described by what it is at both ends. Nothing when `dst`'s way back already leads
    /// somewhere. Only where the current room is ruled out: that a room merely speaks of a
    /// free way is too weak a sign to move a start the text does not contradict.
    fn speaker_of(&self, cur: RoomId, dst: RoomId, label: &Label) -> Option<RoomId> {
        if label
            .opposite()
            .is_some_and(|b| target(&self.map, dst, &b).is_some())
        {
            return None;
        }
        let found: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| {
                r != cur
                    && r != dst
                    && !self.is_slot(r)
                    && self.printed_of(r, label)
                    && self.way_free_to(r, dst, label)
            })
            .collect();
        let thing_words = |r: RoomId| {
            stems(
                &self
                    .info(r)
                    .and_then(|i| i.desc_text.as_deref())
                    .map(words)
                    .unwrap_or_default(),
            )
        };
        if let Some(r) = the_only(found.iter().copied()) {
            return Some(r);
        }
        let own = thing_words(dst);
        the_only(
            found
                .into_iter()
                .filter(|&r| !thing_words(r).is_disjoint(&own)),
        )
    }

    /// When the current room cannot be where a move started and no nearer room tells: the one
    /// known room listed as the inside of a thing ("inside stump") that this move's reply shows
    /// ("hollow stump and remains of a felled tree" in the Dismal Swamp), whose way is unwalked
    /// and not ruled out by its listed exits. One climbs out of a thing into the room it stands
    /// in — the mirror of [`Self::enclosing_room`].
    fn left_inside(&self, cur: RoomId, dst: RoomId, label: &Label, obs: &str) -> Option<RoomId> {
        let printed = words(obs);
        let inside_shown = |r: RoomId| {
            self.info(r)
                .and_then(|i| i.place)
                .and_then(|p| self.gaz.place(p))
                .and_then(|p| {
                    p.base
                        .strip_prefix("inside ")
                        .or_else(|| p.base.strip_prefix("in "))
                })
                .is_some_and(|thing| {
                    let ws = words(thing);
                    !ws.is_empty() && ws.iter().all(|w| printed.contains(w))
                })
        };
        the_only(self.map.rooms().map(|r| r.id).filter(|&r| {
            r != cur
                && r != dst
                && !self.is_slot(r)
                && target(&self.map, r, label).is_none()
                && !self.rules_out(r, label)
                && inside_shown(r)
        }))
    }

    /// True when anything printed under `r`'s title, on any visit, speaks of this compass way
    /// ("The heavy wooden door to the north is closed." below a blank line under the title,
    /// where [`description_after`] reads no description).
    fn printed_of(&self, r: RoomId, label: &Label) -> bool {
        self.info(r).is_some_and(|i| {
            label
                .direction()
                .filter(|d| d.vector().is_some())
                .is_some_and(|d| i.printed_ways.contains(&d))
        })
    }

    /// True when this way out of `r` is free to have led to `dst`: not walked yet, not known to
    /// lead back elsewhere ([`Self::returns_elsewhere`]) and not ruled out by `r`'s listed exits
    /// or sole way ([`Self::rules_out`]).
    fn way_free_to(&self, r: RoomId, dst: RoomId, label: &Label) -> bool {
        target(&self.map, r, label).is_none()
            && !self.returns_elsewhere(r, dst, label)
            && !self.rules_out(r, label)
    }

    /// True when a move the opposite way arrived in `r` from a room other than `dst`: going
    /// this way from `r` leads back there, not to `dst`.
    fn returns_elsewhere(&self, r: RoomId, dst: RoomId, label: &Label) -> bool {
        let Some(back) = label.opposite() else {
            return false;
        };
        self.map.exits_to(r).any(|e| {
            e.label == back && e.origin == Origin::Observed && e.from != dst && e.from != r
        })
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

    /// A listed room that the text before the title names ("You get off the bench.", "You get
    /// out of the rail car."), if the room was never shown by a title: the move started there —
    /// unless the room the player is in answers to the text as well.
    fn origin_named_before(&self, seen: &Seen) -> Option<usize> {
        if seen.before.is_empty() {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        for (p, place) in self.gaz.places().iter().enumerate() {
            if self.gaz.group_of(p).is_some()
                || self.titled.get(p).copied().unwrap_or(true)
                || seen.places.iter().any(|q| q.0 == p)
            {
                continue;
            }
            if let Some(r) = self.by_place.get(p).copied().flatten() {
                if self.info(r).is_some_and(|i| i.title.is_some()) {
                    continue;
                }
            }
            let f = context_fit(place, &seen.before);
            if f >= SLOT_CUE && best.is_none_or(|b| f > b.1 + 1e-9) {
                best = Some((p, f));
            }
        }
        // The room the player is in answers to the text as well ("You climb out of the pit."
        // in the Glue Pit): the move started there.
        let here = self
            .cur
            .and_then(|c| self.info(c))
            .and_then(|i| i.place)
            .and_then(|p| self.gaz.place(p))
            .map_or(0.0, |place| context_fit(place, &seen.before));
        best.filter(|_| here < SLOT_CUE).map(|b| b.0)
    }

    /// For a move in (`in`, `enter`) to a room listed as being inside or on something in
    /// another listed room ("the main hall, by the fireplace (in the large fireplace)"): that
    /// other room ("main hall, by the fireplace"), if it is on the map. One climbs into a thing
    /// from the room it stands in, whatever steps the transcript skipped before.
    fn enclosing_room(&self, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !matches!(label.direction(), Some(Direction::In | Direction::Enter)) {
            return None;
        }
        let own = self.info(dst)?.place?;
        let name = self.gaz.place(own)?.name.to_lowercase();
        let (base, inner) = name.split_once('(')?;
        let inner = inner.trim_start();
        if !["in ", "on ", "inside ", "aboard "]
            .iter()
            .any(|p| inner.starts_with(p))
        {
            return None;
        }
        let base = title_key(base);
        let base = without_article(&base).to_string();
        if base.is_empty() {
            return None;
        }
        // The room listed by that name, or shown by that title.
        let named = |r: RoomId| {
            r != dst
                && self.info(r).is_some_and(|i| {
                    i.place
                        .and_then(|p| self.gaz.place(p))
                        .is_some_and(|p| without_article(&p.key) == base)
                        || (i.place.is_none()
                            && i.title
                                .as_deref()
                                .is_some_and(|t| without_article(&title_key(t)) == base))
                })
        };
        the_only(self.map.rooms().map(|r| r.id).filter(|&r| named(r)))
    }

    /// A same-titled listed room the arrival's description puts the way back, told from the
    /// others of its title by the arrival's own name: after a move west into the Soldiers'
    /// Barracks, "To the east is the Railway Station" among "railway station (smithy court)",
    /// "railway station (soldiers' barracks)", … names the station by the barracks. The clause
    /// (between commas) must name the way back and no other way, and the whole title; the
    /// arrival must have no known way back, nor a room of that title beside it already (the
    /// one met before).
    fn sibling_named_back(&self, seen: &Seen, dst: RoomId, label: &Label) -> Option<usize> {
        let back = label.opposite()?.direction()?;
        back.vector()?;
        // A way back already known speaks for itself.
        if target(&self.map, dst, &Label::Dir(back)).is_some() {
            return None;
        }
        let own = self.room_words(dst);
        if own.is_empty() {
            return None;
        }
        let mut found = None;
        for ws in only_way(&seen.desc_text, &['.', '!', '?', ';', ','], back) {
            for g in 0..self.gaz.group_count() {
                let members = self.gaz.group(g);
                let Some(title) = members.first().and_then(|&p| self.gaz.place(p)) else {
                    continue;
                };
                let t = &title.base_words;
                if t.is_empty() || !ws.windows(t.len()).any(|w| w == t.as_slice()) {
                    continue;
                }
                // A room of the title already beside the arrival is the one met before.
                if self
                    .map
                    .rooms()
                    .any(|x| self.group_of_room(x.id) == Some(g) && joined(&self.map, x.id, dst))
                {
                    continue;
                }
                let by_own = members
                    .iter()
                    .copied()
                    .filter(|&p| self.gaz.place(p).is_some_and(|pl| pl.qualifier == own));
                if let Some(p) = the_only(by_own) {
                    if found.is_some_and(|f| f != p) {
                        return None;
                    }
                    found = Some(p);
                }
            }
        }
        found
    }

    /// The room the move started in when the text before the title says the player went
    /// through a thing ("You pass through the creaky turnstile.") that the current room's
    /// description does not speak of this way, and exactly one other room's description does
    /// ("You're standing in front of the turnstile entrance to a fenced-in area, which is
    /// south." before a move south): a doorway is described from the side one leaves by.
    fn passed_from(
        &self,
        seen: &Seen,
        cur: Option<RoomId>,
        dst: RoomId,
        label: &Label,
    ) -> Option<RoomId> {
        let things = passed_things(&seen.lead);
        if things.is_empty() {
            return None;
        }
        let speaks = |r: RoomId| {
            self.info(r)
                .filter(|i| things.iter().any(|t| i.desc_words.binary_search(t).is_ok()))
                .and_then(|i| i.desc_text.as_deref())
                .is_some_and(|d| {
                    d.split(['.', '!', '?', ';']).any(|sentence| {
                        let ws = words(sentence);
                        things.iter().any(|t| ws.contains(t)) && mentions(sentence, label)
                    })
                })
        };
        if cur.is_some_and(speaks) {
            return None;
        }
        the_only(
            self.map
                .rooms()
                .map(|r| r.id)
                .filter(|&r| r != dst && Some(r) != cur && !self.is_slot(r) && speaks(r)),
        )
    }

    /// The room the arrival's description places the way back towards ("To the west is the
    /// stairway to the round room." after a move east): a sentence that names the way back and
    /// no other way, and the whole name of exactly one other known room. The sentence may stand
    /// in any paragraph below the title ("To the southeast, a gentle slope leads to a hilltop
    /// covered with wild grass." below the Schoolyard's first paragraph). A name the
    /// destination's own name contains ("the north end of the stalagmite room") does not count.
    fn origin_named_back(&self, seen: &Seen, dst: RoomId, label: &Label) -> Option<RoomId> {
        let back = label.opposite()?.direction()?;
        back.vector()?;
        let own = self.room_words(dst);
        // A name inside a longer listed name ("main street" in "extreme south main street")
        // may be that room.
        let counts = |r: RoomId, w: &[String]| {
            r != dst
                && !w.iter().all(|x| own.contains(x))
                && !self.gaz.places().iter().any(|p| {
                    p.base_words.len() > w.len() && p.base_words.windows(w.len()).any(|x| x == w)
                })
        };
        let mut found: Option<RoomId> = None;
        for ws in only_way(&seen.below, &['.', '!', '?', ';'], back) {
            for len in 1..=ws.len().min(self.roster.longest()) {
                for win in ws.windows(len) {
                    for &r in self.roster.named(win) {
                        if counts(r, win) {
                            if found.is_some_and(|f| f != r) {
                                return None;
                            }
                            found = Some(r);
                        }
                    }
                }
            }
        }
        found
    }

    /// The one other room whose name puts it the way back from `dst`: the destination's name
    /// with the way back added ("admin corridor south" after a move north into "admin
    /// corridor"), or without this way ("mech corridor" for a move north into "mech corridor
    /// north").
    fn named_beside(&self, dst: RoomId, label: &Label) -> Option<RoomId> {
        let way = label.direction().filter(|d| d.vector().is_some())?;
        let back = way.opposite();
        let own = self.room_words(dst);
        if own.is_empty() {
            return None;
        }
        let beside = |w: &[String]| {
            let extra = |longer: &[String], shorter: &[String], d: Direction| {
                longer.len() == shorter.len() + 1
                    && ((longer[1..] == *shorter && Direction::from_word(&longer[0]) == Some(d))
                        || (longer[..shorter.len()] == *shorter
                            && Direction::from_word(&longer[shorter.len()]) == Some(d)))
            };
            extra(w, &own, back) || extra(&own, w, way)
        };
        // The names one compass word longer than this one, and this one less a compass word.
        let mut near: Vec<RoomId> = self.roster.named_with_way(&own).to_vec();
        if let (Some(first), Some(last)) = (own.first(), own.last()) {
            if own.len() >= 2 && Direction::from_word(first) == Some(way) {
                near.extend_from_slice(self.roster.named(&own[1..]));
            }
            if own.len() >= 2 && Direction::from_word(last) == Some(way) {
                near.extend_from_slice(self.roster.named(&own[..own.len() - 1]));
            }
        }
        near.sort_unstable();
        near.dedup();
        the_only(
            near.into_iter()
                .filter(|&r| r != dst && self.roster.words_of(r).is_some_and(|w| beside(w))),
        )
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

    /// How many steps made each move (start, end, direction).
    fn moves_made(&self) -> std::collections::HashMap<(RoomId, RoomId, Label), usize> {
        let mut made = std::collections::HashMap::new();
        for o in &self.outcomes {
            if let (true, Some(f), Some(t), Some(l)) = (o.moved, o.from, o.to, o.label.clone()) {
                *made.entry((f, t, l)).or_default() += 1;
            }
        }
        made
    }

    /// True when, in a whole transcript (not one of moves only, with steps dropped), the reply
    /// before step `k` showed the player in `from`: a move from there did start there.
    fn shown_in(&self, k: usize, from: RoomId) -> bool {
        !self.all_moves
            && k.checked_sub(1).is_some_and(|j| {
                self.showed.get(j).copied().unwrap_or(false)
                    && self.outcomes.get(j).is_some_and(|p| p.to == Some(from))
            })
    }

    /// Step `k`'s move started in `s`, as the text or a way back says: its exit leaves `s`
    /// instead of the old start (whose exit goes unless another step made it too).
    fn restart(&mut self, k: usize, s: RoomId, why: &str) {
        let Some((Some(from), Some(to), Some(label))) = self
            .outcomes
            .get(k)
            .map(|o| (o.from, o.to, o.label.clone()))
        else {
            return;
        };
        let made_again = self.outcomes.iter().enumerate().any(|(j, o)| {
            j != k
                && o.moved
                && o.from == Some(from)
                && o.to == Some(to)
                && o.label.as_ref() == Some(&label)
        });
        if !made_again {
            let gone: Vec<ExitId> = self
                .map
                .exits_between(from, to)
                .filter(|e| e.label == label && e.origin == Origin::Observed)
                .map(|e| e.id)
                .collect();
            for id in gone {
                let _ = self.map.remove_exit(id);
            }
        }
        if !has_exit(&self.map, s, to, &label) {
            let _ = self.map.add_exit(s, to, label, Origin::Observed);
        }
        self.firm.insert(k);
        let cont = k
            .checked_sub(1)
            .and_then(|j| self.outcomes.get(j))
            .and_then(|p| p.to);
        let name = if self.is_slot(s) {
            SlotKind::Source.as_str().to_string()
        } else {
            self.name_of(s)
        };
        if let Some(o) = self.outcomes.get_mut(k) {
            o.from = Some(s);
            o.continued = cont == Some(s);
            o.note = format!("{}; {why}: came from {name}, {FIRM_MARK}", o.note);
        }
    }

    /// Moves whose replies open with one sentence about leaving, word for word ("As you leave,
    /// the "1" cube reappears in your hand."), left one room: the game says the same thing
    /// whenever the player leaves it. When the tracker started them in different rooms (a
    /// transcript of moves only, whose dropped steps took the player back there each time),
    /// they all start in the one room the text or a way back vouches for among their starts
    /// (in a whole transcript, a reply that showed the player there too), else in a room the
    /// transcript never showed; starts vouched for in two rooms leave them as they are. A move
    /// whose sentence differs from such a repeated one in one word only ("the "2" cube") left
    /// another room of the kind: a room of its own, never shown. `steps` are the steps
    /// observed; the words of their replies name that room.
    fn left_alike(&mut self, steps: &[Step]) {
        let about_leaving = |ws: &[String]| ws.iter().any(|w| LEAVING.contains(&w.as_str()));
        let mut by_lead: std::collections::BTreeMap<&[String], Vec<usize>> =
            std::collections::BTreeMap::new();
        for (k, o) in self.outcomes.iter().enumerate() {
            let Some(lead) = self.leads.get(k).filter(|l| about_leaving(l)) else {
                continue;
            };
            if o.moved && o.from.is_some() && o.to.is_some() {
                by_lead.entry(lead.as_slice()).or_default().push(k);
            }
        }
        let repeated: Vec<&[String]> = by_lead
            .iter()
            .filter(|(_, ks)| ks.len() > 1)
            .map(|(l, _)| *l)
            .collect();
        let one_word_off = |a: &[String], b: &[String]| {
            a.len() == b.len() && a.iter().zip(b).filter(|(x, y)| x != y).count() == 1
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (lead, ks) in &by_lead {
            let starts: std::collections::BTreeSet<RoomId> =
                ks.iter().filter_map(|&k| self.outcomes[k].from).collect();
            let apart = ks.len() > 1 && starts.len() > 1;
            let variant = ks.len() == 1 && repeated.iter().any(|r| one_word_off(r, lead));
            if apart || variant {
                groups.push(ks.clone());
            }
        }
        for ks in groups {
            // A reply that showed the player in a start vouches for it too.
            let firm: std::collections::BTreeSet<RoomId> = ks
                .iter()
                .filter_map(|&k| self.outcomes[k].from.map(|f| (k, f)))
                .filter(|&(k, f)| self.firm.contains(&k) || self.shown_in(k, f))
                .map(|(_, f)| f)
                .collect();
            // Starts vouched for in more than one room: the sentence is not about the room.
            let shared = match firm.first().copied() {
                Some(_) if firm.len() > 1 => continue,
                Some(r) => r,
                None => {
                    let context: Vec<&str> = ks
                        .iter()
                        .filter_map(|&k| steps.get(k).map(|s| s.observation.as_str()))
                        .collect();
                    self.slot(SlotKind::Source, &context.join("\n"))
                }
            };
            for &k in &ks {
                let o = &self.outcomes[k];
                if o.from != Some(shared) && o.to != Some(shared) {
                    self.restart(
                        k,
                        shared,
                        "its reply opens as other moves' do that left one room",
                    );
                }
            }
        }
    }

    /// True when a step made the move `from --way--> to` still taken to start where the
    /// previous step left the player, its reply described `to` in full (a room shown by its
    /// title alone had been visited before), and a move leaves `to` the way back to a third
    /// room: the move's own way back leads elsewhere, so it is the move that started elsewhere.
    fn went_on_elsewhere(
        &self,
        from: RoomId,
        to: RoomId,
        way: &Label,
        back: &Label,
        made: &std::collections::HashMap<(RoomId, RoomId, Label), usize>,
    ) -> bool {
        let described = self.outcomes.iter().enumerate().any(|(j, o)| {
            o.moved
                && o.continued
                && o.from == Some(from)
                && o.to == Some(to)
                && o.label.as_ref() == Some(way)
                && self.described.get(j).copied().unwrap_or(false)
        });
        described
            && self.map.exits_from(to).any(|x| {
                &x.label == back
                    && x.to != from
                    && x.to != to
                    && made.contains_key(&(to, x.to, back.clone()))
            })
    }

    /// Hindsight: a move taken to start where the previous step left the player, which the
    /// finished map places elsewhere — the lattice, built from every other move, puts another
    /// room one step back from its destination — started in that room: the transcript skipped
    /// the steps that led there.
    fn revisit_sources(&mut self) {
        // How many steps made each move (a move two steps made is not in doubt).
        let mut made = self.moves_made();
        let mut lattice = Lattice::of(&self.map);
        for k in 0..self.outcomes.len() {
            let o = &self.outcomes[k];
            let (true, true, Some(from), Some(to), Some(label)) =
                (o.moved, o.continued, o.from, o.to, o.label.clone())
            else {
                continue;
            };
            if made.get(&(from, to, label.clone())).copied().unwrap_or(0) > 1 {
                continue;
            }
            let Some(eid) = self
                .map
                .exits_between(from, to)
                .find(|e| e.label == label && e.origin == Origin::Observed)
                .map(|e| e.id)
            else {
                continue;
            };
            // Memory: another step went back from the destination the opposite way, to
            // another room — unless that step showed the room in full (it may be new there)
            // and its own way back leads elsewhere again: then that step is the one that
            // started elsewhere, and it says nothing of this move.
            let back = label.opposite();
            let way_back = back.as_ref().and_then(|b| {
                self.map
                    .exits_from(to)
                    .find(|e| {
                        &e.label == b
                            && e.to != from
                            && e.to != to
                            && made.contains_key(&(to, e.to, b.clone()))
                            && !self.went_on_elsewhere(to, e.to, b, &label, &made)
                    })
                    .map(|e| e.to)
            });
            // The finished map without this move: does it place the move's start one step
            // back from its destination, or somewhere else?
            let v = label.vector();
            let Some((miss, rebuilt)) = lattice.without(&self.map, eid, from, to, v) else {
                continue;
            };
            if miss.is_some_and(|m| m < HINDSIGHT_MISS) {
                continue;
            }
            let (s, why) = if let Some(y) = way_back {
                self.firm.insert(k);
                (y, "its way back leads there")
            } else {
                let (Some(v), Some(_)) = (v, miss) else {
                    continue;
                };
                // Between two rooms of one title (a maze's), the lattice is no guide: a maze's
                // passages twist, and its moves are what place its rooms.
                if self.group_of_room(from).is_some()
                    && self.group_of_room(from) == self.group_of_room(to)
                {
                    continue;
                }
                let (geo, cells) = match &rebuilt {
                    Some((geo, cells, _)) => (geo, cells),
                    None => (&lattice.geo, &lattice.cells),
                };
                let Some(s) = cells.room_at(geo, to, [-v[0], -v[1], -v[2]], Some(from)) else {
                    continue;
                };
                self.firm.remove(&k);
                (s, "which lies that way")
            };
            let _ = self.map.remove_exit(eid);
            if !has_exit(&self.map, s, to, &label) {
                let _ = self.map.add_exit(s, to, label.clone(), Origin::Observed);
            }
            lattice = Lattice::of(&self.map);
            if let Some(c) = made.get_mut(&(from, to, label.clone())) {
                *c -= 1;
            }
            *made.entry((s, to, label.clone())).or_default() += 1;
            let name = self.name_of(s);
            let o = &mut self.outcomes[k];
            o.from = Some(s);
            o.continued = false;
            o.note = format!("{}; in hindsight it started in {name}, {why}", o.note);
        }
    }

    /// Two moves, each taken to start where the previous step left the player, made once, and
    /// vouched for by nothing (in a whole transcript, not by a reply that showed the player
    /// there), in rooms whose descriptions speak of several other ways but not of the move's,
    /// that would be each other's way back had each started where the other ended (opposite
    /// ways, each free there): they did. Reverb's parlor ("To the south is an exit to the
    /// street.") and clothing department ("You may exit to the north. ...") left by east and
    /// west: the two streets are each other's way back.
    fn crossed_ways_back(&mut self) {
        let made = self.moves_made();
        let cands: Vec<(usize, RoomId, RoomId, Label)> = self
            .outcomes
            .iter()
            .enumerate()
            .filter_map(|(k, o)| {
                let (true, true, Some(f), Some(t), Some(l)) =
                    (o.moved, o.continued, o.from, o.to, o.label.clone())
                else {
                    return None;
                };
                let once = made.get(&(f, t, l.clone())).copied().unwrap_or(0) == 1;
                let vouched = self.firm.contains(&k) || self.shown_in(k, f);
                (once && !vouched && f != t && self.silent_on(f, &l)).then_some((k, f, t, l))
            })
            .collect();
        let mut done = std::collections::HashSet::new();
        for (i, (k1, a, b, l1)) in cands.iter().enumerate() {
            for (k2, c, d, l2) in cands.iter().skip(i + 1) {
                if done.contains(k1) || done.contains(k2) || l1.opposite().as_ref() != Some(l2) {
                    continue;
                }
                if b == d || a == d || c == b {
                    continue;
                }
                // Each start's way is free where the other move ended.
                if target(&self.map, *d, l1).is_some() || target(&self.map, *b, l2).is_some() {
                    continue;
                }
                let why = "it and the move back the other way would be each other's way back";
                self.restart(*k1, *d, why);
                self.restart(*k2, *b, why);
                done.insert(*k1);
                done.insert(*k2);
            }
        }
    }

    /// A compass move, made once and vouched for by nothing, out of the room the previous step
    /// left the player in, whose description speaks of other ways but not of this one, started
    /// further back along the way the player came: in the first room whose text speaks of the
    /// way (unwalked there, not ruled out, not known to lead back elsewhere), when every room
    /// walked through since names the way back of the move into it ("Below it is the shaft
    /// that you entered this room by", "To the south is the stairway up") and is silent on the
    /// way itself. The transcript skipped the walk back. The room must lie two or more moves
    /// back: a room one move back that speaks of the way is as often a near miss as the start
    /// (the player stepped elsewhere from there), while two rooms in a row that say how to go
    /// back and not onward are strong evidence that the player went back.
    fn walked_back(&mut self) {
        let made = self.moves_made();
        for k in 0..self.outcomes.len() {
            let o = &self.outcomes[k];
            let (true, true, Some(c), Some(d), Some(label)) =
                (o.moved, o.continued, o.from, o.to, o.label.clone())
            else {
                continue;
            };
            if !label.direction().is_some_and(Direction::is_level) {
                continue;
            }
            if made.get(&(c, d, label.clone())).copied().unwrap_or(0) != 1
                || self.firm.contains(&k)
                || c == d
                || !self.silent_on(c, &label)
            {
                continue;
            }
            if label
                .opposite()
                .is_some_and(|b| target(&self.map, d, &b).is_some_and(|t| t != c))
            {
                continue;
            }
            let mut room = c;
            let mut j = k;
            let mut found = None;
            for depth in 1..=WALK_BACK_DEPTH {
                let Some(p) = j.checked_sub(1).and_then(|i| self.outcomes.get(i)) else {
                    break;
                };
                let (true, Some(a), Some(b), Some(l)) = (p.moved, p.from, p.to, p.label.clone())
                else {
                    break;
                };
                if b != room || a == room {
                    break;
                }
                if !l.opposite().is_some_and(|back| self.speaks_of(room, &back)) {
                    break;
                }
                if self.printed_of(a, &label) {
                    if depth >= 2 && a != d && !self.is_slot(a) && self.way_free_to(a, d, &label) {
                        found = Some(a);
                    }
                    break;
                }
                if !self.silent_on(a, &label) {
                    break;
                }
                room = a;
                j -= 1;
                if !p.continued {
                    break;
                }
            }
            if let Some(a) = found {
                self.restart(k, a, "the player walked back to it");
            }
        }
    }

    /// Every move's start judged again by how well all moves agree (see [`super::consistency`]);
    /// the map's exits are rebuilt from the moves, and a slot no move starts or ends in any
    /// more is dropped.
    fn reconsider_sources(&mut self) {
        let mut at = Vec::new();
        let mut moves = Vec::new();
        let geo = Geometry::infer(&self.map);
        let cells = Cells::of(&geo);
        for (k, o) in self.outcomes.iter().enumerate() {
            if let (true, Some(from), Some(to), Some(label)) = (o.moved, o.from, o.to, &o.label) {
                let cont = k
                    .checked_sub(1)
                    .and_then(|j| self.outcomes.get(j))
                    .and_then(|p| p.to);
                let placed = label
                    .vector()
                    .and_then(|v| cells.room_at(&geo, to, [-v[0], -v[1], -v[2]], Some(from)));
                at.push(k);
                moves.push(Move {
                    from,
                    to,
                    label: label.clone(),
                    cont,
                    placed,
                    firm: self.firm.contains(&k),
                    shown: self.shown_in(k, from),
                });
            }
        }
        let starts = resolve_sources(&moves, |r, label| {
            if self.map.room(r).is_none() {
                Said::Nothing
            } else if self.rules_out(r, label) {
                Said::Barred
            } else if self.silent_on(r, label) {
                Said::Silent
            } else {
                Said::Nothing
            }
        });
        let mut changed = false;
        for ((&k, m), s) in at.iter().zip(&moves).zip(starts) {
            if s == m.from {
                continue;
            }
            changed = true;
            let name = self.name_of(s);
            let o = &mut self.outcomes[k];
            o.from = Some(s);
            o.continued = m.cont == Some(s);
            o.note = format!("{}; on second look it started in {name}", o.note);
        }
        if !changed {
            return;
        }
        let old: Vec<ExitId> = self.map.exits().map(|e| e.id).collect();
        for id in old {
            let _ = self.map.remove_exit(id);
        }
        let mut used = std::collections::HashSet::new();
        for o in &self.outcomes {
            used.extend(o.to);
            if let (true, Some(from), Some(to), Some(label)) = (o.moved, o.from, o.to, &o.label) {
                used.insert(from);
                if from != to && !has_exit(&self.map, from, to, label) {
                    let _ = self.map.add_exit(from, to, label.clone(), Origin::Observed);
                }
            }
        }
        let orphans: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| self.is_slot(r) && !used.contains(&r))
            .collect();
        for r in orphans {
            let _ = self.map.remove_room(r);
        }
    }

    /// A move the map cannot hold (see [`super::misfit`]) started elsewhere: in the known room the
    /// lattice puts one step back from its end once the move is gone, if that room's way is
    /// free, else in a room the transcript never showed (a slot, named later from the words of
    /// the move's reply).
    fn detach_misfits(&mut self, steps: &[Step]) {
        let made = self.moves_made();
        let candidates: Vec<Candidate> = self
            .outcomes
            .iter()
            .enumerate()
            .filter_map(|(k, o)| {
                let (true, true, Some(from), Some(to), Some(label)) =
                    (o.moved, o.continued, o.from, o.to, o.label.clone())
                else {
                    return None;
                };
                let back = label.opposite();
                let vouched = self.firm.contains(&k)
                    || from == to
                    || label.vector().is_none()
                    || self.speaks_of(from, &label)
                    // In a whole transcript, a reply that showed the player in the start.
                    || self.shown_in(k, from)
                    || made.get(&(from, to, label.clone())).copied().unwrap_or(0) > 1
                    || back.is_some_and(|b| made.contains_key(&(to, from, b)))
                    || (self.group_of_room(from).is_some()
                        && self.group_of_room(from) == self.group_of_room(to));
                (!vouched).then_some(Candidate {
                    key: k,
                    from,
                    to,
                    label,
                })
            })
            .collect();
        for k in misfits(&self.map, &candidates) {
            let Some((Some(from), Some(to), Some(label))) = self
                .outcomes
                .get(k)
                .map(|o| (o.from, o.to, o.label.clone()))
            else {
                continue;
            };
            let gone: Vec<ExitId> = self
                .map
                .exits_between(from, to)
                .filter(|e| e.label == label)
                .map(|e| e.id)
                .collect();
            for id in gone {
                let _ = self.map.remove_exit(id);
            }
            // A known room the lattice now puts one step back, with that way free, else a room
            // never shown, named later from its own reply (not the one before: it shows the
            // room the move did not start in).
            let geo = Geometry::infer(&self.map);
            let placed = label
                .vector()
                .and_then(|v| Cells::of(&geo).room_at(&geo, to, [-v[0], -v[1], -v[2]], Some(from)))
                .filter(|&r| {
                    !self
                        .map
                        .exits_from(r)
                        .any(|e| e.label == label && e.to != to)
                });
            let (s, why) = match placed {
                Some(r) => (
                    r,
                    format!("started in {}, which lies that way", self.name_of(r)),
                ),
                None => {
                    let context = steps.get(k).map_or("", |x| x.observation.as_str());
                    let s = self.slot(SlotKind::Source, context);
                    (s, format!("started in {}", SlotKind::Source.as_str()))
                }
            };
            if !has_exit(&self.map, s, to, &label) {
                let _ = self.map.add_exit(s, to, label, Origin::Observed);
            }
            let name = self.name_of(from);
            if let Some(o) = self.outcomes.get_mut(k) {
                o.from = Some(s);
                o.continued = false;
                o.note = format!(
                    "{}; the map cannot hold it starting in {name}: {why}",
                    o.note
                );
            }
        }
    }

    /// How well the map agrees that `r` lies `dir` of a room named by `target` (words): one if a
    /// neighbour so named is reached by the opposite way, minus a half if it is reached this
    /// way, zero if no such neighbour.
    fn lies(&self, r: RoomId, dir: Direction, target: &[String]) -> f64 {
        let named = |n: RoomId| {
            let w = words(&self.name_of(n));
            !target.is_empty() && target.iter().all(|t| w.iter().any(|x| same_word(x, t)))
        };
        let mut s: f64 = 0.0;
        for e in self.map.exits_from(r).filter(|e| named(e.to)) {
            if e.label == Label::Dir(dir.opposite()) {
                s = s.max(1.0);
            } else if e.label == Label::Dir(dir) {
                s = s.min(-0.5);
            }
        }
        for e in self.map.exits_to(r).filter(|e| named(e.from)) {
            if e.label == Label::Dir(dir) {
                s = s.max(1.0);
            } else if e.label == Label::Dir(dir.opposite()) {
                s = s.min(-0.5);
            }
        }
        s
    }

    /// What the finished map says of where a room lies (see [`super::placement`]).
    fn whereabouts(&self, geo: &Geometry, r: RoomId) -> Whereabouts {
        let observed =
            |e: &&crate::domain::map::Exit| e.origin == Origin::Observed && e.from != e.to;
        let mut exits: Vec<Direction> = self
            .map
            .exits_from(r)
            .filter(observed)
            .filter_map(|e| e.label.direction())
            .collect();
        exits.sort();
        exits.dedup();
        let neighbours = self
            .map
            .exits_from(r)
            .map(|e| e.to)
            .chain(self.map.exits_to(r).map(|e| e.from))
            .filter(|&n| n != r && !self.is_slot(n))
            .map(|n| words(&self.name_of(n)))
            .collect();
        Whereabouts {
            at: geo.frame_of(r).zip(geo.position(r)),
            exits,
            neighbours,
        }
    }

    /// The floors the named rooms are known to be on ("stairwell (third floor)"), with their
    /// lattice levels.
    fn known_floors(&self, geo: &Geometry, place_of: &[Option<usize>]) -> Vec<Floor> {
        self.map
            .rooms()
            .filter_map(|room| {
                let p = self
                    .gaz
                    .place(place_of.get(room.id.0 as usize).copied().flatten()?)?;
                let k = floor(&p.qualifier).or_else(|| floor(&p.base_words))?;
                let z = geo.position(room.id)?[2];
                Some((geo.frame_of(room.id)?, z, k))
            })
            .collect()
    }

    /// How the moves place a room vertically: +1 per move that enters it going up or leaves it
    /// going down, -1 per move the other way.
    fn rise(&self, r: RoomId) -> i32 {
        let step = |l: &Label, up: i32| match l {
            Label::Dir(Direction::Up) => up,
            Label::Dir(Direction::Down) => -up,
            _ => 0,
        };
        let into: i32 = self.map.exits_to(r).map(|e| step(&e.label, 1)).sum();
        let out: i32 = self.map.exits_from(r).map(|e| step(&e.label, -1)).sum();
        into + out
    }

    /// Names group rooms and slots (see [`super::naming`]), once the starts are judged again;
    /// `steps` are the steps observed, whose replies name a start found only then. Returns a
    /// final name per tracker room (`None` for a room that could not be named).
    pub fn finish(&mut self, steps: &[Step]) -> Vec<Option<String>> {
        self.left_alike(steps);
        self.revisit_sources();
        self.crossed_ways_back();
        self.walked_back();
        self.reconsider_sources();
        self.detach_misfits(steps);
        let bound = self.map.room_bound();
        let mut place_of: Vec<Option<usize>> = (0..bound)
            .map(|i| self.info.get(i).and_then(|x| x.place))
            .collect();
        let mut claimed: Vec<bool> = self.by_place.iter().map(Option::is_some).collect();
        let geo = Geometry::infer(&self.map);
        // Groups: every room of a title gets one of the title's names.
        for g in 0..self.gaz.group_count() {
            let members: Vec<usize> = self
                .gaz
                .group(g)
                .iter()
                .copied()
                .filter(|&p| !claimed[p])
                .collect();
            let rooms: Vec<RoomId> = self
                .map
                .rooms()
                .map(|r| r.id)
                .filter(|&r| {
                    self.info(r)
                        .is_some_and(|i| i.group == Some(g) && i.slot.is_none())
                })
                .collect();
            if rooms.is_empty() || members.is_empty() {
                continue;
            }
            let texts: Vec<Vec<String>> = rooms
                .iter()
                .map(|&r| self.info(r).map(|i| i.text.clone()).unwrap_or_default())
                .collect();
            let mut scores = group_scores(self.gaz, &members, &texts);
            // Where the map puts each room: its exits, its side, its floor, its neighbours.
            let floors = self.known_floors(&geo, &place_of);
            let wheres: Vec<Whereabouts> =
                rooms.iter().map(|&r| self.whereabouts(&geo, r)).collect();
            let quals: Vec<&[String]> = members
                .iter()
                .map(|&p| {
                    self.gaz
                        .place(p)
                        .map_or(&[][..], |pl| pl.qualifier.as_slice())
                })
                .collect();
            let pointers: Vec<bool> = members
                .iter()
                .map(|&p| {
                    self.gaz
                        .place(p)
                        .is_some_and(|pl| !relative_places(&pl.name).is_empty())
                })
                .collect();
            let placed = placement_scores(&quals, &pointers, &wheres, &floors);
            for (row, add) in scores.iter_mut().zip(&placed) {
                for (s, a) in row.iter_mut().zip(add) {
                    *s += W_PLACEMENT * a;
                }
            }
            // "west to round room": the room lies west of the round room.
            for (k, &r) in rooms.iter().enumerate() {
                for (j, &p) in members.iter().enumerate() {
                    let Some(place) = self.gaz.place(p) else {
                        continue;
                    };
                    for (dir, target) in relative_places(&place.name) {
                        scores[k][j] += self.lies(r, dir, &target);
                    }
                    // "restaurant to north": a qualifier points at what tells the room from
                    // the others of its title, never at one of them; a room whose way north
                    // leads to a room of its own title is not the one meant.
                    for dir in pointed_ways(&place.name) {
                        if self.map.exits_from(r).any(|e| {
                            e.label == Label::Dir(dir)
                                && e.to != r
                                && self.group_of_room(e.to) == Some(g)
                        }) {
                            scores[k][j] -= W_POINTED;
                        }
                    }
                }
            }
            for (k, pick) in best_assignment(&scores).into_iter().enumerate() {
                if let Some(j) = pick {
                    place_of[rooms[k].0 as usize] = Some(members[j]);
                    claimed[members[j]] = true;
                }
            }
        }
        // Slots: the names nobody claimed, by the words around each slot; then, by
        // elimination, the names still unclaimed go to the slots still unnamed.
        let mut unclaimed: Vec<usize> = (0..self.gaz.len()).filter(|&p| !claimed[p]).collect();
        let mut slots: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| self.is_slot(r))
            .collect();
        // The room the transcript opens in: the start of its first move, when never shown.
        let opening = self
            .outcomes
            .iter()
            .find(|o| o.moved)
            .and_then(|o| o.from)
            .filter(|&r| self.is_slot(r));
        for threshold in [SLOT_CUE, 0.0] {
            if unclaimed.is_empty() || slots.is_empty() {
                break;
            }
            let scores: Vec<Vec<f64>> = slots
                .iter()
                .map(|&s| {
                    let ctx = self.info(s).map(|i| i.context.clone()).unwrap_or_default();
                    let in_dark = self.info(s).and_then(|i| i.slot) == Some(SlotKind::Dark);
                    // How the slot was reached breaks ties between names: between names its
                    // words cue alike ("tree" for "tree top", above or below), and by
                    // elimination, where being met in the dark counts too.
                    let rise = self.rise(s);
                    let dark = threshold <= 0.0 && in_dark;
                    let opening = threshold <= 0.0 && Some(s) == opening;
                    unclaimed
                        .iter()
                        .map(|&p| {
                            self.gaz.place(p).map_or(0.0, |pl| {
                                context_fit(pl, &ctx)
                                    + lie_fit(pl, rise, dark)
                                    + dark_fit(pl, in_dark)
                                    + opening_fit(pl, opening)
                            })
                        })
                        .collect()
                })
                .collect();
            let mut named = Vec::new();
            let picks = if threshold > 0.0 {
                cued_assignment(&scores, threshold)
            } else {
                best_assignment(&scores)
            };
            for (k, pick) in picks.into_iter().enumerate() {
                if let Some(j) = pick.filter(|&j| scores[k][j] >= threshold) {
                    place_of[slots[k].0 as usize] = Some(unclaimed[j]);
                    named.push((k, j));
                }
            }
            let (ks, js): (Vec<usize>, Vec<usize>) = named.into_iter().unzip();
            slots = slots
                .iter()
                .enumerate()
                .filter(|(k, _)| !ks.contains(k))
                .map(|(_, s)| *s)
                .collect();
            unclaimed = unclaimed
                .iter()
                .enumerate()
                .filter(|(j, _)| !js.contains(j))
                .map(|(_, p)| *p)
                .collect();
        }
        let mut out = vec![None; bound];
        for r in self.map.rooms() {
            let i = r.id.0 as usize;
            let info = self.info(r.id);
            out[i] = match place_of[i].and_then(|p| self.gaz.place(p)) {
                Some(p) => Some(p.name.clone()),
                // Without a list a slot keeps a plain name; with one, a room the list does not
                // name cannot be right.
                None if info.is_some_and(|x| x.slot.is_some()) => match info.and_then(|x| x.slot) {
                    Some(kind) if self.gaz.is_empty() => Some(kind.plain_name().to_string()),
                    _ => None,
                },
                None if !self.gaz.is_empty() && info.is_some_and(|x| x.group.is_some()) => None,
                None => Some(r.name.clone()),
            };
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::automap::{automap, Automap, Hints};
    use crate::domain::formats::Step;

    fn run(steps: &[(&str, &str)], names: &[&str]) -> Automap {
        let steps: Vec<Step> = steps
            .iter()
            .enumerate()
            .map(|(i, (a, o))| Step {
                num: i as i64,
                action: a.to_string(),
                observation: o.to_string(),
            })
            .collect();
        let hints = Hints {
            locations: names.iter().map(|s| s.to_string()).collect(),
            actions: Vec::new(),
        };
        automap("test", &steps, &hints)
    }

    /// Asserts the map has the move, showing every step's reading when it does not.
    fn assert_move(built: &Automap, src: &str, action: &str, dst: &str) {
        assert!(
            has_move(built, src, action, dst),
            "no {src} -{action}-> {dst}: {:#?}",
            built.steps
        );
    }

    fn has_move(built: &Automap, src: &str, action: &str, dst: &str) -> bool {
        built
            .project
            .edge_records()
            .iter()
            .any(|r| r.src == src && r.action == action && r.dst == dst)
    }

    #[test]
    fn the_room_a_transcript_opens_in_is_named_as_the_players_own_when_no_words_tell() {
        // A cleaned walkthrough loses the opening room: its first move leaves a room never
        // shown, and no word of the reply cues any name left. The player's own place is where
        // stories open; a name for a posture in it ("…, in the bed") is not the room.
        let steps = [
            ("north", "Parade Ground\nA wide square of beaten earth."),
            ("east", "Armoury\nRacks of pikes line the walls."),
        ];
        let names = [
            "castle, upper level",
            "your quarters, in the bunk",
            "your quarters",
            "parade ground",
            "armoury",
        ];
        let built = run(&steps, &names);
        assert_move(&built, "your quarters", "north", "parade ground");
        // With no name of the player's own left, elimination names it as before.
        let built = run(&steps, &["castle, upper level", "parade ground", "armoury"]);
        assert_move(&built, "castle, upper level", "north", "parade ground");
    }

    #[test]
    fn a_reply_silent_on_the_way_back_into_an_unseen_room_is_not_that_room() {
        // East along the road into a room the reply does not show (the clock strikes), east
        // into the Yard, then back west: the street the player finds there speaks of north,
        // south and east, not of the way west to the road, so it is not the unseen room.
        let names = [
            "baker street",
            "marylebone road",
            "tottenham court road",
            "scotland yard",
            "whitehall",
        ];
        let steps = [
            (
                "east",
                "Marylebone Road\nThe street continues east and west. Baker Street is to the west.",
            ),
            ("east", "In the distance, you hear Big Ben strike the hour."),
            (
                "east",
                "Scotland Yard\nA drab government building. The door to the street is to the west.",
            ),
            (
                "west",
                "Whitehall\n\nThe street continues north and south, and the entrance to Scotland Yard is to the east.",
            ),
        ];
        let built = run(&steps, &names);
        assert_move(&built, "marylebone road", "east", "tottenham court road");
        assert_move(&built, "scotland yard", "west", "whitehall");
        assert!(
            !has_move(&built, "marylebone road", "east", "whitehall"),
            "{:#?}",
            built.steps
        );
    }

    /// Walks east, east, north, then down a trapdoor into the first room (the hall), which the
    /// lattice puts far off, with no list of room names; the hall must stay one room.
    fn down_the_trapdoor_into(first: &str, again: &str, study: &str) {
        let built = run(
            &[
                ("Init", first),
                ("east", study),
                (
                    "east",
                    "Garden\nA walled garden. Paths lead west and north.",
                ),
                (
                    "north",
                    "Shed\nA tool shed. A path leads south; a trapdoor leads down.",
                ),
                ("down", again),
            ],
            &[],
        );
        let rooms = built.project.history.head().room_count();
        assert_eq!(rooms, 4, "{:#?}", built.steps);
        assert_move(&built, "Shed", "down", "Hall");
    }

    #[test]
    fn rooms_met_in_the_dark_take_the_names_for_darkness() {
        // Zork III: south from the shore into darkness, twice. The shore's words name "on the
        // lake" as well as the dark does "pitch black", but the list's names for darkness
        // belong to the rooms met in the dark, and the start of the first move, never seen,
        // is no dark room.
        let dark = "It is pitch black. You are likely to be eaten by a grue.";
        let built = run(
            &[
                (
                    "south",
                    "Junction\nYou are at a junction. The stair behind you climbs into pitch black.",
                ),
                (
                    "west",
                    "Southern Shore\nYou are on the southern shore of the lake.",
                ),
                ("south", dark),
                ("south", dark),
                ("east", "Key Room\nA small room with a keyhole in the wall."),
            ],
            &[
                "junction",
                "southern shore",
                "key room",
                "pitch black 1",
                "endless stair",
                "on the lake",
                "pitch black 2",
            ],
        );
        let records = built.project.edge_records();
        let to_dark: Vec<&str> = records
            .iter()
            .filter(|r| r.action == "south" && r.dst.starts_with("pitch black"))
            .map(|r| r.src.as_str())
            .collect();
        assert_eq!(to_dark.len(), 2, "{:#?}", built.steps);
        assert!(to_dark.contains(&"southern shore"), "{:#?}", built.steps);
        assert!(
            records.iter().all(|r| r.dst != "on the lake"),
            "{:#?}",
            built.steps
        );
        let first = records.iter().find(|r| r.dst == "junction");
        assert!(
            first.is_some_and(|r| !r.src.starts_with("pitch black")),
            "{:#?}",
            built.steps
        );
    }

    #[test]
    fn a_room_that_scrambles_directions_is_where_the_move_started() {
        // Zork II's carousel room, in a transcript of moves only: north led to the topiary
        // once, and later, typed again, to the marble hall. The second move did not start
        // elsewhere after skipped steps, as a way already walked would say: it started in the
        // carousel.
        let lost = "You're not sure which direction is which. This room is very disorienting.\n\n";
        let built = run(
            &[
                (
                    "south",
                    "Carousel Room\nThis is a circular room with exits in eight directions.",
                ),
                (
                    "north",
                    &format!("{lost}Topiary\nThe southern end of a formal garden."),
                ),
                ("west", "Carousel Room"),
                (
                    "north",
                    &format!("{lost}Marble Hall\nAn arched hall of fine marble."),
                ),
            ],
            &["carousel room", "topiary", "marble hall"],
        );
        assert_move(&built, "carousel room", "north", "topiary");
        assert_move(&built, "carousel room", "north", "marble hall");
    }

    #[test]
    fn a_room_arrived_in_stays_on_the_map_when_the_way_there_cannot_be_named() {
        // The first move starts in a room the transcript never shows, and the list has no name
        // left for it: the move is not mapped, but the clearing the player reached is.
        let built = run(&[("north", "Clearing\nA grassy clearing.")], &["clearing"]);
        let map = built.project.history.head();
        let names: Vec<&str> = map.rooms().map(|r| r.name.as_str()).collect();
        assert_eq!(names, vec!["clearing"], "{:#?}", built.steps);
        assert_eq!(map.exit_count(), 0);
        assert!(built.steps[0].note.contains("its start could not be named"));
    }

    /// A transcript of moves only, walked north up a valley to a temple, then a last move from
    /// there (`last`: action and reply).
    fn up_the_valley_then(last: (&str, &str)) -> Automap {
        run(
            &[
                (
                    "north",
                    "Forest Path\nA path leads north from the lawn through a dim forest.",
                ),
                (
                    "north",
                    "Clearing\nA grassy clearing. Paths lead north and south.",
                ),
                (
                    "north",
                    "Old Temple\nAn old temple. An altar of black stone stands here.",
                ),
                last,
            ],
            &[
                "south lawn",
                "forest path",
                "clearing",
                "old temple",
                "shrine",
                "forest",
            ],
        )
    }

    #[test]
    fn a_move_the_map_cannot_hold_started_in_a_room_the_transcript_never_showed() {
        // The last kept move goes east into the forest path at the valley's foot. Skipped steps
        // took the player back to the forest beside the path: from the temple, east cannot lead
        // three rooms back south.
        let built = up_the_valley_then(("east", "Forest Path"));
        assert_move(&built, "forest", "east", "forest path");
        assert!(
            !has_move(&built, "old temple", "east", "forest path"),
            "{:#?}",
            built.steps
        );
        assert!(built.steps[3].note.contains("the map cannot hold it"));
        // The rest of the walk is untouched.
        assert_move(&built, "south lawn", "north", "forest path");
        assert_move(&built, "clearing", "north", "old temple");
    }

    #[test]
    fn a_move_the_map_can_hold_is_left_where_it_started() {
        // East to a shrine instead: no conflict, nothing moves.
        let built = up_the_valley_then(("east", "Shrine\nA tiny shrine."));
        assert_move(&built, "old temple", "east", "shrine");
        assert!(built.steps.iter().all(|s| !s.note.contains("cannot hold")));
    }

    #[test]
    fn moves_that_open_with_one_sentence_about_leaving_left_one_room() {
        // Spellbreaker, cleaned: a spell takes the player to a room the kept text never shows,
        // and every move out of it opens with the same sentence. The three moves start in that
        // room, not where the previous kept step left the player; a move whose sentence names
        // another cube left another such room, whose name its reply's words cue ("soft"). A
        // sentence about leaving said once, and unlike those, moves nothing.
        let one = "As you leave, the \"1\" cube reappears in your hand.\n\n";
        let two = "As you leave, the \"2\" cube reappears in your hand.\n\n";
        let built = run(
            &[
                ("south", "Square\nA square. A street leads north."),
                ("down", &format!("{one}Midair\nYou are falling.")),
                ("east", &format!("{one}Stone Hall\nA long hall of stone.")),
                ("south", "Ruins\nA vast ruined hall."),
                ("west", &format!("{one}Cave Mouth\nA trail ends at a cave.")),
                (
                    "south",
                    &format!("{two}Meadow\nA sunny meadow. The grass is soft."),
                ),
                (
                    "east",
                    "As you leave, a bird sings somewhere.\n\nOrchard\nApple trees.",
                ),
            ],
            &[
                "street",
                "square",
                "midair",
                "stone hall",
                "ruins",
                "cave mouth",
                "meadow",
                "soft room",
                "packed earth",
                "orchard",
            ],
        );
        assert_move(&built, "packed earth", "down", "midair");
        assert_move(&built, "packed earth", "east", "stone hall");
        assert_move(&built, "packed earth", "west", "cave mouth");
        assert_move(&built, "soft room", "south", "meadow");
        assert_move(&built, "stone hall", "south", "ruins");
        assert!(!has_move(&built, "ruins", "west", "cave mouth"));
        assert_move(&built, "meadow", "east", "orchard");
    }

    #[test]
    fn a_name_two_unseen_starts_fit_alike_goes_to_the_one_that_lies_as_it_says() {
        // Adventureland, cleaned: two moves into the swamp start in rooms never shown, and the
        // words around both speak of a tree. "Tree top" lies above: it goes to the start the
        // player came down from, not to the one the player came up from.
        let swamp = "Swamp\nA dismal swamp. A cypress tree grows here.\n\nObvious exits: East, Up.";
        let built = run(
            &[
                (
                    "north",
                    "Meadow\nA sunny meadow.\n\nObvious exits: North, West.",
                ),
                ("west", swamp),
                ("down", swamp),
                (
                    "east",
                    "Meadow\nA sunny meadow.\n\nObvious exits: North, West.",
                ),
                (
                    "up",
                    "Swamp\nA dismal swamp. The remains of a felled tree lie here.",
                ),
            ],
            &["meadow", "swamp", "field", "stump", "tree top"],
        );
        assert_move(&built, "tree top", "down", "swamp");
        assert!(!has_move(&built, "tree top", "up", "swamp"));
    }

    /// Reverb's streets: south into the west street, north into the pizza parlor (described
    /// by `parlor`), east into the east street, south into the clothing department, west into
    /// the west street again.
    fn streets_walk(parlor: &str) -> Automap {
        run(
            &[
                (
                    "south",
                    "West Street\nThe street goes east and west. A pizza parlor is to the north.",
                ),
                ("north", parlor),
                (
                    "east",
                    "East Street\nOn this end of the street, a department store sits to the south.",
                ),
                (
                    "south",
                    "Clothing Department\nRacks of clothes. You may exit to the north. To the southwest lies the hardware department, and southeast is the cosmetics department.",
                ),
                ("west", "West Street"),
            ],
            &[
                "counter",
                "west street",
                "pizza parlor",
                "east street",
                "clothing department",
            ],
        )
    }

    #[test]
    fn two_moves_from_rooms_silent_on_their_ways_that_would_be_each_others_way_back_are() {
        // Reverb, cleaned: east out of the parlor (whose description speaks of south and
        // northeast only) into the east street, and later west out of the clothing department
        // (north, southwest, southeast) into the west street. Each started where the other
        // ended: the two streets are each other's way back.
        let built = streets_walk("Pizza Parlor\nA pizza parlor. The counter stands in the northeast corner. To the south is an exit to the street.");
        assert_move(&built, "west street", "east", "east street");
        assert_move(&built, "east street", "west", "west street");
        assert!(!has_move(&built, "pizza parlor", "east", "east street"));
        assert!(!has_move(
            &built,
            "clothing department",
            "west",
            "west street"
        ));
        assert_move(&built, "east street", "south", "clothing department");
    }

    #[test]
    fn a_move_from_a_room_that_speaks_of_its_way_keeps_its_start() {
        // The same walk, but the parlor's description speaks of a door east: nothing moves.
        let built = streets_walk("Pizza Parlor\nA pizza parlor. A side door leads east. To the south is an exit to the street.");
        assert_move(&built, "pizza parlor", "east", "east street");
        assert_move(&built, "clothing department", "west", "west street");
    }

    /// Murdac's haunted house, in a transcript of moves only: east from the street into the
    /// hall, west into a bedroom, east into another room. `bedroom` is the bedroom's reply.
    fn into_the_house(bedroom: &str) -> Automap {
        run(
            &[
                ("north", "Street\nA street. Paths lead north and east."),
                (
                    "east",
                    "Entrance Hall\nThe entrance hall of a haunted house. Archways lead east and west.",
                ),
                ("west", bedroom),
                (
                    "east",
                    "Billiard Room\nA billiard room with a dusty table. Exits lead east and west.",
                ),
            ],
            &[
                "lane",
                "street",
                "entrance hall",
                "small bedroom",
                "billiard room",
            ],
        )
    }

    #[test]
    fn a_way_back_whose_own_way_back_leads_elsewhere_is_no_evidence() {
        // West from the hall into the bedroom, then east from the bedroom into the billiard
        // room: the move west, whose own way back leads elsewhere, is the one that started
        // elsewhere (in the billiard room, as the truth has it); it says nothing of the move
        // east into the hall, which started in the street.
        let built = into_the_house(
            "Small Bedroom\nA small bedroom in the haunted house. Exits lead east and west.",
        );
        assert_move(&built, "street", "east", "entrance hall");
        assert_move(&built, "billiard room", "west", "small bedroom");
        assert_move(&built, "small bedroom", "east", "billiard room");
        // Shown by its title alone, the bedroom had been visited before: the move west is the
        // way back of the move east into the hall, which started there.
        let built = into_the_house("Small Bedroom");
        assert_move(&built, "small bedroom", "east", "entrance hall");
        assert!(!has_move(&built, "street", "east", "entrance hall"));
    }

    /// Adventureland's maze of pits: every room titled "Maze" with the same one-line
    /// description; two of them list the same six exits and differ only by what lies there,
    /// which is what their listed names' qualifiers speak of.
    fn maze_walk() -> Automap {
        let maze = |exits: &str, see: &str| {
            format!("Maze\nYou're in a maze of pits.\n\nObvious exits: {exits}.\n\nYou can also see: {see}")
        };
        let all = "North, South, East, West, Up, Down";
        run(
            &[
                (
                    "Init",
                    "Cavern\nYou're in a cavern.\n\nObvious exits: South, Down.",
                ),
                ("down", &maze("North, South, East, Down", "nothing special")),
                ("down", &maze("West, Up", "flint and steel")),
                (
                    "west",
                    &maze(all, "strange scratchings on rock reveals- ALADDIN WAS HERE"),
                ),
                (
                    "north",
                    &maze(all, "*THICK PERSIAN RUG* - arrow pointing down"),
                ),
                (
                    "down",
                    "Chasm\nYou're in a bottom of a chasm.\n\nObvious exits: Up, South.",
                ),
                ("up", &maze(all, "arrow pointing down")),
                (
                    "up",
                    &maze(all, "strange scratchings on rock reveals- ALADDIN WAS HERE"),
                ),
                ("down", &maze(all, "arrow pointing down")),
                (
                    "down",
                    "Chasm\nYou're in a bottom of a chasm.\n\nObvious exits: Up, South.",
                ),
                (
                    "south",
                    "Ledge\nA narrow ledge.\n\nObvious exits: North, Up.",
                ),
                ("up", "Pit Top\nThe top of a pit.\n\nObvious exits: Down."),
            ],
            &[
                "cavern",
                "chasm",
                "ledge",
                "pit top",
                "maze (exit north, south, east, down)",
                "maze (exit west, up)",
                "maze (exit north, south, east, west, up, down; arrow down)",
                "maze (exit north, south, east, west, up, down; rock aladdin)",
            ],
        )
    }

    #[test]
    fn a_maze_room_is_told_by_what_its_listed_name_says_lies_there() {
        let built = maze_walk();
        let rock = "maze (exit north, south, east, west, up, down; rock aladdin)";
        let arrow = "maze (exit north, south, east, west, up, down; arrow down)";
        // The rug and the arrow are not the room with the scratchings on the rock, although
        // title, description and exits are the same: the move north leads to another room.
        assert_move(&built, "maze (exit west, up)", "west", rock);
        assert_move(&built, rock, "north", arrow);
        assert_move(&built, arrow, "down", "chasm");
        assert_move(&built, arrow, "up", rock);
        assert_eq!(
            built.project.history.head().room_count(),
            8,
            "{:#?}",
            built.steps
        );
        // Nor does the lattice move the start of the move north: in a maze it is no guide (the
        // pit top lies one step south of the arrow once the maze's twists are straightened).
        let north = &built.steps[4];
        assert!(!north.note.contains("in hindsight"), "{}", north.note);
    }

    #[test]
    fn without_a_list_a_title_shown_bare_is_the_room_already_seen() {
        // Brief mode: a return prints the title alone.
        down_the_trapdoor_into(
            "Hall\nA long hall. A door leads east.",
            "Hall",
            "Study\nA quiet study. Doors lead west and east.",
        );
    }

    #[test]
    fn without_a_list_a_long_description_printed_again_is_its_room() {
        // Verbose mode: every visit prints the description in full.
        let hall = "Hall\nShadows roost thickly in the vaulted ceiling, and small desk lamps cast pools of warm light around the dim panelled interior. A door leads east.";
        down_the_trapdoor_into(
            hall,
            hall,
            "Study\nA quiet study lined with old books, its single window shuttered against the rain. Doors lead west and east.",
        );
    }

    #[test]
    fn after_a_restore_the_next_move_does_not_start_where_the_player_was() {
        let built = run(
            &[
                ("Init", "Cave\nA damp cave."),
                ("north", "Tunnel\nA long tunnel."),
                ("east", "Grotto\nA grotto."),
                ("restore", "Ok."),
                ("west", "Lake\nA still lake."),
            ],
            &[],
        );
        assert!(
            !has_move(&built, "Grotto", "west", "Lake"),
            "{:#?}",
            built.steps
        );
        assert!(
            built.project.history.head().find_room("Lake").is_some(),
            "{:#?}",
            built.steps
        );
    }

    #[test]
    fn undo_takes_the_player_back_and_again_repeats_the_move() {
        let names = ["cave", "tunnel", "grotto", "cavern"];
        let built = run(
            &[
                ("Init", "Cave\nA damp cave."),
                ("north", "Tunnel\nA long tunnel."),
                ("again", "Cavern\nA cavern."),
                ("undo", "[Previous turn undone.]"),
                ("undo", "[Previous turn undone.]"),
                ("east", "Grotto\nA grotto."),
            ],
            &names,
        );
        assert_move(&built, "cave", "north", "tunnel");
        assert_move(&built, "tunnel", "north", "cavern");
        assert_move(&built, "cave", "east", "grotto");
    }

    #[test]
    fn a_brief_arrival_is_the_room_whose_description_has_the_way_back() {
        // The last arrival prints no description; of the two alleys, only the east end's
        // description speaks of a way southeast, the way back of this move.
        let built = run(
            &[
                ("north", "Lot\nAn empty lot. An alley lies to the south."),
                (
                    "south",
                    "Alley\nYou are in an alley. The lot lies north, a field south.",
                ),
                (
                    "east",
                    "Alley\nThe far end of the alley. Paths run northeast and southeast to the road.",
                ),
                ("northeast", "Road\nA quiet road. An alley lies southwest."),
                ("south", "Bend\nThe road bends. Paths lead north and northwest."),
                ("northwest", "Alley"),
            ],
            &[
                "lot",
                "alley (north to lot)",
                "alley (east end)",
                "road",
                "bend",
            ],
        );
        assert_move(&built, "bend", "northwest", "alley (east end)");
    }

    /// The steps back from the South Branch to the Round Room were dropped; the move east
    /// arrives in a gallery described by `gallery`. `more` names are listed too.
    fn round_room_walk(gallery: &str, more: &[&str]) -> Automap {
        let steps = [
            (
                "down",
                "Round Room\nA round room. Stairways lead west and east.",
            ),
            ("west", "Landing\nA landing. The round room is east."),
            ("south", "South Branch\nA dead end."),
            ("east", gallery),
        ];
        let names = ["round room", "landing", "south branch", "gallery"];
        run(&steps, &[&names[..], more].concat())
    }

    #[test]
    fn a_description_naming_the_way_back_moves_the_start() {
        // The gallery's description puts the Round Room the way back (west after a move east).
        let gallery = "Gallery\nA long gallery. To the west is the stairway to the round room.";
        let built = round_room_walk(gallery, &[]);
        assert_move(&built, "round room", "east", "gallery");
        assert!(!has_move(&built, "south branch", "east", "gallery"));
        // A name inside a longer listed name is not taken for that room.
        let built = round_room_walk(gallery, &["round room annex"]);
        assert!(has_move(&built, "south branch", "east", "gallery"));
    }

    #[test]
    fn words_below_a_bare_title_tell_its_room_against_the_lattice() {
        // Night's halls: the pit was entered after skipped steps, so the lattice puts it east
        // of the second-floor hall and "up" out of it on the third floor; the bare "Hall" the
        // player climbs into prints the second-floor hall's fountain, by another inflection.
        let hall2 = "Hall\nYou're in the middle of a long hall. Stairs are west.\n\nTo one side, a water fountain buzzes noisily.";
        let steps = [
            (
                "west",
                "Stairwell (Second Floor)\nStairs lead up and down. A hall is east.",
            ),
            ("east", hall2),
            ("west", "Stairwell (Second Floor)"),
            (
                "up",
                "Stairwell (Third Floor)\nStairs lead down. A hall is east.",
            ),
            (
                "east",
                "Hall\nYou stand at the top of the stairs in a hallway. Stairs are west.",
            ),
            ("west", "Stairwell (Third Floor)"),
            ("down", "Stairwell (Second Floor)"),
            ("east", "Hall"),
            (
                "east",
                "Pit\nA deep pit with smooth walls. A ladder leads up.",
            ),
            (
                "up",
                "Hall\n\nTo one side, a buzzing water fountain has been moved aside.",
            ),
        ];
        let names = [
            "stairwell (second floor)",
            "stairwell (third floor)",
            "hall (2nd floor)",
            "hall (3rd floor)",
            "pit",
        ];
        let built = run(&steps, &names);
        assert_move(&built, "pit", "up", "hall (2nd floor)");
        assert!(!has_move(&built, "pit", "up", "hall (3rd floor)"));
    }

    #[test]
    fn a_move_the_current_room_rules_out_climbs_out_of_a_thing_the_reply_shows() {
        // Adventureland: after skipped steps the player climbs "up" out of the stump into the
        // swamp, which lists the hollow stump; the meadow, where the last kept step left the
        // player, lists no way up.
        let swamp = "Dismal Swamp\nYou're in a dismal swamp.\n\nObvious exits: North, South, East, West.\n\nYou can also see: hollow stump and remains of a felled tree";
        let steps = [
            (
                "east",
                "Meadow\nYou're in a sunny meadow.\n\nObvious exits: North, South, East, West.",
            ),
            ("south", swamp),
            (
                "down",
                "Root Chamber\nYou're in a root chamber under the stump.\n\nObvious exits: Up, Down.",
            ),
            (
                "up",
                "Inside Stump\nYou're in a large hollow damp stump in the swamp.\n\nObvious exits: North, South, East, West, Up, Down.",
            ),
            ("north", "Meadow"),
            ("up", swamp),
        ];
        let names = [
            "forest",
            "meadow",
            "dismal swamp",
            "root chamber",
            "inside stump",
        ];
        let built = run(&steps, &names);
        assert_move(&built, "inside stump", "up", "dismal swamp");
    }

    #[test]
    fn a_later_paragraph_naming_the_way_back_moves_the_start_too() {
        // The description's first paragraph is about the gallery; the way back is told below
        // a blank line ("To the southeast, a gentle slope leads to a hilltop" in the Schoolyard).
        let built = round_room_walk(
            "Gallery\nA long gallery.\n\nTo the west, a stairway climbs to the round room.",
            &[],
        );
        assert_move(&built, "round room", "east", "gallery");
        assert!(!has_move(&built, "south branch", "east", "gallery"));
    }

    #[test]
    fn a_name_with_the_way_back_added_is_where_the_move_started() {
        // The steps from the Mess back to the Admin Corridor South were dropped; the Mess's
        // way north is walked, and the name "admin corridor south" puts that room south of the
        // Admin Corridor.
        let built = run(
            &[
                ("north", "Junction\nA junction."),
                ("north", "Admin Corridor South\nA corridor."),
                ("south", "Junction\nA junction."),
                ("west", "Dorm\nA dorm."),
                ("west", "Mess\nA mess."),
                ("north", "Storage\nA store."),
                ("south", "Mess\nA mess."),
                ("north", "Admin Corridor\nA rift."),
            ],
            &[
                "junction",
                "admin corridor south",
                "dorm",
                "mess",
                "storage",
                "admin corridor",
            ],
        );
        assert_move(&built, "admin corridor south", "north", "admin corridor");
    }

    #[test]
    fn a_brief_room_met_for_the_first_time_is_the_dark_room_entered_the_same_way() {
        // The cellar is dark the first time; later, lit, the game prints only its title (it
        // counts as visited): that is the dark room, not a new one.
        let built = run(
            &[
                ("west", "Kitchen\nA kitchen with a table and a stove."),
                ("west", "Living Room\nYou are in the living room with a trophy case."),
                (
                    "down",
                    "You have moved into a dark place.\nIt is pitch black. You are likely to be eaten by a grue.",
                ),
                ("north", "Troll Room\nA small room with passages east and south."),
                ("east", "Temple\nA temple with an altar and a brass bell."),
                ("down", "Cellar"),
            ],
            &[
                "kitchen",
                "living room",
                "troll room",
                "temple",
                "cellar",
                "forest",
            ],
        );
        assert_move(&built, "living room", "down", "cellar");
        assert!(has_move(&built, "cellar", "north", "troll room"));
    }

    #[test]
    fn a_room_whose_way_back_leads_elsewhere_is_not_where_skipped_steps_went() {
        // The court's way north is walked (to the hall): the steps to where the tower move
        // started were dropped. The garden is nearest with no way north walked, but it was
        // entered going south from the loft: its way north leads back there.
        let built = run(
            &[
                ("east", "Loft\nA loft."),
                ("south", "Garden\nA garden."),
                ("east", "Court\nA court."),
                ("north", "Hall\nA hall."),
                ("north", "Gallery\nA gallery."),
                ("south", "Hall\nA hall."),
                ("south", "Court\nA court."),
                ("north", "Tower\nA tower."),
            ],
            &["loft", "garden", "court", "hall", "gallery", "tower"],
        );
        assert_move(&built, "gallery", "north", "tower");
        assert!(!has_move(&built, "garden", "north", "tower"));
    }

    #[test]
    fn a_room_whose_only_exit_is_another_way_is_not_where_the_move_started() {
        // The closet's only exit is south: the move west was made from a room the dropped steps
        // reached, not from the closet. A hidden way up or down is still allowed.
        let steps = [
            ("east", "Hall\nA hall."),
            (
                "north",
                "Closet\nA tiny closet. The only exit is back south.",
            ),
            ("west", "Cellar\nA damp cellar."),
        ];
        let built = run(&steps, &["hall", "closet", "cellar", "attic"]);
        assert_move(&built, "hall", "north", "closet");
        assert!(!has_move(&built, "closet", "west", "cellar"));
        let mut up = steps;
        up[2] = ("up", "Attic\nA dusty attic.");
        let built = run(&up, &["hall", "closet", "cellar", "attic"]);
        assert_move(&built, "closet", "up", "attic");
        // In a whole transcript (not every step a move) the player was in the closet: a puzzle
        // opened the way.
        let whole = [
            ("east", "Hall\nA hall."),
            (
                "north",
                "Closet\nA tiny closet. The only exit is back south.",
            ),
            ("push west wall", "The wall swings open."),
            ("west", "Cellar\nA damp cellar."),
        ];
        let built = run(&whole, &["hall", "closet", "cellar", "attic"]);
        assert_move(&built, "closet", "west", "cellar");
    }

    #[test]
    fn skipped_steps_went_to_a_room_whose_text_speaks_of_the_way() {
        // The court's way north is walked (to the hall): the steps to where the tower move
        // started were dropped. The garden is nearest with no way north walked, but only the
        // gallery's text (below a blank line under its title) speaks of a way north.
        let built = run(
            &[
                ("east", "Garden\n\nA garden."),
                ("east", "Court\n\nA court."),
                ("north", "Hall\n\nA hall."),
                (
                    "north",
                    "Gallery\n\nA long gallery.\n\nAn arch leads north.",
                ),
                ("south", "Hall\n\nA hall."),
                ("south", "Court\n\nA court."),
                ("north", "Tower\n\nA tower."),
            ],
            &["garden", "court", "hall", "gallery", "tower"],
        );
        assert_move(&built, "gallery", "north", "tower");
        assert!(!has_move(&built, "garden", "north", "tower"));
    }

    #[test]
    fn a_move_out_of_a_dead_end_started_in_the_room_whose_way_shares_its_words() {
        // The corridor ends in a wall, and its text speaks of no way on: the move north did not
        // start there. The corridor's doorway and the stairwell's stairways both go north,
        // unwalked; only the stairwell shares a word with the landing ("stairway").
        let built = run(
            &[
                (
                    "east",
                    "Stairwell\nA stairwell. Stairways leave it to the north and east.",
                ),
                (
                    "east",
                    "Corridor\nThe corridor goes east and west, with a doorway to the north.",
                ),
                ("east", "Blind End\nThe corridor ends in a blank wall."),
                (
                    "north",
                    "Landing\nA landing on the stairway. A passage leads east.",
                ),
            ],
            &["stairwell", "corridor", "blind end", "landing"],
        );
        assert_move(&built, "stairwell", "north", "landing");
        assert!(!has_move(&built, "blind end", "north", "landing"));
    }

    #[test]
    fn sliding_down_the_sides_of_a_thing_left_the_room_on_top_of_it() {
        // Nothing showed the top of the saucer, but the reply says the player slid down its
        // sides: the move down started there, not on the ledge.
        let built = run(
            &[
                ("north", "Lakeside\nYou stand by a murky lake. A trail leads north."),
                (
                    "north",
                    "Ledge\nA small ledge above a drop. A saucer is parked below. The trail goes back south.",
                ),
                (
                    "down",
                    "You slide down the smooth, polished sides of the saucer...\n\nPlain\nA wide plain. A path leads northwest.",
                ),
            ],
            &["lakeside", "ledge", "plain", "on top of the saucer"],
        );
        assert_move(&built, "on top of the saucer", "down", "plain");
        assert!(!has_move(&built, "ledge", "down", "plain"));
    }

    #[test]
    fn a_brief_arrival_is_not_a_room_whose_way_back_climbs_as_the_way_there_does() {
        // The ridge's path climbs to the west; of the two trails, the first climbs to the east
        // too, so a move west from the ridge cannot arrive there: it is the trail whose way
        // east leads down.
        let built = run(
            &[
                (
                    "Init",
                    "Trail\nThe trail continues up the mountain to the east, and downwards to the west.",
                ),
                ("west", "Valley\nA green valley. Paths lead east and north."),
                (
                    "north",
                    "Trail\nTwo trails lead down the mountain to the east and south.",
                ),
                (
                    "north",
                    "Ridge\nA windy ridge. The path climbs up to the west, and down to the south.",
                ),
                ("west", "Trail"),
            ],
            &[
                "trail (up east, down west)",
                "trail (down east, down south)",
                "valley",
                "ridge",
            ],
        );
        assert_move(&built, "ridge", "west", "trail (down east, down south)");
    }

    #[test]
    fn a_move_no_room_walked_back_through_speaks_of_started_where_the_way_is_told() {
        // Neither the loft nor the foot of the ladder speaks of a way east, and each names the
        // way back of the move into it: the player walked back to the hall, whose passage
        // leads east.
        let built = run(
            &[
                (
                    "north",
                    "Hall\nA hall on the stairway. Stairs go down to the north and up to the \
                     south. A passage leads east.",
                ),
                (
                    "north",
                    "Foot of Ladder\nYou stand at the foot of a wooden ladder climbing a narrow \
                     shaft. To the south is the stairway up.",
                ),
                (
                    "up",
                    "Loft\nA dusty loft. Beams run north and south overhead. The ladder below \
                     is the way you came.",
                ),
                (
                    "east",
                    "Junction\nThe hallway goes east and west here with a branch north.",
                ),
            ],
            &["hall", "foot of ladder", "loft", "junction"],
        );
        assert_move(&built, "hall", "east", "junction");
    }

    #[test]
    fn a_move_out_of_a_room_with_one_way_out_started_in_the_one_room_speaking_of_it() {
        // The closet's only way out is south: the move west started elsewhere, in the one room
        // whose text speaks of a way west still unwalked.
        let built = run(
            &[
                (
                    "north",
                    "Junction\nA corridor runs east and west here, with a branch north.",
                ),
                (
                    "north",
                    "Closet\nA tiny closet. The only way out is back south.",
                ),
                (
                    "west",
                    "Pit Edge\nA deep pit opens here. Another hall lies across it.",
                ),
            ],
            &["junction", "closet", "pit edge"],
        );
        assert_move(&built, "junction", "west", "pit edge");
    }

    #[test]
    fn a_qualifier_pointing_a_way_does_not_point_at_a_room_of_its_own_title() {
        // Of the two "Outside" names that could be the crossroads, "restaurant to north" shares
        // the words north and east with its text, but its way north leads to another "Outside":
        // the qualifier would not point at one of its own kind.
        let built = run(
            &[
                ("east", "Video Store\nA video store."),
                (
                    "east",
                    "Outside\nYou are outside. You can go north, south, east or west.",
                ),
                ("north", "Outside\nYou are still outside. A dead end."),
            ],
            &[
                "video store",
                "outside (crossroads)",
                "outside (restaurant to north, mayer home to east)",
                "outside (dead end)",
            ],
        );
        assert_move(&built, "video store", "east", "outside (crossroads)");
        assert_move(
            &built,
            "outside (crossroads)",
            "north",
            "outside (dead end)",
        );
    }

    #[test]
    fn a_move_into_a_thing_starts_in_the_room_the_thing_stands_in() {
        // The steps back from the castle to the main hall were dropped; one climbs into the
        // fireplace from the room it stands in.
        let built = run(
            &[
                ("north", "Castle\nA castle courtyard."),
                (
                    "north",
                    "Main Hall, by the Fireplace\nA great hall with a large fireplace.",
                ),
                ("south", "Castle\nA castle courtyard."),
                (
                    "enter",
                    "The Main Hall, by the Fireplace (in the Large Fireplace)\nSoot everywhere.",
                ),
            ],
            &[
                "gate",
                "castle",
                "main hall, by the fireplace",
                "the main hall, by the fireplace (in the large fireplace)",
            ],
        );
        assert_move(
            &built,
            "main hall, by the fireplace",
            "enter",
            "the main hall, by the fireplace (in the large fireplace)",
        );
        assert!(!has_move(
            &built,
            "castle",
            "enter",
            "the main hall, by the fireplace (in the large fireplace)"
        ));
    }

    #[test]
    fn a_shared_title_named_the_way_back_is_the_one_named_by_the_arrival() {
        // The rail car ride between stations was dropped. The barracks' description puts "the
        // Railway Station" the way back; of the stations, one is named by the barracks.
        let built = run(
            &[
                ("north", "Main Hall\nA hall."),
                ("west", "Railway Station\nA station. You can see a rail car here."),
                (
                    "west",
                    "Soldiers' Barracks\nMounds of earth. To the east is the Railway Station, the Armory lies to the west.",
                ),
            ],
            &[
                "gate",
                "main hall",
                "railway station (main hall)",
                "railway station (soldiers' barracks)",
                "soldiers' barracks",
                "armory",
            ],
        );
        assert_move(
            &built,
            "railway station (soldiers' barracks)",
            "west",
            "soldiers' barracks",
        );
        assert!(!has_move(
            &built,
            "railway station (main hall)",
            "west",
            "soldiers' barracks"
        ));
    }

    #[test]
    fn a_way_back_to_the_room_just_left_the_same_way_is_not_where_the_move_started() {
        // The geyser's way up was read as leading to the middle of the shaft (the climb from
        // the shaft base was dropped). Coming down from the middle to the base, then down
        // again: the middle's way down leads to the base, where the player is, so the geyser's
        // way back cannot say the move started in the middle.
        let built = run(
            &[
                (
                    "east",
                    "Geyser\nA round hole. A shaft heads up through the ceiling.",
                ),
                ("up", "Middle Shaft\nYou cling to the wall."),
                ("up", "Top of the Shaft\nThe top of the shaft."),
                ("down", "Middle Shaft\nYou cling to the wall."),
                ("down", "Shaft Base\nThe bottom of the shaft."),
                ("down", "Geyser\nA round hole."),
            ],
            &[
                "quarry",
                "geyser",
                "middle shaft",
                "top of the shaft",
                "shaft base",
            ],
        );
        assert_move(&built, "shaft base", "down", "geyser");
        assert!(!has_move(&built, "middle shaft", "down", "geyser"));
    }

    #[test]
    fn a_move_through_a_thing_starts_where_the_thing_is_described_that_way() {
        // The steps back from the wings to the field were dropped: the player passed through
        // the turnstile, which the field's description puts east, the way of the move.
        let built = run(
            &[
                ("south", "In the Wings\nBackstage, among the props."),
                (
                    "south",
                    "Connection\nA field between the big top to the north and the midway to the east, where a banner hangs above a turnstile.",
                ),
                ("north", "In the Wings\nBackstage, among the props."),
                (
                    "east",
                    "You pass through the creaky turnstile.\n\nMidway Entrance\nThe midway continues east.",
                ),
            ],
            &["ring", "in the wings", "connection", "midway entrance"],
        );
        assert_move(&built, "connection", "east", "midway entrance");
        assert!(!has_move(&built, "in the wings", "east", "midway entrance"));
    }

    #[test]
    fn a_title_inside_longer_names_is_told_by_their_other_words() {
        // "Narrow Hallway" is part of two listed names; the description says which.
        let built = run(
            &[
                ("south", "Landing\nA landing."),
                (
                    "south",
                    "Narrow Hallway\nYou are at the entrance of a narrow hallway which goes to the northeast.",
                ),
                (
                    "northeast",
                    "Narrow Hallway\nYou are at a bend in the Narrow Hallway. The hallway continues to the northwest and to the southwest.",
                ),
            ],
            &[
                "landing",
                "at a bend in the narrow hallway",
                "the entrance of a narrow hallway",
            ],
        );
        assert_move(
            &built,
            "landing",
            "south",
            "the entrance of a narrow hallway",
        );
        assert!(has_move(
            &built,
            "the entrance of a narrow hallway",
            "northeast",
            "at a bend in the narrow hallway"
        ));
    }
}
