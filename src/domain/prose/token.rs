//! Tokenizing a paragraph the way the tagger was trained (Penn Treebank conventions), keeping
//! where each token sits and whether it is inside quotation marks.
//!
//! * A paragraph is first made one line ([`paragraph_text`]): Gutenberg's hard wraps and CRLF
//!   endings become single spaces, so every offset refers to that line.
//! * Words keep inner hyphens and apostrophes ("drawing-room", "o'clock"); "n't", "'s", "'ll",
//!   "'re", "'ve", "'d", "'m" are split off; "Mr." and the other titles keep their period.
//! * Quotation marks become `` and ''; Gutenberg's `_italics_` underscores and dashes ("--",
//!   "—") are punctuation.
//! * Every token records whether it is inside a quotation (double quotes, or single quotes that
//!   open before a word and close after one): speech is read, but it does not move the reader.

/// Titles and abbreviations that keep their period and never end a sentence.
pub const ABBREVIATIONS: [&str; 15] = [
    "mr", "mrs", "dr", "st", "messrs", "mme", "mlle", "prof", "rev", "capt", "col", "gen", "lieut",
    "sr", "jr",
];

/// One token of a paragraph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token as the tagger sees it (quotes as `` and '').
    pub text: String,
    /// Byte offset of its first character in the paragraph line.
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
    /// Inside quotation marks (someone's speech).
    pub quoted: bool,
}

/// The paragraph as one line: line breaks (LF, CRLF, CR) and runs of blanks become one space.
pub fn paragraph_text(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '’'
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Splits one run of word characters (with inner hyphens and apostrophes) into tokens:
/// the clitics the treebank separates come off the end.
fn split_clitics(word: &str) -> Vec<(usize, usize)> {
    let lower = word.to_lowercase().replace('’', "'");
    for clitic in ["n't", "'s", "'ll", "'re", "'ve", "'d", "'m"] {
        if lower.len() > clitic.len() && lower.ends_with(clitic) {
            // Byte lengths agree: the only multibyte change is ’ → ' (3 bytes → 1).
            let cut_chars = clitic.chars().count();
            let cut = word
                .char_indices()
                .rev()
                .nth(cut_chars - 1)
                .map_or(0, |(i, _)| i);
            if cut > 0 {
                return vec![(0, cut), (cut, word.len())];
            }
        }
    }
    vec![(0, word.len())]
}

/// Tokenizes a paragraph line (see [`paragraph_text`]).
#[allow(clippy::too_many_lines)] // One pass of the tokenizer over a line: the cases of a character are read together.
pub fn tokenize(line: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut out = Vec::new();
    let mut double_open = false;
    let mut single_open = false;
    let mut i = 0;
    let at = |k: usize| chars.get(k).map(|&(_, c)| c);
    let offset = |k: usize| chars.get(k).map_or(line.len(), |&(o, _)| o);
    while i < chars.len() {
        let (start, c) = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let quoted = double_open || single_open;
        if is_word_char(c) {
            let mut j = i + 1;
            while let Some(d) = at(j) {
                let joins = (d == '-' || is_apostrophe(d))
                    && at(j + 1).is_some_and(is_word_char)
                    && at(j.wrapping_sub(1)).is_some_and(is_word_char);
                if is_word_char(d) || joins {
                    j += 1;
                } else {
                    break;
                }
            }
            let end = offset(j);
            let word = &line[start..end];
            // A title keeps its period ("Mr.").
            if at(j) == Some('.') && ABBREVIATIONS.contains(&word.to_lowercase().as_str()) {
                out.push(Token {
                    text: format!("{word}."),
                    start,
                    end: offset(j + 1),
                    quoted,
                });
                i = j + 1;
                continue;
            }
            // A plural possessive ("servants’ hall").
            let plural_possessive = (word.ends_with('s') || word.ends_with('S'))
                && at(j).is_some_and(is_apostrophe)
                && at(j + 1).is_some_and(char::is_whitespace)
                && at(j + 2).is_some_and(char::is_alphabetic);
            for (a, b) in split_clitics(word) {
                out.push(Token {
                    // The treebank writes clitics with a straight apostrophe.
                    text: if a > 0 {
                        word[a..b].replace('’', "'")
                    } else {
                        word[a..b].to_string()
                    },
                    start: start + a,
                    end: start + b,
                    quoted,
                });
            }
            i = j;
            if plural_possessive {
                out.push(Token {
                    text: "'".into(),
                    start: offset(j),
                    end: offset(j + 1),
                    quoted,
                });
                i = j + 1;
            }
            continue;
        }
        let next_is_word = at(i + 1).is_some_and(|d| is_word_char(d) || d == '_');
        let prev_is_space = i == 0 || at(i - 1).is_some_and(char::is_whitespace);
        let (text, width) = match c {
            '“' => {
                double_open = true;
                ("``".to_string(), 1)
            }
            '”' => {
                double_open = false;
                ("''".to_string(), 1)
            }
            '"' => {
                // A straight quote opens and closes in turn.
                double_open = !double_open;
                let t = if double_open { "``" } else { "''" };
                (t.to_string(), 1)
            }
            '‘' | '\'' | '’' if prev_is_space && next_is_word => {
                single_open = true;
                ("`".to_string(), 1)
            }
            '’' | '\'' => {
                single_open = false;
                ("'".to_string(), 1)
            }
            '-' if at(i + 1) == Some('-') => ("--".to_string(), 2),
            '—' | '–' => ("--".to_string(), 1),
            '_' => {
                i += 1;
                continue;
            }
            other => (other.to_string(), 1),
        };
        let end = offset(i + width);
        let quoted_now = match text.as_str() {
            "``" | "`" => true,
            _ => quoted,
        };
        out.push(Token {
            text,
            start,
            end,
            quoted: quoted_now,
        });
        i += width;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<String> {
        tokenize(line).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn hard_wraps_and_crlf_become_one_line() {
        assert_eq!(
            paragraph_text("We went\r\ninto the\nhall.\r\n"),
            "We went into the hall."
        );
    }

    #[test]
    fn words_keep_hyphens_and_titles_keep_their_period() {
        assert_eq!(
            texts("Mr. Rochester's drawing-room wasn't _very_ far--no."),
            [
                "Mr.",
                "Rochester",
                "'s",
                "drawing-room",
                "was",
                "n't",
                "very",
                "far",
                "--",
                "no",
                "."
            ]
        );
    }

    #[test]
    fn speech_is_marked_quoted_and_offsets_point_into_the_line() {
        let line = "He said, “Go into the hall.” She went.";
        let toks = tokenize(line);
        let hall = toks.iter().find(|t| t.text == "hall").expect("hall");
        assert!(hall.quoted);
        assert_eq!(&line[hall.start..hall.end], "hall");
        let went = toks.iter().find(|t| t.text == "went").expect("went");
        assert!(!went.quoted);
        let said = toks.iter().find(|t| t.text == "said").expect("said");
        assert!(!said.quoted);
    }

    #[test]
    fn single_quoted_speech_and_plural_possessives() {
        let toks = tokenize("‘Come to the servants’ hall,’ she said.");
        let hall = toks.iter().find(|t| t.text == "hall").expect("hall");
        assert!(hall.quoted);
        let said = toks.iter().find(|t| t.text == "said").expect("said");
        assert!(!said.quoted, "{toks:?}");
    }
}
