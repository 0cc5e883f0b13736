//! htmlforge: an HTML parser generated from the WHATWG HTML standard.
#![forbid(unsafe_code)]

mod byte_search;
pub mod dom;
pub mod encoding;
pub mod generated;
pub mod named_char_ref;
mod parse;
mod parse_bytes;
pub mod quirks;
pub mod serializer;
pub mod tokenizer;
pub mod tree_builder;

pub use dom::serialize_document;
pub use generated::parse_errors::ParseErrorCode;
pub use parse::{
    parse_document, parse_document_with, parse_fragment, parse_fragment_with, FragmentContext, ParseOptions, Parser,
    ParserStatus,
};
pub use parse::{parse_document_checked, LimitExceeded, Limits, ParserMisuse};
pub use parse_bytes::{parse_bytes, parse_reader, ByteParseOptions, ByteParser, ByteParserStatus, ParsedBytes};
pub use tree_builder::LimitsHit;

/// The README's Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeExamples;
