//! Files in and out at the browser's edge: reading a picked or dropped file, and offering a
//! string or a data URL as a download. What a file holds is read by
//! [`crate::domain::import`].

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

/// Reads a file's text as the command line does ([`crate::domain::formats::decode`]): its size
/// checked first, UTF-8 checked (a bad byte named by line and byte), a byte-order mark skipped.
#[cfg(target_arch = "wasm32")]
pub async fn read_text(file: &web_sys::File) -> Result<String, String> {
    use crate::domain::formats::decode::{check_size, decode};
    let name = file.name();
    check_size(file.size() as usize, &name).map_err(|e| e.to_string())?;
    let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| format!("{name}: the browser could not read the file"))?;
    decode(js_sys::Uint8Array::new(&buffer).to_vec(), &name).map_err(|e| e.to_string())
}

/// [`read_text`] outside a browser (the native build of the app's code, for its tests): no file
/// can be read there.
#[cfg(not(target_arch = "wasm32"))]
pub async fn read_text(file: &web_sys::File) -> Result<String, String> {
    Err(format!(
        "{}: files can only be read in a browser",
        file.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::import::read_import;
    use crate::view::demo::demo_project;

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
    fn a_walkthrough_becomes_a_project_and_a_file_name_is_safe() {
        let walk = include_str!("../../view/lighthouse.walkthrough");
        assert!(
            read_import("l.walkthrough", walk)
                .unwrap()
                .history
                .head()
                .room_count()
                > 2
        );
        assert_eq!(file_name("A small house", "json"), "A-small-house.json");
    }
}
