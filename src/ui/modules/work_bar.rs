//! The worker's progress bar: what it is doing, how far it got, and Cancel. Shown only while a
//! job runs long enough to report (a demo built in a blink shows nothing). Cancel ends the
//! worker: the open project stays as it was ([`crate::ui::modules::worker::cancel`]).

use crate::ui::modules::worker;
use leptos::prelude::*;

/// The bar, under the notice bar.
#[component]
pub fn WorkBar() -> impl IntoView {
    let busy = worker::busy();
    move || {
        busy.get().map(|b| {
            let percent = (b.progress.fraction() * 100.0).round();
            view! {
                <div class="work-bar" role="status" data-testid="work-progress">
                    <span>{format!("{}: {} ({percent} %)", b.what, b.progress.stage.label())}</span>
                    <progress max="100" value=percent></progress>
                    <button
                        data-testid="work-cancel"
                        title="Stop this; the open map stays as it is"
                        on:click=|_| worker::cancel()
                    >
                        "Cancel"
                    </button>
                </div>
            }
        })
    }
}
