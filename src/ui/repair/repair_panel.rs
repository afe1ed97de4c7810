//! The repair panel: pick a strategy, take one step or repair to the end, and read the log of
//! decisions with their reasons and the versions they made.

use crate::ui::repair::repair_log::RepairLog;
use crate::ui::repair::run::{repair_all, reset, step};
use crate::ui::state::{AppState, Strategy};
use leptos::prelude::*;

/// Strategy picker, buttons and log.
#[component]
pub fn RepairPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let choose = move |ev: leptos::ev::Event| {
        state.strategy.set(match event_target_value(&ev).as_str() {
            "modify" => Strategy::Modify,
            "solver" => Strategy::Solver,
            _ => Strategy::Remove,
        });
        reset(state);
    };
    let none_left = move || state.snapshot.with(|s| s.counts.total == 0);
    // The solver also weighs exits that contradict the rest of the map when no conflict is
    // open (its last passes), so it can always be run to the end.
    let run_disabled = move || none_left() && state.strategy.get() != Strategy::Solver;
    view! {
        <section class="repair-panel panel">
            <h2>"Repair"</h2>
            <label class="field">"Strategy "
                <select on:change=choose>
                    <option value="remove">"Heuristic: remove first"</option>
                    <option value="modify">"Heuristic: relabel first"</option>
                    <option value="solver">"Solver (weighs the evidence)"</option>
                    <option value="llm" disabled=true>"LLM agent: see the LLM panel below"</option>
                </select>
            </label>
            <Show when=move || state.strategy.get() == Strategy::Solver>
                <p class="hint" data-testid="solver-hint">"Repair to the end: when the history holds a transcript, the solver first reads it again offline and removes the exits the text does not show, then settles what still conflicts. Step settles one conflict at a time."</p>
                <label class="switch">
                    <input type="checkbox" data-testid="solver-fill" prop:checked=move || state.fill.get() on:change=move |ev| state.fill.set(event_target_checked(&ev)) />
                    " Then add the ways the text shows that the map lacks"
                </label>
            </Show>
            <div class="button-row">
                <button on:click=move |_| step(state) disabled=none_left>"Step"</button>
                <button class="primary" data-testid="repair-run" on:click=move |_| repair_all(state) disabled=run_disabled>"Repair to the end"</button>
            </div>
            <RepairLog log=state.repair_log.into() pick=Callback::new(move |v| state.show_version(v)) />
        </section>
    }
}
