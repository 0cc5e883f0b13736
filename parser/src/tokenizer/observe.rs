//! Watching the tokens a sink receives: [`Observed`] wraps a [`TokenSink`]
//! (the tree builder, typically) and shows each token and tokenizer parse
//! error to a [`TokenObserver`] before handing it on. A parse that does not
//! use it pays nothing for it.
//!
//! The tokens a tree builder receives are not those of the tokenizer on its
//! own: the tree builder switches the tokenizer to the RCDATA, RAWTEXT,
//! script data and PLAINTEXT states, and decides whether `<![CDATA[` opens
//! a CDATA section.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>
//!
//! ```
//! use htmlforge::tokenizer::{Observed, Token, Tokenizer};
//! use htmlforge::tree_builder::{TreeBuilder, TreeBuilderOptions};
//!
//! let mut tags = Vec::new();
//! let builder = TreeBuilder::new(htmlforge::dom::Document::new(), TreeBuilderOptions::default());
//! let mut tokenizer = Tokenizer::new(Observed::new(builder, |token: Token<'_>| {
//!     if let Token::StartTag(tag) = token {
//!         tags.push(tag.name().to_string());
//!     }
//! }));
//! tokenizer.feed("<script>if (a<b) {}</script><p>");
//! tokenizer.end();
//! drop(tokenizer);
//! // In script data, `<b)` is text: no start tag `b)`.
//! assert_eq!(tags, ["script", "p"]);
//! ```

use crate::vocab::ParseError;

use super::interface::{SinkResult, Token, TokenInput, TokenSink};

/// Sees the tokens and tokenizer parse errors a sink receives, in the
/// order the tokenizer emits them.
pub trait TokenObserver {
    /// A token, before the sink processes it.
    fn token(&mut self, token: Token<'_>);

    /// A tokenizer or input-stream parse error, before the sink gets it.
    /// (Errors the sink raises itself, such as the tree builder's, are not
    /// shown.)
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }
}

/// Any `FnMut(Token)` observes tokens (and ignores parse errors).
impl<F: FnMut(Token<'_>)> TokenObserver for F {
    fn token(&mut self, token: Token<'_>) {
        self(token)
    }
}

/// A [`TokenSink`] that shows each token and parse error to `observer`,
/// then hands it to `sink`, whose answers (state switches, pauses, the
/// adjusted current node) steer the tokenizer as if it were alone.
#[derive(Debug, Clone, Default)]
pub struct Observed<S, O> {
    /// The sink that processes the tokens and steers the tokenizer.
    pub sink: S,
    /// Sees each token and tokenizer parse error first.
    pub observer: O,
}

impl<S: TokenSink, O: TokenObserver> Observed<S, O> {
    /// `sink`, watched by `observer`.
    pub fn new(sink: S, observer: O) -> Observed<S, O> {
        Observed { sink, observer }
    }
}

impl<S: TokenSink, O: TokenObserver> TokenSink for Observed<S, O> {
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        self.observer.token(token);
        self.sink.process_token(token)
    }

    fn process_token_in(&mut self, token: Token<'_>, input: TokenInput<'_>) -> SinkResult {
        self.observer.token(token);
        self.sink.process_token_in(token, input)
    }

    fn parse_error(&mut self, error: ParseError) {
        self.observer.parse_error(error);
        self.sink.parse_error(error);
    }

    fn has_errors_awaiting_position(&self) -> bool {
        self.sink.has_errors_awaiting_position()
    }

    fn place_errors(&mut self, line: u32, col: u32) {
        self.sink.place_errors(line, col);
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign()
    }
}
