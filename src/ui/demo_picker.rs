//! The demo gallery: pick a demo and watch its walkthrough build the map commit by commit.

use super::catalog::{build, cards, DemoCard};
use super::AppState;
use leptos::prelude::*;

/// The gallery of demos.
#[component]
pub fn DemoPicker() -> impl IntoView {
    view! {
        <details class="demo-picker panel" data-testid="demo-picker" open=true>
            <summary><h2>"Demo games"</h2></summary>
            <ul>{cards().into_iter().map(|card| view! { <DemoItem card=card /> }).collect_view()}</ul>
        </details>
    }
}

/// One demo card.
#[component]
fn DemoItem(
    /// The demo.
    card: DemoCard,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let (id, title) = (card.id.clone(), card.title.clone());
    let pick = move |_| match build(&id) {
        // Large maps open at their newest version; small ones play from the start.
        Some(p) => {
            let play = p.history.len() <= 400;
            state.lesson.set(None);
            state.open(p, play);
            state.tell(format!("Opened “{title}”."), false);
        }
        None => state.tell(format!("The demo “{title}” could not be built."), true),
    };
    view! {
        <li>
            <button class="demo-item" data-testid="demo-item" data-demo-id=card.id.clone() on:click=pick>
                <strong>{card.title}</strong>
                <span>{card.blurb}</span>
            </button>
        </li>
    }
}
