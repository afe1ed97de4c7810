//! The canonical location list (`locations.json`) and how a reply is matched against it.
//!
//! MANGO names rooms in lowercase, sometimes exactly as the game titles them ("narrow tunnel"),
//! sometimes with a qualifier that tells same-titled rooms apart ("wharf road (north to mcginty
//! salvage)", "boulder(a long oblong boulder below you)", "cabin, on the bed"), sometimes
//! differently ("end of road" for the title "At End Of Road", "vegetable garden" for a game
//! that prints no titles at all but "You are in the vegetable garden" or "You step into the
//! den"). A reply is matched line by line, best kind first:
//!
//! 1. [`MatchKind::Exact`] — the line is the name (decorations and a leading article aside);
//! 2. [`MatchKind::Bare`] — the line without its trailing parenthetical is the name
//!    ("Bare Passage (you are flying)");
//! 3. [`MatchKind::Base`] — the line is the name without its qualifier: every room of that
//!    title is a candidate, and [`super::identity`] picks one;
//! 4. [`MatchKind::Fuzzy`] — a title-like line whose words contain the name's or are contained
//!    in them ("At End Of Road");
//! 5. [`MatchKind::Sentence`] — no title at all: the names whose words appear in the reply's
//!    first sentences.
//!
//! The last line with a match of the best kind wins: a reply that shows two rooms ends in the
//! second.

use std::collections::HashMap;

use super::title::{lines, looks_like_title, whole_word, words};
use crate::domain::names::{title_key, without_article, without_qualifier};

/// How many of a title-less reply's opening sentences may say where the player is.
const OPENING_SENTENCES: usize = 3;

/// The compass words a place can be said to lie at ("to the north of the tunnel").
const COMPASS_WORDS: &[&str] = &[
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
];

/// One known room name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The name as listed (trimmed).
    pub name: String,
    /// [`title_key`]ed.
    pub key: String,
    /// The key without its qualifier ("wharf road").
    pub base: String,
    /// Content words of the qualifier ("north", "mcginty", "salvage").
    pub qualifier: Vec<String>,
    /// Content words of the base.
    pub base_words: Vec<String>,
}

impl Place {
    fn new(name: &str) -> Place {
        let key = title_key(name);
        let (base, qualifier) = split_qualifier(&key);
        Place {
            name: name.trim().to_string(),
            base_words: words(&base),
            qualifier: words(&qualifier),
            base,
            key,
        }
    }

    /// True if the name carries a qualifier.
    pub fn is_qualified(&self) -> bool {
        self.base != self.key
    }
}

/// Splits "wharf road (north to x)" into base and qualifier; also "boulder(x)" and a
/// parenthetical in the middle. Names with a comma keep it ("cabin, on the bed" is a title).
fn split_qualifier(key: &str) -> (String, String) {
    match key.find('(') {
        Some(i) if i > 0 => {
            let base = key[..i].trim().to_string();
            let qual = key[i + 1..].replace(')', " ");
            (base, qual.trim().to_string())
        }
        _ => (key.to_string(), String::new()),
    }
}

/// How a reply matched a name. Better kinds sort first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MatchKind {
    /// The line is the name.
    Exact,
    /// The line without its trailing parenthetical is the name.
    Bare,
    /// The line is the name's base: one of several same-titled rooms.
    Base,
    /// Word containment on a title-like line.
    Fuzzy,
    /// Words of the first sentences.
    Sentence,
}

/// Where a reply points in the list.
#[derive(Debug, Clone, PartialEq)]
pub struct Sighting {
    /// How it matched.
    pub kind: MatchKind,
    /// The line that matched (index among the reply's lines), if a line did.
    pub line: Option<usize>,
    /// The line as written (the title shown), or the sentence.
    pub shown: String,
    /// Candidate places with a text score in 0..=1 (1 for exact matches).
    pub places: Vec<(usize, f64)>,
    /// The group of same-titled places the reply points to, when it cannot tell them apart.
    pub group: Option<usize>,
}

/// The list of known room names.
#[derive(Debug, Clone, Default)]
pub struct Gazetteer {
    places: Vec<Place>,
    /// Places sharing a base title (two or more), e.g. every "wharf road (…)".
    groups: Vec<Vec<usize>>,
    /// The group of each place, if any.
    group_of: Vec<Option<usize>>,
    /// Places by key without a leading article.
    by_key: HashMap<String, Vec<usize>>,
    /// Qualified places by base without a leading article.
    by_base: HashMap<String, Vec<usize>>,
    /// Whether a title's name may come before a comma qualifier (rule `comma-qualifier`).
    comma_qualifier: bool,
    /// Whether a title's head noun may follow an owner's name (rule `head-name`).
    head_name: bool,
}

impl Gazetteer {
    /// Builds the list (duplicates after normalization are dropped).
    pub fn new(names: &[String]) -> Gazetteer {
        let mut places: Vec<Place> = Vec::new();
        for n in names {
            let p = Place::new(n);
            if !p.key.is_empty() && !places.iter().any(|q| q.key == p.key) {
                places.push(p);
            }
        }
        let mut bases: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, p) in places.iter().enumerate() {
            let b = without_article(&p.base).to_string();
            match bases.iter_mut().find(|(k, _)| *k == b) {
                Some((_, v)) => v.push(i),
                None => bases.push((b, vec![i])),
            }
        }
        let mut groups = Vec::new();
        let mut group_of = vec![None; places.len()];
        for (_, members) in bases {
            if members.len() >= 2 {
                for &m in &members {
                    group_of[m] = Some(groups.len());
                }
                groups.push(members);
            }
        }
        let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
        let mut by_base: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, p) in places.iter().enumerate() {
            by_key
                .entry(without_article(&p.key).to_string())
                .or_default()
                .push(i);
            if p.is_qualified() {
                by_base
                    .entry(without_article(&p.base).to_string())
                    .or_default()
                    .push(i);
            }
        }
        Gazetteer {
            places,
            groups,
            group_of,
            by_key,
            by_base,
            comma_qualifier: true,
            head_name: true,
        }
    }

    /// The list with rule `comma-qualifier` on or off.
    #[must_use]
    pub fn with_comma_qualifier(mut self, on: bool) -> Gazetteer {
        self.comma_qualifier = on;
        self
    }

    /// The list with rule `head-name` on or off.
    #[must_use]
    pub fn with_head_name(mut self, on: bool) -> Gazetteer {
        self.head_name = on;
        self
    }

    /// The list with `title` (a title key) read as the name of the listed place `place`: a
    /// room the game prints under a name unlike its listed one (rule `renamed-title`).
    #[must_use]
    pub fn with_alias(mut self, title: &str, place: usize) -> Gazetteer {
        if place < self.places.len() {
            self.by_key
                .entry(without_article(title).to_string())
                .or_default()
                .push(place);
        }
        self
    }

    /// The members of a group.
    pub fn group(&self, g: usize) -> &[usize] {
        self.groups.get(g).map_or(&[], Vec::as_slice)
    }

    /// Number of groups.
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The group of a place.
    pub fn group_of(&self, place: usize) -> Option<usize> {
        self.group_of.get(place).copied().flatten()
    }

    /// The group all these places belong to, if they are two or more places of one group.
    fn common_group(&self, places: &[(usize, f64)]) -> Option<usize> {
        if places.len() < 2 {
            return None;
        }
        let g = self.group_of(places[0].0)?;
        places
            .iter()
            .all(|p| self.group_of(p.0) == Some(g))
            .then_some(g)
    }

    /// True if no names are known.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// One place.
    pub fn place(&self, i: usize) -> Option<&Place> {
        self.places.get(i)
    }

    /// All places.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// The place with this name, if listed.
    pub fn find(&self, name: &str) -> Option<usize> {
        let key = title_key(name);
        self.places.iter().position(|p| p.key == key)
    }

    fn match_line(&self, key: &str, title_like: bool) -> Option<(MatchKind, Vec<(usize, f64)>)> {
        let bare = without_qualifier(key);
        let look = |map: &HashMap<String, Vec<usize>>, k: &str| -> Vec<usize> {
            map.get(without_article(k)).cloned().unwrap_or_default()
        };
        // A title whose name comes before a comma, the rest a qualifier the game's printed name
        // adds ("Orchard, West End"): on a line that reads as a title, the name before it, when
        // the list holds it whole (rule `comma-qualifier`).
        let before_comma = match bare.split_once(',') {
            Some((head, _)) if self.comma_qualifier && title_like => head.trim(),
            _ => bare,
        };
        // A title that names its room after an owner ("Captain Ruck's Bakery", "Mildred's
        // Bridge"): on a line that reads as a title, the words after the last possessive, the
        // head noun the source calls the room by, when the list holds them whole (rule
        // `head-name`).
        let after_owner = match before_comma.rfind("'s ") {
            Some(i) if self.head_name && title_like => before_comma[i + 3..].trim(),
            _ => before_comma,
        };
        // Exact names (the line itself, then the line without its trailing parenthetical or
        // comma qualifier or owner), with the same-titled qualified rooms as weaker candidates.
        for (kind, k) in [
            (MatchKind::Exact, key),
            (MatchKind::Bare, bare),
            (MatchKind::Bare, before_comma),
            (MatchKind::Bare, after_owner),
        ] {
            if kind == MatchKind::Bare && (k == key || k.is_empty()) {
                continue;
            }
            let exact = look(&self.by_key, k);
            if exact.is_empty() {
                continue;
            }
            let mut out: Vec<(usize, f64)> = exact.iter().map(|&i| (i, 1.0)).collect();
            for i in look(&self.by_base, k) {
                if !exact.contains(&i) {
                    out.push((i, 0.5));
                }
            }
            return Some((kind, out));
        }
        let mut g = look(&self.by_base, key);
        if g.is_empty() && bare != key {
            g = look(&self.by_base, bare);
        }
        if !g.is_empty() {
            return Some((MatchKind::Base, g.into_iter().map(|i| (i, 0.5)).collect()));
        }
        if !title_like {
            return None;
        }
        // Word containment either way.
        let lw = words(key);
        if lw.is_empty() || lw.len() > 8 {
            return None;
        }
        let mut best: Vec<(usize, f64)> = Vec::new();
        for (i, p) in self.places.iter().enumerate() {
            let pw = if p.base_words.is_empty() {
                &p.qualifier
            } else {
                &p.base_words
            };
            if pw.is_empty() {
                continue;
            }
            let p_in_l = pw.iter().all(|w| lw.iter().any(|x| x == w));
            let l_in_p = lw.iter().all(|w| pw.iter().any(|x| x == w));
            if !(p_in_l || l_in_p) {
                continue;
            }
            let shared = pw.iter().filter(|w| lw.contains(w)).count();
            let score = shared as f64 / pw.len().max(lw.len()) as f64;
            if score >= 0.5 {
                best.push((i, score));
            }
        }
        if best.is_empty() {
            return None;
        }
        let top = best.iter().map(|b| b.1).fold(0.0, f64::max);
        best.retain(|b| b.1 >= top - 1e-9);
        Some((MatchKind::Fuzzy, best))
    }

    /// Matches a reply against the list. See the module docs.
    pub fn sight(&self, observation: &str) -> Option<Sighting> {
        if self.places.is_empty() {
            return None;
        }
        let mut found: Option<Sighting> = None;
        for line in lines(observation) {
            let title_like = looks_like_title(&line.text);
            let Some((kind, places)) = self.match_line(&line.key, title_like) else {
                continue;
            };
            let better = match &found {
                None => true,
                // A later line wins unless it matched worse (fuzzy never displaces a real match).
                Some(f) => kind <= f.kind || (kind < MatchKind::Fuzzy && f.kind < MatchKind::Fuzzy),
            };
            if better {
                found = Some(Sighting {
                    kind,
                    line: Some(line.index),
                    shown: line.text.clone(),
                    group: self.common_group(&places),
                    places,
                });
            }
        }
        if let Some(mut f) = found {
            // A title repeated on a status line ("        Broad Walk") counts where it first
            // appears, so the description and the text before it are read from there.
            let key = title_key(&f.shown);
            if let Some(first) = lines(observation).into_iter().find(|l| l.key == key) {
                f.line = Some(first.index);
            }
            return Some(f);
        }
        // Games that print no titles say where the player is in their first sentence.
        let opens_with_title = lines(observation)
            .first()
            .is_some_and(|l| looks_like_title(&l.text));
        if opens_with_title {
            return None;
        }
        self.sight_sentence(observation)
    }

    /// Names for a reply without a title that says where the player is ("You are in the
    /// vegetable garden", "You walk into the den where…"): the phrase after the statement, in
    /// the first of the reply's opening sentences that makes one ("The ogres finish the wall
    /// behind you. You are in a long north-south alley…"), compared with each name's words
    /// (harmonic mean of the shares of phrase words and name words that match; a name must
    /// share a word of its own, not only of its qualifier). When no opening sentence makes such
    /// a statement, or its phrase names nothing listed, the names of two or more words that
    /// sentence (else the first) holds in full ("The path ends at a nearly-completed brick
    /// wall.").
    fn sight_sentence(&self, observation: &str) -> Option<Sighting> {
        let text: String = observation.split_whitespace().collect::<Vec<_>>().join(" ");
        let opening: Vec<&str> = text
            .split_inclusive(['.', '!', '?'])
            .take(OPENING_SENTENCES)
            .collect();
        const CUES: &[&str] = &[
            "you are ",
            "you're ",
            "you stand ",
            "this is ",
            "i'm ",
            "i am ",
            "you step into ",
            "you walk into ",
            "you enter ",
            "you find yourself ",
            "you arrive ",
            "you emerge ",
        ];
        let cued = opening.iter().find_map(|sentence| {
            let lower = sentence.to_lowercase();
            let start = CUES
                .iter()
                .filter_map(|c| lower.find(c).map(|i| i + c.len()))
                .min()?;
            Some((sentence.trim().to_string(), lower[start..].to_string()))
        });
        let Some((first, lower)) = cued else {
            return self.sight_named_in_full(opening.first()?);
        };
        let mut phrase = lower.as_str();
        for stop in [" with ", " which ", " where ", " whose "] {
            if let Some(i) = phrase.find(stop) {
                phrase = &phrase[..i];
            }
        }
        // "a small alcove to the north of the high tunnel": the place is the alcove.
        if let Some(i) = COMPASS_WORDS
            .iter()
            .filter_map(|d| phrase.find(&format!(" to the {d} of ")))
            .min()
        {
            phrase = &phrase[..i];
        }
        let pw = words(phrase);
        let mut scored: Vec<(usize, f64)> = Vec::new();
        for (i, p) in self.places.iter().enumerate() {
            let mut nw: Vec<&String> = p.base_words.iter().collect();
            nw.extend(p.qualifier.iter());
            if nw.is_empty() {
                continue;
            }
            let in_phrase = nw
                .iter()
                .filter(|w| pw.iter().any(|x| whole_word(x, w)))
                .count();
            let explained = pw
                .iter()
                .filter(|x| nw.iter().any(|w| whole_word(x, w)))
                .count();
            // A name matched by its qualifier alone ("alley (north/south)" for "a north-south
            // path") is not the room named.
            let base_named = p
                .base_words
                .iter()
                .any(|w| pw.iter().any(|x| whole_word(x, w)));
            if in_phrase == 0 || !base_named {
                continue;
            }
            let (prec, rec) = (
                explained as f64 / pw.len() as f64,
                in_phrase as f64 / nw.len() as f64,
            );
            let f = 2.0 * prec * rec / (prec + rec);
            if f >= 0.4 {
                scored.push((i, f));
            }
        }
        if scored.is_empty() {
            return self.sight_named_in_full(&first);
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let top = scored[0].1;
        let best: Vec<(usize, f64)> = scored
            .iter()
            .copied()
            .filter(|p| p.1 >= top - 1e-9)
            .collect();
        Some(Sighting {
            kind: MatchKind::Sentence,
            line: None,
            shown: first,
            group: self.common_group(&best),
            places: best,
        })
    }

    /// The listed names of two or more words every one of which `sentence` holds, those that
    /// explain most of it.
    fn sight_named_in_full(&self, sentence: &str) -> Option<Sighting> {
        let sw = words(sentence);
        let mut named: Vec<(usize, f64)> = self
            .places
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.base_words.len() >= 2
                    && p.base_words
                        .iter()
                        .all(|w| sw.iter().any(|x| whole_word(x, w)))
            })
            .map(|(i, p)| (i, p.base_words.len() as f64 / sw.len().max(1) as f64))
            .collect();
        named.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let top = named.first()?.1;
        named.retain(|p| p.1 >= top - 1e-9);
        Some(Sighting {
            kind: MatchKind::Sentence,
            line: None,
            shown: sentence.trim().to_string(),
            group: self.common_group(&named),
            places: named,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gaz(names: &[&str]) -> Gazetteer {
        Gazetteer::new(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    /// The listed names a sighting offers, by index.
    fn places_of(s: &Sighting) -> Vec<usize> {
        s.places.iter().map(|p| p.0).collect()
    }

    #[test]
    fn the_last_exact_title_wins() {
        let g = gaz(&["great cavern", "foot bridge"]);
        let s = g
            .sight("Great Cavern\nThe wizard appears.\n\nShallow Ford\nYou are at a ford.")
            .unwrap();
        assert_eq!((s.kind, s.places[0].0), (MatchKind::Exact, 0));
        let s = g.sight("Foot Bridge\n\nGreat Cavern").unwrap();
        assert_eq!(s.places[0].0, 0);
    }

    #[test]
    fn a_shared_title_gives_every_qualified_room() {
        let g = gaz(&[
            "wharf road (north to mcginty salvage)",
            "wharf road (end of east/west road)",
            "shore road (west end)",
        ]);
        let s = g.sight("Wharf Road\nYou are on the Wharf Road.").unwrap();
        assert_eq!(s.kind, MatchKind::Base);
        assert_eq!(s.places.len(), 2);
    }

    #[test]
    fn decorated_and_annotated_titles_match() {
        let g = gaz(&["chief's office", "bare passage", "end of road", "poop deck"]);
        assert_eq!(
            g.sight("<< Chief's office >>\nYou stand.").unwrap().places[0].0,
            0
        );
        let s = g.sight("Bare Passage (you are flying)\nA tunnel.").unwrap();
        assert_eq!((s.kind, s.places[0].0), (MatchKind::Bare, 1));
        let s = g.sight("At End Of Road\nYou stand.").unwrap();
        assert_eq!((s.kind, s.places[0].0), (MatchKind::Fuzzy, 2));
        assert_eq!(g.sight("Poop\n   From here").unwrap().places[0].0, 3);
    }

    #[test]
    fn replies_without_titles_match_by_their_first_sentence() {
        let g = gaz(&[
            "vegetable garden",
            "old untended grave",
            "outside the house",
        ]);
        let s = g.sight("You are in the vegetable garden").unwrap();
        assert_eq!((s.kind, s.places[0].0), (MatchKind::Sentence, 0));
        let s = g.sight("You are at the old grave").unwrap();
        assert_eq!(s.places[0].0, 1);
    }

    #[test]
    fn a_reply_without_a_title_may_say_where_the_player_is_after_what_happened() {
        let g = gaz(&["alley (north/south)", "brick wall", "vegetable garden"]);
        let s = g
            .sight("The ogres finish the wall behind you, cutting off your retreat. You are in a long north-south alley that runs between two walls.")
            .unwrap();
        assert_eq!(s.places, vec![(0, s.places[0].1)]);
    }

    #[test]
    fn a_name_matched_by_its_qualifier_alone_is_not_the_place() {
        let g = gaz(&[
            "alley (north/south)",
            "brick wall (destroyed)",
            "vegetable garden",
        ]);
        // "north-south" is all the alley's name shares with the path; the wall is named in full.
        let s = g
            .sight("You are on a north-south path which passes through the ruins of a brick wall into the garden.")
            .unwrap();
        assert_eq!(places_of(&s), vec![1]);
        // With no statement of where the player is, a name the first sentence holds in full.
        let s = g
            .sight(
                "The south-north path ends at a nearly-completed brick wall. Two ogres are busy.",
            )
            .unwrap();
        assert_eq!(places_of(&s), vec![1]);
    }

    #[test]
    fn a_reply_naming_its_room_fully_offers_that_room_alone() {
        let g = gaz(&["small bedroom in haunted house", "kitchen of haunted house"]);
        // The bedroom shares "haunted house" but is not named: it is no candidate.
        let s = g
            .sight("You are in the kitchen of the haunted house.")
            .unwrap();
        assert_eq!(places_of(&s), vec![1]);
    }

    #[test]
    fn a_place_said_to_lie_beside_another_is_not_that_other() {
        let g = gaz(&["alcove", "high tunnel (alcove off to north)"]);
        let s = g
            .sight("You are in a small alcove to the north of the high tunnel.")
            .unwrap();
        assert_eq!(places_of(&s), vec![0]);
    }
}
