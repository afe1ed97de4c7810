//! The name family: how a place's name is made comparable.
//!
//! Every part of the core that compares names goes through this module, so there is one answer
//! to "are these the same place?" per purpose:
//!
//! | function | for | what it does |
//! |---|---|---|
//! | [`canonical_name`] | a room's identity key on the map (`Room::canonical`), lookups by name | trimmed, lowercased, one leading article dropped when something follows it, blanks collapsed |
//! | [`normalize_name`] | a name written by a model or a reader ("\"The Kitchen.\"") | surrounding quotes and punctuation removed, then [`canonical_name`] |
//! | [`title_key`] | a title line of a game's reply ("<< Closet >>", "(north part)") | lowercased, the frame a game prints around a title removed, blanks collapsed; the article is kept |
//! | [`without_qualifier`] | a title key with a trailing parenthetical ("bare passage (you are flying)") | the key before the parenthesis |
//! | [`without_article`] | a key already lowercased and collapsed | the key after one leading article, borrowed |
//!
//! The reference semantics keeps its own `reference::graph::normalize` (trim and lowercase
//! only) on purpose: it copies the authors' code, whose numbers depend on it.

/// Leading words dropped from names.
const ARTICLES: [&str; 3] = ["the", "a", "an"];

/// Canonical form of a name: trimmed, lowercased, one leading article dropped when something
/// follows it, blanks collapsed. Two rooms whose names share it are a naming conflict.
///
/// ```
/// use maprepair::domain::names::canonical_name;
/// assert_eq!(canonical_name("  The   Great Hall "), "great hall");
/// assert_eq!(canonical_name("The"), "the");
/// ```
pub fn canonical_name(name: &str) -> String {
    let lowered = name.trim().to_lowercase();
    let mut words: Vec<&str> = lowered.split_whitespace().collect();
    if words.len() > 1 && ARTICLES.contains(&words[0]) {
        words.remove(0);
    }
    words.join(" ")
}

/// True for the quotes and punctuation a model or a sentence leaves around a name.
fn is_outer_punctuation(c: char) -> bool {
    matches!(
        c,
        '"' | '\''
            | '`'
            | '.'
            | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '“'
            | '”'
            | '‘'
            | '’'
            | '('
            | ')'
            | '['
            | ']'
    )
}

/// Canonical spelling of a place name someone wrote: surrounding quotes, punctuation and blanks
/// removed, then [`canonical_name`].
///
/// ```
/// use maprepair::domain::names::normalize_name;
/// assert_eq!(normalize_name("\"An Old Mill.\""), "old mill");
/// ```
pub fn normalize_name(name: &str) -> String {
    canonical_name(name.trim_matches(|c: char| c.is_whitespace() || is_outer_punctuation(c)))
}

/// `text` with its first letter in capitals ("library" → "Library").
pub fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The key of a title line of a game's reply: lowercase, decorations removed (`<< >>`, `[ ]`, a
/// wrapping pair of parentheses, full-width parentheses, curly apostrophes), blanks collapsed.
///
/// ```
/// use maprepair::domain::names::title_key;
/// assert_eq!(title_key("<< Closet >>"), "closet");
/// assert_eq!(title_key("(North  Part)"), "north part");
/// ```
pub fn title_key(line: &str) -> String {
    let mut s: String = line
        .trim()
        .chars()
        .map(|c| match c {
            '（' => '(',
            '）' => ')',
            '’' | '‘' => '\'',
            c => c,
        })
        .collect::<String>()
        .to_lowercase();
    for (open, close) in [("<<", ">>"), ("[", "]")] {
        if let Some(inner) = s.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            s = inner.trim().to_string();
        }
    }
    if s.starts_with('(') && s.ends_with(')') && s[1..s.len() - 1].find(['(', ')']).is_none() {
        s = s[1..s.len() - 1].to_string();
    }
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The key without a trailing parenthetical: "bare passage (you are flying)" → "bare passage".
pub fn without_qualifier(key: &str) -> &str {
    match key.find('(') {
        Some(i) if i > 0 => key[..i].trim_end_matches([' ', ',']),
        _ => key,
    }
}

/// The key without a leading article ("the hall" → "hall"); the key must already be lowercase.
pub fn without_article(key: &str) -> &str {
    for a in ARTICLES {
        if let Some(rest) = key.strip_prefix(a).and_then(|r| r.strip_prefix(' ')) {
            return rest;
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_drop_case_articles_and_blanks() {
        assert_eq!(canonical_name("  The   Great Hall "), "great hall");
        assert_eq!(canonical_name("A"), "a");
    }

    #[test]
    fn a_written_name_loses_its_quotes_and_punctuation_but_a_lone_article_stays() {
        assert_eq!(normalize_name("\"Kitchen\""), "kitchen");
        assert_eq!(normalize_name("The"), "the");
        assert_eq!(normalize_name("   "), "");
        assert_eq!(normalize_name("“The Hall,”"), "hall");
    }

    #[test]
    fn a_title_key_drops_the_frame_and_keeps_the_qualifier() {
        assert_eq!(title_key("[ Cellar ]"), "cellar");
        assert_eq!(
            title_key("Bare Passage (you are flying)"),
            "bare passage (you are flying)"
        );
        assert_eq!(
            without_qualifier("bare passage (you are flying)"),
            "bare passage"
        );
        assert_eq!(without_article("the hall"), "hall");
        assert_eq!(without_article("theatre"), "theatre");
    }

    #[test]
    fn decorations_are_removed() {
        assert_eq!(title_key("<< Chief's office >>"), "chief's office");
        assert_eq!(title_key("(north part)"), "north part");
        assert_eq!(title_key("  Ledge  in Ravine "), "ledge in ravine");
        assert_eq!(
            title_key("Steep Passageway（the top of a steep)"),
            "steep passageway(the top of a steep)"
        );
        assert_eq!(
            without_qualifier("bare passage (you are flying)"),
            "bare passage"
        );
        assert_eq!(without_qualifier("end of path(an exit)"), "end of path");
    }
}
