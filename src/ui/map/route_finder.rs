//! The route finder: pick two rooms — in the panel, or with "Route from here" / "Route to here"
//! on a selected room — and the cheapest way between them on the shown version is listed with
//! the directions to type and highlighted on the map ([`shortest_route`]: corridors walked both
//! ways first, assumed ways back last).

use crate::domain::map::{Map, Origin};
use crate::domain::route::{shortest_route, Route};
use crate::domain::RoomId;
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use leptos::prelude::*;
use std::sync::Arc;

/// The two ends picked, as room ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RouteEnds {
    /// Where the route starts.
    pub from: Option<u32>,
    /// Where it ends.
    pub to: Option<u32>,
}

/// The route finder's answer on one map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteAnswer {
    /// Both rooms are on the map and connected: the cheapest route.
    Found(Route),
    /// Both rooms are on the map, with no way from the first to the second.
    NoWay,
    /// A room picked is not on the map at this version.
    Missing,
}

/// The answer for `ends` on `map`; `None` until both ends are picked.
pub fn answer(map: &Map, ends: RouteEnds) -> Option<RouteAnswer> {
    let (from, to) = (RoomId(ends.from?), RoomId(ends.to?));
    if map.room(from).is_none() || map.room(to).is_none() {
        return Some(RouteAnswer::Missing);
    }
    Some(match shortest_route(map, from, to) {
        Some(route) => RouteAnswer::Found(route),
        None => RouteAnswer::NoWay,
    })
}

/// One move of a route as the panel lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteStep {
    /// The command to type ("north", "go panel").
    pub command: String,
    /// The room it leads to.
    pub to: String,
    /// True when only the way back was observed (the move is assumed).
    pub assumed: bool,
}

/// The moves of `route` on `map`, in order.
pub fn steps(map: &Map, route: &Route) -> Vec<RouteStep> {
    route
        .exits
        .iter()
        .filter_map(|e| map.exit(*e))
        .map(|e| RouteStep {
            command: e.label.to_string(),
            to: map.room(e.to).map_or_else(String::new, |r| r.name.clone()),
            assumed: e.origin == Origin::InferredReverse,
        })
        .collect()
}

/// Which end of the route a select picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    From,
    To,
}

/// The rooms of a map to pick from, by name.
fn choices(map: &Map) -> Vec<(u32, String)> {
    let mut v: Vec<(u32, String)> = map.rooms().map(|r| (r.id.0, r.name.clone())).collect();
    v.sort_by(|a, b| {
        a.1.to_lowercase()
            .cmp(&b.1.to_lowercase())
            .then(a.0.cmp(&b.0))
    });
    v
}

/// The route finder panel.
#[allow(clippy::too_many_lines)] // A Leptos component: its view! markup is one tree, read top to bottom.
#[component]
pub fn RoutePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    // Only the select being used lists every room: the lists are built when it gets focus (and
    // dropped when it loses it), so opening, playing or scrubbing a 2,000-room map does not
    // rebuild thousands of options. Otherwise a select holds just the room chosen.
    let listing = RwSignal::new(None::<End>);
    let rooms = Memo::new(move |_| match listing.get() {
        Some(_) => Arc::new(state.panels.with(|s| choices(&s.map))),
        None => Arc::new(Vec::new()),
    });
    let pick = move |which: End| {
        move |ev: leptos::ev::Event| {
            let v = event_target_value(&ev).parse::<u32>().ok();
            state.route_ends.update(|e| match which {
                End::From => e.from = v,
                End::To => e.to = v,
            });
        }
    };
    let options = move |which: End| {
        let chosen = state.route_ends.with(|e| match which {
            End::From => e.from,
            End::To => e.to,
        });
        let mut out =
            vec![view! { <option value="" selected=chosen.is_none()>"—"</option> }.into_any()];
        if listing.get() == Some(which) {
            out.extend(rooms.get().iter().map(|(id, name)| {
                let id = *id;
                view! { <option value=id.to_string() selected=chosen == Some(id)>{name.clone()}</option> }
                    .into_any()
            }));
        } else if let Some(id) = chosen {
            let name = state.panels.with(|s| {
                s.map.room(RoomId(id)).map_or_else(
                    || "(not on the map at this version)".to_string(),
                    |r| r.name.clone(),
                )
            });
            out.push(
                view! { <option value=id.to_string() selected=true>{name}</option> }.into_any(),
            );
        }
        out
    };
    let result = move || {
        let Some(answer) = state.route.get() else {
            return view! {
                <p class="hint">"Pick two rooms here, or select a room on the map and use “Route from here” / “Route to here”."</p>
            }
            .into_any();
        };
        match answer.as_ref() {
            RouteAnswer::Missing => view! {
                <p class="hint" data-testid="route-result">"A room picked is not on the map at this version."</p>
            }
            .into_any(),
            RouteAnswer::NoWay => view! {
                <p class="hint" data-testid="route-result">"There is no way between these rooms on this map."</p>
            }
            .into_any(),
            RouteAnswer::Found(route) if route.is_empty() => view! {
                <p class="hint" data-testid="route-result">"You are already there."</p>
            }
            .into_any(),
            RouteAnswer::Found(route) => {
                let list = state.snapshot.with(|s| steps(&s.map, route));
                let assumed = list.iter().filter(|s| s.assumed).count();
                let summary = match (list.len(), assumed) {
                    (1, _) => "1 move".to_string(),
                    (n, 0) => format!("{n} moves"),
                    (n, a) => format!("{n} moves, {a} of them assumed (only the way back was seen)"),
                };
                let rows = list
                    .into_iter()
                    .map(|s| {
                        view! {
                            <li data-testid="route-step" class:assumed=s.assumed>
                                <b>{s.command}</b>" → "{s.to}
                                {s.assumed.then(|| view! { <span class="tag">"assumed"</span> })}
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <div data-testid="route-result">
                        <p class="route-summary">{summary}</p>
                        <ol class="route-steps">{rows}</ol>
                    </div>
                }
                .into_any()
            }
        }
    };
    view! {
        <section class="route-panel panel" data-testid="route-panel">
            <h2>"Route finder"</h2>
            <label class="field">"From "
                <select data-testid="route-from" on:change=pick(End::From)
                    on:pointerdown=move |_| listing.set(Some(End::From))
                    on:focus=move |_| listing.set(Some(End::From)) on:blur=move |_| listing.set(None)>
                    {move || options(End::From)}
                </select>
            </label>
            <label class="field">"To "
                <select data-testid="route-to" on:change=pick(End::To)
                    on:pointerdown=move |_| listing.set(Some(End::To))
                    on:focus=move |_| listing.set(Some(End::To)) on:blur=move |_| listing.set(None)>
                    {move || options(End::To)}
                </select>
            </label>
            <div class="button-row">
                <button data-testid="route-swap" on:click=move |_| state.route_ends.update(|e| std::mem::swap(&mut e.from, &mut e.to))>"Swap"</button>
                <button data-testid="route-clear" on:click=move |_| state.route_ends.set_if_changed(RouteEnds::default())>"Clear"</button>
            </div>
            {result}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;
    use crate::domain::{Draft, History, Label};

    /// Hall -north-> Library -east-> Study (both observed, ways back assumed); a Cellar alone.
    fn map() -> (Map, [u32; 4]) {
        let mut h = History::new();
        let mut d = Draft::new(h.head());
        let (hall, library, study, cellar) = (
            d.room("Hall"),
            d.room("Library"),
            d.room("Study"),
            d.room("Cellar"),
        );
        d.exit(hall, library, Label::Dir(North), true);
        d.exit(library, study, Label::Dir(East), true);
        let _ = h.commit(d.finish(), crate::domain::CommitInfo::default());
        (h.head().clone(), [hall.0, library.0, study.0, cellar.0])
    }

    #[test]
    fn a_route_lists_each_command_and_where_it_leads() {
        let (m, [hall, _, study, _]) = map();
        let ends = RouteEnds {
            from: Some(hall),
            to: Some(study),
        };
        let Some(RouteAnswer::Found(r)) = answer(&m, ends) else {
            panic!("no route");
        };
        let s = steps(&m, &r);
        let shown: Vec<(String, String, bool)> = s
            .into_iter()
            .map(|s| (s.command, s.to, s.assumed))
            .collect();
        assert_eq!(
            shown,
            vec![
                ("north".to_string(), "Library".to_string(), false),
                ("east".to_string(), "Study".to_string(), false),
            ]
        );
    }

    #[test]
    fn the_way_back_is_marked_as_assumed() {
        let (m, [hall, _, study, _]) = map();
        let ends = RouteEnds {
            from: Some(study),
            to: Some(hall),
        };
        let Some(RouteAnswer::Found(r)) = answer(&m, ends) else {
            panic!("no route");
        };
        let s = steps(&m, &r);
        assert_eq!(s.len(), 2);
        assert!(s.iter().all(|s| s.assumed));
        assert_eq!(s[0].command, "west");
    }

    #[test]
    fn unconnected_missing_and_unpicked_ends_are_told_apart() {
        let (m, [hall, _, _, cellar]) = map();
        let both = |from, to| RouteEnds {
            from: Some(from),
            to: Some(to),
        };
        assert_eq!(answer(&m, both(hall, cellar)), Some(RouteAnswer::NoWay));
        assert_eq!(answer(&m, both(hall, 99)), Some(RouteAnswer::Missing));
        assert_eq!(
            answer(
                &m,
                RouteEnds {
                    from: Some(hall),
                    to: None
                }
            ),
            None
        );
    }
}
