//! The offline prose reader's layout (`domain::prose::layout`): short texts, written for these
//! tests in the manner of the published passages, that pin how a place stated to lie beside
//! another, or seen from another, is linked to it.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::llm::{split_observations, Split};
use maprepair::domain::prose::{read_paragraphs, Reading};
use maprepair::domain::Direction;

fn read(text: &str) -> Reading {
    read_paragraphs(&split_observations(text, &Split::Paragraphs)).unwrap()
}

/// The links as `(from, to, direction)` by name.
fn links(r: &Reading) -> Vec<(String, String, Option<Direction>)> {
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

/// True when going `d` from `from` leads to `to`, read either way round.
fn leads(r: &Reading, from: &str, to: &str, d: Direction) -> bool {
    links(r).iter().any(|(a, b, got)| {
        (a == from && b == to && *got == Some(d))
            || (a == to && b == from && *got == Some(d.opposite()))
    })
}

#[test]
fn a_compass_side_with_no_owner_is_a_side_of_the_place_the_story_is_about() {
    let r = read(
        "The farmhouse was long and low. On the west side where the stable was, the roof had \
fallen in.",
    );
    assert!(
        leads(&r, "farmhouse", "stable", Direction::West),
        "{:?}",
        links(&r)
    );
}

#[test]
fn a_place_at_a_compass_side_lies_that_way_from_the_place_the_story_is_about() {
    let r = read(
        "We could see the farmhouse plainly now. Presently a band of soldiers burst out of the \
orchard on the east side and ran straight at the farmhouse.",
    );
    assert!(
        leads(&r, "farmhouse", "orchard", Direction::East),
        "{:?}",
        links(&r)
    );
}

#[test]
fn a_look_after_going_to_a_window_is_from_the_room_the_window_is_in() {
    // The reader's place has faded by the look; the window's room is stated.
    let r = read(
        "There was a little window in the parlour.\n\nThe next morning there was a great noise \
of wheels. Nobody was about. I ran to the window, and saw a carriage come into the square.",
    );
    let got = links(&r);
    assert!(
        got.iter()
            .any(|(a, b, _)| (a == "parlour" && b == "square") || (a == "square" && b == "parlour")),
        "{got:?}"
    );
}
