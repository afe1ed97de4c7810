//! Reading a room from a game's reply: title lines, the description under them, darkness.
//!
//! Interactive fiction prints a room as a short title line ("West of House", "<< Closet >>",
//! "(north part)", "Bare Passage (you are flying)") followed by its description on the first
//! visit and often alone on later ones. A reply may show several rooms (a fall, a chase); the
//! last one is where the player ends up. Without a list of known room names, a line counts as a
//! title when it is short, starts with a capital, does not end like a sentence and is not
//! indented. Darkness ("It is pitch black.", a "Darkness" title) is reported separately: the
//! player moved, but the room cannot be read.
use crate::domain::names::title_key;

/// Phrases that mean the player is in the dark.
const DARK: &[&str] = &[
    "pitch black",
    "pitch dark",
    "moved into a dark place",
    "too dark to see",
    "can't see a thing",
    "cannot see a thing",
    "it is dark",
    "it's dark",
];

/// True if `text` holds any of `phrases` (lowercase), whatever its case.
pub fn says_any(text: &str, phrases: &[&str]) -> bool {
    let l = text.to_lowercase();
    phrases.iter().any(|p| l.contains(p))
}

/// True if the reply says the room cannot be seen.
pub fn is_dark(observation: &str) -> bool {
    if says_any(observation, DARK) {
        return true;
    }
    observation
        .lines()
        .any(|line| matches!(title_key(line).as_str(), "darkness" | "dark"))
}

/// The marks games frame a title with ("<< Hallway >>", "*** Vault ***", "[Cellar]").
const FRAME: &[char] = &['<', '>', '*', '=', '~', '#', '[', ']', '|', '-', '_'];

/// A title as a room's name: without the decoration some games frame it with
/// ("<< Hallway >>", "*** Vault ***", "[Cellar]"); a title that is all decoration stays as it is.
pub fn bare_title(line: &str) -> String {
    let t = line
        .trim()
        .trim_matches(|c: char| FRAME.contains(&c) || c.is_whitespace());
    if t.is_empty() {
        line.trim().to_string()
    } else {
        t.to_string()
    }
}

/// True if a line looks like a room title (used when no room list is known).
pub fn looks_like_title(line: &str) -> bool {
    if line.starts_with([' ', '\t']) {
        return false;
    }
    let t = line.trim();
    let Some(first) = t.chars().find(|c| !matches!(c, '<' | '(' | '[' | ' ')) else {
        return false;
    };
    // Inform prints a room whose printed name opens with "the" as it is: "the Abbot's
    // Scullery", a heading in lower case before a proper name.
    let article_first = t
        .strip_prefix("the ")
        .and_then(|rest| rest.chars().next())
        .is_some_and(char::is_uppercase);
    if !(first.is_uppercase() || first.is_ascii_digit() || article_first) {
        return false;
    }
    // Sentences about the player or the scene are not titles.
    let first_word = t.split_whitespace().next().unwrap_or("").to_lowercase();
    // An indefinite article starts a list item ("A lunch"), not a room.
    if matches!(
        first_word.as_str(),
        "you"
            | "you're"
            | "your"
            | "i"
            | "i'm"
            | "it"
            | "it's"
            | "there"
            | "there's"
            | "this"
            | "a"
            | "an"
    ) {
        return false;
    }
    // A long line needs capitalized words to be a title rather than a wrapped sentence (a
    // parenthetical qualifier aside: "Dance floor (center of the club)"); the length is the
    // name's, without the posture Inform adds ("The Main Hall, by the Fireplace (in the Large
    // Fireplace)").
    let head = match t.split('(').next() {
        Some(h) if !h.trim().is_empty() => h,
        _ => t,
    };
    let n = head.split_whitespace().count();
    if head.len() > 60 || n > 9 {
        return false;
    }
    // A place phrase ("On a path in the forest", "In a clearing in the forest") is a title in
    // sentence case: it names where, and says nothing of the player.
    let lower_head = head.to_lowercase();
    let head_words: Vec<&str> = lower_head.split_whitespace().collect();
    let place_phrase = head_words.first().is_some_and(|w| {
        matches!(
            *w,
            "in" | "on"
                | "at"
                | "inside"
                | "outside"
                | "near"
                | "beside"
                | "by"
                | "under"
                | "below"
                | "above"
                | "behind"
        )
    }) && !head_words.iter().any(|w| {
        matches!(
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''),
            "you" | "you're" | "your" | "i" | "i'm" | "my" | "me" | "we" | "he" | "she" | "they"
        )
    });
    if head.split_whitespace().count() > 5 && !place_phrase {
        let long: Vec<&str> = head.split_whitespace().filter(|w| w.len() > 3).collect();
        let caps = long
            .iter()
            .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
            .count();
        if caps * 2 < long.len() {
            return false;
        }
    }
    // A line wholly in parentheses is the game's aside ("(Well, okay, not really)", "(first
    // opening the door)") unless it reads as a name: every longer word capitalized, as in
    // "(SCIMITAR)".
    if let Some(inner) = t.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        let lower = inner
            .split_whitespace()
            .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() > 3)
            .any(|w| !w.chars().next().is_some_and(char::is_uppercase));
        if lower {
            return false;
        }
    }
    // A title does not end like a sentence, inside its frame or out ("[Press any key to
    // continue.]" is a prompt).
    let ends_like_sentence = |x: &str| x.ends_with(['.', '!', '?', ':', ',', ';', '"', '\'']);
    if ends_like_sentence(t) || ends_like_sentence(&bare_title(t)) {
        return false;
    }
    if is_exits_line(t) {
        return false;
    }
    if is_drawing(t) {
        return false;
    }
    let key = title_key(t);
    if key.is_empty() || matches!(key.as_str(), "darkness" | "dark" | "ok" | "taken" | "done") {
        return false;
    }
    // Status lines and prompts.
    if key.contains("score") || key.contains("moves:") || key.starts_with('>') {
        return false;
    }
    true
}

/// The marks pictures are drawn with: lines and corners, not a sentence's punctuation ("...",
/// "!!!").
const DRAWN: &[char] = &['-', '=', '_', '*', '#', '~', '+', '|', '/', '\\'];

/// True for a line of a picture drawn in characters, not a name: names ("H5  ----  J5", "R-------M")
/// beside a run of three or more of one drawing mark ([`DRAWN`]), which no room's name holds (a
/// game drawing its map under a room's description prints the room's neighbours in such lines;
/// taken as titles, every room would be named by its map's last line). A line of marks alone
/// ("==========") is a rule between parts, no picture. A frame around a name, marks on both
/// sides ("*** Vault ***", "--<  I5  >--"), is not looked at: only what it frames.
fn is_drawing(line: &str) -> bool {
    let edge = |c: char| FRAME.contains(&c) || c.is_whitespace();
    let framed = line.starts_with(edge) && line.ends_with(edge);
    let inner = if framed {
        bare_title(line)
    } else {
        line.to_string()
    };
    let chars: Vec<char> = inner.chars().collect();
    chars.iter().any(|c| c.is_alphanumeric())
        && chars
            .windows(3)
            .any(|w| DRAWN.contains(&w[0]) && w[0] == w[1] && w[1] == w[2])
}

/// Words with which a line lists a room's exits (`Exits: north east`, `Obvious exits: …`).
const EXITS_WORDS: &[&str] = &[
    "exits:",
    "obvious exits:",
    "obvious exits are:",
    "visible exits:",
    "obvious paths:",
    "exits are:",
];

/// The exits a line lists (lowercase, after its exits word), if it is an exits line.
pub fn exits_listed(text: &str) -> Option<String> {
    let lower = text.trim().to_lowercase();
    EXITS_WORDS
        .iter()
        .find_map(|w| lower.strip_prefix(w))
        .map(str::to_string)
}

/// True if the line lists a room's exits rather than naming a room.
pub fn is_exits_line(text: &str) -> bool {
    exits_listed(text).is_some()
}

/// A line of a reply with its normalized key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Index among the reply's lines.
    pub index: usize,
    /// The text as written, trimmed.
    pub text: String,
    /// [`title_key`]ed.
    pub key: String,
}

/// True for a line (trimmed) wholly in parentheses: a game's note on what it did first
/// ("(first opening the iron gate)"), printed before the room it leads to.
pub fn is_note(line: &str) -> bool {
    line.starts_with('(') && line.ends_with(')')
}

/// The reply's lines, normalized (blank lines skipped, and the lines of a picture: a paragraph
/// holding a line drawn in characters, [`is_drawing`], is a map or a diagram the game draws,
/// whose lines name other rooms, the framed one in its middle included: "--<  I5  >--").
pub fn lines(observation: &str) -> Vec<Line> {
    let all: Vec<&str> = observation.lines().collect();
    let mut picture = vec![false; all.len()];
    let mut start = 0;
    for end in 0..=all.len() {
        if all.get(end).is_none_or(|l| l.trim().is_empty()) {
            let block = start..end;
            if all[block.clone()].iter().any(|l| is_drawing(l.trim())) {
                picture[block].iter_mut().for_each(|p| *p = true);
            }
            start = end + 1;
        }
    }
    all.iter()
        .enumerate()
        .filter(|(i, l)| !l.trim().is_empty() && !picture.get(*i).copied().unwrap_or(false))
        .map(|(index, l)| Line {
            index,
            text: l.trim().to_string(),
            key: title_key(l),
        })
        .collect()
}

/// The description printed under the title at line `index`: the lines right below it, up to
/// the next blank line. A title followed by a blank line has no description (a return visit in
/// brief mode: what follows is about objects and people, not the room).
pub fn description_after(observation: &str, index: usize) -> String {
    observation
        .lines()
        .skip(index + 1)
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Content words of a text: lowercase alphanumeric runs, possessive `'s` dropped, common
/// function words left out.
pub fn words(text: &str) -> Vec<String> {
    const STOP: &[&str] = &[
        "the", "a", "an", "of", "in", "on", "at", "to", "and", "you", "are", "is", "by", "from",
        "with", "for", "this", "that", "here", "there", "your", "it", "its", "be", "as", "or",
        "into", "re", "can", "see", "which", "has", "have", "but", "not", "all",
    ];
    text.to_lowercase()
        .replace(['\u{2019}', '`'], "'")
        .replace("'s", "")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !STOP.contains(w))
        .map(|w| match w {
            // Ordinals read alike however they are written ("first floor", "1st floor").
            "first" => "1st".to_string(),
            "second" => "2nd".to_string(),
            "third" => "3rd".to_string(),
            "fourth" => "4th".to_string(),
            "fifth" => "5th".to_string(),
            other => other.to_string(),
        })
        .collect()
}

/// A word without its commonest inflection ("buzzes", "buzzing" → "buzz"; "quietly" →
/// "quiet"), keeping at least three letters.
pub fn stem(word: &str) -> &str {
    for suffix in ["ing", "es", "ed", "ly", "s"] {
        if let Some(rest) = word.strip_suffix(suffix) {
            if rest.len() >= 3 {
                return rest;
            }
        }
    }
    word
}

/// True if two words are one word, whole: the same, or the same but for their commonest
/// inflection ([`stem`]: "doors" / "door"). A word is never another that starts with it
/// ("kitchen" / "kitchenette"): a name names its room only whole.
pub fn whole_word(a: &str, b: &str) -> bool {
    a == b || stem(a) == stem(b)
}

/// True if two words are the same or one is a prefix (of three letters or more) of the other
/// ("lab" / "laboratory", "east" / "eastward").
pub fn same_word(a: &str, b: &str) -> bool {
    a == b || (a.len().min(b.len()) >= 3 && (a.starts_with(b) || b.starts_with(a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inform_heading_opening_with_the_before_a_proper_name_is_a_title() {
        assert!(looks_like_title("the Abbot's Scullery"));
        assert!(!looks_like_title("the door is open"));
        assert!(!looks_like_title("then North Street"));
    }

    #[test]
    fn a_stem_reads_inflections_alike() {
        assert_eq!(stem("buzzes"), stem("buzzing"));
        assert_eq!(stem("quietly"), "quiet");
        assert_eq!(stem("hums"), "hum");
        assert_eq!(stem("sing"), "sing");
    }

    #[test]
    fn darkness_is_recognised() {
        assert!(is_dark(
            "You have moved into a dark place.\nIt is pitch black."
        ));
        assert!(is_dark(
            "Darkness\nIt is pitch dark, and you can't see a thing."
        ));
        assert!(!is_dark("Dark Tunnel\nThis is a dark tunnel."));
    }

    #[test]
    fn titles_are_short_capitalized_lines() {
        assert!(looks_like_title("West of House"));
        assert!(looks_like_title("<< Closet >>"));
        assert!(looks_like_title("Dance floor (center of the club)"));
        assert!(!looks_like_title("You are standing in an open field."));
        assert!(!looks_like_title("  A matchbook"));
        assert!(!looks_like_title("Sitting on the table is:"));
        assert!(!looks_like_title("A quantity of water"));
        assert!(looks_like_title("The Troll Room"));
        // A prompt in brackets is a sentence, frame or not.
        assert!(!looks_like_title("[Press any key to continue.]"));
        assert!(looks_like_title("[Kitchen]"));
        // A parenthesised aside is the game's voice; a parenthesised name is still a title.
        assert!(!looks_like_title("(Well, okay, not really)"));
        assert!(!looks_like_title("(first opening the door)"));
        assert!(looks_like_title("(SCIMITAR)"));
        // A place phrase is a title in sentence case; a sentence of the player is not.
        assert!(looks_like_title("On a path in the forest"));
        assert!(!looks_like_title("In the distance you hear a bell ring"));
        // A posture suffix does not make a name too long to be a title.
        assert!(looks_like_title(
            "The Main Hall, by the Fireplace (in the Large Fireplace)"
        ));
    }

    #[test]
    fn a_line_of_a_drawn_map_is_no_title() {
        // A map drawn under the description: its lines name neighbours, not the room.
        assert!(!looks_like_title("H5  ----  J5"));
        assert!(!looks_like_title("G7  ----"));
        // A frame of such marks around a name is still a frame.
        assert!(!is_drawing("*** Vault ***"));
        assert!(!is_drawing("-= Kitchen =-"));
        assert!(looks_like_title("I5"));
        assert!(!is_drawing("--<  I5  >--"));
        // A rule between parts, and a sentence's own marks, are no picture.
        assert!(!is_drawing("=========="));
        assert!(!is_drawing("Time passes..."));
    }

    #[test]
    fn a_pictures_lines_are_not_the_replys_lines() {
        let reply = "I6\nOpen farmland.\n\n   \\ I5 /\nH5  ----  J5\n--<  I6  >--\n   / I7 \\\n\nA crow calls.";
        let kept: Vec<String> = lines(reply).into_iter().map(|l| l.text).collect();
        assert_eq!(kept, ["I6", "Open farmland.", "A crow calls."]);
    }

    #[test]
    fn framed_titles_lose_their_frame() {
        assert_eq!(bare_title("<< Hallway >>"), "Hallway");
        assert_eq!(bare_title("*** The Vault ***"), "The Vault");
        assert_eq!(bare_title("[Cellar]"), "Cellar");
        assert_eq!(
            bare_title("Dance floor (center of the club)"),
            "Dance floor (center of the club)"
        );
        assert_eq!(bare_title("West-of-House"), "West-of-House");
        assert_eq!(bare_title("***"), "***");
    }

    #[test]
    fn the_description_follows_the_title() {
        let obs = "Hall\nA long hall.\nIt is cold.\n\nA lamp is here.";
        assert_eq!(description_after(obs, 0), "A long hall. It is cold.");
        assert_eq!(description_after("Hall\n\nA lamp is here.", 0), "");
        assert_eq!(
            words("The Chief's office, by the door"),
            ["chief", "office", "door"]
        );
        assert!(same_word("lab", "laboratory"));
        assert!(!whole_word("kitchen", "kitchenette"));
        assert!(whole_word("doors", "door"));
        assert!(!same_word("at", "attic"));
    }
}
