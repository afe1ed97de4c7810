//! Giving rooms their listed names once the whole transcript is read.
//!
//! Two kinds of rooms are named at the end rather than when met:
//! * rooms of a *group* — several listed names share one title ("wharf road (north to mcginty
//!   salvage)", "wharf road (east end of east/west road)", …). The tracker tells the rooms apart
//!   by where they are and what they look like; which name belongs to which room is then an
//!   assignment problem: each room's text (everything printed under its title on every visit)
//!   is compared with each name's qualifier, words weighted by how rare they are within the
//!   group and consecutive word pairs ("east end") counting extra, and the assignment with the
//!   highest total wins (exactly, by dynamic programming over subsets);
//! * *slots* — rooms that could not be read when met (darkness, an unknown starting room). Each
//!   takes one of the names nobody claimed, by the words of the text around it ("To the north is
//!   the Council Chamber"), with the same optimal assignment, in which a fit below the cue
//!   counts for nothing ([`cued_assignment`]). A name made of darkness words ("pitch black
//!   1") goes to a room met in the dark and not to one never seen ([`dark_fit`]). When no words
//!   tell, a small tie-breaker ([`lie_fit`]) prefers a name whose lie fits how the slot was
//!   reached (an attic up a staircase, a cellar down one; a dark room is seldom open air).

use super::gazetteer::{Gazetteer, Place};
use super::title::same_word;
use super::weights::W_DESCRIBED;
use crate::domain::direction::Direction;

/// True if `w` occurs among `words` (prefix matches count), or as two consecutive words run
/// together ("railcar" / "rail car").
fn occurs(w: &str, words: &[String]) -> bool {
    words.iter().any(|x| same_word(x, w))
        || words.windows(2).any(|p| {
            p[0].len() + p[1].len() == w.len()
                && w.starts_with(p[0].as_str())
                && w.ends_with(p[1].as_str())
        })
}

/// True if the pair `(a, b)` occurs consecutively among `words`.
fn occurs_pair(a: &str, b: &str, words: &[String]) -> bool {
    words
        .windows(2)
        .any(|p| same_word(&p[0], a) && same_word(&p[1], b))
}

/// How well a room's words fit a group member's qualifier, in 0..=1.3.
pub fn qualifier_fit(place: &Place, words: &[String], weight: &dyn Fn(&str) -> f64) -> f64 {
    let q = &place.qualifier;
    if q.is_empty() {
        // The plain name of a group ("hall" beside "hall (1st floor)"): a weak default.
        return 0.15;
    }
    let total: f64 = q.iter().map(|w| weight(w)).sum();
    let hit: f64 = q
        .iter()
        .filter(|w| occurs(w, words))
        .map(|w| weight(w))
        .sum();
    let pairs = q.len().saturating_sub(1);
    let pair_hits = q
        .windows(2)
        .filter(|p| occurs_pair(&p[0], &p[1], words))
        .count();
    let mut s = if total > 0.0 { hit / total } else { 0.0 };
    if pairs > 0 {
        s += 0.3 * pair_hits as f64 / pairs as f64;
    }
    s
}

/// The one member of a group whose own qualifier words (those no other member's qualifier has:
/// "rock aladdin" beside "arrow down", not the exit words the maze's names share) all occur in
/// `words`, if exactly one member's do.
pub fn named_member(gaz: &Gazetteer, members: &[usize], words: &[String]) -> Option<usize> {
    let quals: Vec<&[String]> = members
        .iter()
        .map(|&m| gaz.place(m).map_or(&[][..], |p| p.qualifier.as_slice()))
        .collect();
    let mut found = None;
    for (k, q) in quals.iter().enumerate() {
        let own: Vec<&String> = q
            .iter()
            .filter(|w| {
                quals
                    .iter()
                    .enumerate()
                    .all(|(j, o)| j == k || !o.contains(w))
            })
            .collect();
        if !own.is_empty() && own.iter().all(|w| occurs(w, words)) {
            if found.is_some() {
                return None;
            }
            found = Some(members[k]);
        }
    }
    found
}

/// Scores every room against every member of a group (rows: rooms, columns: members).
pub fn group_scores(
    gaz: &Gazetteer,
    members: &[usize],
    room_words: &[Vec<String>],
) -> Vec<Vec<f64>> {
    let quals: Vec<&[String]> = members
        .iter()
        .map(|&m| gaz.place(m).map_or(&[][..], |p| p.qualifier.as_slice()))
        .collect();
    let m = members.len() as f64;
    let weight = |w: &str| -> f64 {
        let df = quals
            .iter()
            .filter(|q| q.iter().any(|x| x == w))
            .count()
            .max(1) as f64;
        (1.0 + m / df).ln()
    };
    room_words
        .iter()
        .map(|words| {
            members
                .iter()
                .map(|&p| {
                    gaz.place(p)
                        .map_or(0.0, |pl| qualifier_fit(pl, words, &weight))
                })
                .collect()
        })
        .collect()
}

/// How well a slot's context names a place, in 0..=1: the share of the name's words found.
pub fn context_fit(place: &Place, context: &[String]) -> f64 {
    let mut terms: Vec<&String> = place.base_words.iter().collect();
    terms.extend(place.qualifier.iter());
    if terms.is_empty() {
        return 0.0;
    }
    // A word that reads as a move (a compass word, "up", "inside", "upstairs": anything
    // `Direction::parse` takes) speaks of a way out in a reply, not of the room ("a passage
    // leads to the west" is no sign of "west of house").
    let hit = terms
        .iter()
        .filter(|w| Direction::parse(w).is_none() && occurs(w, context))
        .count();
    hit as f64 / terms.len() as f64
}

/// Words of a name that put its room above its surroundings (reached by climbing).
const ABOVE: &[&str] = &[
    "attic", "loft", "roof", "rooftop", "top", "tree", "treetop", "tower", "summit", "peak",
    "balcony", "upstairs", "belfry", "crow", "branch", "branches",
];

/// Words of a name that put its room below its surroundings (reached by descending).
const BELOW: &[&str] = &[
    "cellar",
    "basement",
    "cave",
    "cavern",
    "pit",
    "hole",
    "well",
    "tunnel",
    "dungeon",
    "crypt",
    "mine",
    "underground",
    "sewer",
    "vault",
    "bottom",
    "downstairs",
    "chamber",
    "grotto",
];

/// Words of a name for open air, where daylight makes darkness unlikely.
const OPEN_AIR: &[&str] = &[
    "forest", "field", "meadow", "path", "road", "garden", "beach", "clearing", "lawn", "yard",
    "street", "park", "shore", "valley", "hill", "plain", "trail",
];

fn names_any(place: &Place, list: &[&str]) -> bool {
    place
        .base_words
        .iter()
        .chain(place.qualifier.iter())
        .any(|w| list.contains(&w.as_str()))
}

/// A tie-breaker, in -0.02..=0.02, for naming a slot by elimination when no words tell: how
/// well a name's lie fits how the slot was reached. `rise` is positive if the moves say the
/// slot lies above its neighbours (entered going up, left going down), negative if below;
/// `dark` is true for a room met in darkness, which an open-air name is unlikely to be.
pub fn lie_fit(place: &Place, rise: i32, dark: bool) -> f64 {
    let lean = match (names_any(place, ABOVE), names_any(place, BELOW)) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    };
    let mut s = 0.01 * f64::from(lean * rise.signum());
    if dark && names_any(place, OPEN_AIR) {
        s -= 0.01;
    }
    s
}

/// The most [`lie_fit`] takes from a name: a tie-breaker's bound, below which by elimination
/// a name does not go.
pub const LIE_FIT_MAX: f64 = 0.02;

/// A tie-breaker, 0.0 or 0.01, for naming by elimination the room the transcript opens in
/// (the start of its first move, never shown): stories open in the player's own place, so a
/// name the list gives as the player's ("your quarters", "in your tent") fits it a little
/// better than another.
pub fn opening_fit(place: &Place, opening: bool) -> f64 {
    let own = place
        .name
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "your" || w == "my");
    // "your quarters, in the bed" names a posture in the room, not the room.
    let plain = !place.name.contains([',', '(']);
    if opening && own && plain {
        0.01
    } else {
        0.0
    }
}

/// How a slot's described ways fit a name ([`W_DESCRIBED`] or nothing): a sentence about the
/// way into the slot, in the description of the room it was entered from, holds the name's
/// base words whole and in order ("The library lies to the southeast." for "Library", never
/// for "Library Annex" nor "Lib"), and the way is said outside the name.
pub fn described_fit(place: &Place, sentences: &[Vec<String>]) -> f64 {
    let name = &place.base_words;
    if name.is_empty() {
        return 0.0;
    }
    let whole = |ws: &Vec<String>| {
        ws.windows(name.len()).enumerate().any(|(at, win)| {
            win == name.as_slice()
                // The words on either side are not part of a longer name.
                && (at == 0 || !is_name_word(&ws[at - 1]))
                && ws.get(at + name.len()).is_none_or(|w| !is_name_word(w))
        })
    };
    if sentences.iter().any(whole) {
        W_DESCRIBED
    } else {
        0.0
    }
}

/// True for a word that could continue a room's name next to it: not an article, a verb of
/// lying or being, a preposition or a compass word.
fn is_name_word(w: &str) -> bool {
    !matches!(
        w,
        "the" | "a" | "an" | "lies" | "lie" | "is" | "are" | "to" | "of" | "leads" | "through"
    ) && crate::domain::direction::Direction::from_word(w).is_none()
}

/// Words that name darkness itself: "pitch black 1", "dark", "in darkness" are how a list
/// names a room it only ever saw unlit ("dark tunnel" and "a dark hallway" are lit rooms).
const DARKNESS: &[&str] = &["pitch", "black", "dark", "darkness"];

/// True for a name made of darkness words only (numbers aside): "pitch black 2", "dark".
pub fn names_darkness(place: &Place) -> bool {
    let words: Vec<&String> = place
        .base_words
        .iter()
        .chain(place.qualifier.iter())
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    !words.is_empty() && words.iter().all(|w| DARKNESS.contains(&w.as_str()))
}

/// How a slot's darkness fits a name: a name for darkness belongs to a room met in the dark
/// (its reply said only "It is pitch black"), and not to a room never seen at all.
pub fn dark_fit(place: &Place, dark: bool) -> f64 {
    match (names_darkness(place), dark) {
        (true, true) => DARK_NAME,
        (true, false) => -DARK_NAME,
        _ => 0.0,
    }
}

/// The weight of [`dark_fit`]: half a name's words.
const DARK_NAME: f64 = 0.5;

/// The one-to-one assignment of rows to columns with the highest total score (every row gets a
/// column while columns last). Exact for up to 16 columns (dynamic programming over subsets of
/// columns), greedy by best pair beyond.
///
/// # Complexity
/// O(R · 2^C · C) exactly, O(R · C · log(R · C)) greedily.
pub fn best_assignment(scores: &[Vec<f64>]) -> Vec<Option<usize>> {
    let rows = scores.len();
    let cols = scores.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 {
        return vec![None; rows];
    }
    if cols > 16 {
        return greedy(scores);
    }
    // A row left without a column costs more than any score can give.
    const SKIP: f64 = -1000.0;
    let full = 1usize << cols;
    // best[i][mask]: best total for rows i.. given used columns `mask`.
    let mut best = vec![vec![0.0f64; full]; rows + 1];
    let mut pick = vec![vec![None; full]; rows];
    for i in (0..rows).rev() {
        for mask in 0..full {
            let mut b = SKIP + best[i + 1][mask];
            let mut p = None;
            for c in 0..cols {
                if mask & (1 << c) != 0 {
                    continue;
                }
                let v = scores[i][c] + best[i + 1][mask | (1 << c)];
                if v > b + 1e-12 {
                    b = v;
                    p = Some(c);
                }
            }
            best[i][mask] = b;
            pick[i][mask] = p;
        }
    }
    let mut out = Vec::with_capacity(rows);
    let mut mask = 0usize;
    for row in pick.iter().take(rows) {
        let p = row[mask];
        if let Some(c) = p {
            mask |= 1 << c;
        }
        out.push(p);
    }
    out
}

/// The round that names slots by their words: each row's picks at or above `cue`, assigned so
/// that fits below the cue count for nothing — a weak fit must not take a name from a row
/// whose words do name it (the first move's start, whose reply says "pitch black", beside the
/// room met in the dark).
pub fn cued_assignment(scores: &[Vec<f64>], cue: f64) -> Vec<Option<usize>> {
    let floored: Vec<Vec<f64>> = scores
        .iter()
        .map(|row| row.iter().map(|&v| if v < cue { 0.0 } else { v }).collect())
        .collect();
    best_assignment(&floored)
        .into_iter()
        .zip(scores)
        .map(|(pick, row)| pick.filter(|&j| row[j] >= cue))
        .collect()
}

fn greedy(scores: &[Vec<f64>]) -> Vec<Option<usize>> {
    let mut cells: Vec<(f64, usize, usize)> = Vec::new();
    for (i, row) in scores.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            cells.push((v, i, j));
        }
    }
    cells.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut out = vec![None; scores.len()];
    let mut used = vec![false; scores.first().map_or(0, Vec::len)];
    for (_, i, j) in cells {
        if out[i].is_none() && !used[j] {
            out[i] = Some(j);
            used[j] = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::automap::title::words;

    /// A gazetteer of these listed names.
    fn gaz(names: &[&str]) -> Gazetteer {
        Gazetteer::new(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn the_best_total_wins_over_the_best_pair() {
        // Row 0 likes column 0 slightly more, but row 1 can only use column 0.
        let s = vec![vec![1.0, 0.9], vec![0.8, 0.0]];
        assert_eq!(best_assignment(&s), vec![Some(1), Some(0)]);
        assert_eq!(greedy(&s), vec![Some(0), Some(1)]);
        assert_eq!(
            best_assignment(&[vec![0.1], vec![0.5]]),
            vec![None, Some(0)]
        );
    }

    #[test]
    fn a_fit_below_the_cue_takes_no_name_from_a_slot_its_words_name() {
        // Zork III's slots: the first move's unseen start fits "pitch black 1" a little (its
        // reply speaks of pitch black), the two rooms met in the dark fit both darkness names
        // and, by the shore's words, "on the lake". Columns: pitch black 1, endless stair, on
        // the lake, pitch black 2.
        let scores = vec![
            vec![0.17, 0.0, 0.0, 0.17],
            vec![1.17, 0.0, 1.0, 1.17],
            vec![1.17, 0.0, 1.0, 1.17],
        ];
        let picks = cued_assignment(&scores, 0.5);
        assert_eq!(picks[0], None);
        let mut dark: Vec<usize> = picks[1..].iter().flatten().copied().collect();
        dark.sort_unstable();
        assert_eq!(dark, vec![0, 3]);
    }

    #[test]
    fn names_for_darkness_are_made_of_darkness_words_only() {
        let gaz = gaz(&[
            "pitch black 2",
            "dark",
            "in darkness",
            "dark tunnel",
            "a dark hallway",
        ]);
        let dark: Vec<bool> = gaz.places().iter().map(names_darkness).collect();
        assert_eq!(dark, vec![true, true, true, false, false]);
        let pitch = &gaz.places()[0];
        assert!(dark_fit(pitch, true) > 0.0 && dark_fit(pitch, false) < 0.0);
        assert_eq!(dark_fit(&gaz.places()[3], true), 0.0);
    }

    #[test]
    fn a_member_is_named_by_its_own_qualifier_words_only() {
        let gaz = gaz(&[
            "maze (exit north, south, east, down)",
            "maze (exit north, south, east, west, up, down; arrow down)",
            "maze (exit north, south, east, west, up, down; rock aladdin)",
        ]);
        let members = gaz.group(0).to_vec();
        let named = |text: &str| named_member(&gaz, &members, &words(text));
        let scratchings = "Obvious exits: North, South, East, West, Up, Down. You can also see: strange scratchings on rock reveals- ALADDIN WAS HERE";
        assert_eq!(named(scratchings), Some(members[2]));
        assert_eq!(
            named("You can also see: arrow pointing down"),
            Some(members[1])
        );
        // The exit words all three share name none; both scenery lines at once name neither.
        assert_eq!(named("Obvious exits: North, South, East, Down."), None);
        assert_eq!(named("an arrow; a rock: ALADDIN"), None);
    }

    #[test]
    fn qualifiers_find_their_rooms() {
        let gaz = gaz(&[
            "wharf road (end of east/west road)",
            "wharf road (east end of east/west road)",
            "wharf road (north to mcginty salvage)",
        ]);
        let rooms = vec![
            words("You're on the east end of Wharf Road. The Ocean Road starts here."),
            words("You are on the Wharf Road, with the McGinty Salvage office to the south."),
            words("This is the end of the Wharf Road, an east/west, two-lane road."),
        ];
        let s = group_scores(&gaz, gaz.group(0), &rooms);
        assert_eq!(best_assignment(&s), vec![Some(1), Some(2), Some(0)]);
    }

    #[test]
    fn a_slots_lie_breaks_a_tie_between_names() {
        let gaz = gaz(&["attic", "cellar", "forest", "hall"]);
        let fit = |i: usize, rise: i32, dark: bool| lie_fit(gaz.place(i).unwrap(), rise, dark);
        assert!(fit(0, 1, true) > fit(1, 1, true));
        assert!(fit(1, -1, true) > fit(0, -1, true));
        assert!(fit(3, -1, true) > fit(2, -1, true));
        assert!(fit(2, 0, false).abs() < 1e-12);
    }

    #[test]
    fn run_together_words_match() {
        let gaz = gaz(&["railcar"]);
        let ctx = words("You get out of the rail car.");
        assert!(context_fit(gaz.place(0).unwrap(), &ctx) > 0.99);
    }

    #[test]
    fn a_compass_word_in_a_reply_speaks_of_a_way_not_of_a_room() {
        // Zork's kitchen, entered from behind the house: "to the west" is a way out.
        let gaz = gaz(&["west of house", "behind house"]);
        let ctx = words("You are in the kitchen of the white house. A passage leads to the west.");
        let fit = |i: usize| context_fit(gaz.place(i).unwrap(), &ctx);
        assert!((fit(0) - fit(1)).abs() < 1e-12, "{} {}", fit(0), fit(1));
        assert!(fit(0) > 0.0);
    }
}
