//! Reading an invented text with the offline prose reader, naming the places it keeps and the
//! links it makes (`tests/prose*.rs`).

use maprepair::domain::llm::{split_observations, Split};
use maprepair::domain::names::normalize_name;
use maprepair::domain::prose::{read_paragraphs, Reading};
use maprepair::domain::Direction;

/// The reading of `text`, split into paragraphs at blank lines.
pub fn read(text: &str) -> Reading {
    read_paragraphs(&split_observations(text, &Split::Paragraphs)).unwrap()
}

/// Every place on the map with all its names, normalized.
pub fn places(r: &Reading) -> Vec<Vec<String>> {
    r.places()
        .map(|(_, p)| {
            std::iter::once(&p.name)
                .chain(&p.aliases)
                .map(|n| normalize_name(n))
                .collect()
        })
        .collect()
}

/// The places on the map that answer to `name`.
pub fn answering(r: &Reading, name: &str) -> usize {
    let key = normalize_name(name);
    places(r).iter().filter(|p| p.contains(&key)).count()
}

/// The links as `(from, to, direction)` by name.
pub fn links(r: &Reading) -> Vec<(String, String, Option<Direction>)> {
    r.links
        .iter()
        .map(|l| {
            (
                r.name(l.from).to_string(),
                r.name(l.to).to_string(),
                l.direction,
            )
        })
        .collect()
}
