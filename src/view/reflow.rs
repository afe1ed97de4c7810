//! A text read from a file, shown in a narrow panel: the line breaks the file was hard-wrapped
//! at (Project Gutenberg's ~70 columns, a game's 80) are joined again, so the panel wraps the
//! text to its own width; the breaks the text means (a room's title, the short last line of a
//! paragraph, a blank line, a command line of a transcript) stay.
//!
//! A break is a wrap when the line is long — at least [`LONG_LINE`] of the text's widest line
//! (the width it was wrapped at) — or when the next line's first word would not have fitted on
//! it (the line plus a space plus that word is longer than the widest line). Only the display
//! changes; the commit keeps its text as read.

/// Widest line below which a text is taken as not hard-wrapped at all: a game's short replies, a
/// list or a poem keep every break. 40 columns is half a terminal's width and well under the
/// 65–80 columns texts are wrapped at, so a wrapped paragraph always passes it.
const MIN_WRAP_WIDTH: usize = 40;

/// Share of the widest line from which a line is taken as filled to the margin. A wrapper
/// breaks before a word that does not fit, so a wrapped line falls short of the width by less
/// than one word; English words (with their space) rarely pass a quarter of a 65–80 column line,
/// so a line shorter than three quarters of the width was ended by the text (a title, a
/// paragraph's last line, "Yours,"). Words longer than that are caught by the fit test.
const LONG_LINE: f64 = 0.75;

/// The text with its hard wraps joined by a space (see the module's doc).
pub fn reflow(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    if width < MIN_WRAP_WIDTH {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in lines.iter().enumerate() {
        out.push_str(line);
        let Some(next) = lines.get(i + 1) else { break };
        let first = next.split_whitespace().next();
        let wrapped = match first {
            // A command line of a transcript starts a new step, whatever fits.
            Some(word) if !next.starts_with(char::is_whitespace) && !word.starts_with('>') => {
                let len = line.chars().count();
                !line.is_empty()
                    && (len as f64 >= LONG_LINE * width as f64
                        || len + 1 + word.chars().count() > width)
            }
            _ => false,
        };
        out.push(if wrapped { ' ' } else { '\n' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::reflow;

    #[test]
    fn a_hard_wrapped_paragraph_is_one_line_again() {
        let text = "It opened to the ground, and looked into a most miserable corner of\n\
                    the neglected garden, upon a rank ruin of cabbage-stalks, and one\n\
                    box-tree that had been clipped round long ago.";
        assert_eq!(
            reflow(text),
            "It opened to the ground, and looked into a most miserable corner of the neglected \
             garden, upon a rank ruin of cabbage-stalks, and one box-tree that had been clipped \
             round long ago."
        );
    }

    #[test]
    fn titles_short_last_lines_blank_lines_and_commands_keep_their_breaks() {
        let text = "Boiler Room\n\
                    Light falls in from above through a grating set high in the north wall, and\n\
                    the reed bed lies to the south.\n\
                    \n\
                    You can see a bench here.\n\
                    >south";
        assert_eq!(
            reflow(text),
            "Boiler Room\n\
             Light falls in from above through a grating set high in the north wall, and the \
             reed bed lies to the south.\n\
             \n\
             You can see a bench here.\n\
             >south"
        );
    }

    #[test]
    fn a_wrapped_line_shorter_than_the_widest_by_more_than_a_word_is_joined_too() {
        // The second line is 64 columns of 72: "had" would have fitted, yet the line was wrapped.
        let text = "The lantern swung from the beam above the door of the old boathouse, and\n\
                    below it the water lapped at the steps, green and cold, where we\n\
                    had tied the boat that morning.";
        assert_eq!(
            reflow(text),
            "The lantern swung from the beam above the door of the old boathouse, and below it \
             the water lapped at the steps, green and cold, where we had tied the boat that \
             morning."
        );
    }

    #[test]
    fn a_line_the_next_word_would_have_fitted_on_is_a_break_the_text_means() {
        let text = "The first line of this letter runs all the way to the margin, then\n\
                    it ends.\n\
                    Yours,\n\
                    A. Example";
        assert_eq!(
            reflow(text),
            "The first line of this letter runs all the way to the margin, then it ends.\n\
             Yours,\n\
             A. Example"
        );
    }

    #[test]
    fn a_text_of_short_lines_is_left_as_it_is() {
        let text = "Kitchen\nA small room.\n\nExits: north, east";
        assert_eq!(reflow(text), text);
    }
}
