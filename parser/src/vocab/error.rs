//! Parse errors: what the tokenizer and the tree builder report, with
//! where in the input.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parse-errors>

use std::fmt;

use crate::generated::parse_errors::ParseErrorCode;

use super::TreeConstructionError;

/// What kind of parse error: a tokenizer or input-stream error, with the
/// spec's code, or a tree-construction error (the spec gives these no
/// codes; ours are stable).
///
/// ```
/// use htmlforge::vocab::{ErrorCode, ParseErrorCode, TreeConstructionError};
///
/// assert_eq!(ErrorCode::Tokenizer(ParseErrorCode::EofInTag).as_str(), "eof-in-tag");
/// assert_eq!(ErrorCode::TreeConstruction(TreeConstructionError::MissingDoctype).as_str(), "missing-doctype");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// A tokenizer or input-stream error, with its spec code.
    Tokenizer(ParseErrorCode),
    /// A tree-construction error (the spec gives these no codes).
    TreeConstruction(TreeConstructionError),
}

impl ErrorCode {
    /// The stable code: the spec's for tokenizer errors, ours otherwise.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Tokenizer(code) => code.as_str(),
            ErrorCode::TreeConstruction(code) => code.as_str(),
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A parse error with its 1-based position (columns in UTF-16 code units).
///
/// A tokenizer error sits where the spec raises it; a tree-construction
/// error at the last character of the token that raised it (one past the
/// end for the end-of-file token). `0:0` when the tree builder is driven
/// by something that places no errors.
///
/// ```
/// let document = htmlforge::parse_document("<p>a</b>");
/// let errors: Vec<String> = document.errors.iter().map(|e| e.to_string()).collect();
/// assert_eq!(errors, ["1:3: missing-doctype", "1:8: unexpected-end-tag"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The error's code.
    pub code: ErrorCode,
    /// The 1-based line.
    pub line: u32,
    /// The 1-based column, in UTF-16 code units.
    pub col: u32,
}

impl fmt::Display for ParseError {
    /// `line:col: code`, as compilers and linters print positions.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.code)
    }
}

impl std::error::Error for ParseError {}
