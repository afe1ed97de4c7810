//! Copies of the open project kept in step with it one commit at a time: the worker's and the
//! LLM tools'. The app remembers, for each copy, what it last handed over ([`Mirror`]); the
//! next hand-over is the commits made since ([`ProjectDelta::Commits`]) when the open project
//! only grew, and the whole project ([`ProjectDelta::Whole`]) the first time or when it was
//! replaced (another project opened, a followed transcript rebuilt, a history rolled back).
//!
//! Pure: no browser. The app's count of projects opened (`AppState::opened`) tells a replaced
//! project from a grown one, and the last commit handed over guards against a history that
//! was rewritten to the same length.

use crate::domain::{Commit, CommitInfo, History, Project};
use crate::ui::modules::bridge::{Commits, ProjectDelta};

/// What a copy was last handed: which project, its name, how many commits, and the last one.
#[derive(Debug, Clone, PartialEq)]
struct Sent {
    opened: u64,
    name: String,
    len: usize,
    last: Option<Commit>,
}

impl Sent {
    fn of(opened: u64, project: &Project) -> Sent {
        Sent {
            opened,
            name: project.name.clone(),
            len: project.history.len(),
            last: project.history.commits().last().cloned(),
        }
    }

    /// True when `project` is this one, grown (or as it was).
    fn grew_into(&self, opened: u64, project: &Project) -> bool {
        let commits = project.history.commits();
        self.opened == opened
            && commits.len() >= self.len
            && self.len.checked_sub(1).map(|i| &commits[i]) == self.last.as_ref()
    }
}

/// The app's record of one copy of the open project.
#[derive(Debug, Clone, Default)]
pub struct Mirror {
    sent: Option<Sent>,
}

impl Mirror {
    /// What the copy lacks of `project` (`opened`: the app's count of projects opened so
    /// far), `None` when it lacks nothing; the copy is then taken to have it.
    pub fn delta(&mut self, opened: u64, project: &Project) -> Option<ProjectDelta> {
        if self.is_current(opened, project) {
            return None;
        }
        let delta = match &self.sent {
            Some(sent) if sent.grew_into(opened, project) => ProjectDelta::Commits {
                name: project.name.clone(),
                from: sent.len as u32,
                commits: Commits::of(&project.history.commits()[sent.len..]),
            },
            _ => ProjectDelta::Whole(crate::ui::modules::project_text::project_json(project)),
        };
        self.sent = Some(Sent::of(opened, project));
        Some(delta)
    }

    /// True when the copy holds `project` exactly as it is.
    pub fn is_current(&self, opened: u64, project: &Project) -> bool {
        self.sent
            .as_ref()
            .is_some_and(|s| *s == Sent::of(opened, project))
    }

    /// Records that the copy holds `project` as it is (it made the commits the app just
    /// appended, or it was handed the project whole).
    pub fn caught_up(&mut self, opened: u64, project: &Project) {
        self.sent = Some(Sent::of(opened, project));
    }

    /// Forgets the copy: the next hand-over is whole (the copy was lost, as when the worker
    /// is ended).
    pub fn forget(&mut self) {
        self.sent = None;
    }
}

/// Brings a copy up to date with what the app handed over.
///
/// # Errors
/// The delta does not fit the copy (it is behind what the app thinks it has) or the project
/// JSON cannot be read; the copy is then as it was or partly caught up, and the app should
/// hand it over whole.
pub fn apply(copy: &mut Project, delta: ProjectDelta) -> Result<(), String> {
    match delta {
        ProjectDelta::Whole(json) => {
            *copy = Project::from_json(&json, "the open project").map_err(|e| e.to_string())?;
        }
        ProjectDelta::Commits {
            name,
            from,
            commits,
        } => {
            let from = from as usize;
            let have = copy.history.len();
            if have < from {
                return Err(format!(
                    "the copy of the project has {have} commits, not the {from} it was sent more after"
                ));
            }
            if have > from {
                match from.checked_sub(1) {
                    Some(last) => copy
                        .history
                        .rollback_to(last as u32)
                        .map_err(|e| e.to_string())?,
                    None => copy.history = History::new(),
                }
            }
            copy.name = name;
            append(&mut copy.history, commits.read()?)?;
        }
    }
    Ok(())
}

/// Appends commits made on a copy of `history` (numbered from its length), checking each.
///
/// # Errors
/// A commit is not the next one, or its change does not apply; the commits before it stay.
pub fn append(history: &mut History, commits: Vec<Commit>) -> Result<(), String> {
    for c in commits {
        let expected = history.len();
        if c.id as usize != expected {
            return Err(format!(
                "commit {} does not follow the {expected} commits of the map",
                c.id
            ));
        }
        let info = CommitInfo {
            step: c.step,
            trigger: Some(c.trigger),
            observation_id: c.observation_id,
            observation: c.observation,
            analysis: c.analysis,
            traversed: c.traversed,
        };
        history
            .commit(c.change, info)
            .map_err(|e| format!("commit {}: {e}", c.id))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Direction, Draft, Label};
    use crate::view::demo::demo_project;

    /// The demo with one more commit: a room north of the first.
    fn grown(p: &Project, name: &str) -> Project {
        let mut p = p.clone();
        let mut draft = Draft::new(p.history.head());
        let first = p.history.head().rooms().next().map(|r| r.id);
        let new = draft.room(name);
        if let Some(first) = first {
            draft.exit(first, new, Label::Dir(Direction::North), true);
        }
        p.history
            .commit(draft.finish(), CommitInfo::default())
            .unwrap();
        p
    }

    #[test]
    fn a_copy_gets_the_whole_project_once_then_only_the_new_commits() {
        let app = demo_project();
        let mut mirror = Mirror::default();
        let mut copy = Project::default();
        let first = mirror.delta(1, &app).unwrap();
        assert!(matches!(first, ProjectDelta::Whole(_)));
        apply(&mut copy, first).unwrap();
        assert_eq!(mirror.delta(1, &app), None, "nothing new");
        let app = grown(&app, "Attic");
        let next = mirror.delta(1, &app).unwrap();
        let ProjectDelta::Commits { from, commits, .. } = &next else {
            panic!("sent whole again: {next:?}");
        };
        assert_eq!(
            (*from as usize, commits.read().unwrap().len()),
            (app.history.len() - 1, 1)
        );
        apply(&mut copy, next).unwrap();
        assert_eq!(copy.history.commits(), app.history.commits());
        assert_eq!(copy.history.head(), app.history.head());
    }

    #[test]
    fn a_replaced_or_rewritten_project_goes_whole() {
        let app = demo_project();
        let mut mirror = Mirror::default();
        mirror.delta(1, &app);
        // Another project opened (the count moved), even one equal to the first.
        assert!(matches!(
            mirror.delta(2, &app),
            Some(ProjectDelta::Whole(_))
        ));
        // The history rolled back and grown again to its old length: the last commit differs.
        let mut rewritten = app.clone();
        let len = rewritten.history.len() as u32;
        rewritten.history.rollback_to(len - 2).unwrap();
        let rewritten = grown(&rewritten, "Vault");
        assert_eq!(rewritten.history.len(), app.history.len());
        assert!(matches!(
            mirror.delta(2, &rewritten),
            Some(ProjectDelta::Whole(_))
        ));
    }

    #[test]
    fn a_copy_with_commits_the_app_refused_drops_them_when_it_catches_up() {
        let app = demo_project();
        let mut mirror = Mirror::default();
        let mut copy = Project::default();
        apply(&mut copy, mirror.delta(1, &app).unwrap()).unwrap();
        // The copy made a commit of its own, which the app refused; the app grew another way.
        copy = grown(&copy, "Cellar");
        let app = grown(&app, "Attic");
        apply(&mut copy, mirror.delta(1, &app).unwrap()).unwrap();
        assert_eq!(copy.history.commits(), app.history.commits());
        assert!(copy.history.head().find_room("Cellar").is_none());
    }

    #[test]
    fn commits_that_do_not_follow_are_refused() {
        let app = demo_project();
        let more = grown(&app, "Attic");
        let mut h = app.history.clone();
        let mut late = more.history.commits().last().cloned().unwrap();
        late.id += 1;
        assert!(append(&mut h, vec![late]).is_err());
        assert_eq!(h.len(), app.history.len());
        let mut short = Project::default();
        let delta = ProjectDelta::Commits {
            name: "x".into(),
            from: 3,
            commits: Commits::of(&[]),
        };
        assert!(apply(&mut short, delta).is_err());
    }
}
