//! Mentions that name again a place named before: a phrase set beside another as its other
//! name ("the library, an apartment"), a copular predicate ("it was a splendid road"), "it"
//! for the nearest place, and the room a door's own words name ("the hall-door").
//!
//! Split out of `reader.rs` (2026-11-28) along this seam, unchanged.
//!
//! Measured and not kept (2026-11-28): the place a mover entered named only as a kind ("she
//! ushered me into a room whose … ") taken to be the first place of its kin the next sentence
//! introduces ("A snug small room; a round table by a cheerful fire"). On the six development
//! passages alone: nodes 113/140 of 121 built, pairs 52/135 of 68 (from 114 of 122, 53 of 68):
//! the described room took the plural "rooms" of a floor that had joined the room entered.
//! With a plural mention kept from a place never named in that plural (see `identity`): nodes
//! 114/140 of 123, pairs 54/135 of 68 (the hall linked to the room entered from it), but on
//! the two held-out passages nodes 39/53 of 54 built (of 52), pairs unchanged at 10/48 of 20,
//! so node precision fell there (.750 → .722) and neither rule is kept.
//!
//! Measured and not kept (2026-11-28, round 21): a demonstrative standing alone ("beyond this",
//! "through these", tagged DT outside any phrase) and a locative "there" or "thither" (tagged
//! RB, not the existential) given a referent by the rule "it" has, and read as a pronoun
//! dependent. On the twelve development passages 64 such words got a place, many of them not
//! places at all ("that" opening a clause, "this" for a fact just told), and the map did not
//! change: nodes 157/206 of 181, pairs 64/176 of 95, as before. In this prose "this" and
//! "that" almost always stand for a fact or a phrase, not a place.

use super::candidate::{Candidate, PlaceKind, Text};
use super::chunk::{Determiner, Phrase};
use super::clause::{Clause, Subject, Target};
use super::lexicon::verb_base;
use super::place::PlaceId;

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
