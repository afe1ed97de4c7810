//! `bench read [FILE] [--words N] [--runs R]`: how long the offline prose reader takes on a
//! chapter of N words (default 10,000): FILE's paragraphs repeated until N words (or, without
//! FILE, a built-in tour paragraph repeated), read R times (default 5); prints the fastest and
//! the median run in milliseconds, the tagger's first load included in the first run only.

use crate::args::{BenchReadArgs, Format};
use crate::{emit, read, CliError};
use maprepair::domain::llm::{split_observations, Split};
use maprepair::domain::prose::read_paragraphs;
use serde_json::json;
use std::time::Instant;

/// A paragraph of the kind the reader is for, used when no file is given.
const TOUR: &str = "They returned to the hall, that the chief staircase might be ascended, and \
Catherine followed the General across the hall, through the common drawing-room and one useless \
antechamber, into the library. From the library they passed along a narrow passage to the \
kitchen, and out of the kitchen into the court, where the stables lay beyond the garden wall. \
\"Do not go into the gallery,\" said she; and so they went up the winding stair to the tower.";

#[allow(clippy::disallowed_methods)] // The CLI owns the clock; the core never reads it.
pub fn run(args: &BenchReadArgs, format: Format) -> Result<(), CliError> {
    let words = args.words;
    let runs = args.runs.max(1);
    let source = match &args.file {
        Some(f) => split_observations(&read(f)?, &Split::Paragraphs),
        None => vec![TOUR.to_string()],
    };
    if source.is_empty() {
        return Err(CliError::Failed("the file has no paragraphs".into()));
    }
    let mut chapter = Vec::new();
    let mut count = 0;
    while count < words {
        for p in &source {
            count += p.split_whitespace().count();
            chapter.push(p.clone());
            if count >= words {
                break;
            }
        }
    }
    let mut times = Vec::with_capacity(runs);
    let mut places = 0;
    let mut links = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let reading = read_paragraphs(&chapter).map_err(|e| CliError::Failed(e.to_string()))?;
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        places = reading.places().count();
        links = reading.links.len();
    }
    let first = times[0];
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let json = json!({"words": count, "paragraphs": chapter.len(), "runs": runs,
        "ms_fastest": times[0], "ms_median": median, "ms_first": first, "places": places, "links": links});
    emit(format, &json, || {
        format!(
            "{count} words in {} paragraphs: fastest {:.1} ms, median {:.1} ms (first run {:.1} ms, tagger load included); {places} places, {links} links",
            chapter.len(),
            times[0],
            median,
            first
        )
    });
    Ok(())
}
