//! The one error type for malformed input files.

use std::fmt;

/// A malformed input: which file, where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct FormatError {
    /// The file name as the user gave it.
    pub file: String,
    /// Where: "line 3, column 7", "record 12, field \"action\"", …
    pub location: String,
    /// What is wrong, in words.
    pub problem: String,
}

impl FormatError {
    /// Builds an error.
    pub fn new(file: &str, location: impl Into<String>, problem: impl Into<String>) -> FormatError {
        FormatError {
            file: file.to_string(),
            location: location.into(),
            problem: problem.into(),
        }
    }

    /// Wraps a serde_json syntax error with its line and column.
    pub fn json(file: &str, err: &serde_json::Error) -> FormatError {
        let message = err.to_string();
        // serde_json's own message ends with the position, which the location already gives.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        let problem = if message.starts_with("recursion limit exceeded") {
            // serde_json stops at 128 levels, so deep nesting cannot exhaust the stack.
            "nested more than 128 levels deep (no map file nests that deep)".to_string()
        } else {
            format!("not valid JSON: {message}")
        };
        FormatError::new(
            file,
            format!("line {}, column {}", err.line(), err.column()),
            problem,
        )
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.location.is_empty() {
            write!(f, "{}: {}", self.file, self.problem)
        } else {
            write!(f, "{}, {}: {}", self.file, self.location, self.problem)
        }
    }
}
