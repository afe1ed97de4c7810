//! The offline transcript automapper (filled in by the automapper work).
