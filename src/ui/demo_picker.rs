//! The demo gallery: pick a demo and watch its walkthrough build the map commit by commit.

use crate::domain::Project;
use crate::ui::AppState;
use crate::view::catalog::{build_here, cards, DemoCard};
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
    let opened = move |p: Project, title: &str| {
        // Large maps open at their newest version; small ones play from the start.
        let play = p.history.len() <= 400;
        state.lesson.set(None);
        state.open(p, play);
        state.tell(format!("Opened “{title}”."), false);
    };
    let pick = move |_| match build_here(&id) {
        Some(p) => opened(p, &title),
        // A game: its walkthrough is automapped by the automapper's module.
        None => {
            let (id, title) = (id.clone(), title.clone());
            state.tell(format!("Building “{title}”…"), false);
            let built = state.unless_opened_meanwhile(async move {
                crate::ui::modules::automapper::demo(id).await
            });
            leptos::task::spawn_local(async move {
                let Some(built) = built.await else { return };
                match built {
                    Ok(p) => opened(p, &title),
                    Err(e) => state.tell(
                        format!("The demo “{title}” could not be built: {e}. The open map is unchanged."),
                        true,
                    ),
                }
            });
        }
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
