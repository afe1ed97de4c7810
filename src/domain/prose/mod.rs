//! Reading published narrative prose into a map, offline: the app's no-key path and the
//! `maprepair read` command.
//!
//! The pipeline, one file per step:
//!
//! | step | file | what it does |
//! |---|---|---|
//! | tokens | `token` | a paragraph as one line (hard wraps, CRLF gone); treebank tokens with offsets; speech marked |
//! | sentences | `sentence` | split at `.`, `!`, `?` before a capital or a quotation; "Dr." and "“Oh!” said he" survive |
//! | tags | `tagger` | part of speech by the averaged perceptron of `textblob-aptagger` (vendored data) |
//! | phrases | `chunk` | noun phrases, their heads, determiners and owners |
//! | places | `place` (which mentions are one place in `identity`; whether two possessives name one owner in `owner`; names used for people in `person`) | which phrases are places, and which mentions are one place (aliases; a bare definite of a kind just named, the narration's re-mention before speech's) |
//! | comparisons | `comparison` | per sentence, the words that say what the scene is measured against ("like a map", "so lofty as"): no place of the scene is named there |
//! | clauses | `clause` (its grammar in `grammar`) | verb groups, their subjects (through relative pronouns, participles, coordination) and dependents |
//! | relations | `relation` (types in `event`) | per clause: motion along a path (`motion`), fixed ways and positions of places (`layout`), being somewhere |
//! | salience | `salience` | which places go on the map: each mention's evidence, links and visits |
//! | position | `position` | where the reader is, with a confidence that fades and is dropped; a move with no place said ("I went in") waiting one sentence for the place it arrived at |
//! | first pass | `tagged` | every paragraph tokenized, tagged and chunked; the names in the text that are people (titled, acting, speaking) |
//! | reading | `reader` (its links in `links`; mentions naming again a place named before in `coreference`) | the second pass over the text; links with their sentence and words, one per pair of places |
//! | folding | `fold` | places the map cannot tell apart (one name; a door in its room; "Thornfield" of "Thornfield Hall") made one, with their names and links |
//! | scoring | `score` | the paper's node and edge metric against a truth map |
//!
//! The vocabulary of places, motion and relations is in `lexicon`; which part of speech a word
//! plays is always the tagger's decision.

pub mod candidate;
pub mod chunk;
pub mod clause;
pub mod comparison;
pub mod coreference;
pub mod event;
pub mod fold;
pub mod grammar;
pub mod identity;
pub mod layout;
pub mod lexicon;
pub mod links;
pub mod motion;
pub mod owner;
pub mod person;
pub mod place;
pub mod position;
pub mod reader;
pub mod relation;
pub mod salience;
pub mod score;
pub mod sentence;
pub mod tagged;
pub mod tagger;
pub mod token;

pub use reader::{read_paragraphs, FoundLink, ParagraphReading, Reading};
pub use score::{match_key, score, BuiltMap, Score, TruthMap};
pub use tagger::{Tagger, TaggerError};

use crate::domain::Direction;
use serde::Serialize;

/// A place as `maprepair read` writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MapPlace {
    /// Its name.
    pub name: String,
    /// Other names the text used for it.
    pub aliases: Vec<String>,
}

/// A link as `maprepair read` writes it (`direction` null for a way with no stated
/// direction).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MapLink {
    /// Where it starts.
    pub from: String,
    /// Where it leads.
    pub to: String,
    /// The stated direction, if any.
    pub direction: Option<Direction>,
    /// The sentence it rests on.
    pub evidence: String,
}

/// The map a text gives: `{"places":[…],"links":[…]}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ProseMap {
    /// Places, in order of first mention.
    pub places: Vec<MapPlace>,
    /// Links, in reading order.
    pub links: Vec<MapLink>,
}

impl Reading {
    /// The name shown for a place.
    pub fn name(&self, id: place::PlaceId) -> &str {
        self.book.places.get(id).map_or("", |p| p.name.as_str())
    }

    /// The map as `maprepair read` writes it.
    pub fn map(&self) -> ProseMap {
        ProseMap {
            places: self
                .places()
                .map(|(_, p)| MapPlace {
                    name: p.name.clone(),
                    aliases: p.aliases.clone(),
                })
                .collect(),
            links: self
                .links
                .iter()
                .map(|l| MapLink {
                    from: self.name(l.from).to_string(),
                    to: self.name(l.to).to_string(),
                    direction: l.direction,
                    evidence: l.evidence.clone(),
                })
                .collect(),
        }
    }

    /// The map in the form [`score`] takes.
    pub fn built(&self) -> BuiltMap {
        let ids: Vec<place::PlaceId> = self.places().map(|(i, _)| i).collect();
        let index = |id: place::PlaceId| ids.iter().position(|&i| i == id);
        BuiltMap {
            places: self
                .places()
                .map(|(_, p)| {
                    std::iter::once(p.name.clone())
                        .chain(p.aliases.iter().cloned())
                        .collect()
                })
                .collect(),
            links: self
                .links
                .iter()
                .filter_map(|l| Some((index(l.from)?, index(l.to)?, l.direction)))
                .collect(),
        }
    }
}
