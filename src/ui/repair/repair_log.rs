//! A repair session's log: each decision with its reason and the version it made (a button
//! that shows that version). Used by the repair panel and by the LLM repair agent.

use crate::view::log_line::LogLine;
use leptos::prelude::*;

/// The decisions of `log`, newest last; `pick` gets the version the user asks to see.
#[component]
pub fn RepairLog(log: Signal<Vec<LogLine>>, pick: Callback<u32>) -> impl IntoView {
    let rows = move || {
        log.with(|log| {
            log.iter()
                .map(|l| {
                    let version = l.version;
                    let outcome = match (&l.version, &l.rejected) {
                        (Some(v), _) => format!("→ version {v}"),
                        (None, Some(why)) => format!("not applied: {why}"),
                        (None, None) => "no change".to_string(),
                    };
                    view! {
                        <li>
                            <button class="plain log-action" disabled=version.is_none() on:click=move |_| if let Some(v) = version { pick.run(v) }>
                                <strong>{l.summary.clone()}</strong>" "<span class="outcome">{outcome}</span>
                            </button>
                            <p class="reason">{l.reason.clone()}</p>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! { <ol class="repair-log">{rows}</ol> }
}
