//! Route finding (filled in by the automapper work).
