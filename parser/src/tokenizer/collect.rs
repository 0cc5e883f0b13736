//! A sink that collects owned tokens, and the one-call API built on it.

use crate::vocab::ParseError;

use super::interface::{Doctype, ProcessingInstruction, SinkResult, Tag, Token, TokenSink};
use super::machine::Tokenizer;
use crate::generated::tokenizer_states::State;

/// A token that owns its data, as [`Collector`] keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OwnedToken {
    /// A DOCTYPE token.
    Doctype(Doctype),
    /// A start tag token.
    StartTag(Tag),
    /// An end tag token.
    EndTag(Tag),
    /// A comment token, with its data.
    Comment(String),
    /// A processing instruction token.
    ProcessingInstruction(ProcessingInstruction),
    /// Adjacent character tokens, merged.
    Characters(String),
}

/// A [`TokenSink`] that keeps every token (adjacent character runs merged)
/// and every parse error. It never switches the tokenizer's state: it is
/// the tokenizer on its own, as the html5lib tokenizer tests run it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Collector {
    /// The tokens, in order (runs of characters merged).
    pub tokens: Vec<OwnedToken>,
    /// The parse errors, in order.
    pub errors: Vec<ParseError>,
}

impl TokenSink for Collector {
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        match token {
            Token::Characters(text) => match self.tokens.last_mut() {
                Some(OwnedToken::Characters(run)) => run.push_str(text),
                _ => self.tokens.push(OwnedToken::Characters(text.to_string())),
            },
            Token::Doctype(doctype) => self.tokens.push(OwnedToken::Doctype(doctype.clone())),
            Token::StartTag(tag) => self.tokens.push(OwnedToken::StartTag(tag.clone())),
            Token::EndTag(tag) => self.tokens.push(OwnedToken::EndTag(tag.clone())),
            Token::Comment(text) => self.tokens.push(OwnedToken::Comment(text.to_string())),
            Token::ProcessingInstruction(pi) => self.tokens.push(OwnedToken::ProcessingInstruction(pi.clone())),
            Token::Eof => {}
        }
        SinkResult::Continue
    }

    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
}

/// Tokenizes a whole document in the data state.
///
/// ```
/// use htmlforge::tokenizer::{tokenize, OwnedToken};
///
/// let tokens = tokenize("<a href=x>hi</a>");
/// let OwnedToken::StartTag(a) = &tokens[0] else { panic!() };
/// assert_eq!((a.name(), a.attr("href")), ("a", Some("x")));
/// assert!(matches!(&tokens[2], OwnedToken::EndTag(tag) if tag.name() == "a"));
/// ```
pub fn tokenize(input: &str) -> Vec<OwnedToken> {
    tokenize_with_errors(input).tokens
}

/// Tokenizes a whole document in the data state, keeping the parse errors.
///
/// ```
/// use htmlforge::tokenizer::tokenize_with_errors;
///
/// let collected = tokenize_with_errors("<p id=a id=b>");
/// assert_eq!(collected.errors.len(), 1);
/// assert_eq!(collected.errors[0].code.as_str(), "duplicate-attribute");
/// ```
pub fn tokenize_with_errors(input: &str) -> Collector {
    tokenize_chunks([input], State::Data, None)
}

/// Tokenizes `chunks`, fed in order and then ended, from `state` with
/// `last_start_tag` (the html5lib tests' initial states), keeping the
/// parse errors.
pub fn tokenize_chunks<'a>(
    chunks: impl IntoIterator<Item = &'a str>,
    state: State,
    last_start_tag: Option<&str>,
) -> Collector {
    let mut tokenizer = Tokenizer::new(Collector::default());
    tokenizer.set_state(state);
    tokenizer.set_last_start_tag(last_start_tag);
    for chunk in chunks {
        tokenizer.feed(chunk);
    }
    tokenizer.end();
    tokenizer.into_sink()
}
