//! The map drawn as SVG: exit lines under room boxes.

use super::drawing::{Drawing, ExitLine, RoomSpot, ROOM_HEIGHT, ROOM_WIDTH};
use leptos::prelude::*;

/// An SVG picture of a map, scaled to the width available.
#[component]
pub fn MapCanvas(
    /// What to draw (see [`Drawing::of`]).
    drawing: Drawing,
) -> impl IntoView {
    let view_box = format!("0 0 {} {}", drawing.width, drawing.height);
    view! {
        <svg
            class="map-canvas"
            data-testid="map-canvas"
            viewBox=view_box
            role="img"
            aria-label="Map of the rooms on their compass grid"
        >
            <g class="exits">{drawing.exits.into_iter().map(|exit| view! { <ExitPath exit=exit /> }).collect_view()}</g>
            <g class="rooms">{drawing.rooms.into_iter().map(|room| view! { <RoomBox room=room /> }).collect_view()}</g>
        </svg>
    }
}

/// One exit's line.
#[component]
fn ExitPath(
    /// The line to draw.
    exit: ExitLine,
) -> impl IntoView {
    let [(x1, y1), (x2, y2)] = exit.ends;
    view! {
        <line
            class="exit"
            class:inferred=exit.inferred
            class:conflicted=exit.conflicted
            data-testid="exit"
            data-exit-id=exit.id
            x1=x1
            y1=y1
            x2=x2
            y2=y2
        >
            <title>{exit.label}</title>
        </line>
    }
}

/// One room's box with its name.
#[component]
fn RoomBox(
    /// The room to draw.
    room: RoomSpot,
) -> impl IntoView {
    view! {
        <g class="room" class:conflicted=room.conflicted data-testid="room" data-room-id=room.id>
            <rect
                x=room.x - ROOM_WIDTH / 2.0
                y=room.y - ROOM_HEIGHT / 2.0
                width=ROOM_WIDTH
                height=ROOM_HEIGHT
                rx="8"
            />
            <text x=room.x y=room.y>{room.name}</text>
        </g>
    }
}
