//! A selector that does not parse: what went wrong, and where.

use std::fmt;

use cssparser::{BasicParseErrorKind, ParseError, ParseErrorKind};
use selectors::parser::SelectorParseErrorKind;

/// Why a selector did not parse, with the 1-based column where the parser
/// stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorError {
    message: String,
    column: u32,
}

impl SelectorError {
    /// What went wrong, in words.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The 1-based column (in code points of the selector's line) where
    /// parsing stopped.
    pub fn column(&self) -> u32 {
        self.column
    }

    pub(super) fn new(error: ParseError<SelectorParseErrorKind>, column: u32) -> SelectorError {
        let message = match error.kind {
            ParseErrorKind::Basic(BasicParseErrorKind::EndOfInput) => "unexpected end of the selector".to_string(),
            ParseErrorKind::Basic(other) => other.to_string(),
            ParseErrorKind::Custom(kind) => custom_message(kind).to_string(),
        };
        SelectorError { message, column }
    }
}

fn custom_message(kind: SelectorParseErrorKind) -> &'static str {
    use SelectorParseErrorKind::*;
    match kind {
        NoQualifiedNameInAttributeSelector | InvalidQualNameInAttr => "an attribute selector needs a name",
        EmptySelector => "an empty selector",
        DanglingCombinator => "a combinator with nothing after it",
        NonCompoundSelector => "a compound selector was expected",
        UnexpectedTokenInAttributeSelector | BadValueInAttr | ExpectedBarInAttr => "an attribute selector is malformed",
        PseudoElementExpectedColon | PseudoElementExpectedIdent | NoIdentForPseudo => {
            "a pseudo-class or pseudo-element needs a name"
        }
        UnsupportedPseudoClassOrElement => "an unsupported pseudo-class or pseudo-element",
        UnexpectedIdent => "an unexpected name",
        ExpectedNamespace | ExplicitNamespaceUnexpectedToken => "an unknown namespace prefix",
        ClassNeedsIdent => "a class selector needs a name",
        _ => "the selector is not valid here",
    }
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid selector at column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for SelectorError {}
