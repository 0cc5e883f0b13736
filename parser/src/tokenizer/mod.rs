//! The tokenizer.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>

mod interface;

pub use interface::{Attribute, ContentState, Doctype, ParseError, SinkResult, Tag, Token, TokenSink};
