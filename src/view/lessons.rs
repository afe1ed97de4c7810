//! The Learn gallery's lessons: one small primer per conflict type, then the paper's scenarios
//! from [`crate::domain::scenarios`] (Case Study B, the Figure 3(b) challenge, TC2–TC6). Each
//! lesson is a project plus a narration in four steps — construction → the conflict appears →
//! localization → repair — whose words are computed from the analysis, so they always match
//! what the map shows. Pure data. The worker builds the lessons (`Work::Lesson`); the page
//! shows their cards ([`cards`]) and steps through the narration it gets back.

use super::describe::{conflict_title, exit_text, room_name, type_name};
use crate::domain::{scenarios, Analysis, CommitInfo, Direction, Draft, History, Label, Project};
use serde::{Deserialize, Serialize};

/// What a lesson step does to the map view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LessonAction {
    /// Show this version.
    Show(u32),
    /// Show the newest version and select its first conflict.
    Localize,
    /// Run the heuristic repair to the end.
    Repair,
}

/// One narrated step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonStep {
    /// Short heading.
    pub heading: String,
    /// What to look at.
    pub text: String,
    /// What the step shows.
    pub action: LessonAction,
}

/// A lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    /// Title.
    pub title: String,
    /// The story in one paragraph.
    pub intro: String,
    /// The steps.
    pub steps: Vec<LessonStep>,
}

/// A gallery card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonCard {
    /// Stable id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Which conflict type it teaches, or "paper".
    pub tag: &'static str,
    /// What it shows.
    pub blurb: String,
}

type Walk = &'static [(&'static str, Direction, &'static str)];

/// The primers: id, title, type, story, and exits one per commit ("*" makes a second room
/// with the same name).
const PRIMERS: &[(&str, &str, &str, &str, Walk)] = {
    use Direction::*;
    &[
        ("naming", "Two rooms, one name", "naming", "A path with a forest to its north and a stream to its east. North of the stream is another clearing the text also calls “Forest”: two different rooms now share a name, and the map cannot tell them apart.", &[("Path", North, "Forest"), ("Path", East, "Stream"), ("Stream", North, "Forest*")]),
        ("directional", "One door, two rooms", "directional", "North from the porch is the hall; north from the hall the library, east the study. Later the text says north from the hall leads to the study: one doorway, two destinations.", &[("Porch", North, "Hall"), ("Hall", North, "Library"), ("Hall", East, "Study"), ("Hall", North, "Study")]),
        ("topological", "A loop that does not close", "topological", "East, north, west: three sides of a courtyard. The fourth step should lead south back to the gate, but it was misread as east, so the loop does not add up.", &[("Gate", East, "Well"), ("Well", North, "Fountain"), ("Fountain", West, "Statue"), ("Statue", East, "Gate")]),
    ]
};

/// The gallery's cards of the paper's scenarios: id, title and blurb (the first sentence of
/// its story), written out so that the page shows the gallery without the scenarios, which
/// only the worker, building a lesson ([`build`]), carries. A test checks them against
/// [`scenarios`].
const PAPER_CARDS: &[(&str, &str, &str, &str)] = &[
    ("case_study_b", "Case Study B: the meeting room that moved", "paper", "An explorer maps an office building from the Entrance Hall, one exit per step."),
    ("challenge", "Figure 3(b) / TC1: the challenge scenario", "paper", "The explorer enters B from A and maps its side rooms C, D and F, walking back to B after each."),
    ("tc2", "TC2: two doors marked north", "paper", "The explorer walks north from A through B to C, north again to D, and explores the rooms beyond D (F and G)."),
    ("tc3", "TC3: one slip, two collisions", "paper", "From the Gate the explorer enters the Hub and maps two parallel galleries: the L gallery one row north (L0 to L3, with a Lookout above L3), then the R gallery running east from the Hub (R1, R2, R3)."),
    ("tc4", "TC4: a collision and a contradiction", "paper", "From S the explorer reaches the square P0 and first walks the Q lane: east to Q1, east to Q2 — written \"northeast\" by mistake — then north, north and west to Q5."),
    ("tc5", "TC5: the long way round", "paper", "Two trails leave the camp N0."),
    ("tc6", "TC6: which error matters most?", "paper", "A forum R with six wings, 37 rooms and 36 exits, mapped wing by wing."),
];

/// Every lesson's card, primers first.
pub fn cards() -> Vec<LessonCard> {
    let primers = PRIMERS.iter().map(|(id, title, tag, story, _)| LessonCard {
        id: (*id).to_string(),
        title: (*title).to_string(),
        tag,
        blurb: first_sentence(story),
    });
    let paper = PAPER_CARDS
        .iter()
        .map(|(id, title, tag, blurb)| LessonCard {
            id: (*id).to_string(),
            title: (*title).to_string(),
            tag,
            blurb: (*blurb).to_string(),
        });
    primers.chain(paper).collect()
}

/// A story's first sentence, as its card shows it.
fn first_sentence(story: &str) -> String {
    story.split(". ").next().unwrap_or(story).to_string() + "."
}

fn primer_history(walk: Walk) -> Option<History> {
    let mut h = History::new();
    for (i, (a, d, b)) in walk.iter().enumerate() {
        let mut draft = Draft::new(h.head());
        let x = draft.room(a);
        let y = match b.strip_suffix('*') {
            Some(name) => draft.new_room(name, &name.to_lowercase()),
            None => draft.room(b),
        };
        draft.exit(x, y, Label::Dir(*d), false);
        let to = b.trim_end_matches('*');
        let info = CommitInfo {
            step: i as u32 + 1,
            observation: format!("From the {a} you go {d} to the {to}."),
            ..CommitInfo::default()
        };
        h.commit(draft.finish(), info).ok()?;
    }
    Some(h)
}

/// Builds a lesson's project and narration.
pub fn build(id: &str) -> Option<(Project, Lesson)> {
    let (title, intro, history, truth) = match PRIMERS.iter().find(|p| p.0 == id) {
        Some((_, title, _, story, walk)) => (
            (*title).to_string(),
            (*story).to_string(),
            primer_history(walk)?,
            None,
        ),
        None => {
            let s = scenarios::by_id(id)?;
            (
                s.title.to_string(),
                s.teaching.to_string(),
                s.history(),
                Some(s.truth_records()),
            )
        }
    };
    let lesson = Lesson {
        steps: narrate(&history),
        title: title.clone(),
        intro,
    };
    Some((
        Project {
            name: format!("Lesson: {title}"),
            history,
            ground_truth: truth,
        },
        lesson,
    ))
}

/// The four steps, in words taken from the analysis.
fn narrate(h: &History) -> Vec<LessonStep> {
    let first = (0..h.len() as u32)
        .find(|v| {
            h.checkout(*v)
                .is_ok_and(|m| !Analysis::of(&m).conflicts.is_empty())
        })
        .unwrap_or(0);
    let map = h.head();
    let a = Analysis::of(map);
    let (appears, localize) = match (a.conflicts.first(), a.localization(map, 0)) {
        (Some(c), Some(loc)) => {
            let ranked = a.ranked(map, 0, &h.usage());
            let top = ranked.first().map_or_else(String::new, |s| {
                format!(
                    " The Edge Impact Score ranks {} first.",
                    exit_text(map, s.exit)
                )
            });
            let lca = loc
                .lca
                .map_or_else(|| "no common ancestor".to_string(), |r| room_name(map, r));
            (
                format!("At version {first} a {} conflict appears: {}.", type_name(c.ctype).to_lowercase(), conflict_title(map, c)),
                format!("Lowest common ancestor: {lca}. The two paths from it hold {} candidate exits of the map's {}.{top}", loc.candidates.len(), map.exit_count()),
            )
        }
        _ => (
            "This map has no conflict.".to_string(),
            "Nothing to localize.".to_string(),
        ),
    };
    vec![
        LessonStep { heading: "Construction".into(), text: format!("The map is built one exit per commit; up to version {} nothing contradicts anything.", first.saturating_sub(1)), action: LessonAction::Show(first.saturating_sub(1)) },
        LessonStep { heading: "The conflict appears".into(), text: appears, action: LessonAction::Show(first) },
        LessonStep { heading: "Localization".into(), text: localize, action: LessonAction::Localize },
        LessonStep { heading: "Repair".into(), text: "The heuristic repair (relabel first) tries the ranked candidates, keeping the first action that lowers the conflict count. Each action is a new commit with its reason; scrub back to compare.".to_string(), action: LessonAction::Repair },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paper_cards_are_the_scenarios_titles_and_first_sentences() {
        let made: Vec<(String, String, String)> = scenarios::all()
            .into_iter()
            .map(|s| {
                (
                    s.id.to_string(),
                    s.title.to_string(),
                    first_sentence(s.teaching),
                )
            })
            .collect();
        let written: Vec<(String, String, String)> = PAPER_CARDS
            .iter()
            .map(|(id, title, _, blurb)| (id.to_string(), title.to_string(), blurb.to_string()))
            .collect();
        assert_eq!(written, made);
    }

    #[test]
    fn every_lesson_has_four_steps_and_every_primer_its_conflict() {
        for card in cards() {
            let (p, lesson) = build(&card.id).unwrap();
            let a = Analysis::of(p.history.head());
            if card.tag != "paper" {
                assert!(
                    a.conflicts.iter().any(|c| c.ctype.as_str() == card.tag),
                    "{}",
                    card.id
                );
            }
            assert_eq!(lesson.steps.len(), 4);
        }
    }
}
