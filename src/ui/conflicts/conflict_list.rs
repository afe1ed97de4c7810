//! The conflicts of the shown version, grouped by type with a count per group. Selecting one
//! opens it in the inspector and marks its paths and candidates on the map.

use crate::domain::ConflictType;
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use crate::view::describe::{conflict_title, type_explainer, type_name};
use leptos::prelude::*;

/// Items shown per group before "and N more".
const SHOWN: usize = 150;

/// The three groups.
#[component]
pub fn ConflictList() -> impl IntoView {
    view! {
        <section class="conflict-list" data-testid="conflict-list">
            <ConflictGroup ctype=ConflictType::Directional testid="count-directional" />
            <ConflictGroup ctype=ConflictType::Topological testid="count-topological" />
            <ConflictGroup ctype=ConflictType::Naming testid="count-naming" />
        </section>
    }
}

/// One type's heading, count and items.
#[component]
fn ConflictGroup(
    /// The type listed.
    ctype: ConflictType,
    /// The `data-testid` of the count.
    testid: &'static str,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let items = Memo::new(move |_| {
        state.panels.with(|s| {
            s.analysis
                .conflicts
                .iter()
                .filter(|c| c.ctype == ctype)
                .map(|c| (c.id.clone(), conflict_title(&s.map, c)))
                .collect::<Vec<_>>()
        })
    });
    let count = move || items.with(Vec::len);
    view! {
        <div class=format!("conflict-group {}", ctype.as_str()) class:zero=move || count() == 0>
            <h3 title=type_explainer(ctype)>
                <span class="swatch"></span>{type_name(ctype)}
                <span class="count" data-testid=testid>{count}</span>
            </h3>
            <ul>
                <For
                    each=move || items.with(|list| list.iter().take(SHOWN).cloned().collect::<Vec<_>>())
                    key=|item| item.clone()
                    children=move |(id, title)| view! { <ConflictItem id=id title=title ctype=ctype /> }
                />
            </ul>
            {move || (count() > SHOWN).then(|| view! { <p class="more">{format!("and {} more", count() - SHOWN)}</p> })}
        </div>
    }
}

/// One conflict; selecting it again clears the selection.
#[component]
fn ConflictItem(
    /// The conflict's id.
    id: String,
    /// Its one-line title.
    title: String,
    /// Its type.
    ctype: ConflictType,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = id.clone();
    let selected = move || {
        state
            .selected_conflict
            .with(|s| s.as_deref() == Some(key.as_str()))
    };
    let toggle = move |_| {
        state.playing.set_if_changed(false);
        state.selected_conflict.update(|s| {
            *s = if s.as_deref() == Some(id.as_str()) {
                None
            } else {
                Some(id.clone())
            };
        });
    };
    view! {
        <li>
            <button class="conflict-item" class:selected=selected data-testid="conflict-item" data-conflict-type=ctype.as_str() on:click=toggle>
                {title}
            </button>
        </li>
    }
}
