//! A short list per room, stored inline in one flat vector: the forest's tree exits and
//! geometric exits at each room, which a cut's search reads room after room.
//!
//! A room's first [`INLINE`] items sit in its own slots of the flat vector; a room that needs
//! more moves its whole list to a vector of its own (so that it is always one slice). A vector
//! per room put every room's list behind a pointer of its own: a cut's search over a side's
//! rooms followed one pointer per room, and a lattice room has at most four such exits.

use rustc_hash::FxHashMap;

/// Items a room keeps inline (a lattice room has at most four exits in geometry: one each way
/// along its two axes).
pub const INLINE: usize = 4;

/// The length a room's list is marked with once it has moved to a vector of its own.
const SPILLED: u8 = u8::MAX;

/// See the module docs.
#[derive(Debug, Clone)]
pub struct RoomLists<T> {
    slots: Vec<T>,
    len: Vec<u8>,
    spilled: FxHashMap<u32, Vec<T>>,
}

impl<T> Default for RoomLists<T> {
    fn default() -> RoomLists<T> {
        RoomLists {
            slots: Vec::new(),
            len: Vec::new(),
            spilled: FxHashMap::default(),
        }
    }
}

impl<T: Copy + PartialEq> RoomLists<T> {
    /// Empty lists for rooms `0..rooms`; `fill` is what an unused slot holds.
    pub fn new(rooms: usize, fill: T) -> RoomLists<T> {
        RoomLists {
            slots: vec![fill; rooms * INLINE],
            len: vec![0; rooms],
            spilled: FxHashMap::default(),
        }
    }

    /// The list of room `r` (empty for a room out of range).
    pub fn get(&self, r: u32) -> &[T] {
        let i = r as usize;
        match self.len.get(i).copied() {
            None => &[],
            Some(SPILLED) => self.spilled.get(&r).map_or(&[], Vec::as_slice),
            Some(n) => self
                .slots
                .get(i * INLINE..i * INLINE + n as usize)
                .unwrap_or(&[]),
        }
    }

    /// Adds an item to room `r`'s list (nothing for a room out of range).
    pub fn push(&mut self, r: u32, x: T) {
        let i = r as usize;
        let Some(n) = self.len.get(i).copied() else {
            return;
        };
        if n == SPILLED {
            self.spilled.entry(r).or_default().push(x);
        } else if (n as usize) < INLINE {
            if let Some(slot) = self.slots.get_mut(i * INLINE + n as usize) {
                *slot = x;
                self.len[i] = n + 1;
            }
        } else {
            let mut list: Vec<T> = self.get(r).to_vec();
            list.push(x);
            self.spilled.insert(r, list);
            self.len[i] = SPILLED;
        }
    }

    /// Keeps only the items of room `r`'s list that `keep` holds to, in order.
    pub fn retain(&mut self, r: u32, keep: impl Fn(&T) -> bool) {
        let i = r as usize;
        match self.len.get(i).copied() {
            None => {}
            Some(SPILLED) => {
                if let Some(list) = self.spilled.get_mut(&r) {
                    list.retain(keep);
                }
            }
            Some(n) => {
                let mut kept = 0;
                for k in 0..n as usize {
                    let x = self.slots[i * INLINE + k];
                    if keep(&x) {
                        self.slots[i * INLINE + kept] = x;
                        kept += 1;
                    }
                }
                self.len[i] = kept as u8;
            }
        }
    }
}
