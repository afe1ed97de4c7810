//! The reader's links as it adds them: one per pair of places (a repeat only gives a link with
//! no direction the one now stated), none inside a building (a room is in its house), and, once
//! read, moved onto the places [`super::fold`] makes one. The [`Reading`] they go
//! into is defined here, so the reader uses this file and this file nothing of the reader.

use super::lexicon::is_indoor;
use super::place::PlaceBook;
use super::place::PlaceId;
use crate::domain::Direction;

/// A link the reader found.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundLink {
    /// Where the way starts.
    pub from: PlaceId,
    /// Where it leads.
    pub to: PlaceId,
    /// A stated direction, or none.
    pub direction: Option<Direction>,
    /// The paragraph it was read in.
    pub paragraph: usize,
    /// The sentence, as one line.
    pub evidence: String,
    /// Byte ranges in `evidence` of the words it rests on, in order, merged.
    pub words: Vec<(usize, usize)>,
}

/// What one paragraph gave.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ParagraphReading {
    /// The places it named (first mention order, kept places only).
    pub places: Vec<PlaceId>,
    /// Indices into [`Reading::links`] of the links it made.
    pub links: Vec<usize>,
    /// Where the reader is after it.
    pub current: Option<PlaceId>,
}

/// The whole text read.
#[derive(Debug, Clone, Default)]
pub struct Reading {
    /// Every place considered (see `kept`).
    pub book: PlaceBook,
    /// Which places are on the map.
    pub kept: Vec<bool>,
    /// Links, in reading order, one per pair of places.
    pub links: Vec<FoundLink>,
    /// Per paragraph.
    pub paragraphs: Vec<ParagraphReading>,
}

impl Reading {
    /// The kept places, in order of first mention.
    pub fn places(&self) -> impl Iterator<Item = (PlaceId, &super::place::Place)> {
        self.book
            .places
            .iter()
            .enumerate()
            .filter(|(i, _)| self.kept.get(*i).copied().unwrap_or(false))
    }
}

/// Adds a link (or gives a link without a direction the one now stated).
pub(super) fn add_link(reading: &mut Reading, out: &mut ParagraphReading, link: FoundLink) {
    let (from, to, direction) = (link.from, link.to, link.direction);
    let places = &reading.book.places;
    // A room is inside its house: containment, not a way.
    let inside = |a: PlaceId, b: PlaceId| places[a].dwelling && is_indoor(&places[b].head);
    if from == to || inside(from, to) || inside(to, from) {
        return;
    }
    let dup = reading
        .links
        .iter()
        .position(|l| (l.from == from && l.to == to) || (l.from == to && l.to == from));
    match dup {
        Some(i) => {
            if reading.links[i].direction.is_none() && direction.is_some() {
                let l = &mut reading.links[i];
                l.direction = if l.from == from {
                    direction
                } else {
                    direction.map(Direction::opposite)
                };
            }
        }
        None => {
            reading.links.push(link);
            out.links.push(reading.links.len() - 1);
        }
    }
    reading.book.places[from].linked = true;
    reading.book.places[to].linked = true;
}

/// The places [`super::fold::fold_places`] makes one (one name on the map; a door in its room;
/// a name short for another's), with their links following them: a link that becomes a loop
/// or a repeat is dropped. Returns, per place, the place it now is.
pub(super) fn fold_with_links(reading: &mut Reading) -> Vec<PlaceId> {
    let into = super::fold::fold_places(&mut reading.book, &mut reading.kept);
    let mut links: Vec<FoundLink> = Vec::new();
    let mut moved: Vec<Option<usize>> = Vec::new();
    for mut l in std::mem::take(&mut reading.links) {
        l.from = into[l.from];
        l.to = into[l.to];
        let repeat = links
            .iter()
            .any(|k| (k.from, k.to) == (l.from, l.to) || (k.from, k.to) == (l.to, l.from));
        if l.from == l.to || repeat {
            moved.push(None);
        } else {
            moved.push(Some(links.len()));
            links.push(l);
        }
    }
    reading.links = links;
    for para in &mut reading.paragraphs {
        para.links = para.links.iter().filter_map(|&k| moved[k]).collect();
    }
    into
}
