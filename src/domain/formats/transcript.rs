//! Game transcripts as interpreters write them: the SCRIPT / TRANSCRIPT output of Frotz,
//! Gargoyle, Lectrote or Parchment, or a terminal session pasted whole. The game's text runs on,
//! and each command the player typed sits on a prompt line (`>north`, `> get lamp`, and the
//! older `What now? north` of some systems). A command and the text until the next prompt is
//! one [`Step`]; the text before the first command (the banner and the first room) is step 0,
//! `Init`, as in a MANGO walkthrough. [`read_steps`] takes either format.

use super::error::FormatError;
use super::walkthrough::{parse_walkthrough, Step};

/// Prompts that older systems print instead of `>` (AGT, Scott Adams games, Hugo's default).
const WORD_PROMPTS: &[&str] = &["what now?", "what next?", "tell me what to do ?"];

/// Longest line read as a command: a prompt line longer than this is game text quoting a `>`.
const MAX_COMMAND: usize = 120;

/// The command on a prompt line, if the line is one (the command may be empty: a bare prompt).
fn command(line: &str) -> Option<&str> {
    let l = line.trim();
    let rest = if let Some(rest) = l.strip_prefix('>') {
        // ">>" and "> >" are quoted text or a drawn arrow, not a prompt.
        if rest.trim_start().starts_with('>') {
            return None;
        }
        rest
    } else {
        let lower = l.to_lowercase();
        let p = WORD_PROMPTS.iter().find(|p| lower.starts_with(**p))?;
        // Word prompts are only prompts when a command follows them on the line.
        l.get(p.len()..).filter(|r| !r.trim().is_empty())?
    };
    // A status bar copied into the text ("> Hall        Score: 0   Moves: 3") is padded with
    // runs of blanks and counts moves; nobody types those.
    let typed = rest.trim_end();
    let padded = typed.contains("   ");
    let status = typed.contains("Moves:") || typed.contains("Score:");
    let rest = typed.trim_start();
    (rest.chars().count() <= MAX_COMMAND && !padded && !status).then_some(rest)
}

/// The prompt on each line of `lines`, if the line is one: `Some("")` for a bare prompt,
/// `Some(command)` otherwise. Commands on lines next to each other, with no answer between, are
/// game text quoting commands (Trinity's book of incantations): every command gets an answer.
fn prompts<'a>(lines: &[&'a str]) -> Vec<Option<&'a str>> {
    let found: Vec<Option<&str>> = lines.iter().map(|l| command(l)).collect();
    let typed = |i: usize| {
        found
            .get(i)
            .copied()
            .flatten()
            .is_some_and(|c| !c.is_empty())
    };
    (0..found.len())
        .map(|i| {
            let quoted = typed(i) && ((i > 0 && typed(i - 1)) || typed(i + 1));
            found[i].filter(|_| !quoted)
        })
        .collect()
}

/// Whether `text` reads as an interpreter transcript: at least two prompt lines carrying a
/// command, and no MANGO step blocks.
pub fn is_transcript(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    !is_mango(text)
        && prompts(&lines)
            .into_iter()
            .filter(|c| c.is_some_and(|c| !c.is_empty()))
            .nth(1)
            .is_some()
}

/// Whether `text` holds MANGO walkthrough blocks (`==>STEP NUM:` and `==>ACT:` lines).
pub fn is_mango(text: &str) -> bool {
    let has = |tag: &str| text.lines().any(|l| l.trim_start().starts_with(tag));
    has("==>STEP NUM:") && has("==>ACT:")
}

/// Parses an interpreter transcript. A bare prompt (the player pressed Enter, a "more" prompt, the
/// prompt the transcript ends on) starts no step: the text after it stays with the step before.
///
/// # Errors
/// A [`FormatError`] when the text has no prompt line with a command.
pub fn parse_transcript(text: &str, file: &str) -> Result<Vec<Step>, FormatError> {
    match transcript_steps(text) {
        (_, 0) => Err(FormatError::new(
            file,
            "",
            "no commands found: a game transcript has the player's commands on prompt lines \
             (\">north\"), and a MANGO walkthrough has ==>STEP NUM: blocks",
        )),
        (steps, _) => Ok(steps),
    }
}

/// The steps of a transcript and how many commands started one.
fn transcript_steps(text: &str) -> (Vec<Step>, usize) {
    let mut steps: Vec<Step> = Vec::new();
    let mut action = "Init".to_string();
    let mut lines: Vec<&str> = Vec::new();
    let mut commands = 0usize;
    let flush = |action: String, lines: &mut Vec<&str>, steps: &mut Vec<Step>| {
        let observation = lines.join("\n").trim().to_string();
        lines.clear();
        // The text before the first command is step 0 only when there is some.
        if !(steps.is_empty() && action == "Init" && observation.is_empty()) {
            steps.push(Step {
                num: i64::try_from(steps.len()).unwrap_or(i64::MAX),
                action,
                observation,
            });
        }
    };
    let all: Vec<&str> = text.lines().collect();
    for (line, prompt) in all.iter().zip(prompts(&all)) {
        match prompt {
            // A bare prompt: the text goes on.
            Some("") => {}
            Some(c) => {
                flush(
                    std::mem::replace(&mut action, c.to_string()),
                    &mut lines,
                    &mut steps,
                );
                commands += 1;
            }
            None => lines.push(line.trim_end()),
        }
    }
    flush(action, &mut lines, &mut steps);
    (steps, commands)
}

/// Reads the steps of a MANGO walkthrough or of an interpreter transcript, whichever `text` is.
///
/// # Errors
/// A [`FormatError`] naming the file and the problem when it is neither.
pub fn read_steps(text: &str, file: &str) -> Result<Vec<Step>, FormatError> {
    if is_mango(text) {
        return parse_walkthrough(text, file);
    }
    // Read in one pass; it is a transcript when two commands or more started a step
    // ([`is_transcript`]).
    let (steps, commands) = transcript_steps(text);
    if commands >= 2 {
        return Ok(steps);
    }
    Err(FormatError::new(
        file,
        "",
        "neither a game transcript nor a MANGO walkthrough: a transcript has the player's \
         commands on prompt lines (\">north\", \"> get lamp\"), a walkthrough has ==>STEP NUM:, \
         ==>ACT: and ==>OBSERVATION: blocks",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FROTZ: &str = "Start of a transcript of\nZORK I: The Great Underground Empire\n\nWest of House\nYou are standing in an open field west of a white house.\n\n>n\nNorth of House\nYou are facing the north side of a white house.\n\n>\nI beg your pardon?\n\n> go east\nBehind House\nYou are behind the white house.\n\n>\n";

    #[test]
    fn each_command_and_its_answer_is_a_step_after_the_opening_text() {
        let steps = parse_transcript(FROTZ, "zork.txt").unwrap();
        let actions: Vec<&str> = steps.iter().map(|s| s.action.as_str()).collect();
        assert_eq!(actions, ["Init", "n", "go east"]);
        assert_eq!(steps.iter().map(|s| s.num).collect::<Vec<_>>(), [0, 1, 2]);
        assert!(steps[0].observation.ends_with("west of a white house."));
        assert_eq!(
            steps[1].observation,
            "North of House\nYou are facing the north side of a white house.\n\nI beg your pardon?"
        );
        // A bare prompt starts no step; what follows it stays with the step before.
        assert!(steps[1].observation.ends_with("I beg your pardon?"));
        assert!(steps.iter().all(|s| !s.observation.contains('>')));
    }

    #[test]
    fn windows_line_ends_and_word_prompts_are_read() {
        let text = "Cave\r\nA cave.\r\nWhat now? north\r\nTunnel\r\nA tunnel.\r\nWhat now? south\r\nCave\r\n";
        let steps = parse_transcript(text, "t.txt").unwrap();
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[1].action, "north");
        assert_eq!(steps[1].observation, "Tunnel\nA tunnel.");
    }

    #[test]
    fn quoted_arrows_and_long_lines_are_game_text() {
        let text = ">look\nHall\nA sign reads:\n>> EXIT >>\n>north\nYard\n";
        let steps = parse_transcript(text, "t.txt").unwrap();
        assert_eq!(steps.len(), 2);
        assert!(steps[0].observation.contains(">> EXIT >>"));
        let long = format!(">look\nHall\n>{}\n>north\nYard\n", "x".repeat(200));
        assert_eq!(parse_transcript(&long, "t.txt").unwrap().len(), 2);
        let quoted = ">read book\nThe page reads:\n>SMELL\n>READ BOOK\n\"Read book,\" croaks the magpie.\n>north\nYard\n";
        let steps = parse_transcript(quoted, "t.txt").unwrap();
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(steps[0].observation.contains(">SMELL\n>READ BOOK"));
        let status = ">look\n> Hall            Score: 0      Moves: 3\nHall\n>north\nYard\n";
        let steps = parse_transcript(status, "t.txt").unwrap();
        assert_eq!(steps.len(), 2);
        assert!(steps[0].observation.contains("Moves: 3"));
    }

    #[test]
    fn either_format_is_read_and_anything_else_is_refused_with_reasons() {
        assert_eq!(read_steps(FROTZ, "zork.txt").unwrap().len(), 3);
        let mango = "===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: Cave\n===========\n==>STEP NUM: 1\n==>ACT: north\n==>OBSERVATION: Tunnel\n";
        assert!(!is_transcript(mango));
        assert_eq!(read_steps(mango, "w").unwrap()[1].action, "north");
        let err = read_steps("It was a dark and stormy night.", "novel.txt").unwrap_err();
        assert!(err.problem.contains("prompt lines"), "{err}");
        assert!(parse_transcript("no prompts here", "x").is_err());
        // One command alone is not enough to call a text a transcript.
        assert!(!is_transcript("He typed >north and waited."));
        assert!(!is_transcript(">north\nTunnel"));
    }
}
