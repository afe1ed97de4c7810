//! `bench files --rooms N [--transcript-mb M] [--seed S] [--timeout SECONDS]`: the commands a
//! user runs on real files, timed end to end.
//!
//! Writes, to a fresh temporary folder, a lattice edge list of about N rooms laid out as
//! `gen_large.py grid-edges` lays them (rows of rooms "Room x-y", every east link, half the north
//! links, one record per link in row order) with about 2 % of the directions wrong, and, with
//! `--transcript-mb`, an interpreter transcript of M MB as `gen_large.py grid-transcript` writes
//! it (a seeded random walk, a new room per cell) and its location list (every title walked). Then runs each command as a child process of
//! this same binary, as a user would (`check` in both semantics, `repair` with each strategy,
//! `route` across the lattice, `automap` on the transcript, without and with its list), and reports its wall time and peak
//! memory; and, in this process, the app's two layouts of the edge list's map and its drawing
//! steps (snapshot, drawing, culling, raster, the autosave's JSON and reading it back).
//!
//! Peak memory is the child's own `VmHWM` (the most resident memory it ever had, what
//! `/usr/bin/time -v` calls "maximum resident set size"): the child writes it to the file named
//! by [`crate::PEAK_FILE_VAR`] when it ends. That needs no `unsafe` (the crate forbids it) and no
//! new dependency, and it is exact per child, where `getrusage(RUSAGE_CHILDREN)` only gives the
//! largest of all children so far; reading `/proc/<pid>/status` from here races the child's
//! exit. Linux only: elsewhere the figure is `null`.

use crate::args::{BenchFilesArgs, Format};
use crate::{emit, CliError};
use maprepair::domain::analysis::Geometry;
use maprepair::domain::formats::parse_edge_list;
use maprepair::domain::layout::{force, grid, Floors, FORCE_SEED};
use maprepair::domain::rng::SplitMix64;
use maprepair::domain::Project;
use serde_json::{json, Value};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Wrong directions per thousand links: about 2 %, as `bench scale`'s lattice and the issue's
/// solver target have (gen_large.py's files have 0.5 %).
const WRONG_PER_MILLE: u64 = 20;

/// How often a running child is looked at.
const POLL: Duration = Duration::from_millis(10);

/// Writes the lattice edge list; returns its number of rooms and two rooms at opposite corners
/// (for `route`).
fn write_edges(path: &Path, rooms: usize, seed: u64) -> std::io::Result<(usize, String, String)> {
    let w = (rooms as f64).sqrt() as usize + 1;
    let h = (rooms / w).max(1);
    let mut rng = SplitMix64::new(seed);
    let mut wrong = || rng.below(1000) < WRONG_PER_MILLE;
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let mut n = 0u64;
    out.write_all(b"[")?;
    let mut record = |out: &mut BufWriter<std::fs::File>, a: String, b: String, action: &str| {
        let sep = if n == 0 { "" } else { ",\n" };
        let r = json!({"src_node": a, "dst_node": b, "action": action, "seen_in_forward": n});
        n += 1;
        write!(out, "{sep}{r}")
    };
    let name = |x: usize, y: usize| format!("Room {x}-{y}");
    let mut coin = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    for y in 0..h {
        for x in 0..w {
            if x + 1 < w {
                let a = if wrong() { "north" } else { "east" };
                record(&mut out, name(x, y), name(x + 1, y), a)?;
            }
            if y + 1 < h && coin.below(2) == 0 {
                let a = if wrong() { "east" } else { "north" };
                record(&mut out, name(x, y), name(x, y + 1), a)?;
            }
        }
    }
    out.write_all(b"]\n")?;
    out.flush()?;
    Ok((w * h, name(0, 0), name(w - 1, h - 1)))
}

/// Writes a transcript of about `mb` MB: a random walk, a new room title per cell. Returns the
/// titles walked, each once, in the order first met: the walk's location list.
fn write_transcript(path: &Path, mb: f64, seed: u64) -> std::io::Result<Vec<String>> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    out.write_all(
        b"Start of a transcript\n\nRoom 0 0\nYou are in room 0 0. Exits lead everywhere.\n",
    )?;
    let mut rng = SplitMix64::new(seed);
    let (mut x, mut y) = (0i64, 0i64);
    let mut size = 0.0;
    let mut seen = std::collections::HashSet::from([(0i64, 0i64)]);
    let mut titles = vec!["Room 0 0".to_string()];
    let dirs = [
        ("north", 0, 1),
        ("south", 0, -1),
        ("east", 1, 0),
        ("west", -1, 0),
    ];
    while size < mb * f64::from(1u32 << 20) {
        let (d, dx, dy) = dirs[rng.below(4) as usize];
        x += dx;
        y += dy;
        let s = format!(">{d}\nRoom {x} {y}\nYou are in room {x} {y}. Exits lead everywhere.\n\n");
        out.write_all(s.as_bytes())?;
        size += s.len() as f64;
        if seen.insert((x, y)) {
            titles.push(format!("Room {x} {y}"));
        }
    }
    out.flush()?;
    Ok(titles)
}

/// One command's run.
struct Timed {
    seconds: f64,
    peak_mb: Option<f64>,
    outcome: String,
}

/// Runs this binary with `args` (output discarded), timing it and reading its peak memory.
#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn run_child(args: &[String], peak_file: &Path, timeout: Duration) -> Result<Timed, CliError> {
    let exe = std::env::current_exe()?;
    let _ = std::fs::remove_file(peak_file);
    let start = Instant::now();
    let mut child = Command::new(exe)
        .args(args)
        .env(crate::PEAK_FILE_VAR, peak_file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let outcome = loop {
        if let Some(status) = child.try_wait()? {
            break match status.code() {
                Some(0) => "ok".to_string(),
                Some(c) => format!("exit {c}"),
                None => "killed".to_string(),
            };
        }
        if start.elapsed() > timeout {
            child.kill()?;
            child.wait()?;
            break "timed out".to_string();
        }
        std::thread::sleep(POLL);
    };
    let seconds = start.elapsed().as_secs_f64();
    let peak_mb = std::fs::read_to_string(peak_file)
        .ok()
        .and_then(|t| t.trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0);
    Ok(Timed {
        seconds,
        peak_mb,
        outcome,
    })
}

/// The app's layouts of the edge list's map, timed here: the map is built as the app builds it
/// from the file (one commit per record), its geometry inferred, then laid out.
#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn time_layouts(edges: &Path) -> Result<Value, CliError> {
    let text = crate::read(edges)?;
    let start = Instant::now();
    let records = parse_edge_list(&text, &edges.display().to_string())?;
    let project = Project::from_edge_records("bench", &records);
    let map = project.history.head();
    let geometry = Geometry::infer(map);
    let open_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let lattice = grid(map, &geometry, Floors::Stacked);
    let grid_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let forced = force(map, FORCE_SEED, Some(&lattice));
    let force_s = start.elapsed().as_secs_f64();
    let placed = forced.spots.iter().flatten().count();
    let mut out = json!({"open": open_s, "grid": grid_s, "force": force_s, "rooms_placed": placed});
    out["view"] = time_view(&project);
    Ok(out)
}

/// The app's drawing steps on the opened project, timed here as the app runs them: the shown
/// version's snapshot, its drawing, the part a readable view shows (`cull`), the whole map as
/// dots in a 1,000 × 700 bitmap (`raster`, the far level of detail), the autosave's JSON
/// (`save`, with its size) and reading it back on reload (`restore`).
#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn time_view(project: &Project) -> Value {
    use maprepair::view::camera::Camera;
    use maprepair::view::detail::{cull, Detail};
    use maprepair::view::drawing::{draw, Marks};
    use maprepair::view::raster::paint;
    use maprepair::view::snapshot::Snapshot;
    let start = Instant::now();
    let snap = Snapshot::of(&project.history, None);
    let snapshot_s = start.elapsed().as_secs_f64();
    let layout = grid(&snap.map, &snap.analysis.geometry, Floors::Stacked);
    let start = Instant::now();
    let d = draw(&snap, &layout, &Marks::default());
    let draw_s = start.elapsed().as_secs_f64();
    let (w, h) = (1000.0, 700.0);
    let near = Camera {
        x: d.left + d.width / 2.0,
        y: d.top + d.height / 2.0,
        w: w * 110.0 / 90.0,
        h: h * 110.0 / 90.0,
    };
    let start = Instant::now();
    let culled = cull(&d, &near.margin());
    let cull_s = start.elapsed().as_secs_f64();
    let far = Camera::fit(d.left, d.top, d.width, d.height).with_aspect((w, h));
    let start = Instant::now();
    let bitmap = paint(&d, &far, w as usize, h as usize, Detail::Dots);
    let raster_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let text = project.to_json();
    let save_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let back = Project::from_json(&text, "bench").map(|p| p.history.len());
    let restore_s = start.elapsed().as_secs_f64();
    json!({
        "snapshot": snapshot_s, "draw": draw_s, "cull": cull_s, "raster": raster_s,
        "save": save_s, "restore": restore_s,
        "rooms_drawn": d.rooms.len(), "exits_drawn": d.exits.len(),
        "rooms_culled": culled.rooms.len(), "raster_pixels": bitmap.width * bitmap.height,
        "project_mb": text.len() as f64 / 1e6,
        "restored_commits": back.ok(),
    })
}

pub fn run(args: &BenchFilesArgs, format: Format) -> Result<(), CliError> {
    let rooms =
        usize::try_from(args.rooms).map_err(|_| CliError::Usage("--rooms is too large".into()))?;
    let (seed, transcript_mb) = (args.seed, args.transcript_mb);
    let timeout = Duration::from_secs(args.timeout);
    let dir: PathBuf =
        std::env::temp_dir().join(format!("maprepair-bench-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = measure(&dir, rooms, seed, transcript_mb, timeout);
    let _ = std::fs::remove_dir_all(&dir);
    let out = result?;
    emit(format, &out, || {
        let mut s = format!(
            "{} rooms ({:.1} MB edge list){}\n",
            out["lattice_rooms"],
            out["edges_mb"].as_f64().unwrap_or(0.0),
            out["transcript_mb"]
                .as_f64()
                .map_or(String::new(), |m| format!(", {m:.1} MB transcript"))
        );
        for c in out["commands"].as_array().into_iter().flatten() {
            s.push_str(&format!(
                "  {:<45} {:>9.2} s {:>9} MB  {}\n",
                c["command"].as_str().unwrap_or(""),
                c["seconds"].as_f64().unwrap_or(0.0),
                c["peak_mb"]
                    .as_f64()
                    .map_or("?".to_string(), |m| format!("{m:.0}")),
                c["outcome"].as_str().unwrap_or("")
            ));
        }
        let l = &out["layout"];
        s.push_str(&format!(
            "  layout in process: open {:.2} s, grid {:.2} s, force {:.2} s\n",
            l["open"].as_f64().unwrap_or(0.0),
            l["grid"].as_f64().unwrap_or(0.0),
            l["force"].as_f64().unwrap_or(0.0)
        ));
        let v = &l["view"];
        let f = |k: &str| v[k].as_f64().unwrap_or(0.0);
        s.push_str(&format!(
            "  the app's view in process: snapshot {:.2} s, draw {:.2} s, cull {:.3} s, raster {:.3} s, save {:.2} s ({:.1} MB), restore {:.2} s",
            f("snapshot"), f("draw"), f("cull"), f("raster"), f("save"), f("project_mb"), f("restore")
        ));
        s
    });
    Ok(())
}

fn measure(
    dir: &Path,
    rooms: usize,
    seed: u64,
    transcript_mb: Option<f64>,
    timeout: Duration,
) -> Result<Value, CliError> {
    let edges = dir.join("lattice_edges.json");
    let (lattice_rooms, first, last) = write_edges(&edges, rooms, seed)?;
    let edges_s = edges.display().to_string();
    let mut runs: Vec<(String, Vec<String>)> = Vec::new();
    let cmd = |parts: &[&str]| parts.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    for (label, extra) in [
        ("check", vec![]),
        (
            "check --semantics reference",
            vec!["--semantics", "reference"],
        ),
    ] {
        let mut a = cmd(&["check", &edges_s]);
        a.extend(cmd(&extra));
        runs.push((label.to_string(), a));
    }
    for strategy in ["heuristic-remove", "heuristic-modify", "solver"] {
        runs.push((
            format!("repair --strategy {strategy}"),
            cmd(&["repair", &edges_s, "--strategy", strategy]),
        ));
    }
    runs.push((
        "route (corner to corner)".into(),
        cmd(&["route", &edges_s, &first, &last]),
    ));
    let transcript = dir.join("walk.txt");
    if let Some(mb) = transcript_mb {
        let titles = write_transcript(&transcript, mb, seed)?;
        let list = dir.join("walk.locations.json");
        std::fs::write(&list, Value::from(titles).to_string())?;
        let out = dir.join("automapped_edges.json");
        runs.push((
            "automap (transcript)".into(),
            cmd(&[
                "automap",
                &transcript.display().to_string(),
                "--out",
                &out.display().to_string(),
            ]),
        ));
        // With its location list too: a rule that looks every listed name up in the
        // transcript shows here what it costs (names x transcript, if it scans).
        runs.push((
            "automap (transcript, with its location list)".into(),
            cmd(&[
                "automap",
                &transcript.display().to_string(),
                "--locations",
                &list.display().to_string(),
                "--out",
                &out.display().to_string(),
            ]),
        ));
    }
    let mut commands = Vec::new();
    for (i, (label, mut a)) in runs.into_iter().enumerate() {
        a.extend(cmd(&["--format", "json"]));
        let t = run_child(&a, &dir.join(format!("peak-{i}")), timeout)?;
        commands.push(json!({"command": label, "seconds": t.seconds, "peak_mb": t.peak_mb, "outcome": t.outcome}));
    }
    let layout = time_layouts(&edges)?;
    let mb = |p: &Path| {
        std::fs::metadata(p)
            .map(|m| m.len() as f64 / f64::from(1u32 << 20))
            .ok()
    };
    Ok(json!({
        "rooms": rooms,
        "lattice_rooms": lattice_rooms,
        "edges_mb": mb(&edges),
        "transcript_mb": transcript_mb.and_then(|_| mb(&transcript)),
        "commands": commands,
        "layout": layout,
    }))
}
