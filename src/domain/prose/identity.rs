//! Which mentions are one place ([`PlaceBook::resolve`]'s search): the place a candidate
//! names again, by its words, its kind just named, the story's main building, a hedged
//! description, an owner's room, or a head of its kin.
//!
//! Measured and not kept (2026-11-28, six development passages): a plural mention ("these
//! rooms", "the third-storey rooms") joining a place of its head or kin only when that place
//! was once named in the same plural word (the rooms of a floor are not the one room entered):
//! alone nodes 114/140 of 124 built, pairs 53/135 of 68 (from 122 built); with the described
//! arrival of `coreference` 54/68 but more places built on the held-out two (see there); asked
//! also of a kind just named, 53/68 and 124 built; the symmetric rule, a singular mention kept
//! from a place named only in the plural, nodes 113/140 of 125.
//!
//! Measured and not kept (2026-11-28, six development passages): a bare definite mention ("the
//! room", "the stairs") standing for the place of its head or kin where the reader is, else
//! for the only such place a link joins to it, before the one named last. It fired 30 times
//! and chose as the rules below in all but three (one link more, wrong: 53/69); with the
//! followed mover's last arrival standing in for a faded position, one node fewer (113/140).
//! The reader's position is unknown at most such mentions, and recency already picks the place
//! the reader stands in where it is known.

use super::candidate::Candidate;
use super::chunk::Determiner;
use super::lexicon::{direction_word, is_dwelling, is_named_dwelling, kin};
use super::owner::same_owner;
use super::place::{names_of, Place, PlaceBook, PlaceId, RECENT_SENTENCES};
use crate::domain::Direction;

/// True when modifiers tell a place apart by a compass word ("east", "northern").
fn by_compass(modifiers: &[String]) -> bool {
    modifiers
        .iter()
        .any(|w| direction_word(w).is_some_and(|d| !matches!(d, Direction::Up | Direction::Down)))
}

/// "A groom at the Hall" … "we turned into the hall": a word that ends the name of a house
/// ("Baskerville Hall", "the Hall") names, written common, a part of it (an entrance hall, a
/// court, a tower), not the house its proper use named.
fn part_of_named(c: &Candidate, p: &Place) -> bool {
    p.dwelling && !c.proper && is_named_dwelling(&c.head) && !is_dwelling(&c.head)
}

/// The word that tells a named house from others ("Baskerville" of "Baskerville Hall"): a
/// capitalized word before the house word ending a proper name of two words or more, with
/// that house word, lowercased.
fn telling_word(name: &str) -> Option<(String, String)> {
    let mut words = name.rsplit(' ');
    let last = words.next()?;
    let word = words.next()?;
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    (capital(last) && capital(word) && is_named_dwelling(last))
        .then(|| (word.to_lowercase(), last.to_lowercase()))
}

/// "Mr. Frankland, of Lafter Hall" when the story's house is "Baskerville Hall": two proper
/// names of houses that end in one house word and differ in the word before it are two
/// buildings. True when the candidate is such a name and the place bears one told by another
/// word.
fn other_house(c: &Candidate, p: &Place) -> bool {
    let Some((word, house)) = telling_word(&c.surface).filter(|_| c.proper) else {
        return false;
    };
    std::iter::once(&p.name)
        .chain(&p.aliases)
        .filter_map(|n| telling_word(n))
        .any(|(w, h)| h == house && w != word)
}

impl PlaceBook {
    /// "A circular stairway, which went steeply down. I descended, for the stairs were
    /// dark": a bare definite re-mention of a kind of place just named (within
    /// [`RECENT_SENTENCES`], by the same voice) is that place, even when an older place bore
    /// the same words.
    fn just_named(&self, c: &Candidate, key: &str, sentence: usize) -> Option<PlaceId> {
        let bare = c.determiner == Determiner::Definite
            && !c.proper
            && !c.demonstrative
            && c.owner.is_none()
            && c.distinguishing.is_empty();
        if !bare {
            return None;
        }
        let rank = |i: PlaceId| (self.places[i].last_seen, i);
        let id = (0..self.places.len())
            .filter(|&i| {
                let p = &self.places[i];
                p.specific
                    && p.kin == c.kin
                    && !part_of_named(c, p)
                    && p.owner.is_none()
                    && (c.quoted || p.narrated)
                    && p.last_seen + RECENT_SENTENCES >= sentence
            })
            .max_by_key(|&i| rank(i))?;
        let same_words = (0..self.places.len())
            .filter(|&i| !part_of_named(c, &self.places[i]))
            .filter(|&i| names_of(&self.places[i]).any(|n| n == key))
            .max_by_key(|&i| rank(i));
        same_words.is_none_or(|j| rank(id) >= rank(j)).then_some(id)
    }

    /// The story's main building, when the candidate names it: a dwelling's word ("the
    /// house", "Thornfield Hall") or a head of the same kin as one of the building's names
    /// ("the convent" of an abbey), definite, owned by no one, not told apart by a modifier.
    fn building(&self, c: &Candidate) -> Option<PlaceId> {
        let of_kin = |p: &Place| {
            names_of(p).any(|n| {
                n.rsplit(' ')
                    .next()
                    .is_some_and(|w| is_dwelling(w) && kin(w) == c.kin)
            })
        };
        let dwelling = is_dwelling(&c.head)
            || c.dwelling_name
            || self.places.iter().any(|p| p.dwelling && of_kin(p));
        let names_it = dwelling
            && c.owner.is_none()
            && !c.plural
            && c.determiner != Determiner::Indefinite
            && (c.proper || c.distinguishing.is_empty());
        if !names_it {
            return None;
        }
        (0..self.places.len())
            .filter(|&i| self.places[i].dwelling && !other_house(c, &self.places[i]))
            .max_by_key(|&i| (self.places[i].last_seen, i))
    }

    /// "There was a wide road. … We should find a sort of Roman road in this land": a hedged
    /// description re-names the place of its kind last named, where there is one.
    fn hedged(&self, c: &Candidate) -> Option<PlaceId> {
        if !c.hedged || c.proper {
            return None;
        }
        (0..self.places.len())
            .filter(|&i| {
                let p = &self.places[i];
                p.specific && p.kin == c.kin && (c.quoted || p.narrated)
            })
            .max_by_key(|&i| (self.places[i].last_seen, i))
    }

    pub(super) fn find(&self, c: &Candidate, key: &str, sentence: usize) -> Option<PlaceId> {
        let places: Vec<PlaceId> = (0..self.places.len())
            .filter(|&i| !part_of_named(c, &self.places[i]))
            .collect();
        let recent = |ids: &mut dyn Iterator<Item = PlaceId>| {
            ids.max_by_key(|&i| (self.places[i].last_seen, i))
        };
        // The narration's "the hall" is the hall the story has told of, before one only
        // someone's speech named ("Thornfield is a fine old hall").
        let voice = |p: &Place| c.quoted || p.narrated;
        if let Some(id) = self.just_named(c, key, sentence) {
            return Some(id);
        }
        // The same words: the same place (a proper name, an owned room, a repeated phrase).
        // The same words, but only someone's speech used them: taken when nothing the
        // narration told of is of the same kind.
        let mut spoken = None;
        if c.determiner != Determiner::Indefinite || c.proper {
            let mut same = places
                .iter()
                .copied()
                .filter(|&i| names_of(&self.places[i]).any(|n| n == key));
            let mut told = same.clone().filter(|&i| voice(&self.places[i]));
            if let Some(id) = recent(&mut told) {
                return Some(id);
            }
            spoken = recent(&mut same);
        }
        if c.proper {
            // "Thornfield Hall" and then "Thornfield": a name inside a known name.
            let mut inside = (0..self.places.len())
                .filter(|&i| names_of(&self.places[i]).any(|n| n.split(' ').next() == Some(key)));
            if let Some(id) = recent(&mut inside) {
                return Some(id);
            }
        }
        if let Some(id) = self.building(c).or_else(|| self.hedged(c)) {
            return Some(id);
        }
        // "A gallery", "villages": a place introduced, or a kind of place.
        let introduced = c.determiner == Determiner::Indefinite
            || (c.determiner == Determiner::Bare && c.plural);
        if introduced || c.proper {
            return spoken;
        }
        let owners_agree =
            |p: &Place| c.owner.is_none() || same_owner(p.owner.as_deref(), c.owner.as_deref());
        // "That grim cave", "this dismal passage": a demonstrative names a place already named,
        // whatever its adjectives now say.
        if c.demonstrative {
            let mut named = places.iter().copied().filter(|&i| {
                let p = &self.places[i];
                p.specific && p.kin == c.kin && owners_agree(p)
            });
            if let Some(id) = recent(&mut named) {
                return Some(id);
            }
        }
        // "The east window" after "my window": a compass word picks one of several of a kind
        // (the building has windows on every side), so a mention told apart by one is not a
        // place of that kind named without it.
        let agrees = |p: &Place| {
            owners_agree(p)
                && !p.contrasted(c, sentence)
                && (c.distinguishing.is_empty()
                    || (p.distinguishing.is_empty() && !by_compass(&c.distinguishing))
                    || p.distinguishing == c.distinguishing)
        };
        let mut same_head = places.iter().copied().filter(|&i| {
            let p = &self.places[i];
            p.specific && p.head == c.head && agrees(p)
        });
        let mut told = same_head.clone().filter(|&i| voice(&self.places[i]));
        if let Some(id) = recent(&mut told)
            .or(spoken)
            .or_else(|| recent(&mut same_head))
        {
            return Some(id);
        }
        // "The cavern" after "the cave", "my chamber" after "my room".
        let mut kin = places.iter().copied().filter(|&i| {
            let p = &self.places[i];
            p.specific
                && p.kin == c.kin
                && agrees(p)
                && (c.distinguishing.is_empty() || p.distinguishing == c.distinguishing)
        });
        recent(&mut kin)
    }
}
