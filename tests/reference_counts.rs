//! `check --semantics reference` counts the conflicts of the list it detected
//! (`RefCounts::of`) instead of inferring positions a second time (`Detector::count`): the two
//! must agree on every graph, here the synthetic families with every kind of injected error.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::reference::{Detector, RefCounts, RefGraph};
use maprepair::domain::synth::{families, inject};

fn agree(g: &RefGraph) {
    let list = Detector::new().detect(g, true);
    assert_eq!(RefCounts::of(&list), Detector::new().count(g));
}

#[test]
fn counts_of_the_detected_list_equal_a_fresh_count() {
    let mut with_conflicts = 0;
    for seed in 0..40u64 {
        let bases = [
            families::random(12 + seed as usize % 20, 3, seed),
            families::tree(3, 3, seed),
            families::grid(4, 5),
        ];
        for base in bases {
            for kind in 0..4 {
                let mut g = base.clone();
                match kind {
                    0 => {}
                    1 => drop(inject::direction(&mut g, 3, seed)),
                    2 => drop(inject::topology(&mut g, 3, seed)),
                    _ => drop(inject::naming(&mut g, 3, seed)),
                }
                agree(&g);
                with_conflicts += usize::from(Detector::new().count(&g).total() > 0);
            }
        }
    }
    assert!(with_conflicts > 100, "{with_conflicts}");
}
