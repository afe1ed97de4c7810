//! Keeping the canvas's SVG in step with the drawing, touching only what changed: every exit,
//! room and exit label has a key and its markup (the labels in a layer over the rooms, and
//! over them the few unkeyed labels of ghosts and missing links); an update writes markup only
//! for items that differ from the last drawing's, parses the new and changed markup in one go
//! and swaps those nodes in, removes the gone ones, and leaves the rest alone. Scrubbing the
//! timeline or moving a room then costs what changed, not what is on the map. Browser only.

use crate::view::drawing::Drawing;
use crate::view::svg::{
    exit_markup, head, label_markup, misc, misc_labels, room_markup, root_class,
};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use wasm_bindgen::JsCast;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// One keyed layer: its group and the markup and node of each item.
struct Layer {
    group: web_sys::Element,
    items: FxHashMap<u32, (String, web_sys::Element)>,
}

impl Layer {
    fn new(group: web_sys::Element) -> Layer {
        Layer {
            group,
            items: FxHashMap::default(),
        }
    }

    /// The markup last written for `key`, when `same` says its item has not changed.
    fn kept(&self, same: bool, key: u32) -> Option<String> {
        if same {
            self.items.get(&key).map(|(m, _)| m.clone())
        } else {
            None
        }
    }

    /// Replaces the whole layer in one parse (for a first draw or a change of most items).
    fn rebuild(&mut self, new: Vec<(u32, String)>) {
        let joined: String = new.iter().map(|n| n.1.as_str()).collect();
        self.group.set_inner_html(&joined);
        let children = self.group.children();
        self.items = new
            .into_iter()
            .enumerate()
            .filter_map(|(i, (key, markup))| Some((key, (markup, children.item(i as u32)?))))
            .collect();
    }

    fn sync(&mut self, new: Vec<(u32, String)>, scratch: &web_sys::Element) {
        let unchanged = new
            .iter()
            .filter(|(k, m)| self.items.get(k).is_some_and(|(old, _)| old == m))
            .count();
        if unchanged * 2 < new.len() {
            self.rebuild(new);
            return;
        }
        let mut keep = FxHashMap::with_capacity_and_hasher(new.len(), Default::default());
        let mut fresh: Vec<(u32, String, Option<web_sys::Element>)> = Vec::new();
        for (key, markup) in new {
            match self.items.remove(&key) {
                Some((old, el)) if old == markup => {
                    keep.insert(key, (old, el));
                }
                Some((_, el)) => fresh.push((key, markup, Some(el))),
                None => fresh.push((key, markup, None)),
            }
        }
        for (_, (_, el)) in self.items.drain() {
            el.remove();
        }
        if !fresh.is_empty() {
            let joined: String = fresh.iter().map(|f| f.1.as_str()).collect();
            scratch.set_inner_html(&joined);
            for (key, markup, old) in fresh {
                let Some(node) = scratch.first_element_child() else {
                    break;
                };
                let _ = match old {
                    Some(o) => o.replace_with_with_node_1(&node),
                    None => self.group.append_child(&node).map(|_| ()),
                };
                keep.insert(key, (markup, node));
            }
        }
        self.items = keep;
    }
}

/// One unkeyed group, rewritten whole when its markup changes.
struct Whole {
    group: web_sys::Element,
    markup: String,
}

impl Whole {
    fn new(group: web_sys::Element) -> Whole {
        Whole {
            group,
            markup: String::new(),
        }
    }

    fn write(&mut self, markup: String) {
        if markup != self.markup {
            self.group.set_inner_html(&markup);
            self.markup = markup;
        }
    }
}

/// The `(key, markup)` of each keyed item of `items` (those `key` gives a key and `markup` some
/// markup): an item equal to the last drawing's item at the same place keeps the markup its
/// layer last wrote; the others are written out.
fn keyed<T: PartialEq>(
    layer: &Layer,
    items: &[T],
    last: Option<&[T]>,
    key: impl Fn(&T) -> Option<u32>,
    markup: impl Fn(&T) -> Option<String>,
) -> Vec<(u32, String)> {
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let id = key(item)?;
            let same = last.and_then(|l| l.get(i)) == Some(item);
            let m = match layer.kept(same, id) {
                Some(m) => m,
                None => markup(item)?,
            };
            Some((id, m))
        })
        .collect()
}

/// The canvas's SVG contents.
pub struct CanvasDom {
    root: web_sys::Element,
    misc: Whole,
    notes: Whole,
    exits: Layer,
    rooms: Layer,
    /// The selected room's ring (over the rooms, under the labels).
    selection: Whole,
    labels: Layer,
    /// The drawing written last (its items are compared with the next one's).
    last: Option<Arc<Drawing>>,
    scratch: web_sys::Element,
}

impl CanvasDom {
    /// Writes the skeleton (style, marker, layers) into `svg`.
    pub fn mount(svg: &web_sys::Element) -> Option<CanvasDom> {
        svg.set_inner_html(&format!("{}<g class=\"drawing\"><g class=\"misc\"></g><g class=\"exits\"></g><g class=\"rooms\"></g><g class=\"selection\"></g><g class=\"labels\"></g><g class=\"notes\"></g></g>", head()));
        let find = |sel: &str| svg.query_selector(sel).ok().flatten();
        let document = web_sys::window()?.document()?;
        Some(CanvasDom {
            root: find("g.drawing")?,
            misc: Whole::new(find("g.misc")?),
            notes: Whole::new(find("g.notes")?),
            exits: Layer::new(find("g.exits")?),
            rooms: Layer::new(find("g.rooms")?),
            selection: Whole::new(find("g.selection")?),
            labels: Layer::new(find("g.labels")?),
            last: None,
            scratch: document
                .create_element_ns(Some(SVG_NS), "g")
                .ok()?
                .dyn_into()
                .ok()?,
        })
    }

    /// Draws the selected room's ring (`markup`, empty when none is selected), touching nothing
    /// else.
    pub fn select(&mut self, markup: String) {
        self.selection.write(markup);
    }

    /// Brings the SVG in step with `d`. Items equal to the last drawing's item at the same
    /// place keep their markup: only new and changed ones are written out.
    pub fn update(&mut self, d: &Arc<Drawing>) {
        let last = self.last.replace(Arc::clone(d));
        let _ = self.root.set_attribute("class", root_class(d));
        self.misc.write(misc(d));
        self.notes.write(misc_labels(d));
        let last = last.as_deref();
        let exits = keyed(
            &self.exits,
            &d.exits,
            last.map(|l| l.exits.as_slice()),
            |e| e.id,
            |e| Some(exit_markup(e)),
        );
        self.exits.sync(exits, &self.scratch);
        let labels = keyed(
            &self.labels,
            &d.exits,
            last.map(|l| l.exits.as_slice()),
            |e| e.id,
            label_markup,
        );
        let rooms = keyed(
            &self.rooms,
            &d.rooms,
            last.map(|l| l.rooms.as_slice()),
            |r| Some(r.id),
            |r| Some(room_markup(r)),
        );
        self.rooms.sync(rooms, &self.scratch);
        self.labels.sync(labels, &self.scratch);
    }
}
