//! The LLM protocol: requests built as values, replies parsed from text. No I/O here.
