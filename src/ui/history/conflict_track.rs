//! A strip above the timeline showing how many conflicts each version has, so the moment a
//! conflict arises (and the moment a repair clears it) can be seen and scrubbed to directly.
//! Counts come from the domain's incremental detector, once per change of the project.

use crate::domain::analysis::LiveDetector;
use crate::domain::{History, Map};
use crate::ui::AppState;
use leptos::prelude::*;

/// Conflicts at every version, oldest first.
pub fn counts_per_version(history: &History) -> Vec<u32> {
    let mut map = Map::new();
    let mut live = LiveDetector::new();
    let mut out = Vec::with_capacity(history.len());
    for c in history.commits() {
        if c.change.apply_unchecked(&mut map).is_err() {
            map = history.checkout(c.id).unwrap_or_default();
            live = LiveDetector::of(&map);
            out.push(live.counts().total as u32);
            continue;
        }
        out.push(live.observe(&map, &c.change).total as u32);
    }
    out
}

/// At most this many points are drawn: the strip is a few hundred pixels wide, and a
/// 150,000-commit history drawn point by point cost a second of formatting and parsing.
const MAX_POINTS: usize = 2_000;

/// The SVG points of the strip: x = version, y = count (0 at the bottom, `top` at the top). A
/// long history is drawn in at most [`MAX_POINTS`] steps, each at the highest count of the
/// versions it stands for, so that no conflict's rise is smoothed away.
fn points(counts: &[u32], top: u32) -> String {
    let step = counts.len().div_ceil(MAX_POINTS).max(1);
    counts
        .chunks(step)
        .enumerate()
        .map(|(i, c)| {
            let high = c.iter().copied().max().unwrap_or(0);
            format!("{},{}", i * step, top.max(1).saturating_sub(high))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The strip.
#[component]
pub fn ConflictTrack() -> impl IntoView {
    let state = expect_context::<AppState>();
    // Counted just after the frame that shows a newly opened or changed project: replaying a
    // 150,000-commit history takes a moment the map should not wait for.
    let counts = RwSignal::new(Vec::new());
    Effect::new(move |_| {
        state.project.track();
        crate::ui::state::after_next_frame(move || {
            counts.set(
                state
                    .project
                    .with_untracked(|p| counts_per_version(&p.history)),
            );
        });
    });
    let shape = Memo::new(move |_| {
        counts.with(|c| {
            let top = c.iter().copied().max().unwrap_or(0).max(1);
            let n = c.len().saturating_sub(1).max(1);
            let line = points(c, top);
            let area = format!("0,{top} {line} {n},{top}");
            (format!("0 0 {n} {top}"), line, area)
        })
    });
    let marker = move || state.snapshot.with(|s| s.version.unwrap_or(0));
    view! {
        <svg class="conflict-track" data-testid="conflict-track" preserveAspectRatio="none" viewBox=move || shape.with(|s| s.0.clone()) aria-hidden="true">
            <polygon class="area" points=move || shape.with(|s| s.2.clone()) />
            <polyline class="line" points=move || shape.with(|s| s.1.clone()) vector-effect="non-scaling-stroke" />
            <line class="now" x1=marker x2=marker y1="0" y2="100000" vector-effect="non-scaling-stroke" />
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Analysis;
    use crate::view::demo::demo_project;

    #[test]
    fn a_long_history_is_drawn_in_few_points_that_keep_every_peak() {
        let mut counts = vec![1u32; 10 * MAX_POINTS];
        counts[12_345] = 9;
        let p = points(&counts, 9);
        let pts: Vec<&str> = p.split(' ').collect();
        assert_eq!(pts.len(), MAX_POINTS);
        assert!(pts.contains(&"12340,0"), "the peak is drawn at the top");
        assert!(pts.iter().filter(|q| q.ends_with(",8")).count() == MAX_POINTS - 1);
        assert_eq!(points(&[0, 2, 1], 2), "0,2 1,0 2,1");
    }

    #[test]
    fn the_strip_counts_what_detection_counts_at_every_version() {
        let p = demo_project();
        let counts = counts_per_version(&p.history);
        for (v, c) in counts.iter().enumerate() {
            let map = p.history.checkout(v as u32).unwrap();
            assert_eq!(
                *c as usize,
                Analysis::of(&map).counts().total,
                "version {v}"
            );
        }
    }
}
