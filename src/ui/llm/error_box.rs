//! The failure message of the LLM panels (`data-testid="llm-error"`): what went wrong and what
//! to do, with nothing lost. Dismissable; replaced by the next failure.

use super::LlmState;
use leptos::prelude::*;

/// Shows [`LlmState::error`] when set.
#[component]
pub fn LlmErrorBox() -> impl IntoView {
    let llm = expect_context::<LlmState>();
    move || {
        llm.error.get().map(|message| {
            view! {
                <div class="llm-error" role="alert" data-testid="llm-error">
                    <p>{message}</p>
                    <button class="plain" aria-label="Dismiss" on:click=move |_| llm.error.set(None)>
                        "×"
                    </button>
                </div>
            }
        })
    }
}
