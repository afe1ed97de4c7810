//! Reading and writing the files people bring: MANGO walkthroughs and edge lists, interpreter
//! transcripts, and our own project JSON. Every error names the file, where in it, and what is wrong.

pub mod detect;
pub mod error;
pub mod mango;
pub mod transcript;
pub mod walkthrough;

pub use detect::{detect, FileKind};
pub use error::FormatError;
pub use mango::{parse_edge_list, records_of, write_edge_list, EdgeRecord};
pub use transcript::{is_mango, is_transcript, parse_transcript, read_steps};
pub use walkthrough::{parse_walkthrough, Step};
