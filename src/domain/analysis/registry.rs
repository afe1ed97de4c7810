//! Who read what, for [`super::FlattenGains`]: per key (a cell, an exit), the judged sides that
//! read it, each as its exit and the generation of its judgement, in the order they were
//! registered. A change takes the lists of the keys it changed, and the sides on them are looked
//! at again.
//!
//! A list taken is emptied and kept for the next key that needs one, so registering allocates
//! only while the registry grows. (A vector allocated for every cell a judged side covers and
//! freed whenever a move took it: a seventh of the solver's time on a 50,000-room lattice went to
//! the allocator. Lists linked through one pool of nodes allocated nothing, but walking them
//! missed the cache at every node: slower still.)

use crate::domain::map::ExitId;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// One registration: a judged side's exit and the generation of its judgement.
pub type At = (ExitId, u32);

/// See the module docs.
#[derive(Debug, Clone)]
pub struct Registry<K> {
    lists: FxHashMap<K, Vec<At>>,
    /// Emptied lists, kept for reuse.
    spare: Vec<Vec<At>>,
    /// Registrations held.
    len: usize,
}

impl<K> Default for Registry<K> {
    fn default() -> Registry<K> {
        Registry {
            lists: FxHashMap::default(),
            spare: Vec::new(),
            len: 0,
        }
    }
}

impl<K: Hash + Eq + Copy> Registry<K> {
    /// Registrations held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is registered.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `at` to the key's list unless it is already the last; how many were added.
    pub fn register(&mut self, key: K, at: At) -> usize {
        let spare = &mut self.spare;
        let list = self
            .lists
            .entry(key)
            .or_insert_with(|| spare.pop().unwrap_or_default());
        if list.last() == Some(&at) {
            return 0;
        }
        list.push(at);
        self.len += 1;
        1
    }

    /// Takes the key's list (in registration order) into `out`.
    pub fn take_into(&mut self, key: &K, out: &mut Vec<At>) {
        let Some(mut list) = self.lists.remove(key) else {
            return;
        };
        self.len -= list.len();
        out.append(&mut list);
        self.spare.push(list);
    }

    /// Keeps only the registrations `keep` holds to (and a list's repeats of its last one
    /// dropped, as registering them again would).
    pub fn retain(&mut self, keep: impl Fn(At) -> bool) {
        let mut len = 0;
        self.lists.retain(|_, list| {
            list.retain(|at| keep(*at));
            list.dedup();
            len += list.len();
            !list.is_empty()
        });
        self.len = len;
        self.spare.clear();
    }
}
