//! The tokenizer's output: tokens, parse errors, and the [`TokenSink`]
//! trait through which the tree builder (or any other consumer) receives
//! them and steers the tokenizer.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>

use super::Attributes;
use crate::generated::names::LocalName;
use crate::vocab::ParseError;

/// A DOCTYPE token. Missing identifiers are `None`, as the spec's "missing".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Doctype {
    /// The name, if the token has one.
    pub name: Option<String>,
    /// The public identifier, if any (missing is not empty).
    pub public_id: Option<String>,
    /// The system identifier, if any.
    pub system_id: Option<String>,
    /// The force-quirks flag.
    pub force_quirks: bool,
}

/// One attribute of a tag token, name already lowercased by the tokenizer.
///
/// The name is read through [`Attribute::name`] and, interned, through
/// [`Attribute::known_name`]: the tokenizer interns it once as the name
/// ends, so that the tree builder and the DOM go by a small integer rather
/// than looking the string up again. [`Attribute::new`] and
/// [`Attribute::set_name`] keep the two in step.
///
/// ```
/// use htmlforge::generated::names::local_names;
/// use htmlforge::tokenizer::Attribute;
///
/// let mut attribute = Attribute::new("class", "note");
/// assert_eq!((attribute.name(), attribute.known_name()), ("class", Some(local_names::CLASS)));
/// attribute.set_name("data-x");
/// assert_eq!((attribute.name(), attribute.known_name(), attribute.value.as_str()), ("data-x", None, "note"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute's name, lowercased. Written by the tokenizer's
    /// builders, which set `known_name` when the name ends.
    pub(crate) name: String,
    /// `name` interned: `None` for a name the names table does not know.
    pub(crate) known_name: Option<LocalName>,
    /// The attribute's value, character references decoded.
    pub value: String,
}

impl Attribute {
    /// An attribute called `name` (lowercase, as the tokenizer makes them)
    /// with the value `value`.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Attribute {
        let name = name.into();
        let known_name = LocalName::lookup(&name);
        Attribute { name, known_name, value: value.into() }
    }

    /// The attribute's name, lowercased.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name interned, if the names table knows it (every attribute
    /// name of HTML, SVG and MathML does); `None` for other names
    /// (`data-*`, misspellings).
    pub fn known_name(&self) -> Option<LocalName> {
        self.known_name
    }

    /// Renames the attribute.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = name.into();
        self.known_name = LocalName::lookup(&self.name);
    }
}

/// A start or end tag token. The tokenizer reuses one `Tag` (and its
/// allocations) for every tag it builds; a sink that keeps a tag clones it.
/// Duplicate attributes have already been dropped (with a
/// `duplicate-attribute` parse error), so `attrs` names are unique.
///
/// The name is read through [`Tag::name`] and, interned, through
/// [`Tag::known_name`]: the tokenizer interns it once as it emits the tag,
/// so that a tree builder matches small integers rather than strings. The
/// two are kept in step by [`Tag::new`] and [`Tag::set_name`].
///
/// ```
/// use htmlforge::generated::names::local_names;
/// use htmlforge::tokenizer::Tag;
///
/// let mut tag = Tag::new("p");
/// assert_eq!((tag.name(), tag.known_name()), ("p", Some(local_names::P)));
/// tag.set_name("my-widget");
/// assert_eq!((tag.name(), tag.known_name()), ("my-widget", None));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tag {
    /// The tag name, lowercased. Written by the tokenizer's builders, which
    /// set `known_name` before the tag is emitted.
    pub(crate) name: String,
    /// `name` interned: `None` for a name the names table does not know.
    pub(crate) known_name: Option<LocalName>,
    /// The self-closing flag (`<br/>`).
    pub self_closing: bool,
    /// The attributes, in source order, duplicates dropped.
    pub attrs: Attributes,
}

impl Tag {
    /// A tag called `name` (lowercase, as the tokenizer makes them), without
    /// attributes and not self-closing.
    pub fn new(name: impl Into<String>) -> Tag {
        let mut tag = Tag::default();
        tag.set_name(name);
        tag
    }

    /// The tag name, lowercased.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tag name interned, if the names table knows it (every element
    /// name of HTML, SVG and MathML does); `None` for other names
    /// (custom elements, misspellings).
    pub fn known_name(&self) -> Option<LocalName> {
        self.known_name
    }

    /// Renames the tag.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = name.into();
        self.known_name = LocalName::lookup(&self.name);
    }

    /// The value of the attribute called `name`, if any.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|a| a.name == name).map(|a| a.value.as_str())
    }
}

/// A processing instruction token: `<?target data>` or `<?target data?>`.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-target-state>
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProcessingInstruction {
    /// ASCII alphanumerics, `-` and `_`, starting with an ASCII alpha or `_`;
    /// never `xml` or `xml-stylesheet` (those become bogus comments).
    pub target: String,
    /// Everything after the whitespace that follows the target, up to the
    /// `>` or `?>` that ends it. May contain U+0000.
    pub data: String,
}

/// A token, borrowed from the tokenizer for the duration of one
/// [`TokenSink::process_token`] call.
///
/// The standard adds token types now and then (processing instructions came
/// in 2026), so a `match` needs a catch-all arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Token<'a> {
    /// A DOCTYPE token.
    Doctype(&'a Doctype),
    /// A start tag token.
    StartTag(&'a Tag),
    /// An end tag token.
    EndTag(&'a Tag),
    /// A comment token, with its data.
    Comment(&'a str),
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-data-state>
    ProcessingInstruction(&'a ProcessingInstruction),
    /// A run of character tokens. It may contain U+0000, which the tree
    /// builder treats per insertion mode. Adjacent runs are not merged.
    Characters(&'a str),
    /// The end-of-file token; the last token a sink receives.
    Eof,
}

/// The tokenizer states a tree builder may switch the tokenizer to.
///
/// Spec: "switch the tokenizer to the RCDATA state" etc. in
/// <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction>
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ContentState {
    /// The data state.
    Data,
    /// The RCDATA state (`title`, `textarea`).
    Rcdata,
    /// The RAWTEXT state (`style`, `xmp`, `iframe`…).
    Rawtext,
    /// The script data state.
    ScriptData,
    /// The PLAINTEXT state.
    Plaintext,
}

/// What the sink wants the tokenizer to do after a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SinkResult {
    /// Go on tokenizing in the current state.
    Continue,
    /// Switch to this state before the next input character (after a
    /// `textarea`, `style`, `script`, `plaintext`… start tag).
    SwitchTo(ContentState),
    /// Stop after this token and return control to the caller of
    /// `feed`/`end` (a parser-blocking script was just closed). The caller
    /// may insert input at the insertion point, then resumes.
    Pause,
}

/// The input a run of text was found in, handed to
/// [`TokenSink::process_token_in`] with the run: the input from the run's
/// start on (the run and what follows it). A consumer that copies the text
/// (the built-in DOM) may read past the run's end in it: one fixed-size
/// copy of a short run instead of a call to `memcpy`
/// (docs/performance-log.md, 2026-11-24, branch `pcopy`). Only the
/// tokenizer makes one.
#[derive(Debug, Clone, Copy)]
pub struct TokenInput<'a> {
    from_text: &'a str,
}

impl<'a> TokenInput<'a> {
    /// The input from the start of a run of text.
    #[inline(always)]
    pub(crate) fn text(from_text: &'a str) -> TokenInput<'a> {
        TokenInput { from_text }
    }

    /// The run followed by the input after it. Consumers check that it
    /// starts where the token's text does before they read past the text
    /// (a sink may forward another token with it).
    #[inline(always)]
    pub(crate) fn text_and_after(&self) -> &'a str {
        self.from_text
    }
}

/// Receives tokens and parse errors from the tokenizer.
pub trait TokenSink {
    /// Handles one token.
    fn process_token(&mut self, token: Token<'_>) -> SinkResult;

    /// Handles one token, with the input it was found in: the tokenizer
    /// calls this for the runs of text it takes from its input as they are,
    /// and [`TokenSink::process_token`] for every other token. The default
    /// ignores the input. A sink that wraps another forwards both.
    ///
    /// ```
    /// use htmlforge::tokenizer::{SinkResult, Token, TokenInput, TokenSink, Tokenizer};
    ///
    /// #[derive(Default)]
    /// struct Texts(Vec<String>);
    /// impl TokenSink for Texts {
    ///     fn process_token(&mut self, token: Token<'_>) -> SinkResult {
    ///         if let Token::Characters(text) = token {
    ///             self.0.push(text.to_string());
    ///         }
    ///         SinkResult::Continue
    ///     }
    /// }
    ///
    /// // Counts the tokens that come with their input, and hands them on.
    /// struct Counting(Texts, usize);
    /// impl TokenSink for Counting {
    ///     fn process_token(&mut self, token: Token<'_>) -> SinkResult {
    ///         self.0.process_token(token)
    ///     }
    ///     fn process_token_in(&mut self, token: Token<'_>, input: TokenInput<'_>) -> SinkResult {
    ///         self.1 += 1;
    ///         self.0.process_token_in(token, input)
    ///     }
    /// }
    ///
    /// let mut tokenizer = Tokenizer::new(Counting(Texts::default(), 0));
    /// tokenizer.feed("<p class=x>one<br>two<!-- c -->three");
    /// tokenizer.end();
    /// assert_eq!(tokenizer.sink().0 .0, ["one", "two", "three"]);
    /// // The three runs of text came with their input; tags, the comment and
    /// // the end of the input did not.
    /// assert_eq!(tokenizer.sink().1, 3);
    /// ```
    fn process_token_in(&mut self, token: Token<'_>, input: TokenInput<'_>) -> SinkResult {
        let _ = input;
        self.process_token(token)
    }

    /// Handles a tokenizer or input-stream parse error (its code is an
    /// [`ErrorCode::Tokenizer`](crate::vocab::ErrorCode::Tokenizer)). Errors
    /// arrive in input order, interleaved with tokens as the spec raises them.
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// Whether the sink raised errors of its own while processing the last
    /// token that still wait for their position (the tree builder does).
    /// The tokenizer asks after every token and computes a position only
    /// when the answer is yes, so positions cost nothing on error-free input.
    fn has_errors_awaiting_position(&self) -> bool {
        false
    }

    /// The position of the token just processed, for the errors awaiting
    /// one: 1-based line and column of its last character (for the
    /// end-of-file token, one past the last character), in the convention
    /// of [`ParseError`].
    fn place_errors(&mut self, line: u32, col: u32) {
        let _ = (line, col);
    }

    /// Whether there is an adjusted current node and it is not an element
    /// in the HTML namespace: then `<![CDATA[` opens a CDATA section.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state>
    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }
}
