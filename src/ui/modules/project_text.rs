//! The open project's JSON ([`Project::to_json`], byte for byte) made again after each change
//! from what changed: its commits serialised a piece at a time, the pieces kept between calls.
//! The autosave ([`crate::ui::io::storage`]) and the worker's hand-over of the whole project
//! ([`crate::ui::modules::sync`], after a Cancel ended the worker) write it after changes
//! that append commits (or roll a few back), so a call serialises the last piece and the new
//! commits, then joins the kept pieces: at 100,000 rooms, after one edit, a copy of the text,
//! not the 0.2–0.9 s of serialising every commit again.
//!
//! Pure: no browser. A piece is kept while the project has the same name and the piece's last
//! commit is still the same commit at the same place: the history only changes at its end
//! (commits appended, [`crate::domain::History::rollback_to`] cutting the newest), so a piece
//! whose last commit is untouched is untouched (the rule the worker's copy relies on too,
//! [`crate::ui::modules::sync`]).

use crate::domain::{Commit, History, Project};
use std::cell::RefCell;

thread_local! {
    /// The pieces the page keeps, shared by the autosave and the worker's hand-over.
    static KEPT: RefCell<ProjectText> = RefCell::new(ProjectText::default());
}

/// `project`'s JSON, made with the pieces the page keeps (see the module docs).
pub fn project_json(project: &Project) -> String {
    KEPT.with_borrow_mut(|k| k.text(project))
}

/// Commits a kept piece holds: about 1.5 MB of JSON at a lattice's one exit a commit, which
/// serialises in some 15 ms natively, so the piece a change reopens costs a save little, while a
/// 100,000-room project's 150,000 commits make some 40 pieces (kept as many strings).
pub const KEPT_PIECE: usize = 4_096;

/// What the commits field holds in a project without commits, where the pieces go.
const NO_COMMITS: &str = "\"commits\":[]";

/// The pieces kept from the last call.
#[derive(Debug, Clone, Default)]
pub struct ProjectText {
    name: String,
    /// Full pieces, oldest first: the last commit of each, and its commits as JSON array
    /// elements (no brackets).
    pieces: Vec<(Commit, String)>,
}

impl ProjectText {
    /// `project`'s JSON, exactly [`Project::to_json`], reusing the pieces still the same.
    pub fn text(&mut self, project: &Project) -> String {
        let commits = project.history.commits();
        if self.name != project.name {
            self.name.clone_from(&project.name);
            self.pieces.clear();
        }
        let same = self
            .pieces
            .iter()
            .enumerate()
            .take_while(|(i, (last, _))| commits.get((i + 1) * KEPT_PIECE - 1) == Some(last))
            .count();
        self.pieces.truncate(same);
        while (self.pieces.len() + 1) * KEPT_PIECE <= commits.len() {
            let from = self.pieces.len() * KEPT_PIECE;
            let piece = &commits[from..from + KEPT_PIECE];
            self.pieces
                .push((piece[KEPT_PIECE - 1].clone(), elements(piece)));
        }
        let tail = elements(&commits[self.pieces.len() * KEPT_PIECE..]);
        let shell = Project {
            name: project.name.clone(),
            history: History::new(),
            ground_truth: project.ground_truth.clone(),
        }
        .to_json();
        // The field comes after "format", "version" and "name"; a name holding the same words
        // has its quotes escaped, so the first match is the field.
        let Some(at) = shell.find(NO_COMMITS) else {
            return project.to_json();
        };
        let open = at + NO_COMMITS.len() - 1;
        let size =
            shell.len() + tail.len() + self.pieces.iter().map(|p| p.1.len() + 1).sum::<usize>();
        let mut out = String::with_capacity(size);
        out.push_str(&shell[..open]);
        let parts = self
            .pieces
            .iter()
            .map(|p| p.1.as_str())
            .chain([tail.as_str()]);
        for (i, part) in parts.filter(|p| !p.is_empty()).enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(part);
        }
        out.push_str(&shell[open..]);
        out
    }
}

/// Commits as JSON array elements, without the brackets.
fn elements(commits: &[Commit]) -> String {
    // Commits always serialize: plain data, string keys.
    let array = serde_json::to_string(commits).unwrap_or_else(|_| "[]".to_string());
    array[1..array.len() - 1].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lattice::lattice;
    use crate::view::demo::demo_project;

    fn big() -> Project {
        Project {
            name: "lattice \"commits\":[]".into(),
            history: lattice(6_000, 3).history,
            ground_truth: None,
        }
    }

    #[test]
    fn each_save_is_the_projects_json_as_it_grows_rolls_back_and_is_replaced() {
        let mut saves = ProjectText::default();
        let mut p = big();
        assert!(p.history.len() > 2 * KEPT_PIECE, "pieces to keep");
        assert_eq!(saves.text(&p), p.to_json());
        assert_eq!(saves.pieces.len(), p.history.len() / KEPT_PIECE);
        // Rolled back into the first piece: nothing kept is reused.
        p.history.rollback_to((KEPT_PIECE / 2) as u32).unwrap();
        assert_eq!(saves.text(&p), p.to_json());
        assert!(saves.pieces.is_empty());
        // Another history of the same name: its pieces are its own.
        let other = Project {
            name: p.name.clone(),
            history: lattice(6_000, 4).history,
            ground_truth: None,
        };
        assert_eq!(saves.text(&big()), big().to_json());
        assert_eq!(saves.text(&other), other.to_json());
        // A demo with its ground truth, and an empty project.
        let demo = demo_project();
        assert!(demo.ground_truth.is_some());
        assert_eq!(saves.text(&demo), demo.to_json());
        assert_eq!(
            saves.text(&Project::default()),
            Project::default().to_json()
        );
    }

    #[test]
    fn a_save_after_one_more_commit_keeps_the_pieces_before_it() {
        let mut saves = ProjectText::default();
        let mut p = big();
        saves.text(&p);
        let kept: Vec<*const u8> = saves.pieces.iter().map(|x| x.1.as_ptr()).collect();
        let mut draft = crate::domain::Draft::new(p.history.head());
        draft.room("Attic");
        p.history
            .commit(draft.finish(), crate::domain::CommitInfo::default())
            .unwrap();
        assert_eq!(saves.text(&p), p.to_json());
        let now: Vec<*const u8> = saves.pieces.iter().map(|x| x.1.as_ptr()).collect();
        assert_eq!(
            now[..kept.len()],
            kept[..],
            "the pieces were serialised again"
        );
    }
}
