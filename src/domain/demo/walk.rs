//! A walkthrough of a demo world: a player who visits every room and walks every exit, as a
//! MANGO transcript, and the ground truth it evidences.
//!
//! The walk is a depth-first exploration over exits: from the current room it takes an exit it
//! has not walked yet; a new room is explored from there, a known one is left again at once;
//! the way back is the exit's reverse when the passage is two-way and the shortest route
//! otherwise (after a one-way drop the player also tries the way back and is refused). When the
//! exploration is done, the player goes to the nearest room with an exit still unwalked (a
//! route back can pass rooms the exploration never expanded) and explores from there. So every
//! exit is walked, and every ground-truth record has a `seen_in_forward` step.
//!
//! Arrivals print the room's title on the first line and its description under it (always:
//! the game is in verbose mode), plus any object lying there. Along the way the player takes
//! objects, examines things, looks, checks the inventory, and now and then tries a direction
//! that has no exit ("You can't go that way."). Deterministic from the seed; iterative, so a map
//! of thousands of rooms walks in linear space without deep recursion.

use super::world::{GameSpec, World};
use crate::domain::direction::Direction;
use crate::domain::formats::{EdgeRecord, Step};
use crate::domain::rng::SplitMix64;
use std::collections::VecDeque;

/// The refusal every blocked move prints.
pub const REFUSAL: &str = "You can't go that way.";

/// A walk: the transcript's steps and the moves it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    /// Step 0 (`Init`) onwards.
    pub steps: Vec<Step>,
    /// For each exit of the world, the first step that walked it (`None` if never).
    pub first_walked: Vec<Option<i64>>,
    /// The rooms in the order they were first entered (room 0 first).
    pub visit_order: Vec<usize>,
    /// For each room, the step that first showed it (`None` if never).
    pub first_step: Vec<Option<i64>>,
}

struct Walker<'a> {
    world: &'a World,
    by_room: Vec<Vec<usize>>,
    rng: SplitMix64,
    steps: Vec<Step>,
    first_walked: Vec<Option<i64>>,
    visited: Vec<bool>,
    visit_order: Vec<usize>,
    first_step: Vec<Option<i64>>,
    /// The exit leading back along each exit, if the passage is two-way.
    reverse: Vec<Option<usize>>,
    taken: Vec<bool>,
    carrying: Vec<&'static str>,
    here: usize,
    blocked_tries: usize,
}

impl Walker<'_> {
    fn push(&mut self, action: &str, observation: String) {
        let num = self.steps.len() as i64;
        self.steps.push(Step {
            num,
            action: action.to_string(),
            observation,
        });
    }

    fn arrival_text(&self, room: usize) -> String {
        let r = &self.world.rooms[room];
        let mut s = format!("{}\n{}", r.title, r.description);
        if let (Some(item), false) = (r.item, self.taken[room]) {
            s.push_str(&format!("\nThere is a {item} here."));
        }
        s
    }

    fn take_exit(&mut self, exit: usize) {
        let e = self.world.exits[exit];
        let text = self.arrival_text(e.to);
        self.push(e.direction.as_str(), text);
        let step = self.steps.len() as i64 - 1;
        self.first_walked[exit].get_or_insert(step);
        self.here = e.to;
        if !self.visited[e.to] {
            self.visited[e.to] = true;
            self.visit_order.push(e.to);
            self.first_step[e.to] = Some(step);
            self.on_first_arrival();
        } else if self.rng.below(40) == 0 {
            self.idle();
        }
    }

    /// What a player does on entering a room for the first time.
    fn on_first_arrival(&mut self) {
        let room = self.here;
        if let (Some(item), false) = (self.world.rooms[room].item, self.taken[room]) {
            if self.rng.below(3) != 0 {
                self.taken[room] = true;
                self.carrying.push(item);
                self.push(&format!("take {item}"), "Taken.".to_string());
            }
        }
        if self.rng.below(9) == 0 || (self.blocked_tries == 0 && self.visit_order.len() >= 3) {
            self.try_blocked();
        }
        if self.rng.below(12) == 0 {
            self.idle();
        }
    }

    /// A non-movement action.
    fn idle(&mut self) {
        match self.rng.below(4) {
            0 => {
                let text = self.arrival_text(self.here);
                self.push("look", text);
            }
            1 => {
                let text = if self.carrying.is_empty() {
                    "You are empty-handed.".to_string()
                } else {
                    let lines: Vec<String> =
                        self.carrying.iter().map(|i| format!("  a {i}")).collect();
                    format!("You are carrying:\n{}", lines.join("\n"))
                };
                self.push("inventory", text);
            }
            2 => {
                let noun = self.world.rooms[self.here]
                    .title
                    .split_whitespace()
                    .last()
                    .unwrap_or("room")
                    .to_lowercase();
                self.push(
                    "examine walls",
                    format!("Nothing about the walls of the {noun} catches your eye."),
                );
            }
            _ => self.push("wait", "Time passes.".to_string()),
        }
    }

    /// Tries a compass direction with no exit here.
    fn try_blocked(&mut self) {
        let start = self.rng.below(4) as usize;
        for k in 0..4 {
            let d = [
                Direction::North,
                Direction::East,
                Direction::South,
                Direction::West,
            ][(start + k) % 4];
            if self
                .world
                .exit_towards(&self.by_room, self.here, d)
                .is_none()
            {
                self.push(d.as_str(), REFUSAL.to_string());
                self.blocked_tries += 1;
                return;
            }
        }
    }

    /// Walks back from the current room to `to`: the reverse exit if there is one, else the
    /// shortest route.
    fn return_to(&mut self, to: usize, came_by: usize) {
        let e = self.world.exits[came_by];
        if let Some(back) = self
            .world
            .exit_towards(&self.by_room, self.here, e.direction.opposite())
            .filter(|&b| self.world.exits[b].to == to)
        {
            self.take_exit(back);
            return;
        }
        // A one-way exit: the way back is refused, then found another way.
        if self
            .world
            .exit_towards(&self.by_room, self.here, e.direction.opposite())
            .is_none()
        {
            self.push(e.direction.opposite().as_str(), REFUSAL.to_string());
        }
        for exit in self.route(self.here, to) {
            self.take_exit(exit);
        }
    }

    /// The route to the nearest room that has an exit never walked, or `None` when every exit
    /// was.
    fn route_to_unwalked(&self) -> Option<Vec<usize>> {
        let n = self.world.rooms.len();
        let mut seen = vec![false; n];
        seen[self.here] = true;
        let mut queue = VecDeque::from([self.here]);
        while let Some(u) = queue.pop_front() {
            if self.by_room[u]
                .iter()
                .any(|&x| self.first_walked[x].is_none())
            {
                return Some(self.route(self.here, u));
            }
            for &x in &self.by_room[u] {
                let v = self.world.exits[x].to;
                if !seen[v] {
                    seen[v] = true;
                    queue.push_back(v);
                }
            }
        }
        None
    }

    /// The exits of a shortest route (breadth-first, exits in creation order).
    fn route(&self, from: usize, to: usize) -> Vec<usize> {
        let n = self.world.rooms.len();
        let mut prev: Vec<Option<usize>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[from] = true;
        let mut queue = VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            if u == to {
                break;
            }
            for &x in &self.by_room[u] {
                let v = self.world.exits[x].to;
                if !seen[v] {
                    seen[v] = true;
                    prev[v] = Some(x);
                    queue.push_back(v);
                }
            }
        }
        let mut path = Vec::new();
        let mut cur = to;
        while cur != from {
            match prev[cur] {
                Some(x) => {
                    path.push(x);
                    cur = self.world.exits[x].from;
                }
                None => return Vec::new(),
            }
        }
        path.reverse();
        path
    }
}

/// Walks a world. See the module docs.
///
/// # Complexity
/// O(exits) plus one breadth-first search per one-way exit.
pub fn walk(world: &World, spec: &GameSpec) -> Walk {
    let by_room = world.exits_by_room();
    let reverse: Vec<Option<usize>> = world
        .exits
        .iter()
        .map(|e| {
            world
                .exit_towards(&by_room, e.to, e.direction.opposite())
                .filter(|&b| world.exits[b].to == e.from)
        })
        .collect();
    let mut w = Walker {
        world,
        by_room,
        rng: SplitMix64::new(spec.seed ^ 0x7761_6c6b),
        steps: Vec::new(),
        first_walked: vec![None; world.exits.len()],
        visited: vec![false; world.rooms.len()],
        visit_order: vec![0],
        first_step: vec![None; world.rooms.len()],
        reverse,
        taken: vec![false; world.rooms.len()],
        carrying: Vec::new(),
        here: 0,
        blocked_tries: 0,
    };
    if world.rooms.is_empty() {
        return Walk {
            steps: Vec::new(),
            first_walked: Vec::new(),
            visit_order: Vec::new(),
            first_step: Vec::new(),
        };
    }
    w.visited[0] = true;
    w.first_step[0] = Some(0);
    let opening = format!(
        "Welcome to {}, a small generated adventure (seed {}).\nType HELP for instructions.\n\n{}",
        spec.title,
        spec.seed,
        w.arrival_text(0)
    );
    w.push("Init", opening);
    // Each frame: (room, its exits in a shuffled order, next index, the exit that led here).
    let mut order0 = w.by_room[0].clone();
    shuffle(&mut w.rng, &mut order0);
    let mut stack: Vec<(usize, Vec<usize>, usize, Option<usize>)> = vec![(0, order0, 0, None)];
    loop {
        while let Some(top) = stack.last_mut() {
            let room = top.0;
            // The way back to the parent is walked when this room is done.
            let back = top.3.and_then(|x| w.reverse[x]);
            let mut next = None;
            while top.2 < top.1.len() {
                let x = top.1[top.2];
                top.2 += 1;
                if w.first_walked[x].is_none() && Some(x) != back {
                    next = Some(x);
                    break;
                }
            }
            match next {
                Some(x) => {
                    let to = world.exits[x].to;
                    let fresh = !w.visited[to];
                    w.take_exit(x);
                    if fresh {
                        let mut order = w.by_room[to].clone();
                        shuffle(&mut w.rng, &mut order);
                        stack.push((to, order, 0, Some(x)));
                    } else {
                        w.return_to(room, x);
                    }
                }
                None => {
                    let came_by = top.3;
                    stack.pop();
                    if let (Some(parent), Some(x)) = (stack.last().map(|t| t.0), came_by) {
                        w.return_to(parent, x);
                    }
                }
            }
        }
        // A route back after a one-way exit can pass rooms the exploration never expanded:
        // go to the nearest room with an unwalked passage and explore from there.
        let Some(route) = w.route_to_unwalked() else {
            break;
        };
        for x in route {
            w.take_exit(x);
        }
        let mut order = w.by_room[w.here].clone();
        shuffle(&mut w.rng, &mut order);
        stack.push((w.here, order, 0, None));
    }
    Walk {
        steps: w.steps,
        first_walked: w.first_walked,
        visit_order: w.visit_order,
        first_step: w.first_step,
    }
}

fn shuffle<T>(rng: &mut SplitMix64, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The ground truth the walk evidences, MANGO style: every exit as a record with its room keys,
/// its direction, the first step that walked it (`seen_in_forward`) and the first step that
/// walked its reverse (`seen_in_reversed`), ordered by the first of the two.
pub fn truth_records(world: &World, walk: &Walk) -> Vec<EdgeRecord> {
    let by_room = world.exits_by_room();
    let mut records: Vec<EdgeRecord> = world
        .exits
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let reverse = world
                .exit_towards(&by_room, e.to, e.direction.opposite())
                .filter(|&b| world.exits[b].to == e.from);
            EdgeRecord {
                src: world.rooms[e.from].key.clone(),
                dst: world.rooms[e.to].key.clone(),
                action: e.direction.as_str().to_string(),
                seen_in_forward: walk.first_walked.get(i).copied().flatten(),
                seen_in_reversed: reverse.and_then(|b| walk.first_walked.get(b).copied().flatten()),
                extra: Default::default(),
            }
        })
        .collect();
    records.sort_by_key(|r| r.first_seen().unwrap_or(i64::MAX));
    records
}

/// Writes steps as a MANGO walkthrough: blocks separated by a line of eleven `=`, each with
/// `==>STEP NUM:`, `==>ACT:` and `==>OBSERVATION:` (first line of the observation on the same
/// line, the rest below), a blank line after each block and a separator at the end.
pub fn write_mango(steps: &[Step]) -> String {
    let mut out = String::new();
    for s in steps {
        let mut lines = s.observation.lines();
        let first = lines.next().unwrap_or("");
        out.push_str("===========\n");
        out.push_str(&format!("==>STEP NUM: {}\n==>ACT: {}\n", s.num, s.action));
        out.push_str(&format!("==>OBSERVATION: {first}\n"));
        for l in lines {
            out.push_str(l);
            out.push('\n');
        }
        out.push('\n');
    }
    out.push_str("===========\n");
    out
}
