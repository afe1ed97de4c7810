//! Seeded demo games (filled in by the demo work).
