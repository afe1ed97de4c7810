//! One ranked candidate exit: its Edge Impact Score as three bars (reach, conflicts, usage)
//! with the raw numbers, and, at the newest version, buttons to remove or relabel it by hand.

use crate::domain::analysis::ScoredExit;
use crate::domain::repair::Action;
use crate::ui::repair::run::edit_exit;
use crate::ui::AppState;
use leptos::prelude::*;

/// A candidate row.
#[component]
pub fn CandidateItem(
    /// 1 for the most suspicious.
    rank: usize,
    /// The exit in words.
    text: String,
    /// Its score and the parts.
    scored: ScoredExit,
    /// True when edits are allowed (the newest version is shown).
    editable: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let exit = scored.exit;
    let bar = |name: &'static str, norm: f64, raw: u32| {
        view! {
            <div class=format!("bar {name}")>
                <span class="bar-name">{name}</span>
                <span class="bar-track"><span class="bar-fill" style=format!("width:{:.0}%", norm * 100.0)></span></span>
                <span class="bar-raw">{raw}</span>
            </div>
        }
    };
    view! {
        <li class="candidate-item" data-testid="candidate-item" data-exit-id=exit.0>
            <div class="candidate-head">
                <span class="rank">{format!("#{rank}")}</span>
                <span class="candidate-text">{text}</span>
                <span class="score" title="Edge Impact Score (0–3)">{format!("{:.2}", scored.score)}</span>
            </div>
            {bar("reach", scored.reach_norm, scored.reach)}
            {bar("conflicts", scored.conflicts_norm, scored.conflicts)}
            {bar("usage", scored.usage_norm, scored.usage)}
            {editable.then(|| view! {
                <div class="candidate-actions">
                    <button class="small" on:click=move |_| edit_exit(state, Action::RemoveEdge { exit }, "You removed this exit")>"Remove"</button>
                    <button class="small" on:click=move |_| edit_exit(state, Action::MarkNonGeometric { exit }, "You marked this exit as not geometric (a long corridor, a maze twist)")>"Not geometric"</button>
                </div>
            })}
        </li>
    }
}
