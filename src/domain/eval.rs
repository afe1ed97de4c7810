//! Evaluation against a ground-truth map (filled in by the automapper work).
