//! The shape of the tree, checked: no file of `src/` imports, directly or through others, a file
//! that imports it back (no cycles); the pure layers (`domain`, `view`) never reach the app
//! (`ui`); `repair` never imports `automap` (the two share `domain::reading`); and no source
//! file grows past what a reader can hold.
//!
//! Imports are read from the text: every `crate::…` and `super::…` path, in `use` lines and in
//! code, is resolved to the file that defines its longest existing module prefix. Doc comments
//! and `//` comments are skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a source file may grow (issue 24: "no source file in src/ over 1,000 lines").
const MAX_FILE_LINES: usize = 1000;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file of the crate rooted at `root` (`src/domain/map.rs` →
/// `["domain", "map"]`); `None` for files of other crates (the binaries' roots and the command
/// line under `src/bin/`).
fn module_of(root: &Path, file: &Path) -> Option<Vec<String>> {
    let rel = file.strip_prefix(root).ok()?;
    if root != src() {
        let mut m: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if m.len() == 1 && m[0] == "main" {
            m.clear();
        }
        return Some(m);
    }
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    match parts.first().map(String::as_str) {
        Some("bin" | "main" | "automap_main" | "llm_main") => None,
        Some("lib") if parts.len() == 1 => Some(Vec::new()),
        _ => {
            let mut m = parts;
            if m.last().is_some_and(|l| l == "mod") {
                m.pop();
            }
            Some(m)
        }
    }
}

/// The paths written in `text` (comments dropped), as segments: `crate::a::b` and `super::c`,
/// with `{…}` groups expanded one level.
fn paths_in(text: &str) -> Vec<Vec<String>> {
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let mut j = at;
            while j < bytes.len()
                && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] == b':')
            {
                j += 1;
            }
            let head: Vec<String> = code[at..j]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if j < bytes.len() && bytes[j] == b'{' {
                let end = code[j..].find('}').map_or(bytes.len(), |k| j + k);
                for item in code[j + 1..end].split(',') {
                    let seg: Vec<String> = item
                        .trim()
                        .split("::")
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty() && s != "self")
                        .collect();
                    let mut p = head.clone();
                    p.extend(seg);
                    out.push(p);
                }
            } else {
                out.push(head);
            }
        }
    }
    out
}

/// Resolves a path written in the file of module `me` to the module it reaches.
fn resolve(me: &[String], path: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut abs: Vec<String> = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        // In `a/b.rs` and in `a/b/mod.rs` (both module a::b) `super` is `a`.
        Some("super") => me[..me.len().saturating_sub(1)].to_vec(),
        _ => return None,
    };
    let mut rest = &path[1..];
    while rest.first().is_some_and(|s| s == "super") {
        abs.pop();
        rest = &rest[1..];
    }
    abs.extend(rest.iter().cloned());
    (0..=abs.len())
        .rev()
        .map(|n| abs[..n].to_vec())
        .find(|m| modules.contains(m))
}

struct Tree {
    /// Module → the modules its file reaches.
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    lines: BTreeMap<PathBuf, usize>,
}

/// The library's tree.
fn tree() -> Tree {
    tree_of(&src())
}

/// The command line's tree (`src/bin/maprepair/`, a crate of its own).
fn cli_tree() -> Tree {
    tree_of(&src().join("bin").join("maprepair"))
}

fn tree_of(root: &Path) -> Tree {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut lines = BTreeMap::new();
    let mut by_module = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        lines.insert(f.clone(), text.lines().count());
        if let Some(m) = module_of(root, f) {
            by_module.insert(m, (f.clone(), text));
        }
    }
    let modules: BTreeSet<Vec<String>> = by_module.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for (m, (_, text)) in &by_module {
        // A file's own tests (`#[cfg(test)] mod tests` at its end) import nothing it ships.
        let shipped = text.split("#[cfg(test)]").next().unwrap_or("");
        let reached: BTreeSet<Vec<String>> = paths_in(shipped)
            .iter()
            .filter_map(|p| resolve(m, p, &modules))
            // A module reaching into itself or its own children is not an import between files
            // that could cycle through its parent.
            .filter(|t| t != m && !t.is_empty())
            .collect();
        edges.insert(m.clone(), reached);
    }
    Tree { edges, lines }
}

/// Every cycle's files, by strongly connected components (Tarjan), ignoring a folder's `mod.rs`
/// declaring its children (a parent naming its children is not an import).
fn cycles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    let nodes: Vec<&Vec<String>> = edges.keys().collect();
    let index_of: BTreeMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges[*n]
                .iter()
                .filter(|t| !t.starts_with(n))
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut out) = (Vec::new(), 0, Vec::new());
    // Iterative Tarjan: (node, next successor to look at).
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = succ[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    out.push(comp);
                }
            }
        }
    }
    out
}

fn names(ms: &[Vec<String>]) -> Vec<String> {
    ms.iter().map(|m| m.join("::")).collect()
}

#[test]
fn no_file_of_src_imports_a_file_that_imports_it_back() {
    for (what, t, least) in [
        ("the library", tree(), 50),
        ("the command line", cli_tree(), 10),
    ] {
        assert!(
            t.edges.len() > least,
            "{what} was not read: {} modules",
            t.edges.len()
        );
        let found: Vec<Vec<String>> = cycles(&t.edges).iter().map(|c| names(c)).collect();
        assert!(found.is_empty(), "import cycles in {what}: {found:#?}");
    }
}

#[test]
fn the_pure_layers_never_reach_the_app_and_repair_never_imports_automap() {
    let t = tree();
    let mut wrong = Vec::new();
    for (m, reached) in &t.edges {
        for r in reached {
            let (from, to) = (m.join("::"), r.join("::"));
            let pure = from.starts_with("domain") || from.starts_with("view");
            if (pure && to.starts_with("ui"))
                || (from.starts_with("domain") && to.starts_with("view"))
                || (from.starts_with("domain::repair") && to.starts_with("domain::automap"))
            {
                wrong.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layering: {wrong:#?}");
}

#[test]
fn the_import_reader_sees_a_cycle_when_there_is_one() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let mut edges = BTreeMap::new();
    edges.insert(m("domain::a"), BTreeSet::from([m("domain::b")]));
    edges.insert(m("domain::b"), BTreeSet::from([m("domain::c")]));
    edges.insert(m("domain::c"), BTreeSet::from([m("domain::a")]));
    edges.insert(m("domain::d"), BTreeSet::from([m("domain::a")]));
    assert_eq!(cycles(&edges).len(), 1);
    let modules: BTreeSet<Vec<String>> = [m("domain"), m("domain::map"), m("domain::names")].into();
    let paths =
        paths_in("use crate::domain::{map::Map, names::canonical_name};\n// crate::domain::x\n");
    let resolved: Vec<_> = paths
        .iter()
        .filter_map(|p| resolve(&m("domain::draft"), p, &modules))
        .collect();
    assert_eq!(resolved, [m("domain::map"), m("domain::names")]);
}

#[test]
fn no_source_file_grows_past_what_a_reader_can_hold() {
    let t = tree();
    let long: Vec<String> = t
        .lines
        .iter()
        .filter(|(_, n)| **n > MAX_FILE_LINES)
        .map(|(f, n)| format!("{} ({n} lines)", f.display()))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines: {long:#?}"
    );
}
