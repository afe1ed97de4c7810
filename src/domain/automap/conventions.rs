//! A transcript's own conventions, learned from the transcript itself before it is read.
//!
//! Systems print the same things differently: a room title plain ("Kitchen", Infocom, Inform,
//! TADS 3), framed (`-= Kitchen =-` in TextWorld, `[Kitchen]` in many MUDs, `** Kitchen **`,
//! `<< Kitchen >>`), in bold whose escape codes a log kept as text (`\x1b[1mKitchen\x1b[0m`, or
//! `[1mKitchen[0m` once the escape byte is lost), or with the player's posture after it
//! (Inform's "Kitchen (on the chair)"); the exits of a room in a line of its own (`[Exits: north
//! east]`, "Obvious exits: north, east"); the exit actually taken when the player typed another
//! word for it (Inform's "(that is, north)" after `>u`). Rather than list every system's
//! spelling, [`Conventions::learn`] reads the whole transcript once and keeps what recurs:
//!
//! * **the title frame** — a pair of decorations (`-=` … `=-`) around short capitalized text,
//!   that opens two or more replies: that is how this transcript frames a title (a frame seen
//!   once is a decoration: "*** You have won ***");
//! * **exits lines** — a line whose text, frame aside, starts with an exits word and a colon;
//! * **the posture suffix** — a title `T (…)` whose bare `T` the transcript also prints as a
//!   title: the parenthesis tells where the player stands in `T`, not another room;
//! * **the exit taken** — a reply that opens with a parenthesis naming one direction ("(that
//!   is, north)") after a move typed another way: the game moved the player that way.
//!
//! [`Conventions::normalize`] then rewrites each step into the plain form the reader knows: a
//! framed title as its bare text, an exits line as `Exits: …`, a posture suffix dropped, escape
//! codes removed, and the action replaced by the exit the game says it took. The commits keep
//! the text as written; only the reader sees the plain form.

use super::movement::move_label;
use super::title::{is_exits_line, looks_like_title};
use crate::domain::direction::{Direction, Label};
use crate::domain::formats::Step;
use std::collections::{HashMap, HashSet};

/// Characters a system frames a title with.
const FRAME_CHARS: &[char] = &[
    '-', '=', '*', '#', '~', '+', '|', '<', '>', '[', ']', '{', '}', '_', ':',
];

/// Longest framed text read as a title: longer framed text is a banner or a message.
const MAX_TITLE_CHARS: usize = 60;

/// How many replies a frame must open before it is taken as the transcript's title frame: one
/// is a decoration, two are a convention (a title is printed on every arrival).
const FRAME_MIN_REPLIES: usize = 2;

/// How a transcript frames its room titles: the text before and after the title.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    /// The decoration before the title (`-=`, `[`).
    pub open: String,
    /// The decoration after it (`=-`, `]`).
    pub close: String,
}

/// What one transcript's text does, learned from the transcript. See the module docs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conventions {
    /// The frame this transcript prints titles in, if it frames them.
    pub frame: Option<Frame>,
    /// Title keys (lowercase) the transcript prints bare: `T (on the chair)` is then `T`.
    bare_titles: HashSet<String>,
    /// Names (lowercase) a location list gives whole, parenthesis and all: such a title is a
    /// room of its own ("sitting room (on the long soft thing)"), not a posture.
    listed: HashSet<String>,
    /// True when some title carries a posture suffix (`T (…)` with `T` printed bare too):
    /// only then can the player be in or on something ([`Inside`]).
    postures: bool,
}

/// The line without terminal escape codes, whole (`\x1b[1m`) or with the escape byte lost
/// (`[1m`, `[0;32m`).
pub fn without_escapes(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(i) = rest.find('[') {
        let (head, tail) = rest.split_at(i);
        let code_len = tail[1..]
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .filter(|&n| tail[1 + n..].starts_with('m'))
            .map(|n| n + 2);
        match code_len {
            Some(n) => {
                out.push_str(head.strip_suffix('\u{1b}').unwrap_or(head));
                rest = &tail[n..];
            }
            None => {
                out.push_str(head);
                out.push('[');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace('\u{1b}', "")
}

/// A line split into frame and text: `-= Kitchen =-` → (`-=`, `Kitchen`, `=-`). `None` when the
/// line has no decoration on both sides, or no text inside.
fn framed(line: &str) -> Option<(Frame, &str)> {
    let t = line.trim();
    let inner_start = t.find(|c: char| !FRAME_CHARS.contains(&c) && !c.is_whitespace())?;
    let inner_end = t
        .rfind(|c: char| !FRAME_CHARS.contains(&c) && !c.is_whitespace())
        .map(|i| i + t[i..].chars().next().map_or(1, char::len_utf8))?;
    let open = t[..inner_start].trim();
    let close = t[inner_end..].trim();
    if open.is_empty() || close.is_empty() || inner_end <= inner_start {
        return None;
    }
    let inner = t[inner_start..inner_end].trim();
    Some((
        Frame {
            open: open.to_string(),
            close: close.to_string(),
        },
        inner,
    ))
}

/// True if framed text could be a title: short, opening with a capital or a digit.
fn title_text(inner: &str) -> bool {
    inner.chars().count() <= MAX_TITLE_CHARS
        && inner
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
        && !is_exits_line(inner)
}

/// The first line of a reply that is not blank.
fn first_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|l| !l.is_empty())
}

/// The direction a parenthesis opening a reply ends on ("(that is, north)", "(going north)"),
/// when the parenthesis is short (five words at most) and names no other direction. A
/// parenthesis with words after its direction is a title ("(north part)", Seastalker's rooms).
fn taken_exit(observation: &str) -> Option<Direction> {
    let line = first_line(observation)?;
    let inner = line.strip_prefix('(')?.strip_suffix(')')?;
    let words: Vec<&str> = inner
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > 5 {
        return None;
    }
    let (last, before) = words.split_last()?;
    let d = Direction::from_word(&last.to_lowercase())?;
    before
        .iter()
        .all(|w| Direction::from_word(&w.to_lowercase()).is_none())
        .then_some(d)
}

/// A title `T (…)` split into `T` and its parenthesis.
fn posture_split(line: &str) -> Option<(&str, &str)> {
    let t = line.trim();
    let body = t.strip_suffix(')')?;
    let i = body.rfind(" (")?;
    Some((body[..i].trim_end(), &body[i + 2..]))
}

impl Conventions {
    /// Learns a transcript's conventions from all its replies. See the module docs.
    ///
    /// # Complexity
    /// O(T) for T characters of text.
    pub fn learn(steps: &[Step]) -> Conventions {
        // Frame → the replies it opens, and the lines it frames anywhere.
        let mut opens: HashMap<Frame, usize> = HashMap::new();
        for s in steps {
            let Some(first) = first_line(&s.observation) else {
                continue;
            };
            if let Some((frame, inner)) = framed(&without_escapes(first)) {
                if title_text(inner) {
                    *opens.entry(frame).or_default() += 1;
                }
            }
        }
        let frame = opens
            .into_iter()
            .filter(|(_, n)| *n >= FRAME_MIN_REPLIES)
            .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.open.cmp(&a.0.open)))
            .map(|(f, _)| f);
        let mut conv = Conventions {
            frame,
            bare_titles: HashSet::new(),
            listed: HashSet::new(),
            postures: false,
        };
        let mut postured = Vec::new();
        for s in steps {
            for line in s.observation.lines() {
                let plain = conv.plain_line(line);
                match posture_split(&plain) {
                    None if looks_like_title(&plain) => {
                        conv.bare_titles.insert(plain.trim().to_lowercase());
                    }
                    Some((title, _)) if looks_like_title(&plain) => {
                        postured.push(title.to_lowercase());
                    }
                    _ => {}
                }
            }
        }
        conv.postures = postured.iter().any(|t| conv.bare_titles.contains(t))
            || steps
                .iter()
                .any(|s| first_line(&s.observation).is_some_and(gets_into_thing));
        conv
    }

    /// The same conventions, told which names a location list gives: a title the list names
    /// whole keeps its parenthesis (the list says it is a room of its own).
    pub fn with_listed(mut self, names: &[String]) -> Conventions {
        self.listed = names.iter().map(|n| n.trim().to_lowercase()).collect();
        self
    }

    /// One line in plain form: escapes removed, a framed title or exits line unframed.
    fn plain_line(&self, line: &str) -> String {
        let clean = without_escapes(line);
        if let Some((frame, inner)) = framed(&clean) {
            if is_exits_line(inner) || self.frame.as_ref() == Some(&frame) {
                return inner.to_string();
            }
        }
        clean
    }

    /// A reply in plain form (see the module docs).
    pub fn plain_text(&self, observation: &str) -> String {
        observation
            .lines()
            .map(|line| {
                let plain = self.plain_line(line);
                match posture_split(&plain) {
                    Some((title, _))
                        if self.bare_titles.contains(&title.to_lowercase())
                            && !self.listed.contains(&plain.trim().to_lowercase()) =>
                    {
                        title.to_string()
                    }
                    _ => plain,
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The steps in plain form: each reply rewritten, and a move the game says went another
    /// way than typed ("(that is, north)") given that way. With `got_out` (the rule
    /// `got-out`), a move out made while the player is in or on something (see
    /// [`Inside`]) whose reply shows the room the player was in gets [`GOT_OUT`] for its
    /// action: the player left the thing, not the room.
    pub fn normalize(&self, steps: &[Step], verbs: &[String], got_out: bool) -> Vec<Step> {
        let mut inside = Inside::default();
        let watch = got_out && self.postures;
        steps
            .iter()
            .map(|s| {
                let label = move_label(&s.action, verbs);
                let action = match (&label, taken_exit(&s.observation)) {
                    (Some(Label::Dir(typed)), Some(taken)) if *typed != taken => {
                        taken.as_str().to_string()
                    }
                    _ => s.action.clone(),
                };
                let left_thing = watch && inside.watch(self, &s.observation);
                let out = matches!(label, Some(Label::Dir(Direction::Out | Direction::Exit)));
                Step {
                    num: s.num,
                    action: if got_out && out && left_thing {
                        GOT_OUT.to_string()
                    } else {
                        action
                    },
                    observation: self.plain_text(&s.observation),
                }
            })
            .collect()
    }
}

/// Inform's reply to entering an enterable thing ("You get into the wardrobe.", "You get onto
/// the bench."): the player is now in or on something in the same room, with no title printed.
fn gets_into_thing(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    [
        "you get into ",
        "you get onto ",
        "you get on ",
        "you get in ",
    ]
    .iter()
    .any(|p| l.starts_with(p))
}

/// The action a move out gets when it only took the player out of a thing (no direction word:
/// the reader sees no move).
pub const GOT_OUT: &str = "(got out of something)";

/// Whether the player is in or on something, as the titles tell: a title printed with a
/// posture suffix ("Attic (in the wardrobe)") puts the player in its room's thing; the bare
/// title printed again (after "You get out of the wardrobe.", or any move) ends that. A reply
/// with no title that says the player got into or onto something ("You get into the
/// wardrobe.") puts the player in the thing of the room last titled.
#[derive(Debug, Default)]
struct Inside {
    /// The bare title, lowercased, of the room whose thing the player is in.
    room: Option<String>,
    /// The bare title, lowercased, last printed.
    last: Option<String>,
    /// True while `room` comes from an entering sentence and no reply has followed it.
    by_sentence: bool,
}

impl Inside {
    /// Reads one reply; true when it shows, bare, the room whose thing the player was in.
    fn watch(&mut self, conv: &Conventions, observation: &str) -> bool {
        let Some(line) = observation
            .lines()
            .map(|l| conv.plain_line(l))
            .find(|l| looks_like_title(l))
        else {
            if first_line(observation).is_some_and(gets_into_thing) {
                self.room = self.last.clone();
                self.by_sentence = true;
            } else if std::mem::take(&mut self.by_sentence) {
                // Something else happened in the thing before any title ("push yellow" in
                // a railcar): it may have carried the player off, so the title next shown is
                // not known to be the room the player got in in.
                self.room = None;
            }
            return false;
        };
        match posture_split(&line) {
            Some((title, _))
                if conv.bare_titles.contains(&title.to_lowercase())
                    && !conv.listed.contains(&line.trim().to_lowercase()) =>
            {
                self.room = Some(title.to_lowercase());
                self.by_sentence = false;
                false
            }
            _ => {
                let bare = line.trim().to_lowercase();
                self.last = Some(bare.clone());
                self.by_sentence = false;
                self.room.take().is_some_and(|r| r == bare)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(action: &str, observation: &str) -> Step {
        Step {
            num: 0,
            action: action.to_string(),
            observation: observation.to_string(),
        }
    }

    #[test]
    fn a_frame_that_opens_two_replies_is_the_title_frame() {
        let steps = [
            step("Init", "Welcome!\n\n-= Office =-\nAn office."),
            step("north", "-= Hall =-\nA hall."),
            step("south", "-= Office =-\nAn office."),
        ];
        let c = Conventions::learn(&steps);
        assert_eq!(
            c.frame,
            Some(Frame {
                open: "-=".into(),
                close: "=-".into()
            })
        );
        assert_eq!(c.plain_text("-= Hall =-\nA hall."), "Hall\nA hall.");
    }

    #[test]
    fn a_frame_seen_once_is_a_decoration() {
        let steps = [
            step("Init", "Hall\nA hall."),
            step("north", "*** You have won ***"),
        ];
        assert_eq!(Conventions::learn(&steps).frame, None);
    }

    #[test]
    fn exits_lines_lose_their_frame_and_titles_their_escapes() {
        let c = Conventions::default();
        assert_eq!(c.plain_text("[Exits: north east]"), "Exits: north east");
        assert_eq!(c.plain_text("\u{1b}[1mKitchen\u{1b}[0m"), "Kitchen");
        assert_eq!(c.plain_text("[1mKitchen[0m"), "Kitchen");
        assert_eq!(c.plain_text("[Kitchen]"), "[Kitchen]");
    }

    #[test]
    fn a_posture_suffix_goes_when_the_bare_title_is_printed_too() {
        let steps = [
            step("Init", "Parlour\nA parlour."),
            step("sit on chair", "You sit."),
            step("look", "Parlour (on the chair)\nA parlour."),
            step("north", "Dance floor (center of the club)\nNoise."),
        ];
        let c = Conventions::learn(&steps);
        assert_eq!(c.plain_text("Parlour (on the chair)"), "Parlour");
        assert_eq!(
            c.plain_text("Dance floor (center of the club)"),
            "Dance floor (center of the club)"
        );
        let listed = c.with_listed(&["Parlour (on the chair)".to_string()]);
        assert_eq!(
            listed.plain_text("Parlour (on the chair)"),
            "Parlour (on the chair)"
        );
    }

    #[test]
    fn the_exit_the_game_says_it_took_replaces_the_typed_one() {
        let steps = [
            step("u", "(that is, north)\nAttic\nDusty."),
            step("n", "(first opening the door)\nHall"),
        ];
        let plain = Conventions::learn(&steps).normalize(&steps, &[], true);
        assert_eq!(plain[0].action, "north");
        assert_eq!(plain[1].action, "n");
        let titled = [step("s", "(north part)\nThe north part of the lab.")];
        assert_eq!(
            Conventions::learn(&titled).normalize(&titled, &[], true)[0].action,
            "s"
        );
    }

    #[test]
    fn a_move_out_of_a_thing_that_shows_the_same_room_is_no_move() {
        let steps = [
            step("north", "Attic\nDusty.\n\nYou can see a wardrobe here."),
            step("enter wardrobe", "You get into the wardrobe."),
            step("look", "Attic (in the wardrobe)\nDusty."),
            step("out", "You get out of the wardrobe.\n\nAttic\nDusty."),
            step("out", "Garden\nGreen."),
        ];
        let c = Conventions::learn(&steps);
        let plain = c.normalize(&steps, &[], true);
        assert_eq!(plain[3].action, GOT_OUT);
        assert!(move_label(GOT_OUT, &[]).is_none());
        // Once out of the thing, a move out is a move again; with the rule off, every one is.
        assert_eq!(plain[4].action, "out");
        assert_eq!(c.normalize(&steps, &[], false)[3].action, "out");
    }

    #[test]
    fn getting_into_a_thing_without_a_posture_title_still_makes_the_next_move_out_no_move() {
        let steps = [
            step("north", "Attic\nDusty."),
            step("enter wardrobe", "You get into the wardrobe."),
            step("out", "You get out of the wardrobe.\n\nAttic\nDusty."),
            step("enter car", "You get into the railcar."),
            step("push yellow", "The car sways and stops."),
            step("out", "You get out of the railcar.\n\nAttic\nDusty."),
        ];
        let plain = Conventions::learn(&steps).normalize(&steps, &[], true);
        assert_eq!(plain[2].action, GOT_OUT);
        // Something happened in the car before it was left: it may have gone elsewhere.
        assert_eq!(plain[5].action, "out");
    }
}
