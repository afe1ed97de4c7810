//! What a sentence says about places, read clause by clause ([`super::clause`]).
//!
//! Who a clause is about decides how it is read:
//! * a **mover** (a person, a pronoun, a carriage, a pack of wolves) with a verb of going moves
//!   along a path ([`super::motion`]); with a verb of being at a place, says where the reader
//!   is;
//! * a **place** (a noun phrase that names one, "it" standing for one, the antecedent of
//!   "which", the phrase a participle describes) with a verb of way or position says how it
//!   lies beside the places in its clause ([`super::layout`]);
//! * besides clauses, a place phrase followed by a preposition of position and another place
//!   ("the rocky path beyond the courtyard", "the church at the gates") relates the two, and a
//!   place said to lie behind, over or below "us" relates to where the reader is.
//!
//! A negated clause says nothing; inside quotation marks nothing moves, though a layout stated
//! in speech is still a layout.

use super::chunk::Phrase;
use super::clause::Target;
use super::clause::{Clause, Subject};
use super::lexicon::{
    is_position_verb, is_way_verb, object_role, preposition, verb_base, PathRole,
};
use super::place::PlaceId;
use crate::domain::Direction;

/// A tagged sentence with its phrases read as places and its clauses
/// ([`super::clause::clauses`]).
#[derive(Debug, Clone, Copy)]
pub struct Sentence<'a> {
    /// Token texts.
    pub words: &'a [&'a str],
    /// Penn tags.
    pub tags: &'a [&'a str],
    /// Inside quotation marks.
    pub quoted: &'a [bool],
    /// Noun phrases.
    pub phrases: &'a [Phrase],
    /// The place each phrase names, if any (same length as `phrases`).
    pub places: &'a [Option<PlaceId>],
    /// The place a pronoun stands for, by token (same length as `words`).
    pub referents: &'a [Option<PlaceId>],
    /// Places that are ways (a door, a window) rather than places, by place id.
    pub ways: &'a [bool],
    /// Where the reader is as the sentence begins.
    pub observer: Option<PlaceId>,
    /// The sentence's clauses.
    pub clauses: &'a [Clause],
}

/// One place on a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stop {
    /// Part of the path.
    pub role: PathRole,
    /// The place.
    pub place: PlaceId,
    /// A direction stated just before it ("up the stairs").
    pub direction: Option<Direction>,
    /// The place the text says the stop is in ("the window in the gallery").
    pub within: Option<PlaceId>,
}

/// What a sentence says about places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Someone moved along `path`; the reader follows.
    Move {
        /// Places in path order (sources first).
        path: Vec<Stop>,
        /// The verb's token index.
        verb: usize,
        /// The verb's own direction (ascend → up).
        direction: Option<Direction>,
    },
    /// A fixed way between two places.
    Static {
        /// Where the way starts.
        from: PlaceId,
        /// Where it leads.
        to: PlaceId,
        /// Stated direction, if any.
        direction: Option<Direction>,
    },
    /// The reader is at a place.
    At {
        /// The place.
        place: PlaceId,
    },
    /// A way (a door, a window) is in a place: a way through it leaves that place.
    Host {
        /// The way.
        way: PlaceId,
        /// The place it is in.
        place: PlaceId,
    },
}

/// Who or what a clause is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// A place.
    Place(PlaceId),
    /// Someone or something that can move.
    Mover,
    /// Nothing known (an "it" that names no place, no subject).
    Unknown,
}

impl Sentence<'_> {
    /// The place a phrase names.
    pub fn place(&self, phrase: usize) -> Option<PlaceId> {
        self.places.get(phrase).copied().flatten()
    }

    /// The place a phrase is about when it states a position (a spot names its place: "at
    /// the top of the stairs" is by the stairs).
    pub fn anchor(&self, phrase: usize) -> Option<PlaceId> {
        self.place(phrase)
    }

    /// The place a pronoun token stands for.
    pub fn referent(&self, token: usize) -> Option<PlaceId> {
        self.referents.get(token).copied().flatten()
    }

    /// True when the place is a way (a door, a window).
    pub fn is_way(&self, place: PlaceId) -> bool {
        self.ways.get(place).copied().unwrap_or(false)
    }

    /// The lowercased words of a token span.
    pub fn span(&self, (a, b): (usize, usize)) -> Vec<String> {
        self.words[a.min(b)..b.min(self.words.len())]
            .iter()
            .map(|w| w.to_lowercase())
            .collect()
    }

    /// Who or what a clause is about.
    pub fn who(&self, c: &Clause) -> Who {
        match c.subject {
            Subject::Phrase(p) => self.place(p).map_or(Who::Mover, Who::Place),
            Subject::Pronoun(k) => {
                let w = self.words[k].to_lowercase();
                if matches!(w.as_str(), "it" | "this" | "that" | "there") {
                    self.referent(k).map_or(Who::Unknown, Who::Place)
                } else {
                    Who::Mover
                }
            }
            Subject::None => Who::Unknown,
        }
    }
}

/// The phrases a sentence names in a spatial role: the object of a preposition of path or
/// position, the object of a verb that says which part of a path it is ("reached the gate"),
/// the subject of a verb of way or position about a place.
pub fn spatial_phrases(s: &Sentence<'_>) -> Vec<usize> {
    let mut out = Vec::new();
    for c in s.clauses {
        let base = verb_base(s.words[c.verb]);
        for d in c.before.iter().chain(&c.after) {
            let Target::Phrase(p) = d.target else {
                continue;
            };
            let spatial = if d.prep.0 == d.prep.1 {
                object_role(&base).is_some()
            } else {
                let words = s.span(d.prep);
                let refs: Vec<&str> = words.iter().map(String::as_str).collect();
                let r = preposition(&refs);
                r.role.is_some() || r.position
            };
            if spatial {
                out.push(p);
            }
        }
        if let Subject::Phrase(p) = c.subject {
            if is_way_verb(&base) || (is_position_verb(&base) && base != "be") {
                out.push(p);
            }
        }
    }
    out
}

/// Every event of one sentence, with the token indices each rests on.
pub fn events(s: &Sentence<'_>) -> Vec<(Event, Vec<usize>)> {
    let cs = s.clauses;
    let mut out = Vec::new();
    for (i, c) in cs.iter().enumerate() {
        if c.negated {
            continue;
        }
        let governing = i
            .checked_sub(1)
            .and_then(|j| cs.get(j))
            .map(|g| verb_base(s.words[g.verb]));
        match s.who(c) {
            Who::Mover if !c.reported => {
                out.extend(super::motion::read(s, c, governing.as_deref()));
            }
            Who::Mover => {}
            Who::Place(p) => out.extend(super::layout::read_clause(s, c, p)),
            Who::Unknown => {}
        }
    }
    out.extend(super::layout::read_phrases(s, cs));
    out
}
