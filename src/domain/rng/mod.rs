//! Pseudo-random sources, always seeded by the caller (the core reads no global generator):
//!
//! * [`SplitMix64`]: small and fast, for our own generators (the layout, the demo games, the
//!   scale benchmark's lattice);
//! * [`PyRandom`]: CPython's `random.Random`, bit for bit, so the paper's synthetic suites are
//!   reproduced exactly.

pub mod pyrandom;
pub mod splitmix;

pub use pyrandom::PyRandom;
pub use splitmix::SplitMix64;
