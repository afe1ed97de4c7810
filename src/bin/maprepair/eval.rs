//! `eval --gt DATA_FIXED_DIR (--built DIR | --automap clean|raw) [--rule closed|exp14]
//! [--hints yes|no] [--align]`: scores built maps against MANGO's ground truth, per game and in total (micro
//! sums; macro means alongside). `--built` holds `<game>_edges.json` or `<game>.edges.json`
//! (a game without one scores as an empty map). `--automap` builds the maps on the fly from
//! `DATA_FIXED_DIR` with the offline automapper: `clean` from the paper's cleaned walkthroughs
//! (§1.2, the inputs gpt-4.1 had), `raw` from the raw ones; both with `locations.json` and
//! `actions.json` unless `--hints no`. The rule `closed` (default) is issue 5's metric; `exp14`
//! reproduces the paper's `quality.json`. `--align` (with `--automap`) first renames each
//! automapped room after the truth room it stands for ([`align_names`]): with `--hints no` the
//! rooms carry their titles, which the truth's names ("forest 2") never match, and this scores
//! how well the automapper told rooms apart and joined them instead. `--transcripts DIR` scores
//! interpreter transcripts instead ([`crate::eval_transcripts`]).

use crate::args::{EvalArgs, Format, RuleArg, Walkthroughs, YesNo};
use crate::automap::load_hints;
use crate::games::{built_records, game_file, games, mean, truth};
use crate::{emit, read, CliError};
use maprepair::domain::automap::ceiling::unshown;
use maprepair::domain::automap::clean::referenced_steps;
use maprepair::domain::automap::{automap_with, clean_walkthrough, Automap, Hints, Rules};
use maprepair::domain::eval::{align_names, score, truth_arrivals, PairRule, Score};
use maprepair::domain::formats::{observed_records, parse_walkthrough, EdgeRecord};
use serde_json::{json, Value};
use std::path::Path;

/// Runs the automapper on a game of `data_fixed`: the cleaned walkthrough (§1.2; the truth
/// only selects the steps) or the raw one, with the game's name lists unless `hints` is false.
pub fn automap_game(
    gt: &Path,
    game: &str,
    cleaned: bool,
    hints: bool,
) -> Result<Automap, CliError> {
    automap_game_with(gt, game, cleaned, hints, &Rules::all())
}

/// [`automap_game`] with only the given rules in force.
pub fn automap_game_with(
    gt: &Path,
    game: &str,
    cleaned: bool,
    hints: bool,
    rules: &Rules,
) -> Result<Automap, CliError> {
    let wpath = game_file(gt, game, "walkthrough");
    let mut steps = parse_walkthrough(&read(&wpath)?, &wpath.display().to_string())?;
    if cleaned {
        steps = clean_walkthrough(&steps, &truth(gt, game)?);
    }
    let hints = if hints {
        let loc = game_file(gt, game, "locations.json");
        let act = game_file(gt, game, "actions.json");
        load_hints(
            loc.is_file().then_some(loc.as_path()),
            act.is_file().then_some(act.as_path()),
        )?
    } else {
        Hints::default()
    };
    Ok(automap_with(game, &steps, &hints, rules))
}

#[allow(clippy::disallowed_methods)] // The CLI owns the clock; the core never reads it.
pub fn run(args: &EvalArgs, format: Format) -> Result<(), CliError> {
    // clap makes --transcripts exclusive with the rest, and --gt required without it; main
    // sends --transcripts to `eval_transcripts`.
    let rules = Rules::without(&args.without).map_err(|e| CliError::Usage(e.to_string()))?;
    let Some(gt) = args.gt.as_deref() else {
        return Err(CliError::Usage("eval needs --gt or --transcripts".into()));
    };
    let rule = match args.rule {
        RuleArg::Closed => PairRule::Closed,
        RuleArg::Exp14 => PairRule::Exp14,
    };
    // clap makes --built and --automap exclusive and one of them required.
    let source = match (&args.built, args.automap) {
        (Some(b), _) => format!("built:{}", b.display()),
        (None, Some(Walkthroughs::Raw)) => "automap:raw".to_string(),
        (None, _) => "automap:clean".to_string(),
    };
    let hints = args.hints == YesNo::Yes;
    let align = args.align;
    let source = if align {
        format!("{source}, rooms named after the truth rooms they stand for")
    } else {
        source
    };
    let mut rows: Vec<(String, Score)> = Vec::new();
    let mut unshown_rows: Vec<(usize, usize)> = Vec::new();
    let mut shown_rows: Vec<Score> = Vec::new();
    let mut missing = Vec::new();
    let mut automap_seconds = 0.0;
    for game in games(gt)? {
        let t = truth(gt, &game)?;
        let built = match &args.built {
            // Scored as MANGO's readers score it: the observed moves (a file of ours also lists
            // its assumed ways back and its rooms).
            Some(dir) => match built_records(Path::new(dir), &game)? {
                Some(records) => observed_records(&records),
                None => {
                    missing.push(game.clone());
                    Vec::new()
                }
            },
            None => {
                let cleaned = args.automap == Some(Walkthroughs::Clean);
                let start = std::time::Instant::now();
                let a = automap_game_with(gt, &game, cleaned, hints, &rules)?;
                automap_seconds += start.elapsed().as_secs_f64();
                let records = a.project.edge_records();
                if align {
                    aligned(&records, &a, &t, cleaned)
                } else {
                    records
                }
            }
        };
        let (unshown_row, shown_row) = shown_and_unshown(&t, &built, rule);
        unshown_rows.push(unshown_row);
        shown_rows.push(shown_row);
        rows.push((game, score(&t, &built, rule)));
    }
    let total: Score = rows.iter().map(|(_, s)| *s).sum();
    let unshown_all = unshown_rows.iter().map(|u| u.0).sum::<usize>();
    let unshown_found = unshown_rows.iter().map(|u| u.1).sum::<usize>();
    let shown_recall = ratio(
        total.nodes_found.saturating_sub(unshown_found),
        total.truth_nodes.saturating_sub(unshown_all),
    );
    let shown_pairs: Score = shown_rows.iter().copied().sum();
    let mut total_json = total.to_json();
    total_json["shown_truth_pairs"] = json!(shown_pairs.truth_pairs);
    total_json["shown_pairs_correct"] = json!(shown_pairs.pairs_correct);
    total_json["shown_edge_recall"] = json!(shown_pairs.edge_recall());
    total_json["unshown_truth_nodes"] = json!(unshown_all);
    total_json["unshown_nodes_found"] = json!(unshown_found);
    total_json["shown_node_recall"] = json!(shown_recall);
    let out = json!({
        "rule": rule,
        "source": source,
        "hints": hints,
        "games": rows.iter().zip(&unshown_rows).map(|((g, s), u)| {
            let mut v = s.to_json();
            v["game"] = json!(g);
            v["unshown_truth_nodes"] = json!(u.0);
            v["unshown_nodes_found"] = json!(u.1);
            v
        }).collect::<Vec<Value>>(),
        "total": total_json,
        "macro": {
            "node_recall": mean(&rows, Score::node_recall),
            "edge_precision": mean(&rows, Score::edge_precision),
            "edge_recall": mean(&rows, Score::edge_recall),
            "edge_f1": mean(&rows, Score::edge_f1),
            "direction_accuracy": mean(&rows, Score::direction_accuracy),
        },
        "missing": missing,
        "automap_seconds": automap_seconds,
    });
    let unshown = Unshown {
        all: unshown_all,
        found: unshown_found,
        shown_recall,
        shown_pairs,
    };
    emit(format, &out, || {
        text_table(&rows, &total, &unshown, rule, &source, &missing)
    });
    Ok(())
}

/// `a / b`, 0 when `b` is.
fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// An automapped map's rooms renamed after the truth rooms they stand for (`--align`): each
/// arrival matched to the truth's arrival at the same step (a cleaned walkthrough is renumbered
/// 0, 1, …, so its steps go back to the ones the truth cites).
fn aligned(
    records: &[EdgeRecord],
    a: &Automap,
    t: &[EdgeRecord],
    cleaned: bool,
) -> Vec<EdgeRecord> {
    let cited: Vec<i64> = referenced_steps(t).into_iter().collect();
    let arrivals: Vec<(i64, String)> = a
        .steps
        .iter()
        .filter_map(|r| {
            let step = if cleaned {
                *cited.get(usize::try_from(r.step).ok()?)?
            } else {
                r.step
            };
            Some((step, r.to.clone()?))
        })
        .collect();
    align_names(records, &arrivals, &truth_arrivals(t))
}

/// One game's figures about the rooms the kept text never arrives in: how many the truth has
/// and how many of them `built` names (only the location list can name them); and `built`
/// scored on the truth's pairs between the other rooms.
fn shown_and_unshown(
    t: &[EdgeRecord],
    built: &[EdgeRecord],
    rule: PairRule,
) -> ((usize, usize), Score) {
    // The truth's rooms no kept move of the cleaned walkthrough arrives in, and how many
    // of them the map names (only the location list can name them).
    let never_arrived = unshown(t);
    let names: std::collections::HashSet<String> = built
        .iter()
        .flat_map(|r| [r.src.trim().to_lowercase(), r.dst.trim().to_lowercase()])
        .collect();
    let found = never_arrived.iter().filter(|n| names.contains(*n)).count();
    // The truth's pairs between rooms some kept move arrives in: with no list, the only
    // pairs `--align` can name both ends of.
    let between_shown: Vec<_> = t
        .iter()
        .filter(|r| {
            ![&r.src, &r.dst]
                .iter()
                .any(|n| never_arrived.contains(&n.trim().to_lowercase()))
        })
        .cloned()
        .collect();
    (
        (never_arrived.len(), found),
        score(&between_shown, built, rule),
    )
}

/// What the map names of the rooms the kept text never arrives in, over all games.
struct Unshown {
    all: usize,
    found: usize,
    /// Node recall on the other rooms.
    shown_recall: f64,
    /// The scores on the truth's pairs between the other rooms.
    shown_pairs: Score,
}

/// The per-game table `eval` prints, the total, and what the unshown rooms cost.
fn text_table(
    rows: &[(String, Score)],
    total: &Score,
    unshown: &Unshown,
    rule: PairRule,
    source: &str,
    missing: &[String],
) -> String {
    let mut s = format!(
        "{:<14}{:>7}{:>7}{:>7}{:>7}{:>7}{:>7}\n",
        "game", "nodeR", "P", "R", "F1", "dirAcc", "pairs"
    );
    let line = |name: &str, sc: &Score| {
        format!(
            "{:<14}{:>7.3}{:>7.3}{:>7.3}{:>7.3}{:>7.3}{:>7}\n",
            name,
            sc.node_recall(),
            sc.edge_precision(),
            sc.edge_recall(),
            sc.edge_f1(),
            sc.direction_accuracy(),
            sc.truth_pairs
        )
    };
    for (g, sc) in rows {
        s.push_str(&line(g, sc));
    }
    s.push_str(&line("TOTAL", total));
    s.push_str(&format!(
        "rooms no kept move of the cleaned walkthroughs arrives in (only the location list can name them): {} of {} named; node recall on the other rooms {:.3}; \
         {} of the {} truth pairs join two of them (edge recall on those {:.3}, \
         the most any map without a list can reach: {:.3})\n",
        unshown.found,
        unshown.all,
        unshown.shown_recall,
        unshown.shown_pairs.truth_pairs,
        total.truth_pairs,
        unshown.shown_pairs.edge_recall(),
        ratio(unshown.shown_pairs.truth_pairs, total.truth_pairs)
    ));
    s.push_str(&format!(
        "rule {}, {} games ({source}){}",
        match rule {
            PairRule::Closed => "closed",
            PairRule::Exp14 => "exp14",
        },
        rows.len(),
        if missing.is_empty() {
            String::new()
        } else {
            format!("; no built map for {}", missing.join(", "))
        }
    ));
    s
}
