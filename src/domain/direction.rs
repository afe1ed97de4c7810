//! Compass, vertical and threshold directions, and free-text exit labels.
//!
//! The fourteen directions are the paper's, in its canonical order (the order matters: the
//! heuristic repair tries relabelings in this order). Each has an opposite; the ten spatial ones
//! carry a unit vector on the lattice (x east, y north, z up). `in`, `out`, `enter` and `exit`
//! carry none, and neither does a free-text label such as "go panel": both are kept on the map but
//! never constrain positions.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A lattice displacement: x east, y north, z up.
pub type Vector = [i32; 3];

/// One of the paper's fourteen directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    North,
    South,
    East,
    West,
    Northeast,
    Northwest,
    Southeast,
    Southwest,
    Up,
    Down,
    In,
    Out,
    Enter,
    Exit,
}

impl Direction {
    /// All fourteen, in the paper's canonical enumeration order.
    pub const ALL: [Direction; 14] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::Northeast,
        Direction::Northwest,
        Direction::Southeast,
        Direction::Southwest,
        Direction::Up,
        Direction::Down,
        Direction::In,
        Direction::Out,
        Direction::Enter,
        Direction::Exit,
    ];

    /// The four cardinal directions.
    pub const CARDINAL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The lowercase word used in files and prompts ("northeast", "up", …).
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::South => "south",
            Direction::East => "east",
            Direction::West => "west",
            Direction::Northeast => "northeast",
            Direction::Northwest => "northwest",
            Direction::Southeast => "southeast",
            Direction::Southwest => "southwest",
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::In => "in",
            Direction::Out => "out",
            Direction::Enter => "enter",
            Direction::Exit => "exit",
        }
    }

    /// The short form players type ("n", "ne", "u").
    pub fn abbreviation(self) -> &'static str {
        match self {
            Direction::North => "n",
            Direction::South => "s",
            Direction::East => "e",
            Direction::West => "w",
            Direction::Northeast => "ne",
            Direction::Northwest => "nw",
            Direction::Southeast => "se",
            Direction::Southwest => "sw",
            Direction::Up => "u",
            Direction::Down => "d",
            Direction::In => "in",
            Direction::Out => "out",
            Direction::Enter => "enter",
            Direction::Exit => "exit",
        }
    }

    /// Parses the full word exactly as the paper's files spell it (already lowercased).
    pub fn from_word(word: &str) -> Option<Direction> {
        Direction::ALL.iter().copied().find(|d| d.as_str() == word)
    }

    /// Parses what a player or a model might write: full words, abbreviations, "go north",
    /// "north-east", any case, surrounding blanks.
    pub fn parse(text: &str) -> Option<Direction> {
        let lowered = text.trim().to_lowercase();
        let mut word = lowered.as_str();
        for prefix in ["go ", "walk ", "run ", "head ", "move "] {
            if let Some(rest) = word.strip_prefix(prefix) {
                word = rest.trim();
            }
        }
        let compact: String = word
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | '_'))
            .collect();
        if let Some(d) = Direction::from_word(&compact) {
            return Some(d);
        }
        match compact.as_str() {
            "inside" | "into" => Some(Direction::In),
            "outside" => Some(Direction::Out),
            "upstairs" | "climb" | "climbup" | "ascend" => Some(Direction::Up),
            "downstairs" | "climbdown" | "descend" => Some(Direction::Down),
            "leave" => Some(Direction::Exit),
            _ => Direction::ALL
                .iter()
                .copied()
                .find(|d| d.abbreviation() == compact),
        }
    }

    /// The direction that leads back.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::Northeast => Direction::Southwest,
            Direction::Southwest => Direction::Northeast,
            Direction::Northwest => Direction::Southeast,
            Direction::Southeast => Direction::Northwest,
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::In => Direction::Out,
            Direction::Out => Direction::In,
            Direction::Enter => Direction::Exit,
            Direction::Exit => Direction::Enter,
        }
    }

    /// The unit lattice vector, or `None` for in/out/enter/exit.
    pub fn vector(self) -> Option<Vector> {
        match self {
            Direction::North => Some([0, 1, 0]),
            Direction::South => Some([0, -1, 0]),
            Direction::East => Some([1, 0, 0]),
            Direction::West => Some([-1, 0, 0]),
            Direction::Northeast => Some([1, 1, 0]),
            Direction::Northwest => Some([-1, 1, 0]),
            Direction::Southeast => Some([1, -1, 0]),
            Direction::Southwest => Some([-1, -1, 0]),
            Direction::Up => Some([0, 0, 1]),
            Direction::Down => Some([0, 0, -1]),
            Direction::In | Direction::Out | Direction::Enter | Direction::Exit => None,
        }
    }

    /// True for the eight compass directions, which keep to one level (not up, down, in, out,
    /// enter or exit).
    pub fn is_level(self) -> bool {
        self.vector().is_some_and(|v| v[2] == 0)
    }

    /// Index in [`Direction::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an exit is labelled with: one of the fourteen directions, free text ("go panel"), or
/// nothing at all: a way whose direction the text never states.
///
/// In files a label is its word (`"north"`, `"go panel"`), and a [`Label::Link`] is `null`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Label {
    /// A compass, vertical or threshold direction.
    Dir(Direction),
    /// Anything else; kept and shown, never used for geometry.
    Free(String),
    /// A way between two places with no stated direction ("they went into the shed", "the
    /// dining-room opened out of the hall"). Drawn, walked by the route finder and pulled
    /// together by the force layout; it never constrains lattice positions and never makes a
    /// directional conflict (a room may have any number of them). Its way back is a link too.
    Link,
}

impl Label {
    /// Reads a label from a file or a model: a recognised direction if the text is one, else
    /// free text (trimmed, lowercased).
    pub fn parse(text: &str) -> Label {
        match Direction::parse(text) {
            Some(d) => Label::Dir(d),
            None => Label::Free(text.trim().to_lowercase()),
        }
    }

    /// Reads a label the way the paper's loaders do: only the exact lowercase word counts as a
    /// direction.
    pub fn from_word(text: &str) -> Label {
        match Direction::from_word(text) {
            Some(d) => Label::Dir(d),
            None => Label::Free(text.to_string()),
        }
    }

    /// The direction, if the label is one.
    pub fn direction(&self) -> Option<Direction> {
        match self {
            Label::Dir(d) => Some(*d),
            Label::Free(_) | Label::Link => None,
        }
    }

    /// True for a link with no stated direction.
    pub fn is_link(&self) -> bool {
        matches!(self, Label::Link)
    }

    /// The opposite label, if there is one: a direction's opposite, a link's link (free text
    /// has none).
    pub fn opposite(&self) -> Option<Label> {
        match self {
            Label::Dir(d) => Some(Label::Dir(d.opposite())),
            Label::Link => Some(Label::Link),
            Label::Free(_) => None,
        }
    }

    /// The lattice vector, if the label carries one.
    pub fn vector(&self) -> Option<Vector> {
        self.direction().and_then(Direction::vector)
    }

    /// The text shown to people and written to files (empty for a link).
    pub fn as_str(&self) -> &str {
        match self {
            Label::Dir(d) => d.as_str(),
            Label::Free(s) => s,
            Label::Link => "",
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Direction> for Label {
    fn from(d: Direction) -> Label {
        Label::Dir(d)
    }
}

/// Adds two lattice vectors.
pub fn add(a: Vector, b: Vector) -> Vector {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Subtracts `b` from `a`.
pub fn sub(a: Vector, b: Vector) -> Vector {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// A lattice offset in words: "2 north, 1 east" ("nothing" for zero).
pub fn offset_words([x, y, z]: Vector) -> String {
    let part = |n: i32, pos: &str, neg: &str| match n {
        0 => None,
        n if n > 0 => Some(format!("{n} {pos}")),
        n => Some(format!("{} {neg}", -n)),
    };
    let parts: Vec<String> = [
        part(y, "north", "south"),
        part(x, "east", "west"),
        part(z, "up", "down"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_direction_is_its_opposites_opposite() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
        }
    }

    #[test]
    fn opposite_vectors_cancel() {
        for d in Direction::ALL {
            match (d.vector(), d.opposite().vector()) {
                (Some(a), Some(b)) => assert_eq!(add(a, b), [0, 0, 0]),
                (None, None) => {}
                _ => panic!("{d} and its opposite disagree on having a vector"),
            }
        }
    }

    #[test]
    fn parse_accepts_what_players_type() {
        assert_eq!(Direction::parse("NE"), Some(Direction::Northeast));
        assert_eq!(
            Direction::parse(" go north-west "),
            Some(Direction::Northwest)
        );
        assert_eq!(Direction::parse("u"), Some(Direction::Up));
        assert_eq!(Direction::parse("panel"), None);
        assert_eq!(Label::parse("Go Panel"), Label::Free("go panel".into()));
    }

    #[test]
    fn labels_serialize_as_plain_words() {
        let json = serde_json::to_string(&vec![
            Label::Dir(Direction::Up),
            Label::Free("go panel".into()),
        ])
        .unwrap();
        assert_eq!(json, r#"["up","go panel"]"#);
        let back: Vec<Label> = serde_json::from_str(&json).unwrap();
        assert_eq!(back[0], Label::Dir(Direction::Up));
        let link = serde_json::to_string(&Label::Link).unwrap();
        assert_eq!(link, "null");
        assert_eq!(serde_json::from_str::<Label>(&link).unwrap(), Label::Link);
        assert_eq!(Label::Link.opposite(), Some(Label::Link));
        assert_eq!(Label::Link.vector(), None);
    }
}
