//! The pieces of a read's commits as they come from the worker ([`FromWorker::Piece`], sent
//! after the read's answer while the page replays them): the page keeps only those of the read
//! it is replaying. Once that replay ends — the project opened, or the replay failed partway —
//! the pieces the worker had already queued for it are dropped as they come, so none is held
//! or taken by a later read.
//!
//! [`FromWorker::Piece`]: crate::ui::modules::bridge::FromWorker::Piece

use crate::ui::modules::bridge::Commits;

/// The read the page replays and the pieces of it that came and are not taken yet.
#[derive(Debug, Default)]
pub struct Inbox {
    /// The read's job, while the page waits for its pieces.
    reading: Option<u32>,
    /// Its pieces, oldest first.
    pieces: Vec<Commits>,
}

impl Inbox {
    /// A read was sent as job `job`: from now on only its pieces are kept (an earlier read's
    /// are dropped).
    pub fn expect(&mut self, job: u32) {
        self.reading = Some(job);
        self.pieces.clear();
    }

    /// A piece of job `job` came: kept if it is the read's the page waits for.
    pub fn arrived(&mut self, job: u32, commits: Commits) {
        if self.reading == Some(job) {
            self.pieces.push(commits);
        }
    }

    /// The pieces of job `job` that came since the last call, in order (none if the page is
    /// not waiting for that read).
    pub fn take(&mut self, job: u32) -> Vec<Commits> {
        if self.reading == Some(job) {
            std::mem::take(&mut self.pieces)
        } else {
            Vec::new()
        }
    }

    /// The page stopped replaying job `job` (it opened the project, or the replay failed):
    /// its pieces are dropped, those held and those still to come.
    pub fn close(&mut self, job: u32) {
        if self.reading == Some(job) {
            *self = Inbox::default();
        }
    }

    /// Everything is dropped (the worker was ended).
    pub fn clear(&mut self) {
        *self = Inbox::default();
    }

    /// How many pieces are held.
    pub fn held(&self) -> usize {
        self.pieces.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::demo::demo_project;

    /// Piece `i` of the demo's commits, one commit each.
    fn piece(i: usize) -> Commits {
        let p = demo_project();
        Commits::of(&p.history.commits()[i..=i])
    }

    #[test]
    fn a_failed_replays_pieces_that_come_later_are_dropped_not_held_for_the_next_read() {
        let mut inbox = Inbox::default();
        inbox.expect(7);
        inbox.arrived(7, piece(0));
        assert_eq!(inbox.take(7), vec![piece(0)]);
        inbox.arrived(7, piece(1));
        // The replay fails on a piece: the worker is still sending the rest of job 7.
        inbox.close(7);
        assert_eq!(inbox.held(), 0);
        inbox.arrived(7, piece(2));
        inbox.arrived(7, piece(3));
        assert_eq!(inbox.held(), 0, "a closed read's pieces are not kept");
        // The next read takes only its own.
        inbox.expect(8);
        inbox.arrived(7, piece(4));
        inbox.arrived(8, piece(5));
        assert_eq!(inbox.take(7), Vec::<Commits>::new());
        assert_eq!(inbox.take(8), vec![piece(5)]);
    }

    #[test]
    fn a_new_read_drops_the_pieces_of_the_one_before() {
        let mut inbox = Inbox::default();
        inbox.expect(1);
        inbox.arrived(1, piece(0));
        inbox.expect(2);
        assert_eq!(inbox.held(), 0);
        assert_eq!(inbox.take(1), Vec::<Commits>::new());
    }
}
