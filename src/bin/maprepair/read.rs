//! `read TEXT_FILE [--split blank-lines|lines] --format json [--out PROJECT.json]`: reads
//! published prose offline into `{"places":[{"name","aliases"}],"links":[{"from","to",
//! "direction","evidence"}]}`; `--out` writes the same map with its history (one commit per
//! paragraph) as a saved project the app opens.

use crate::args::{Format, ReadArgs, SplitArg};
use crate::{emit, read, CliError};
use maprepair::domain::llm::{read_prose, split_observations, Split};
use maprepair::domain::prose::read_paragraphs;
use maprepair::domain::Project;
use std::path::Path;

pub fn run(args: &ReadArgs, format: Format) -> Result<(), CliError> {
    let path: &Path = &args.text_file;
    let split = match args.split {
        SplitArg::BlankLines => Split::Paragraphs,
        SplitArg::Lines => Split::Lines,
    };
    let paras = split_observations(&read(path)?, &split);
    let reading = read_paragraphs(&paras).map_err(|e| CliError::Failed(e.to_string()))?;
    let map = reading.map();
    if let Some(out) = &args.out {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("prose")
            .to_string();
        let history = read_prose(&paras).map_err(|e| CliError::Failed(e.to_string()))?;
        let project = Project {
            name,
            history,
            ground_truth: None,
        };
        std::fs::write(out, project.to_json())
            .map_err(|e| CliError::Failed(format!("{}: {e}", out.display())))?;
    }
    let json = serde_json::to_value(&map).map_err(|e| CliError::Failed(e.to_string()))?;
    emit(format, &json, || {
        let mut lines = vec![format!(
            "{} places, {} links",
            map.places.len(),
            map.links.len()
        )];
        for p in &map.places {
            lines.push(format!("  {} {:?}", p.name, p.aliases));
        }
        for l in &map.links {
            let d = l.direction.map_or("—", |d| d.as_str());
            lines.push(format!("  {} -{d}-> {}   « {} »", l.from, l.to, l.evidence));
        }
        lines.join("\n")
    });
    Ok(())
}
