//! Which rooms lie on each lattice cell: the index that answers "what room lies one step that
//! way?" without walking every room.
//!
//! A [`Cells`] index is built from a [`Geometry`] in O(V), or kept up to date while a
//! [`crate::domain::analysis::GeometryBuilder`] grows one exit at a time: each exit reports
//! the rooms it placed or moved (a frame merge moves the smaller frame's rooms, so every room
//! moves O(log V) times in all), and only those are filed again.

use crate::domain::analysis::{Geometry, Placement};
use crate::domain::direction::Vector;
use crate::domain::map::RoomId;
use std::collections::HashMap;

/// A lattice cell: a frame and a position in it.
type Cell = (u32, Vector);

/// Rooms by lattice cell. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Cells {
    /// The rooms on each cell, by id.
    at: HashMap<Cell, Vec<RoomId>>,
    /// The cell each room is filed under.
    of: Vec<Option<Cell>>,
}

impl Cells {
    /// The index of a finished geometry.
    pub fn of(geo: &Geometry) -> Cells {
        let mut cells = Cells::default();
        for i in 0..geo.pos.len() {
            cells.file(geo, RoomId(i as u32));
        }
        cells
    }

    /// Files one room again where the geometry now puts it.
    fn file(&mut self, geo: &Geometry, room: RoomId) {
        let i = room.0 as usize;
        if self.of.len() <= i {
            self.of.resize(i + 1, None);
        }
        if let Some(old) = self.of[i].take() {
            if let Some(v) = self.at.get_mut(&old) {
                v.retain(|&r| r != room);
                if v.is_empty() {
                    self.at.remove(&old);
                }
            }
        }
        let (Some(f), Some(p)) = (geo.frame_of(room), geo.position(room)) else {
            return;
        };
        let v = self.at.entry((f, p)).or_default();
        let k = v.partition_point(|&r| r < room);
        v.insert(k, room);
        self.of[i] = Some((f, p));
    }

    /// Files the rooms an added exit placed or moved.
    pub fn update(&mut self, geo: &Geometry, placement: &Placement) {
        if let Placement::Placed(rooms) | Placement::Merged(rooms) = placement {
            for &r in rooms {
                self.file(geo, r);
            }
        }
    }

    /// The room (smallest id first) at `pos(anchor) + offset` in the anchor's frame, other than
    /// the anchor and `except`.
    pub fn room_at(
        &self,
        geo: &Geometry,
        anchor: RoomId,
        offset: Vector,
        except: Option<RoomId>,
    ) -> Option<RoomId> {
        let p = geo.position(anchor)?;
        let f = geo.frame_of(anchor)?;
        let want = [p[0] + offset[0], p[1] + offset[1], p[2] + offset[2]];
        self.at
            .get(&(f, want))?
            .iter()
            .copied()
            .find(|&r| Some(r) != except && r != anchor)
    }
}
