//! Who read what, for [`super::FlattenGains`]: per key (a cell, an exit), the judged sides that
//! read it, each as its exit and the generation of its judgement, in the order they were
//! registered. A change takes the lists of the keys it changed, and the sides on them are looked
//! at again.
//!
//! The lists are linked through one pool of nodes: registering costs one hash lookup and no
//! allocation, and a list taken gives its nodes back for the next registrations. (A vector per
//! key allocated for every cell a judged side covers and freed whenever a move took it: a
//! seventh of the solver's time on a 50,000-room lattice went to the allocator.)

use crate::domain::map::ExitId;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// No node.
const NONE: u32 = u32::MAX;

/// One registration: a judged side's exit and the generation of its judgement.
pub type At = (ExitId, u32);

#[derive(Debug, Clone, Copy)]
struct Node {
    at: At,
    next: u32,
}

/// See the module docs.
#[derive(Debug, Clone)]
pub struct Registry<K> {
    /// Each key's first and last node.
    ends: FxHashMap<K, (u32, u32)>,
    nodes: Vec<Node>,
    /// The first free node (linked through `next`).
    free: u32,
    /// Registrations held.
    len: usize,
}

impl<K> Default for Registry<K> {
    fn default() -> Registry<K> {
        Registry {
            ends: FxHashMap::default(),
            nodes: Vec::new(),
            free: NONE,
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

    fn alloc(nodes: &mut Vec<Node>, free: &mut u32, at: At) -> u32 {
        let node = Node { at, next: NONE };
        match nodes.get_mut(*free as usize) {
            Some(slot) => {
                let i = *free;
                *free = slot.next;
                *slot = node;
                i
            }
            None => {
                nodes.push(node);
                u32::try_from(nodes.len() - 1).unwrap_or(NONE)
            }
        }
    }

    /// Adds `at` to the key's list unless it is already the last; how many were added.
    pub fn register(&mut self, key: K, at: At) -> usize {
        let Registry {
            ends, nodes, free, ..
        } = self;
        match ends.get_mut(&key) {
            Some((_, last)) => {
                if nodes.get(*last as usize).is_some_and(|n| n.at == at) {
                    return 0;
                }
                let i = Self::alloc(nodes, free, at);
                if let Some(n) = nodes.get_mut(*last as usize) {
                    n.next = i;
                }
                *last = i;
            }
            None => {
                let i = Self::alloc(nodes, free, at);
                ends.insert(key, (i, i));
            }
        }
        self.len += 1;
        1
    }

    /// Takes the key's list (in registration order) into `out`.
    pub fn take_into(&mut self, key: &K, out: &mut Vec<At>) {
        let Some((first, _)) = self.ends.remove(key) else {
            return;
        };
        let mut i = first;
        while let Some(n) = self.nodes.get_mut(i as usize) {
            out.push(n.at);
            let next = n.next;
            n.next = self.free;
            self.free = i;
            self.len -= 1;
            i = next;
        }
    }

    /// Keeps only the registrations `keep` holds to.
    pub fn retain(&mut self, keep: impl Fn(At) -> bool) {
        let mut lists: Vec<(K, Vec<At>)> = Vec::with_capacity(self.ends.len());
        let keys: Vec<K> = self.ends.keys().copied().collect();
        for k in keys {
            let mut list = Vec::new();
            self.take_into(&k, &mut list);
            list.retain(|at| keep(*at));
            if !list.is_empty() {
                lists.push((k, list));
            }
        }
        *self = Registry::default();
        for (k, list) in lists {
            for at in list {
                self.register(k, at);
            }
        }
    }
}
