//! Files in and out. [`read_import`] (pure) turns a file's name and text into a project or a
//! clear error; the rest are the browser edges: reading a picked or dropped file, and offering a
//! string or a data URL as a download.

use crate::domain::automap::{automap, Hints};
use crate::domain::formats::{is_transcript, parse_edge_list, read_steps, FormatError};
use crate::domain::Project;

/// The name a file's project gets: the file name without its extensions.
fn stem(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let cut = base.find('.').unwrap_or(base.len());
    let name = base[..cut].trim();
    if name.is_empty() {
        "Imported map".to_string()
    } else {
        name.to_string()
    }
}

/// Reads an imported file: a saved project (`"format": "maprepair-project"`), a MANGO edge list
/// (a JSON array), or a MANGO walkthrough or interpreter transcript (anything else, automapped).
///
/// # Errors
/// A [`FormatError`] naming the file, the place and the problem.
pub fn read_import(file: &str, text: &str) -> Result<Project, FormatError> {
    match read_map(file, text)? {
        Some(p) => Ok(p),
        None => {
            let steps = read_steps(text, file)?;
            Ok(automap(&stem(file), &steps, &Hints::default()).project)
        }
    }
}

/// [`read_import`] for the files that are maps already: a saved project or an edge list.
/// `None` for anything else, which is a walkthrough or transcript for the automapper (the app
/// hands those to the automapper's module: [`crate::ui::automapper`]).
///
/// # Errors
/// A [`FormatError`] naming the file, the place and the problem.
pub fn read_map(file: &str, text: &str) -> Result<Option<Project>, FormatError> {
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err(FormatError::new(file, "", "the file is empty"));
    }
    // A transcript can open with a bracketed line too ("[Transcript of THE LIGHTHOUSE]").
    if is_transcript(text) {
        return Ok(None);
    }
    if trimmed.starts_with('{') {
        return Project::from_json(text, file).map(Some);
    }
    if trimmed.starts_with('[') {
        let records = parse_edge_list(text, file)?;
        if records.is_empty() {
            return Err(FormatError::new(file, "", "the edge list has no records"));
        }
        return Ok(Some(Project::from_edge_records(&stem(file), &records)));
    }
    Ok(None)
}

/// A file name made from a project name.
pub fn file_name(project: &str, extension: &str) -> String {
    let safe: String = project
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let safe = safe.trim_matches('-');
    format!("{}.{extension}", if safe.is_empty() { "map" } else { safe })
}

/// Offers `text` as a download.
#[cfg(target_arch = "wasm32")]
pub fn download_text(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file".to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not make a download link".to_string())?;
    let result = download_url(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
    result
}

/// Offers a URL (an object or data URL) as a download.
#[cfg(target_arch = "wasm32")]
pub fn download_url(name: &str, url: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "no link")?
        .dyn_into()
        .map_err(|_| "no link")?;
    a.set_href(url);
    a.set_download(name);
    a.click();
    Ok(())
}

/// Reads a file's text.
#[cfg(target_arch = "wasm32")]
pub async fn read_text(file: &web_sys::File) -> Result<String, String> {
    let promise = file.text();
    let value = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|_| format!("{}: the browser could not read the file", file.name()))?;
    value
        .as_string()
        .ok_or_else(|| format!("{}: the file is not text", file.name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::demo::demo_project;

    #[test]
    fn a_saved_project_comes_back_the_same() {
        let p = demo_project();
        let back = read_import("house.maprepair.json", &p.to_json()).unwrap();
        assert_eq!(back.history.commits(), p.history.commits());
        assert_eq!(
            back.ground_truth.map(|t| t.len()),
            p.ground_truth.map(|t| t.len())
        );
    }

    #[test]
    fn an_edge_list_and_a_walkthrough_become_projects() {
        let edges = r#"[{"src_node":"A","dst_node":"B","action":"north"}]"#;
        assert_eq!(read_import("zork.edges.json", edges).unwrap().name, "zork");
        let walk = include_str!("lighthouse.walkthrough");
        assert!(
            read_import("l.walkthrough", walk)
                .unwrap()
                .history
                .head()
                .room_count()
                > 2
        );
        // An interpreter's transcript, even one that opens with a bracketed line.
        let script = "[Transcript of THE LIGHTHOUSE]\nBeach\nWet sand.\n\n>n\nCliff Path\nA path.\n\n>s\nBeach\n";
        let p = read_import("my-game.txt", script).unwrap();
        assert_eq!(p.name, "my-game");
        assert_eq!(p.history.head().room_count(), 2);
    }

    #[test]
    fn bad_files_say_where_and_what() {
        let e = read_import("x.json", "[{\"src_node\": 1}]").unwrap_err();
        assert_eq!(e.location, "record 1, field \"src_node\"");
        let e = read_import("y.json", "{\"format\": \"other\"}").unwrap_err();
        assert!(e.problem.contains("not a maprepair project"));
        let e = read_import("z.txt", "hello").unwrap_err();
        assert!(e
            .problem
            .contains("neither a game transcript nor a MANGO walkthrough"));
        assert_eq!(file_name("A small house", "json"), "A-small-house.json");
    }
}
