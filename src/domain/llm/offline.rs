//! Text → map without a model: a walkthrough step read on its own ([`read_offline`]), and a
//! whole text read by the offline prose reader ([`crate::domain::prose`]) into one reply per
//! paragraph ([`prose_replies`]), each link's sentence quoted with the words it rests on
//! marked ([`evidence_marks`], [`marked_segments`]), and committed one paragraph at a time
//! ([`read_prose`]).

use super::build::{apply_observation, skip_observation, Spelling};
use super::reply::{LocationReply, ObservationReply, RelationReply};
use crate::domain::history::History;
use crate::domain::prose::{read_paragraphs, Reading, TaggerError};
use crate::domain::Direction;

/// Reads one observation without a model. A walkthrough step (`> north` then the game's text)
/// whose action is a direction and whose first line looks like a room title is read as a move
/// there; anything else (the game's answer to an action it cannot use, or a paragraph of
/// prose) goes to the offline prose reader on its own ([`prose_replies`]), which starts from
/// `current` as nowhere: a single paragraph says where it is or it says nothing.
pub fn read_offline(text: &str, current: Option<&str>) -> ObservationReply {
    if let Some(reply) = read_walkthrough_step(text, current) {
        return reply;
    }
    let body: String = match text.strip_prefix("> ") {
        // An action the walkthrough reading cannot use: read the game's answer only.
        Some(rest) => rest.split_once('\n').map_or("", |(_, b)| b).to_string(),
        None => text.to_string(),
    };
    prose_replies(&[body])
        .ok()
        .and_then(|mut replies| replies.pop())
        .unwrap_or_default()
}

/// Reads a whole text (its observations in order) with the offline prose reader: one reply
/// per observation, naming the places it mentions (with their aliases), the links it reads
/// (no direction stated: a link), where the reader is after it, and an analysis that quotes
/// each link's sentence with the words it rests on between ⟦ and ⟧ ([`evidence_marks`]).
///
/// # Errors
/// [`TaggerError`] only if the embedded tagger model is damaged (a build defect).
pub fn prose_replies(observations: &[String]) -> Result<Vec<ObservationReply>, TaggerError> {
    let reading = read_paragraphs(observations)?;
    Ok((0..reading.paragraphs.len())
        .map(|i| prose_reply(&reading, i))
        .collect())
}

/// An alias two kept places share names neither.
fn own_aliases(reading: &Reading, id: usize) -> Vec<String> {
    let key = crate::domain::names::normalize_name;
    let Some(place) = reading.book.places.get(id) else {
        return Vec::new();
    };
    place
        .aliases
        .iter()
        .filter(|a| {
            !reading.places().any(|(j, other)| {
                j != id
                    && std::iter::once(&other.name)
                        .chain(&other.aliases)
                        .any(|n| key(n) == key(a))
            })
        })
        .cloned()
        .collect()
}

fn prose_reply(reading: &Reading, i: usize) -> ObservationReply {
    let para = &reading.paragraphs[i];
    let location = |id: usize| LocationReply {
        name: reading.name(id).to_string(),
        aliases: own_aliases(reading, id),
        description: None,
    };
    let mut reply = ObservationReply {
        locations: para.places.iter().map(|&id| location(id)).collect(),
        current_location: para.current.map(|c| reading.name(c).to_string()),
        ..ObservationReply::default()
    };
    let mut notes = Vec::new();
    for link in para.links.iter().filter_map(|&k| reading.links.get(k)) {
        for id in [link.from, link.to] {
            if !reply.locations.iter().any(|l| l.name == reading.name(id)) {
                reply.locations.push(location(id));
            }
        }
        reply.relations.push(RelationReply {
            from: reading.name(link.from).to_string(),
            to: reading.name(link.to).to_string(),
            direction: link.direction,
            description: None,
            angle_deg: None,
            distance: None,
        });
        let way = link
            .direction
            .map_or("a way".to_string(), |d| d.to_string());
        notes.push(format!(
            "{} → {} ({way}): “{}”",
            reading.name(link.from),
            reading.name(link.to),
            evidence_marks(&link.evidence, &link.words)
        ));
    }
    reply.analysis = Some(if notes.is_empty() {
        "Offline prose reader: no way between places in this paragraph.".to_string()
    } else {
        format!("Offline prose reader: {}", notes.join(" "))
    });
    reply
}

/// The sentence with the byte ranges `words` wrapped in ⟦ and ⟧ (ranges off a character
/// boundary or out of order are left unmarked).
pub fn evidence_marks(sentence: &str, words: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(sentence.len() + words.len() * 6);
    let mut at = 0;
    for &(a, b) in words {
        if a < at
            || b > sentence.len()
            || a >= b
            || !sentence.is_char_boundary(a)
            || !sentence.is_char_boundary(b)
        {
            continue;
        }
        out.push_str(&sentence[at..a]);
        out.push('⟦');
        out.push_str(&sentence[a..b]);
        out.push('⟧');
        at = b;
    }
    out.push_str(&sentence[at..]);
    out
}

/// A text cut at the ⟦ ⟧ marks of [`evidence_marks`]: `(words, marked)` pieces in order, the
/// marks themselves dropped (a text without marks is one unmarked piece).
pub fn marked_segments(text: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('⟦') {
        let after = &rest[open + '⟦'.len_utf8()..];
        let Some(close) = after.find('⟧') else {
            break;
        };
        if open > 0 {
            out.push((rest[..open].to_string(), false));
        }
        out.push((after[..close].to_string(), true));
        rest = &after[close + '⟧'.len_utf8()..];
    }
    if !rest.is_empty() {
        out.push((rest.to_string(), false));
    }
    out
}

/// Reads a whole text offline ([`prose_replies`]) and commits it, one commit per observation,
/// as the app's no-key path does.
///
/// # Errors
/// [`TaggerError`] only if the embedded tagger model is damaged (a build defect).
pub fn read_prose(observations: &[String]) -> Result<History, TaggerError> {
    let replies = prose_replies(observations)?;
    let mut history = History::new();
    let mut current: Option<String> = None;
    for (i, (text, reply)) in observations.iter().zip(&replies).enumerate() {
        let id = u32::try_from(i).unwrap_or(u32::MAX);
        match apply_observation(
            &mut history,
            id,
            text,
            reply,
            current.as_deref(),
            Spelling::Text,
        ) {
            Ok(applied) => current = reply.current_location.clone().or(applied.current),
            Err(e) => {
                let _ = skip_observation(&mut history, id, text, &e.to_string());
            }
        }
    }
    Ok(history)
}

fn title_like(line: &str) -> bool {
    let l = line.trim();
    let words = l.split_whitespace().count();
    (1..=6).contains(&words)
        && !l.ends_with(['.', '!', '?', ','])
        && l.chars().next().is_some_and(char::is_alphabetic)
}

fn read_walkthrough_step(text: &str, current: Option<&str>) -> Option<ObservationReply> {
    let rest = text.strip_prefix("> ")?;
    let (action, body) = rest.split_once('\n').unwrap_or((rest, ""));
    let title = body.lines().map(str::trim).find(|l| !l.is_empty())?;
    if !title_like(title) {
        return None;
    }
    let direction = Direction::parse(action.trim().trim_start_matches("go ").trim());
    let mut reply = ObservationReply {
        locations: vec![LocationReply {
            name: title.to_string(),
            aliases: Vec::new(),
            description: None,
        }],
        current_location: Some(title.to_string()),
        ..ObservationReply::default()
    };
    match (direction, current.map(str::trim).filter(|c| !c.is_empty())) {
        (Some(d), Some(from)) => {
            reply.relations.push(RelationReply {
                from: from.to_string(),
                to: title.to_string(),
                direction: Some(d),
                description: None,
                angle_deg: None,
                distance: None,
            });
            reply.analysis = Some(format!(
                "Offline reading of a walkthrough step: going {d} from {from} leads to {title}."
            ));
        }
        _ => {
            reply.analysis = Some(format!(
                "Offline reading of a walkthrough step: the reader is at {title}."
            ));
        }
    }
    Some(reply)
}
