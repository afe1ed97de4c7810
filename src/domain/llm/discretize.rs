//! Turning loose spatial language into the map's discrete vocabulary.
//!
//! * [`discretize_angle`]: a bearing in degrees (0° = north, clockwise, so 90° = east) becomes
//!   one of the eight compass directions, or `None` when it is too far from all of them.
//! * [`Distance::from_words`]: "right next to", "a long way" … become near / medium / far.
//! * [`Aliases`]: place names are normalized ([`normalize_name`]) and then mapped through an
//!   alias table, so "The  Great Hall", "great hall" and "the foyer" can be one place.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::domain::names::normalize_name;
use crate::domain::Direction;

/// Default angular tolerance: half of a 45° sector, so every bearing gets a direction.
pub const DEFAULT_ANGLE_TOLERANCE: f64 = 22.5;

/// The eight compass directions clockwise from north, 45° apart.
const COMPASS: [Direction; 8] = [
    Direction::North,
    Direction::Northeast,
    Direction::East,
    Direction::Southeast,
    Direction::South,
    Direction::Southwest,
    Direction::West,
    Direction::Northwest,
];

/// The nearest compass direction to a bearing (0° = north, 90° = east, any real number of
/// degrees, wrapped), if it lies within `tolerance_deg` of that direction.
///
/// With the default tolerance (22.5°) every finite bearing maps to a direction; a sector
/// boundary (22.5°, 67.5° …) goes to the clockwise neighbour. A smaller tolerance rejects
/// ambiguous bearings: with 10°, 30° gives `None`. Non-finite angles or a negative tolerance
/// give `None`.
pub fn discretize_angle(angle_deg: f64, tolerance_deg: f64) -> Option<Direction> {
    if !angle_deg.is_finite() || tolerance_deg.is_nan() || tolerance_deg < 0.0 {
        return None;
    }
    let a = angle_deg.rem_euclid(360.0);
    let sector = ((a + 22.5) / 45.0).floor();
    // `sector` is in 0..=8 (8 wraps to north); the cast cannot truncate.
    let index = (sector as usize) % 8;
    let centre = sector * 45.0;
    if (a - centre).abs() <= tolerance_deg {
        COMPASS.get(index).copied()
    } else {
        None
    }
}

/// The bearing of a compass direction in degrees (north 0, east 90 …); `None` for up, down,
/// in, out, enter and exit.
pub fn direction_angle(direction: Direction) -> Option<f64> {
    COMPASS
        .iter()
        .position(|d| *d == direction)
        .map(|i| i as f64 * 45.0)
}

/// A coarse distance between two places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Distance {
    /// Adjacent, a few steps.
    Near,
    /// A short walk.
    Medium,
    /// A long way.
    Far,
}

impl Distance {
    /// `near`, `medium` or `far`.
    pub fn as_str(self) -> &'static str {
        match self {
            Distance::Near => "near",
            Distance::Medium => "medium",
            Distance::Far => "far",
        }
    }

    /// Reads a distance from words: the three names themselves, or phrases such as "right next
    /// to", "close", "a short walk", "some distance", "a long way", "far off". Phrases that
    /// contain another list's word are checked first ("not far" is near, "a short walk" is
    /// medium), then far, near and medium words; `None` if nothing matches.
    pub fn from_words(text: &str) -> Option<Distance> {
        let letters: String = text
            .to_lowercase()
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { ' ' })
            .collect();
        let t = format!(" {} ", collapse_blanks(&letters));
        let has = |phrases: &[&str]| phrases.iter().any(|p| t.contains(&format!(" {p} ")));
        let ordered: [(&[&str], Distance); 5] = [
            (&["not far", "not very far"], Distance::Near),
            (&["short walk", "short way", "little way"], Distance::Medium),
            (
                &[
                    "far",
                    "distant",
                    "long way",
                    "long walk",
                    "remote",
                    "miles",
                    "great distance",
                ],
                Distance::Far,
            ),
            (
                &[
                    "near",
                    "nearby",
                    "close",
                    "next to",
                    "adjacent",
                    "beside",
                    "just",
                    "immediately",
                    "few steps",
                    "short",
                ],
                Distance::Near,
            ),
            (
                &[
                    "medium",
                    "moderate",
                    "some distance",
                    "a while",
                    "few minutes",
                    "further",
                    "farther",
                ],
                Distance::Medium,
            ),
        ];
        ordered
            .iter()
            .find(|(phrases, _)| has(phrases))
            .map(|(_, d)| *d)
    }
}

fn collapse_blanks(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A table of alternative names: each normalized alias points to a normalized canonical name.
///
/// Insertion order is kept (it shows up in exports and tests). Lookups normalize first and
/// resolve one step: an alias of an alias is not followed, so a cycle cannot loop.
///
/// It serializes as a list of `[alias, canonical]` pairs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<(String, String)>", into = "Vec<(String, String)>")]
pub struct Aliases {
    map: IndexMap<String, String>,
}

impl From<Vec<(String, String)>> for Aliases {
    fn from(pairs: Vec<(String, String)>) -> Aliases {
        let mut aliases = Aliases::new();
        for (alias, canonical) in pairs {
            aliases.insert(&alias, &canonical);
        }
        aliases
    }
}

impl From<Aliases> for Vec<(String, String)> {
    fn from(aliases: Aliases) -> Vec<(String, String)> {
        aliases.map.into_iter().collect()
    }
}

impl Aliases {
    /// An empty table.
    pub fn new() -> Aliases {
        Aliases::default()
    }

    /// Records that `alias` means `canonical` (both normalized). An alias equal to its
    /// canonical name, or an empty one, is ignored. A later insert for the same alias wins.
    pub fn insert(&mut self, alias: &str, canonical: &str) {
        let alias = normalize_name(alias);
        let canonical = normalize_name(canonical);
        if alias.is_empty() || canonical.is_empty() || alias == canonical {
            return;
        }
        self.map.insert(alias, canonical);
    }

    /// The canonical name an (already normalized) alias points to, if any.
    pub fn get(&self, alias: &str) -> Option<&str> {
        self.map.get(alias).map(String::as_str)
    }

    /// Number of aliases.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// (alias, canonical) pairs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.map.iter().map(|(a, c)| (a.as_str(), c.as_str()))
    }

    /// The canonical form of a name: [`normalize_name`], then one alias lookup.
    pub fn canonical(&self, name: &str) -> String {
        let normalized = normalize_name(name);
        match self.map.get(&normalized) {
            Some(c) => c.clone(),
            None => normalized,
        }
    }
}
