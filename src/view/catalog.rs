//! The demo gallery's contents: the generated demo games of [`crate::domain::demo`] (each
//! walkthrough automapped, with its ground truth; and, where the demo has one, the map "as an
//! LLM would have built it"), the built-in house, an authored walkthrough, and seeded lattices
//! (one small, one for the speed check).

use super::demo::demo_project;
use crate::domain::automap::{automap, Hints};
use crate::domain::demo;
use crate::domain::formats::parse_walkthrough;
use crate::domain::lattice::lattice;
use crate::domain::Project;

/// One gallery entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoCard {
    /// Stable id (also accepted as `#demo=<id>` in the address).
    pub id: String,
    /// Title.
    pub title: String,
    /// One sentence about it.
    pub blurb: String,
}

/// The entries written for the app itself: (id, title, blurb).
const OWN: &[(&str, &str, &str)] = &[
    (
        "house",
        "A small house",
        "Nine steps through seven rooms; one step was written the wrong way round.",
    ),
    (
        "lighthouse",
        "The lighthouse",
        "A short transcript read by the automapper: stairs, a door, and a path that bends.",
    ),
    (
        "lattice-64",
        "Generated grid, 64 rooms",
        "A seeded grid explored room by room, with a few exits given a wrong direction.",
    ),
    (
        "lattice-2000",
        "Generated grid, 2,000 rooms",
        "The speed test: a large seeded grid with thousands of commits.",
    ),
];

/// Every demo, in gallery order: the generated games first, then the app's own.
pub fn cards() -> Vec<DemoCard> {
    let mut out = Vec::new();
    for info in demo::catalog() {
        out.push(DemoCard {
            id: format!("game-{}", info.id),
            title: info.title.to_string(),
            blurb: format!(
                "{} ({} rooms; walkthrough automapped, true map known)",
                info.blurb, info.rooms
            ),
        });
        if info.noise.is_some() {
            out.push(DemoCard {
                id: format!("llm-{}", info.id),
                title: format!("{}, as an LLM built it", info.title),
                blurb: "The same game mapped with typical model mistakes: wrong directions, missing and invented exits.".to_string(),
            });
        }
    }
    out.extend(OWN.iter().map(|(id, title, blurb)| DemoCard {
        id: (*id).into(),
        title: (*title).into(),
        blurb: (*blurb).into(),
    }));
    out
}

const LIGHTHOUSE: &str = include_str!("lighthouse.walkthrough");

/// Builds a demo's project.
pub fn build(id: &str) -> Option<Project> {
    if let Some(p) = build_here(id) {
        return Some(p);
    }
    if let Some(game) = id.strip_prefix("game-") {
        let d = demo::build(game)?;
        let hints = Hints {
            locations: d.locations.clone(),
            actions: d.actions.clone(),
        };
        let mut project = automap(d.info.title, &d.steps, &hints).project;
        project.ground_truth = Some(d.truth);
        return Some(project);
    }
    if let Some(game) = id.strip_prefix("llm-") {
        let d = demo::build(game)?;
        // The history a model's reading leaves: one commit per step of the walkthrough, so the
        // solver can read the transcript again.
        let mut project = Project::from_edge_records_over_steps(
            &format!("{}, as an LLM built it", d.info.title),
            d.noisy.as_deref()?,
            &d.steps,
        );
        project.ground_truth = Some(d.truth);
        return Some(project);
    }
    if id == "lighthouse" {
        let steps = parse_walkthrough(LIGHTHOUSE, "lighthouse.walkthrough").ok()?;
        return Some(automap("The lighthouse", &steps, &Hints::default()).project);
    }
    None
}

/// Builds the demos that need neither the automapper nor a generated game: the house and the
/// generated grids (`None` for the others, which the app asks the automapper's module for:
/// [`crate::ui::modules::automapper`]).
pub fn build_here(id: &str) -> Option<Project> {
    if id == "house" {
        return Some(demo_project());
    }
    let rooms: usize = id.strip_prefix("lattice-")?.parse().ok()?;
    let generated = lattice(rooms.clamp(2, 20_000), 7);
    Some(Project {
        name: format!("Generated grid, {rooms} rooms"),
        history: generated.history,
        ground_truth: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_builds_a_map() {
        for card in cards().iter().filter(|c| c.id != "lattice-2000") {
            let p = build(&card.id).unwrap();
            assert!(p.history.head().room_count() > 1, "{}", card.id);
        }
    }
}
