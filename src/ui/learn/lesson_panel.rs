//! The narration above the map while a lesson is open: one step's heading and text, with
//! previous / next; each step moves the map (a version, the conflict's localization, repair).

use crate::ui::repair::run::repair_all;
use crate::ui::signals::SetIfChanged;
use crate::ui::state::{AppState, Strategy};
use crate::view::lessons::LessonAction;
use leptos::prelude::*;

/// Makes the map show what the lesson's current step is about.
pub fn apply_step(state: AppState) {
    let Some(action) = state.lesson.with_untracked(|l| {
        l.as_ref()
            .and_then(|(lesson, i)| lesson.steps.get(*i).map(|s| s.action))
    }) else {
        return;
    };
    state.playing.set_if_changed(false);
    match action {
        LessonAction::Show(v) => {
            state.selected_conflict.set_if_changed(None);
            state.show_version(v);
        }
        LessonAction::Localize => {
            state.cursor.set_if_changed(None);
            let first = state
                .snapshot
                .with_untracked(|s| s.analysis.conflicts.first().map(|c| c.id.clone()));
            state.selected_conflict.set_if_changed(first);
        }
        LessonAction::Repair => {
            state.selected_conflict.set_if_changed(None);
            // Relabelling first: the lessons teach putting the wrong direction right.
            state.strategy.set_if_changed(Strategy::Modify);
            crate::ui::repair::run::reset(state);
            repair_all(state);
        }
    }
}

/// The narration panel (only while a lesson is open).
#[component]
pub fn LessonPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let go = move |delta: isize| {
        state.lesson.update(|l| {
            if let Some((lesson, i)) = l {
                *i = i
                    .saturating_add_signed(delta)
                    .min(lesson.steps.len().saturating_sub(1));
            }
        });
        apply_step(state);
    };
    move || {
        state.lesson.get().map(|(lesson, i)| {
            let n = lesson.steps.len();
            let step = lesson.steps.get(i).cloned();
            view! {
                <section class="lesson-panel" data-testid="lesson-panel">
                    <p class="lesson-title">{lesson.title}" · step "{i + 1}" of "{n}</p>
                    <details class="lesson-intro" open={i == 0}><summary>"The story"</summary><p>{lesson.intro}</p></details>
                    {step.map(|s| view! { <h2>{s.heading}</h2><p>{s.text}</p> })}
                    <div class="button-row">
                        <button on:click=move |_| go(-1) disabled={i == 0}>"Back"</button>
                        <button class="primary" data-testid="lesson-next" on:click=move |_| go(1) disabled={i + 1 >= n}>"Next"</button>
                        <button class="plain" on:click=move |_| state.lesson.set(None)>"Close lesson"</button>
                    </div>
                </section>
            }
        })
    }
}
