//! Which places the map shows: places the reader kept apart that the map cannot tell apart
//! (one name, or one only answering to the other's word), a door in its known room, a short
//! name of a longer one, are folded into one place with their names (the reader moves their
//! links).

use super::candidate::PlaceKind;
use super::place::{PlaceBook, PlaceId};

/// Kept places the map would show under one name ("stream" and "stream", two mentions the
/// book could not join) are one place on the map: the app finds a room by its name, so two
/// places of one name are one room there. A place [`PlaceBook::folds_into`] another (a door
/// in its room, a place named only by another's name, a name short for another's) is that
/// place too, kept or not: its names become the other's. The later one folds into the first,
/// with its aliases (`kept` is updated). Returns, per place, the place it now is.
pub fn fold_places(book: &mut PlaceBook, kept: &mut [bool]) -> Vec<PlaceId> {
    let n = book.places.len();
    let mut into: Vec<PlaceId> = (0..n).collect();
    if kept.len() != n {
        return into;
    }
    for i in 0..n {
        let key = book.places[i].keys.first().cloned().unwrap_or_default();
        // The story's house and a place the text called by its name's word ("the Hall" and
        // "the hall" it was entered by) were told apart by the book: a house is no room. A
        // bare name ("Thornfield") or a door still folds into its house.
        let place = |k: PlaceId| {
            let p = &book.places[k];
            (p.dwelling, p.kind == PlaceKind::Place && !p.dwelling)
        };
        let apart = |j: PlaceId| {
            let ((di, pi), (dj, pj)) = (place(i), place(j));
            (di && pj) || (dj && pi)
        };
        let open = |j: PlaceId| kept[j] && into[j] == j && !apart(j);
        let first =
            (0..i).find(|&j| kept[i] && open(j) && book.places[j].keys.first() == Some(&key));
        let first = first.or_else(|| book.folds_into(i, open));
        if let Some(j) = first {
            into[i] = j;
            kept[i] = false;
            let name = book.places[i].name.clone();
            book.add_alias(j, &name);
            let aliases = book.places[i].aliases.clone();
            for a in aliases {
                book.add_alias(j, &a);
            }
        }
    }
    // A place folded into one that later folded further follows it.
    for i in 0..n {
        while into[into[i]] != into[i] {
            into[i] = into[into[i]];
        }
    }
    into
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::prose::place::Place;

    /// A kept place of the garden kind with these names (the first its name).
    fn garden(keys: &[&str], linked: bool) -> Place {
        Place {
            name: keys[0].to_string(),
            aliases: keys[1..].iter().map(|k| k.to_string()).collect(),
            keys: keys.iter().map(|k| k.to_string()).collect(),
            head: "garden".into(),
            kin: "garden".into(),
            distinguishing: Vec::new(),
            owner: None,
            dwelling: false,
            kind: PlaceKind::Place,
            mentions: keys.len(),
            evidence: 1.0,
            specific: true,
            passage: false,
            visits: 0,
            linked,
            last_seen: 0,
            told_apart: None,
            host: None,
            narrated: true,
            placed: false,
        }
    }

    #[test]
    fn a_place_also_called_by_words_of_its_own_does_not_fold_into_one_answering_its_name() {
        // "the other garden" (walked into), then "the garden" … "the second garden": the
        // second place answers the first's word "garden", but also words the first never had.
        let mut book = PlaceBook::default();
        book.places.push(garden(&["other garden", "garden"], true));
        book.places
            .push(garden(&["garden", "second garden"], false));
        let mut kept = vec![true, true];
        let into = fold_places(&mut book, &mut kept);
        assert_eq!(into, [0, 1]);
        // Named only by that word, it is that place on the map.
        let mut book = PlaceBook::default();
        book.places.push(garden(&["other garden", "garden"], true));
        book.places.push(garden(&["garden"], false));
        let mut kept = vec![true, true];
        assert_eq!(fold_places(&mut book, &mut kept), [0, 0]);
    }

    #[test]
    fn a_place_named_by_its_bare_word_is_the_one_kept_place_of_that_word() {
        // "Her tapestried room" … "a room" … "the room": nothing tells the plain one apart.
        let mut book = PlaceBook::default();
        book.places.push(garden(&["walled garden"], true));
        book.places.push(garden(&["garden"], false));
        let mut kept = vec![true, true];
        assert_eq!(fold_places(&mut book, &mut kept), [0, 0]);
        // With two kept places of that word, nothing says which.
        let mut book = PlaceBook::default();
        book.places.push(garden(&["walled garden"], true));
        book.places.push(garden(&["kitchen garden"], true));
        book.places.push(garden(&["garden"], false));
        let mut kept = vec![true, true, true];
        assert_eq!(fold_places(&mut book, &mut kept), [0, 1, 2]);
    }
}
