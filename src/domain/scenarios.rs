//! The paper's worked scenarios as data (filled in by the demo work).
