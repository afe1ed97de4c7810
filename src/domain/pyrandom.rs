//! CPython-compatible Mersenne Twister (filled in by the synth work).
