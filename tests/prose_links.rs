//! The offline prose reader's links between places (`domain::prose`): short texts that pin
//! each mechanism by which the reader links two places.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::prose::Reading;
use support::prose_map::read;

/// The links as unordered pairs of names.
fn pairs(r: &Reading) -> Vec<(String, String)> {
    r.links
        .iter()
        .map(|l| {
            let (a, b) = (r.name(l.from).to_string(), r.name(l.to).to_string());
            if a <= b {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect()
}

fn linked(r: &Reading, a: &str, b: &str) -> bool {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    pairs(r).contains(&(a.to_string(), b.to_string()))
}

#[test]
fn a_place_gone_among_is_on_the_path() {
    let r = read("I was far down on the low spit. Then I skirted among the woods.");
    assert!(linked(&r, "low spit", "woods"), "{:?}", pairs(&r));
}

#[test]
fn a_position_fronted_after_a_comma_and_and_belongs_to_the_next_clause() {
    let r = read(
        "There was a porch at the door, and under this porch the little spring welled up into \
a basin.",
    );
    assert!(linked(&r, "porch", "little spring"), "{:?}", pairs(&r));
}

#[test]
fn a_coordinated_phrase_stops_at_the_next_clauses_subject() {
    // "at the door, and the little spring": the spring is the next verb's subject, not a
    // second place the porch is at.
    let r = read("There was a porch at the door, and the little spring welled up into a basin.");
    assert!(!linked(&r, "porch", "little spring"), "{:?}", pairs(&r));
}

#[test]
fn a_participle_after_a_preposition_is_said_of_the_next_clauses_subject() {
    let r = read(
        "Below us lay a wide turnpike road. We had not seen it at first because, on reaching \
the plain, it turned behind some broken country.",
    );
    assert!(linked(&r, "wide turnpike road", "plain"), "{:?}", pairs(&r));
}

#[test]
fn our_feet_are_where_the_mover_arrived_earlier_in_the_sentence() {
    let r = read(
        "We left the cave and walked to the plateau. Till suddenly, on reaching the top of the \
little rise, we found the road at our feet.",
    );
    assert!(linked(&r, "little rise", "road"), "{:?}", pairs(&r));
    assert!(!linked(&r, "plateau", "road"), "{:?}", pairs(&r));
}

#[test]
fn a_person_taken_along_moves_with_the_taker() {
    let r = read("We came to the library. He took me into the drawing-room.");
    assert!(linked(&r, "library", "drawing-room"), "{:?}", pairs(&r));
    // "Took the key" takes a thing, not a person: no move.
    let r = read("We came to the library. He took the key into the drawing-room.");
    assert!(!linked(&r, "library", "drawing-room"), "{:?}", pairs(&r));
}

#[test]
fn a_way_said_to_lead_somewhere_is_in_the_place_the_reader_stands_in() {
    let r = read("We entered the hall. From it a door led into the library.");
    assert!(linked(&r, "hall", "library"), "{:?}", pairs(&r));
    // Dropped rather than invented: with the reader nowhere, the door is nowhere.
    let r = read("A door led into the library.");
    assert!(r.links.is_empty(), "{:?}", pairs(&r));
}

#[test]
fn a_door_named_by_a_room_is_in_that_room() {
    let r = read(
        "I went into the drawing-room. Then I walked to the library. The drawing-room door \
opened on the garden.",
    );
    assert!(linked(&r, "drawing-room", "garden"), "{:?}", pairs(&r));
    assert!(!linked(&r, "library", "garden"), "{:?}", pairs(&r));
}

#[test]
fn a_place_passed_by_is_beside_the_way_and_the_mover_stays_on_it() {
    let r = read("We walked along the road. We were passing a church. Then we ascended a drive.");
    assert!(linked(&r, "road", "church"), "{:?}", pairs(&r));
    assert!(linked(&r, "road", "drive"), "{:?}", pairs(&r));
    assert!(!linked(&r, "church", "drive"), "{:?}", pairs(&r));
}

#[test]
fn the_reader_stays_where_it_is_through_a_conversation() {
    let r = read(
        "We went into the library.\n\n“Is it late?” said she.\n\n“Very late,” I answered.\n\n\
“Then we must hurry,” she said.\n\n“Yes, we must.”\n\nThen we went to the hall.",
    );
    assert!(linked(&r, "library", "hall"), "{:?}", pairs(&r));
}

#[test]
fn a_position_right_after_a_place_places_that_place_not_the_subject() {
    // "beside the house" says where the knoll is; the church is on the knoll.
    let r = read("The church stood on a knoll beside the house.");
    assert!(linked(&r, "church", "knoll"), "{:?}", pairs(&r));
    assert!(linked(&r, "house", "knoll"), "{:?}", pairs(&r));
    assert!(!linked(&r, "church", "house"), "{:?}", pairs(&r));
    let r = read(
        "The church stood near the gates. Its tower looked over a knoll between the house and \
the gates.",
    );
    assert!(linked(&r, "gates", "knoll"), "{:?}", pairs(&r));
    assert!(!linked(&r, "church", "house"), "{:?}", pairs(&r));
}

#[test]
fn a_vehicle_stopping_somewhere_brought_the_followed_party_there() {
    let r = read(
        "We now slowly ascended a drive. The car stopped at the front door; I alighted and went \
in.",
    );
    assert!(linked(&r, "drive", "front door"), "{:?}", pairs(&r));
    // Someone else stopping there says nothing of where the party came from.
    let r = read("We now slowly ascended a drive. The maid stopped at the front door.");
    assert!(!linked(&r, "drive", "front door"), "{:?}", pairs(&r));
}

#[test]
fn a_place_gone_along_in_the_passive_is_on_the_followed_path() {
    let r = read(
        "They returned to the hall, that the chief staircase might be ascended, and the beauty \
of its wood pointed out.",
    );
    assert!(linked(&r, "hall", "chief staircase"), "{:?}", pairs(&r));
}

#[test]
fn it_with_no_place_before_it_in_its_sentence_is_the_place_the_sentence_before_was_about() {
    // "Beyond it": the pronoun is the preposition's object, not the verb's subject, and with
    // no place before it in its own sentence it stands for the lodge the sentence before
    // named.
    let r = read("We reached the lodge. Beyond it lay the moor.");
    assert!(linked(&r, "lodge", "moor"), "{:?}", pairs(&r));
}

#[test]
fn a_road_the_narration_is_about_while_travelling_is_where_the_reader_is() {
    // "The roads were heavy": the travellers on the common are on the road, and pass the
    // church from it.
    let r = read(
        "We were now on a sort of common. The roads were heavy, the night misty. Again I \
looked out: we were passing a church.",
    );
    assert!(linked(&r, "sort of common", "roads"), "{:?}", pairs(&r));
    assert!(linked(&r, "roads", "church"), "{:?}", pairs(&r));
}

#[test]
fn a_place_said_with_to_after_being_is_not_where_one_is() {
    let r = read(
        "We were now in the hall. I felt we were in a different region to Lowood. The roads \
were heavy.",
    );
    assert!(!linked(&r, "Lowood", "roads"), "{:?}", pairs(&r));
}

#[test]
fn a_parenthesis_after_the_verb_leaves_the_place_after_it_to_the_verb() {
    let r = read(
        "We were now, as far as I could see, on a sort of common. The roads were heavy, the \
night misty.",
    );
    assert!(linked(&r, "sort of common", "roads"), "{:?}", pairs(&r));
}

#[test]
fn a_door_the_mover_opens_puts_the_reader_back_in_its_room() {
    // The room has faded from the reader's position over four paragraphs; opening its door
    // says the mover is still there, and the run down starts from it.
    let quiet = "The night was dark and the wind howled.\n\nThe clock struck twelve.\n\n\
Nobody came.\n\nThe dogs barked far away.";
    let r = read(&format!(
        "I went to my room and sat down.\n\n{quiet}\n\nAt last I opened my door and ran down \
to the hall."
    ));
    assert!(linked(&r, "my room", "hall"), "{:?}", pairs(&r));
    let r = read(&format!(
        "I went to my room and sat down.\n\n{quiet}\n\nAt last I ran down to the hall."
    ));
    assert!(!linked(&r, "my room", "hall"), "{:?}", pairs(&r));
}

#[test]
fn a_road_the_narration_puts_someone_on_is_where_the_reader_is() {
    let r = read(
        "We went down the mountain.\n\nOur talk on the road was all of food.\n\nAt one place \
we came to a ravine.",
    );
    assert!(linked(&r, "road", "ravine"), "{:?}", pairs(&r));
    assert!(!linked(&r, "mountain", "ravine"), "{:?}", pairs(&r));
}

#[test]
fn a_move_one_was_to_make_is_a_plan_not_a_move() {
    let r = read(
        "We entered the hall.\n\nWe were to go to the library after dinner, but we sat down by \
the fire instead.",
    );
    assert!(!linked(&r, "hall", "library"), "{:?}", pairs(&r));
    let r = read(
        "We entered the hall.\n\nWe went to the library after dinner, but we sat down by the \
fire instead.",
    );
    assert!(linked(&r, "hall", "library"), "{:?}", pairs(&r));
}

#[test]
fn a_thing_somewhere_is_no_visit_even_after_a_relative_clause() {
    // "was" closes "the lowest depth to which man had penetrated": its subject is the depth,
    // a thing, so the reader stays in the hall and the kitchen is reached from there.
    let r = read(
        "We stood in the great hall. The lowest known depth to which man had hitherto \
penetrated was in the mines of Kitzbuhel. Then we walked into the kitchen.",
    );
    assert!(linked(&r, "great hall", "kitchen"), "{:?}", pairs(&r));
    assert!(
        !pairs(&r)
            .iter()
            .any(|(a, b)| a.contains("mines") || b.contains("mines")),
        "{:?}",
        pairs(&r)
    );
}

#[test]
fn a_place_at_a_door_holds_the_door() {
    // The door opens into the porch: it is in the porch's place, not a place of its own.
    let r = read(
        "We came to the log-house. There was a porch at the door. The doctor came to the door \
for a little air.",
    );
    let map = r.map();
    let names: Vec<&str> = map.places.iter().map(|p| p.name.as_str()).collect();
    assert!(names.contains(&"porch"), "{names:?}");
    assert!(!names.contains(&"door"), "{names:?}");
}

#[test]
fn a_move_perceived_is_the_perceived_ones_not_the_readers() {
    // "I heard her descending the stairs": she is on the stairs, the reader stays in the hall.
    let r = read(
        "We entered the hall. I heard her descending the great stairs. We went into the \
library.",
    );
    assert!(linked(&r, "hall", "library"), "{:?}", pairs(&r));
    assert!(
        !pairs(&r)
            .iter()
            .any(|(a, b)| a.contains("stairs") || b.contains("stairs")),
        "{:?}",
        pairs(&r)
    );
}

#[test]
fn a_verb_joined_to_an_infinitive_of_intention_is_no_move() {
    // "determined to scale the wall and gain the tower": nobody has gone there yet.
    let r = read(
        "We entered the hall. I determined to scale the wall and gain the tower. We went into \
the library.",
    );
    assert!(linked(&r, "hall", "library"), "{:?}", pairs(&r));
    assert!(
        !pairs(&r).iter().any(|(a, b)| a == "tower" || b == "tower"),
        "{:?}",
        pairs(&r)
    );
}

#[test]
fn a_verb_of_way_with_a_bare_position_word_places_its_subject_by_what_the_story_is_about() {
    // "rise" is a verb of way too; with no place after it, "behind" is said of the building
    // the sentence before was about, not of the knolls of the clause before.
    let r = read(
        "The whole building enclosed a large court. The remainder was shut off by knolls of \
old trees, and the steep woody hills rising behind were beautiful.",
    );
    assert!(
        linked(&r, "whole building", "steep woody hills"),
        "{:?}",
        pairs(&r)
    );
}

#[test]
fn it_made_a_way_of_goes_on_with_the_way_of_the_sentence_before() {
    // "It" of a verb of way is the road the sentence before made a way of, not the ravine
    // last named; a way cut out of a part of a place starts at that place.
    let r = read(
        "At one place we came to a deep ravine, over which the road went on. At another place \
it was cut out of the side of a precipice.",
    );
    assert!(linked(&r, "road", "precipice"), "{:?}", pairs(&r));
    assert!(!linked(&r, "deep ravine", "precipice"), "{:?}", pairs(&r));
}

#[test]
fn a_way_cut_out_of_a_material_does_not_lie_by_it() {
    // "Out of the solid rock" is what the road is made of, not a place it starts at.
    let r = read("We came to the road. It was a splendid road cut out of the solid rock.");
    assert!(!linked(&r, "road", "solid rock"), "{:?}", pairs(&r));
}

#[test]
fn a_participle_is_said_of_the_nearest_person_not_of_an_expletive_it() {
    // "It was some relief": the "it" is no mover; "passing" is said of "they"/"she".
    let r = read(
        "We went into the library.\n\nIt was some relief that they were to return by finding \
themselves in the General's private apartment, when she left them; and lastly, by passing \
through a dark little room.",
    );
    assert!(
        linked(&r, "General's private apartment", "dark little room"),
        "{:?}",
        pairs(&r)
    );
}

#[test]
fn a_way_that_opens_out_of_a_place_starts_there() {
    let r = read(
        "We went into the hall. It was a fine old room.\n\nBut the dining-room which opened out \
of the hall was a place of shadow and gloom.",
    );
    assert!(linked(&r, "hall", "dining-room"), "{:?}", pairs(&r));
}

#[test]
fn a_place_seen_from_another_is_in_sight_of_it() {
    let r = read(
        "The abbey stood low in a valley.\n\nShe admired the grandeur of the abbey, as she saw \
it for the first time from the lawn.",
    );
    assert!(linked(&r, "abbey", "lawn"), "{:?}", pairs(&r));
    // Out of a window: from the room the reader is in.
    let r = read(
        "We were in the nursery.\n\nAfter each breakfast she gazed out of the window across to \
the huge moor.",
    );
    assert!(linked(&r, "nursery", "huge moor"), "{:?}", pairs(&r));
}

#[test]
fn a_place_merely_seen_is_not_linked() {
    let r = read("We were in the hall.\n\nShe saw a church.");
    assert!(r.links.is_empty(), "{:?}", pairs(&r));
}

#[test]
fn a_place_named_after_a_dash_is_the_stop_a_placeless_phrase_before_it_names() {
    // "a room magnificent in size" names no place; the dash gives its name.
    let r = read(
        "We went through the antechamber into a room magnificent in size—the real drawing-room.",
    );
    assert!(
        linked(&r, "antechamber", "real drawing-room"),
        "{:?}",
        pairs(&r)
    );
}

#[test]
fn a_participle_after_a_comma_and_and_continues_the_movers_series() {
    // "following a narrow lane" is the walkers' next step, not a description of the bridge:
    // the lane lies between the bridge they left and the mill they came to.
    let r = read(
        "At noon the two men left the old bridge, and following a narrow lane a mile or so, \
came to the mill. The narrow lane was deep in mud.",
    );
    assert!(linked(&r, "narrow lane", "mill"), "{:?}", pairs(&r));
    assert!(linked(&r, "old bridge", "narrow lane"), "{:?}", pairs(&r));
    assert!(!linked(&r, "old bridge", "mill"), "{:?}", pairs(&r));
}

#[test]
fn a_participle_after_and_with_no_comma_still_describes_what_it_follows() {
    // No comma before "and": "rising" is said of the rock after it, not of the viewer.
    let r = read(
        "I stood on the shingle beach, and I saw, far down the beach and rising from among the \
gorse, a lone tower. Then I walked along the beach to the cove. The tower was white.",
    );
    assert!(linked(&r, "lone tower", "shingle beach"), "{:?}", pairs(&r));
    assert!(linked(&r, "shingle beach", "cove"), "{:?}", pairs(&r));
}
