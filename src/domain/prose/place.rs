//! Place recognition and identity: which noun phrases name places, and which mentions are the
//! same place.
//!
//! A phrase names a place when its head is a place noun ("the library", "a moor"), when it is a
//! proper name whose words include a place noun ("Skeleton Island", "Thornfield Hall"), or when
//! it is a proper name a path reaches ("we drove to Millcote"); a door or a window is a place
//! only where a way passes it. Names of people (a title before them, or a verb of speech or
//! action after them) are never places.
//!
//! Identity ([`PlaceBook::resolve`]):
//! * a proper name is the place that already has that name or alias;
//! * a possessed place ("my room", "the Count's room") is the place with that owner and head;
//! * the story's main building ("the house", "the mansion", "the abbey", "Thornfield Hall") is
//!   one place, whatever it is called;
//! * "the gallery" is the most recently mentioned gallery whose distinguishing modifiers agree
//!   ("the long gallery" agrees, "the common drawing-room" and "the real drawing-room" do not);
//! * "a gallery", "another gallery" is a new place.

use super::chunk::{Determiner, Phrase};
use super::lexicon::{
    is_descriptive, is_dwelling, is_named_dwelling, is_place_head, is_way_head, singular,
};
use crate::domain::names::normalize_name;

/// Index of a place in a [`PlaceBook`].
pub type PlaceId = usize;

/// How strongly a phrase names a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlaceKind {
    /// A door, a window: a place only where a way passes it.
    Way,
    /// A proper name with no place noun: a place only where a path reaches it.
    Name,
    /// A place noun or a proper place name.
    Place,
}

/// A phrase read as a possible place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The phrase as written, without its article ("common drawing-room", "my room",
    /// "Count's room", "bottom of the well").
    pub surface: String,
    /// The head noun, singular and lowercased.
    pub head: String,
    /// Modifiers that tell places of a kind apart, lowercased.
    pub distinguishing: Vec<String>,
    /// The owner ("my", "count"), if any.
    pub owner: Option<String>,
    /// The determiner kind.
    pub determiner: Determiner,
    /// A proper name (every noun NNP).
    pub proper: bool,
    /// How strongly it names a place.
    pub kind: PlaceKind,
}

/// Reads a phrase as a candidate place, or `None` when it cannot be one.
pub fn candidate(words: &[&str], phrase: &Phrase, persons: &[String]) -> Option<Candidate> {
    let head_word = words[phrase.head];
    let head = singular(head_word);
    let of_head = phrase.of_head.map(|h| words[h]);
    let first_body = phrase.body;
    let tail: Vec<&str> = words[first_body..phrase.end].to_vec();
    let owner = phrase.possessor.clone().filter(|_| {
        matches!(
            phrase.determiner,
            Determiner::Pronoun | Determiner::Possessor
        )
    });
    let surface = match (&phrase.determiner, &owner) {
        (Determiner::Pronoun, Some(o)) => format!("{o} {}", join(&tail)),
        (Determiner::Possessor, Some(_)) => {
            let skip = usize::from(matches!(
                words[phrase.start].to_lowercase().as_str(),
                "the" | "a" | "an"
            ));
            join(&words[phrase.start + skip..phrase.end])
        }
        _ => join(&tail),
    };
    let surface = surface.replace(" 's", "'s").replace(" '", "'");
    let determiner = phrase.determiner;
    // English names a single place with a determiner: a bare singular common noun ("mine" in
    // "next to mine", "home") is a pronoun or an idiom, not a place.
    if determiner == Determiner::Bare
        && !phrase.proper
        && phrase.body == phrase.head
        && singular(head_word) == head_word.to_lowercase()
    {
        return None;
    }
    let place_word = is_place_head(head_word) || of_head.is_some_and(is_place_head);
    let words_have_place = (first_body..=phrase.head).any(|k| is_place_head(words[k]));
    let kind = if phrase.proper {
        let name = normalize_name(&surface);
        if persons.contains(&name) {
            return None;
        }
        if words_have_place {
            PlaceKind::Place
        } else {
            PlaceKind::Name
        }
    } else if place_word {
        PlaceKind::Place
    } else if is_way_head(head_word) {
        PlaceKind::Way
    } else {
        return None;
    };
    let distinguishing = words[first_body..phrase.head]
        .iter()
        .filter(|w| !is_descriptive(w) && !w.chars().all(|c| c.is_ascii_digit()))
        .map(|w| w.to_lowercase())
        .collect();
    Some(Candidate {
        surface,
        head,
        distinguishing,
        owner,
        determiner,
        proper: phrase.proper,
        kind,
    })
}

fn join(words: &[&str]) -> String {
    words.join(" ")
}

/// One place of the story.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// Its name: the first way the text named it.
    pub name: String,
    /// Other ways the text named it.
    pub aliases: Vec<String>,
    /// Head noun, singular.
    pub head: String,
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
    /// Mentions with a definite article, an owner or a proper name.
    pub definite_mentions: usize,
    /// Ends of a link the reader made.
    pub linked: bool,
    /// The sentence (reader-wide index) where it was last mentioned.
    pub last_seen: usize,
}

/// The places of one text, in order of first mention.
#[derive(Debug, Clone, Default)]
pub struct PlaceBook {
    /// All places, including candidates later dropped.
    pub places: Vec<Place>,
}

fn names_of(p: &Place) -> impl Iterator<Item = String> + '_ {
    std::iter::once(&p.name)
        .chain(p.aliases.iter())
        .map(|n| normalize_name(n))
}

impl PlaceBook {
    /// The place a candidate mentioned in sentence `sentence` stands for, added if new.
    pub fn resolve(&mut self, c: &Candidate, sentence: usize) -> PlaceId {
        let key = normalize_name(&c.surface);
        let found = self.find(c, &key);
        let dwelling_known = self.places.iter().any(|p| p.dwelling);
        let id = match found {
            Some(id) => id,
            None => {
                self.places.push(Place {
                    name: c.surface.clone(),
                    aliases: Vec::new(),
                    head: c.head.clone(),
                    distinguishing: c.distinguishing.clone(),
                    owner: c.owner.clone(),
                    // "a house" once the story has its house is some other house.
                    dwelling: c.owner.is_none()
                        && !(dwelling_known && c.determiner == Determiner::Indefinite)
                        && (is_dwelling(&c.head) || (c.proper && is_named_dwelling(&c.head))),
                    kind: c.kind,
                    mentions: 0,
                    definite_mentions: 0,
                    linked: false,
                    last_seen: sentence,
                });
                self.places.len() - 1
            }
        };
        let place = &mut self.places[id];
        if !names_of(place).any(|n| n == key) {
            place.aliases.push(c.surface.clone());
        }
        place.kind = place.kind.max(c.kind);
        place.mentions += 1;
        if c.determiner != Determiner::Indefinite {
            place.definite_mentions += 1;
        }
        place.last_seen = sentence;
        id
    }

    fn find(&self, c: &Candidate, key: &str) -> Option<PlaceId> {
        let recent = |ids: &mut dyn Iterator<Item = PlaceId>| {
            ids.max_by_key(|&i| (self.places[i].last_seen, i))
        };
        // The same words: the same place (a proper name, an owned room, a repeated phrase).
        if c.determiner != Determiner::Indefinite || c.proper {
            let mut same =
                (0..self.places.len()).filter(|&i| names_of(&self.places[i]).any(|n| n == key));
            if let Some(id) = recent(&mut same) {
                return Some(id);
            }
        }
        if c.proper {
            // "Thornfield Hall" and then "Thornfield": a name inside a known name.
            let mut inside = (0..self.places.len())
                .filter(|&i| names_of(&self.places[i]).any(|n| n.split(' ').next() == Some(key)));
            if let Some(id) = recent(&mut inside) {
                return Some(id);
            }
        }
        let dwelling = is_dwelling(&c.head) || (c.proper && is_named_dwelling(&c.head));
        if dwelling && c.owner.is_none() && c.determiner != Determiner::Indefinite {
            let mut dwellings = (0..self.places.len()).filter(|&i| self.places[i].dwelling);
            if let Some(id) = recent(&mut dwellings) {
                return Some(id);
            }
        }
        if c.determiner == Determiner::Indefinite || c.proper {
            return None;
        }
        let mut agreeing = (0..self.places.len()).filter(|&i| {
            let p = &self.places[i];
            p.head == c.head
                && (c.owner.is_none() || p.owner == c.owner)
                && (c.distinguishing.is_empty()
                    || p.distinguishing.is_empty()
                    || p.distinguishing == c.distinguishing)
        });
        recent(&mut agreeing)
    }
}

#[cfg(test)]
mod tests {
    use super::super::chunk::chunk;
    use super::*;

    fn resolve_all(book: &mut PlaceBook, words: &[&str], tags: &[&str]) -> Vec<PlaceId> {
        chunk(words, tags)
            .iter()
            .filter_map(|p| candidate(words, p, &[]))
            .map(|c| book.resolve(&c, 0))
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

    #[test]
    fn verbs_people_and_body_parts_are_not_places() {
        let w = ["Mary", "her", "lips"];
        let t = ["NNP", "PRP$", "NNS"];
        let ps: Vec<Candidate> = chunk(&w, &t)
            .iter()
            .filter_map(|p| candidate(&w, p, &["mary".to_string()]))
            .collect();
        assert!(ps.is_empty(), "{ps:?}");
    }
}
