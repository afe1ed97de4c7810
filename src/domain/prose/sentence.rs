//! Sentence splitting over a paragraph's tokens.
//!
//! A sentence ends at `.`, `!` or `?` (with any closing quotation marks or brackets after it)
//! when what follows starts a sentence: a capitalised word, an opening quotation mark, or the
//! end of the paragraph. So "“Oh!” said he" stays one sentence, and "Mr." never ends one (the
//! tokenizer keeps a title's period on the title). Hard wraps and CRLF were already removed by
//! [`super::token::paragraph_text`].

use super::token::Token;

/// Token index ranges `[start, end)`, one per sentence, covering every token.
pub fn sentences(tokens: &[Token]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < tokens.len() {
        if matches!(tokens[i].text.as_str(), "." | "!" | "?") {
            let mut end = i + 1;
            while end < tokens.len() && matches!(tokens[end].text.as_str(), "''" | "'" | ")" | "]")
            {
                end += 1;
            }
            let starts_sentence = tokens.get(end).is_none_or(|t| {
                t.text == "``"
                    || t.text == "`"
                    || t.text.chars().next().is_some_and(char::is_uppercase)
            });
            if starts_sentence {
                out.push((start, end));
                start = end;
            }
            i = end;
            continue;
        }
        i += 1;
    }
    if start < tokens.len() {
        out.push((start, tokens.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::token::tokenize;
    use super::*;

    fn split(line: &str) -> Vec<String> {
        let toks = tokenize(line);
        sentences(&toks)
            .into_iter()
            .map(|(a, b)| line[toks[a].start..toks[b - 1].end].to_string())
            .collect()
    }

    #[test]
    fn titles_and_exclamations_in_speech_do_not_end_a_sentence() {
        assert_eq!(
            split("Dr. Mortimer came in. “Oh!” said he. “Go on.” She went."),
            [
                "Dr. Mortimer came in.",
                "“Oh!” said he.",
                "“Go on.”",
                "She went."
            ]
        );
    }

    #[test]
    fn a_paragraph_without_a_final_stop_is_one_sentence() {
        assert_eq!(split("and so to the hall"), ["and so to the hall"]);
        assert!(split("").is_empty());
    }
}
