//! What the map's marks mean.

use leptos::prelude::*;

/// One legend entry: a line or box sample and its meaning.
#[component]
fn Key(
    /// CSS class of the sample.
    sample: &'static str,
    /// What it means.
    text: &'static str,
) -> impl IntoView {
    view! { <li><span class=format!("key {sample}")></span>{text}</li> }
}

/// The legend below the map.
#[component]
pub fn Legend() -> impl IntoView {
    view! {
        <details class="legend" open=true>
            <summary>"Legend"</summary>
            <ul>
                <Key sample="walked" text="exit seen in the text" />
                <Key sample="assumed" text="assumed way back" />
                <Key sample="oneway" text="one-way (arrow)" />
                <Key sample="clash" text="directional conflict" />
                <Key sample="loop" text="loop that does not close" />
                <Key sample="halo" text="rooms on one spot" />
                <Key sample="naming" text="name shared by rooms" />
                <Key sample="added" text="added by the shown commit" />
                <Key sample="here" text="where the shown step left the reader" />
                <Key sample="path" text="path from the common ancestor" />
                <Key sample="candidate" text="candidate (ranked #1, #2…)" />
                <Key sample="route" text="route finder's route (moves 1., 2.…)" />
                <Key sample="truth-wrong" text="truth: wrong direction" />
                <Key sample="truth-spurious" text="truth: not in the true map" />
                <Key sample="truth-missing" text="truth: missing here" />
            </ul>
            <p class="hint">"Up, down, in, out and other non-compass exits are labelled on the line."</p>
        </details>
    }
}
