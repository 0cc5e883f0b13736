//! The tree builder's view of a token: the tokenizer's token with the tag
//! name interned once, so that every insertion mode matches on
//! [`LocalName`] constants.

use crate::byte_search::find1;
use crate::generated::names::LocalName;
use crate::tokenizer::{Doctype, ProcessingInstruction, Tag, Token};

/// A start or end tag with its interned name (`None`: a name the names
/// table does not know, which no rule names either).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TagTok<'a> {
    pub tag: &'a Tag,
    pub name: Option<LocalName>,
}

impl TagTok<'_> {
    pub fn is(&self, name: LocalName) -> bool {
        self.name == Some(name)
    }

    /// Whether `group` (a generated tag-group predicate) holds for the name.
    pub fn is_in(&self, group: fn(LocalName) -> bool) -> bool {
        self.name.is_some_and(group)
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Tok<'a> {
    Doctype(&'a Doctype),
    StartTag(TagTok<'a>),
    EndTag(TagTok<'a>),
    Comment(&'a str),
    ProcessingInstruction(&'a ProcessingInstruction),
    /// A run of character tokens; modes split it where their rules differ.
    Characters(&'a str),
    Eof,
}

impl<'a> Tok<'a> {
    /// The three frequent kinds are matched here and the rare ones out of
    /// line: a `match` over all seven kinds compiled to one indirect jump
    /// through a table, mispredicted whenever the kind differed from the
    /// previous token's (174K of 224K tokens on the documentation corpus);
    /// three compares follow the alternation of text and tags.
    #[inline(always)]
    pub fn from_token(token: Token<'a>) -> Tok<'a> {
        match token {
            Token::Characters(text) => Tok::Characters(text),
            Token::StartTag(tag) => Tok::StartTag(TagTok { tag, name: tag.known_name() }),
            Token::EndTag(tag) => Tok::EndTag(TagTok { tag, name: tag.known_name() }),
            _ => Tok::from_rare_token(token),
        }
    }

    /// Comments, DOCTYPEs, processing instructions and the end of the input.
    #[inline(never)]
    fn from_rare_token(token: Token<'a>) -> Tok<'a> {
        match token {
            Token::Doctype(doctype) => Tok::Doctype(doctype),
            Token::Comment(text) => Tok::Comment(text),
            Token::ProcessingInstruction(pi) => Tok::ProcessingInstruction(pi),
            Token::Eof => Tok::Eof,
            // Not reached (`from_token` takes them), but total.
            Token::Characters(text) => Tok::Characters(text),
            Token::StartTag(tag) => Tok::StartTag(TagTok { tag, name: tag.known_name() }),
            Token::EndTag(tag) => Tok::EndTag(TagTok { tag, name: tag.known_name() }),
        }
    }
}

/// ASCII whitespace as the tree builder sees it: "U+0009 CHARACTER
/// TABULATION, U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+000D
/// CARRIAGE RETURN (CR), or U+0020 SPACE".
pub(crate) fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Splits a character run into its leading whitespace and the rest.
pub(crate) fn split_leading_whitespace(text: &str) -> (&str, &str) {
    // Whitespace is ASCII, so a byte boundary found here is a char boundary.
    let end = text.bytes().position(|b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')).unwrap_or(text.len());
    text.split_at(end)
}

/// Whether the run holds a character that is not whitespace.
pub(crate) fn has_non_whitespace(text: &str) -> bool {
    text.bytes().any(|b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
}

/// Splits a character run into its leading non-NUL text and the rest
/// (which starts with U+0000 when not empty).
pub(crate) fn split_before_null(text: &str) -> (&str, &str) {
    let end = find1(0, text.as_bytes()).unwrap_or(text.len());
    text.split_at(end)
}
