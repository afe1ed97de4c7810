//! The deterministic cleaning that produced the paper's gpt-4.1 inputs (reference §1.2).
//!
//! From a raw MANGO walkthrough and the game's refined ground truth: keep the steps whose number
//! is a `seen_in_forward` or `seen_in_reversed` value of some record (never 0, never "missing"),
//! in their original order; drop three kinds of synthetic lines from each kept observation;
//! renumber the kept steps 0, 1, 2, … The ground truth is used here, to reproduce the inputs
//! exactly, and nowhere in the automapper itself.

use crate::domain::formats::{EdgeRecord, Step};
use std::collections::BTreeSet;

/// The step numbers the refined ground truth refers to (§1.2, rule 1).
pub fn referenced_steps(truth: &[EdgeRecord]) -> BTreeSet<i64> {
    truth
        .iter()
        .flat_map(|r| [r.seen_in_forward, r.seen_in_reversed])
        .flatten()
        .filter(|&s| s != 0)
        .collect()
}

/// True for the three "synthetic text" lines the cleaning deletes (case-insensitive): a line
/// that is only `[Current Location…]`, a line beginning `Having moved <word>…you find
/// yourself…`, a line beginning `Standing here…you reach out…`.
pub fn is_synthetic_line(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    if l.starts_with("[current location") && l.ends_with(']') {
        return true;
    }
    if let Some(rest) = l.strip_prefix("having moved ") {
        let word_len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if word_len > 0 && rest[word_len..].contains("you find yourself") {
            return true;
        }
    }
    if let Some(rest) = l.strip_prefix("standing here") {
        if rest.contains("you reach out") {
            return true;
        }
    }
    false
}

/// The cleaned walkthrough: the referenced steps, synthetic lines removed, renumbered from 0.
pub fn clean_walkthrough(steps: &[Step], truth: &[EdgeRecord]) -> Vec<Step> {
    let keep = referenced_steps(truth);
    steps
        .iter()
        .filter(|s| keep.contains(&s.num))
        .enumerate()
        .map(|(i, s)| {
            let observation = s
                .observation
                .lines()
                .filter(|l| !is_synthetic_line(l))
                .collect::<Vec<_>>()
                .join("\n")
                .trim_end()
                .to_string();
            Step {
                num: i as i64,
                action: s.action.clone(),
                observation,
            }
        })
        .collect()
}

/// Writes steps in the walkthrough block format: a separator line before each block, always an
/// `==>OBSERVATION:` line, and a final separator.
pub fn write_walkthrough(steps: &[Step]) -> String {
    let mut out = String::new();
    for s in steps {
        out.push_str("===========\n==>STEP NUM: ");
        out.push_str(&s.num.to_string());
        out.push_str("\n==>ACT: ");
        out.push_str(&s.action);
        out.push_str("\n==>OBSERVATION: ");
        out.push_str(&s.observation);
        out.push('\n');
    }
    out.push_str("===========\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::formats::parse_walkthrough;

    fn record(f: Option<i64>, r: Option<i64>) -> EdgeRecord {
        EdgeRecord {
            src: "a".into(),
            dst: "b".into(),
            action: "north".into(),
            seen_in_forward: f,
            seen_in_reversed: r,
            extra: Default::default(),
        }
    }

    fn step(num: i64, action: &str, observation: &str) -> Step {
        Step {
            num,
            action: action.into(),
            observation: observation.into(),
        }
    }

    #[test]
    fn only_referenced_steps_survive_and_are_renumbered() {
        let steps = vec![
            step(0, "Init", "Hall"),
            step(1, "get lamp", "Taken."),
            step(2, "north", "Kitchen"),
            step(3, "south", "Hall"),
        ];
        let truth = vec![record(Some(2), None), record(Some(0), Some(3))];
        let clean = clean_walkthrough(&steps, &truth);
        assert_eq!(clean.len(), 2);
        assert_eq!((clean[0].num, clean[0].action.as_str()), (0, "north"));
        assert_eq!((clean[1].num, clean[1].action.as_str()), (1, "south"));
    }

    #[test]
    fn synthetic_lines_are_dropped() {
        assert!(is_synthetic_line("[Current Location: Hall]"));
        assert!(is_synthetic_line(
            "Having moved north, you find yourself in the hall."
        ));
        assert!(is_synthetic_line(
            "Standing here, you reach out and touch it."
        ));
        assert!(!is_synthetic_line("Standing here is Rimshaw himself."));
        assert!(!is_synthetic_line("Having moved, you rest."));
        let clean = clean_walkthrough(
            &[step(
                5,
                "north",
                "Hall\n[Current Location: Hall]\nA hall.  ",
            )],
            &[record(Some(5), None)],
        );
        assert_eq!(clean[0].observation, "Hall\nA hall.");
    }

    #[test]
    fn written_walkthroughs_parse_back() {
        let steps = vec![step(0, "north", "Hall\nA hall."), step(1, "south", "")];
        let text = write_walkthrough(&steps);
        assert!(text.ends_with("===========\n"));
        assert_eq!(parse_walkthrough(&text, "w").unwrap(), steps);
    }
}
