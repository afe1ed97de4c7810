//! Part-of-speech tagging: a greedy averaged perceptron over Penn Treebank tags.
//!
//! The model is the one the PyPI package `textblob-aptagger` 0.2.0 ships
//! (`trontagger-0.1.0.pickle`, MIT licence, Matthew Honnibal 2013, trained on the Wall Street
//! Journal part of the Penn Treebank), converted by `scripts/vendor_tagger.py` into
//! `data/perceptron.bin` (weights under 2.0 in magnitude dropped, the rest as 16-bit integers,
//! feature strings as 32-bit FNV-1a hashes). Its licence is in `data/LICENSE-perceptron`.
//!
//! The algorithm is the package's: a word in the tag dictionary (frequent, unambiguous words)
//! takes its tag; any other word takes the class whose summed weights over fourteen features
//! (the word, its suffix and first letter, the two previous tags, the neighbouring words and
//! their suffixes) are highest, ties broken by the larger tag name. Tagging is left to right,
//! so each word sees the tags already given to the two before it.

use std::sync::OnceLock;

/// The vendored model.
const MODEL: &[u8] = include_bytes!("data/perceptron.bin");

/// What each stored weight unit is worth (the converter's `SCALE`).
const WEIGHT_SCALE: f32 = 500.0;

/// Why the embedded model could not be read (a build defect, reported rather than panicking).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaggerError {
    /// The bytes end before the layout says they should.
    #[error("the tagger model is truncated at byte {0}")]
    Truncated(usize),
    /// The file does not start with the expected magic and version.
    #[error("the tagger model has an unknown format")]
    Format,
}

/// The perceptron's weights and tag dictionary.
#[derive(Debug, Clone)]
pub struct Tagger {
    basis: u32,
    classes: Vec<String>,
    dictionary: rustc_hash::FxHashMap<String, u8>,
    hashes: Vec<u32>,
    starts: Vec<u32>,
    weight_classes: Vec<u8>,
    weight_values: Vec<i16>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TaggerError> {
        let end = self
            .at
            .checked_add(n)
            .ok_or(TaggerError::Truncated(self.at))?;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or(TaggerError::Truncated(self.at))?;
        self.at = end;
        Ok(slice)
    }
    fn u8(&mut self) -> Result<u8, TaggerError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, TaggerError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn text(&mut self) -> Result<String, TaggerError> {
        let n = self.u8()? as usize;
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }
}

/// The FNV-1a hash of the feature made of `parts` joined by single spaces.
fn feature_hash(basis: u32, parts: &[&str]) -> u32 {
    let mut h = basis;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            h ^= u32::from(b' ');
            h = h.wrapping_mul(0x0100_0193);
        }
        for b in part.bytes() {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
    }
    h
}

/// The last `n` characters of a word (the whole word when shorter).
fn suffix(word: &str, n: usize) -> &str {
    let count = word.chars().count();
    if count <= n {
        return word;
    }
    let skip = word.char_indices().nth(count - n).map_or(0, |(i, _)| i);
    &word[skip..]
}

/// The form of a word the context features see: lowercase, with hyphenated words, years and
/// numbers folded into one symbol each (as the model was trained).
fn context_form(word: &str) -> String {
    if word.contains('-') && !word.starts_with('-') {
        "!HYPHEN".to_string()
    } else if word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit()) {
        "!YEAR".to_string()
    } else if word.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        "!DIGITS".to_string()
    } else {
        word.to_lowercase()
    }
}

impl Tagger {
    /// The tagger with the vendored model, read once.
    ///
    /// # Errors
    /// [`TaggerError`] if the embedded bytes are damaged (a build defect).
    pub fn shared() -> Result<&'static Tagger, TaggerError> {
        static SHARED: OnceLock<Result<Tagger, TaggerError>> = OnceLock::new();
        SHARED
            .get_or_init(|| Tagger::from_bytes(MODEL))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Reads a model in the converter's layout.
    ///
    /// # Errors
    /// [`TaggerError`] when the bytes are not such a model.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tagger, TaggerError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4)? != b"MRPT" || r.u8()? != 1 {
            return Err(TaggerError::Format);
        }
        let basis = r.u32()?;
        let classes = (0..r.u8()?)
            .map(|_| r.text())
            .collect::<Result<Vec<_>, _>>()?;
        let entries = r.u32()? as usize;
        let mut dictionary = rustc_hash::FxHashMap::default();
        for _ in 0..entries {
            let word = r.text()?;
            dictionary.insert(word, r.u8()?);
        }
        let features = r.u32()? as usize;
        let hashes = (0..features)
            .map(|_| r.u32())
            .collect::<Result<Vec<_>, _>>()?;
        let mut starts = Vec::with_capacity(features + 1);
        let mut total = 0u32;
        starts.push(0);
        for _ in 0..features {
            total += u32::from(r.u8()?);
            starts.push(total);
        }
        let weight_classes = r.take(total as usize)?.to_vec();
        let weight_values = r
            .take(total as usize * 2)?
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        if classes.is_empty() || weight_classes.iter().any(|&c| c as usize >= classes.len()) {
            return Err(TaggerError::Format);
        }
        Ok(Tagger {
            basis,
            classes,
            dictionary,
            hashes,
            starts,
            weight_classes,
            weight_values,
        })
    }

    /// Adds the weights of one feature to `scores`.
    fn add(&self, scores: &mut [f32], parts: &[&str]) {
        let h = feature_hash(self.basis, parts);
        if let Ok(i) = self.hashes.binary_search(&h) {
            let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
            for k in a..b {
                scores[self.weight_classes[k] as usize] +=
                    f32::from(self.weight_values[k]) / WEIGHT_SCALE;
            }
        }
    }

    /// Tags one sentence's tokens (Penn Treebank tokens: `` and '' for quotes, "n't" and "'s"
    /// split off). Returns one tag per token.
    pub fn tag(&self, words: &[&str]) -> Vec<&str> {
        let mut context: Vec<String> = Vec::with_capacity(words.len() + 4);
        context.push("-START-".into());
        context.push("-START2-".into());
        context.extend(words.iter().map(|w| context_form(w)));
        context.push("-END-".into());
        context.push("-END2-".into());
        let mut out: Vec<&str> = Vec::with_capacity(words.len());
        let (mut prev, mut prev2) = ("-START-", "-START2-");
        let mut scores = vec![0.0f32; self.classes.len()];
        for (i, word) in words.iter().enumerate() {
            let tag = match self.dictionary.get(*word) {
                Some(&c) => self.classes[c as usize].as_str(),
                None => {
                    scores.iter_mut().for_each(|s| *s = 0.0);
                    let c = &context;
                    let at = i + 2;
                    let first: String = word.chars().take(1).collect();
                    self.add(&mut scores, &["bias"]);
                    self.add(&mut scores, &["i suffix", suffix(word, 3)]);
                    self.add(&mut scores, &["i pref1", &first]);
                    self.add(&mut scores, &["i-1 tag", prev]);
                    self.add(&mut scores, &["i-2 tag", prev2]);
                    self.add(&mut scores, &["i tag+i-2 tag", prev, prev2]);
                    self.add(&mut scores, &["i word", &c[at]]);
                    self.add(&mut scores, &["i-1 tag+i word", prev, &c[at]]);
                    self.add(&mut scores, &["i-1 word", &c[at - 1]]);
                    self.add(&mut scores, &["i-1 suffix", suffix(&c[at - 1], 3)]);
                    self.add(&mut scores, &["i-2 word", &c[at - 2]]);
                    self.add(&mut scores, &["i+1 word", &c[at + 1]]);
                    self.add(&mut scores, &["i+1 suffix", suffix(&c[at + 1], 3)]);
                    self.add(&mut scores, &["i+2 word", &c[at + 2]]);
                    self.best(&scores)
                }
            };
            out.push(tag);
            prev2 = prev;
            prev = tag;
        }
        self.repair(words, &mut out);
        out
    }

    /// Two errors of the greedy left-to-right model that English grammar rules out, undone:
    ///
    /// * A capitalised first word of a sentence (or of a quotation) tagged as a proper noun
    ///   whose lowercase form the tag dictionary knows as another part of speech is that part
    ///   of speech ("Behind and over us…", "Come!", "Did he…"): a name is not a preposition,
    ///   a verb or an auxiliary.
    /// * A plural noun of the place vocabulary tagged as a verb right after a determiner, an
    ///   adjective or the noun-tagged adjective before it ("the tranquil hills", "the steep
    ///   woody hills") is a noun: a determiner is never followed by a finite verb.
    /// * A noun of the place vocabulary tagged as an adjective after a determiner, with no
    ///   noun or adjective after it for it to describe ("an attic.", "the attic is above") is
    ///   that noun: an adjective after "the" describes something that follows.
    /// * A plural of a verb of way ("leads", "runs", "opens") tagged as a noun right after a
    ///   place noun and before a preposition or a compass word ("a path leads east to") is the
    ///   verb: "path leads" is not a compound noun followed by a preposition.
    /// * A compass word right after a verb and before a preposition, tagged as an adjective
    ///   or a noun ("walked west into") is an adverb: the way the verb went.
    fn repair<'t>(&'t self, words: &[&str], tags: &mut [&'t str]) {
        for i in 0..words.len().min(tags.len()) {
            let opens = i == 0 || matches!(words[i - 1], "``" | "`" | "--" | ":" | ";");
            if opens && tags[i] == "NNP" {
                let known = self
                    .dictionary
                    .get(words[i].to_lowercase().as_str())
                    .and_then(|&c| self.classes.get(c as usize));
                if let Some(known) = known.filter(|k| !k.starts_with("NNP")) {
                    tags[i] = known.as_str();
                }
            }
            if matches!(tags[i], "VBZ" | "VBP") && i > 0 && super::lexicon::is_place_head(words[i])
            {
                let before = tags[i - 1];
                let after_determiner = matches!(before, "DT" | "PRP$" | "JJ" | "JJR" | "JJS");
                let after_tagged_adjective = before == "NN"
                    && i > 1
                    && matches!(tags[i - 2], "DT" | "PRP$" | "JJ" | "JJR" | "JJS");
                if after_determiner || after_tagged_adjective {
                    tags[i] = if words[i].ends_with('s') { "NNS" } else { "NN" };
                    if after_tagged_adjective {
                        tags[i - 1] = "JJ";
                    }
                }
            }
        }
        Self::repair_phrase_ends(words, tags);
    }

    /// The last three repairs of [`Tagger::repair`]: where a noun phrase ends before a verb
    /// or a preposition.
    fn repair_phrase_ends(words: &[&str], tags: &mut [&str]) {
        use super::lexicon::{direction_word, is_place_head, is_way_verb, verb_base};
        let n = words.len().min(tags.len());
        let prep = |t: &str| matches!(t, "IN" | "TO" | "RP");
        let nounish = |t: &str| t.starts_with("NN") || t.starts_with("JJ") || t == "CD";
        for i in 1..n {
            let after = tags.get(i + 1).copied().unwrap_or(".");
            let determined = matches!(tags[i - 1], "DT" | "PRP$" | "JJ" | "JJR" | "JJS");
            if tags[i].starts_with("JJ") && determined && is_place_head(words[i]) && !nounish(after)
            {
                tags[i] = "NN";
            }
        }
        for i in 1..n {
            let next = words.get(i + 1).copied().unwrap_or("");
            let after = tags.get(i + 1).copied().unwrap_or(".");
            let lower = words[i].to_lowercase();
            if tags[i] == "NNS"
                && lower.ends_with('s')
                && is_way_verb(&verb_base(&lower))
                && is_place_head(words[i - 1])
                && (prep(after) || direction_word(next).is_some())
            {
                tags[i] = "VBZ";
                tags[i - 1] = "NN";
            }
        }
        for i in 1..n {
            let after = tags.get(i + 1).copied().unwrap_or(".");
            let compass = direction_word(words[i]).is_some_and(|d| {
                !matches!(
                    d,
                    crate::domain::Direction::Up | crate::domain::Direction::Down
                )
            });
            if compass
                && tags[i - 1].starts_with("VB")
                && (tags[i].starts_with("JJ") || tags[i].starts_with("NN"))
                && prep(after)
            {
                tags[i] = "RB";
            }
        }
    }

    /// The class with the highest score; ties go to the larger tag name (the package's rule).
    fn best(&self, scores: &[f32]) -> &str {
        let mut best = 0usize;
        for (i, s) in scores.iter().enumerate().skip(1) {
            let b = scores[best];
            if *s > b || (*s == b && self.classes[i] > self.classes[best]) {
                best = i;
            }
        }
        self.classes[best].as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(words: &[&str]) -> Vec<String> {
        let tagger = Tagger::shared().expect("the vendored model reads");
        tagger.tag(words).into_iter().map(str::to_string).collect()
    }

    #[test]
    fn the_vendored_model_reads_and_has_the_penn_tags() {
        let tagger = Tagger::shared().expect("the vendored model reads");
        for t in ["NN", "NNS", "NNP", "VBD", "IN", "DT", "JJ", "PRP"] {
            assert!(tagger.classes.iter().any(|c| c == t), "{t} missing");
        }
    }

    #[test]
    fn a_narrative_sentence_gets_its_nouns_and_verbs() {
        let t = tags(&["They", "proceeded", "into", "the", "library", "."]);
        assert_eq!(t, ["PRP", "VBD", "IN", "DT", "NN", "."]);
        let t = tags(&[
            "We",
            "crossed",
            "the",
            "courtyard",
            "and",
            "reached",
            "the",
            "gateway",
            ".",
        ]);
        assert_eq!(t[1], "VBD");
        assert!(t[3].starts_with("NN"), "{t:?}");
        assert_eq!(t[5], "VBD");
        assert!(t[7].starts_with("NN"), "{t:?}");
    }

    #[test]
    fn damaged_model_bytes_are_an_error_not_a_panic() {
        assert_eq!(
            Tagger::from_bytes(b"MRP").unwrap_err(),
            TaggerError::Truncated(0)
        );
        assert_eq!(
            Tagger::from_bytes(b"XXXX\x01").unwrap_err(),
            TaggerError::Format
        );
        let cut = &MODEL[..MODEL.len() / 2];
        assert!(matches!(
            Tagger::from_bytes(cut),
            Err(TaggerError::Truncated(_))
        ));
    }

    #[test]
    fn suffixes_count_characters_not_bytes() {
        assert_eq!(suffix("café", 3), "afé");
        assert_eq!(suffix("it", 3), "it");
    }
}
