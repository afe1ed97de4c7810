//! The message banner: import errors, storage problems, what an action did.

use crate::ui::AppState;
use leptos::prelude::*;

/// Shows the current notice with a button to dismiss it.
#[component]
pub fn NoticeBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        state.notice.get().map(|n| {
            view! {
                <div class="notice" class:error=n.error role=if n.error { "alert" } else { "status" } data-testid="notice">
                    <span>{n.text}</span>
                    <button class="plain" on:click=move |_| state.notice.set(None) aria-label="Dismiss">"×"</button>
                </div>
            }
        })
    }
}
