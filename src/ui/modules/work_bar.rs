//! The worker's progress bar: what it is doing, how far it got, and Cancel. Shown only while a
//! job runs long enough to report (a demo built in a blink shows nothing). Cancel ends the
//! worker: the open project stays as it was ([`crate::ui::modules::worker::cancel`]).
//!
//! The bar's elements stay while it shows; only its text and value follow each report (ten a
//! second from the worker, one a frame while the page puts a big project together), so Cancel
//! is a button that holds still under the pointer.

use crate::ui::modules::worker;
use leptos::prelude::*;

/// The bar, under the notice bar.
#[component]
pub fn WorkBar() -> impl IntoView {
    let busy = worker::busy();
    // Only its coming and going makes the bar again.
    let shown = {
        let busy = busy.clone();
        Memo::new(move |_| busy.with(Option::is_some))
    };
    let percent = {
        let busy = busy.clone();
        move || {
            busy.with(|b| {
                b.as_ref()
                    .map_or(0.0, |b| (b.progress.fraction() * 100.0).round())
            })
        }
    };
    let line = move || {
        busy.with(|b| {
            b.as_ref().map(|b| {
                let percent = (b.progress.fraction() * 100.0).round();
                format!("{}: {} ({percent} %)", b.what, b.progress.stage.label())
            })
        })
    };
    move || {
        shown.get().then(|| {
            view! {
                <div class="work-bar" role="status" data-testid="work-progress">
                    <span>{line.clone()}</span>
                    <progress max="100" value=percent.clone()></progress>
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
