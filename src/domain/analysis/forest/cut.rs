//! The cut of a tree exit: the rooms on its smaller side and the geometric exits crossing it,
//! found by a search of that side alone (the forest keeps every room's subtree size, so which
//! side is the smaller is known before searching), with the scratch marks the searches reuse.

use super::Forest;
use crate::domain::map::{ExitId, RoomId};

/// Scratch marks over room ids, reused between searches, and the searches' queues.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    stamp: Vec<u32>,
    now: u32,
    /// Emptied queues, kept for the next search (a cut's two searches grow a queue each: on a
    /// 50,000-room lattice a tenth of the solver's time went to the allocator).
    spare: Vec<Vec<RoomId>>,
}

impl Marks {
    /// Two fresh stamps (every room unmarked for both).
    fn fresh(&mut self, rooms: usize) -> (u32, u32) {
        if self.stamp.len() < rooms {
            self.stamp.resize(rooms, 0);
        }
        if self.now >= u32::MAX - 2 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 0;
        }
        self.now += 2;
        (self.now - 1, self.now)
    }

    fn set(&mut self, r: RoomId, s: u32) {
        if let Some(x) = self.stamp.get_mut(r.0 as usize) {
            *x = s;
        }
    }

    /// True if `r` carries stamp `s`.
    pub fn has(&self, r: RoomId, s: u32) -> bool {
        self.stamp.get(r.0 as usize) == Some(&s)
    }

    /// An empty queue holding `r`.
    fn queue(&mut self, r: RoomId) -> Vec<RoomId> {
        let mut q = self.spare.pop().unwrap_or_default();
        q.clear();
        q.push(r);
        q
    }

    /// Gives back a queue (a cut's side, once read) for the next search.
    pub fn recycle(&mut self, q: Vec<RoomId>) {
        if self.spare.len() < 2 {
            self.spare.push(q);
        }
    }
}

/// One side of a tree exit's cut and the geometric exits crossing it.
#[derive(Debug, Clone)]
pub struct Cut {
    /// The rooms of the smaller side (the side the exit's `near` end is on).
    pub side: Vec<RoomId>,
    /// The end of the tree exit on that side.
    pub near: RoomId,
    /// The other end.
    pub far: RoomId,
    /// Geometric exits outside the tree with one end on each side, each with whether its
    /// start is on the smaller side.
    pub crossing: Vec<(ExitId, bool)>,
    /// The stamp the side's rooms carry in the marks the cut was found with (valid until
    /// they are used again).
    pub stamp: u32,
}

impl Cut {
    /// The oldest crossing exit (the one that would take the tree exit's place).
    pub fn oldest(&self) -> Option<(ExitId, bool)> {
        self.crossing.iter().copied().min_by_key(|(x, _)| *x)
    }
}

impl Forest {
    /// The smaller side of a tree exit's cut and the exits crossing it (`None` for an exit
    /// outside the tree). Costs the smaller side and its geometric exits.
    pub fn cut(&self, e: ExitId, marks: &mut Marks) -> Option<Cut> {
        if !self.is_tree(e) {
            return None;
        }
        let (a, b, _) = self.part(e)?;
        // The side the builder's two alternating searches would stop on first: `a`'s when it is
        // no larger than `b`'s.
        let low = self.lower_end(e)?;
        let below = self.subtree_size(low);
        let whole = self.frame_of(low).map_or(0, |f| self.frame_size(f));
        let rest = whole.saturating_sub(below);
        let a_size = if a == low { below } else { rest };
        let b_size = if a == low { rest } else { below };
        let (near, far) = if a_size <= b_size { (a, b) } else { (b, a) };
        let (s, _) = marks.fresh(self.pos.len());
        marks.set(near, s);
        let mut side = marks.queue(near);
        let mut i = 0;
        while let Some(&r) = side.get(i) {
            i += 1;
            for &(t, o) in self.adj.get(r.0) {
                if t != e && !marks.has(o, s) {
                    marks.set(o, s);
                    side.push(o);
                }
            }
        }
        let mut crossing = Vec::new();
        for &r in &side {
            for &(x, xa, xb) in self.at.get(r.0) {
                if self.is_tree(x) {
                    continue;
                }
                let (inside_a, inside_b) = (marks.has(xa, s), marks.has(xb, s));
                if inside_a != inside_b {
                    crossing.push((x, inside_a));
                }
            }
        }
        // In id order, as the map's exits are read.
        crossing.sort_unstable();
        crossing.dedup();
        Some(Cut {
            side,
            near,
            far,
            crossing,
            stamp: s,
        })
    }
}
