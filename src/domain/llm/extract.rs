//! An offline, rule-based reader for explicit English spatial sentences.
//!
//! It produces the same [`ObservationReply`] a model would, so the rest of the pipeline does not
//! care which one read the text. It understands plain statements and moves such as:
//!
//! * "The kitchen is north of the hall." / "The tower lies far to the east of the village."
//! * "North of the hall lies the kitchen." / "To the west of the garden is the shed."
//! * "The attic is above the bedroom." / "The cellar lies below the kitchen."
//! * "From the garden, a path leads east to the orchard." / "A ladder leads up to the loft."
//! * "You are standing in the hall." / "You find yourself in the cellar."
//! * "You walk west into the library." / "You go up the stairs to the attic."
//! * "You go north." followed by "You arrive at the gate." (the move is completed by the
//!   arrival).
//! * A novel's past tense and third person: "To the east of the hall was the kitchen.",
//!   "Below the kitchen, down a flight of steps, was the cellar.", "She went west to the
//!   library." ("he", "she" and "they" move the reader as "you" does), "… to the garden, which
//!   lay east of the kitchen" ("which" is the place named just before), "She crossed the hall"
//!   (she is now in it), "… and she went in" (into the place just named), "Below the kitchen
//!   was the cellar. She went down." (a move that never says where it ended went the way the
//!   text last said a place lies).
//!
//! Relations follow the reply convention: going `direction` from `from` leads to `to`. Names
//! are normalized (lowercase, no leading article). Anything it does not understand is left
//! alone; it never guesses a direction that the text does not state. "Up" and "down" count as
//! directions only with stairs, ladders and the like, with a climbing verb, or right before
//! "to"/"into" ("you walk down the corridor" is not a move down).

use super::discretize::Distance;
use super::reply::{LocationReply, ObservationReply, RelationReply};
use crate::domain::names::normalize_name;
use crate::domain::Direction;

/// Verbs that move the reader.
#[rustfmt::skip]
const MOVE_VERBS: &[&str] = &[
    "go", "goes", "went", "walk", "walks", "walked", "head", "heads", "headed", "move", "moves",
    "moved", "step", "steps", "stepped", "wander", "wanders", "wandered", "run", "runs", "ran",
    "stroll", "strolls", "strolled", "proceed", "proceeds", "proceeded", "continue", "continues",
    "continued", "travel", "travels", "travelled", "traveled", "make", "makes", "made", "follow",
    "follows", "followed", "crawl", "crawls", "crawled", "creep", "creeps", "crept", "hike",
    "hikes", "hiked", "pass", "passes", "passed", "cross", "crosses", "crossed", "take", "takes",
    "took", "turn", "turns", "turned", "march", "marches", "marched", "hurry", "hurries",
    "hurried", "sneak", "sneaks", "sneaked", "snuck", "swim", "swims", "swam", "ride", "rides",
    "rode", "return", "returns", "returned", "enter", "enters", "entered", "climb", "climbs",
    "climbed", "ascend", "ascends", "ascended", "descend", "descends", "descended", "jump",
    "jumps", "jumped", "slip", "slips", "slipped", "squeeze", "squeezes", "squeezed",
    "climbing", "ascending", "descending", "walking", "going", "heading", "returning",
];

/// Verbs that imply going up or down when no direction word is given.
#[rustfmt::skip]
const UP_VERBS: &[&str] = &[
    "climb", "climbs", "climbed", "ascend", "ascends", "ascended", "climbing", "ascending",
];
#[rustfmt::skip]
const DOWN_VERBS: &[&str] = &[
    "descend", "descends", "descended", "descending",
];
/// Verbs whose move, without a direction, only tells where the reader now is.
#[rustfmt::skip]
const RETURN_VERBS: &[&str] = &[
    "return", "returns", "returned", "returning",
];

/// Verbs of going in: their object is the place the reader is now in ("you enter the
/// library"), and without another direction they go in.
#[rustfmt::skip]
const ENTER_VERBS: &[&str] = &[
    "enter", "enters", "entered",
];

/// Verbs of going across: their object is the place the reader is now in ("she crossed the
/// hall"), in no direction.
#[rustfmt::skip]
const CROSS_VERBS: &[&str] = &[
    "cross", "crosses", "crossed",
];

/// Subjects that move the reader: the second person of a game, the first and third person of a
/// story.
#[rustfmt::skip]
const MOVERS: &[&str] = &[
    "you", "we", "i", "he", "she", "they",
];

/// One-word subjects of a movement verb that are not someone walking ("the river ran down to
/// the sea"): a story's named character is any other word ("Tom walked north to the mill").
#[rustfmt::skip]
const NOT_WALKERS: &[&str] = &[
    "water", "river", "stream", "brook", "road", "roads", "path", "paths", "track", "trail",
    "wind", "smoke", "light", "rain", "snow", "sun", "moon", "mist", "fog", "time", "it",
    "this", "that", "there", "here", "what", "which", "who", "one", "something", "nothing",
    "everything", "everyone", "nobody", "somebody", "blood", "sound", "noise", "voice", "night",
    "day", "morning", "evening", "shadow", "shadows",
];

/// Verbs of leaving a place: "she left the chapel" says she was there.
#[rustfmt::skip]
const LEAVE_VERBS: &[&str] = &[
    "leave", "leaves", "left",
];

/// Things one goes up or down.
#[rustfmt::skip]
const VERTICAL_NOUNS: &[&str] = &[
    "stairs", "stair", "staircase", "stairway", "steps", "ladder", "ramp", "slope", "hill", "rope",
    "shaft", "chimney", "ladders", "hillside", "mountain", "tower", "well", "hole", "trapdoor",
    "spiral",
];

/// Prepositions that introduce a destination.
#[rustfmt::skip]
const TO_PREPS: &[&str] = &[
    "to", "into", "toward", "towards", "onto", "inside",
];

/// Verbs of "X is north of Y".
#[rustfmt::skip]
const BE_VERBS: &[&str] = &[
    "is", "lies", "sits", "stands", "lie", "lay", "was", "are", "were", "sit", "stand", "rises",
    "looms", "stood", "sat", "rose", "loomed",
];

/// Verbs of "a path leads east to the orchard".
#[rustfmt::skip]
const CONNECT_VERBS: &[&str] = &[
    "leads", "lead", "led", "runs", "run", "goes", "go", "heads", "winds", "wind", "continues",
    "extends", "climbs", "descends", "opens", "open", "connects", "takes", "take", "rises",
];

/// Words that end a place name.
#[rustfmt::skip]
const BOUNDARY: &[&str] = &[
    ",", "and", "or", "but", "where", "which", "that", "who", "with", "while", "before", "after",
    "then", "until", "when", "as", "through", "past", "beyond", "via", "by", "along", "across",
    "in", "on", "at", "near", "under", "over", "from", "to", "into", "towards", "toward", "for",
    "is", "lies", "are", "was", "if", "so", "because", "again", "now", "first", "too", "also",
    "instead", "quickly", "slowly", "soon", "finally", "once", "carefully", "above", "below",
    "beneath", "behind",
];

/// Leading words dropped from a name (besides the articles `normalize_name` drops).
#[rustfmt::skip]
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "your", "my", "our", "this", "that", "some", "another", "its", "their",
    "his", "her",
];

/// Subjects that are not places.
#[rustfmt::skip]
const NOT_PLACES: &[&str] = &[
    "it", "there", "you", "we", "i", "he", "she", "they", "which", "one", "what", "who", "nothing",
    "something", "everything", "door", "exit", "way", "path", "passage",
];

/// Words that may open a clause without changing its meaning.
#[rustfmt::skip]
const LEADING: &[&str] = &[
    "then", "finally", "now", "next", "later", "soon", "afterwards", "so", "and", "eventually",
];

/// Verbs of arriving, which complete a pending move ("... and arrive at the gate").
#[rustfmt::skip]
const ARRIVE_VERBS: &[&str] = &[
    "arrive", "arrives", "arrived", "reach", "reaches", "reached", "find", "finds", "found",
    "come", "comes", "came", "emerge", "emerges", "emerged", "end", "ends", "ended",
];

/// Adverbs allowed between the subject and a movement verb.
#[rustfmt::skip]
const ADVERBS: &[&str] = &[
    "then", "now", "carefully", "slowly", "quickly", "finally", "cautiously", "quietly", "also",
    "just", "simply", "easily",
];

/// Modal verbs: "you can go north to the kitchen" states a link without moving the reader.
#[rustfmt::skip]
const MODALS: &[&str] = &[
    "can", "could", "may", "might", "should", "would", "must", "will",
];

/// Words that negate a statement; such clauses are ignored.
#[rustfmt::skip]
const NEGATIONS: &[&str] = &[
    "not", "never", "no", "nor", "cannot", "can't", "isn't", "aren't", "don't", "doesn't",
    "won't", "wasn't",
];

/// Words meaning "the current location".
#[rustfmt::skip]
const HERE_WORDS: &[&str] = &[
    "here", "this room", "this place", "this spot", "this area",
];

/// Words allowed between "is" and the direction ("is just to the north of").
#[rustfmt::skip]
const FILLER: &[&str] = &[
    "then", "now", "carefully", "slowly", "quickly", "finally", "cautiously", "quietly", "also",
    "just", "directly", "due", "right", "immediately", "slightly", "a", "short", "way", "some",
    "distance", "far", "further", "farther", "little", "long", "located", "situated", "found",
    "to", "the", "off", "away", "bit", "few", "steps", "miles", "mile", "not", "very", "straight",
    "be", "can", "could",
];

/// Reads spatial facts from explicit English text.
///
/// `current` is where the reader is before the text (used for moves and for "here"). The
/// reply's `current_location` is where the reader is after it, if the text says or moves.
pub fn extract_observation(text: &str, current: Option<&str>) -> ObservationReply {
    let mut reader = Reader {
        reply: ObservationReply::default(),
        current: current.map(normalize_name).filter(|c| !c.is_empty()),
        pending: None,
        matched: 0,
        clauses: 0,
        last: None,
    };
    if let Some(c) = reader.current.clone() {
        reader.mention(&c);
    }
    for sentence in text.split(['.', '!', '?', ';', '\n']) {
        let tokens = tokenize(sentence);
        for clause in split_clauses(&tokens) {
            let refs: Vec<&str> = clause.iter().map(String::as_str).collect();
            reader.clauses += 1;
            if reader.read_clause(&refs) {
                reader.matched += 1;
            }
        }
    }
    if let Some(p) = reader.pending.take() {
        // "Below the kitchen was the cellar. She went down.": a move that never says where it
        // ended went the way the text last said a place lies; the reader is there now.
        let stated = p.direction.and_then(|d| {
            reader
                .reply
                .relations
                .iter()
                .rev()
                .find(|r| r.direction == Some(d))
                .map(|r| r.to.clone())
        });
        match stated {
            Some(to) => reader.current = Some(to),
            None => {
                reader.reply.warnings.push(format!(
                    "a move from '{}' ({}) never said where it ended",
                    p.from, p.words
                ));
                reader.current = None;
            }
        }
    }
    // A link the text gave no direction for is left out when the text also says which way
    // joins the same two places ("she went out to the garden, which lay east of the kitchen").
    let directed: Vec<(String, String)> = reader
        .reply
        .relations
        .iter()
        .filter(|r| r.direction.is_some())
        .flat_map(|r| {
            [
                (r.from.clone(), r.to.clone()),
                (r.to.clone(), r.from.clone()),
            ]
        })
        .collect();
    reader
        .reply
        .relations
        .retain(|r| r.direction.is_some() || !directed.contains(&(r.from.clone(), r.to.clone())));
    reader.reply.current_location = reader.current.clone();
    reader.reply.analysis = Some(format!(
        "Offline rule-based reading: {} of {} clauses gave spatial facts ({} relations).",
        reader.matched,
        reader.clauses,
        reader.reply.relations.len()
    ));
    reader.reply
}

/// A move whose destination is not known yet ("You go north.").
struct Pending {
    from: String,
    direction: Option<Direction>,
    words: String,
}

struct Reader {
    reply: ObservationReply,
    current: Option<String>,
    pending: Option<Pending>,
    matched: usize,
    clauses: usize,
    /// The place named last ("… to the garden, which lay east of the kitchen").
    last: Option<String>,
}

impl Reader {
    fn mention(&mut self, name: &str) {
        self.last = Some(name.to_string());
        if !self.reply.locations.iter().any(|l| l.name == name) {
            self.reply.locations.push(LocationReply {
                name: name.to_string(),
                aliases: Vec::new(),
                description: None,
            });
        }
    }

    fn relate(
        &mut self,
        from: &str,
        to: &str,
        direction: Option<Direction>,
        words: &str,
        distance: Option<Distance>,
    ) -> bool {
        if from == to || from.is_empty() || to.is_empty() {
            return false;
        }
        self.mention(from);
        self.mention(to);
        self.reply.relations.push(RelationReply {
            from: from.to_string(),
            to: to.to_string(),
            direction,
            description: if direction.is_none() {
                Some(words.to_string())
            } else {
                None
            },
            angle_deg: None,
            distance,
        });
        true
    }

    /// A place name from tokens, with "here" meaning the current location and a lone "which"
    /// the place named last.
    fn place(&self, tokens: &[&str]) -> Option<String> {
        let joined = tokens.join(" ");
        if HERE_WORDS.contains(&joined.as_str()) {
            return self.current.clone();
        }
        if tokens == ["which"] {
            return self.last.clone();
        }
        noun_phrase(tokens)
    }

    fn read_clause(&mut self, t: &[&str]) -> bool {
        let mut lead = 0;
        while t.get(lead).is_some_and(|w| LEADING.contains(w)) {
            lead += 1;
        }
        let t = &t[lead..];
        if t.is_empty() {
            return false;
        }
        // "not far" is a distance, not a negation.
        let negated = t
            .iter()
            .enumerate()
            .any(|(i, w)| NEGATIONS.contains(w) && !(*w == "not" && t.get(i + 1) == Some(&"far")));
        if negated {
            return false;
        }
        let words = t.join(" ");
        // A story's subject: a character's name, or a pronoun after a time phrase ("the next
        // morning they went …"), reads as "she".
        let subject: Vec<&str>;
        let t = match story_subject(t) {
            Some(at) => {
                subject = std::iter::once("she")
                    .chain(t[at + 1..].iter().copied())
                    .collect();
                &subject[..]
            }
            None => t,
        };
        let is_you = t.first().is_some_and(|w| MOVERS.contains(w));
        // "She left the chapel": she was there.
        if is_you && t.get(1).is_some_and(|v| LEAVE_VERBS.contains(v)) {
            let Some(place) = self.place(t.get(2..).unwrap_or(&[])) else {
                return false;
            };
            self.mention(&place);
            self.current = Some(place);
            return true;
        }
        if is_you {
            if let Some(place) = self.location_statement(t) {
                return self.arrive(place, &words);
            }
        }
        let (verb_at, modal) = skip_adverbs(t, if is_you { 1 } else { 0 });
        if t.get(verb_at).is_some_and(|v| MOVE_VERBS.contains(v)) {
            return if modal {
                self.possible_move(t, verb_at, &words)
            } else {
                self.movement(t, verb_at, &words)
            };
        }
        if t.first() == Some(&"from") {
            return self.starting_from(t, &words);
        }
        if let Some(found) = self.direction_first(t, &words) {
            return found;
        }
        if let Some(found) = self.is_direction_of(t, &words) {
            return found;
        }
        self.connector_from_here(t, &words)
    }

    /// "you are (standing) in X", "you find yourself in X", "you arrive at X", "you reach X".
    fn location_statement(&self, t: &[&str]) -> Option<String> {
        let mut i = 1;
        let verb = *t.get(i)?;
        let starts = [
            "are", "stand", "start", "begin", "wake", "awake", "get", "got", "were", "am", "is",
            "was", "stood", "woke",
        ];
        if !starts.contains(&verb) && !ARRIVE_VERBS.contains(&verb) {
            return None;
        }
        i += 1;
        while let Some(w) = t.get(i) {
            if [
                "now",
                "standing",
                "still",
                "back",
                "up",
                "yourself",
                "ourselves",
                "myself",
                "sitting",
                "lying",
                "safely",
                "finally",
                "once",
                "again",
                "out",
            ]
            .contains(w)
            {
                i += 1;
            } else {
                break;
            }
        }
        let prep = *t.get(i)?;
        let rest = if ["in", "at", "inside", "on", "within", "into", "to"].contains(&prep) {
            t.get(i + 1..)?
        } else if ["reach", "reaches", "reached"].contains(&verb) {
            t.get(i..)?
        } else {
            return None;
        };
        // "You are in front of the house" is not "in the house".
        if rest.first() == Some(&"front") {
            return None;
        }
        self.place(rest)
    }

    /// The reader is now at `place`; completes a pending move.
    fn arrive(&mut self, place: String, words: &str) -> bool {
        if let Some(p) = self.pending.take() {
            let text = format!("{}; {}", p.words, words);
            self.relate(&p.from, &place, p.direction, &text, None);
        }
        self.mention(&place);
        self.current = Some(place);
        true
    }

    /// "you walk west into the library", "you go up the stairs to the attic", "go north".
    fn movement(&mut self, t: &[&str], verb_at: usize, words: &str) -> bool {
        let (direction, dest, returning) = self.read_move(t, verb_at);
        if let Some(p) = self.pending.take() {
            // The earlier move never said where it ended, so this one starts somewhere unknown.
            self.reply.warnings.push(format!(
                "a move from '{}' ({}) never said where it ended",
                p.from, p.words
            ));
            self.current = None;
        }
        match (dest, self.current.clone()) {
            (Some(dest), Some(from)) => {
                if direction.is_some() || !returning {
                    self.relate(&from, &dest, direction, words, None);
                }
                self.mention(&dest);
                self.current = Some(dest);
                true
            }
            (Some(dest), None) => {
                self.reply.warnings.push(format!(
                    "moved to '{dest}' without knowing where the move started"
                ));
                self.mention(&dest);
                self.current = Some(dest);
                true
            }
            (None, Some(from)) if direction.is_some() => {
                self.pending = Some(Pending {
                    from,
                    direction,
                    words: words.to_string(),
                });
                true
            }
            _ => false,
        }
    }

    /// The direction, destination, and whether it is a return, of the move whose verb is at
    /// `t[verb_at]`.
    fn read_move(&self, t: &[&str], verb_at: usize) -> (Option<Direction>, Option<String>, bool) {
        let verb = t.get(verb_at).copied().unwrap_or("");
        let rest = t.get(verb_at + 1..).unwrap_or(&[]);
        let dest_at = destination_prep(rest);
        let before_dest = &rest[..dest_at.unwrap_or(rest.len())];
        let climbing = UP_VERBS.contains(&verb) || DOWN_VERBS.contains(&verb);
        let entering = ENTER_VERBS.contains(&verb);
        // "… and she went in", "… and she went there (next)": into the place just named, which
        // only says where the reader now is, as a return does.
        let into_named = matches!(without_time_words(rest), ["in" | "inside" | "there"]);
        let dest = match dest_at {
            Some(at) => self.place(rest.get(at + 1..).unwrap_or(&[])),
            // "You enter the library", "she crossed the hall": the object is where the reader
            // is now.
            None if entering || CROSS_VERBS.contains(&verb) => self.place(rest),
            None if into_named => self
                .last
                .clone()
                .filter(|l| Some(l) != self.current.as_ref()),
            None => None,
        };
        let mut direction = find_direction(before_dest, climbing);
        if direction.is_none() && dest.is_none() {
            // "You walk to the north": the direction is where a destination would be.
            direction = find_direction(rest, climbing);
        }
        if direction.is_none() && UP_VERBS.contains(&verb) {
            direction = Some(Direction::Up);
        }
        if direction.is_none() && DOWN_VERBS.contains(&verb) {
            direction = Some(Direction::Down);
        }
        if direction.is_none() && entering {
            direction = Some(Direction::In);
        }
        let returning = RETURN_VERBS.contains(&verb) || rest.first() == Some(&"back") || into_named;
        (direction, dest, returning)
    }

    /// "you can go north to the kitchen": a link from the current location; the reader stays.
    fn possible_move(&mut self, t: &[&str], verb_at: usize, words: &str) -> bool {
        let (direction, dest, _) = self.read_move(t, verb_at);
        match (dest, self.current.clone()) {
            (Some(dest), Some(from)) if direction.is_some() => {
                self.relate(&from, &dest, direction, words, None)
            }
            _ => false,
        }
    }

    /// "from X, a path leads east to Y", "from X you can go north to Y".
    fn starting_from(&mut self, t: &[&str], words: &str) -> bool {
        let body = &t[1..];
        // X ends at a comma, at "you", or at the article that starts the connector's subject.
        let verb_at = body
            .iter()
            .position(|w| CONNECT_VERBS.contains(w) || MOVE_VERBS.contains(w));
        let end = body
            .iter()
            .position(|w| *w == "," || *w == "you" || *w == "we")
            // A comma after the verb ends the destination, not X.
            .filter(|&c| verb_at.is_none_or(|v| c < v))
            .or_else(|| {
                let v = verb_at?;
                body[..v]
                    .iter()
                    .rposition(|w| ["a", "an", "the", "some"].contains(w))
                    .filter(|&a| a > 0)
            })
            .or(verb_at);
        let Some(end) = end else {
            return false;
        };
        let Some(from) = self.place(&body[..end]) else {
            return false;
        };
        let tail = &body[end..];
        let Some(to_at) = destination_prep(tail) else {
            return false;
        };
        let Some(to) = self.place(tail.get(to_at + 1..).unwrap_or(&[])) else {
            return false;
        };
        let climbing = tail
            .iter()
            .any(|w| UP_VERBS.contains(w) || DOWN_VERBS.contains(w));
        let direction = find_direction(&tail[..to_at], climbing);
        self.relate(&from, &to, direction, words, None)
    }

    /// "north of the hall lies the kitchen", "to the west of X is Y", "north lies Y".
    fn direction_first(&mut self, t: &[&str], words: &str) -> Option<bool> {
        let mut i = 0;
        while t
            .get(i)
            .is_some_and(|w| ["to", "the", "just", "directly", "due", "far", "further"].contains(w))
        {
            i += 1;
        }
        // "Below the kitchen, down a flight of steps, was the cellar": the cellar lies down.
        let (direction, used) = match t.get(i).copied() {
            Some("above" | "over" | "atop") if i == 0 => (Direction::Up, 1),
            Some("below" | "beneath" | "under" | "underneath") if i == 0 => (Direction::Down, 1),
            Some("inside" | "within") if i == 0 => (Direction::In, 1),
            _ => compass_at(t, i)?,
        };
        let vertical = matches!(direction, Direction::Up | Direction::Down | Direction::In);
        let distance = Distance::from_words(&t[..i].join(" "));
        i += used;
        let verb_at = t
            .iter()
            .enumerate()
            .skip(i)
            .position(|(_, w)| BE_VERBS.contains(w) || *w == "you" || *w == "there")
            .map(|p| p + i)?;
        let from = if t.get(i) == Some(&"of") {
            self.place(&t[i + 1..verb_at])?
        } else if vertical {
            self.place(&t[i..verb_at])?
        } else if i == verb_at {
            self.current.clone()?
        } else {
            return None;
        };
        // Skip "you find", "you will see", "there is", "is".
        let mut j = verb_at;
        while t.get(j).is_some_and(|w| {
            [
                "you", "there", "is", "are", "lies", "lie", "stands", "sits", "will", "can",
                "find", "see", "spot", "notice", "lay", "stand", "sit", "rises", "looms", "was",
                "were", "stood", "sat", "rose", "loomed", "found", "saw",
            ]
            .contains(w)
        }) {
            j += 1;
        }
        let to = self.place(t.get(j..).unwrap_or(&[]))?;
        Some(self.relate(&from, &to, Some(direction), words, distance))
    }

    /// "the kitchen is (just) north of the hall", "the attic is above the bedroom",
    /// "the kitchen is to the north" (of the current location).
    fn is_direction_of(&mut self, t: &[&str], words: &str) -> Option<bool> {
        let verb_at = t.iter().position(|w| BE_VERBS.contains(w))?;
        if verb_at == 0 {
            return None;
        }
        let to = self.place(&t[..verb_at])?;
        let mut i = verb_at + 1;
        let filler_start = i;
        while t.get(i).is_some_and(|w| FILLER.contains(w)) && compass_at(t, i).is_none() {
            i += 1;
        }
        let distance = Distance::from_words(&t[filler_start..i].join(" "));
        let (direction, used) = match t.get(i).copied() {
            Some("above" | "over" | "atop") => (Direction::Up, 1),
            Some("below" | "beneath" | "under" | "underneath") => (Direction::Down, 1),
            _ => compass_at(t, i)?,
        };
        i += used;
        let from = if matches!(t.get(i).copied(), Some("of" | "from")) {
            self.place(t.get(i + 1..).unwrap_or(&[]))?
        } else if used == 1 && matches!(direction, Direction::Up | Direction::Down) {
            self.place(t.get(i..).unwrap_or(&[]))?
        } else if t.get(i).is_none_or(|w| BOUNDARY.contains(w)) {
            self.current.clone()?
        } else {
            return None;
        };
        Some(self.relate(&from, &to, Some(direction), words, distance))
    }

    /// "a path leads east to the orchard" (from the current location).
    fn connector_from_here(&mut self, t: &[&str], words: &str) -> bool {
        let Some(verb_at) = t.iter().position(|w| CONNECT_VERBS.contains(w)) else {
            return false;
        };
        let Some(from) = self.current.clone() else {
            return false;
        };
        let tail = &t[verb_at + 1..];
        let Some(to_at) = destination_prep(tail) else {
            return false;
        };
        let climbing = matches!(t.get(verb_at), Some(&("climbs" | "descends" | "rises")));
        // "A path leads east to …" or "A path to the east leads to …".
        let Some(direction) = find_direction(&tail[..to_at], climbing)
            .or_else(|| find_direction(&t[..verb_at], false))
        else {
            return false;
        };
        let Some(to) = self.place(tail.get(to_at + 1..).unwrap_or(&[])) else {
            return false;
        };
        self.relate(&from, &to, Some(direction), words, None)
    }
}

/// `t` without the time words that may close a clause ("we went there next").
fn without_time_words<'a, 'b>(t: &'b [&'a str]) -> &'b [&'a str] {
    let mut end = t.len();
    while end > 0
        && [
            "next", "again", "now", "later", "then", "too", "also", "first",
        ]
        .contains(&t[end - 1])
    {
        end -= 1;
    }
    &t[..end]
}

/// Where a story's subject stands, when it is not a plain "you"/"she" first: a one-word name
/// right before a movement or leaving verb ("tom walked north"), or a pronoun after a short
/// time phrase ("the next morning they went"). `None` otherwise.
fn story_subject(t: &[&str]) -> Option<usize> {
    let moves_at = |i: usize| {
        let (v, _) = skip_adverbs(t, i + 1);
        t.get(v)
            .is_some_and(|w| MOVE_VERBS.contains(w) || LEAVE_VERBS.contains(w))
    };
    let first = *t.first()?;
    if MOVERS.contains(&first) {
        return None;
    }
    let named = !DETERMINERS.contains(&first)
        && !NOT_WALKERS.contains(&first)
        && !LEADING.contains(&first)
        && !MODALS.contains(&first)
        && !MOVE_VERBS.contains(&first)
        && compass_at(t, 0).is_none()
        && first.chars().all(char::is_alphabetic);
    if named && moves_at(0) {
        return Some(0);
    }
    (1..t.len().min(5)).find(|&i| ["he", "she", "they", "we", "i"].contains(&t[i]) && moves_at(i))
}

/// Where the destination is introduced: the first "to"/"into"/… that is not part of a
/// direction ("to the north").
fn destination_prep(t: &[&str]) -> Option<usize> {
    (0..t.len()).find(|&i| {
        t.get(i).is_some_and(|w| TO_PREPS.contains(w)) && {
            let mut j = i + 1;
            while t.get(j) == Some(&"the") {
                j += 1;
            }
            compass_at(t, j).is_none()
        }
    })
}

/// Skips adverbs before a verb; returns the verb's index and whether a modal ("can", "could",
/// "may" …) was among them, which makes the move a possibility rather than a fact.
fn skip_adverbs(t: &[&str], mut i: usize) -> (usize, bool) {
    let mut modal = false;
    while let Some(w) = t.get(i) {
        if ADVERBS.contains(w) {
            i += 1;
        } else if MODALS.contains(w) {
            modal = true;
            i += 1;
        } else {
            break;
        }
    }
    (i, modal)
}

/// One of the eight compass directions at `t[i]` ("north", "north-east", "north east",
/// "northwards"), with the number of tokens used.
fn compass_at(t: &[&str], i: usize) -> Option<(Direction, usize)> {
    let word = *t.get(i)?;
    let stem = word
        .trim_end_matches("wards")
        .trim_end_matches("ward")
        .replace('-', "");
    if stem.len() >= 4 {
        if let Some(d) = Direction::from_word(&stem).filter(|d| d.is_level()) {
            if matches!(d, Direction::North | Direction::South) {
                if let Some(second) = t.get(i + 1) {
                    let pair = format!("{stem}{second}");
                    if let Some(d2) = Direction::from_word(&pair).filter(|d| d.is_level()) {
                        return Some((d2, 2));
                    }
                }
            }
            return Some((d, 1));
        }
    }
    None
}

/// The first direction stated in a stretch of words: a compass word, "upstairs"/"downstairs",
/// or "up"/"down" when they plainly mean vertical movement (see the module docs).
fn find_direction(t: &[&str], climbing: bool) -> Option<Direction> {
    for i in 0..t.len() {
        if let Some((d, _)) = compass_at(t, i) {
            return Some(d);
        }
        let vertical = match t.get(i).copied() {
            Some("upstairs" | "upward" | "upwards" | "uphill") => return Some(Direction::Up),
            Some("downstairs" | "downward" | "downwards" | "downhill") => {
                return Some(Direction::Down)
            }
            Some("up") => Direction::Up,
            Some("down") => Direction::Down,
            _ => continue,
        };
        let mut j = i + 1;
        while t.get(j).is_some_and(|w| {
            DETERMINERS.contains(w)
                || [
                    "narrow", "steep", "wooden", "stone", "old", "rickety", "long", "winding",
                    "spiral", "iron", "rope",
                ]
                .contains(w)
        }) {
            j += 1;
        }
        let next = t.get(j).copied();
        let plain_vertical = next.is_none()
            || next.is_some_and(|w| VERTICAL_NOUNS.contains(&w) || TO_PREPS.contains(&w))
            || climbing;
        if plain_vertical {
            return Some(vertical);
        }
    }
    None
}

/// A place name: leading determiners dropped, cut at the first boundary word, normalized.
/// `None` for pronouns and non-places.
fn noun_phrase(tokens: &[&str]) -> Option<String> {
    let mut start = 0;
    while tokens.get(start).is_some_and(|w| DETERMINERS.contains(w)) {
        start += 1;
    }
    let rest = tokens.get(start..)?;
    let end = rest
        .iter()
        .position(|w| BOUNDARY.contains(w))
        .unwrap_or(rest.len());
    let words = &rest[..end];
    if words.is_empty() || words.len() > 6 {
        return None;
    }
    let name = normalize_name(&words.join(" "));
    if name.is_empty() || NOT_PLACES.contains(&name.as_str()) || HERE_WORDS.contains(&name.as_str())
    {
        return None;
    }
    if words.iter().all(|w| compass_at(&[w], 0).is_some()) {
        return None;
    }
    Some(name)
}

/// Lowercase words and commas; contractions "you're", "it's", "there's" … expanded.
fn tokenize(sentence: &str) -> Vec<String> {
    let lowered = sentence.to_lowercase().replace(['’', '‘'], "'");
    let mut tokens = Vec::new();
    let mut word = String::new();
    for c in lowered.chars() {
        if c.is_alphanumeric() || c == '-' || c == '\'' {
            word.push(c);
        } else {
            flush_word(&mut word, &mut tokens);
            if c == ',' {
                tokens.push(",".to_string());
            }
        }
    }
    flush_word(&mut word, &mut tokens);
    tokens
}

fn flush_word(word: &mut String, tokens: &mut Vec<String>) {
    let w = word.trim_matches(['\'', '-']);
    let expanded: &[&str] = match w {
        "" => &[],
        "you're" => &["you", "are"],
        "we're" => &["we", "are"],
        "i'm" => &["i", "am"],
        "it's" => &["it", "is"],
        "there's" => &["there", "is"],
        "that's" => &["that", "is"],
        "here's" => &["here", "is"],
        _ => {
            tokens.push(w.to_string());
            word.clear();
            return;
        }
    };
    tokens.extend(expanded.iter().map(|s| s.to_string()));
    word.clear();
}

/// Splits a sentence's tokens into clauses at ", and", ", but", ", then", "and then", ", which",
/// ", he" / ", she" / ", they", and at "and" before a movement verb; a clause that starts with
/// a verb gets "you", one that starts with a compass word gets "you go".
fn split_clauses(tokens: &[String]) -> Vec<Vec<String>> {
    #[rustfmt::skip]
const CONJ: &[&str] = &[
    "and", "but", "while", "then", "whereas", "so",
];
    let mut clauses: Vec<Vec<String>> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let w = tokens[i].as_str();
        let next = tokens.get(i + 1).map(String::as_str);
        let split_width = match (w, next) {
            // "… to the garden, which lay east of the kitchen": "which" opens its own clause
            // (the place named last, see `Reader::place`); "climbing up to the kitchen, she
            // went out": a story's subject opens one.
            (",", Some("which" | "he" | "she" | "they")) => 1,
            (",", Some(n)) if CONJ.contains(&n) => {
                if tokens.get(i + 2).map(String::as_str) == Some("then") {
                    3
                } else {
                    2
                }
            }
            ("and", Some("then")) => 2,
            // "… east along the road until we reached the village".
            ("until" | "till", Some(n)) if MOVERS.contains(&n) => 1,
            ("and", Some(n))
                if MOVE_VERBS.contains(&n) || ARRIVE_VERBS.contains(&n) || n == "you" =>
            {
                1
            }
            _ => 0,
        };
        if split_width == 0 {
            cur.push(tokens[i].clone());
            i += 1;
            continue;
        }
        clauses.push(std::mem::take(&mut cur));
        i += split_width;
        if let Some(first) = tokens.get(i).map(String::as_str) {
            let as_refs = [first];
            if MOVE_VERBS.contains(&first) || ARRIVE_VERBS.contains(&first) {
                cur.push("you".to_string());
            } else if compass_at(&as_refs, 0).is_some() {
                cur.push("you".to_string());
                cur.push("go".to_string());
            }
        }
    }
    clauses.push(cur);
    clauses.retain(|c| !c.is_empty());
    clauses
}
