//! The worker's side of its jobs ([`crate::ui::modules::bridge::Work`]), as plain Rust: no
//! browser, so they are tested natively. `src/automap_main.rs` feeds them the page's messages
//! and posts their answers and progress.

use crate::domain::automap::reread::read_steps;
use crate::domain::formats::mango::parse_edge_list;
use crate::domain::formats::{detect, FileKind, FormatError};
use crate::domain::import::{project_name, read_import_with};
use crate::domain::layout::{force_with, grid, Floors, Layout, FORCE_SEED};
use crate::domain::progress::{Progress, Stage};
use crate::domain::reading::{map_names, transcript_steps, Names};
use crate::domain::repair::heuristic::{Heuristic, Preference};
use crate::domain::repair::solver::{solve_and_fill_with, Solver};
use crate::domain::repair::{Budget, Decider, Decision, DecisionContext, RepairSession};
use crate::domain::Project;
use crate::ui::modules::bridge::{Answer, Commits, Opened, ProjectDelta, Solved, Stepped, Work};
use crate::ui::modules::sync;
use crate::view::log_line::lines;
use crate::view::snapshot::Snapshot;

/// The worker's state between jobs: its copy of the open project, and the repair session
/// (the solver's or a heuristic's) while the page steps through one.
#[derive(Debug, Default)]
pub struct Jobs {
    copy: Project,
    stepping: Option<(RepairSession, Deciding)>,
}

/// The decider of the session the worker keeps.
#[derive(Debug, Clone)]
enum Deciding {
    Solver(Solver),
    /// A heuristic, with the preference it was made with.
    Heuristic(Preference, Heuristic),
}

impl Deciding {
    /// A fresh session's decider and budget: the solver's, or a heuristic's.
    fn start(heuristic: Option<Preference>) -> (RepairSession, Deciding) {
        let session = RepairSession::new(Deciding::budget(heuristic));
        match heuristic {
            None => (session, Deciding::Solver(Solver::new())),
            Some(p) => (session, Deciding::Heuristic(p, Heuristic::new(p))),
        }
    }

    /// The budget of a session of the solver's or of `heuristic`'s.
    fn budget(heuristic: Option<Preference>) -> Budget {
        match heuristic {
            None => Solver::budget(),
            Some(_) => Budget::default(),
        }
    }

    /// True when this is the decider `heuristic` asks for.
    fn is(&self, heuristic: Option<Preference>) -> bool {
        match (self, heuristic) {
            (Deciding::Solver(_), None) => true,
            (Deciding::Heuristic(made, _), Some(p)) => *made == p,
            _ => false,
        }
    }
}

impl Decider for Deciding {
    fn decide(&mut self, ctx: &DecisionContext<'_>) -> Decision {
        match self {
            Deciding::Solver(s) => s.decide(ctx),
            Deciding::Heuristic(_, h) => h.decide(ctx),
        }
    }
}

/// A file read as the command line reads it ([`read_import_with`]), an edge list telling
/// `progress` when its records are parsed and its history is being written, then when that
/// history is written (what is left is the hand-back).
fn read_file(
    file: &str,
    text: &str,
    progress: &mut dyn FnMut(Progress),
) -> Result<Project, FormatError> {
    if detect(file, text)? == FileKind::EdgeList {
        let records = parse_edge_list(text, file)?;
        progress(Progress {
            stage: Stage::Committing,
            done: 0,
            total: records.len(),
        });
        if !records.is_empty() {
            let project = Project::from_edge_records(&project_name(file), &records);
            progress(Progress {
                stage: Stage::Committing,
                done: records.len(),
                total: records.len(),
            });
            return Ok(project);
        }
    }
    read_import_with(file, text, progress)
}

/// Decisions a heuristic's repair to the end takes at most in one job
/// ([`crate::ui::repair::run::repair_all`]).
pub const TO_END_DECISIONS: usize = 1_000;

impl Jobs {
    /// Brings the copy of the open project up to date, then does `work`, telling `progress`
    /// how far it got.
    ///
    /// # Errors
    /// Why not, in words: the delta did not fit the copy (the page then sends the project
    /// whole next time), a file could not be read (its error names the file and the place), or
    /// there is no such demo.
    pub fn run(
        &mut self,
        sync: Option<ProjectDelta>,
        work: Work,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Answer, String> {
        if let Some(delta) = sync {
            sync::apply(&mut self.copy, delta)
                .map_err(|e| format!("the worker's copy of the map is out of step: {e}"))?;
        }
        match work {
            Work::Demo { id } => crate::view::catalog::build(&id)
                .map(|p| Answer::Project(p.to_json()))
                .ok_or_else(|| format!("there is no demo “{id}”")),
            Work::Lesson { id } => crate::view::lessons::build(&id)
                .map(|(p, lesson)| Answer::Lesson(p.to_json(), lesson))
                .ok_or_else(|| format!("there is no lesson “{id}”")),
            Work::Read { file, text } => {
                let project = read_file(&file, &text, progress).map_err(|e| e.to_string())?;
                let opened = Opened::of(&project);
                self.copy = project;
                self.stepping = None;
                Ok(Answer::Opened(opened))
            }
            Work::Solve { fill } => Ok(Answer::Solved(self.solve(fill, progress))),
            Work::SolverStep { fresh } => Ok(Answer::Stepped(self.step(None, fresh, 1, progress))),
            Work::Heuristic {
                modify,
                fresh,
                to_end,
            } => {
                let preference = if modify {
                    Preference::Modify
                } else {
                    Preference::Remove
                };
                let most = if to_end { TO_END_DECISIONS } else { 1 };
                Ok(Answer::Stepped(self.step(
                    Some(preference),
                    fresh,
                    most,
                    progress,
                )))
            }
            Work::Layout { version, floors } => {
                Ok(Answer::Layout(self.lay_out(version, floors, progress)))
            }
        }
    }

    /// Piece `i` of the commits of the project the last read made ([`Opened::piece`]): the
    /// worker sends them after the read's answer, one at a time.
    pub fn opened_piece(&self, i: usize) -> Option<Commits> {
        Opened::piece(&self.copy, i)
    }

    /// The force layout of the copy at `version`, started from its lattice layout: what the
    /// page's layout computes for a map small enough to lay out there.
    fn lay_out(
        &self,
        version: Option<u32>,
        floors: Floors,
        progress: &mut dyn FnMut(Progress),
    ) -> Layout {
        let s = Snapshot::of(&self.copy.history, version);
        let lattice = grid(&s.map, &s.analysis.geometry, floors);
        force_with(&s.map, FORCE_SEED, Some(&lattice), progress)
    }

    /// Runs the solver to its end on the copy: first the automapper reads the history's
    /// transcript again, naming rooms from the map's own names (no location list in the app),
    /// then [`solve_and_fill_with`].
    fn solve(&mut self, fill: bool, progress: &mut dyn FnMut(Progress)) -> Solved {
        let history = &mut self.copy.history;
        let steps = transcript_steps(history);
        let reading = (steps.len() >= 2)
            .then(|| {
                progress(Progress {
                    stage: Stage::Rereading,
                    done: 0,
                    total: steps.len(),
                });
                read_steps(&steps, &map_names(history), Names::Map)
            })
            .flatten();
        let before = history.len();
        let (report, used, filled) = solve_and_fill_with(history, reading.as_ref(), fill, progress);
        Solved {
            commits: Commits::of(&history.commits()[before..]),
            log: lines(&report.actions),
            used,
            filled,
        }
    }

    /// Up to `most` decisions of a session (the solver's, or `heuristic`'s), a new session when
    /// `fresh` or the one open is another's; tells `progress` before each decision how many the
    /// session took of those its budget allows.
    fn step(
        &mut self,
        heuristic: Option<Preference>,
        fresh: bool,
        most: usize,
        progress: &mut dyn FnMut(Progress),
    ) -> Stepped {
        if fresh || !self.stepping.as_ref().is_some_and(|(_, d)| d.is(heuristic)) {
            self.stepping = Some(Deciding::start(heuristic));
        }
        let history = &mut self.copy.history;
        let len = history.len();
        let Some((session, decider)) = self.stepping.as_mut() else {
            return Stepped {
                commits: Commits::of(&[]),
                log: Vec::new(),
                finished: true,
            };
        };
        let logged = session.log.len();
        let total = (logged + most).min(Deciding::budget(heuristic).decisions);
        for _ in 0..most {
            let Some(pending) = session.next(history) else {
                break;
            };
            let done = session.log.len();
            progress(Progress {
                stage: Stage::Repairing,
                done,
                total: total.max(done),
            });
            let decision = decider.decide(&pending.context(history));
            session.apply(history, &pending, decision);
            if session.is_finished() {
                break;
            }
        }
        Stepped {
            commits: Commits::of(&history.commits()[len..]),
            log: lines(&session.log[logged..]),
            finished: session.is_finished(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::layout::ALL_PAIRS_LIMIT;
    use crate::domain::progress::ignore;
    use crate::domain::repair::solver::solve_and_fill;
    use crate::ui::modules::sync::Mirror;
    use crate::view::demo::demo_project;

    /// `text` read in the worker as `file`: the jobs after it, its answer and its progress.
    fn read(file: &str, text: &str) -> (Jobs, Opened, Vec<Progress>) {
        let (mut jobs, mut seen) = (Jobs::default(), Vec::new());
        let work = Work::Read {
            file: file.into(),
            text: text.into(),
        };
        let answer = jobs.run(None, work, &mut |p| seen.push(p)).unwrap();
        let Answer::Opened(opened) = answer else {
            panic!("not opened: {answer:?}");
        };
        (jobs, opened, seen)
    }

    /// The pieces the worker sends after a read's answer.
    fn pieces(jobs: &Jobs) -> Vec<Commits> {
        (0..).map_while(|i| jobs.opened_piece(i)).collect()
    }

    #[test]
    fn a_transcript_read_in_the_worker_is_the_command_lines_project_with_progress() {
        let text = include_str!("../../view/lighthouse.walkthrough");
        let (jobs, opened, seen) = read("l.walkthrough", text);
        let cli = crate::domain::import::read_import("l.walkthrough", text).unwrap();
        let mut got = Project::from_json(&opened.rest, "answer").unwrap();
        for piece in pieces(&jobs) {
            sync::append(&mut got.history, piece.read().unwrap()).unwrap();
        }
        assert_eq!(got.history.commits(), cli.history.commits());
        assert_eq!(opened.commits, cli.history.len());
        let stages: Vec<Stage> = seen.iter().map(|p| p.stage).collect();
        let first = |s| stages.iter().position(|x| *x == s);
        assert!(first(Stage::Parsing) < first(Stage::Reading));
        assert!(first(Stage::Reading) < first(Stage::Committing));
        assert!(seen.iter().all(|p| p.done <= p.total));
    }

    #[test]
    fn a_big_project_file_read_in_the_worker_comes_back_in_pieces_and_is_its_copy() {
        let app = Project {
            name: "lattice".into(),
            history: crate::domain::lattice::lattice(6_000, 9).history,
            ground_truth: None,
        };
        assert!(app.history.len() > Opened::PIECE, "more than one piece");
        let mut jobs = Jobs::default();
        let work = Work::Read {
            file: "lattice.maprepair.json".into(),
            text: app.to_json(),
        };
        let Answer::Opened(opened) = jobs.run(None, work, &mut ignore).unwrap() else {
            panic!("not opened");
        };
        assert_eq!(
            pieces(&jobs).len(),
            app.history.len().div_ceil(Opened::PIECE)
        );
        let mut back = Project::from_json(&opened.rest, "rest").unwrap();
        for piece in pieces(&jobs) {
            sync::append(&mut back.history, piece.read().unwrap()).unwrap();
        }
        assert_eq!(back.history.commits(), app.history.commits());
        assert_eq!(back.name, app.name);
        // The worker's copy is the project read: a job after it needs no hand-over.
        let answer = jobs
            .run(None, Work::SolverStep { fresh: true }, &mut ignore)
            .unwrap();
        let Answer::Stepped(stepped) = answer else {
            panic!("not a step");
        };
        sync::append(&mut back.history, stepped.commits.read().unwrap()).unwrap();
        // A malformed file says where, and leaves the copy as it was.
        let bad = Work::Read {
            file: "bad.edges.json".into(),
            text: "[{\"src_node\": 3}]".into(),
        };
        let e = jobs.run(None, bad, &mut ignore).unwrap_err();
        assert!(e.contains("bad.edges.json"), "{e}");
        assert_eq!(jobs.copy.history.len(), back.history.len());
    }

    #[test]
    fn an_edge_list_read_in_the_worker_is_the_command_lines_and_says_when_it_writes() {
        let text = r#"[{"src_node":"A","dst_node":"B","action":"north"},{"src_node":"B","dst_node":"C","action":"east"}]"#;
        let (jobs, opened, seen) = read("z.edges.json", text);
        let cli = crate::domain::import::read_import("z.edges.json", text).unwrap();
        let mut got = Project::from_json(&opened.rest, "rest").unwrap();
        sync::append(
            &mut got.history,
            jobs.opened_piece(0).unwrap().read().unwrap(),
        )
        .unwrap();
        assert_eq!(
            (got.name.as_str(), got.history.commits()),
            ("z", cli.history.commits())
        );
        let committing: Vec<_> = seen
            .iter()
            .filter(|p| p.stage == Stage::Committing)
            .map(|p| (p.done, p.total))
            .collect();
        assert_eq!(committing, [(0, 2), (2, 2)], "parsed, then written");
    }

    #[test]
    fn the_solver_in_the_worker_hands_back_the_commits_the_command_line_makes() {
        let app = demo_project();
        let mut mirror = Mirror::default();
        let mut jobs = Jobs::default();
        let answer = jobs
            .run(
                mirror.delta(1, &app),
                Work::Solve { fill: true },
                &mut ignore,
            )
            .unwrap();
        let Answer::Solved(solved) = answer else {
            panic!("not solved: {answer:?}");
        };
        let mut here = app.clone();
        let (report, _, _) = solve_and_fill(
            &mut here.history,
            read_steps(
                &transcript_steps(&app.history),
                &map_names(&app.history),
                Names::Map,
            )
            .as_ref(),
            true,
        );
        let commits = solved.commits.read().unwrap();
        assert!(!commits.is_empty(), "the demo has conflicts to solve");
        assert_eq!(solved.log, lines(&report.actions));
        let mut back = app.clone();
        sync::append(&mut back.history, commits).unwrap();
        assert_eq!(back.history.commits(), here.history.commits());
        // The worker's copy has the commits too: the page sends nothing more.
        mirror.caught_up(1, &back);
        assert_eq!(mirror.delta(1, &back), None);
    }

    #[test]
    fn the_solvers_steps_in_the_worker_continue_one_session_as_stepping_here_would() {
        let app = demo_project();
        let mut here = app.clone();
        let (mut session, mut solver) = (RepairSession::new(Solver::budget()), Solver::new());
        let mut mirror = Mirror::default();
        let mut jobs = Jobs::default();
        let mut copy = app.clone();
        for fresh in [true, false, false] {
            if let Some(pending) = session.next(&here.history) {
                let d = solver.decide(&pending.context(&here.history));
                session.apply(&mut here.history, &pending, d);
            }
            let answer = jobs
                .run(
                    mirror.delta(1, &copy),
                    Work::SolverStep { fresh },
                    &mut ignore,
                )
                .unwrap();
            let Answer::Stepped(stepped) = answer else {
                panic!("not a step: {answer:?}");
            };
            assert!(stepped.log.len() <= 1, "one decision a step");
            sync::append(&mut copy.history, stepped.commits.read().unwrap()).unwrap();
            mirror.caught_up(1, &copy);
            assert_eq!(stepped.finished, session.is_finished());
        }
        assert_eq!(copy.history.commits(), here.history.commits());
        assert!(
            copy.history.len() > app.history.len(),
            "no step changed the map"
        );
    }

    #[test]
    fn a_heuristic_in_the_worker_makes_the_commits_a_session_makes_with_one_commit_per_action() {
        for preference in [Preference::Remove, Preference::Modify] {
            let app = demo_project();
            // The page's session, stepped to its end.
            let mut here = app.clone();
            let (mut session, mut heuristic) = (
                RepairSession::new(Budget::default()),
                Heuristic::new(preference),
            );
            while let Some(pending) = session.next(&here.history) {
                let d = heuristic.decide(&pending.context(&here.history));
                session.apply(&mut here.history, &pending, d);
                if session.is_finished() {
                    break;
                }
            }
            assert!(
                here.history.len() > app.history.len(),
                "the demo has conflicts"
            );
            let modify = preference == Preference::Modify;
            // One step in the worker, then the rest to the end.
            let mut mirror = Mirror::default();
            let mut jobs = Jobs::default();
            let mut copy = app.clone();
            let mut seen = Vec::new();
            let mut decisions = 0;
            for (fresh, to_end) in [(true, false), (false, true)] {
                let work = Work::Heuristic {
                    modify,
                    fresh,
                    to_end,
                };
                let answer = jobs
                    .run(mirror.delta(1, &copy), work, &mut |p| seen.push(p))
                    .unwrap();
                let Answer::Stepped(stepped) = answer else {
                    panic!("not a step: {answer:?}");
                };
                assert!(to_end || stepped.log.len() == 1, "one decision a step");
                decisions += stepped.log.len();
                let before = copy.history.len() as u32;
                sync::append(&mut copy.history, stepped.commits.read().unwrap()).unwrap();
                // Every commit it made is the version of exactly one logged action, in order,
                // and says that action's reason; no action claims a commit it did not make.
                let versions: Vec<u32> = stepped.log.iter().filter_map(|l| l.version).collect();
                let made: Vec<u32> = (before..copy.history.len() as u32).collect();
                assert_eq!(versions, made);
                for l in stepped.log.iter().filter(|l| l.version.is_some()) {
                    let c = copy.history.get(l.version.unwrap()).unwrap();
                    assert_eq!(c.trigger, crate::domain::Trigger::ConflictRepair);
                    assert_eq!(c.analysis, l.reason);
                }
                mirror.caught_up(1, &copy);
                assert_eq!(stepped.finished, to_end);
            }
            assert_eq!(copy.history.commits(), here.history.commits());
            assert!(seen
                .iter()
                .all(|p| p.stage == Stage::Repairing && p.done <= p.total));
            assert_eq!(
                seen.len(),
                decisions,
                "progress before each decision: {seen:?}"
            );
        }
    }

    #[test]
    fn the_solver_tells_how_many_conflicts_it_closed_then_how_far_it_weighed() {
        let app = demo_project();
        let mut seen = Vec::new();
        Jobs::default()
            .run(
                Mirror::default().delta(1, &app),
                Work::Solve { fill: false },
                &mut |p| seen.push(p),
            )
            .unwrap();
        let closing: Vec<&Progress> = seen
            .iter()
            .filter(|p| p.stage == Stage::Repairing)
            .collect();
        assert_eq!(closing.first().map(|p| (p.done, p.total)), Some((0, 2)));
        assert!(closing.windows(2).all(|w| w[0].done <= w[1].done));
        let weighing = seen.iter().position(|p| p.stage == Stage::Weighing);
        let last_closing = seen.iter().rposition(|p| p.stage == Stage::Repairing);
        assert!(weighing.is_some() && last_closing.is_some());
        assert!(seen.iter().all(|p| p.done <= p.total));
    }

    #[test]
    fn a_layout_made_in_the_worker_is_the_pages_force_layout_of_the_version_shown() {
        let app = Project {
            name: "lattice".into(),
            history: crate::domain::lattice::lattice(2 * ALL_PAIRS_LIMIT, 9).history,
            ground_truth: None,
        };
        // An earlier version, still past the all-pairs limit (the local simulation's path).
        let version = Some(app.history.len() as u32 * 3 / 4);
        let floors = Floors::Stacked;
        let mut seen = Vec::new();
        let answer = Jobs::default()
            .run(
                Mirror::default().delta(1, &app),
                Work::Layout { version, floors },
                &mut |p| seen.push(p),
            )
            .unwrap();
        let Answer::Layout(made) = answer else {
            panic!("not a layout: {answer:?}");
        };
        let s = Snapshot::of(&app.history, version);
        let here = crate::domain::layout::force(
            &s.map,
            FORCE_SEED,
            Some(&grid(&s.map, &s.analysis.geometry, floors)),
        );
        assert_eq!(made, here);
        assert!(s.map.room_count() < app.history.head().room_count());
        assert!(s.map.room_count() > ALL_PAIRS_LIMIT);
        assert!(!seen.is_empty() && seen.iter().all(|p| p.stage == Stage::LayingOut));
    }

    #[test]
    fn a_copy_out_of_step_and_an_unknown_demo_say_so() {
        let mut jobs = Jobs::default();
        let stale = ProjectDelta::Commits {
            name: "x".into(),
            from: 5,
            commits: Commits::of(&[]),
        };
        let e = jobs
            .run(Some(stale), Work::Solve { fill: false }, &mut ignore)
            .unwrap_err();
        assert!(e.contains("out of step"), "{e}");
        let e = jobs
            .run(None, Work::Demo { id: "nope".into() }, &mut ignore)
            .unwrap_err();
        assert!(e.contains("no demo"), "{e}");
    }

    #[test]
    fn a_lesson_built_in_the_worker_is_the_lessons_project_and_narration() {
        for card in crate::view::lessons::cards() {
            let answer = Jobs::default()
                .run(
                    None,
                    Work::Lesson {
                        id: card.id.clone(),
                    },
                    &mut ignore,
                )
                .unwrap();
            let Answer::Lesson(json, lesson) = answer else {
                panic!("not a lesson: {answer:?}");
            };
            let (project, narrated) = crate::view::lessons::build(&card.id).unwrap();
            let got = Project::from_json(&json, &card.id).unwrap();
            assert_eq!(got.history.commits(), project.history.commits());
            assert_eq!(lesson, narrated);
        }
        let e = Jobs::default()
            .run(None, Work::Lesson { id: "nope".into() }, &mut ignore)
            .unwrap_err();
        assert!(e.contains("no lesson"), "{e}");
    }
}
