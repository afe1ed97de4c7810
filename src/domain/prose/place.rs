//! Place identity: the places of a story ([`PlaceBook`]) and which mentions are the same place.
//! Which phrases name places at all is [`super::candidate`]'s.
//!
//! Identity ([`PlaceBook::resolve`]):
//! * a proper name is the place that already has that name or alias;
//! * a possessed place ("my room", "the Count's room") is the place with that owner and head;
//! * the story's main building ("the house", "the mansion", "the abbey", "Thornfield Hall") is
//!   one place, whatever it is called, but a proper name of a house told by another word
//!   ("Lafter Hall" once it is "Baskerville Hall") is another building;
//! * "the gallery" is the most recently mentioned gallery whose distinguishing modifiers agree
//!   ("the long gallery" agrees, "the common drawing-room" and "the real drawing-room" do not);
//! * "a gallery", "another gallery" is a new place.

use super::candidate::{Candidate, PlaceKind};
use super::chunk::Determiner;
use super::lexicon::{is_dwelling, is_room};
use super::owner::same_owner;
use crate::domain::names::normalize_name;

/// Index of a place in a [`PlaceBook`].
pub type PlaceId = usize;

/// How many sentences back a place counts as just named: a bare definite mention of its kind
/// ("the stairs" after "a circular stairway") is taken to be it. English re-mentions a place
/// just introduced by a plain definite of its kind within the next sentence or two; further
/// back, an older place of the same words is as likely.
pub const RECENT_SENTENCES: usize = 2;

/// One place of the story.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// Its name: the first way the text named it.
    pub name: String,
    /// Other ways the text named it.
    pub aliases: Vec<String>,
    /// Its name and aliases normalized ([`normalize_name`]), each once: every mention is
    /// compared with every place's names, so they are normalized when added, not per
    /// comparison.
    pub keys: Vec<String>,
    /// Head noun's lemma.
    pub head: String,
    /// Its group of heads ([`kin`]).
    pub kin: String,
    /// Distinguishing modifiers.
    pub distinguishing: Vec<String>,
    /// Owner, if any.
    pub owner: Option<String>,
    /// The story's main building.
    pub dwelling: bool,
    /// How strongly it was named a place (the strongest mention).
    pub kind: PlaceKind,
    /// Mentions outside links.
    pub mentions: usize,
    /// The evidence its mentions add up to ([`super::salience::mention_weight`]).
    pub evidence: f32,
    /// Named at least once as one place, not only as a kind ("villages", "roofs").
    pub specific: bool,
    /// Stated to lead from one place to another ([`super::event::Event::Way`]): passed
    /// through, it is the way, not a stop.
    pub passage: bool,
    /// Times the reader arrived or was said to be there.
    pub visits: usize,
    /// Ends of a link the reader made.
    pub linked: bool,
    /// The sentence (reader-wide index) where it was last mentioned.
    pub last_seen: usize,
    /// The sentence and the modifiers of the last mention that told it apart from places of
    /// its kind ("common" of "the common drawing-room").
    pub told_apart: Option<(usize, Vec<String>)>,
    /// For a way (a door, a window), the place it is in, when the text says so.
    pub host: Option<PlaceId>,
    /// Named at least once by the narration, outside quotation marks.
    pub narrated: bool,
    /// Named at least once where a proper name is a place ([`super::person::placed_names`]):
    /// "at Bistritz", "reached Millcote".
    pub placed: bool,
}

/// The places of one text, in order of first mention.
#[derive(Debug, Clone, Default)]
pub struct PlaceBook {
    /// All places, including candidates later dropped.
    pub places: Vec<Place>,
}

/// A place's names, normalized.
pub(super) fn names_of(p: &Place) -> impl Iterator<Item = &str> + '_ {
    p.keys.iter().map(String::as_str)
}

impl Place {
    /// "Through the common drawing-room … into the real drawing-room": two mentions of a kind
    /// told apart by different words in one sentence are two places, even where the place the
    /// first joined was named plainly before. True when `c`, in sentence `sentence`, is such a
    /// second mention of this place.
    pub(super) fn contrasted(&self, c: &Candidate, sentence: usize) -> bool {
        self.told_apart.as_ref().is_some_and(|(s, d)| {
            *s == sentence && !c.distinguishing.is_empty() && *d != c.distinguishing
        })
    }

    /// Adds another name the text used for it (nothing when it answers to it already).
    fn name_it(&mut self, name: &str) {
        let key = normalize_name(name);
        if !key.is_empty() && !self.keys.contains(&key) {
            self.keys.push(key);
            self.aliases.push(name.to_string());
        }
    }
}

impl PlaceBook {
    /// The place a candidate mentioned in sentence `sentence` stands for, added if new.
    pub fn resolve(&mut self, c: &Candidate, sentence: usize) -> PlaceId {
        let key = normalize_name(&c.surface);
        let found = self.find(c, &key, sentence);
        // The head alone ("drawing-room" of "the real drawing-room") is no name of a place
        // told apart from another of its kind in the same sentence: it names that other too.
        let contrast = found.is_none()
            && self
                .places
                .iter()
                .any(|p| p.head == c.head && p.contrasted(c, sentence));
        let dwelling_known = self.places.iter().any(|p| p.dwelling);
        let id = match found {
            Some(id) => id,
            None => {
                self.places.push(Place {
                    name: c.surface.clone(),
                    aliases: Vec::new(),
                    keys: vec![key.clone()],
                    head: c.head.clone(),
                    kin: c.kin.clone(),
                    distinguishing: c.distinguishing.clone(),
                    owner: c.owner.clone(),
                    // "a house" once the story has its house is some other house.
                    dwelling: c.owner.is_none()
                        && !c.plural
                        && !(dwelling_known && c.determiner == Determiner::Indefinite)
                        && (is_dwelling(&c.head) || c.dwelling_name),
                    kind: c.kind,
                    mentions: 0,
                    evidence: 0.0,
                    specific: false,
                    visits: 0,
                    passage: false,
                    linked: false,
                    last_seen: sentence,
                    told_apart: None,
                    host: None,
                    narrated: false,
                    placed: false,
                });
                self.places.len() - 1
            }
        };
        let place = &mut self.places[id];
        if !c.distinguishing.is_empty() {
            place.told_apart = Some((sentence, c.distinguishing.clone()));
        }
        let bare_head = normalize_name(&c.head);
        for form in std::iter::once(&c.surface).chain(&c.forms) {
            if !(contrast && normalize_name(form) == bare_head) {
                place.name_it(form);
            }
        }
        place.kind = place.kind.max(c.kind);
        place.mentions += 1;
        place.specific |= !(c.plural && c.determiner == Determiner::Bare);
        place.last_seen = sentence;
        place.narrated |= !c.quoted;
        id
    }

    /// Adds another name for a place.
    pub fn add_alias(&mut self, id: PlaceId, name: &str) {
        if let Some(place) = self.places.get_mut(id) {
            place.name_it(name);
        }
    }

    /// The kept place (`kept` says which) that place `id` is on the map: for a door or a
    /// window whose room the text gives, that room (a way is a place only where a way passes
    /// it, and the links already run to its room); otherwise, when the text named `id` only
    /// by a word that place already answers to ("the passage" after "a dark,
    /// tunnel-like passage, … the passage") and nothing happened there: no link, no visit.
    /// A map cannot tell two such places apart by any name, and the story gave no way to or
    /// from the second; the most recently named of the candidates is taken. A place named only by
    /// its bare word ("the room"), owned by no one, is the one kept place of that word ("her
    /// tapestried room"), when there is only one. A proper name
    /// with no place noun that opens another place's name ("Thornfield", "Thornfield Hall")
    /// is that place, whichever the text named first.
    pub fn folds_into(&self, id: PlaceId, kept: impl Fn(PlaceId) -> bool) -> Option<PlaceId> {
        let place = self.places.get(id)?;
        if let Some(h) = place
            .host
            .filter(|&h| place.kind == PlaceKind::Way && kept(h))
        {
            return Some(h);
        }
        let key = place.keys.first().map_or("", String::as_str);
        // "Thornfield" is short for "Thornfield Hall", named before or after it.
        let short_for = |n: &str| n.split(' ').nth(1).is_some() && n.split(' ').next() == Some(key);
        if place.kind == PlaceKind::Name {
            let full = (0..self.places.len())
                .filter(|&j| j != id && kept(j))
                .find(|&j| names_of(&self.places[j]).any(short_for));
            if full.is_some() {
                return full;
            }
        }
        if place.linked || place.visits > 0 {
            return None;
        }
        // Named only so: a place the text also called by words of its own ("the second
        // garden", "the closed garden") is not the other.
        let answering = (0..self.places.len())
            .filter(|&j| j != id && kept(j))
            .filter(|&j| names_of(place).all(|n| names_of(&self.places[j]).any(|m| m == n)))
            .max_by_key(|&j| (self.places[j].last_seen, j));
        if answering.is_some() {
            return answering;
        }
        // "Her tapestried room" … "the room": a place named only by its bare word, owned by no
        // one, is the one kept place of that word ("the room" cannot tell two apart; with two
        // or more, nothing says which).
        let bare = place.owner.is_none() && names_of(place).all(|n| n == place.head);
        let mut same = (0..self.places.len())
            .filter(|&j| j != id && kept(j) && self.places[j].head == place.head);
        let only = same.next().filter(|_| same.next().is_none());
        only.filter(|_| bare)
    }

    /// A way with an owner ("my door", "the Count's window") is in its owner's room, named
    /// before it or after it ("something coming out of the Count's window", and later "the
    /// Count's room").
    pub fn adopt_host(&mut self, id: PlaceId) {
        let Some(place) = self.places.get(id) else {
            return;
        };
        if place.kind == PlaceKind::Place && is_room(&place.head) {
            if let Some(owner) = place.owner.clone() {
                for way in self.places.iter_mut().filter(|p| {
                    p.kind == PlaceKind::Way
                        && p.host.is_none()
                        && p.owner.is_some()
                        && same_owner(p.owner.as_deref(), Some(owner.as_str()))
                }) {
                    way.host = Some(id);
                }
            }
            return;
        }
        if place.kind != PlaceKind::Way || place.host.is_some() {
            return;
        }
        let Some(owner) = place.owner.clone() else {
            return;
        };
        let room = (0..self.places.len()).rev().find(|&i| {
            let p = &self.places[i];
            i != id
                && p.kind == PlaceKind::Place
                && same_owner(p.owner.as_deref(), Some(owner.as_str()))
                && is_room(&p.head)
        });
        if let Some(room) = room {
            self.places[id].host = Some(room);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::candidate::tests::candidates;
    use super::*;

    fn resolve_all(book: &mut PlaceBook, words: &[&str], tags: &[&str]) -> Vec<PlaceId> {
        candidates(words, tags, &[])
            .iter()
            .map(|c| book.resolve(c, 0))
            .collect()
    }

    #[test]
    fn the_house_the_mansion_and_its_name_are_one_place() {
        let mut book = PlaceBook::default();
        let a = resolve_all(&mut book, &["Thornfield", "Hall"], &["NNP", "NNP"]);
        let b = resolve_all(&mut book, &["the", "house"], &["DT", "NN"]);
        let c = resolve_all(&mut book, &["the", "mansion"], &["DT", "NN"]);
        let d = resolve_all(&mut book, &["Thornfield"], &["NNP"]);
        assert_eq!(a, b);
        assert_eq!(b, c);
        assert_eq!(c, d);
        assert_eq!(
            book.places[a[0]].aliases,
            ["house", "mansion", "Thornfield"]
        );
    }

    #[test]
    fn distinguishing_modifiers_keep_places_apart_and_descriptive_ones_do_not() {
        let mut book = PlaceBook::default();
        let w = [
            "the",
            "common",
            "drawing-room",
            "the",
            "real",
            "drawing-room",
            "the",
            "long",
            "gallery",
            "the",
            "gallery",
        ];
        let t = [
            "DT", "JJ", "NN", "DT", "JJ", "NN", "DT", "JJ", "NN", "DT", "NN",
        ];
        let ids = resolve_all(&mut book, &w, &t);
        assert_ne!(ids[0], ids[1]);
        assert_eq!(ids[2], ids[3]);
    }

    #[test]
    fn what_a_place_is_made_of_does_not_tell_it_apart() {
        let mut book = PlaceBook::default();
        let w = [
            "the",
            "common",
            "drawing-room",
            "the",
            "lava",
            "drawing-room",
            "the",
            "real",
            "drawing-room",
        ];
        let t = ["DT", "JJ", "NN", "DT", "NN", "NN", "DT", "JJ", "NN"];
        let ids = resolve_all(&mut book, &w, &t);
        assert_eq!(ids[0], ids[1]);
        assert_ne!(ids[0], ids[2]);
    }

    #[test]
    fn an_outbuilding_is_not_the_house_and_a_dwelling_compound_is() {
        let mut book = PlaceBook::default();
        let w = [
            "the",
            "house",
            "my",
            "chamber",
            "the",
            "front",
            "chambers",
            "the",
            "tea-house",
            "the",
            "block",
            "house",
        ];
        let t = [
            "DT", "NN", "PRP$", "NN", "DT", "JJ", "NNS", "DT", "NN", "DT", "NN", "NN",
        ];
        let ids = resolve_all(&mut book, &w, &t);
        // "The tea-house" is an outbuilding, not the house.
        assert_ne!(ids[0], ids[3]);
        // An open compound of a dwelling's word ("block house") is the house again.
        assert_eq!(ids[0], ids[4]);
    }

    #[test]
    fn owners_and_indefinites_make_other_places() {
        let mut book = PlaceBook::default();
        let w = [
            "my", "room", "the", "Count", "'s", "room", "a", "room", "my", "room",
        ];
        let t = [
            "PRP$", "NN", "DT", "NNP", "POS", "NN", "DT", "NN", "PRP$", "NN",
        ];
        let ids = resolve_all(&mut book, &w, &t);
        assert_eq!(ids.len(), 4);
        assert_ne!(ids[0], ids[1]);
        assert_ne!(ids[1], ids[2]);
        assert_eq!(ids[0], ids[3]);
        assert_eq!(book.places[ids[1]].name, "Count's room");
    }
}
