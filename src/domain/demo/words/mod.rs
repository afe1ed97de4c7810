//! The demo games' vocabulary: one [`Theme`] per kind of place, with room nouns by level
//! (upper floors, ground, below), adjectives, descriptive clauses, interiors, objects, and the
//! titles that several rooms share. All of it was written for this project.
//!
//! The themes themselves sit in two files: [`buildings`] (cottage, manor, abbey, station)
//! and [`wilds`] (caves, forest, harbour, dungeon).

mod buildings;
mod wilds;

pub use buildings::{ABBEY, COTTAGE, MANOR, STATION};
pub use wilds::{CAVES, DUNGEON, FOREST, HARBOUR};

/// A title several rooms share, with what tells each of them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SharedTitle {
    /// The title every one of them shows ("Corridor").
    pub title: &'static str,
    /// Per room: the qualifier of its listed name ("portraits" → "corridor (portraits)") and
    /// its description, which contains the qualifier's words.
    pub variants: &'static [(&'static str, &'static str)],
}

/// The words of one kind of place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Short id.
    pub name: &'static str,
    /// Room nouns for upper levels (z > 0).
    pub upper: &'static [&'static str],
    /// Room nouns for the ground level.
    pub ground: &'static [&'static str],
    /// Room nouns for lower levels (z < 0).
    pub lower: &'static [&'static str],
    /// Adjectives for titles ("Mossy Grotto", "Oak Gallery").
    pub adjectives: &'static [&'static str],
    /// Adjectives for descriptions: how a place feels ("dim", "echoing").
    pub moods: &'static [&'static str],
    /// Clauses that finish a description ("where moss hides the flagstones").
    pub details: &'static [&'static str],
    /// Places one goes *in* to (a hut, a tent); each may have a back room.
    pub interiors: &'static [&'static str],
    /// Objects lying about (for `take` and `examine`).
    pub items: &'static [&'static str],
    /// Titles that several rooms share.
    pub shared: &'static [SharedTitle],
}

/// Complements for titles when the plain combinations run out ("Hall of Echoes").
pub const COMPLEMENTS: &[&str] = &[
    "Echoes", "Whispers", "Bones", "Mirrors", "Lanterns", "Ashes", "Ravens", "Chains", "Kings",
    "Crowns", "Bells", "Masks", "Storms", "Shadows", "Thorns", "Tears", "Stars", "Keys", "Wolves",
    "Serpents", "Candles", "Roses", "Coins", "Maps", "Dreams", "Vows", "Owls", "Lamps", "Tides",
    "Embers",
];

/// Every theme.
pub const THEMES: [Theme; 8] = [
    COTTAGE, MANOR, CAVES, FOREST, ABBEY, STATION, HARBOUR, DUNGEON,
];

/// A theme by name.
pub fn theme(name: &str) -> Option<Theme> {
    THEMES.iter().copied().find(|t| t.name == name)
}
