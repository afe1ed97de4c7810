//! The rooms read so far, found by what names them: the words of their names and the title
//! they were shown by. The reader asks "which known room is titled this?", "which room's name
//! is this phrase?" and "which room's name is this one with a compass word added?" at every
//! move; the roster answers each from an index instead of walking every room, so a transcript
//! is read in time near-linear in its length.

use crate::domain::direction::Direction;
use crate::domain::map::RoomId;
use std::collections::HashMap;

/// Rooms by name words and by title. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Roster {
    /// Rooms by the content words of their names.
    by_words: HashMap<Vec<String>, Vec<RoomId>>,
    /// Rooms whose name has a compass word at one end, by the name without that word.
    by_trimmed: HashMap<Vec<String>, Vec<RoomId>>,
    /// Rooms by the key of the title they were shown by.
    by_title: HashMap<String, Vec<RoomId>>,
    /// What each room is filed under: name words and title key.
    filed: Vec<(Option<Vec<String>>, Option<String>)>,
    /// The most words of any filed name.
    longest: usize,
}

/// Adds `r` to a sorted list.
fn insert(list: &mut Vec<RoomId>, r: RoomId) {
    if let Err(k) = list.binary_search(&r) {
        list.insert(k, r);
    }
}

/// Takes `r` out of the list under `key`, dropping the list when it empties.
fn remove<K: std::hash::Hash + Eq>(map: &mut HashMap<K, Vec<RoomId>>, key: &K, r: RoomId) {
    if let Some(list) = map.get_mut(key) {
        list.retain(|&x| x != r);
        if list.is_empty() {
            map.remove(key);
        }
    }
}

/// The name without a compass word at its start and at its end, each when it has one.
fn trimmed(words: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    if words.len() >= 2 {
        if Direction::from_word(&words[0]).is_some() {
            out.push(words[1..].to_vec());
        }
        if Direction::from_word(&words[words.len() - 1]).is_some() {
            out.push(words[..words.len() - 1].to_vec());
        }
    }
    out.dedup();
    out
}

impl Roster {
    /// Files room `r` under its name words (`None` for a room not yet named: a slot) and its
    /// title key, in place of whatever it was filed under before.
    pub fn file(&mut self, r: RoomId, words: Option<Vec<String>>, title: Option<String>) {
        let i = r.0 as usize;
        if self.filed.len() <= i {
            self.filed.resize(i + 1, (None, None));
        }
        let words = words.filter(|w| !w.is_empty());
        let (old_words, old_title) = std::mem::take(&mut self.filed[i]);
        if let Some(w) = &old_words {
            remove(&mut self.by_words, w, r);
            for t in trimmed(w) {
                remove(&mut self.by_trimmed, &t, r);
            }
        }
        if let Some(t) = &old_title {
            remove(&mut self.by_title, t, r);
        }
        if let Some(w) = &words {
            insert(self.by_words.entry(w.clone()).or_default(), r);
            for t in trimmed(w) {
                insert(self.by_trimmed.entry(t).or_default(), r);
            }
            self.longest = self.longest.max(w.len());
        }
        if let Some(t) = &title {
            insert(self.by_title.entry(t.clone()).or_default(), r);
        }
        self.filed[i] = (words, title);
    }

    /// The rooms (by id) shown by a title with this key.
    pub fn titled(&self, key: &str) -> &[RoomId] {
        self.by_title.get(key).map_or(&[], Vec::as_slice)
    }

    /// The rooms (by id) whose name is exactly these words.
    pub fn named(&self, words: &[String]) -> &[RoomId] {
        self.by_words.get(words).map_or(&[], Vec::as_slice)
    }

    /// The rooms (by id) whose name is these words with a compass word added at one end.
    pub fn named_with_way(&self, words: &[String]) -> &[RoomId] {
        self.by_trimmed.get(words).map_or(&[], Vec::as_slice)
    }

    /// The name words a room is filed under.
    pub fn words_of(&self, r: RoomId) -> Option<&[String]> {
        self.filed.get(r.0 as usize)?.0.as_deref()
    }

    /// The most words of any filed name: no longer phrase can be a room's name.
    pub fn longest(&self) -> usize {
        self.longest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_room_is_found_by_its_name_its_title_and_its_name_less_a_way() {
        let mut r = Roster::default();
        r.file(
            RoomId(0),
            Some(w("admin corridor south")),
            Some("admin corridor south".into()),
        );
        r.file(
            RoomId(1),
            Some(w("admin corridor")),
            Some("admin corridor".into()),
        );
        assert_eq!(r.named(&w("admin corridor")), &[RoomId(1)]);
        assert_eq!(r.named_with_way(&w("admin corridor")), &[RoomId(0)]);
        assert_eq!(r.titled("admin corridor south"), &[RoomId(0)]);
        r.file(RoomId(1), Some(w("mess hall")), None);
        assert!(r.named(&w("admin corridor")).is_empty());
        assert!(r.titled("admin corridor").is_empty());
        assert_eq!(r.longest(), 3);
    }
}
