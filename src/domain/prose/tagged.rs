//! The reader's first pass: every paragraph tokenized, tagged and chunked into sentences and
//! phrases, and the names in the whole text that are people, not places (read before any
//! place is, so no person becomes one).

use super::chunk::{chunk, Phrase};
use super::sentence::sentences;
use super::tagger::Tagger;
use super::token::{paragraph_text, tokenize, Token};
use crate::domain::names::normalize_name;

/// Titles before a person's name.
const TITLES: &[&str] = &[
    "mr.",
    "mrs.",
    "miss",
    "sir",
    "lady",
    "lord",
    "dr.",
    "captain",
    "capt.",
    "professor",
    "uncle",
    "aunt",
    "master",
    "madam",
    "madame",
    "count",
    "squire",
    "doctor",
    "colonel",
    "mr",
    "mrs",
    "dr",
    "st.",
];

/// Verbs of speech after which a proper name is the speaker.
const SPEECH: &[&str] = &[
    "said",
    "cried",
    "asked",
    "replied",
    "answered",
    "exclaimed",
    "returned",
    "continued",
    "whispered",
    "added",
];

/// A sentence of the first pass: its tokens, their part-of-speech tags and its phrases.
pub(super) struct TaggedSentence {
    pub(super) tokens: Vec<Token>,
    pub(super) tags: Vec<String>,
    pub(super) phrases: Vec<Phrase>,
}

/// A paragraph of the first pass: its text as one line and its sentences.
pub(super) struct TaggedParagraph {
    pub(super) line: String,
    pub(super) sentences: Vec<TaggedSentence>,
}

/// Tokenizes, tags and chunks one paragraph.
pub(super) fn tag_paragraph(tagger: &Tagger, text: &str) -> TaggedParagraph {
    let line = paragraph_text(text);
    let tokens = tokenize(&line);
    let sentences = sentences(&tokens)
        .into_iter()
        .map(|(a, b)| {
            let toks = tokens[a..b].to_vec();
            let words: Vec<&str> = toks.iter().map(|t| t.text.as_str()).collect();
            let tags: Vec<String> = tagger.tag(&words).into_iter().map(str::to_string).collect();
            let tag_refs: Vec<&str> = tags.iter().map(String::as_str).collect();
            let phrases = chunk(&words, &tag_refs);
            TaggedSentence {
                tokens: toks,
                tags,
                phrases,
            }
        })
        .collect();
    TaggedParagraph { line, sentences }
}

/// True when token `k` opens a sentence or a quotation, where every word is capitalised.
fn opens(words: &[&str], k: usize) -> bool {
    k == 0
        || matches!(
            words[k - 1],
            "``" | "`" | "''" | "'" | "--" | ":" | ";" | "("
        )
}

/// Names in the text that are not places: people, peoples and words capitalised only where
/// every word is.
///
/// * A person: a proper name after a title, before a verb, or after a verb of speech.
/// * A people, with its language and its adjective: a capitalised word that also stands with a
///   plural "s" ("the Zulus" beside "in Zulu", so "Kitchen Zulu" is no place either; "the
///   Rochesters").
/// * A word capitalised only at the opening of a sentence or a quotation, never inside one
///   (“Well,” said I): English capitalises a name wherever it stands, so a word never
///   capitalised mid-sentence is not known to be a name.
pub(super) fn people(paragraphs: &[TaggedParagraph]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut inside: Vec<String> = Vec::new();
    let mut opening: Vec<String> = Vec::new();
    // "Thornfield Hall": a name that opens a place's proper name is that place's short name,
    // whatever verb follows it ("Thornfield belonged to you").
    let mut place_names: Vec<String> = Vec::new();
    for s in paragraphs.iter().flat_map(|p| &p.sentences) {
        for p in s.phrases.iter().filter(|p| p.proper && p.end > p.body + 1) {
            let words = &s.tokens[p.body..p.end];
            if words
                .iter()
                .skip(1)
                .any(|t| super::lexicon::is_place_head(&t.text))
            {
                place_names.push(normalize_name(&words[0].text));
            }
        }
    }
    for s in paragraphs.iter().flat_map(|p| &p.sentences) {
        let words: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        for (k, w) in words.iter().enumerate() {
            if !w.chars().next().is_some_and(char::is_uppercase) {
                continue;
            }
            let list = if opens(&words, k) {
                &mut opening
            } else {
                &mut inside
            };
            if !list.iter().any(|x| x == w) {
                list.push((*w).to_string());
            }
        }
        for p in s.phrases.iter().filter(|p| p.proper) {
            let before = p.start.checked_sub(1).map(|k| words[k].to_lowercase());
            let first = words[p.body].to_lowercase();
            let after = s.tags.get(p.end).map(String::as_str);
            let titled = TITLES.contains(&first.as_str())
                || before.as_deref().is_some_and(|b| TITLES.contains(&b));
            // "Thornfield is a fine old hall": being is said of places as much as of people.
            let copula = words
                .get(p.end)
                .is_some_and(|w| matches!(w.to_lowercase().as_str(), "is" | "was"));
            let acts = after.is_some_and(|t| matches!(t, "VBD" | "VBZ" | "MD"))
                && !copula
                && !place_names.contains(&normalize_name(&words[p.body..p.end].join(" ")));
            let speaks = before.as_deref().is_some_and(|b| SPEECH.contains(&b));
            if titled || acts || speaks {
                let body: Vec<&str> = words[p.body..p.end].to_vec();
                let name = normalize_name(&body.join(" "));
                let has_place = words[p.body..p.end]
                    .iter()
                    .any(|w| super::lexicon::is_place_head(w));
                if !has_place && !out.contains(&name) {
                    out.push(name);
                }
            }
        }
    }
    for w in &opening {
        let name = normalize_name(w);
        if !inside.contains(w) && !out.contains(&name) {
            out.push(name);
        }
    }
    // "The Zulus" beside "Zulu": the people, their language and their adjective.
    for w in &inside {
        if let Some(one) = w.strip_suffix('s') {
            let name = normalize_name(one);
            let named = inside.iter().chain(&opening).any(|x| x == one);
            if named && !super::lexicon::is_place_head(one) && !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}
