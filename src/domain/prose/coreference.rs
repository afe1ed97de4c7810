//! Mentions that name again a place named before: a phrase set beside another as its other
//! name ("the library, an apartment"), a copular predicate ("it was a splendid road"), "it"
//! for the nearest place, the room a door's own words name ("the hall-door"), and the place a
//! mover has just entered described in the sentence after ([`described_arrival`]).
//!
//! Split out of `reader.rs` (2026-11-28) along this seam, unchanged, before adding to it.

use super::candidate::{Candidate, PlaceKind, Text};
use super::chunk::{Determiner, Phrase};
use super::clause::{Clause, Subject, Target};
use super::lexicon::verb_base;
use super::place::PlaceId;
use super::position::ARRIVAL_LOOKAHEAD;

/// True when phrase `b` stands right after phrase `a` and a comma as another name for it,
/// opened by "a" or "an" ("the library, an apartment"), or a proper name closed by a comma
/// or the sentence's end after a common noun ("a little sluggish river, the Kennet, ran");
/// or when `a` is said to be called `b` ("a spacious house called the Tower", "known as").
pub(super) fn apposition(a: &Phrase, b: &Phrase, words: &[&str]) -> bool {
    let Some(end) = a.complement_end.or(Some(a.end)) else {
        return false;
    };
    let lower = |k: usize| words.get(k).map(|w| w.to_lowercase());
    let called = b.proper
        && !a.proper
        && ((b.start == end + 1 && matches!(lower(end).as_deref(), Some("called" | "named")))
            || (b.start == end + 2
                && lower(end).as_deref() == Some("known")
                && lower(end + 1).as_deref() == Some("as")));
    let named = !a.proper
        && b.proper
        && !(b.body..b.end).any(|k| super::lexicon::is_place_head(words[k]))
        && matches!(
            words.get(b.end).copied(),
            Some("," | "." | ";" | ":" | "!" | "?") | None
        );
    let after_comma = b.start == end + 1 && words.get(end) == Some(&",");
    called || (after_comma && (b.determiner == Determiner::Indefinite || named))
}

/// What a subject "it" may stand for from outside its own sentence: the place the sentence
/// before was about (`topic`), and the places it named, in order (`before`).
#[derive(Clone, Copy)]
pub(super) struct Earlier<'a> {
    pub(super) topic: Option<PlaceId>,
    pub(super) before: &'a [PlaceId],
}

/// The place a copular clause says phrase `i` is ("it was a splendid road", "the gallery was
/// a perfect pathway"): its subject, when that names a place the predicate `fits` (see
/// [`same_sort`]). For a subject "it", the nearest fitting place named before it in the
/// sentence, else the place the sentence before was about, else the last fitting place the
/// sentence before named ([`Earlier`]): "we turned into the hall, and the door clanged behind us.
/// It was a fine apartment" speaks of the hall, not the door.
pub(super) fn predicate_subject(
    i: usize,
    text: &Text<'_>,
    clauses: &[Clause],
    phrases: &[Phrase],
    places: &[Option<PlaceId>],
    earlier: Earlier<'_>,
    fits: impl Fn(PlaceId) -> bool,
) -> Option<PlaceId> {
    let (words, tags) = (text.words, text.tags);
    let Earlier { topic, before } = earlier;
    // The predicate is the verb's object, or the phrase right after the verb group (and
    // adverbs: "was only a small apartment") when a participle after it took it for its
    // subject ("it was a splendid road cut out of the rock").
    let next_to = |c: &Clause| {
        let start = phrases[i].start;
        start >= c.group.1
            && (c.group.1..start).all(|k| matches!(tags.get(k), Some(&("RB" | "RBR" | "RBS"))))
    };
    let c = clauses.iter().find(|c| {
        !c.negated
            && verb_base(words[c.verb]) == "be"
            && (c.object() == Some(Target::Phrase(i)) || next_to(c))
    })?;
    match c.subject {
        Subject::Phrase(j) if j < i => places.get(j).copied().flatten().filter(|&p| fits(p)),
        // A pronoun right after a participle or a preposition is its object, not the
        // subject of the "be" ("facing it was a new building": the subject is inverted).
        Subject::Pronoun(k)
            if words[k].eq_ignore_ascii_case("it")
                && !k
                    .checked_sub(1)
                    .and_then(|b| tags.get(b))
                    .is_some_and(|t| matches!(*t, "VBG" | "VBN" | "IN" | "TO")) =>
        {
            let here = phrases[..i]
                .iter()
                .zip(&places[..i])
                .rev()
                .filter(|(p, _)| p.end <= k)
                .filter_map(|(_, pl)| *pl);
            here.chain(topic)
                .chain(before.iter().rev().copied())
                .find(|&p| fits(p))
        }
        _ => None,
    }
}

/// True when a copular predicate with head `predicate` may name again a place whose head is
/// `subject`: a way through (a door, steps, a passage, a stair, a road) is not a room, so "it
/// was merely a very pretty drawing-room" after "mounting to it by two broad steps" names a
/// new place, not the steps again. A place may be called a way ("the gallery was a perfect
/// pathway"), and ways and rooms may be called their own kind ("it was a splendid road").
pub(super) fn same_sort(subject: &str, predicate: &str) -> bool {
    !is_through(subject) || is_through(predicate)
}

/// True for a head naming a way through rather than a place to be in: a door or steps
/// ([`super::lexicon::is_way_head`]), a passage, a stair, a road or a path.
pub(super) fn is_through(head: &str) -> bool {
    super::lexicon::is_way_head(head)
        || super::lexicon::is_route_head(head)
        || matches!(
            super::lexicon::kin(head).as_str(),
            "passage" | "stair" | "road" | "path" | "way"
        )
}

/// The place "it" stands for at token `k`: the nearest place named before it in the
/// sentence, or else the place the sentence before was last about.
pub(super) fn referent(
    k: usize,
    phrases: &[Phrase],
    places: &[Option<PlaceId>],
    topic: Option<PlaceId>,
) -> Option<PlaceId> {
    phrases
        .iter()
        .zip(places)
        .rev()
        .filter(|(p, _)| p.end <= k)
        .find_map(|(_, pl)| *pl)
        .or(topic)
}

/// The room a way's own words name ("the drawing-room door", "the hall-door"): the place
/// last mentioned whose head is the way's modifier or the first part of its compound head.
pub(super) fn named_room(
    places: &[super::place::Place],
    way: PlaceId,
    c: &Candidate,
) -> Option<PlaceId> {
    let place = places.get(way)?;
    if place.kind != PlaceKind::Way || place.host.is_some() {
        return None;
    }
    let prefix = c
        .head
        .rsplit_once('-')
        .filter(|(_, last)| super::lexicon::is_way_head(last))
        .map(|(first, _)| first.to_string());
    let words: Vec<String> = c.distinguishing.iter().cloned().chain(prefix).collect();
    (0..places.len())
        .filter(|&i| i != way && places[i].kind == PlaceKind::Place)
        .filter(|&i| {
            words
                .iter()
                .any(|w| super::lexicon::singular(w) == places[i].head)
        })
        .max_by_key(|&i| (places[i].last_seen, i))
}

/// A place a mover has just entered that the text named only as a kind ("she ushered me into
/// a room"): the sentence after may describe it ([`described_arrival`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entered {
    /// The place entered.
    pub(super) place: PlaceId,
    /// The sentence of the move (reader-wide index).
    pub(super) sentence: usize,
}

/// True when a mention names a place only as a kind: "a room", "a passage" (indefinite,
/// singular, common, owned by no one, no word telling it apart).
pub(super) fn only_a_kind(c: &Candidate) -> bool {
    c.determiner == Determiner::Indefinite
        && !c.plural
        && !c.proper
        && c.owner.is_none()
        && c.distinguishing.is_empty()
        && c.kind == PlaceKind::Place
}

/// "She ushered me into a room whose double illumination … dazzled me. A snug small room; a
/// round table by a cheerful fire": the narration describes the place just entered. When a
/// mover entered a place named only as a kind ([`Entered`]), the first place the narration
/// names in the sentence after ([`ARRIVAL_LOOKAHEAD`]), if it is introduced ("a …"), singular
/// and of the same kin, is that place again, not a second room. `first` says no place was
/// named before it in its sentence; `kin` gives a place's kin.
///
/// Measured (2026-11-28, six development passages): with a plural mention kept from a place
/// named only in the singular ([`super::identity`]), pairs 54/135 of 68 built (53 of 68
/// before: "I followed her across a square hall …: she ushered me into a room" now links the
/// hall to the room described), nodes 114/140 of 123 built (of 122). Alone it lost a node and
/// a pair (113/140, 52/135 of 68): the room described took the plural "rooms" of a floor that
/// had joined the room entered.
pub(super) fn described_arrival<'a>(
    entered: Option<Entered>,
    c: &Candidate,
    first: bool,
    sentence: usize,
    kin: impl Fn(PlaceId) -> Option<&'a str>,
) -> Option<PlaceId> {
    let e = entered?;
    let next = sentence > e.sentence && sentence <= e.sentence + ARRIVAL_LOOKAHEAD;
    let describes = first
        && next
        && !c.quoted
        && !c.plural
        && !c.proper
        && c.owner.is_none()
        && c.determiner == Determiner::Indefinite
        && kin(e.place) == Some(c.kin.as_str());
    describes.then_some(e.place)
}
