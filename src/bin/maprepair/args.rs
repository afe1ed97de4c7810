//! The command line's interface, every command and flag in one place, parsed by clap: an
//! unknown option, a missing value or a value out of its set is an error with usage (exit 2).

use clap::{Args, Parser, Subcommand, ValueEnum};
use maprepair::domain::Semantics;
use std::path::PathBuf;

/// Build maps of places from text, find where they contradict themselves, trace each
/// contradiction to its cause and repair it.
#[derive(Debug, Parser)]
#[command(name = "maprepair", version, about)]
pub struct Cli {
    /// Output: readable text, or one JSON object on stdout.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text.
    Text,
    /// One JSON object.
    Json,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count and list the conflicts of a map (an edge list or a saved project).
    Check(CheckArgs),
    /// Build a map from a MANGO walkthrough or an interpreter transcript, offline.
    Automap(AutomapArgs),
    /// Score built or automapped maps against MANGO's ground truth.
    Eval(EvalArgs),
    /// The shortest way between two rooms of a map, with the directions to type.
    Route(RouteArgs),
    /// Repair a map's conflicts with a strategy.
    Repair(RepairArgs),
    /// Feed mutated inputs to every parser and, in-process, to the commands; fail on a panic,
    /// a broken round trip, or an input over the time or memory limit.
    Fuzz(FuzzArgs),
    /// Read published prose offline into places and links (with `--out`, a project).
    Read(ReadArgs),
    /// Score the offline prose reader on passages with truth maps.
    EvalProse(EvalProseArgs),
    /// Benchmarks and the paper's experiments.
    #[command(subcommand)]
    Bench(Bench),
}

/// The benchmarks.
#[derive(Debug, Subcommand)]
pub enum Bench {
    /// MANGO's LLM-built maps: the paper's Table 3 (reference semantics), or one strategy in
    /// default semantics with `--strategy`.
    Mango(BenchMangoArgs),
    /// Detection, localization, scoring and repair on a generated lattice map.
    Scale(BenchScaleArgs),
    /// The commands a user runs, timed end to end (with their peak memory) on a written
    /// lattice edge list and transcript; and the app's layouts of that map.
    Files(BenchFilesArgs),
    /// The paper's synthetic suites, in both semantics.
    Synth(BenchSynthArgs),
    /// MANGO's route- and destination-finding questions on automapped or built maps.
    Routes(BenchRoutesArgs),
    /// What the cleaned walkthroughs' text tells a mapper, and the best it can score.
    Ceiling(BenchCeilingArgs),
    /// How long the automapper takes on MANGO's walkthroughs and on folders of transcripts.
    Automap(BenchAutomapArgs),
    /// How long the offline prose reader takes on a chapter.
    Read(BenchReadArgs),
}

/// `bench automap [--data DIR] [--transcripts DIR]…`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("inputs").required(true).multiple(true).args(["data", "transcripts"])))]
pub struct BenchAutomapArgs {
    /// MANGO's data folder (its `data_fixed/`): every cleaned walkthrough, with its name lists.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// A folder of `<game>/<game>.transcript.txt`: every transcript, without and with its
    /// location list. May be given more than once.
    #[arg(long, value_name = "DIR")]
    pub transcripts: Vec<PathBuf>,
}

/// `--semantics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum SemanticsArg {
    /// The authors' experiment code, exactly.
    Reference,
    /// The paper's design, made consistent (the app's).
    #[default]
    Default,
}

impl From<SemanticsArg> for Semantics {
    fn from(s: SemanticsArg) -> Semantics {
        match s {
            SemanticsArg::Reference => Semantics::Reference,
            SemanticsArg::Default => Semantics::Default,
        }
    }
}

/// A repair strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Strategy {
    /// The paper's baseline: remove the top-ranked exit that lowers the conflict count.
    HeuristicRemove,
    /// The paper's baseline: relabel the top-ranked exit that lowers the conflict count.
    HeuristicModify,
    /// The consensus solver.
    Solver,
}

impl Strategy {
    /// The strategy's name as typed.
    pub fn as_str(self) -> &'static str {
        match self {
            Strategy::HeuristicRemove => "heuristic-remove",
            Strategy::HeuristicModify => "heuristic-modify",
            Strategy::Solver => "solver",
        }
    }
}

/// Where the solver's second reading names rooms from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReadingArg {
    /// The game's location list.
    List,
    /// The map's own names.
    Map,
    /// No second reading.
    None,
}

/// Which MANGO walkthroughs the automapper reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Walkthroughs {
    /// The paper's cleaned walkthroughs (§1.2), the inputs gpt-4.1 had.
    #[default]
    Clean,
    /// The raw walkthroughs.
    Raw,
}

/// Yes or no.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum YesNo {
    /// Yes.
    #[default]
    Yes,
    /// No.
    No,
}

/// The pair rule of `eval`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum RuleArg {
    /// Both maps closed under compass reverses (issue 5's metric).
    #[default]
    Closed,
    /// The paper's `quality.json`.
    Exp14,
}

/// A synthetic suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Suite {
    /// The LCA localization suite.
    #[default]
    Lca,
    /// Table 1.
    Table1,
}

/// `check FILE [--semantics reference|default]`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// A MANGO edge list or a saved maprepair project.
    pub file: PathBuf,
    /// Which rules count.
    #[arg(long, value_enum, default_value_t)]
    pub semantics: SemanticsArg,
}

/// Name lists that help the automapper: the game's rooms and actions.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// A JSON list of the game's room names (MANGO's locations.json).
    #[arg(long, value_name = "FILE")]
    pub locations: Option<PathBuf>,
    /// A JSON list of the game's actions (MANGO's actions.json).
    #[arg(long, value_name = "FILE")]
    pub actions: Option<PathBuf>,
}

/// `automap WALKTHROUGH [--locations FILE] [--actions FILE] [--clean-with TRUTH] [--out EDGES.json]
/// [--project FILE] [--verbose]`.
#[derive(Debug, Args)]
pub struct AutomapArgs {
    /// A MANGO walkthrough or an interpreter transcript (`>north` prompt lines).
    pub walkthrough: PathBuf,
    /// Name lists.
    #[command(flatten)]
    pub hints: HintArgs,
    /// Keep only the steps this ground truth cites (the paper's cleaning, §1.2).
    #[arg(long, value_name = "TRUTH")]
    pub clean_with: Option<PathBuf>,
    /// Write the map as a MANGO edge list here (stdout without it).
    #[arg(long, value_name = "EDGES.json")]
    pub out: Option<PathBuf>,
    /// Also save the map with its history as a project.
    #[arg(long, value_name = "FILE")]
    pub project: Option<PathBuf>,
    /// With `--format json`: every step as read.
    #[arg(long)]
    pub verbose: bool,
}

/// `eval --gt DATA_FIXED_DIR (--built DIR | --automap clean|raw) [--rule closed|exp14]
/// [--hints yes|no] [--align]`, or `eval --transcripts DIR`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["built", "automap", "transcripts"])))]
pub struct EvalArgs {
    /// MANGO's data_fixed folder (ground truth and walkthroughs).
    #[arg(
        long,
        value_name = "DATA_FIXED_DIR",
        required_unless_present = "transcripts"
    )]
    pub gt: Option<PathBuf>,
    /// Score the automapper on every `<game>/<game>.transcript.txt` of this folder against
    /// `<game>.edges.json`, without the location list and with `<game>.locations.json`.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["gt", "built", "automap", "align"])]
    pub transcripts: Option<PathBuf>,
    /// Score the edge lists in this folder.
    #[arg(long, value_name = "DIR", conflicts_with = "automap")]
    pub built: Option<PathBuf>,
    /// Score the automapper on these walkthroughs.
    #[arg(long, value_enum)]
    pub automap: Option<Walkthroughs>,
    /// How built and true pairs are compared.
    #[arg(long, value_enum, default_value_t)]
    pub rule: RuleArg,
    /// Whether the automapper gets the game's name lists.
    #[arg(long, value_enum, default_value_t)]
    pub hints: YesNo,
    /// Rename each automapped room after the truth room it stands for first.
    #[arg(long, requires = "automap")]
    pub align: bool,
    /// Switch one of the automapper's named rules off, to measure what it is worth (repeat
    /// for several; an unknown name is refused with the list of names).
    #[arg(long, value_name = "RULE", conflicts_with = "built")]
    pub without: Vec<String>,
}

/// `route MAP FROM TO [--locations FILE] [--actions FILE]`.
#[derive(Debug, Args)]
pub struct RouteArgs {
    /// An edge list, a project, or a walkthrough or transcript (automapped first).
    pub map: PathBuf,
    /// The room to start from.
    pub from: String,
    /// The room to reach.
    pub to: String,
    /// Name lists for a walkthrough or transcript.
    #[command(flatten)]
    pub hints: HintArgs,
}

/// `repair FILE --strategy … [--semantics …] [--out FILE] [--locations FILE]
/// [--reading list|map|none] [--fill]`.
#[derive(Debug, Args)]
pub struct RepairArgs {
    /// A MANGO edge list or a saved maprepair project.
    pub file: PathBuf,
    /// How to repair.
    #[arg(long, value_enum)]
    pub strategy: Strategy,
    /// Which rules count.
    #[arg(long, value_enum, default_value_t)]
    pub semantics: SemanticsArg,
    /// Write the repaired map here, in the input's format.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The game's room names, for the solver's second reading.
    #[arg(long, value_name = "FILE")]
    pub locations: Option<PathBuf>,
    /// Where the solver's second reading names rooms from (default: `list` with
    /// `--locations`, else `map`).
    #[arg(long, value_enum)]
    pub reading: Option<ReadingArg>,
    /// After the solver, add the ways the second reading shows that the map lacks.
    #[arg(long)]
    pub fill: bool,
}

/// `fuzz --inputs N [--seed S] [--seeds DIR]… [--commands-every K] [--findings DIR]`.
#[derive(Debug, Args)]
pub struct FuzzArgs {
    /// How many mutated inputs to make.
    #[arg(long, default_value_t = 10_000)]
    pub inputs: u64,
    /// The random seed (the same seed makes the same inputs).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folders of real inputs to mutate (files up to 256 KB), besides the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub seeds: Vec<PathBuf>,
    /// Send every K-th input through the commands too (0: never).
    #[arg(long, default_value_t = 50, value_name = "K")]
    pub commands_every: u64,
    /// Save each failing input here, with why.
    #[arg(long, value_name = "DIR")]
    pub findings: Option<PathBuf>,
}

/// `bench mango --data DIR [--strategy … [--reading …] [--fill] [--out DIR]] [--verbose]`.
#[derive(Debug, Args)]
pub struct BenchMangoArgs {
    /// MANGO's folder (with llm_built/ and data_fixed/).
    #[arg(long, value_name = "DIR")]
    pub data: PathBuf,
    /// Run this strategy in default semantics instead of the paper's Table 3.
    #[arg(long, value_enum)]
    pub strategy: Option<Strategy>,
    /// Where the solver's second reading names rooms from.
    #[arg(long, value_enum, default_value_t = ReadingArg::List, requires = "strategy")]
    pub reading: ReadingArg,
    /// After the solver, add the ways the second reading shows that the map lacks.
    #[arg(long, requires = "strategy")]
    pub fill: bool,
    /// Write each repaired map as DIR/<game>_edges.json.
    #[arg(long, value_name = "DIR", requires = "strategy")]
    pub out: Option<PathBuf>,
    /// List every edit.
    #[arg(long)]
    pub verbose: bool,
}

/// `bench scale --rooms N [--seed S] [--unbudgeted]`.
#[derive(Debug, Args)]
pub struct BenchScaleArgs {
    /// How many rooms the lattice has.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub rooms: u64,
    /// The generator's seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Also repair without the paper's budget on maps over 2,000 rooms.
    #[arg(long)]
    pub unbudgeted: bool,
}

/// `bench files --rooms N [--transcript-mb M] [--seed S] [--timeout SECONDS]`.
#[derive(Debug, Args)]
pub struct BenchFilesArgs {
    /// About how many rooms the lattice edge list has.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(4..))]
    pub rooms: u64,
    /// Also write a transcript of this many MB and time `automap` on it.
    #[arg(long)]
    pub transcript_mb: Option<f64>,
    /// The generator's seed.
    #[arg(long, default_value_t = 5)]
    pub seed: u64,
    /// Stop a command still running after this many seconds (reported as timed out).
    #[arg(long, default_value_t = 600)]
    pub timeout: u64,
}

/// `bench synth --suite lca|table1 [--verbose]`.
#[derive(Debug, Args)]
pub struct BenchSynthArgs {
    /// Which suite.
    #[arg(long, value_enum, default_value_t)]
    pub suite: Suite,
    /// Every case, not only the totals.
    #[arg(long)]
    pub verbose: bool,
}

/// `bench routes --data DIR [--automap clean|raw] [--hints yes|no] [--built DIR] [--verbose]`.
#[derive(Debug, Args)]
pub struct BenchRoutesArgs {
    /// MANGO's folder.
    #[arg(long, value_name = "DIR")]
    pub data: PathBuf,
    /// Answer on automapped maps of these walkthroughs (the default: clean).
    #[arg(long, value_enum, conflicts_with = "built")]
    pub automap: Option<Walkthroughs>,
    /// Whether the automapper gets the game's name lists.
    #[arg(long, value_enum, default_value_t)]
    pub hints: YesNo,
    /// Answer on the edge lists DIR/<game>_edges.json instead.
    #[arg(long, value_name = "DIR")]
    pub built: Option<PathBuf>,
    /// List every wrong answer's exit, worst first.
    #[arg(long)]
    pub verbose: bool,
}

/// `bench ceiling --data DIR [--verbose]`.
#[derive(Debug, Args)]
pub struct BenchCeilingArgs {
    /// MANGO's folder.
    #[arg(long, value_name = "DIR")]
    pub data: PathBuf,
    /// List every restart and what tells it, and the unshown rooms.
    #[arg(long)]
    pub verbose: bool,
}

/// `--split`: how a text is cut into observations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum SplitArg {
    /// Blank lines separate paragraphs.
    #[default]
    BlankLines,
    /// Every non-empty line is one.
    Lines,
}

/// `read TEXT_FILE [--split blank-lines|lines] [--out PROJECT.json]`.
#[derive(Debug, Args)]
pub struct ReadArgs {
    /// The text (Gutenberg plain text as published is fine).
    pub text_file: PathBuf,
    /// How the text is cut into paragraphs (one commit each).
    #[arg(long, value_enum, default_value_t = SplitArg::BlankLines)]
    pub split: SplitArg,
    /// Also write the map with its history as a saved project.
    #[arg(long, value_name = "PROJECT.json")]
    pub out: Option<PathBuf>,
}

/// `eval-prose --truth DIR`.
#[derive(Debug, Args)]
pub struct EvalProseArgs {
    /// A folder of `<name>.txt` with `<name>.truth.json`.
    #[arg(long, value_name = "DIR")]
    pub truth: PathBuf,
}

/// `bench read [FILE] [--words N] [--runs R]`.
#[derive(Debug, Args)]
pub struct BenchReadArgs {
    /// Paragraphs to repeat (default: a built-in tour paragraph).
    pub file: Option<PathBuf>,
    /// Words in the chapter.
    #[arg(long, default_value_t = 10_000)]
    pub words: usize,
    /// Timed runs.
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("maprepair").chain(line.split_whitespace()))
    }

    #[test]
    fn the_interface_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn an_unknown_option_or_a_missing_value_is_a_usage_error() {
        for line in [
            "bench mango --data d --strateg solver",
            "check f --semantic reference",
            "repair f --strategy",
            "repair f --strategy magic",
            "eval --gt g --align",
            "eval --gt g",
            "eval --gt g --built b --automap clean",
            "bench scale --rooms 0",
        ] {
            let e = parse(line).expect_err(line);
            assert_eq!(e.exit_code(), 2, "{line}");
        }
    }

    #[test]
    fn documented_commands_parse() {
        let cli = parse("repair f.json --strategy solver --fill --format json").unwrap();
        assert_eq!(cli.format, Format::Json);
        match cli.command {
            Command::Repair(r) => {
                assert_eq!(r.strategy, Strategy::Solver);
                assert!(r.fill);
                assert_eq!(r.reading, None);
            }
            other => panic!("{other:?}"),
        }
        assert!(parse("bench mango --data d --strategy solver --reading map --out o").is_ok());
        assert!(parse("route m.json Hall Attic --locations l.json").is_ok());
    }
}
