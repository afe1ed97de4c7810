//! Reference semantics reproduces the authors' Table 3 / A3 heuristic rows exactly, game by
//! game, against `table3_per_game.csv` and the raw result files.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::formats::parse_edge_list;
use maprepair::domain::reference::table3::{table3_row, Table3Row};
use std::collections::BTreeMap;

fn rows() -> Option<BTreeMap<String, Table3Row>> {
    let dir = support::mango_dir()?;
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir.join("llm_built")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(game) = name.strip_suffix("_edges.json") else {
            continue;
        };
        let built =
            parse_edge_list(&support::read(&dir.join("llm_built").join(&name)), &name).unwrap();
        let truth_path = dir
            .join("data_fixed")
            .join(game)
            .join(format!("{game}.edges.json"));
        let truth = parse_edge_list(&support::read(&truth_path), "gt").unwrap();
        out.insert(game.to_string(), table3_row(&built, &truth));
    }
    Some(out)
}

#[test]
fn every_table3_row_matches_the_csv() {
    let (Some(rows), Some(reference)) = (rows(), support::reference_dir()) else {
        return;
    };
    let csv = support::read(&reference.join("table3_per_game.csv"));
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let mut checked = 0;
    let mut totals = [0i64; 7];
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let game = cells[0];
        if game == "TOTAL" {
            continue;
        }
        let num = |name: &str| cells[col(name)].parse::<i64>().unwrap();
        let row = &rows[game];
        let ours = [
            row.input_conflicts as i64,
            row.heuristic_remove.after as i64,
            row.heuristic_remove.after_dir_topo_only as i64,
            row.heuristic_remove.dirdelta,
            row.heuristic_modify.after as i64,
            row.heuristic_modify.after_dir_topo_only as i64,
            row.heuristic_modify.dirdelta,
        ];
        let theirs = [
            num("input_conflicts"),
            num("heuristic_remove_after"),
            num("heuristic_remove_after_dir_topo_only"),
            num("heuristic_remove_dirdelta"),
            num("heuristic_modify_after"),
            num("heuristic_modify_after_dir_topo_only"),
            num("heuristic_modify_dirdelta"),
        ];
        assert_eq!(ours, theirs, "{game}");
        assert_eq!(row.input_direction as i64, num("input_direction"), "{game}");
        assert_eq!(
            row.input_topology_overlap as i64,
            num("input_topology_overlap"),
            "{game}"
        );
        assert_eq!(
            row.input_naming_not_counted as i64,
            num("input_naming_not_counted"),
            "{game}"
        );
        for (t, v) in totals.iter_mut().zip(ours) {
            *t += v;
        }
        checked += 1;
    }
    assert_eq!(checked, 42);
    assert_eq!(totals, [534, 98, 54, -56, 438, 75, -97]);
    // The eleven conflict-free games stay conflict-free.
    assert_eq!(rows.values().filter(|r| r.input_conflicts == 0).count(), 11);
}

#[test]
fn heuristic_runs_match_the_raw_result_files_field_for_field() {
    let Some(rows) = rows() else { return };
    let dir = support::mango_dir().unwrap().join("reference_results");
    let mut checked = 0;
    for file in ["exp30c.raw.json", "exp30b.raw.json"] {
        let raw: serde_json::Value = serde_json::from_str(&support::read(&dir.join(file))).unwrap();
        for rec in raw.as_array().unwrap() {
            let mode = rec["mode"].as_str().unwrap();
            let h = match mode {
                "heuristic_remove" => &rows[rec["game"].as_str().unwrap()].heuristic_remove,
                "heuristic_modify" => &rows[rec["game"].as_str().unwrap()].heuristic_modify,
                _ => continue,
            };
            let game = rec["game"].as_str().unwrap();
            let row = &rows[game];
            assert_eq!(
                rec["n_conflicts_before"].as_u64().unwrap() as usize,
                row.input_conflicts,
                "{game} {mode}"
            );
            assert_eq!(
                rec["n_conflicts_after"].as_u64().unwrap() as usize,
                h.after,
                "{game} {mode}"
            );
            assert_eq!(
                rec["correct_dir_edges_delta"].as_i64().unwrap(),
                h.dirdelta,
                "{game} {mode}"
            );
            assert_eq!(
                rec["n_actions"].as_u64().unwrap() as usize,
                h.n_actions,
                "{game} {mode} n_actions"
            );
            assert_eq!(
                rec["iterations"].as_u64().unwrap() as usize,
                h.iterations,
                "{game} {mode} iterations"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 84);
}
