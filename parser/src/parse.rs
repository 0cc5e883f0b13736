//! The parser API: whole documents and fragments in one call, or a
//! streaming [`Parser`] fed chunk by chunk that pauses for scripts.
//!
//! ```
//! let document = htmlforge::parse_document("<p>Hello <b>world");
//! assert_eq!(
//!     htmlforge::dom::dump_html5lib(&document),
//!     "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"Hello \"\n|       <b>\n|         \"world\"\n"
//! );
//! ```
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing>

use crate::dom::Document;
use crate::encoding::{Confidence, Encoding};
use crate::generated::names::Namespace;
use crate::markup_counts::MarkupCounts;
use crate::quirks::QuirksMode;
use crate::tokenizer::{ContentState, Progress, State, Tokenizer};
use crate::tree_builder::{LimitsHit, TreeBuilder, TreeBuilderOptions, TreeSink};
use crate::vocab::{Attr, Name, QualName};

/// Options of a parse. Set them with the methods named after the fields
/// (the struct is `#[non_exhaustive]`, so that a new option is not a
/// breaking change):
///
/// ```
/// use htmlforge::{Limits, ParseOptions};
///
/// let options = ParseOptions::default().scripting(false).limits(Limits::UNTRUSTED);
/// assert!(!options.scripting && !options.iframe_srcdoc);
/// assert!(ParseOptions::default().scripting);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// The scripting flag. On (the default, as in a browser loading a
    /// page): `noscript` content is raw text, which readers with scripts
    /// never see, and a streaming [`Parser`] of a document pauses after
    /// each `script` end tag. Off (a browser with scripts disabled, or
    /// `DOMParser`): `noscript` content is parsed as markup, so its links
    /// and images are elements. The document remembers it
    /// ([`Document::scripting`]): its serializations and visible text
    /// follow it.
    ///
    /// ```
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let html = "<p>a<noscript><img src=pixel.gif>Turn on scripts</noscript>";
    /// let on = parse_document_with(html, ParseOptions::default());
    /// assert_eq!((on.get_elements_by_tag_name("img").count(), on.visible_text(on.body().unwrap())), (0, "a".into()));
    /// let off = parse_document_with(html, ParseOptions::default().scripting(false));
    /// assert_eq!(off.get_elements_by_tag_name("img").count(), 1);
    /// assert_eq!(off.visible_text(off.body().unwrap()), "aTurn on scripts");
    /// ```
    ///
    /// In the 2026 text's terms, the parser's scripting mode is Disabled
    /// when this is off; when it is on, Normal for a document and Inert for
    /// a fragment (whose scripts never pause the parse).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#scripting-mode>
    pub scripting: bool,
    /// Keep a U+FEFF BYTE ORDER MARK that starts a document's text. By
    /// default it is dropped, as html5ever does and as decoding bytes does
    /// (the "decode" algorithm takes a byte order mark off): text read from
    /// a file with a BOM parses as the page a browser shows, not as text
    /// before the DOCTYPE (which puts the document in quirks mode and the
    /// head's content in the body). Only the first character of a
    /// document's input is concerned: a fragment keeps it, as `innerHTML`
    /// does, and [`parse_bytes`](crate::parse_bytes) leaves it to the decoder.
    ///
    /// ```
    /// use htmlforge::quirks::QuirksMode;
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let page = "\u{FEFF}<!DOCTYPE html><title>T</title>";
    /// let dropped = htmlforge::parse_document(page);
    /// assert_eq!(dropped.quirks_mode(), QuirksMode::NoQuirks);
    /// let kept = parse_document_with(page, ParseOptions::default().keep_leading_bom(true));
    /// assert_eq!(kept.quirks_mode(), QuirksMode::Quirks);
    /// assert_eq!(kept.body().unwrap().text_content(), "\u{FEFF}T");
    /// ```
    pub keep_leading_bom: bool,
    /// The document is an iframe srcdoc document (never in quirks mode).
    pub iframe_srcdoc: bool,
    /// Optional limits for untrusted input; none by default, so that the
    /// parse is exactly the spec's.
    pub limits: Limits,
    /// The 2025 behaviour: `<?…>` is a bogus comment (with an
    /// `unexpected-question-mark-instead-of-tag-name` parse error) instead
    /// of a processing instruction. Off by default (the current standard);
    /// for comparing trees with parsers that have not caught up.
    ///
    /// ```
    /// use htmlforge::{parse_document_with, ParseOptions};
    /// use htmlforge::dom::dump_html5lib;
    ///
    /// let current = parse_document_with("<?php echo 1?>", ParseOptions::default());
    /// assert!(dump_html5lib(&current).starts_with("| <?php echo 1?>\n"));
    /// let legacy = ParseOptions::default().legacy_processing_instructions(true);
    /// let legacy = parse_document_with("<?php echo 1?>", legacy);
    /// assert!(dump_html5lib(&legacy).starts_with("| <!-- ?php echo 1? -->\n"));
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tag-open-state>
    pub legacy_processing_instructions: bool,
    /// `<template for>` content patching (declarative out-of-order
    /// streaming, in the standard since 2026-08-20): a template whose `for`
    /// attribute names a `<?marker name="…">` or `<?start name="…">` …
    /// `<?end>` processing instruction already parsed puts its content
    /// there, in place of the marker or the range, instead of into
    /// itself. Off by default, like the other features a document parsed
    /// from a string (`DOMParser`) does not get in browsers yet.
    ///
    /// ```
    /// use htmlforge::{parse_document_with, serialize_document, ParseOptions};
    ///
    /// let html = "<ul><?start name=\"list\"><li>Loading…</li><?end></ul>\
    ///             <template for=list><li>One<li>Two</template>";
    /// let options = ParseOptions::default().template_patching(true);
    /// let document = parse_document_with(html, options);
    /// assert_eq!(
    ///     serialize_document(&document),
    ///     "<html><head></head><body><ul><li>One</li><li>Two</li></ul></body></html>"
    /// );
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>
    /// (the "template" start tag, step 8)
    pub template_patching: bool,
    /// The parser's "allow declarative shadow roots": a `<template
    /// shadowrootmode="open|closed">` inside a shadow host candidate (an
    /// HTML `div`, `span`, `p`, `section`… or custom element) attaches a
    /// shadow root to it, and the template's content goes there instead of
    /// into a template element (see [`Document::shadow_root`]). Off by
    /// default, as for `DOMParser` and `innerHTML`; a browser's document
    /// parser has it on. In a fragment parse, a shadow root whose host
    /// would be the context element itself (a template at the top level of
    /// the fragment) is attached, as the standard says, to the context
    /// element, which the parser makes for itself and does not return.
    ///
    /// ```
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let html = "<my-card><template shadowrootmode=open><slot></slot></template>Hi</my-card>";
    /// let options = ParseOptions::default().declarative_shadow_roots(true);
    /// let document = parse_document_with(html, options);
    /// let card = document.body().unwrap().child_elements().next().unwrap();
    /// let shadow = document.shadow_root(card).expect("a shadow root");
    /// assert_eq!(document.inner_html(shadow), "<slot></slot>");
    /// assert_eq!(card.inner_html(), "Hi");
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#allow-declarative-shadow-roots>
    pub declarative_shadow_roots: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            keep_leading_bom: false,
            iframe_srcdoc: false,
            limits: Limits::default(),
            legacy_processing_instructions: false,
            template_patching: false,
            declarative_shadow_roots: false,
        }
    }
}

crate::setters::setters!(const ParseOptions {
    scripting: bool,
    keep_leading_bom: bool,
    iframe_srcdoc: bool,
    limits: Limits,
    legacy_processing_instructions: bool,
    template_patching: bool,
    declarative_shadow_roots: bool,
});

impl ParseOptions {
    fn tree_builder_options(self) -> TreeBuilderOptions {
        TreeBuilderOptions {
            scripting: self.scripting,
            iframe_srcdoc: self.iframe_srcdoc,
            max_depth: self.limits.max_depth,
            max_attributes: self.limits.max_attributes,
            max_nodes: self.limits.node_cap_after(0),
            max_errors: self.limits.error_cap_after(0),
            template_patching: self.template_patching,
            declarative_shadow_roots: self.declarative_shadow_roots,
        }
    }
}

/// Limits for untrusted input, each off (`None`) by default. The spec has
/// none: a parse that hits one is no longer the spec's, but it never
/// panics, and [`Parser::limits_hit`] says which ones applied.
///
/// ```
/// use htmlforge::{parse_document_with, Limits, ParseOptions};
///
/// let options = ParseOptions::default().limits(Limits::default().max_depth(Some(3)));
/// let document = parse_document_with("<div><div><div><div>x", options);
/// // The second div has 3 element ancestors (html, body, div): the cap.
/// // What would go deeper goes next to it.
/// assert_eq!(
///     htmlforge::dom::dump_html5lib(&document),
///     "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <div>\n|       <div>\n|       <div>\n|       \"x\"\n"
/// );
/// ```
///
/// The struct is `#[non_exhaustive]`: start from [`Limits::NONE`] (or
/// [`Limits::default()`]) or [`Limits::for_input_bytes`] and set fields
/// with the methods named after them, e.g.
/// `Limits::NONE.max_depth(Some(512))`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The most bytes of input parsed. A [`Parser`] ignores what is fed
    /// past the limit (cut at a character boundary) and reports
    /// [`LimitsHit::input_truncated`]; [`parse_document_checked`] refuses
    /// a longer input with [`LimitExceeded::InputTooLarge`] without parsing.
    pub max_input_bytes: Option<usize>,
    /// The most element ancestors the tree builder gives a node (`html`
    /// counts: a child of `body` has 2). As in Chromium and WebKit (which
    /// cap at 512), a node that would go deeper is inserted into the open
    /// element whose children are at the cap instead: elements past the
    /// cap become siblings of the last one that fitted, and so does text. The stack of open elements still grows, so end
    /// tags close what they would have closed. The cap bounds the depth of
    /// what the parser nests; the adoption agency algorithm moves existing
    /// nodes and can still put them a few levels further down.
    pub max_depth: Option<usize>,
    /// The most attributes an element gets from one tag: later ones are
    /// dropped, as duplicate attributes are (the tokenizer still reads
    /// them, in linear time).
    pub max_attributes: Option<usize>,
    /// The most nodes the tree builder creates (elements and comments;
    /// text adds at most one node per character token run). When a token
    /// finds the cap reached, it and the rest of the input are tokenized
    /// but build nothing, and [`LimitsHit::nodes_capped`] is set. The
    /// spec's tree can hold quadratically many nodes (reconstructing n
    /// formatting elements in each of n paragraphs); this bounds it. One
    /// token may overshoot the cap by the elements it reconstructs (at
    /// most the list of active formatting elements). Whatever the
    /// options, a parse stops at [`Limits::HARD_MAX_NODES`].
    pub max_nodes: Option<usize>,
    /// The most parse errors kept: later ones are dropped and
    /// [`LimitsHit::errors_dropped`] is set. (Each error costs 12 bytes;
    /// `<body>` + n NULs raises n.)
    pub max_errors: Option<usize>,
    /// A node budget that grows with the input, so that memory follows
    /// the bytes actually given, streaming included, with no length known
    /// in advance: at most one node (as `max_nodes` counts them) per this
    /// many bytes of input given so far (0 counts as 1). The bytes are
    /// counted in blocks of [`Limits::NODE_BUDGET_BLOCK`]: the first byte
    /// of a block brings the whole block's share (so 8,192 nodes for the
    /// first block at one byte per node). A [`Parser`] hands its tokenizer
    /// one block at a time and raises the cap before each, so a document
    /// given at once meets the budget where it would given in chunks. When
    /// a token finds the budget spent, it and the rest of the input build
    /// nothing and [`LimitsHit::nodes_capped`] is set, as with `max_nodes`
    /// (which stays the ceiling). Input given while the parser is paused
    /// for a script counts when it is given.
    pub input_bytes_per_node: Option<usize>,
    /// The same budget for parse errors kept: at most one per this many
    /// bytes given so far (0 counts as 1), counted as
    /// [`Limits::input_bytes_per_node`] counts them. An error past the
    /// budget is dropped and [`LimitsHit::errors_dropped`] is set, as past
    /// `max_errors` (which stays the ceiling); later errors are kept again
    /// as the budget grows.
    pub input_bytes_per_error: Option<usize>,
}

crate::setters::setters!(const Limits {
    max_input_bytes: Option<usize>,
    max_depth: Option<usize>,
    max_attributes: Option<usize>,
    max_nodes: Option<usize>,
    max_errors: Option<usize>,
    input_bytes_per_node: Option<usize>,
    input_bytes_per_error: Option<usize>,
});

impl Limits {
    /// No limits: the spec's parse (the default).
    pub const NONE: Limits = Limits {
        max_input_bytes: None,
        max_depth: None,
        max_attributes: None,
        max_nodes: None,
        max_errors: None,
        input_bytes_per_node: None,
        input_bytes_per_error: None,
    };

    /// Limits for untrusted input: [`Limits::for_input_bytes`] of 256 MiB.
    /// Peak memory then stays under [`Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE`]
    /// times the bytes actually given (from a floor of one
    /// [`Limits::NODE_BUDGET_BLOCK`]), whatever the input, streamed or not
    /// (see `docs/robustness.md`).
    pub const UNTRUSTED: Limits = Limits::for_input_bytes(256 << 20);

    /// The bound on a parse's peak heap per byte of input given with
    /// [`Limits::for_input_bytes`] (so [`Limits::UNTRUSTED`]), for inputs of
    /// at least [`Limits::NODE_BUDGET_BLOCK`] bytes: measured over every
    /// pathological family by `bench/tests/untrusted_bound.rs`.
    pub const UNTRUSTED_PEAK_PER_INPUT_BYTE: usize = 64;

    /// The block in which [`Limits::input_bytes_per_node`] counts the
    /// input: 8 KiB.
    pub const NODE_BUDGET_BLOCK: usize = 8 << 10;

    /// The node cap after `given` bytes of input: the ceiling (`max_nodes`,
    /// at most the hard cap), lowered by the budget of
    /// `input_bytes_per_node` if there is one.
    pub(crate) fn node_cap_after(&self, given: usize) -> usize {
        let ceiling = self.max_nodes.unwrap_or(Limits::HARD_MAX_NODES).min(Limits::HARD_MAX_NODES);
        budget_after(given, self.input_bytes_per_node).map_or(ceiling, |budget| budget.min(ceiling))
    }

    /// The error cap after `given` bytes of input: `max_errors`, lowered
    /// by the budget of `input_bytes_per_error` if there is one.
    pub(crate) fn error_cap_after(&self, given: usize) -> Option<usize> {
        match (self.max_errors, budget_after(given, self.input_bytes_per_error)) {
            (Some(ceiling), Some(budget)) => Some(ceiling.min(budget)),
            (ceiling, budget) => ceiling.or(budget),
        }
    }

    /// Whether a cap grows with the input given.
    pub(crate) fn has_input_budget(&self) -> bool {
        self.input_bytes_per_node.is_some() || self.input_bytes_per_error.is_some()
    }

    /// How much of an input of `len` bytes is parsed.
    fn parsed_len(&self, len: usize) -> usize {
        match self.max_input_bytes {
            Some(max) => len.min(max),
            None => len,
        }
    }

    /// The nodes a parse creates at most, whatever the options: node ids
    /// and the stack's serials are 32-bit.
    pub const HARD_MAX_NODES: usize = 1 << 31;

    /// Limits for untrusted input of at most `max_input_bytes`: Chromium's
    /// depth cap (512), 1024 attributes per tag, one node per byte of the
    /// input given so far and one kept parse error per 8 bytes
    /// ([`Limits::input_bytes_per_node`], [`Limits::input_bytes_per_error`];
    /// ceilings: one node per byte of the limit and one error per 8, plus a
    /// block's share), so that memory is bounded by a multiple of the input
    /// actually given.
    ///
    /// The node budget is twice what markup written by people or by
    /// generators can reach: an element takes at least 3 bytes (`<a>`) and
    /// a text node 1, so a document denser than one node per 2 bytes needs
    /// elements the parser makes up (re-created formatting elements,
    /// implied `tbody`s). Real pages stay under one node per 8 bytes.
    ///
    /// ```
    /// use htmlforge::{parse_document_with, Limits, ParseOptions};
    ///
    /// let limits = Limits::for_input_bytes(1 << 20);
    /// assert_eq!(limits.max_nodes, Some((1 << 20) + 8192));
    /// assert_eq!((limits.input_bytes_per_node, limits.input_bytes_per_error), (Some(1), Some(8)));
    ///
    /// // A dense honest list is whole: 2,000 items in 10 KB.
    /// let list = format!("<ul>{}</ul>", "<li>x".repeat(2_000));
    /// let document = parse_document_with(&list, ParseOptions::default().limits(limits));
    /// assert_eq!(document.get_elements_by_tag_name("li").count(), 2_000);
    ///
    /// // 5,000 formatting elements closed by `</p>`, each re-created in
    /// // each of 5,000 paragraphs: the spec's tree has 25 million nodes.
    /// // This one stops once the nodes reach one per byte given so far,
    /// // past which the token being handled may still re-create the whole
    /// // list of active formatting elements (5,000 more).
    /// let formatting: String = (0..5_000).map(|i| format!("<b x={i}>")).collect();
    /// let input = format!("<p>{formatting}</p>{}", "<p>x</p>".repeat(5_000));
    /// let mut parser = htmlforge::Parser::new(ParseOptions::default().limits(limits));
    /// parser.feed(&input)?;
    /// assert!(parser.limits_hit().nodes_capped);
    /// let document = parser.finish();
    /// assert!(document.node_count() < input.len() + 5_000);
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub const fn for_input_bytes(max_input_bytes: usize) -> Limits {
        Limits {
            max_input_bytes: Some(max_input_bytes),
            max_depth: Some(512),
            max_attributes: Some(1024),
            max_nodes: Some(max_input_bytes.saturating_add(Limits::NODE_BUDGET_BLOCK)),
            max_errors: Some(max_input_bytes / 8 + Limits::NODE_BUDGET_BLOCK / 8),
            input_bytes_per_node: Some(1),
            input_bytes_per_error: Some(8),
        }
    }
}

/// The budget of one record per `bytes_per_record` bytes after `given`
/// bytes, in whole blocks of [`Limits::NODE_BUDGET_BLOCK`] (at least one).
fn budget_after(given: usize, bytes_per_record: Option<usize>) -> Option<usize> {
    let blocks = given.div_ceil(Limits::NODE_BUDGET_BLOCK).max(1);
    bytes_per_record.map(|bytes| blocks.saturating_mul(Limits::NODE_BUDGET_BLOCK) / bytes.max(1))
}

/// A call the parser's state does not allow: it is refused and changes
/// nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParserMisuse {
    /// `insert_at_insertion_point` while the parser is not paused for a
    /// script (there is no insertion point then), or while a change of
    /// encoding is pending.
    NotPausedForScript,
    /// `feed` or `end` after `end`: the input has ended, so there is
    /// nothing to add to it (the parser would drop it).
    InputEnded,
}

impl std::fmt::Display for ParserMisuse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParserMisuse::NotPausedForScript => {
                f.write_str("insert_at_insertion_point outside a script pause: there is no insertion point")
            }
            ParserMisuse::InputEnded => f.write_str("feed or end after end: the input has ended"),
        }
    }
}

impl std::error::Error for ParserMisuse {}

/// A limit that made a parse refuse its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LimitExceeded {
    /// The input is `len` bytes, more than `Limits::max_input_bytes`.
    InputTooLarge {
        /// The input's length in bytes.
        len: usize,
        /// The limit it exceeds.
        limit: usize,
    },
}

impl std::fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitExceeded::InputTooLarge { len, limit } => {
                write!(f, "input of {len} bytes exceeds the limit of {limit} bytes")
            }
        }
    }
}

impl std::error::Error for LimitExceeded {}

/// Parses a whole document with `options`, refusing an input longer than
/// `options.limits.max_input_bytes` (the other limits apply their
/// recovery, see [`Limits`]).
///
/// ```
/// use htmlforge::{parse_document_checked, LimitExceeded, Limits, ParseOptions};
///
/// let options = ParseOptions::default().limits(Limits::default().max_input_bytes(Some(16)));
/// assert!(parse_document_checked("<p>short", options).is_ok());
/// let refused = parse_document_checked("<p>longer than sixteen bytes", options);
/// assert!(matches!(refused, Err(LimitExceeded::InputTooLarge { len: 28, limit: 16 })));
/// ```
pub fn parse_document_checked(input: &str, options: ParseOptions) -> Result<Document, LimitExceeded> {
    if let Some(limit) = options.limits.max_input_bytes {
        if input.len() > limit {
            return Err(LimitExceeded::InputTooLarge { len: input.len(), limit });
        }
    }
    Ok(parse_document_with(input, options))
}

/// The context element of the HTML fragment parsing algorithm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FragmentContext {
    /// The context element's namespace and local name.
    pub name: QualName,
    /// The context element's attributes.
    pub attrs: Vec<Attr>,
}

impl FragmentContext {
    /// An element `local` in namespace `ns`, without attributes.
    ///
    /// ```
    /// use htmlforge::{parse_fragment, FragmentContext, Namespace};
    ///
    /// // In an SVG context, `<a>` is an SVG element.
    /// let fragment = parse_fragment("<a/>", &FragmentContext::new(Namespace::Svg, "g"));
    /// assert_eq!(fragment.elements().next().unwrap().ns(), Namespace::Svg);
    /// ```
    pub fn new(ns: Namespace, local: &str) -> FragmentContext {
        FragmentContext { name: QualName::new(ns, Name::new(local)), attrs: Vec::new() }
    }

    /// An HTML element, e.g. `FragmentContext::html("div")`.
    ///
    /// ```
    /// use htmlforge::{parse_fragment, FragmentContext};
    ///
    /// // Cells parse as cells only in a row's context.
    /// let in_row = parse_fragment("<td>a<td>b", &FragmentContext::html("tr"));
    /// assert_eq!(in_row.get_elements_by_tag_name("td").count(), 2);
    /// let in_div = parse_fragment("<td>a<td>b", &FragmentContext::html("div"));
    /// assert_eq!(in_div.get_elements_by_tag_name("td").count(), 0);
    /// ```
    pub fn html(local: &str) -> FragmentContext {
        FragmentContext::new(Namespace::Html, local)
    }

    /// The notation of the html5lib tests: `"td"`, `"svg path"`, `"math mi"`.
    ///
    /// ```
    /// use htmlforge::{FragmentContext, Namespace};
    ///
    /// assert_eq!(FragmentContext::from_test_notation("svg path"), FragmentContext::new(Namespace::Svg, "path"));
    /// assert_eq!(FragmentContext::from_test_notation("td"), FragmentContext::html("td"));
    /// ```
    pub fn from_test_notation(context: &str) -> FragmentContext {
        match context.split_once(' ') {
            Some(("svg", local)) => FragmentContext::new(Namespace::Svg, local),
            Some(("math", local)) => FragmentContext::new(Namespace::MathMl, local),
            _ => FragmentContext::html(context),
        }
    }
}

/// Parses a whole document into the built-in DOM, with the default
/// [`ParseOptions`]: scripting on, as a browser loading the page (scripts
/// never run), and a leading byte order mark dropped.
///
/// ```
/// let document = htmlforge::parse_document("\u{FEFF}<!DOCTYPE html><title>T</title><p>a");
/// assert_eq!(document.title().as_deref(), Some("T"));
/// assert!(document.errors.is_empty());
/// ```
pub fn parse_document(input: &str) -> Document {
    parse_document_with(input, ParseOptions::default())
}

/// Parses a whole document into the built-in DOM. Scripts never run: with
/// scripting on, the parser goes on after each `script` end tag.
///
/// ```
/// use htmlforge::{parse_document_with, ParseOptions};
///
/// // Scripting off: `noscript` content is parsed as markup.
/// let document = parse_document_with("<noscript><p>Enable JS</p></noscript>", ParseOptions::default().scripting(false));
/// assert_eq!(document.get_elements_by_tag_name("p").count(), 1);
/// ```
pub fn parse_document_with(input: &str, options: ParseOptions) -> Document {
    let sized_for = &input.as_bytes()[..options.limits.parsed_len(input.len())];
    let mut parser = Parser::with_sink(document_sized_for(sized_for), options);
    parser.without_script_pauses();
    parser.push(input);
    let mut document = parser.finish();
    document.shrink_to_fit();
    document
}

/// Parses a fragment in the context of `context` (the HTML fragment
/// parsing algorithm, as `innerHTML` runs it), with the default
/// [`ParseOptions`]. The fragment's nodes are the children of
/// [`Document::fragment_root`], and the document's searches
/// ([`Document::elements`], `select`…) find them.
///
/// ```
/// use htmlforge::{parse_fragment, FragmentContext};
///
/// let rows = parse_fragment("<tr><td>a<td>b", &FragmentContext::html("tbody"));
/// let cells: Vec<_> = rows.get_elements_by_tag_name("td").map(|td| td.text_content()).collect();
/// assert_eq!(cells, ["a", "b"]);
/// ```
pub fn parse_fragment(input: &str, context: &FragmentContext) -> Document {
    parse_fragment_with(input, context, ParseOptions::default())
}

/// Parses a fragment in the context of `context` with `options`.
///
/// ```
/// use htmlforge::{parse_fragment_with, FragmentContext, ParseOptions};
///
/// let html = "<noscript><img src=a.gif></noscript>";
/// let off = parse_fragment_with(html, &FragmentContext::html("div"), ParseOptions::default().scripting(false));
/// assert_eq!(off.get_elements_by_tag_name("img").count(), 1);
/// ```
pub fn parse_fragment_with(input: &str, context: &FragmentContext, options: ParseOptions) -> Document {
    parse_fragment_in_tree(input, context, options, QuirksMode::NoQuirks, false)
}

/// [`parse_fragment_with`] for a context element in a tree (see
/// [`Parser::new_fragment_in_tree`]).
pub(crate) fn parse_fragment_in_tree(
    input: &str,
    context: &FragmentContext,
    options: ParseOptions,
    quirks_mode: QuirksMode,
    form_ancestor: bool,
) -> Document {
    let sink = document_sized_for(&input.as_bytes()[..options.limits.parsed_len(input.len())]);
    let mut parser = Parser::new_fragment_in_tree(sink, context, options, quirks_mode, form_ancestor);
    parser.push(input);
    let mut document = parser.finish();
    document.shrink_to_fit();
    document
}

/// An empty Document whose buffers are sized for `input` (the bytes that
/// will be parsed), so that they seldom grow while parsing, and hold little
/// unused room at the end; `shrink_to_fit` gives back what is left over.
/// `parse_bytes` sizes its documents with it too.
pub(crate) fn document_sized_for(input: &[u8]) -> Document {
    let counts = MarkupCounts::of(input);
    let mut document = Document::with_capacity(estimated_node_count(counts), estimated_string_bytes(input.len()));
    document.reserve_attributes(estimated_attribute_count(counts));
    document
}

/// A guess at the number of attributes of a document: its quoted values
/// and an eighth more (1 of the web corpus's 130 pages and 1 of the 27
/// documentation pages need more, by 6% at most; four fifths of the `=`
/// signs, the guess before, was short on 56 and 26 of them, which copied
/// the list as it grew). A page with more grows the list by a quarter at a time
/// (`dom::node::grown_to`).
fn estimated_attribute_count(counts: MarkupCounts) -> usize {
    counts.attributes + counts.attributes / 8 + 8
}

/// A guess at the number of nodes of a document, to size the arena: the
/// nodes counted and a sixteenth more (3 of the web corpus's 130 pages
/// and 1 of the 27 documentation pages need more, by 3% at most; 1.1 per
/// `<`, the guess before, was short on 101 and 14 of them, which copied
/// the arena as it grew). A page with more nodes grows the arena by a quarter at a time (`dom::node::grown_to`), and
/// `shrink_to_fit` gives back what is left.
fn estimated_node_count(counts: MarkupCounts) -> usize {
    counts.nodes + counts.nodes / 16 + 16
}

/// The first chunk of a document's string store, for text and attribute
/// values: half the input. The web corpus stores 0.89 bytes per byte of
/// input, the documentation pages 0.66, and few pages under half; the
/// store grows by chunks that are never copied (`dom::strings`), so a
/// first chunk below the need costs no copy, where one sized at the
/// input's length kept the markup's share of it unused until the end.
fn estimated_string_bytes(len: usize) -> usize {
    len / 2
}

/// What a [`Parser`] stopped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParserStatus<H> {
    /// Everything fed so far is parsed; feed more or finish.
    NeedsInput,
    /// A `script` end tag was just parsed (scripting on): the script
    /// element. The caller may [`Parser::insert_at_insertion_point`]
    /// (`document.write`), then must [`Parser::resume`].
    PausedForScript(H),
    /// The end of the input was parsed.
    Done,
}

/// A streaming parser: the tokenizer driving a tree builder that builds
/// into a [`TreeSink`] (the built-in [`Document`] by default).
pub struct Parser<S: TreeSink = Document> {
    tokenizer: Tokenizer<TreeBuilder<S>>,
    /// `Limits::max_input_bytes` less the bytes fed so far.
    input_budget: Option<usize>,
    /// The limits, for the budgets that grow with the input.
    limits: Limits,
    /// The bytes handed to the tokenizer so far (with a budget that grows
    /// with the input).
    given: usize,
    input_truncated: bool,
    /// The script the parser is paused for, until `resume`: input fed or
    /// ended meanwhile waits, and the status stays "paused for it".
    paused_for: Option<S::Handle>,
    /// `end` was called: more input is refused.
    ended: bool,
    /// A leading U+FEFF is still to drop (see
    /// [`ParseOptions::keep_leading_bom`]): no input has come yet.
    leading_bom: bool,
}

impl Parser<Document> {
    /// A document parser that builds the built-in DOM.
    ///
    /// ```
    /// use htmlforge::{ParseOptions, Parser, ParserStatus};
    ///
    /// let mut parser = Parser::new(ParseOptions::default());
    /// for chunk in ["<ul><li>o", "ne<li>two", "</ul>"] {
    ///     assert_eq!(parser.feed(chunk)?, ParserStatus::NeedsInput);
    /// }
    /// let document = parser.finish();
    /// assert_eq!(document.get_elements_by_tag_name("li").map(|li| li.text_content()).collect::<Vec<_>>(), ["one", "two"]);
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub fn new(options: ParseOptions) -> Parser<Document> {
        Parser::with_sink(Document::new(), options)
    }
}

impl<S: TreeSink> Parser<S> {
    /// A document parser building into `sink`.
    pub fn with_sink(sink: S, options: ParseOptions) -> Parser<S> {
        let mut builder = TreeBuilder::new(sink, options.tree_builder_options());
        builder.driven_by_the_tokenizer();
        let mut tokenizer = Tokenizer::new(builder);
        tokenizer.set_legacy_processing_instructions(options.legacy_processing_instructions);
        Parser {
            tokenizer,
            paused_for: None,
            ended: false,
            input_budget: options.limits.max_input_bytes,
            limits: options.limits,
            given: 0,
            input_truncated: false,
            leading_bom: !options.keep_leading_bom,
        }
    }

    /// A fragment parser building into `sink`: the HTML fragment parsing
    /// algorithm with `context` as the context element.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm>
    pub fn new_fragment_with_sink(sink: S, context: &FragmentContext, options: ParseOptions) -> Parser<S> {
        Parser::new_fragment_in_tree(sink, context, options, QuirksMode::NoQuirks, false)
    }

    /// A fragment parser for a context element that is in a tree: its
    /// node document's quirks mode, and whether it has a `form` ancestor
    /// (steps 2 and 13 of the algorithm).
    pub(crate) fn new_fragment_in_tree(
        sink: S,
        context: &FragmentContext,
        options: ParseOptions,
        quirks_mode: QuirksMode,
        form_ancestor: bool,
    ) -> Parser<S> {
        let (mut builder, state) = TreeBuilder::new_for_fragment(
            sink,
            options.tree_builder_options(),
            context.name.clone(),
            context.attrs.clone(),
            quirks_mode,
        );
        if form_ancestor {
            builder.set_form_element_pointer_for_form_ancestor();
        }
        builder.driven_by_the_tokenizer();
        let mut tokenizer = Tokenizer::new(builder);
        tokenizer.set_legacy_processing_instructions(options.legacy_processing_instructions);
        tokenizer.set_state(match state {
            ContentState::Data => State::Data,
            ContentState::Rcdata => State::Rcdata,
            ContentState::Rawtext => State::Rawtext,
            ContentState::ScriptData => State::ScriptData,
            ContentState::Plaintext => State::Plaintext,
        });
        // No "last start tag" is set: the algorithm emits none, so an end
        // tag in an RCDATA/RAWTEXT/script context is never appropriate and
        // stays text (tests4.dat: `</script>` in a `script` context).
        Parser {
            tokenizer,
            paused_for: None,
            ended: false,
            input_budget: options.limits.max_input_bytes,
            limits: options.limits,
            given: 0,
            input_truncated: false,
            leading_bom: false,
        }
    }

    /// Parses `chunk` as far as possible. After [`Parser::end`] the input
    /// is refused with [`ParserMisuse::InputEnded`].
    ///
    /// ```
    /// use htmlforge::{ParseOptions, Parser, ParserMisuse, ParserStatus};
    ///
    /// let mut parser = Parser::new(ParseOptions::default());
    /// assert_eq!(parser.feed("<p>one")?, ParserStatus::NeedsInput);
    /// assert_eq!(parser.end()?, ParserStatus::Done);
    /// assert_eq!(parser.feed("<p>two"), Err(ParserMisuse::InputEnded));
    /// assert_eq!(parser.end(), Err(ParserMisuse::InputEnded));
    /// # Ok::<(), ParserMisuse>(())
    /// ```
    pub fn feed(&mut self, chunk: &str) -> Result<ParserStatus<S::Handle>, ParserMisuse> {
        if self.ended {
            return Err(ParserMisuse::InputEnded);
        }
        Ok(self.push(chunk))
    }

    /// Parses `chunk`, for callers that cannot have ended the input (it
    /// would be dropped otherwise).
    pub(crate) fn push(&mut self, chunk: &str) -> ParserStatus<S::Handle> {
        debug_assert!(!self.ended, "input pushed after the end");
        let chunk = self.without_leading_bom(chunk);
        let chunk = self.within_input_limit(chunk);
        let progress = self.feed_tokenizer(chunk);
        self.status(progress)
    }

    /// Hands `chunk` to the tokenizer. With a budget that grows with the
    /// input ([`Limits::input_bytes_per_node`]) it goes one block of the input
    /// at a time (the blocks counted from the input's start, each cut at a
    /// character boundary), the node cap raised before each, so that the
    /// tree of a chunk given at once is held to the bytes before each of
    /// its tokens as a stream is. While the tokenizer is paused for a
    /// script (or done), the rest goes at once: it waits in the tokenizer.
    fn feed_tokenizer(&mut self, mut chunk: &str) -> Progress {
        if !self.limits.has_input_budget() {
            return self.tokenizer.feed(chunk);
        }
        loop {
            let len = self.next_block_len(chunk);
            let progress = self.give_tokenizer(&chunk[..len]);
            chunk = &chunk[len..];
            if chunk.is_empty() {
                return progress;
            }
            if progress != Progress::NeedsInput {
                return self.give_tokenizer(chunk);
            }
        }
    }

    /// How much of `chunk` goes to the tokenizer next: up to the end of
    /// the block the input given so far ends in (less, to end at a
    /// character boundary, unless the first character crosses the block's
    /// end).
    fn next_block_len(&self, chunk: &str) -> usize {
        let block = Limits::NODE_BUDGET_BLOCK;
        let mut len = (block - self.given % block).min(chunk.len());
        while !chunk.is_char_boundary(len) {
            len -= 1;
        }
        if len == 0 {
            len = chunk.chars().next().map_or(0, char::len_utf8);
        }
        len
    }

    /// Feeds `text` to the tokenizer, the node cap raised first to the
    /// budget of the bytes given with it.
    fn give_tokenizer(&mut self, text: &str) -> Progress {
        self.count_given(text.len());
        self.tokenizer.feed(text)
    }

    /// Counts `len` more bytes given and raises the node and error caps
    /// to their budgets (see [`Limits::input_bytes_per_node`]).
    fn count_given(&mut self, len: usize) {
        self.given = self.given.saturating_add(len);
        let (nodes, errors) = (self.limits.node_cap_after(self.given), self.limits.error_cap_after(self.given));
        let builder = self.tokenizer.sink_mut();
        builder.raise_node_cap(nodes);
        builder.raise_error_cap(errors);
    }

    /// `chunk` without the U+FEFF that starts the input, unless the
    /// options keep it.
    fn without_leading_bom<'c>(&mut self, chunk: &'c str) -> &'c str {
        if !self.leading_bom || chunk.is_empty() {
            return chunk;
        }
        self.leading_bom = false;
        chunk.strip_prefix('\u{FEFF}').unwrap_or(chunk)
    }

    /// The part of `chunk` that `Limits::max_input_bytes` lets in.
    fn within_input_limit<'c>(&mut self, chunk: &'c str) -> &'c str {
        let Some(budget) = self.input_budget.as_mut() else { return chunk };
        if chunk.len() <= *budget {
            *budget -= chunk.len();
            return chunk;
        }
        let mut end = *budget;
        while !chunk.is_char_boundary(end) {
            end -= 1;
        }
        *budget = 0;
        self.input_truncated = true;
        &chunk[..end]
    }

    /// The optional limits this parse has hit so far (see [`Limits`]).
    ///
    /// ```
    /// use htmlforge::{Limits, ParseOptions, Parser};
    ///
    /// let mut parser = Parser::new(ParseOptions::default().limits(Limits::default().max_depth(Some(3))));
    /// parser.feed("<div><div><div><div>deep")?;
    /// assert!(parser.limits_hit().depth_capped);
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub fn limits_hit(&self) -> LimitsHit {
        LimitsHit { input_truncated: self.input_truncated, ..self.tokenizer.sink().limits_hit() }
    }

    /// Ends the input. A second `end` is refused with
    /// [`ParserMisuse::InputEnded`].
    ///
    /// ```
    /// use htmlforge::{ParseOptions, Parser, ParserMisuse, ParserStatus};
    ///
    /// let mut parser = Parser::new(ParseOptions::default().scripting(false));
    /// parser.feed("<p>a")?;
    /// assert_eq!(parser.end()?, ParserStatus::Done);
    /// assert_eq!(parser.end(), Err(ParserMisuse::InputEnded));
    /// assert_eq!(parser.feed("more"), Err(ParserMisuse::InputEnded));
    /// # Ok::<(), ParserMisuse>(())
    /// ```
    pub fn end(&mut self) -> Result<ParserStatus<S::Handle>, ParserMisuse> {
        if self.ended {
            return Err(ParserMisuse::InputEnded);
        }
        Ok(self.push_end())
    }

    /// Ends the input, for callers that cannot have ended it already.
    pub(crate) fn push_end(&mut self) -> ParserStatus<S::Handle> {
        self.ended = true;
        let progress = self.tokenizer.end();
        self.status(progress)
    }

    /// Goes on after [`ParserStatus::PausedForScript`].
    ///
    /// ```
    /// use htmlforge::{ParseOptions, Parser, ParserStatus};
    ///
    /// let mut parser = Parser::new(ParseOptions::default());
    /// let ParserStatus::PausedForScript(script) = parser.feed("<script>x()</script><p>after")? else { panic!() };
    /// assert_eq!(parser.sink().text_content(script), "x()");
    /// assert!(parser.is_paused_for_script());
    /// // Run the script here, then go on.
    /// assert_eq!(parser.resume(), ParserStatus::NeedsInput);
    /// assert_eq!(parser.finish().body().unwrap().inner_html(), "<p>after</p>");
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub fn resume(&mut self) -> ParserStatus<S::Handle> {
        self.paused_for = None;
        let progress = self.tokenizer.resume();
        self.status(progress)
    }

    /// Inserts `text` at the insertion point, before the input not parsed
    /// yet (what `document.write` does while the parser is paused for a
    /// script). Anywhere else there is no insertion point: the text would
    /// land inside whatever token the tokenizer is in (an attribute
    /// value), so it is refused with [`ParserMisuse::NotPausedForScript`].
    ///
    /// ```
    /// use htmlforge::{ParseOptions, Parser, ParserMisuse, ParserStatus};
    ///
    /// let mut parser = Parser::new(ParseOptions::default().scripting(true));
    /// assert_eq!(parser.insert_at_insertion_point("<b>"), Err(ParserMisuse::NotPausedForScript));
    /// let ParserStatus::PausedForScript(_) = parser.feed("<script>w()</script>")? else { panic!() };
    /// assert_eq!(parser.insert_at_insertion_point("<b>"), Ok(()));
    /// # Ok::<(), ParserMisuse>(())
    /// ```
    pub fn insert_at_insertion_point(&mut self, text: &str) -> Result<(), ParserMisuse> {
        if self.paused_for.is_none() {
            return Err(ParserMisuse::NotPausedForScript);
        }
        let text = self.within_input_limit(text);
        if self.limits.has_input_budget() {
            self.count_given(text.len());
        }
        self.tokenizer.insert_at_insertion_point(text);
        Ok(())
    }

    /// Whether the parser is paused for a script (until [`Parser::resume`]).
    pub fn is_paused_for_script(&self) -> bool {
        self.paused_for.is_some()
    }

    /// Ends the input (resuming through any script pauses, without running
    /// scripts) and returns the sink.
    pub fn finish(mut self) -> S {
        let mut progress = self.tokenizer.end();
        while progress == Progress::Paused {
            self.tokenizer.sink_mut().take_pending_script();
            progress = self.tokenizer.resume();
        }
        self.tokenizer.into_sink().into_sink()
    }

    /// Sets the document's character encoding and the confidence in it,
    /// before the first chunk: with [`Confidence::Tentative`], a `<meta>`
    /// processed by the "in head" rules that declares another encoding
    /// pauses the parser and is reported by
    /// [`Parser::take_encoding_restart`]. A parser of a `&str` leaves the
    /// confidence irrelevant, and no `<meta>` does anything. [`ByteParser`](crate::ByteParser)
    /// does all this for bytes.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-encoding-confidence>
    pub fn set_encoding(&mut self, encoding: &'static Encoding, confidence: Confidence) {
        self.tokenizer.sink_mut().set_encoding(encoding, confidence);
    }

    /// The document's character encoding and the confidence in it (a
    /// `<meta>` that agrees with the encoding makes it certain).
    pub fn encoding(&self) -> (&'static Encoding, Confidence) {
        self.tokenizer.sink().encoding()
    }

    /// The encoding a `<meta>` asked to restart the parse with ("change
    /// the encoding"), taken. The parser paused right after that `<meta>`
    /// (the call returned [`ParserStatus::NeedsInput`]); the caller
    /// discards it and parses the bytes again with the new encoding, or
    /// calls [`Parser::resume`] to go on in the old one (the confidence is
    /// certain now, so it does not ask again).
    ///
    /// ```
    /// use htmlforge::encoding::Confidence;
    /// use htmlforge::{ParseOptions, Parser};
    ///
    /// let mut parser = Parser::new(ParseOptions::default());
    /// parser.set_encoding(encoding_rs::WINDOWS_1252, Confidence::Tentative);
    /// parser.feed("<title>a</title><meta charset=utf-8><p>rest")?;
    /// assert_eq!(parser.take_encoding_restart(), Some(encoding_rs::UTF_8));
    /// assert_eq!(parser.encoding(), (encoding_rs::WINDOWS_1252, Confidence::Certain));
    /// // Paused right after the meta: the `p` is not parsed yet.
    /// assert!(!htmlforge::dom::dump_html5lib(parser.sink()).contains("<p>"));
    /// parser.resume();
    /// assert!(htmlforge::dom::dump_html5lib(parser.sink()).contains("<p>"));
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#change-the-encoding>
    pub fn take_encoding_restart(&mut self) -> Option<&'static Encoding> {
        self.tokenizer.sink_mut().take_encoding_restart()
    }

    /// The sink, to look at the tree while parsing.
    pub fn sink(&self) -> &S {
        self.tokenizer.sink().sink()
    }

    /// The stack of open elements as far as the input is parsed, bottom
    /// (the html element) first: the elements the next token would be
    /// parsed in. For tools that need the parse state at a point of the
    /// input (a differential fuzzer replaying another parser's rules, an
    /// editor completing end tags). The tokenizer may still hold the end
    /// of the input fed (text that could start a character reference, an
    /// unfinished tag), so that part has not reached the stack yet.
    ///
    /// ```
    /// use htmlforge::{ParseOptions, Parser};
    ///
    /// let mut parser = Parser::new(ParseOptions::default());
    /// parser.feed("<table><tr><td><b>x</b><svg><g>")?;
    /// let document = parser.sink();
    /// let names: Vec<&str> =
    ///     parser.open_elements().map(|id| document.element(id).unwrap().local_name()).collect();
    /// assert_eq!(names, ["html", "body", "table", "tbody", "tr", "td", "svg", "g"]);
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#stack-of-open-elements>
    pub fn open_elements(&self) -> impl ExactSizeIterator<Item = S::Handle> + '_ {
        self.tokenizer.sink().open_elements()
    }

    /// The tree sink, mutably: while paused for a script, the caller may
    /// change the tree as the script would (the parser goes on from the
    /// nodes it holds, as a browser's does).
    pub fn sink_mut(&mut self) -> &mut S {
        self.tokenizer.sink_mut().sink_mut()
    }

    /// Tells the parser that no one runs the scripts: a `script` end tag
    /// does not pause it (the one-shot parses, which would resume at once).
    pub(crate) fn without_script_pauses(&mut self) {
        self.tokenizer.sink_mut().without_script_pauses();
    }

    fn status(&mut self, progress: Progress) -> ParserStatus<S::Handle> {
        match progress {
            Progress::NeedsInput => ParserStatus::NeedsInput,
            Progress::Done => ParserStatus::Done,
            Progress::Paused => match self.tokenizer.sink_mut().take_pending_script().or(self.paused_for) {
                Some(script) => {
                    self.paused_for = Some(script);
                    ParserStatus::PausedForScript(script)
                }
                None => ParserStatus::NeedsInput,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{estimated_node_count, MarkupCounts};

    #[test]
    fn the_node_estimate_leaves_room_over_the_count() {
        let counts = MarkupCounts::of("<b>text ".repeat(4096).as_bytes());
        assert!(estimated_node_count(counts) > counts.nodes);
    }
}
