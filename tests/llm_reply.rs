//! The observation reply (read leniently, canonicalized), bearings, distances and names.

mod support;

use maprepair::domain::llm::discretize::direction_angle;
use maprepair::domain::llm::*;
use maprepair::domain::names::normalize_name;
use maprepair::domain::Direction;

#[test]
fn json_object_is_found_between_the_first_and_last_brace() {
    assert_eq!(
        extract_json_object("```json\n{\"a\": {\"b\": 1}}\n```"),
        Some("{\"a\": {\"b\": 1}}")
    );
    assert_eq!(extract_json_object("no json"), None);
    assert_eq!(extract_json_object("} backwards {"), None);
}

#[test]
fn replies_are_read_leniently() {
    let text = r#"Here is my analysis.
```json
{
  "locations": ["Hall", {"name": "Tower", "aliases": "the spire", "extra": 1}, {"aliases": []}],
  "relations": [
    {"from": "hall", "to": "tower", "direction": "NE", "distance": "a long way", "confidence": 0.9},
    {"from": "hall", "to": "garden", "angle_deg": 181},
    {"from": "hall", "to": "well", "angle": "92°"},
    {"from": "hall", "to": "cellar", "direction": "through the trapdoor"},
    {"from": "hall", "to": "attic", "description": "a rope ladder"},
    {"to": "nowhere", "direction": "north"},
    "hall -> kitchen"
  ],
  "current_location": "Hall",
  "mood": "cheerful"
}
```
Hope this helps!"#;
    let reply = parse_observation_reply(text).unwrap();
    let names: Vec<&str> = reply.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Hall", "Tower"]);
    assert_eq!(reply.locations[1].aliases, ["the spire"]);
    let rel = |to: &str| reply.relations.iter().find(|r| r.to == to).unwrap();
    assert_eq!(rel("tower").direction, Some(Direction::Northeast));
    assert_eq!(rel("tower").distance, Some(Distance::Far));
    assert_eq!(
        rel("garden").direction,
        Some(Direction::South),
        "angle-only relations are discretized"
    );
    assert_eq!(rel("garden").angle_deg, Some(181.0));
    assert_eq!(rel("well").direction, Some(Direction::East));
    assert_eq!(rel("cellar").direction, None);
    assert_eq!(
        rel("cellar").description.as_deref(),
        Some("through the trapdoor")
    );
    assert_eq!(rel("attic").direction, None);
    assert_eq!(rel("attic").description.as_deref(), Some("a rope ladder"));
    assert_eq!(reply.relations.len(), 5);
    assert_eq!(reply.current_location.as_deref(), Some("Hall"));
    assert_eq!(reply.analysis, None);
    assert_eq!(reply.warnings.len(), 3, "{:?}", reply.warnings);
}

#[test]
fn an_empty_object_is_an_empty_reply_and_broken_json_is_an_error() {
    assert_eq!(
        parse_observation_reply("{}").unwrap(),
        ObservationReply::default()
    );
    assert!(matches!(
        parse_observation_reply("{\"locations\": [}"),
        Err(ReplyError::InvalidJson(_))
    ));
    assert_eq!(
        parse_observation_reply("nothing here"),
        Err(ReplyError::NoJson)
    );
    assert_eq!(
        LlmError::from(ReplyError::NoJson),
        LlmError::Malformed("the reply contains no JSON object".into())
    );
}

#[test]
fn canonicalizing_a_reply_merges_aliases_and_drops_self_links() {
    let text = r#"{"locations": [{"name": "The Great Hall", "aliases": ["Hall", "the foyer"]},
                                 {"name": "Kitchen", "aliases": []}],
                   "relations": [{"from": "hall", "to": "The Kitchen", "direction": "north"},
                                 {"from": "Foyer", "to": "great hall", "direction": "in"},
                                 {"from": "kitchen", "to": "An Old Pantry", "direction": "east"}],
                   "current_location": "the foyer", "analysis": "ok"}"#;
    let mut aliases = Aliases::new();
    let reply = parse_observation_reply(text)
        .unwrap()
        .canonicalized(&mut aliases);
    let names: Vec<&str> = reply.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["great hall", "kitchen", "old pantry"]);
    assert_eq!(reply.locations[0].aliases, ["hall", "foyer"]);
    let pairs: Vec<(&str, &str)> = reply
        .relations
        .iter()
        .map(|r| (r.from.as_str(), r.to.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [("great hall", "kitchen"), ("kitchen", "old pantry")]
    );
    assert_eq!(reply.current_location.as_deref(), Some("great hall"));
    assert_eq!(
        reply.warnings,
        ["dropped a relation from 'great hall' to itself"]
    );
    assert_eq!(
        aliases.iter().collect::<Vec<_>>(),
        [("hall", "great hall"), ("foyer", "great hall")]
    );
}

// ---------------------------------------------------------------------------------------------
// Discretization and names
// ---------------------------------------------------------------------------------------------

#[test]
fn angles_map_to_the_nearest_compass_direction() {
    let t = DEFAULT_ANGLE_TOLERANCE;
    let cases = [
        (0.0, Direction::North),
        (22.4, Direction::North),
        (22.5, Direction::Northeast),
        (44.0, Direction::Northeast),
        (45.0, Direction::Northeast),
        (46.0, Direction::Northeast),
        (90.0, Direction::East),
        (135.0, Direction::Southeast),
        (180.0, Direction::South),
        (225.0, Direction::Southwest),
        (270.0, Direction::West),
        (315.0, Direction::Northwest),
        (337.4, Direction::Northwest),
        (337.5, Direction::North),
        (359.0, Direction::North),
        (360.0, Direction::North),
        (-90.0, Direction::West),
        (720.0 + 90.0, Direction::East),
    ];
    for (angle, want) in cases {
        assert_eq!(discretize_angle(angle, t), Some(want), "{angle}°");
    }
    assert_eq!(discretize_angle(f64::NAN, t), None);
    assert_eq!(discretize_angle(f64::INFINITY, t), None);
    assert_eq!(discretize_angle(90.0, -1.0), None);
}

#[test]
fn a_tight_tolerance_rejects_ambiguous_bearings() {
    assert_eq!(discretize_angle(44.0, 10.0), Some(Direction::Northeast));
    assert_eq!(discretize_angle(30.0, 10.0), None);
    assert_eq!(discretize_angle(355.0, 10.0), Some(Direction::North));
    assert_eq!(discretize_angle(100.0, 10.0), Some(Direction::East));
    assert_eq!(discretize_angle(101.0, 10.0), None);
    assert_eq!(discretize_angle(90.0, 0.0), Some(Direction::East));
}

#[test]
fn compass_directions_round_trip_through_angles() {
    for d in Direction::ALL {
        match direction_angle(d) {
            Some(a) => assert_eq!(discretize_angle(a, 0.0), Some(d)),
            None => assert!(d.vector().is_none_or(|v| v[2] != 0), "{d} has no bearing"),
        }
    }
    assert_eq!(direction_angle(Direction::Southwest), Some(225.0));
}

#[test]
fn distance_words_map_to_three_bins() {
    let cases = [
        ("near", Some(Distance::Near)),
        ("Medium", Some(Distance::Medium)),
        ("FAR", Some(Distance::Far)),
        ("right next to it", Some(Distance::Near)),
        ("close by", Some(Distance::Near)),
        ("not far", Some(Distance::Near)),
        ("a short walk", Some(Distance::Medium)),
        ("some distance away", Some(Distance::Medium)),
        ("a long way off", Some(Distance::Far)),
        ("far-away", Some(Distance::Far)),
        ("distant.", Some(Distance::Far)),
        ("blue", None),
        ("", None),
    ];
    for (text, want) in cases {
        assert_eq!(Distance::from_words(text), want, "{text:?}");
    }
    assert_eq!(
        serde_json::to_string(&Distance::Medium).unwrap(),
        "\"medium\""
    );
}

#[test]
fn names_are_canonicalized() {
    assert_eq!(normalize_name("  The   Great  Hall "), "great hall");
    assert_eq!(normalize_name("An Old Mill."), "old mill");
    assert_eq!(normalize_name("a cellar"), "cellar");
    assert_eq!(normalize_name("\"Kitchen\""), "kitchen");
    assert_eq!(normalize_name("The"), "the", "a lone article is kept");
    assert_eq!(normalize_name("Theatre"), "theatre");
    assert_eq!(
        normalize_name("Hall of the Mountain King"),
        "hall of the mountain king"
    );
    assert_eq!(normalize_name("   "), "");
    let mut aliases = Aliases::new();
    aliases.insert("The Foyer", "Great Hall");
    aliases.insert("hall", "great hall");
    aliases.insert("great hall", "The Great Hall");
    assert_eq!(aliases.len(), 2, "an alias of itself is ignored");
    assert_eq!(aliases.canonical("the  FOYER"), "great hall");
    assert_eq!(aliases.canonical("Hall"), "great hall");
    assert_eq!(aliases.canonical("Kitchen"), "kitchen");
    let json = serde_json::to_string(&aliases).unwrap();
    assert_eq!(json, r#"[["foyer","great hall"],["hall","great hall"]]"#);
    assert_eq!(serde_json::from_str::<Aliases>(&json).unwrap(), aliases);
}
