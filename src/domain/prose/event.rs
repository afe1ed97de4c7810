//! What the readers of one sentence share: the sentence as read so far (its words, tags,
//! phrases and the places they name, its clauses, where the reader is) and the events read
//! from it. [`super::relation`] reads the events with [`super::motion`] and
//! [`super::layout`], which use these types (and so import nothing that imports them).

use super::chunk::Phrase;
use super::clause::{Clause, Subject};
use super::lexicon::{preposition, PathRole, Preposition};
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
    /// The place the story was about as the sentence begins (the last place the sentence
    /// before named, else where the reader is): what "at the bottom", "on the left" are of.
    pub ground: Option<PlaceId>,
    /// The sentence's clauses.
    pub clauses: &'a [Clause],
    /// A move of a followed mover earlier in the sentence: its verb's token and where it
    /// arrived ("on reaching the top of the rise, we found the road at our feet": "our feet"
    /// are on the rise). Set by [`super::relation::events`] once the moves are read.
    pub arrived: Option<(usize, PlaceId)>,
}

/// Words for the viewer's side, which with "on" or "to" say where something lies ("on the
/// left", "to the right"), as a spot word with "at" does ("at the bottom").
pub const SIDE_WORDS: &[&str] = &["left", "right", "hand"];

/// True when `word` names a side ([`SIDE_WORDS`]).
pub fn is_side(word: &str) -> bool {
    SIDE_WORDS.contains(&word)
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
    /// Passed by, not entered ("we were passing a church"): the mover was beside it, so it
    /// is linked to where the mover is and the mover stays there.
    pub beside: bool,
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
        /// The mover is one the story follows ("I", "we", "she"), not a third party ("the
        /// driver", "the pirates").
        followed: bool,
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
    /// The mover left where they were with no place of arrival in the sentence ("I went
    /// in", "we descended"): the place the narration names next is where they arrived.
    Leave {
        /// The verb's or its particle's direction.
        direction: Option<Direction>,
    },
    /// The reader is at a place.
    At {
        /// The place.
        place: PlaceId,
        /// Said as reached: a followed mover "now" there ("we were now on a sort of common"),
        /// after travel, so where they were before is a way to it.
        reached: bool,
    },
    /// A place stated to lead from one place to another ("from the courtyard a gate opened
    /// onto the orchard") is the way between them: walked through later, it is passed, not
    /// a stop.
    Way {
        /// The place that is a way.
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
    /// Where the reader is at token `k`: where a followed mover arrived by a move earlier in
    /// the sentence, else where the reader was as the sentence began.
    pub fn observer_at(&self, k: usize) -> Option<PlaceId> {
        match self.arrived {
            Some((verb, place)) if k > verb => Some(place),
            _ => self.observer,
        }
    }

    /// The place a phrase names.
    pub fn place(&self, phrase: usize) -> Option<PlaceId> {
        self.places.get(phrase).copied().flatten()
    }

    /// The place a phrase is about when it states a position (a spot names its place: "at
    /// the top of the stairs" is by the stairs).
    ///
    /// A spot named alone ("at the bottom", "at the far end") is of the place the story is
    /// about: the last place named before it in the sentence (not a door or a window), else
    /// the sentence's ground. A side ("on the left") is the viewer's: where the reader is.
    pub fn anchor(&self, phrase: usize) -> Option<PlaceId> {
        self.place(phrase).or_else(|| {
            if !self.implicit_part(phrase) {
                return None;
            }
            // Left and right are the viewer's: beside where the reader is.
            let ph = &self.phrases[phrase];
            if is_side(&self.words[ph.head].to_lowercase()) {
                return self.observer_at(ph.start);
            }
            self.places[..phrase.min(self.places.len())]
                .iter()
                .rev()
                .flatten()
                .find(|&&p| !self.is_way(p))
                .copied()
                .or(self.ground)
        })
    }

    /// True when a phrase is a spot or a side of a place with no place said ("the bottom",
    /// "the far end", "the left"): a spot or side word with no "of" after it. A region ("the
    /// middle", "one corner") is inside its place, not beside it, and is not read so.
    pub fn implicit_part(&self, phrase: usize) -> bool {
        let Some(ph) = self.phrases.get(phrase) else {
            return false;
        };
        let head = self.words[ph.head].to_lowercase();
        let definite = matches!(
            ph.determiner,
            super::chunk::Determiner::Definite | super::chunk::Determiner::Indefinite
        );
        definite
            && ph.of_head.is_none()
            && ph.complement_end.is_none()
            && (super::chunk::part_of(&head) == Some(super::chunk::Part::Spot) || is_side(&head))
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

    /// How the words of a span read as a preposition ([`preposition`] of them, lowercased).
    pub fn preposition_of(&self, span: (usize, usize)) -> Preposition {
        let words = self.span(span);
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        preposition(&refs)
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
