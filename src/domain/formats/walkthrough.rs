//! MANGO `*.walkthrough` transcripts: blocks separated by a line of eleven `=`, each with
//! `==>STEP NUM:`, `==>ACT:` and `==>OBSERVATION:` lines; continuation lines belong to the
//! observation. Parse rule of every MANGO loader: a block is kept only if it has both a step
//! number and an action.

use super::error::FormatError;

/// One step of a walkthrough.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    /// The step number as written.
    pub num: i64,
    /// The player's action ("north", "get lamp", "Init").
    pub action: String,
    /// The game's response, trimmed.
    pub observation: String,
}

impl Step {
    /// The step as a commit carries it: `> action` on the first line, the game's response
    /// below (what the automapper, the LLM build and LLM-built projects write).
    pub fn commit_text(&self) -> String {
        format!("> {}\n{}", self.action, self.observation)
    }

    /// Reads back a commit's text written by [`Step::commit_text`] as step `num`; `None` when
    /// the text is not one (no `> action` first line).
    pub fn from_commit_text(num: i64, text: &str) -> Option<Step> {
        let rest = text.trim_start().strip_prefix('>')?;
        let (action, reply) = rest.split_once('\n').unwrap_or((rest, ""));
        let action = action.trim();
        (!action.is_empty()).then(|| Step {
            num,
            action: action.to_string(),
            observation: reply.trim().to_string(),
        })
    }
}

const SEPARATOR: &str = "===========";

/// Parses a walkthrough.
///
/// # Errors
/// A [`FormatError`] with the line number when a step number is not a number, or when the text
/// contains no step at all.
pub fn parse_walkthrough(text: &str, file: &str) -> Result<Vec<Step>, FormatError> {
    let mut steps = Vec::new();
    let mut line_no = 0usize;
    let mut block: Vec<(usize, &str)> = Vec::new();
    let flush =
        |block: &mut Vec<(usize, &str)>, steps: &mut Vec<Step>| -> Result<(), FormatError> {
            let mut num = None;
            let mut action = None;
            let mut obs: Option<Vec<&str>> = None;
            for &(ln, line) in block.iter() {
                if let Some(rest) = line.strip_prefix("==>STEP NUM:") {
                    let n = rest.trim().parse::<i64>().map_err(|_| {
                        FormatError::new(
                            file,
                            format!("line {ln}"),
                            format!("step number \"{}\" is not a number", rest.trim()),
                        )
                    })?;
                    num = Some(n);
                } else if let Some(rest) = line.strip_prefix("==>ACT:") {
                    action = Some(rest.trim().to_string());
                } else if let Some(rest) = line.strip_prefix("==>OBSERVATION:") {
                    let first = rest.trim();
                    obs = Some(if first.is_empty() {
                        Vec::new()
                    } else {
                        vec![first]
                    });
                } else if let Some(o) = obs.as_mut() {
                    o.push(line);
                }
            }
            if let (Some(num), Some(action)) = (num, action) {
                let observation = obs
                    .map(|o| o.join("\n"))
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                steps.push(Step {
                    num,
                    action,
                    observation,
                });
            }
            block.clear();
            Ok(())
        };
    for line in text.lines() {
        line_no += 1;
        if line.trim() == SEPARATOR {
            flush(&mut block, &mut steps)?;
        } else {
            block.push((line_no, line));
        }
    }
    flush(&mut block, &mut steps)?;
    if steps.is_empty() {
        return Err(FormatError::new(file, "", "no walkthrough steps found (expected blocks with ==>STEP NUM:, ==>ACT: and ==>OBSERVATION: lines separated by ===========)"));
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_blocks_and_continuations() {
        let text = "===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: West of House\nYou are standing.\n\n===========\n==>STEP NUM: 1\n==>ACT: north\n==>OBSERVATION:\nNorth of House\n===========\n";
        let steps = parse_walkthrough(text, "w").unwrap();
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].observation, "West of House\nYou are standing.");
        assert_eq!(steps[1].action, "north");
        assert_eq!(steps[1].observation, "North of House");
    }

    #[test]
    fn a_bad_step_number_names_the_line() {
        let err = parse_walkthrough("==>STEP NUM: x\n==>ACT: a\n", "w").unwrap_err();
        assert_eq!(err.location, "line 1");
    }

    #[test]
    fn a_step_reads_back_from_its_commit_text() {
        let step = Step {
            num: 7,
            action: "north".into(),
            observation: "Kitchen\nA warm kitchen.".into(),
        };
        assert_eq!(step.commit_text(), "> north\nKitchen\nA warm kitchen.");
        assert_eq!(Step::from_commit_text(7, &step.commit_text()), Some(step));
        assert_eq!(Step::from_commit_text(1, "The kitchen is north."), None);
        assert_eq!(Step::from_commit_text(1, ">\nKitchen"), None);
    }
}
