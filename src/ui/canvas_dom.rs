//! Keeping the canvas's SVG in step with the drawing, touching only what changed: every exit
//! and room has a key and its markup; an update parses the new and changed markup in one go
//! and swaps those nodes in, removes the gone ones, and leaves the rest alone. Scrubbing the
//! timeline or moving a room then costs what changed, not what is on the map. Browser only.

use super::drawing::Drawing;
use super::svg::{head, parts, root_class};
use rustc_hash::FxHashMap;
use wasm_bindgen::JsCast;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// One keyed layer: its group and the markup and node of each item.
struct Layer {
    group: web_sys::Element,
    items: FxHashMap<String, (String, web_sys::Element)>,
}

impl Layer {
    /// Replaces the whole layer in one parse (for a first draw or a change of most items).
    fn rebuild(&mut self, new: Vec<(String, String)>) {
        let joined: String = new.iter().map(|n| n.1.as_str()).collect();
        self.group.set_inner_html(&joined);
        let children = self.group.children();
        self.items = new
            .into_iter()
            .enumerate()
            .filter_map(|(i, (key, markup))| Some((key, (markup, children.item(i as u32)?))))
            .collect();
    }

    fn sync(&mut self, new: Vec<(String, String)>, scratch: &web_sys::Element) {
        let unchanged = new
            .iter()
            .filter(|(k, m)| self.items.get(k).is_some_and(|(old, _)| old == m))
            .count();
        if unchanged * 2 < new.len() {
            self.rebuild(new);
            return;
        }
        let mut keep = FxHashMap::with_capacity_and_hasher(new.len(), Default::default());
        let mut fresh: Vec<(String, String, Option<web_sys::Element>)> = Vec::new();
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

/// The canvas's SVG contents.
pub struct CanvasDom {
    root: web_sys::Element,
    misc: web_sys::Element,
    misc_markup: String,
    exits: Layer,
    rooms: Layer,
    scratch: web_sys::Element,
}

impl CanvasDom {
    /// Writes the skeleton (style, marker, layers) into `svg`.
    pub fn mount(svg: &web_sys::Element) -> Option<CanvasDom> {
        svg.set_inner_html(&format!("{}<g class=\"drawing\"><g class=\"misc\"></g><g class=\"exits\"></g><g class=\"rooms\"></g></g>", head()));
        let find = |sel: &str| svg.query_selector(sel).ok().flatten();
        let document = web_sys::window()?.document()?;
        Some(CanvasDom {
            root: find("g.drawing")?,
            misc: find("g.misc")?,
            misc_markup: String::new(),
            exits: Layer {
                group: find("g.exits")?,
                items: FxHashMap::default(),
            },
            rooms: Layer {
                group: find("g.rooms")?,
                items: FxHashMap::default(),
            },
            scratch: document
                .create_element_ns(Some(SVG_NS), "g")
                .ok()?
                .dyn_into()
                .ok()?,
        })
    }

    /// Brings the SVG in step with `d`.
    pub fn update(&mut self, d: &Drawing) {
        let p = parts(d);
        let _ = self.root.set_attribute("class", root_class(d));
        if p.misc != self.misc_markup {
            self.misc.set_inner_html(&p.misc);
            self.misc_markup = p.misc;
        }
        self.exits.sync(p.exits, &self.scratch);
        self.rooms.sync(p.rooms, &self.scratch);
    }
}
