//! Synthetic ground-truth maps, error injectors and the paper's suites (filled in by the synth work).
