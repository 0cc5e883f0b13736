//! htmlforge: an HTML parser generated from the WHATWG HTML standard.
#![forbid(unsafe_code)]

pub mod dom;
pub mod generated;
pub mod quirks;
pub mod named_char_ref;
pub mod tokenizer;
pub mod tree_builder;

pub use generated::parse_errors::ParseErrorCode;
