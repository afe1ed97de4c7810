//! The offline prose reader's layout (`domain::prose::layout`): short texts, written for these
//! tests in the manner of the published passages, that pin how a place stated to lie beside
//! another, or seen from another, is linked to it.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::prose::Reading;
use maprepair::domain::Direction;
use support::prose_map::{links, read};

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
    assert!(linked(&r, "parlour", "square"), "{:?}", links(&r));
}

/// True when `a` and `b` are linked, either way round.
fn linked(r: &Reading, a: &str, b: &str) -> bool {
    links(r)
        .iter()
        .any(|(x, y, _)| (x == a && y == b) || (x == b && y == a))
}

#[test]
fn a_region_named_with_no_place_as_subject_is_the_place_the_story_is_about() {
    let r = read(
        "Below us lay a broad green valley. This expanse appeared to be shut in by a line of low \
hills.\n\nBelow us lay a broad green valley. The whole stretch was bordered by a dark forest.",
    );
    assert!(
        linked(&r, "broad green valley", "low hills"),
        "{:?}",
        links(&r)
    );
    assert!(
        linked(&r, "broad green valley", "dark forest"),
        "{:?}",
        links(&r)
    );
}

#[test]
fn a_way_leading_to_two_places_joined_by_and_leads_to_each() {
    // "The chapel and the kitchen" are two ends of one way, not one after the other.
    let r = read("We came at last to a narrow passage leading to the chapel and the kitchen.");
    assert!(linked(&r, "narrow passage", "kitchen"), "{:?}", links(&r));
    assert!(!linked(&r, "chapel", "kitchen"), "{:?}", links(&r));
}
