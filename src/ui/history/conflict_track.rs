//! A strip above the timeline showing how many conflicts each version has, so the moment a
//! conflict arises (and the moment a repair clears it) can be seen and scrubbed to directly.
//! Counts come from the domain's incremental detector, once per project.

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

/// The SVG points of the strip: x = version, y = count (0 at the bottom, `top` at the top).
fn points(counts: &[u32], top: u32) -> String {
    let h = f64::from(top.max(1));
    counts
        .iter()
        .enumerate()
        .map(|(v, c)| format!("{v},{:.2}", h - f64::from(*c)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The strip.
#[component]
pub fn ConflictTrack() -> impl IntoView {
    let state = expect_context::<AppState>();
    let counts = Memo::new(move |_| state.project.with(|p| counts_per_version(&p.history)));
    let shape = move || {
        counts.with(|c| {
            let top = c.iter().copied().max().unwrap_or(0).max(1);
            let n = c.len().saturating_sub(1).max(1);
            (
                format!("0 0 {n} {top}"),
                points(c, top),
                format!("0,{top} {} {n},{top}", points(c, top)),
            )
        })
    };
    let marker = move || state.snapshot.with(|s| s.version.unwrap_or(0));
    view! {
        <svg class="conflict-track" data-testid="conflict-track" preserveAspectRatio="none" viewBox=move || shape().0 aria-hidden="true">
            <polygon class="area" points=move || shape().2 />
            <polyline class="line" points=move || shape().1 vector-effect="non-scaling-stroke" />
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
