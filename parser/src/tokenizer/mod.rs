//! The tokenizer.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>
//!
//! The state machine is generated from `spec-data/tokenizer/*.states`
//! (`crate::generated::tokenizer_states`); this module holds what data
//! cannot express: the input stream (`input_stream`), the token builders
//! and spec verbs (`machine`), and the collecting API ([`tokenize`], [`Collector`]).
//!
//! ```
//! use htmlforge::tokenizer::{tokenize, OwnedToken};
//!
//! let tokens = tokenize("<p class=x>a &amp; b</p>");
//! assert!(matches!(&tokens[0], OwnedToken::StartTag(tag) if tag.attr("class") == Some("x")));
//! assert_eq!(tokens[1], OwnedToken::Characters("a & b".into()));
//! ```

mod attributes;
mod collect;
mod input_stream;
mod interface;
pub(crate) mod machine;
mod observe;

pub use crate::generated::tokenizer_states::State;
pub use attributes::Attributes;
pub use collect::{tokenize, tokenize_chunks, tokenize_with_errors, Collector, OwnedToken};
pub use interface::{
    Attribute, ContentState, Doctype, ProcessingInstruction, SinkResult, Tag, Token, TokenInput, TokenSink,
};
pub use machine::{Progress, Tokenizer};
pub use observe::{Observed, TokenObserver};

#[cfg(test)]
mod steering_tests;
