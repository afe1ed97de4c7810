//! From a file's bytes to the text the readers take: UTF-8 checked (an error names the line and
//! byte of the first bad sequence), a byte-order mark skipped, and the size bounded. Every
//! reader also skips a byte-order mark itself ([`without_bom`]), so text that reaches it some
//! other way (the browser's file reader, a test) reads the same.

use super::error::FormatError;

/// The largest file read, in bytes: 256 MiB. A 1,000,000-room edge list (the size the core is
/// built to handle) takes about 150 MB; anything past this is refused before it is parsed, so
/// the parser's own memory (a few times the text) stays within a small machine's.
pub const MAX_INPUT_BYTES: usize = 256 << 20;

/// The UTF-8 byte-order mark.
const BOM: char = '\u{feff}';

/// `text` without a leading byte-order mark.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Decodes a file's bytes as UTF-8 text, skipping a byte-order mark.
///
/// # Errors
/// A [`FormatError`] naming the line and byte (1-based, counted in the file) of the first byte
/// that is not UTF-8, or saying the file is over [`MAX_INPUT_BYTES`].
pub fn decode(bytes: Vec<u8>, file: &str) -> Result<String, FormatError> {
    check_size(bytes.len(), file)?;
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with(BOM) {
                text.drain(..BOM.len_utf8());
            }
            Ok(text)
        }
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
            let bad = e.utf8_error().error_len().unwrap_or(bytes.len() - at);
            let shown: Vec<String> = bytes[at..at + bad.min(4)]
                .iter()
                .map(|b| format!("{b:#04x}"))
                .collect();
            Err(FormatError::new(
                file,
                format!("line {line}, byte {}", at + 1),
                format!(
                    "not UTF-8 text ({} there is not a UTF-8 character; save the file as UTF-8)",
                    shown.join(" ")
                ),
            ))
        }
    }
}

/// Refuses a file over [`MAX_INPUT_BYTES`] before it is read whole.
///
/// # Errors
/// A [`FormatError`] saying how large the file is and what the limit is.
pub fn check_size(len: usize, file: &str) -> Result<(), FormatError> {
    if len > MAX_INPUT_BYTES {
        return Err(FormatError::new(
            file,
            "",
            format!(
                "the file is {} MB; files over {} MB are not read",
                len >> 20,
                MAX_INPUT_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_named_by_line_and_byte() {
        let err = decode(b"[\n{\"a\": \"Kit\xffchen\"}]".to_vec(), "e.json").unwrap_err();
        assert_eq!(err.location, "line 2, byte 13");
        assert!(err.problem.contains("0xff"), "{err}");
        assert!(err
            .to_string()
            .starts_with("e.json, line 2, byte 13: not UTF-8"));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(decode(b"\xef\xbb\xbf[1]".to_vec(), "b").unwrap(), "[1]");
        assert_eq!(without_bom("\u{feff}>north"), ">north");
        assert_eq!(without_bom(">north"), ">north");
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        assert!(check_size(MAX_INPUT_BYTES, "f").is_ok());
        let err = check_size(MAX_INPUT_BYTES + 1, "f").unwrap_err();
        assert!(err.problem.contains("not read"), "{err}");
    }
}
