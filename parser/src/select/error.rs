//! A selector that does not parse: what went wrong, and where.

use std::fmt;

use cssparser::{BasicParseErrorKind, ParseError, ParseErrorKind, Token as CssToken};
use selectors::parser::{ParseRelative, SelectorList, SelectorParseErrorKind};

use super::pseudo::SelectorParser;

/// Why a selector did not parse, with the line and column of the token
/// that made it invalid.
///
/// ```
/// use htmlforge::select::Selector;
///
/// let error = Selector::parse("ul > li:hovered a").unwrap_err();
/// assert_eq!((error.line(), error.column()), (1, 8));
/// assert_eq!(error.to_string(), "invalid selector at column 8: an unsupported pseudo-class or pseudo-element");
/// // A selector that stops short: the column after its end.
/// assert_eq!(Selector::parse("ul >").unwrap_err().column(), 5);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorError {
    message: String,
    line: u32,
    column: u32,
}

impl SelectorError {
    /// What went wrong, in words.
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let error = Selector::parse("p:hover(").unwrap_err();
    /// assert!(!error.message().is_empty());
    /// assert_eq!((error.line(), error.column()), (1, 2));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The 1-based line of the bad token (selectors are one line but for
    /// a newline in them).
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The 1-based column of the bad token on its line, in UTF-16 code
    /// units as the parse errors' columns: the first token after which no
    /// ending makes the selector valid (for a pseudo-class, its colon),
    /// or the column after the end when the selector stops short.
    pub fn column(&self) -> u32 {
        self.column
    }

    /// The error of a selector nested too deep, at the block opened at
    /// byte `at` of `selectors`.
    pub(super) fn too_deep(selectors: &str, at: usize) -> SelectorError {
        let before = &selectors[..at];
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        SelectorError {
            message: format!("nested deeper than {} blocks", super::MAX_NESTING),
            line: u32::try_from(before.matches('\n').count() + 1).unwrap_or(u32::MAX),
            column: u32::try_from(before[line_start..].encode_utf16().count() + 1).unwrap_or(u32::MAX),
        }
    }

    /// The error of `selectors` (the text that did not parse), placed by
    /// [`bad_token`]: the `selectors` crate's errors carry no position,
    /// and the parser stops at the end of the selector, not at the token.
    pub(super) fn new(error: ParseError<SelectorParseErrorKind>, selectors: &str) -> SelectorError {
        let message = match error.kind {
            ParseErrorKind::Basic(BasicParseErrorKind::EndOfInput) => "unexpected end of the selector".to_string(),
            ParseErrorKind::Basic(other) => other.to_string(),
            ParseErrorKind::Custom(kind) => custom_message(kind).to_string(),
        };
        let place = bad_token(selectors);
        SelectorError { message, line: place.line + 1, column: place.column }
    }
}

/// One token of a selector (those inside blocks included): where an error
/// at it is reported (cssparser's 0-based line and 1-based UTF-16 column;
/// for the name of a pseudo-class, its colon), the byte offset where it
/// ends, and what closes the blocks still open after it, innermost first.
struct Token {
    report_at: cssparser::SourceLocation,
    end: usize,
    closers: String,
}

/// The tokens of `selectors` in source order, and the place after the
/// end. Recursion goes as deep as blocks nest, which cssparser bounds
/// (its nested block limit).
fn tokens(selectors: &str) -> (Vec<Token>, cssparser::SourceLocation) {
    fn walk(parser: &mut cssparser::Parser<'_>, closers: &str, out: &mut Vec<Token>) {
        let mut colon: Option<cssparser::SourceLocation> = None;
        loop {
            let start = parser.current_source_location();
            let (is_colon, closer) = match parser.next_including_whitespace_and_comments() {
                Err(_) => return,
                Ok(CssToken::Colon) => (true, None),
                Ok(CssToken::Function(_) | CssToken::ParenthesisBlock) => (false, Some(')')),
                Ok(CssToken::SquareBracketBlock) => (false, Some(']')),
                Ok(CssToken::CurlyBracketBlock) => (false, Some('}')),
                Ok(_) => (false, None),
            };
            let report_at = if is_colon { *colon.get_or_insert(start) } else { colon.take().unwrap_or(start) };
            let closers = match closer {
                Some(closer) => format!("{closer}{closers}"),
                None => closers.to_string(),
            };
            out.push(Token { report_at, end: parser.position().byte_index(), closers: closers.clone() });
            if closer.is_some() {
                let _ = parser.parse_nested_block(|nested| -> Result<(), ParseError<()>> {
                    walk(nested, &closers, out);
                    Ok(())
                });
            }
        }
    }
    let mut parser = cssparser::Parser::new(selectors);
    let mut out = Vec::new();
    walk(&mut parser, "", &mut out);
    (out, parser.current_source_location())
}

/// Whether some ending makes `prefix` (closed by `closers`) a valid
/// selector list: nothing, a name (after a combinator, a `.`, a `:` or in
/// an attribute selector), a number (in `:nth-child(`), or `=` and a value.
fn viable(prefix: &str, closers: &str) -> bool {
    ["", "root", " root", "1", "=root"].iter().any(|ending| {
        let candidate = format!("{prefix}{ending}{closers}");
        let mut parser = cssparser::Parser::new(&candidate);
        SelectorList::parse(&SelectorParser, &mut parser, ParseRelative::No).is_ok()
    })
}

/// Where a selector that does not parse goes wrong: at the first token
/// after which no ending makes it valid, or after its end. A binary search
/// over the tokens (a prefix that no ending saves stays so when it grows),
/// so O(n log n) for n bytes.
fn bad_token(selectors: &str) -> cssparser::SourceLocation {
    let (tokens, end) = tokens(selectors);
    // The first token whose prefix is not viable: tokens[..low] are.
    let (mut low, mut high) = (0, tokens.len());
    while low < high {
        let middle = low + (high - low) / 2;
        let token = &tokens[middle];
        if viable(&selectors[..token.end], &token.closers) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    tokens.get(low).map_or(end, |token| token.report_at)
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
        if self.line > 1 {
            write!(f, "invalid selector at line {}, column {}: {}", self.line, self.column, self.message)
        } else {
            write!(f, "invalid selector at column {}: {}", self.column, self.message)
        }
    }
}

impl std::error::Error for SelectorError {}

#[cfg(test)]
mod tests {
    use super::super::Selector;

    /// The (line, column) of the error for `selectors`.
    fn place(selectors: &str) -> (u32, u32) {
        let error = Selector::parse(selectors).unwrap_err();
        (error.line(), error.column())
    }

    #[test]
    fn the_column_is_the_bad_token() {
        // The parser itself stops at the end of each of these.
        assert_eq!(place("div !p"), (1, 5));
        assert_eq!(place("p:hoverx"), (1, 2));
        assert_eq!(place("div > p:bogus(1) span"), (1, 8));
        assert_eq!(place("a >> b"), (1, 4));
        assert_eq!(place("a, , b"), (1, 4));
        assert_eq!(place("ul li:nth-child(x)"), (1, 17));
        assert_eq!(place(":not(a, !) b"), (1, 9));
        assert_eq!(place("a::before"), (1, 2));
        assert_eq!(place("a\n!b"), (2, 1));
        // Columns count UTF-16 units, as the parse errors do.
        assert_eq!(place("\u{1F600} !"), (1, 4));
    }

    #[test]
    fn a_selector_that_stops_short_is_placed_after_its_end() {
        assert_eq!(place("nav >"), (1, 6));
        assert_eq!(place("a["), (1, 3));
        assert_eq!(place("a[href="), (1, 8));
        assert_eq!(place(""), (1, 1));
    }
}
