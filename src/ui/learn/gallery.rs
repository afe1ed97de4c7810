//! The Learn gallery: the three conflict types in a sentence each, then the lessons. Starting a
//! lesson opens its map with a narration panel that steps through construction → conflict →
//! localization → repair.

use crate::domain::ConflictType;
use crate::ui::learn::lesson_panel::apply_step;
use crate::ui::modules::automapper;
use crate::ui::modules::worker::WorkError;
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use crate::view::describe::{type_explainer, type_name};
use crate::view::lessons::{cards, LessonCard};
use leptos::prelude::*;

/// The gallery page.
#[component]
pub fn LearnGallery() -> impl IntoView {
    let kinds = [
        ConflictType::Naming,
        ConflictType::Directional,
        ConflictType::Topological,
    ];
    view! {
        <main class="learn" data-testid="learn-gallery">
            <h2>"How maps go wrong, and how to find the cause"</h2>
            <p class="lead">"A map built from text is a history of small steps. When two steps disagree, the map has a conflict; maprepair traces it back through the history to the exits that could have caused it, ranks them, and repairs the most likely one."</p>
            <div class="kinds">
                {kinds.map(|k| view! {
                    <div class=format!("kind {}", k.as_str())><h3><span class="swatch"></span>{type_name(k)}</h3><p>{type_explainer(k)}</p></div>
                }).collect_view()}
            </div>
            <h2>"Lessons"</h2>
            <ul class="lesson-cards">{cards().into_iter().map(|c| view! { <LessonCardView card=c /> }).collect_view()}</ul>
        </main>
    }
}

/// One lesson card.
#[component]
fn LessonCardView(
    /// The lesson.
    card: LessonCard,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = card.id.clone();
    // The worker builds the lesson (it carries the scenarios); the page opens what it gets.
    let start = move |_| {
        let id = id.clone();
        leptos::task::spawn_local(async move {
            match state.unless_opened_meanwhile(automapper::lesson(id)).await {
                None | Some(Err(WorkError::Cancelled)) => {}
                Some(Ok((project, lesson))) => {
                    state.notice.set(None);
                    state
                        .layout_mode
                        .set_if_changed(crate::ui::state::LayoutMode::Grid);
                    state.open(project, false);
                    state.lesson.set(Some((lesson, 0)));
                    apply_step(state);
                }
                Some(Err(WorkError::Failed(e))) => {
                    state.tell(format!("This lesson could not be built: {e}."), true);
                }
            }
        });
    };
    view! {
        <li class=format!("lesson-card {}", card.tag)>
            <span class="tag">{card.tag}</span>
            <h3>{card.title}</h3>
            <p>{card.blurb}</p>
            <button class="primary" data-testid="lesson-start" on:click=start>"Start"</button>
        </li>
    }
}
