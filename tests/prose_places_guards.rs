//! The offline prose reader's guards against wrong places (`domain::prose::place`,
//! `person`, `salience`): an apposed or called name is the place it names, a person is no
//! place (nor a bare name where only a person stands), a word's other sense is no place, a
//! part of a room is its room, each on an invented text.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::names::normalize_name;
use support::prose_map::{answering, places, read};

#[test]
fn a_proper_name_in_apposition_is_the_place_it_follows() {
    let r = read(
        "Below the wood ran a little sluggish river, the Kennet, and we walked down to the \
river and along the Kennet to the mill.",
    );
    let all = places(&r);
    let river = all
        .iter()
        .find(|p| p.contains(&normalize_name("Kennet")))
        .unwrap_or_else(|| panic!("no Kennet in {all:?}"));
    assert!(river.iter().any(|n| n.ends_with("river")), "{all:?}");
    assert_eq!(answering(&r, "Kennet"), 1, "{all:?}");
}

#[test]
fn a_place_called_by_a_name_is_that_name() {
    let r = read(
        "At the end of the lane stood a spacious house called the Tower. We went up the lane \
and into the Tower, and the house was cold.",
    );
    let all = places(&r);
    let house = all
        .iter()
        .find(|p| p.contains(&normalize_name("Tower")))
        .unwrap_or_else(|| panic!("no Tower in {all:?}"));
    assert!(house.iter().any(|n| n.ends_with("house")), "{all:?}");
    assert_eq!(
        all.iter()
            .filter(|p| p.iter().any(|n| n.ends_with("house")))
            .count(),
        1,
        "{all:?}"
    );
}

#[test]
fn a_person_pitied_or_told_is_no_place() {
    let r = read(
        "We left the cave and the poor Hottentot behind us and went down to the plain. I told \
Hawkins to wait, and we went on past Hawkins to the plain.",
    );
    let all = places(&r);
    assert_eq!(answering(&r, "poor Hottentot"), 0, "{all:?}");
    assert_eq!(answering(&r, "Hottentot"), 0, "{all:?}");
    assert_eq!(answering(&r, "Hawkins"), 0, "{all:?}");
    assert_eq!(answering(&r, "plain"), 1, "{all:?}");
}

#[test]
fn a_place_word_in_another_sense_is_no_place() {
    let r = read(
        "She had an ingenuous spring in her step, and we talked of the study of plants. Then \
we went into the garden.",
    );
    let all = places(&r);
    assert_eq!(answering(&r, "ingenuous spring"), 0, "{all:?}");
    assert_eq!(answering(&r, "spring"), 0, "{all:?}");
    assert_eq!(answering(&r, "study"), 0, "{all:?}");
    assert_eq!(answering(&r, "garden"), 1, "{all:?}");
}

#[test]
fn a_closet_of_a_room_is_no_place_of_its_own() {
    let r = read(
        "I went up to my room. There was a clothes closet in the corner, and a bed by the \
window. I sat down in my room and wrote.",
    );
    let all = places(&r);
    assert_eq!(answering(&r, "clothes closet"), 0, "{all:?}");
    assert_eq!(answering(&r, "my room"), 1, "{all:?}");
}

#[test]
fn a_bare_name_is_a_place_only_where_a_name_is_a_place() {
    // "left Trelawney", "passed Trelawney": roles a person fills; "to Millcote", "at
    // Millcote": a place's own.
    let r = read(
        "We drove from the station to Millcote, and at Millcote we found the inn. The inn \
stood in the market square.\n\nNext morning I left Trelawney and went into the yard. Then I \
passed Trelawney and went out to the garden, and from the garden to the orchard.\n\nI left \
Trelawney again and climbed over the wall into the lane, and I passed Trelawney and reached \
the mill.",
    );
    let all = places(&r);
    assert_eq!(answering(&r, "Trelawney"), 0, "{all:?}");
    assert_eq!(answering(&r, "Millcote"), 1, "{all:?}");
    assert_eq!(answering(&r, "orchard"), 1, "{all:?}");
}

#[test]
fn a_person_named_again_after_to_and_towards_who_acts_is_no_place() {
    // Without "Twala frowned" the text gives no sign Twala is a person, and a name placed in
    // the narration and named again is a place: the person's act is what keeps it off.
    let r = read(
        "We crossed the plain and came at last to the kraal. There we went up to Twala and \
waited. Twala frowned.\n\nNext morning we walked towards Twala again, and stood in the great \
kraal while the regiments passed.",
    );
    assert_eq!(answering(&r, "Twala"), 0, "{:?}", places(&r));
    assert_eq!(answering(&r, "kraal"), 1, "{:?}", places(&r));
}
