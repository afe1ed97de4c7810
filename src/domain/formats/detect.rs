//! What kind of file a user brought, told from its text alone: a saved project, a MANGO edge
//! list, or a walkthrough or interpreter transcript for the automapper.

use super::error::FormatError;
use super::transcript::is_transcript;

/// The kinds of file the app and the command line open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A saved maprepair project (a JSON object).
    Project,
    /// A MANGO edge list (a JSON array of records).
    EdgeList,
    /// A MANGO walkthrough or an interpreter transcript: text for the automapper.
    Transcript,
}

/// Tells a file's kind from its text. A transcript can open with a bracketed line
/// ("[Transcript of THE LIGHTHOUSE]") or a brace, so prompt lines are looked for first.
///
/// # Errors
/// A [`FormatError`] when the file is empty.
pub fn detect(file: &str, text: &str) -> Result<FileKind, FormatError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.is_empty() {
        return Err(FormatError::new(file, "", "the file is empty"));
    }
    if is_transcript(text) {
        return Ok(FileKind::Transcript);
    }
    Ok(match trimmed.as_bytes()[0] {
        b'{' => FileKind::Project,
        b'[' => FileKind::EdgeList,
        _ => FileKind::Transcript,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_told_from_its_text() {
        assert_eq!(detect("a", "{\"format\":1}"), Ok(FileKind::Project));
        assert_eq!(detect("a", "  [ {} ]"), Ok(FileKind::EdgeList));
        assert_eq!(
            detect("a", "Beach\n>n\nCliff\n>s\nBeach"),
            Ok(FileKind::Transcript)
        );
        assert_eq!(
            detect("a", "[Transcript]\nBeach\n>n\nCliff\n>s\nBeach"),
            Ok(FileKind::Transcript)
        );
        assert!(detect("a", "  \n").is_err());
    }
}
