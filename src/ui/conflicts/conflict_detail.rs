//! One conflict's localization: what it is, its lowest common ancestor, the two tree paths,
//! and its candidate exits ranked by Edge Impact Score.

use crate::domain::ExitId;
use crate::ui::conflicts::candidate_item::CandidateItem;
use crate::ui::AppState;
use crate::view::describe::{conflict_title, exit_text, room_name, type_explainer, type_name};
use leptos::prelude::*;

/// The localization of conflict `index` of the shown snapshot.
#[component]
pub fn ConflictDetail(
    /// Index of the conflict in the snapshot's analysis.
    index: usize,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let snap = state.snapshot.get_untracked();
    let (Some(c), Some(loc)) = (
        snap.analysis.conflicts.get(index),
        snap.analysis.localization(&snap.map, index),
    ) else {
        return view! { <p class="hint">"This conflict is not on the map at this version."</p> }
            .into_any();
    };
    let map = &snap.map;
    let path = |p: &[ExitId]| {
        p.iter()
            .map(|e| view! { <li>{exit_text(map, *e)}</li> })
            .collect_view()
    };
    let ranked = snap.analysis.ranked(map, index, &snap.usage);
    let total_exits = map.exit_count();
    let at_head = snap.at_head;
    let candidates = ranked
        .into_iter()
        .enumerate()
        .map(|(i, s)| view! { <CandidateItem rank=i + 1 text=exit_text(map, s.exit) scored=s editable=at_head /> })
        .collect_view();
    view! {
        <h2>{conflict_title(map, c)}</h2>
        <p class=format!("type-badge {}", c.ctype.as_str())>{type_name(c.ctype)}</p>
        <p class="explainer">{type_explainer(c.ctype)}</p>
        <dl class="localization">
            <dt>"Lowest common ancestor"</dt>
            <dd class="lca">{loc.lca.map_or_else(|| "none (different pieces of the map)".to_string(), |r| room_name(map, r))}</dd>
            <dt>"Path A"</dt><dd><ol class="path">{path(&loc.path_a)}</ol></dd>
            <dt>"Path B"</dt><dd><ol class="path">{path(&loc.path_b)}</ol></dd>
        </dl>
        <h3>{format!("Candidates: {} of {} exits", loc.candidates.len(), total_exits)}</h3>
        <p class="hint">"Ranked by Edge Impact Score = reach + conflicts + usage, each scaled to 0–1 over these candidates."</p>
        <ol class="candidates">{candidates}</ol>
    }
    .into_any()
}
