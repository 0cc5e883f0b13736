//! htmlforge: an HTML parser generated from the WHATWG HTML standard.
#![forbid(unsafe_code)]

pub mod encoding;
pub mod generated;
pub mod named_char_ref;
pub mod quirks;
pub mod serializer;
pub mod tokenizer;

pub use generated::parse_errors::ParseErrorCode;
