//! Shared helpers for integration tests.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.
#![allow(dead_code)]

pub mod prose_map;
pub mod random_map;

use std::path::PathBuf;

/// `../shared/mango` beside the checkout, or `None` (with a message on stderr) when absent.
pub fn mango_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/mango");
    if dir.join("llm_built").is_dir() && dir.join("data_fixed").is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: {} is absent; the MANGO acceptance tests need ../shared/mango beside the checkout",
            dir.display()
        );
        None
    }
}

/// `../shared/reference` beside the checkout, or `None` when absent.
pub fn reference_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/reference");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("SKIPPED: {} is absent", dir.display());
        None
    }
}

/// Reads a file to a string, panicking with its path on failure (tests only).
pub fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `../shared/prose` beside the checkout, or `None` (with a message on stderr) when absent.
pub fn prose_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/prose");
    if dir.join("README.md").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: {} is absent; the prose corpus tests need ../shared/prose beside the checkout",
            dir.display()
        );
        None
    }
}
pub mod llm;
