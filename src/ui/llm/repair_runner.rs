//! The LLM repair agent: pick a mode (baseline, EI, VC, VC+EI), run it automatically or
//! approve each proposed action, and watch each applied action become a commit with the model's
//! reason. The domain's repair loop keeps the budgets; a failure pauses the run with a message
//! and the next press continues the same session.

use super::host::Host;
use super::{LlmState, Proposal};
use crate::domain::analysis::Analysis;
use crate::domain::llm::{
    ask_repair, conflict_brief, decision_for, proposal_text, LlmError, Outcome, RepairAction,
    RepairMode,
};
use crate::domain::repair::{Action, Budget, Decision, RepairSession};
use crate::domain::Project;
use crate::ui::llm::http::{sleep_ms, tick, BrowserTransport};
use crate::ui::repair::repair_log::RepairLog;
use crate::view::log_line::lines;
use leptos::prelude::*;

fn mode_label(mode: RepairMode) -> &'static str {
    match mode {
        RepairMode::Baseline => "Baseline (the conflict only)",
        RepairMode::Ei => "EI (+ ranked candidates)",
        RepairMode::Vc => "VC (+ history, rollback)",
        RepairMode::VcEi => "VC+EI (both)",
    }
}

/// Waits for the user's verdict on a proposal; `None` if the run was stopped meanwhile.
async fn ask_user(llm: LlmState, proposal: Proposal) -> Option<bool> {
    llm.verdict.set(None);
    llm.proposal.set(Some(proposal));
    let abort = llm.abort.get_value();
    let verdict = loop {
        if let Some(v) = llm.verdict.get_untracked() {
            break Some(v);
        }
        if abort.is_cancelled() {
            break None;
        }
        tick(100).await;
    };
    llm.proposal.set(None);
    llm.verdict.set(None);
    verdict
}

/// Starts (or continues) the agent in the selected mode.
pub fn run(host: Host, llm: LlmState) {
    if llm.repair_running.get_untracked() || llm.running.get_untracked() {
        return;
    }
    if let Err(e) = llm.config().validate() {
        llm.fail(format!(
            "{e} The repair agent needs a model; the heuristic repair above works without one."
        ));
        return;
    }
    llm.error.set(None);
    llm.abort.with_value(|a| a.reset());
    llm.repair_running.set(true);
    leptos::task::spawn_local(repair_loop(host, llm, llm.repair_mode.get_untracked()));
}

/// Stops the agent (the request in flight is abandoned; nothing is half-applied).
pub fn stop(llm: LlmState) {
    llm.abort.with_value(|a| a.cancel());
}

#[allow(clippy::too_many_lines)] // The agent's loop with its await points (propose, approve, apply) in order; each failure branch says what the user sees.
async fn repair_loop(host: Host, llm: LlmState, mode: RepairMode) {
    let label = mode.paper_label();
    let (name, before) = host.read(|p| {
        (
            p.name.clone(),
            Analysis::of(p.history.head()).counts().total,
        )
    });
    let mut session = llm
        .session
        .try_update_value(|s| s.take())
        .flatten()
        .filter(|(m, project, s)| *m == mode && *project == name && !s.is_finished())
        .map_or_else(
            || {
                llm.recent_actions.set(Vec::new());
                RepairSession::new(llm.budget.get_untracked())
            },
            |(_, _, s)| s,
        );
    let abort = llm.abort.get_value();
    let mut applied = 0usize;
    let mut tokens = 0u64;
    let mut paused = false;
    loop {
        if abort.is_cancelled() {
            paused = true;
            break;
        }
        if host.read(|p| p.name != name) {
            llm.fail("The repair stopped because another project was opened.");
            paused = true;
            break;
        }
        let Some(pending) = host.read(|p| session.next(&p.history)) else {
            break;
        };
        let (head, brief) = host.read(|p| {
            (
                p.history.head_version(),
                conflict_brief(
                    &pending.context(&p.history),
                    mode,
                    &llm.recent_actions.get_untracked(),
                ),
            )
        });
        let config = llm.config();
        let transport = BrowserTransport::new(
            config.clone(),
            llm.timeout_secs.get_untracked(),
            abort.clone(),
        );
        let waiter = abort.clone();
        let wait = move |ms: u64, why: LlmError| {
            let abort = waiter.clone();
            async move {
                llm.fail(format!(
                    "{why} Retrying automatically in {} s…",
                    ms.div_ceil(1000)
                ));
                sleep_ms(ms, &abort).await
            }
        };
        let got = ask_repair(&transport, &config, mode, &brief, wait).await;
        tokens += got.usage.total();
        let changed = |p: &Project| p.history.head_version() != head || p.name != name;
        if host.read(changed) {
            // The map changed while the model was thinking: ask again about the new map.
            continue;
        }
        let (decision, summary) = match got.outcome {
            Outcome::Done(action) => {
                if llm.error.with_untracked(|e| {
                    e.as_deref()
                        .is_some_and(|m| m.contains("Retrying automatically"))
                }) {
                    llm.error.set(None);
                }
                let mut decision =
                    host.read(|p| decision_for(&action, mode, &pending.context(&p.history)));
                if llm.approve_each.get_untracked() && decision.action != Action::SkipConflict {
                    let proposal = Proposal {
                        text: proposal_text(&action),
                        reason: action.reason().to_string(),
                    };
                    match ask_user(llm, proposal).await {
                        Some(true) => {}
                        Some(false) => {
                            decision = Decision {
                                action: Action::SkipConflict,
                                reason: format!(
                                    "LLM agent ({label}): you rejected “{}”",
                                    proposal_text(&action)
                                ),
                            };
                        }
                        None => {
                            paused = true;
                            break;
                        }
                    }
                }
                (decision, action.summary())
            }
            Outcome::Skipped(err) => {
                llm.fail(format!(
                    "The agent's answer for this conflict could not be used, so the conflict is skipped: {err}"
                ));
                let reason = format!("LLM agent ({label}): skipped: {err}");
                let summary = RepairAction::Skip {
                    reason: reason.clone(),
                }
                .summary();
                (
                    Decision {
                        action: Action::SkipConflict,
                        reason,
                    },
                    summary,
                )
            }
            Outcome::Paused(LlmError::Cancelled) => {
                paused = true;
                break;
            }
            Outcome::Paused(err) => {
                llm.fail(format!(
                    "{err} The map is unchanged; press “Repair with the LLM” again to continue."
                ));
                paused = true;
                break;
            }
        };
        // The user may have changed the map while being asked: the edit checks again.
        let edited =
            host.edit(|p| (!changed(p)).then(|| session.apply(&mut p.history, &pending, decision)));
        let version = match edited {
            Ok(Some(version)) => version,
            Ok(None) => continue,
            Err(e) => {
                llm.fail(format!("The action could not be applied: {e}. The map is unchanged; press “Repair with the LLM” again to continue."));
                paused = true;
                break;
            }
        };
        applied += usize::from(version.is_some());
        llm.recent_actions.update(|r| r.push(summary));
        llm.log.set(session.log.clone());
        tick(0).await;
    }
    let after = host.read(|p| Analysis::of(p.history.head()).counts().total);
    let verb = if paused { "paused" } else { "finished" };
    host.tell(
        format!("LLM repair ({label}) {verb}: {before} → {after} conflicts, {applied} action(s) applied, each a commit with the model's reason{}.", match tokens { 0 => String::new(), n => format!(" ({n} tokens)") }),
        false,
    );
    llm.session.set_value(Some((mode, name, session)));
    llm.repair_running.set(false);
}

/// The agent's controls and the proposal awaiting approval.
#[allow(clippy::too_many_lines)] // A Leptos component: its view! markup is one tree, read top to bottom.
#[component]
pub fn RepairRunner() -> impl IntoView {
    let llm = expect_context::<LlmState>();
    let host = expect_context::<Host>();
    let choose = move |ev: leptos::ev::Event| {
        if let Some(m) = RepairMode::parse(&event_target_value(&ev)) {
            llm.repair_mode.set(m);
        }
    };
    let options = RepairMode::ALL
        .into_iter()
        .map(|m| {
            view! {
                <option value=m.as_str() selected=move || llm.repair_mode.get() == m>
                    {mode_label(m)}
                </option>
            }
        })
        .collect_view();
    let budget_input =
        move |title: &'static str, get: fn(&Budget) -> usize, set: fn(&mut Budget, usize)| {
            view! {
                <label>
                    {title}
                    <input
                        type="number"
                        min="0"
                        max="200"
                        prop:value=move || llm.budget.with(get).to_string()
                        on:input=move |ev| {
                            if let Ok(v) = event_target_value(&ev).trim().parse::<usize>() {
                                llm.budget.update(|b| set(b, v.min(200)));
                                // A new budget starts a new session.
                                llm.session.set_value(None);
                            }
                        }
                    />
                </label>
            }
        };
    let none_left = move || host.summary.with(|s| s.conflicts == 0);
    let proposal = move || {
        llm.proposal.get().map(|p| {
            view! {
                <div class="llm-proposal" data-testid="llm-proposal">
                    <p>
                        <strong>{p.text}</strong>
                    </p>
                    <p class="reason">{p.reason}</p>
                    <div class="button-row">
                        <button class="primary" data-testid="llm-approve" on:click=move |_| llm.verdict.set(Some(true))>
                            "Apply"
                        </button>
                        <button data-testid="llm-reject" on:click=move |_| llm.verdict.set(Some(false))>
                            "Reject"
                        </button>
                    </div>
                </div>
            }
        })
    };
    view! {
        <h3>"LLM repair agent"</h3>
        <label class="field">
            "Mode"
            <select data-testid="llm-repair-mode" on:change=choose>
                {options}
            </select>
        </label>
        <label class="llm-check">
            <input
                type="checkbox"
                data-testid="llm-approve-each"
                prop:checked=move || llm.approve_each.get()
                on:change=move |ev| llm.approve_each.set(event_target_checked(&ev))
            />
            "Approve each action before it is applied"
        </label>
        <div class="llm-budget" title="The paper's budgets: 20 decisions, 3 attempts per conflict, 1 rollback per conflict">
            {budget_input("decisions", |b| b.decisions, |b, v| b.decisions = v)}
            {budget_input("tries/conflict", |b| b.attempts_per_conflict, |b, v| b.attempts_per_conflict = v)}
            {budget_input("rollbacks", |b| b.rollbacks_per_conflict, |b, v| b.rollbacks_per_conflict = v)}
        </div>
        <div class="button-row">
            <button
                class="primary"
                data-testid="llm-repair-run"
                data-mode=move || llm.repair_mode.get().as_str()
                disabled=move || llm.repair_running.get() || llm.running.get() || none_left()
                on:click=move |_| run(host, llm)
            >
                {move || if llm.repair_running.get() { "Repairing…" } else { "Repair with the LLM" }}
            </button>
            <button
                data-testid="llm-repair-stop"
                disabled=move || !llm.repair_running.get()
                on:click=move |_| stop(llm)
            >
                "Stop"
            </button>
        </div>
        {proposal}
        <RepairLog log=Signal::derive(move || llm.log.with(|l| lines(l))) pick=Callback::new(move |v| host.show(v)) />
    }
}
