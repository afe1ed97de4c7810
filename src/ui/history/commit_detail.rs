//! The shown commit: why it was made (trigger), what was read (observation, its hard wraps
//! joined), what was thought (analysis), what it changed, and a button to revert it as a new
//! commit.

use crate::domain::llm::marked_segments;
use crate::domain::map::Exit;
use crate::domain::CommitInfo;
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use crate::view::describe::{exit_line, trigger_name};
use crate::view::reflow::reflow;
use leptos::prelude::*;

/// The commit panel (the paper's `recall_step`).
#[component]
pub fn CommitDetail() -> impl IntoView {
    let state = expect_context::<AppState>();
    let body = move || {
        let snap = state.panels.get();
        let v = snap.version?;
        let recall = state.project.with(|p| p.history.recall_step(v))?;
        let added_rooms = state.project.with(|p| {
            p.history
                .get(v)
                .map(|c| {
                    c.change
                        .added_rooms
                        .iter()
                        .map(|r| r.name.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        });
        // An assumed way back and an exit marked not geometric say so: reverting a sighting, or
        // marking an exit, removes the exit and adds it back changed, which would otherwise read
        // as the same line twice.
        let name = |e: &Exit| exit_line(&snap.map, e);
        let changes = added_rooms
            .into_iter()
            .map(|r| view! { <li class="added">"+ room "{r}</li> })
            .collect_view();
        // An assumed way back now seen is one line, not a removal and an addition.
        let seen_exits = recall.confirmed_exits();
        let confirmed: Vec<_> = seen_exits.iter().map(|e| e.id).collect();
        let seen = seen_exits
            .into_iter()
            .map(|e| view! { <li class="confirmed">"✓ "{name(e)}" seen (was assumed)"</li> })
            .collect_view();
        let added = recall
            .added_exits
            .iter()
            .filter(|e| !confirmed.contains(&e.id))
            .map(|e| view! { <li class="added">"+ "{name(e)}</li> })
            .collect_view();
        let removed = recall
            .removed_exits
            .iter()
            .filter(|e| !confirmed.contains(&e.id))
            .map(|e| view! { <li class="removed">"− "{name(e)}</li> })
            .collect_view();
        let none = |s: &str| {
            if s.trim().is_empty() {
                "—".to_string()
            } else {
                s.to_string()
            }
        };
        Some(view! {
            <h2>{format!("Version {v}")}<span class=format!("trigger {}", recall.trigger.as_str())>{trigger_name(recall.trigger)}</span></h2>
            <p class="step">{format!("{} · {} conflicts at this version", step_line(recall.trigger, recall.step), snap.counts.total)}</p>
            <h3>"Observation"</h3><pre class="observation">{none(&reflow(&recall.observation))}</pre>
            <h3>"Analysis"</h3><p class="analysis" data-testid="commit-analysis">{marked(&none(&recall.analysis))}</p>
            <h3>"Changes"</h3><ul class="changes">{changes}{added}{seen}{removed}</ul>
            <button on:click=move |_| revert(state, v)>"Revert this commit"</button>
        })
    };
    view! {
        <section class="commit-detail panel" data-testid="commit-detail">
            {move || body().map_or_else(|| view! { <p class="hint">"No commits yet."</p> }.into_any(), IntoAny::into_any)}
        </section>
    }
}

/// The analysis with the words the offline reader used (between ⟦ and ⟧) highlighted.
fn marked(text: &str) -> impl IntoView {
    marked_segments(text)
        .into_iter()
        .map(|(words, used)| {
            if used {
                view! { <mark class="evidence">{words}</mark> }.into_any()
            } else {
                words.into_any()
            }
        })
        .collect_view()
}

/// Undoes version `v` with a new commit (nothing is lost: the old commit stays).
fn revert(state: AppState, v: u32) {
    let info = CommitInfo {
        analysis: format!("You reverted version {v}"),
        ..CommitInfo::default()
    };
    let mut result = Ok(0);
    state.project.update(|p| {
        let step = p.history.get(v).map_or(0, |c| c.step);
        result = p.history.revert(v, CommitInfo { step, ..info });
    });
    match result {
        Ok(new) => {
            state.cursor.set_if_changed(None);
            state.tell(format!("Version {v} reverted as version {new}."), false);
        }
        Err(e) => state.tell(format!("Cannot revert: {e}"), true),
    }
}

/// What a commit's step number counts: the transcript's step for a reading, the decision of
/// its session for a repair (a repair reads no step).
fn step_line(trigger: crate::domain::Trigger, step: u32) -> String {
    match trigger {
        crate::domain::Trigger::ConflictRepair => format!("Repair decision {step}"),
        _ => format!("Step {step}"),
    }
}
