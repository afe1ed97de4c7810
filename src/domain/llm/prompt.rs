//! The text→map prompt: asks the model which places and spatial relations a piece of text
//! reveals, given what the map already knows (known places, where the reader is, the last few
//! steps). The answer is the observation reply of [`super::reply`].
//!
//! The prompt spells out the reply shape in words as well as in the schema, because the
//! OpenAI-compatible dialect only asks for "some JSON object" and relies on the instructions.
//! Long inputs are bounded: at most [`MAX_KNOWN_LOCATIONS`] known names and
//! [`MAX_RECENT_STEPS`] recent steps of at most [`MAX_STEP_CHARS`] characters each.

use super::request::Prompt;
use crate::domain::Direction;

/// Known place names listed in the prompt (the rest are counted, not listed).
pub const MAX_KNOWN_LOCATIONS: usize = 100;
/// Recent steps shown for context (the most recent ones).
pub const MAX_RECENT_STEPS: usize = 3;
/// Characters kept of each recent step.
pub const MAX_STEP_CHARS: usize = 160;

/// What the model needs to read one observation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MappingContext {
    /// Canonical names already on the map, in the order they were added.
    pub known_locations: Vec<String>,
    /// Where the reader is before this text, if known.
    pub current_location: Option<String>,
    /// Short summaries of the previous steps, oldest first (e.g. "go north: You are in the
    /// kitchen."). Only the last [`MAX_RECENT_STEPS`] are shown.
    pub recent_steps: Vec<String>,
    /// The text to read now.
    pub observation: String,
}

/// The system message of the mapping call.
pub fn mapping_system_prompt() -> String {
    let directions: Vec<&str> = Direction::ALL.iter().map(|d| d.as_str()).collect();
    format!(
        "You are a careful map analyst. You read a piece of narrative text (a story, a travel \
note, or the output of a text adventure) and record which places it mentions and how they \
are connected, so that a map can be drawn from them. You answer with one JSON object and \
nothing else.\n\
\n\
Rules:\n\
1. Only record places and connections the text states or clearly implies. Do not invent \
places. If nothing new is revealed, return empty arrays.\n\
2. Use short lowercase place names without articles (\"kitchen\", not \"The Kitchen\"). When \
the text refers to a place that is already on the map, use the known name exactly; put other \
names used for it in \"aliases\".\n\
3. A relation {{\"from\": A, \"to\": B, \"direction\": D}} means: going D from A leads to B. \
\"The kitchen is north of the hall\" is from \"hall\" to \"kitchen\", direction \"north\". \
\"You walk west into the library\" is from the current location to \"library\", direction \
\"west\".\n\
4. \"direction\" must be one of: {}; or null when the text gives none.\n\
5. If the text gives a bearing instead of a compass word, put it in \"angle_deg\" (degrees, \
0 = north, 90 = east, clockwise). If it gives no direction at all, set \"direction\" to null \
and describe the connection in \"description\" (e.g. \"through the red door\").\n\
6. \"distance\" is \"near\", \"medium\", \"far\", or null when not stated.\n\
7. Never create a relation from a place to itself.\n\
8. \"current_location\" is where the reader is after the text (null if unknown).\n\
9. \"analysis\" is one or two short sentences explaining your reading.\n\
\n\
Reply shape:\n\
{{\"locations\": [{{\"name\": string, \"aliases\": [string], \"description\": string or null}}], \
\"relations\": [{{\"from\": string, \"to\": string, \"direction\": string or null, \
\"description\": string or null, \"angle_deg\": number or null, \"distance\": \"near\" | \
\"medium\" | \"far\" | null}}], \"current_location\": string or null, \"analysis\": string}}",
        directions.join(", ")
    )
}

/// Cuts `text` to `max` characters, adding "…" when something was cut.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= max {
        collapsed
    } else {
        let mut cut: String = collapsed.chars().take(max).collect();
        cut.push('…');
        cut
    }
}

/// The user message of the mapping call.
pub fn mapping_user_prompt(ctx: &MappingContext) -> String {
    let mut out = String::new();
    if ctx.known_locations.is_empty() {
        out.push_str("Known locations: none yet.\n");
    } else {
        let shown: Vec<&str> = ctx
            .known_locations
            .iter()
            .take(MAX_KNOWN_LOCATIONS)
            .map(String::as_str)
            .collect();
        out.push_str("Known locations (reuse these exact names for the same places): ");
        out.push_str(&shown.join(", "));
        let hidden = ctx
            .known_locations
            .len()
            .saturating_sub(MAX_KNOWN_LOCATIONS);
        if hidden > 0 {
            out.push_str(&format!(" (and {hidden} more)"));
        }
        out.push('\n');
    }
    out.push_str("Current location: ");
    match ctx.current_location.as_deref().map(str::trim) {
        Some(c) if !c.is_empty() => out.push_str(c),
        _ => out.push_str("<unknown>"),
    }
    out.push('\n');
    let skip = ctx.recent_steps.len().saturating_sub(MAX_RECENT_STEPS);
    let recent: Vec<&String> = ctx.recent_steps.iter().skip(skip).collect();
    if !recent.is_empty() {
        out.push_str("Recent steps (oldest first):\n");
        for step in recent {
            out.push_str("- ");
            out.push_str(&shorten(step, MAX_STEP_CHARS));
            out.push('\n');
        }
    }
    out.push_str("\nText to read:\n\"\"\"\n");
    out.push_str(ctx.observation.trim());
    out.push_str("\n\"\"\"\n\nReply with the JSON object only.");
    out
}

/// Both messages of the mapping call.
pub fn mapping_prompt(ctx: &MappingContext) -> Prompt {
    Prompt {
        system: mapping_system_prompt(),
        user: mapping_user_prompt(ctx),
    }
}
