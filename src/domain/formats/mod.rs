//! Reading and writing the files people bring: MANGO walkthroughs and edge lists, interpreter
//! transcripts, and our own project JSON. Every error names the file, where in it, and what is wrong.

pub mod decode;
pub mod detect;
pub mod error;
pub mod listed;
pub mod mango;
pub mod transcript;
pub mod walkthrough;
pub mod written;

pub use decode::{decode, without_bom};
pub use detect::{detect, FileKind};
pub use error::FormatError;
pub use listed::{map_records, write_map};
pub use mango::{
    observed_records, parse_edge_list, parse_record, records_of, EdgeRecord, Extra, RecordKind,
};
pub use transcript::{is_mango, is_transcript, parse_transcript, read_steps};
pub use walkthrough::{parse_walkthrough, Step};
pub use written::{write_edge_list, RecordView};
