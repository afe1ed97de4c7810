//! `bench routes --data DIR [--automap clean|raw] [--hints yes|no] [--built DIR] [--verbose]`: MANGO's
//! navigation questions answered on maps built by the offline automapper (or, with `--built`,
//! on the edge lists `DIR/<game>_edges.json`, such as the LLM-built maps, each with its inferred
//! ways back as the app shows it), scored strictly against the refined ground truth
//! (`edges.json`, walked exactly as listed: no inferred ways back).
//!
//! * **Route finding** — "how do I get from A to B?": every `all_pairs.jsonl` line (one per
//!   ordered pair), and every `all2all.jsonl` line (one per reference path). The answer is the
//!   automapped map's shortest route; it succeeds when its moves, walked on the truth, lead
//!   from A to B.
//! * **Destination finding** — "where do these moves from A lead?": every `all2all.jsonl` line,
//!   its reference moves followed on the automapped map; it succeeds when they end in B.
//!
//! Each wrong route answer is blamed on its first exit that, walked on the truth, does not lead
//! where the map says: every game's row lists those exits with how many answers each made
//! wrong (`wrong_exits`), and `--verbose` prints them all, worst first. One wrong exit on a
//! corridor many routes share can cost a hundred answers.
//!
//! The question files predate MANGO's refinement, so some cite rooms or moves the refined truth
//! no longer has. Only answerable questions are scored: a pair question when B can be reached
//! from A on the truth, a path question when its reference moves still lead from A to B there.
//! `DIR` is MANGO's `data_fixed` directory or a directory holding it.

use crate::args::{BenchRoutesArgs, Format, Walkthroughs, YesNo};
use crate::eval::automap_game;
use crate::games::{game_file, games, truth};
use crate::{emit, read, CliError};
use maprepair::domain::direction::Label;
use maprepair::domain::eval::truth_map;
use maprepair::domain::map::{Exit, ExitId, Map, RoomId};
use maprepair::domain::route::{exit_cost, follow, shortest_route, shortest_route_by};
use maprepair::domain::Project;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How much more a guessed exit costs on a route.
const GUESS_FACTOR: u32 = 3;

/// Counts for one kind of question.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    questions: usize,
    answerable: usize,
    solved: usize,
    /// Unsolved because the built map has no room of that name at one end.
    missing_end: usize,
    /// Unsolved because the built map has both rooms but no way between them.
    no_route: usize,
    /// Unsolved because the built map's answer is wrong on the truth.
    wrong: usize,
}

/// Why a question went unsolved (or that it was solved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Solved,
    MissingEnd,
    NoRoute,
    Wrong,
}

impl Tally {
    pub fn add(&mut self, o: Tally) {
        self.questions += o.questions;
        self.answerable += o.answerable;
        self.solved += o.solved;
        self.missing_end += o.missing_end;
        self.no_route += o.no_route;
        self.wrong += o.wrong;
    }

    /// Counts one answerable question.
    fn count(&mut self, outcome: Outcome) {
        self.answerable += 1;
        match outcome {
            Outcome::Solved => self.solved += 1,
            Outcome::MissingEnd => self.missing_end += 1,
            Outcome::NoRoute => self.no_route += 1,
            Outcome::Wrong => self.wrong += 1,
        }
    }

    /// The share of answerable questions solved (0 when none is answerable).
    pub fn rate(&self) -> f64 {
        if self.answerable == 0 {
            0.0
        } else {
            self.solved as f64 / self.answerable as f64
        }
    }

    pub fn json(&self) -> Value {
        json!({
            "questions": self.questions,
            "answerable": self.answerable,
            "solved": self.solved,
            "success_rate": self.rate(),
            "unsolved": {
                "room_missing_from_map": self.missing_end,
                "no_route_on_map": self.no_route,
                "wrong_on_truth": self.wrong,
            },
        })
    }
}

/// A question file's lines as JSON objects.
fn jsonl(path: &Path) -> Result<Vec<Value>, CliError> {
    if !path.is_file() {
        return Ok(Vec::new());
    }
    read(path)?
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map_err(|e| CliError::Failed(format!("{}, line {}: {e}", path.display(), i + 1)))
        })
        .collect()
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().trim().to_lowercase()
}

fn room(map: &Map, name: &str) -> Option<RoomId> {
    map.find_room(name).map(|r| r.id)
}

/// True if `moves` walked on the truth lead from `from` to `to`.
fn leads(truth: &Map, from: &str, to: &str, moves: &[Label]) -> bool {
    match (room(truth, from), room(truth, to)) {
        (Some(a), Some(b)) => follow(truth, a, moves) == Some(b),
        _ => false,
    }
}

/// The automapped map's answer to "how from A to B?", scored on the truth, with the answer's
/// exits when it gave one.
fn route_outcome<'m>(
    truth: &Map,
    built: &'m Map,
    guessed: &[ExitId],
    from: &str,
    to: &str,
) -> (Outcome, Option<Vec<&'m Exit>>) {
    let (Some(a), Some(b)) = (room(built, from), room(built, to)) else {
        return (Outcome::MissingEnd, None);
    };
    let Some(exits) = answer_route(built, guessed, a, b) else {
        return (Outcome::NoRoute, None);
    };
    let moves: Vec<Label> = exits.iter().map(|e| e.label.clone()).collect();
    let outcome = if leads(truth, from, to, &moves) {
        Outcome::Solved
    } else {
        Outcome::Wrong
    };
    (outcome, Some(exits))
}

/// The first exit of an answer from `from` that, walked on the truth, does not lead where the
/// built map says: "a -north-> b (truth: c)", or "(truth: no such way)". `None` when every exit
/// does.
fn first_wrong_exit(truth: &Map, built: &Map, from: &str, exits: &[&Exit]) -> Option<String> {
    let name = |r: RoomId| built.room(r).map_or(String::new(), |x| x.name.clone());
    let mut at = room(truth, from)?;
    for e in exits {
        let went = follow(truth, at, std::slice::from_ref(&e.label));
        let truth_to = went
            .and_then(|r| truth.room(r))
            .map(|r| r.name.to_lowercase());
        if truth_to.as_deref() != Some(name(e.to).to_lowercase().as_str()) {
            return Some(format!(
                "{} -{}-> {} (truth: {})",
                name(e.from),
                e.label,
                name(e.to),
                truth_to.as_deref().unwrap_or("no such way")
            ));
        }
        at = went?;
    }
    None
}

/// The automapped map's answer to "how from A to B?", as exits: the cheapest route, exits whose
/// start the automapper had to guess costing three times as much.
fn answer_route<'m>(
    built: &'m Map,
    guessed: &[ExitId],
    from: RoomId,
    to: RoomId,
) -> Option<Vec<&'m Exit>> {
    let route = shortest_route_by(built, from, to, |e| {
        exit_cost(built, e)
            * if guessed.contains(&e.id) {
                GUESS_FACTOR
            } else {
                1
            }
    })?;
    Some(route.exits.iter().filter_map(|e| built.exit(*e)).collect())
}

/// `DIR` itself when it holds the games, else `DIR/data_fixed`.
pub fn data_fixed(dir: &Path) -> PathBuf {
    let inner = dir.join("data_fixed");
    if inner.is_dir() {
        inner
    } else {
        dir.to_path_buf()
    }
}

/// MANGO's answers for one game: the three tallies (route finding on the pair questions and on
/// the path questions, destination finding on the path questions) and, for the wrong answers
/// to pair questions, how many each built exit made wrong (its first exit the truth lacks).
pub struct Answers {
    pub tallies: [Tally; 3],
    pub blame: BTreeMap<String, usize>,
}

/// MANGO's questions for one game answered on `built` and scored on `truth`.
pub fn ask(
    gt: &Path,
    game: &str,
    truth: &Map,
    built: &Map,
    guessed: &[ExitId],
) -> Result<Answers, CliError> {
    let mut blame = BTreeMap::new();
    let (mut pairs, mut paths, mut dest) = (Tally::default(), Tally::default(), Tally::default());
    for q in jsonl(&game_file(gt, game, "all_pairs.jsonl"))? {
        let (a, b) = (text(&q, "src_node"), text(&q, "dst_node"));
        pairs.questions += 1;
        let reachable = match (room(truth, &a), room(truth, &b)) {
            (Some(x), Some(y)) => shortest_route(truth, x, y).is_some(),
            _ => false,
        };
        if !reachable {
            continue;
        }
        let (outcome, exits) = route_outcome(truth, built, guessed, &a, &b);
        pairs.count(outcome);
        if outcome == Outcome::Wrong {
            if let Some(x) = exits.and_then(|e| first_wrong_exit(truth, built, &a, &e)) {
                *blame.entry(x).or_insert(0) += 1;
            }
        }
    }
    for q in jsonl(&game_file(gt, game, "all2all.jsonl"))? {
        let (a, b) = (text(&q, "src_node"), text(&q, "dst_node"));
        let moves: Vec<Label> = q["path_details"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| Label::parse(s["action"].as_str().unwrap_or_default()))
            .collect();
        paths.questions += 1;
        dest.questions += 1;
        if !leads(truth, &a, &b, &moves) {
            continue;
        }
        paths.count(route_outcome(truth, built, guessed, &a, &b).0);
        dest.count(match room(built, &a) {
            None => Outcome::MissingEnd,
            Some(x) => match follow(built, x, &moves).and_then(|r| built.room(r)) {
                None => Outcome::NoRoute,
                Some(r) if r.name.trim().eq_ignore_ascii_case(&b) => Outcome::Solved,
                Some(_) => Outcome::Wrong,
            },
        });
    }
    Ok(Answers {
        tallies: [pairs, paths, dest],
        blame,
    })
}

#[allow(clippy::disallowed_methods)] // The CLI owns the clock; the core never reads it.
pub fn run(args: &BenchRoutesArgs, format: Format) -> Result<(), CliError> {
    let gt = data_fixed(&args.data);
    let cleaned = args.automap.unwrap_or_default() == Walkthroughs::Clean;
    let hints = args.hints == YesNo::Yes;
    let built_dir = args.built.as_deref();
    let start = std::time::Instant::now();
    let (mut pairs_total, mut paths_total, mut dest_total) =
        (Tally::default(), Tally::default(), Tally::default());
    let mut rows = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    let verbose = args.verbose;
    let mut worst: Vec<(usize, String, String)> = Vec::new();
    for game in games(&gt)? {
        let truth = truth_map(&truth(&gt, &game)?);
        let (project, guessed) = match built_dir {
            Some(dir) => {
                let Some(records) = crate::games::built_records(dir, &game)? else {
                    missing.push(game);
                    continue;
                };
                (Project::from_edge_records(&game, &records), Vec::new())
            }
            None => {
                let a = automap_game(&gt, &game, cleaned, hints)?;
                (a.project, a.guessed)
            }
        };
        let built = project.history.head();
        let guessed = guessed.as_slice();
        let Answers { tallies, blame } = ask(&gt, &game, &truth, built, guessed)?;
        let [pairs, paths, dest] = tallies;
        let mut blamed: Vec<(String, usize)> = blame.into_iter().collect();
        blamed.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        if verbose {
            for (x, n) in &blamed {
                worst.push((*n, game.clone(), x.clone()));
            }
        }
        rows.push(json!({
            "game": game,
            "wrong_exits": blamed.iter().map(|(x, n)| json!({"exit": x, "wrong_answers": n})).collect::<Vec<_>>(),
            "route_finding_pairs": pairs.json(),
            "route_finding_paths": paths.json(),
            "destination_finding": dest.json(),
        }));
        pairs_total.add(pairs);
        paths_total.add(paths);
        dest_total.add(dest);
    }
    if let (Some(dir), true) = (built_dir, rows.is_empty()) {
        return Err(CliError::Failed(format!(
            "{}: no <game>_edges.json or <game>.edges.json for any of the {} games",
            dir.display(),
            missing.len()
        )));
    }
    let source = match built_dir {
        Some(dir) => format!("the edge lists in {}", dir.display()),
        None => format!(
            "the automapper from the {} walkthroughs",
            if cleaned { "cleaned" } else { "raw" }
        ),
    };
    let out = json!({
        "automap": if cleaned { "clean" } else { "raw" },
        "built": built_dir.map(|d| d.display().to_string()),
        "missing": missing,
        "hints": hints,
        "games": rows,
        "total": {
            "route_finding_pairs": pairs_total.json(),
            "route_finding_paths": paths_total.json(),
            "destination_finding": dest_total.json(),
        },
        "seconds": start.elapsed().as_secs_f64(),
    });
    emit(format, &out, || {
        let totals = [&pairs_total, &paths_total, &dest_total];
        text_report(
            rows.len(),
            totals,
            &source,
            &missing,
            verbose.then_some(&mut worst),
        )
    });
    Ok(())
}

/// The table `bench routes` prints: one line per kind of question, the source of the maps,
/// the games left out and, when asked (`worst`), every exit blamed for wrong answers, worst
/// first.
fn text_report(
    games: usize,
    [pairs, paths, dest]: [&Tally; 3],
    source: &str,
    missing: &[String],
    worst: Option<&mut Vec<(usize, String, String)>>,
) -> String {
    let line = |name: &str, t: &Tally| {
        format!(
            "{name:<34}{:>8}{:>11}{:>8}{:>9.3}{:>9}{:>9}{:>9}\n",
            t.questions,
            t.answerable,
            t.solved,
            t.rate(),
            t.missing_end,
            t.no_route,
            t.wrong,
        )
    };
    let mut s = format!(
        "{:<34}{:>8}{:>11}{:>8}{:>9}{:>9}{:>9}{:>9}\n",
        format!("question kind ({games} games)"),
        "asked",
        "answerable",
        "solved",
        "rate",
        "no room",
        "no way",
        "wrong"
    );
    s.push_str(&line("route finding (all_pairs.jsonl)", pairs));
    s.push_str(&line("route finding (all2all.jsonl)", paths));
    s.push_str(&line("destination finding (all2all.jsonl)", dest));
    s.push_str(&format!(
        "maps built by {source}; scored on the refined truth\n\
         unsolved: no room = an end is not on the map; no way = no route (or the moves lead \
         nowhere) on the map; wrong = the map's answer fails on the truth"
    ));
    if !missing.is_empty() {
        s.push_str(&format!(
            "\nleft out, with no edge list: {}",
            missing.join(", ")
        ));
    }
    if let Some(worst) = worst {
        worst.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| (&a.1, &a.2).cmp(&(&b.1, &b.2))));
        s.push_str("\nwrong route answers (all_pairs.jsonl) by the first exit of the answer the truth does not have:");
        for (n, game, x) in worst.iter() {
            s.push_str(&format!("\n{n:>6}  {game}: {x}"));
        }
    }
    s
}
