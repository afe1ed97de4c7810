//! A small argument parser: positionals, `--key value` options and `--flag`s.

use std::collections::HashMap;

/// Flags that take no value.
const BARE_FLAGS: &[&str] = &["help", "verbose", "unbudgeted", "align", "fill"];

/// Parsed arguments.
#[derive(Debug, Default)]
pub struct Args {
    positionals: Vec<String>,
    options: HashMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// Parses `--key value`, `--key=value`, `--flag` and positionals.
    pub fn parse(items: impl Iterator<Item = String>) -> Result<Args, String> {
        let mut out = Args::default();
        let mut items = items.peekable();
        while let Some(item) = items.next() {
            if let Some(key) = item.strip_prefix("--") {
                if let Some((k, v)) = key.split_once('=') {
                    out.options.insert(k.to_string(), v.to_string());
                } else if BARE_FLAGS.contains(&key) {
                    out.flags.push(key.to_string());
                } else {
                    let value = items
                        .next()
                        .ok_or_else(|| format!("--{key} needs a value"))?;
                    out.options.insert(key.to_string(), value);
                }
            } else {
                out.positionals.push(item);
            }
        }
        if let Some(f) = out.options.get("format") {
            if f != "json" && f != "text" {
                return Err(format!("--format must be json or text, not {f:?}"));
            }
        }
        Ok(out)
    }

    /// The n-th positional argument.
    pub fn positional(&self, n: usize) -> Option<String> {
        self.positionals.get(n).cloned()
    }

    /// An option's value.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    /// A required option.
    pub fn require(&self, key: &str) -> Result<&str, super::CliError> {
        self.option(key)
            .ok_or_else(|| super::CliError::Usage(format!("--{key} is required")))
    }

    /// A numeric option with a default.
    pub fn number<T: std::str::FromStr>(
        &self,
        key: &str,
        default: T,
    ) -> Result<T, super::CliError> {
        match self.option(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| {
                super::CliError::Usage(format!("--{key} must be a number, not {v:?}"))
            }),
        }
    }

    /// True if a bare flag was given.
    pub fn flag(&self, key: &str) -> bool {
        self.flags.iter().any(|f| f == key)
    }

    /// True for `--format json`.
    pub fn json(&self) -> bool {
        self.option("format") == Some("json")
    }
}
