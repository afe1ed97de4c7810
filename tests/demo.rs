//! The demo games (`domain::demo`): the generator is deterministic, the catalogue has the
//! promised sizes and shapes, every walkthrough parses and visits every room, every ground truth
//! is consistent, and the automapper rebuilds each noise-free demo's ground truth exactly.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::automap::{automap, Hints};
use maprepair::domain::demo::{self, Demo, REFUSAL};
use maprepair::domain::formats::parse_walkthrough;
use maprepair::domain::{Analysis, Direction, Project};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// Every demo, built once.
fn demos() -> &'static Vec<Demo> {
    static DEMOS: OnceLock<Vec<Demo>> = OnceLock::new();
    DEMOS.get_or_init(|| {
        demo::catalog()
            .iter()
            .map(|i| demo::build(i.id).unwrap())
            .collect()
    })
}

fn triples(
    records: &[maprepair::domain::formats::EdgeRecord],
) -> BTreeSet<(String, String, String)> {
    records
        .iter()
        .map(|r| {
            (
                r.src.to_lowercase(),
                r.dst.to_lowercase(),
                r.action.to_lowercase(),
            )
        })
        .collect()
}

#[test]
fn the_catalogue_has_eight_gallery_demos_of_10_to_150_rooms_and_one_large_map() {
    let cat = demo::catalog();
    let gallery: Vec<_> = cat.iter().filter(|i| i.rooms <= 150).collect();
    assert!(gallery.len() >= 8);
    assert_eq!(gallery.iter().map(|i| i.rooms).min(), Some(10));
    assert_eq!(gallery.iter().map(|i| i.rooms).max(), Some(150));
    assert!(cat.iter().any(|i| i.rooms >= 1000));
    let ids: BTreeSet<&str> = cat.iter().map(|i| i.id).collect();
    assert_eq!(ids.len(), cat.len());
    for i in &cat {
        assert!(!i.title.is_empty() && !i.blurb.is_empty(), "{}", i.id);
        assert!(!i.blurb.contains('\n'), "{}: one line", i.id);
        if let Some(n) = i.noise {
            assert!(
                maprepair::domain::synth::noise::regime_by_name(n).is_some(),
                "{}",
                i.id
            );
        }
    }
    assert!(demo::build("no such demo").is_none());
}

#[test]
fn the_generator_is_deterministic() {
    for info in demo::catalog().iter().take(3) {
        assert_eq!(demo::build(info.id), demo::build(info.id));
    }
    let a = demo::build("manor").unwrap();
    let spec = |seed| demo::GameSpec {
        title: "x",
        theme: demo::words::MANOR,
        seed,
        rooms: 30,
        levels: (-1, 1),
        loops_pct: 15,
        one_way: 1,
        interiors: 2,
        shared: 3,
        diagonals: false,
    };
    let other = demo::make(a.info, &spec(8), 8);
    assert_ne!(a.walkthrough_text, other.walkthrough_text);
}

#[test]
fn demos_have_the_promised_shapes() {
    for d in demos() {
        let id = d.info.id;
        let w = &d.world;
        assert_eq!(w.rooms.len(), d.info.rooms, "{id}");
        let used: BTreeSet<Direction> = w.exits.iter().map(|e| e.direction).collect();
        for need in [
            Direction::North,
            Direction::South,
            Direction::East,
            Direction::West,
        ] {
            assert!(used.contains(&need), "{id}: {need}");
        }
        assert!(
            used.contains(&Direction::Up) && used.contains(&Direction::Down),
            "{id}: vertical exits"
        );
        assert!(
            used.contains(&Direction::In) && used.contains(&Direction::Out),
            "{id}: in/out exits"
        );
        // One-way exits: an exit with no way back.
        let one_way = w
            .exits
            .iter()
            .filter(|e| {
                !w.exits.iter().any(|b| {
                    b.from == e.to && b.to == e.from && b.direction == e.direction.opposite()
                })
            })
            .count();
        if id != "cottage" {
            assert!(one_way >= 1, "{id}: one-way exits");
        }
        // Same-named rooms (told apart by their descriptions and cells).
        let mut by_title: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, r) in w.rooms.iter().enumerate() {
            by_title.entry(r.title.as_str()).or_default().push(i);
        }
        let shared: Vec<&Vec<usize>> = by_title.values().filter(|v| v.len() > 1).collect();
        if d.info.rooms >= 30 {
            assert!(!shared.is_empty(), "{id}: shared titles");
        }
        for group in shared {
            let descriptions: BTreeSet<&str> = group
                .iter()
                .map(|&i| w.rooms[i].description.as_str())
                .collect();
            assert_eq!(descriptions.len(), group.len(), "{id}");
        }
        // Keys are unique; titles otherwise too.
        let keys: BTreeSet<&str> = w.rooms.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys.len(), w.rooms.len(), "{id}");
    }
    let manor = demos().iter().find(|d| d.info.id == "manor").unwrap();
    let corridors = manor
        .world
        .rooms
        .iter()
        .filter(|r| r.title == "Corridor")
        .count();
    assert_eq!(corridors, 3);
}

#[test]
fn walkthroughs_parse_and_visit_every_room() {
    for d in demos() {
        let id = d.info.id;
        let steps = parse_walkthrough(&d.walkthrough_text, id).unwrap();
        assert_eq!(steps, d.steps, "{id}: the text round-trips");
        assert_eq!(steps[0].action, "Init");
        for (i, s) in steps.iter().enumerate() {
            assert_eq!(s.num, i as i64, "{id}");
        }
        // Every room's title line is shown at least once, with its description under it.
        for r in &d.world.rooms {
            let shown = format!("{}\n{}", r.title, r.description);
            assert!(
                steps.iter().any(|s| s.observation.contains(&shown)),
                "{id}: {} never visited",
                r.key
            );
        }
        // Some non-movement actions and at least one refused move.
        assert!(steps.iter().any(|s| s.observation == REFUSAL), "{id}");
        assert!(
            steps
                .iter()
                .any(|s| Direction::parse(&s.action).is_none() && s.action != "Init"),
            "{id}"
        );
    }
}

#[test]
fn ground_truths_are_consistent_and_fully_evidenced() {
    for d in demos() {
        let id = d.info.id;
        assert_eq!(d.truth.len(), d.world.exits.len(), "{id}");
        // Every exit was walked, and every two-way passage both ways.
        assert!(d.truth.iter().all(|r| r.seen_in_forward.is_some()), "{id}");
        let set = triples(&d.truth);
        assert_eq!(set.len(), d.truth.len(), "{id}: no duplicate records");
        let pairs: BTreeSet<(&str, &str)> = d
            .truth
            .iter()
            .map(|r| (r.src.as_str(), r.dst.as_str()))
            .collect();
        assert_eq!(
            pairs.len(),
            d.truth.len(),
            "{id}: one exit per ordered pair"
        );
        let locations: BTreeSet<&str> = d.locations.iter().map(String::as_str).collect();
        for r in &d.truth {
            assert!(locations.contains(r.src.as_str()) && locations.contains(r.dst.as_str()));
            assert_eq!(
                r.src,
                r.src.to_lowercase(),
                "{id}: MANGO keys are lowercase"
            );
        }
        // The step numbers point at the move that walked the exit.
        for r in &d.truth {
            let step = &d.steps[r.seen_in_forward.unwrap() as usize];
            assert_eq!(step.action, r.action, "{id}");
        }
        // Conflict-free in the default semantics.
        let project = Project::from_edge_records(id, &d.truth);
        let a = Analysis::of(project.history.head());
        assert!(a.conflicts.is_empty(), "{id}: {:?}", a.counts());
        assert_eq!(project.history.head().room_count(), d.world.rooms.len());
    }
}

#[test]
fn noisy_variants_differ_from_the_truth_and_stay_near_it() {
    for d in demos() {
        let id = d.info.id;
        let Some(noisy) = &d.noisy else { continue };
        let truth = triples(&d.truth);
        let built = triples(noisy);
        assert_ne!(truth, built, "{id}");
        // Edge-level noise keeps most exits; node-level noise (merged rooms) renames many.
        if d.info.noise.is_some_and(|n| n.starts_with("edge_")) {
            let kept = truth.intersection(&built).count();
            assert!(kept * 2 > truth.len(), "{id}: {kept} of {}", truth.len());
        }
        assert!(noisy.iter().all(|r| r.seen_in_forward.is_some()), "{id}");
        let project = Project::from_edge_records(id, noisy);
        assert!(
            !Analysis::of(project.history.head()).conflicts.is_empty(),
            "{id}: the noise shows"
        );
    }
}

/// How the automapped map differs from the ground truth, if it does.
fn automap_diff(d: &Demo) -> Option<String> {
    let id = d.info.id;
    let steps = parse_walkthrough(&d.walkthrough_text, id).unwrap();
    let hints = Hints {
        locations: d.locations.clone(),
        actions: d.actions.clone(),
    };
    let built = automap(id, &steps, &hints);
    let ours = triples(&built.project.edge_records());
    let truth = triples(&d.truth);
    let missing: Vec<_> = truth.difference(&ours).collect();
    let extra: Vec<_> = ours.difference(&truth).collect();
    (!missing.is_empty() || !extra.is_empty()).then(|| {
        format!(
            "{id}: {} missing {:?}, {} extra {:?}",
            missing.len(),
            &missing[..missing.len().min(3)],
            extra.len(),
            &extra[..extra.len().min(3)]
        )
    })
}

/// The automapper (`domain::automap`), given the walkthrough and the location and move lists,
/// rebuilds each noise-free demo's ground truth: the same exits, by the same names — the three
/// "Corridor"s of the manor, the look-alike forest paths and access tubes included.
#[test]
fn automapping_each_demo_reproduces_its_ground_truth() {
    let failures: Vec<String> = demos().iter().filter_map(automap_diff).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
