//! Demo games: small generated text adventures with a MANGO walkthrough, the ground-truth map,
//! and optionally the map "as an LLM would have built it".
//!
//! * [`world`]: rooms on a lattice with compass, diagonal, vertical and `in`/`out` exits, some
//!   one-way exits and a few rooms that share a title (three "Corridor"s told apart by their
//!   descriptions), every exit consistent with the lattice;
//! * [`walk`]: a player who visits every room and walks every passage, written as a MANGO
//!   transcript (title on the first observation line, the description under it; objects taken,
//!   things examined, a refused move now and then), and the ground truth as MANGO edge records
//!   with `seen_in_forward` / `seen_in_reversed` steps;
//! * [`words`]: the vocabulary, one theme per kind of place (written for this project);
//! * noise: the TextWorld noise regimes of [`crate::domain::synth::noise`] applied to the
//!   ground truth, for the "as an LLM would have built it" variant.
//!
//! Everything is deterministic from each demo's seed. The front door is [`catalog`] (the
//! curated gallery: eight demos of 10 to 150 rooms and one of 1,200) and [`build`]:
//!
//! ```
//! use maprepair::domain::demo;
//! use maprepair::domain::formats::parse_walkthrough;
//!
//! let info = &demo::catalog()[0];
//! let d = demo::build(info.id).unwrap();
//! assert_eq!(d.world.rooms.len(), info.rooms);
//! let steps = parse_walkthrough(&d.walkthrough_text, info.id).unwrap();
//! assert_eq!(steps[0].action, "Init");
//! assert!(d.truth.iter().all(|r| r.seen_in_forward.is_some()));
//! ```

pub mod walk;
pub mod words;
pub mod world;

pub use walk::{truth_records, write_mango, Walk, REFUSAL};
pub use world::{generate, GameSpec, World, WorldExit, WorldRoom};

use super::direction::Direction;
use super::formats::{EdgeRecord, Step};
use super::synth::noise::{apply_regime, regime_by_name, textworld_graph};
use rustc_hash::FxHashMap;

/// A gallery entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoInfo {
    /// Stable id (`cottage`, `manor`, …).
    pub id: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// One line for the gallery.
    pub blurb: &'static str,
    /// Rooms in all.
    pub rooms: usize,
    /// The noise regime of the "as an LLM would have built it" variant, if any
    /// (see [`crate::domain::synth::noise::REGIMES`]).
    pub noise: Option<&'static str>,
}

/// A built demo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Demo {
    /// Its gallery entry.
    pub info: DemoInfo,
    /// The generated world (rooms with keys, titles, descriptions and cells; exits).
    pub world: World,
    /// The walkthrough as parsed steps.
    pub steps: Vec<Step>,
    /// The walkthrough in MANGO `*.walkthrough` format.
    pub walkthrough_text: String,
    /// The ground-truth map as MANGO edge records (lowercase room keys).
    pub truth: Vec<EdgeRecord>,
    /// The map with the demo's noise applied, if it has a noise regime.
    pub noisy: Option<Vec<EdgeRecord>>,
    /// Every room key (the game's `locations.json`).
    pub locations: Vec<String>,
    /// The move verbs its exits use, in canonical order (the game's `actions.json`).
    pub actions: Vec<String>,
}

/// The curated gallery, smallest first (the last entry is the large map). Kept apart from the
/// games' specs ([`spec_of`]) so that listing the gallery does not bring in the vocabulary.
const GALLERY: [DemoInfo; 9] = [
    DemoInfo {
        id: "cottage",
        title: "The Keeper's Cottage",
        blurb: "Ten rooms around a marsh-side cottage, from the cellar to the attic: the quickest \
map to watch being built.",
        rooms: 10,
        noise: Some("edge_minimal"),
    },
    DemoInfo {
        id: "manor",
        title: "Blackwood Manor",
        blurb: "Three corridors share one name; only their descriptions tell them apart.",
        rooms: 30,
        noise: Some("mango_like"),
    },
    DemoInfo {
        id: "caves",
        title: "The Dripping Caves",
        blurb: "Limestone caves on four levels, with drops you cannot climb back up.",
        rooms: 45,
        noise: Some("edge_clean"),
    },
    DemoInfo {
        id: "forest",
        title: "Hollowmere Forest",
        blurb: "Glades, huts to step into and three forest paths that look alike.",
        rooms: 60,
        noise: Some("edge_clean"),
    },
    DemoInfo {
        id: "abbey",
        title: "St Aldhelm's Abbey",
        blurb: "Cloisters, crypts and a bell tower: eighty rooms over four levels.",
        rooms: 80,
        noise: Some("edge_minimal"),
    },
    DemoInfo {
        id: "station",
        title: "Orbital Station Kestrel",
        blurb: "A hundred modules on five decks; its noisy variant is the heavy-noise regime.",
        rooms: 100,
        noise: Some("edge_heavy"),
    },
    DemoInfo {
        id: "harbour",
        title: "Saltcombe Harbour",
        blurb: "A fishing town of quays, lofts and back alleys, with many loops to close.",
        rooms: 120,
        noise: Some("mango_like"),
    },
    DemoInfo {
        id: "keep",
        title: "The Ninefold Keep",
        blurb: "A hundred and fifty rooms of towers, halls and catacombs.",
        rooms: 150,
        noise: Some("edge_clean"),
    },
    DemoInfo {
        id: "labyrinth",
        title: "The Endless Labyrinth",
        blurb: "1,200 rooms on seven levels: the speed test.",
        rooms: 1200,
        noise: Some("edge_minimal"),
    },
];

/// The generation spec of a gallery entry (`None` for an id not in [`GALLERY`]); its title and
/// room count are the entry's.
fn spec_of(info: &DemoInfo) -> Option<GameSpec> {
    use words::{ABBEY, CAVES, COTTAGE, DUNGEON, FOREST, HARBOUR, MANOR, STATION};
    let base = |theme, seed| GameSpec {
        title: info.title,
        theme,
        seed,
        rooms: info.rooms,
        levels: (-1, 1),
        loops_pct: 20,
        one_way: 1,
        interiors: 1,
        shared: 0,
        diagonals: false,
    };
    Some(match info.id {
        "cottage" => GameSpec {
            one_way: 0,
            ..base(COTTAGE, 11)
        },
        "manor" => GameSpec {
            interiors: 2,
            shared: 3,
            loops_pct: 15,
            ..base(MANOR, 7)
        },
        "caves" => GameSpec {
            levels: (-2, 1),
            one_way: 3,
            shared: 2,
            diagonals: true,
            loops_pct: 10,
            ..base(CAVES, 23)
        },
        "forest" => GameSpec {
            interiors: 4,
            one_way: 2,
            shared: 3,
            diagonals: true,
            loops_pct: 25,
            ..base(FOREST, 31)
        },
        "abbey" => GameSpec {
            levels: (-1, 2),
            interiors: 3,
            one_way: 2,
            shared: 3,
            ..base(ABBEY, 41)
        },
        "station" => GameSpec {
            levels: (-2, 2),
            interiors: 3,
            one_way: 3,
            shared: 3,
            loops_pct: 15,
            ..base(STATION, 53)
        },
        "harbour" => GameSpec {
            levels: (-1, 2),
            interiors: 5,
            one_way: 4,
            shared: 3,
            diagonals: true,
            loops_pct: 30,
            ..base(HARBOUR, 67)
        },
        "keep" => GameSpec {
            levels: (-2, 2),
            interiors: 4,
            one_way: 5,
            shared: 3,
            diagonals: true,
            ..base(DUNGEON, 79)
        },
        "labyrinth" => GameSpec {
            levels: (-3, 3),
            interiors: 10,
            one_way: 20,
            shared: 3,
            diagonals: true,
            loops_pct: 15,
            ..base(DUNGEON, 97)
        },
        _ => return None,
    })
}

/// The curated gallery, smallest first (the last entry is the large map).
pub fn catalog() -> Vec<DemoInfo> {
    GALLERY.to_vec()
}

/// Builds a demo of the gallery by id (`None` for an unknown id).
///
/// # Complexity
/// Linear in the number of exits (the 1,200-room map builds in milliseconds).
pub fn build(id: &str) -> Option<Demo> {
    let info = GALLERY.iter().find(|i| i.id == id)?;
    let spec = spec_of(info)?;
    // The noise is seeded with the game's own seed.
    Some(make(*info, &spec, spec.seed))
}

/// Builds a demo from any spec: the world, its walkthrough, its ground truth and, when
/// `info.noise` names a regime, the noisy variant (seeded with `noise_seed`).
pub fn make(info: DemoInfo, spec: &GameSpec, noise_seed: u64) -> Demo {
    let world = generate(spec);
    let walked = walk::walk(&world, spec);
    let truth = truth_records(&world, &walked);
    let walkthrough_text = write_mango(&walked.steps);
    let noisy = info
        .noise
        .and_then(regime_by_name)
        .map(|regime| noisy_records(&truth, &regime, noise_seed, &world, &walked));
    let locations = world.rooms.iter().map(|r| r.key.clone()).collect();
    let actions = Direction::ALL
        .iter()
        .filter(|d| world.exits.iter().any(|e| e.direction == **d))
        .map(|d| d.as_str().to_string())
        .collect();
    Demo {
        info,
        world,
        steps: walked.steps,
        walkthrough_text,
        truth,
        noisy,
        locations,
        actions,
    }
}

/// The ground truth with a noise regime applied, as edge records in the order an explorer
/// would have recorded them: an exit of the truth keeps its step; an invented one takes the
/// step its source room (else its target) was first entered.
fn noisy_records(
    truth: &[EdgeRecord],
    regime: &super::synth::noise::Regime,
    seed: u64,
    world: &World,
    walked: &Walk,
) -> Vec<EdgeRecord> {
    let mut graph = textworld_graph(
        truth
            .iter()
            .map(|r| (r.src.as_str(), r.dst.as_str(), r.action.as_str())),
    );
    apply_regime(&mut graph, regime, seed);
    let seen: FxHashMap<(&str, &str), i64> = truth
        .iter()
        .filter_map(|r| Some(((r.src.as_str(), r.dst.as_str()), r.first_seen()?)))
        .collect();
    let entered: FxHashMap<&str, i64> = world
        .rooms
        .iter()
        .zip(&walked.first_step)
        .filter_map(|(r, s)| Some((r.key.as_str(), (*s)?)))
        .collect();
    let mut out: Vec<EdgeRecord> = graph
        .primary_edges()
        .map(|(u, v, d)| {
            let (src, dst) = (graph.name(u), graph.name(v));
            let step = seen
                .get(&(src, dst))
                .or_else(|| entered.get(src))
                .or_else(|| entered.get(dst))
                .copied();
            EdgeRecord {
                src: src.to_string(),
                dst: dst.to_string(),
                action: d.label.as_str().to_string(),
                seen_in_forward: step,
                seen_in_reversed: None,
                extra: Default::default(),
            }
        })
        .collect();
    out.sort_by_key(|r| r.seen_in_forward.unwrap_or(i64::MAX));
    out
}
