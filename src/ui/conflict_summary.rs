//! The numbers beside the map: its size and its conflicts by type.

use crate::domain::Counts;
use leptos::prelude::*;

/// Rooms, exits and conflict counts of one map.
#[component]
pub fn ConflictSummary(
    /// Number of rooms on the map.
    rooms: usize,
    /// Number of exits on the map (observed and assumed ways back).
    exits: usize,
    /// Conflicts by type.
    counts: Counts,
) -> impl IntoView {
    view! {
        <aside class="conflict-summary">
            <dl class="map-size">
                <div><dt>"Rooms"</dt><dd data-testid="room-count">{rooms}</dd></div>
                <div><dt>"Exits"</dt><dd data-testid="exit-count">{exits}</dd></div>
            </dl>
            <h2>"Conflicts"</h2>
            <p class="conflict-total" class:clean=counts.total == 0>
                <span data-testid="conflict-count">{counts.total}</span>
                {if counts.total == 1 { " conflict" } else { " conflicts" }}
            </p>
            <table class="conflict-types">
                <tbody>
                    <CountRow name="Directional" count=counts.direction testid="count-directional" />
                    <CountRow name="Topological" count=counts.topology testid="count-topological" />
                    <CountRow name="Naming" count=counts.naming testid="count-naming" />
                </tbody>
            </table>
        </aside>
    }
}

/// One conflict type and its count.
#[component]
fn CountRow(
    /// The type's name.
    name: &'static str,
    /// How many conflicts of that type.
    count: usize,
    /// The `data-testid` of the count cell.
    testid: &'static str,
) -> impl IntoView {
    view! {
        <tr class:zero=count == 0>
            <th scope="row">{name}</th>
            <td data-testid=testid>{count}</td>
        </tr>
    }
}
