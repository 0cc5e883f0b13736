//! The tree builder: the insertion modes, the stack of open elements, the
//! list of active formatting elements and the algorithms around them. It
//! receives tokens through [`TokenSink`] and builds a tree through a
//! [`TreeSink`].
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction>

mod active_formatting_elements;
mod adoption_agency;
mod content_patching;
mod declarative_shadow_root;
mod dispatcher;
mod dom_sink;
mod element_names;
mod foster_parenting;
mod frozen_attrs;
mod insertion;
mod insertion_modes;
mod interface;
mod reset_insertion_mode;
mod selectedcontent;
mod serial_positions;
mod stack_chains;
mod stack_holes;
mod stack_of_open_elements;
mod token;

use crate::encoding::{Confidence, Encoding};
use crate::generated::element_categories::{element_categories, Categories};
use crate::generated::in_body_fallback_tags::{
    IN_CAPTION_END_TAGS, IN_CAPTION_START_TAGS, IN_CELL_END_TAGS, IN_CELL_START_TAGS, TAG_NAMED_BY_MODE,
};
use crate::generated::names::{local_names, LocalName, Namespace, LOCAL_NAME_COUNT};
use crate::generated::parse_errors::ParseErrorCode;
use crate::generated::tag_groups::{IN_BODY_ELEMENTS_ALLOWED_OPEN_AT_THE_END, IN_BODY_LIST_ITEM_LOOP_PASSES_THROUGH};
use crate::quirks::QuirksMode;
use crate::tokenizer::{ContentState, SinkResult, Tag, Token, TokenInput, TokenSink};

pub use insertion_modes::InsertionMode;
pub use interface::{NodeOrText, TreeSink};

// The shared vocabulary, for the insertion modes and the other modules
// below (`super::AttrRef`…); users take it from `crate::vocab`.
use crate::vocab::{
    Attr, AttrRef, ErrorCode, Name, ParseError, QualName, ShadowRootInit, ShadowRootMode, SlotAssignmentMode,
    TreeConstructionError,
};

use element_names::LocalId;
use insertion_modes::Step;
use token::{TagTok, Tok};

/// Options of the tree builder. Set them with the methods named after the
/// fields (the struct is `#[non_exhaustive]`), e.g.
/// `TreeBuilderOptions::default().scripting(true)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct TreeBuilderOptions {
    /// The scripting flag: on, `noscript` is raw text and the parser
    /// pauses after each `script` end tag.
    pub scripting: bool,
    /// The Document is an iframe srcdoc document (never quirks).
    pub iframe_srcdoc: bool,
    /// See [`crate::Limits::max_depth`].
    pub max_depth: Option<usize>,
    /// See [`crate::Limits::max_attributes`].
    pub max_attributes: Option<usize>,
    /// See [`crate::Limits::max_nodes`] (always set: the hard cap when
    /// the limits set none).
    pub max_nodes: usize,
    /// See [`crate::Limits::max_errors`].
    pub max_errors: Option<usize>,
    /// `<template for>` content patching: see
    /// [`crate::ParseOptions::template_patching`].
    pub template_patching: bool,
    /// The parser's "allow declarative shadow roots": see
    /// [`crate::ParseOptions::declarative_shadow_roots`].
    pub declarative_shadow_roots: bool,
}

crate::setters::setters!(const TreeBuilderOptions {
    scripting: bool,
    iframe_srcdoc: bool,
    max_depth: Option<usize>,
    max_attributes: Option<usize>,
    max_nodes: usize,
    max_errors: Option<usize>,
    template_patching: bool,
    declarative_shadow_roots: bool,
});

impl Default for TreeBuilderOptions {
    fn default() -> Self {
        TreeBuilderOptions {
            scripting: false,
            iframe_srcdoc: false,
            max_depth: None,
            max_attributes: None,
            max_nodes: crate::Limits::HARD_MAX_NODES,
            max_errors: None,
            template_patching: false,
            declarative_shadow_roots: false,
        }
    }
}

/// Which of the optional limits of untrusted input a parse has hit
/// (their recovery applied): see [`crate::Limits`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LimitsHit {
    /// The input was longer than `max_input_bytes`; the rest was not parsed.
    pub input_truncated: bool,
    /// Nodes were inserted at the depth cap instead of deeper.
    pub depth_capped: bool,
    /// Attributes beyond `max_attributes` were dropped.
    pub attributes_dropped: bool,
    /// The node cap (`max_nodes`, or the hard cap) was reached: the rest
    /// of the input built nothing.
    pub nodes_capped: bool,
    /// Parse errors beyond `max_errors` were dropped.
    pub errors_dropped: bool,
    /// The document's storage reached its hard cap (4 GiB of text and
    /// attribute values): what did not fit was cut.
    pub storage_full: bool,
}

/// One entry of the stack of open elements: the sink's handle plus what the
/// tree builder needs to know about the element without asking the sink.
/// Kept narrow (24 bytes with the DOM's handle), as every push and pop
/// moves one: the name is an id ([`LocalId`]), the flags one byte.
#[derive(Debug, Clone)]
pub(crate) struct OpenElement<H> {
    pub handle: H,
    /// The element's categories (special, scope boundaries…).
    pub categories: Categories,
    /// Which push onto the stack of open elements this entry is (set by
    /// the stack): list entries hold it to tell in O(1) whether their
    /// element is still open.
    pub serial: u32,
    /// The local name (its spelling: `StackOfOpenElements::name_str`).
    pub local: LocalId,
    /// The name's [`LocalName`] index for an HTML element of a known name,
    /// else [`NOT_KNOWN_HTML`]: "is this the HTML element X" is one compare.
    html: u16,
    pub ns: Namespace,
    flags: u8,
}

/// [`OpenElement::html`] of an element that is not HTML or has a name the
/// names table lacks.
const NOT_KNOWN_HTML: u16 = u16::MAX;

/// [`OpenElement::flags`]: a MathML `annotation-xml` whose `encoding` is
/// `text/html` or `application/xhtml+xml` (an HTML integration point).
const ANNOTATION_XML_HTML_INTEGRATION_POINT: u8 = 1;
/// [`OpenElement::flags`]: the element may be open at the end of the body
/// without a parse error.
const ALLOWED_OPEN_AT_THE_END: u8 = 2;
/// [`OpenElement::flags`]: the element stops the loop of the "li", "dd"
/// and "dt" start tags.
const LIST_ITEM_LOOP_STOP: u8 = 4;
/// [`OpenElement::flags`]: the slot of an element removed from the middle
/// of the stack of open elements (see `stack_holes`).
const HOLE: u8 = 32;
/// In [`HTML_ELEMENT_FLAGS`] only: the loop of the "li", "dd" and "dt"
/// start tags passes through the element (address, div, p) even though it
/// is special.
const LIST_ITEM_LOOP_PASSES_THROUGH: u8 = 8;

/// Per HTML element name ([`LocalName::index`]): [`ALLOWED_OPEN_AT_THE_END`]
/// and [`LIST_ITEM_LOOP_PASSES_THROUGH`], from the generated tag groups
/// (`spec-data/tree-construction-tag-groups.txt`), indexed when the crate
/// is compiled. The unit tests compare every element's flags with the
/// tag-group tests.
static HTML_ELEMENT_FLAGS: [u8; LOCAL_NAME_COUNT] = html_element_flags();

const fn html_element_flags() -> [u8; LOCAL_NAME_COUNT] {
    const fn mark(mut table: [u8; LOCAL_NAME_COUNT], names: &[LocalName], flag: u8) -> [u8; LOCAL_NAME_COUNT] {
        let mut at = 0;
        while at < names.len() {
            table[names[at].index()] |= flag;
            at += 1;
        }
        table
    }
    let table = mark([0; LOCAL_NAME_COUNT], IN_BODY_ELEMENTS_ALLOWED_OPEN_AT_THE_END, ALLOWED_OPEN_AT_THE_END);
    mark(table, IN_BODY_LIST_ITEM_LOOP_PASSES_THROUGH, LIST_ITEM_LOOP_PASSES_THROUGH)
}

impl<H> OpenElement<H> {
    /// The element `local` of namespace `ns` (`local` from the stack's
    /// [`StackOfOpenElements::local_id`](stack_of_open_elements::StackOfOpenElements::local_id)).
    #[inline]
    pub fn new(
        handle: H,
        ns: Namespace,
        local: LocalId,
        annotation_xml_html_integration_point: bool,
    ) -> OpenElement<H> {
        let known = local.known();
        let categories = match known {
            Some(known) => element_categories(ns, known),
            None => Categories::default(),
        };
        let html = match known {
            Some(known) if ns == Namespace::Html => known.index() as u16,
            _ => NOT_KNOWN_HTML,
        };
        // Whether it stops the li/dd/dt loop and may stay open at the end
        // of the body: the stack counts both at every push and pop, so they
        // are found once, from the name: one load from a table, and flag
        // arithmetic without branches (the tag-group tests were two chains
        // of compares on the name, mispredicted as names vary).
        let by_name = HTML_ELEMENT_FLAGS.get(usize::from(html)).copied().unwrap_or(0);
        let special = u8::from(categories.contains(Categories::SPECIAL));
        let passes_through =
            (by_name & LIST_ITEM_LOOP_PASSES_THROUGH) >> LIST_ITEM_LOOP_PASSES_THROUGH.trailing_zeros();
        let flags = (u8::from(annotation_xml_html_integration_point) * ANNOTATION_XML_HTML_INTEGRATION_POINT)
            | (by_name & ALLOWED_OPEN_AT_THE_END)
            | ((special & !passes_through) * LIST_ITEM_LOOP_STOP);
        OpenElement { handle, categories, serial: 0, local, html, ns, flags }
    }

    /// The HTML element `name`.
    #[inline]
    pub fn html(handle: H, name: LocalName) -> OpenElement<H> {
        OpenElement::new(handle, Namespace::Html, LocalId::from(name), false)
    }

    /// Whether this is the HTML element `local`.
    #[inline]
    pub fn is_html(&self, local: LocalName) -> bool {
        self.html == local.index() as u16
    }

    /// Whether this is the element `local` of namespace `ns`.
    #[inline]
    pub fn is_named(&self, ns: Namespace, local: LocalName) -> bool {
        self.ns == ns && self.local == LocalId::from(local)
    }

    /// The interned name of an HTML element, `None` for other namespaces
    /// or unknown names.
    #[inline]
    pub fn html_name(&self) -> Option<LocalName> {
        LocalName::from_index(usize::from(self.html))
    }

    #[inline]
    pub fn is(&self, category: Categories) -> bool {
        self.categories.contains(category)
    }

    /// Whether the element may be open at the end of the body without a
    /// parse error.
    #[inline]
    pub fn allowed_open_at_the_end(&self) -> bool {
        self.flags & ALLOWED_OPEN_AT_THE_END != 0
    }

    /// Whether the element stops the loop of the "li", "dd" and "dt" start
    /// tags.
    #[inline]
    pub fn list_item_loop_stop(&self) -> bool {
        self.flags & LIST_ITEM_LOOP_STOP != 0
    }

    /// Whether this is the slot of an element removed from the middle of
    /// the stack of open elements.
    #[inline]
    pub fn is_hole(&self) -> bool {
        self.flags & HOLE != 0
    }

    /// Makes this the slot of an element removed from the middle.
    fn make_hole(&mut self) {
        self.flags |= HOLE;
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#mathml-text-integration-point>
    pub fn is_mathml_text_integration_point(&self) -> bool {
        self.is(Categories::MATHML_TEXT_INTEGRATION_POINT)
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>
    pub fn is_html_integration_point(&self) -> bool {
        self.is(Categories::HTML_INTEGRATION_POINT) || self.flags & ANNOTATION_XML_HTML_INTEGRATION_POINT != 0
    }
}

/// The HTML tree builder.
pub struct TreeBuilder<S: TreeSink> {
    sink: S,
    options: TreeBuilderOptions,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insertion-mode>
    mode: InsertionMode,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#original-insertion-mode>
    original_mode: InsertionMode,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#stack-of-template-insertion-modes>
    template_modes: Vec<InsertionMode>,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#stack-of-open-elements>
    open_elements: stack_of_open_elements::StackOfOpenElements<S::Handle>,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#list-of-active-formatting-elements>
    active_formatting: active_formatting_elements::ListOfActiveFormattingElements<S::Handle>,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#head-element-pointer>
    head_element: Option<S::Handle>,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#form-element-pointer>
    form_element: Option<S::Handle>,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#frameset-ok-flag>
    frameset_ok: bool,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#foster-parent>
    foster_parenting: bool,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-pending-table-char-tokens>
    pending_table_characters: String,
    /// The context element of the HTML fragment parsing algorithm.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-frag-parse-context>
    context_element: Option<OpenElement<S::Handle>>,
    /// The Document's quirks mode, as set from the DOCTYPE.
    quirks_mode: QuirksMode,
    /// After `pre`, `listing` and `textarea` start tags a leading newline
    /// is dropped ("If the next token is a U+000A LINE FEED…").
    ignore_next_line_feed: bool,
    /// The tokenizer state change requested by the current token.
    next_tokenizer_state: Option<ContentState>,
    /// A script element whose end tag was just seen (scripting on).
    pending_script: Option<S::Handle>,
    /// Whether a `script` end tag pauses the parse (scripting on): off
    /// when nobody runs scripts (`parse_document_with`, `parse_bytes`),
    /// where a pause would only be resumed at once, and costs a copy of
    /// the input not parsed yet.
    pauses_for_scripts: bool,
    /// The `selectedcontent` bookkeeping of the open `select` elements.
    select_states: selectedcontent::SelectStates<S::Handle>,
    /// Errors raised by the current token, until the tokenizer gives them
    /// its position (`TokenSink::place_errors`).
    errors_awaiting_position: Vec<TreeConstructionError>,
    /// Whether the current start tag's self-closing flag was acknowledged.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#acknowledge-self-closing-flag>
    self_closing_flag_acknowledged: bool,
    /// The optional limits hit so far.
    limits_hit: LimitsHit,
    /// Elements and comments created so far, for the node cap.
    nodes_created: usize,
    /// Whether errors await a position or the node cap is reached: what
    /// sends a token through the dispatcher's own steps
    /// ([`Self::may_skip_the_dispatcher`]), kept up to date where either
    /// changes so that each token tests one field, not two.
    dispatcher_steps_due: bool,
    /// Parse errors handed to the sink so far, for the error cap.
    errors_reported: usize,
    /// The allocation of the attribute list handed to the sink for each
    /// new element, kept between elements (see `insertion::reuse_attrs`).
    attr_scratch: Vec<AttrRef<'static>>,
    /// The document's character encoding and its confidence (irrelevant
    /// unless the parser decodes bytes), for the "in head" meta rule.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-encoding-confidence>
    encoding: (&'static Encoding, Confidence),
    /// The encoding a `<meta>` asked to restart the parse with.
    encoding_restart: Option<&'static Encoding>,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#root-insertion-target>
    /// (set only by the fragment parser, and only if the sink makes one).
    root_insertion_target: Option<S::Handle>,
    /// The open templates' `<template for>` patches (none unless
    /// `template_patching` is on).
    content_patches: content_patching::ContentPatches<S::Handle>,
    /// The `<?marker>` and `<?start>` processing instructions by name (none
    /// unless `template_patching` is on).
    markers: content_patching::MarkerIndex<S::Handle>,
    /// Whether a character token in body must be searched for U+0000: so
    /// unless the crate's tokenizer drives the tree builder, which reports
    /// an unexpected-null-character error for every U+0000 it emits in the
    /// data state before the run that holds it (its other states replace
    /// U+0000, but for CDATA sections, which are text of foreign elements
    /// and never take the path in body that skips the search); then set
    /// again for good once it reports one.
    search_text_for_null: bool,
}

impl<S: TreeSink> TreeBuilder<S> {
    /// A tree builder for a whole document.
    pub fn new(mut sink: S, options: TreeBuilderOptions) -> TreeBuilder<S> {
        sink.set_scripting(options.scripting);
        TreeBuilder {
            sink,
            options,
            mode: InsertionMode::Initial,
            original_mode: InsertionMode::Initial,
            template_modes: Vec::new(),
            open_elements: {
                let mut stack = stack_of_open_elements::StackOfOpenElements::default();
                // The depth whose element takes the nodes past the cap.
                stack.set_depth_cap(options.max_depth.map(|max| max.max(1) - 1));
                stack
            },
            active_formatting: Default::default(),
            head_element: None,
            form_element: None,
            frameset_ok: true,
            foster_parenting: false,
            pending_table_characters: String::new(),
            context_element: None,
            quirks_mode: QuirksMode::NoQuirks,
            ignore_next_line_feed: false,
            next_tokenizer_state: None,
            pending_script: None,
            pauses_for_scripts: true,
            select_states: selectedcontent::SelectStates::default(),
            errors_awaiting_position: Vec::new(),
            self_closing_flag_acknowledged: true,
            limits_hit: LimitsHit::default(),
            nodes_created: 0,
            dispatcher_steps_due: options.max_nodes == 0,
            errors_reported: 0,
            attr_scratch: Vec::new(),
            encoding: (encoding_rs::UTF_8, Confidence::Irrelevant),
            encoding_restart: None,
            content_patches: Default::default(),
            markers: Default::default(),
            search_text_for_null: true,
            root_insertion_target: None,
        }
    }

    /// A tree builder for the HTML fragment parsing algorithm, steps 4 to
    /// 12: the context element is created in the sink (not inserted), a
    /// root `html` element is appended to the Document and pushed, and the
    /// insertion mode is reset. Returns the builder and the tokenizer state
    /// the context element asks for.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm>
    pub fn new_for_fragment(
        mut sink: S,
        options: TreeBuilderOptions,
        context: QualName,
        context_attrs: Vec<Attr>,
        quirks_mode: QuirksMode,
    ) -> (TreeBuilder<S>, ContentState) {
        sink.set_quirks_mode(quirks_mode);
        let context_attrs: Vec<AttrRef<'_>> = context_attrs.iter().map(Attr::as_ref).collect();
        let integration_point = is_annotation_xml_html_integration_point(&context, &context_attrs);
        let context_handle = sink.create_element(context.clone(), &context_attrs);
        let mut builder = TreeBuilder::new(sink, options);
        builder.quirks_mode = quirks_mode;
        let state = builder.tokenizer_state_for_context(&context);
        let root = builder.sink.create_element(QualName::new(Namespace::Html, Name::Known(local_names::HTML)), &[]);
        let document = builder.sink.document();
        builder.sink.append(document, NodeOrText::Node(root));
        builder.open_elements.push(OpenElement::html(root, local_names::HTML));
        // 15–16. "Let fragment be the result of creating a document
        // fragment … Set the parser's root insertion target to fragment."
        builder.root_insertion_target = builder.sink.create_document_fragment();
        let local = builder.open_elements.local_id(&context.local);
        let context_element = OpenElement::new(context_handle, context.ns, local, integration_point);
        if context_element.is_html(local_names::TEMPLATE) {
            builder.template_modes.push(InsertionMode::InTemplate);
        }
        // "Set the parser's form element pointer to the nearest node to the
        // context element that is a form element (going straight up the
        // ancestor chain, and including the element itself)": a standalone
        // context element has no ancestors, so only itself can be one.
        if context_element.is_html(local_names::FORM) {
            builder.form_element = Some(context_element.handle);
        }
        builder.context_element = Some(context_element);
        builder.reset_the_insertion_mode_appropriately();
        (builder, state)
    }

    /// "Set the parser's form element pointer to the nearest node to the
    /// context element that is a form element (going straight up the
    /// ancestor chain, and including the element itself)", for a context
    /// element in a tree with a `form` ancestor: the pointer stands for
    /// that form with the context element, which is no more on the stack
    /// of open elements than the form is (only its being set matters).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm> (step 13)
    pub(crate) fn set_form_element_pointer_for_form_ancestor(&mut self) {
        if self.form_element.is_none() {
            self.form_element = self.context_element.as_ref().map(|context| context.handle);
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm> (step 4)
    fn tokenizer_state_for_context(&self, context: &QualName) -> ContentState {
        if context.ns != Namespace::Html {
            return ContentState::Data;
        }
        match context.local.known() {
            Some(name) if crate::generated::tag_groups::is_fragment_context_rcdata(name) => ContentState::Rcdata,
            Some(name) if crate::generated::tag_groups::is_fragment_context_rawtext(name) => ContentState::Rawtext,
            Some(local_names::SCRIPT) => ContentState::ScriptData,
            Some(local_names::NOSCRIPT) if self.options.scripting => ContentState::Rawtext,
            Some(local_names::PLAINTEXT) => ContentState::Plaintext,
            _ => ContentState::Data,
        }
    }

    /// The sink, to read the tree while or after parsing.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Ends the tree builder and returns the sink.
    pub fn into_sink(mut self) -> S {
        self.report_errors_at(0, 0);
        self.sink
    }

    /// The handles of the stack of open elements, bottom (the html
    /// element) first.
    pub fn open_elements(&self) -> impl ExactSizeIterator<Item = S::Handle> + '_ {
        self.open_elements.iter().map(|element| element.handle)
    }

    /// The optional limits hit so far.
    pub fn limits_hit(&self) -> LimitsHit {
        LimitsHit { storage_full: self.sink.storage_full(), ..self.limits_hit }
    }

    /// Applies `max_attributes`: the attributes past the limit are dropped
    /// (as duplicates are), in source order.
    /// `attrs` cut to the `max_attributes` option (see
    /// [`Self::limit_attributes`]).
    pub(crate) fn limited_attributes<'t, T>(&mut self, attrs: &'t [T]) -> &'t [T] {
        match self.options.max_attributes {
            Some(max) if attrs.len() > max => {
                self.limits_hit.attributes_dropped = true;
                &attrs[..max]
            }
            _ => attrs,
        }
    }

    pub(crate) fn limit_attributes<T>(&mut self, attrs: &mut Vec<T>) {
        if let Some(max) = self.options.max_attributes {
            if attrs.len() > max {
                attrs.truncate(max);
                self.limits_hit.attributes_dropped = true;
            }
        }
    }

    /// The current insertion mode.
    pub fn insertion_mode(&self) -> InsertionMode {
        self.mode
    }

    /// The script element the parser paused for (scripting on), taken.
    pub fn take_pending_script(&mut self) -> Option<S::Handle> {
        self.pending_script.take()
    }

    /// Sets the document's character encoding and confidence (a parser of
    /// bytes does this before the first token).
    pub fn set_encoding(&mut self, encoding: &'static Encoding, confidence: Confidence) {
        self.encoding = (encoding, confidence);
    }

    /// The document's character encoding and confidence: a `<meta>` in
    /// head may have made the confidence certain.
    pub fn encoding(&self) -> (&'static Encoding, Confidence) {
        self.encoding
    }

    /// The encoding a `<meta>` asked to restart the parse with, taken. The
    /// tokenizer was paused right after that `<meta>`.
    pub fn take_encoding_restart(&mut self) -> Option<&'static Encoding> {
        self.encoding_restart.take()
    }

    /// Hands the errors raised by the last token to the sink at `line:col`.
    fn report_errors_at(&mut self, line: u32, col: u32) {
        for code in std::mem::take(&mut self.errors_awaiting_position) {
            crate::cost::step!("tree_builder::errors");
            self.report_error(ParseError { code: ErrorCode::TreeConstruction(code), line, col });
        }
        self.dispatcher_steps_due = self.nodes_created >= self.options.max_nodes;
    }

    /// Hands `error` to the sink, unless `max_errors` were handed already.
    fn report_error(&mut self, error: ParseError) {
        if self.options.max_errors.is_some_and(|max| self.errors_reported >= max) {
            self.limits_hit.errors_dropped = true;
            return;
        }
        self.errors_reported += 1;
        self.sink.parse_error(error);
    }

    /// Raises the node cap to `cap`, for a budget that grows with the
    /// input ([`crate::Limits::input_bytes_per_node`]). Once a token has
    /// found the cap reached, the rest of the input builds nothing, as
    /// with a fixed cap: a raise then changes nothing.
    pub(crate) fn raise_node_cap(&mut self, cap: usize) {
        if self.limits_hit.nodes_capped || cap <= self.options.max_nodes {
            return;
        }
        self.options.max_nodes = cap;
        self.dispatcher_steps_due = !self.errors_awaiting_position.is_empty() || self.nodes_created >= cap;
    }

    /// Raises the error cap to `cap` (see [`Self::raise_node_cap`]).
    pub(crate) fn raise_error_cap(&mut self, cap: Option<usize>) {
        if let (Some(max), Some(cap)) = (&mut self.options.max_errors, cap) {
            *max = cap.max(*max);
        }
    }

    /// Counts a node created for the node cap.
    pub(crate) fn node_created(&mut self) {
        self.nodes_created += 1;
        if self.nodes_created >= self.options.max_nodes {
            self.dispatcher_steps_due = true;
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#acknowledge-self-closing-flag>
    fn acknowledge_the_self_closing_flag(&mut self) {
        self.self_closing_flag_acknowledged = true;
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parse-errors>
    fn parse_error(&mut self, code: TreeConstructionError) {
        self.errors_awaiting_position.push(code);
        self.dispatcher_steps_due = true;
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#fragment-case>
    fn is_fragment_case(&self) -> bool {
        self.context_element.is_some()
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#current-node>
    fn current_node(&self) -> &OpenElement<S::Handle> {
        self.open_elements.last().expect("the stack of open elements is not empty here")
    }

    /// Tells the tree builder that the crate's tokenizer drives it (see
    /// `search_text_for_null`).
    pub(crate) fn driven_by_the_tokenizer(&mut self) {
        self.search_text_for_null = false;
    }

    /// Tells the tree builder that no one runs the scripts: a `script` end
    /// tag does not pause the parse (the tree is the same: a pause would
    /// be resumed at once).
    pub(crate) fn without_script_pauses(&mut self) {
        self.pauses_for_scripts = false;
    }

    /// Whether a character token goes straight to the "in body" rules
    /// ([`TreeBuilder::in_body_characters`]): the text may skip the
    /// dispatcher ([`Self::text_may_skip_the_dispatcher`]) and the mode and
    /// node are those of [`Self::takes_tags_in_body`].
    #[inline(always)]
    fn takes_characters_in_body(&self) -> bool {
        self.mode == InsertionMode::InBody
            && self.text_may_skip_the_dispatcher()
            && self.current_node_is_html_outside_the_context()
    }

    /// Whether a start or end tag goes straight to the "in body" rules: the
    /// usual case of the tree construction dispatcher
    /// [#tree-construction-dispatcher], told by a few tests so that the
    /// most frequent tokens skip the insertion-mode match (one jump through
    /// a table) and the kind tests. It holds when the insertion mode is "in
    /// body", the token may skip the dispatcher
    /// ([`Self::may_skip_the_dispatcher`]) and the adjusted current node is
    /// an HTML element ([`Self::current_node_is_html_outside_the_context`]).
    #[inline(always)]
    fn takes_tags_in_body(&self) -> bool {
        self.mode == InsertionMode::InBody
            && self.may_skip_the_dispatcher()
            && self.current_node_is_html_outside_the_context()
    }

    /// Whether a tag goes straight to the "in body" rules from a mode
    /// whose "anything else" processes the token using the rules for "in
    /// body" ("in cell" [#parsing-main-intd], "in caption"
    /// [#parsing-main-incaption]): no token condition of the mode names the
    /// tag (the generated `TAG_NAMED_BY_MODE`, for the tag's kind: `bits`),
    /// and the dispatcher would send the tag to the insertion mode
    /// ([`Self::may_skip_the_dispatcher`],
    /// [`Self::current_node_is_html_outside_the_context`]).
    #[inline(always)]
    fn takes_tag_in_body_from(&self, tag: &Tag, bits: ModeBits) -> bool {
        let mask = match self.mode {
            InsertionMode::InCell => bits.in_cell,
            InsertionMode::InCaption => bits.in_caption,
            _ => return false,
        };
        tag.known_name().is_none_or(|name| TAG_NAMED_BY_MODE[name.index()] & mask == 0)
            && self.may_skip_the_dispatcher()
            && self.current_node_is_html_outside_the_context()
    }

    /// What every token that skips the dispatcher's own steps needs: no
    /// error waits for a position and the node cap is not reached (the way
    /// through the dispatcher, `process_any_token`, handles both).
    #[inline(always)]
    fn may_skip_the_dispatcher(&self) -> bool {
        debug_assert_eq!(
            self.dispatcher_steps_due,
            !self.errors_awaiting_position.is_empty() || self.nodes_created >= self.options.max_nodes
        );
        !self.dispatcher_steps_due
    }

    /// What a character token that skips the dispatcher needs: as any
    /// token ([`Self::may_skip_the_dispatcher`]), and no line feed is to
    /// be ignored (the dispatcher strips it from the run). Tested before
    /// the run goes straight to "in body" and before the other modes that
    /// insert it at once.
    #[inline(always)]
    fn text_may_skip_the_dispatcher(&self) -> bool {
        !self.ignore_next_line_feed && self.may_skip_the_dispatcher()
    }

    /// Whether the current node is an HTML element and the adjusted current
    /// node too: not the fragment case's lone html element, whose adjusted
    /// current node is the context element (left to the dispatcher).
    #[inline(always)]
    fn current_node_is_html_outside_the_context(&self) -> bool {
        // Two elements or more (the usual case) prove the stack non-empty
        // and the current node the adjusted one: one length test before the
        // load, not three.
        match self.open_elements.slots_with_holes() {
            [_, .., node] => node.ns == Namespace::Html,
            [node] => self.context_element.is_none() && node.ns == Namespace::Html,
            [] => false,
        }
    }

    /// What `process_token` answers after a character token that went
    /// straight to the "in body" rules (which set no tokenizer state).
    #[inline(always)]
    fn after_characters(&mut self) -> SinkResult {
        self.next_tokenizer_state = None;
        if self.pending_script.is_some() || self.encoding_restart.is_some() {
            return SinkResult::Pause;
        }
        SinkResult::Continue
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjusted-current-node>
    fn adjusted_current_node(&self) -> Option<&OpenElement<S::Handle>> {
        if self.open_elements.depth() == 1 {
            if let Some(context) = &self.context_element {
                return Some(context);
            }
        }
        self.open_elements.last()
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// A character token (a run of them).
    /// `text_and_after`: the run followed by the input after it, when the
    /// tokenizer handed that on, else `text` (see
    /// [`Self::insert_characters_in`]).
    #[inline(never)]
    fn process_characters_token(&mut self, text: &str, text_and_after: &str) -> SinkResult {
        if self.takes_characters_in_body() {
            // What the dispatcher would do, without its steps that
            // do not apply to a run of text in body.
            self.in_body_characters_from_the_tokenizer(text, text_and_after);
            return self.after_characters();
        }
        self.process_characters_elsewhere(text, text_and_after)
    }

    /// The "in body" character rules for a run the tokenizer emitted: the
    /// search for U+0000 only when the tokenizer reported one (see
    /// `search_text_for_null`).
    #[inline(always)]
    fn in_body_characters_from_the_tokenizer(&mut self, text: &str, text_and_after: &str) {
        if self.search_text_for_null {
            self.in_body_characters(text);
        } else {
            self.in_body_characters_without_null(text, text_and_after);
        }
    }

    /// A character token past the usual case. The modes whose character
    /// rules insert the run at once, and foreign content, take it without
    /// the dispatcher's conversions and insertion-mode match, when the
    /// text may skip the dispatcher as in body
    /// ([`Self::text_may_skip_the_dispatcher`]); the rest goes through the
    /// dispatcher.
    #[inline(never)]
    fn process_characters_elsewhere(&mut self, text: &str, text_and_after: &str) -> SinkResult {
        if self.text_may_skip_the_dispatcher() {
            match self.adjusted_current_node() {
                Some(node) if node.ns == Namespace::Html => match self.mode {
                    // "Anything else: process the token using the rules for
                    // the "in body" insertion mode" [#parsing-main-intd]
                    // [#parsing-main-incaption].
                    InsertionMode::InCell | InsertionMode::InCaption => {
                        self.in_body_characters_from_the_tokenizer(text, text_and_after);
                        return self.after_characters();
                    }
                    // "A character token: insert the token's character"
                    // [#parsing-main-incdata].
                    InsertionMode::Text => {
                        self.insert_characters_in(text, text_and_after);
                        return self.after_characters();
                    }
                    // Whitespace: "insert the character" [#parsing-main-inhead]
                    // [#parsing-main-afterhead]; a run with any other
                    // character takes the whole rules.
                    InsertionMode::InHead | InsertionMode::AfterHead if !token::has_non_whitespace(text) => {
                        self.insert_characters_in(text, text_and_after);
                        return self.after_characters();
                    }
                    // "In table" characters where the current node is a
                    // table, tbody, template, tfoot, thead or tr: collected
                    // "in table text" [#parsing-main-intable] ("in table
                    // body" and "in row" send characters there by their
                    // "anything else" [#parsing-main-intbody]
                    // [#parsing-main-intr]); and more characters there
                    // [#parsing-main-intabletext].
                    InsertionMode::InTable | InsertionMode::InTableBody | InsertionMode::InRow
                        if self.current_node_takes_table_text() =>
                    {
                        self.switch_to_table_text();
                        self.append_to_the_pending_table_characters(text);
                        return self.after_characters();
                    }
                    InsertionMode::InTableText => {
                        self.append_to_the_pending_table_characters(text);
                        return self.after_characters();
                    }
                    _ => {}
                },
                // The dispatcher's foreign content: an adjusted current node
                // that is not HTML, and not an integration point, where
                // characters take the insertion mode's rules
                // [#tree-construction-dispatcher].
                Some(node) if !node.is_mathml_text_integration_point() && !node.is_html_integration_point() => {
                    self.in_foreign_content_characters(text);
                    return self.after_characters();
                }
                _ => {}
            }
        }
        self.process_any_token(Token::Characters(text))
    }

    /// A start tag token: in body with an HTML current node (the usual
    /// case), straight to the "in body" start tag rules. Inline where the
    /// tokenizer emits a start tag (one place, `emit_current_start_tag_token`,
    /// which knows the kind), sparing a call frame per tag.
    #[inline(always)]
    fn process_start_tag_token(&mut self, tag: &Tag) -> SinkResult {
        if !self.takes_tags_in_body() {
            return self.process_start_tag_elsewhere(tag);
        }
        self.start_tag_in_body(tag)
    }

    /// A start tag past the usual case: one that the mode's "anything
    /// else" sends to the "in body" rules ([`Self::takes_tag_in_body_from`])
    /// goes there as in body; the rest goes through the dispatcher.
    #[inline(never)]
    fn process_start_tag_elsewhere(&mut self, tag: &Tag) -> SinkResult {
        if self.takes_tag_in_body_from(tag, START_TAG_BITS) {
            return self.start_tag_in_body(tag);
        }
        if self.leaves_table_text() {
            return self.dispatch_to_the_rules(Token::StartTag(tag));
        }
        self.dispatch_token(Token::StartTag(tag))
    }

    /// A tag in "in table text" (after a run of table text): the mode's
    /// "anything else" flushes the pending characters and switches back to
    /// the original insertion mode [#parsing-main-intabletext], done here
    /// when the dispatcher would send the tag to the insertion mode, so
    /// that the tag is then reprocessed as in that mode, without a round
    /// through the insertion-mode match.
    /// True if it did: the tag then goes on to the rules without the
    /// dispatcher's checks, as it would from "in table text" (the errors the
    /// flush raised are the tag's, placed when the tokenizer gets control
    /// back).
    #[inline(always)]
    fn leaves_table_text(&mut self) -> bool {
        let leaves = self.mode == InsertionMode::InTableText
            && self.may_skip_the_dispatcher()
            && self.current_node_is_html_outside_the_context();
        if leaves {
            self.next_tokenizer_state = None;
            self.flush_the_pending_table_characters();
        }
        leaves
    }

    /// The "in body" start tag rules for a tag that skips the dispatcher.
    #[inline(always)]
    fn start_tag_in_body(&mut self, tag: &Tag) -> SinkResult {
        self.ignore_next_line_feed = false;
        self.next_tokenizer_state = None;
        self.self_closing_flag_acknowledged = !tag.self_closing;
        let tag = TagTok { tag, name: tag.known_name() };
        if let Step::Reprocess(tok) = self.in_body_start_tag(tag, Tok::StartTag(tag)) {
            self.reprocess(tok);
        }
        self.after_token()
    }

    /// An end tag token: in body with an HTML current node (the usual
    /// case), straight to the "in body" end tag rules. Inline where the
    /// tokenizer emits an end tag, as for start tags.
    #[inline(always)]
    fn process_end_tag_token(&mut self, tag: &Tag) -> SinkResult {
        if !self.takes_tags_in_body() {
            return self.process_end_tag_elsewhere(tag);
        }
        self.end_tag_in_body(tag)
    }

    /// An end tag past the usual case, as [`Self::process_start_tag_elsewhere`].
    #[inline(never)]
    fn process_end_tag_elsewhere(&mut self, tag: &Tag) -> SinkResult {
        if self.takes_tag_in_body_from(tag, END_TAG_BITS) {
            return self.end_tag_in_body(tag);
        }
        if self.leaves_table_text() {
            return self.dispatch_to_the_rules(Token::EndTag(tag));
        }
        self.dispatch_token(Token::EndTag(tag))
    }

    /// The "in body" end tag rules for a tag that skips the dispatcher.
    #[inline(always)]
    fn end_tag_in_body(&mut self, tag: &Tag) -> SinkResult {
        self.ignore_next_line_feed = false;
        self.next_tokenizer_state = None;
        let tag = TagTok { tag, name: tag.known_name() };
        if let Step::Reprocess(tok) = self.in_body_end_tag(tag, Tok::EndTag(tag)) {
            self.reprocess(tok);
        }
        self.after_end_tag()
    }

    /// Any token, through the tree construction dispatcher.
    #[inline(never)]
    fn process_any_token(&mut self, token: Token<'_>) -> SinkResult {
        self.dispatch_token(token)
    }

    /// The body of [`Self::process_any_token`], inline in the ways out of
    /// the start and end tags' fast paths too, so that each kind of tag has
    /// its own insertion-mode jump: a tag table's start tags come in "in
    /// row" (`td`) and "in table body" (`tr`), its end tags in "in cell"
    /// (`</td>`) and "in row" (`</tr>`), each kind in a steadier order
    /// than the two interleaved.
    #[inline(always)]
    fn dispatch_token(&mut self, token: Token<'_>) -> SinkResult {
        if !self.errors_awaiting_position.is_empty() {
            // Driven by something that places no errors: report them unplaced.
            self.report_errors_at(0, 0);
        }
        self.next_tokenizer_state = None;
        if self.nodes_created >= self.options.max_nodes {
            // The node cap: the rest of the input builds nothing.
            self.limits_hit.nodes_capped = true;
            return SinkResult::Continue;
        }
        self.dispatch_to_the_rules(token)
    }

    /// The dispatcher's rules for a token past its checks (errors awaiting
    /// a position, the node cap).
    #[inline(always)]
    fn dispatch_to_the_rules(&mut self, token: Token<'_>) -> SinkResult {
        let tok = Tok::from_token(token);
        self.self_closing_flag_acknowledged = !matches!(token, Token::StartTag(tag) if tag.self_closing);
        self.dispatch(tok);
        self.after_token()
    }

    /// "Reprocess the token", asked by the rules a fast path called.
    #[cold]
    #[inline(never)]
    fn reprocess(&mut self, tok: Tok<'_>) {
        self.process_until_done(tok);
    }

    /// What `process_token` answers after a token went through the rules.
    #[inline(always)]
    fn after_token(&mut self) -> SinkResult {
        // "When a start tag token is emitted with its self-closing flag
        // set, if the flag is not acknowledged when the token is processed
        // by the tree construction stage, that is a parse error."
        if !self.self_closing_flag_acknowledged {
            self.parse_error(TreeConstructionError::NonVoidHtmlElementStartTagWithTrailingSolidus);
        }
        self.after_end_tag()
    }

    /// [`Self::after_token`] without the self-closing flag's test, which
    /// only a start tag needs: after an end tag that went straight to the
    /// "in body" rules (which leave the flag as it was; every way to
    /// `after_token` sets it first).
    #[inline(always)]
    fn after_end_tag(&mut self) -> SinkResult {
        if self.pending_script.is_some() || self.encoding_restart.is_some() {
            return SinkResult::Pause;
        }
        match self.next_tokenizer_state.take() {
            Some(state) => SinkResult::SwitchTo(state),
            None => SinkResult::Continue,
        }
    }
}

/// Whether an `annotation-xml` element with these attributes is an HTML
/// integration point (its `encoding` is `text/html` or
/// `application/xhtml+xml`, ASCII case-insensitively).
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>
pub(crate) fn is_annotation_xml_html_integration_point(name: &QualName, attrs: &[AttrRef<'_>]) -> bool {
    name.is(Namespace::MathMl, local_names::ANNOTATION_XML)
        && attrs.iter().any(|attr| {
            attr.ns.is_none()
                && attr.name == "encoding"
                && (attr.value.eq_ignore_ascii_case("text/html")
                    || attr.value.eq_ignore_ascii_case("application/xhtml+xml"))
        })
}

/// The bits of [`TAG_NAMED_BY_MODE`] of one tag kind, per mode whose
/// "anything else" is the "in body" rules.
#[derive(Debug, Clone, Copy)]
struct ModeBits {
    in_caption: u8,
    in_cell: u8,
}

/// The start tag bits of [`ModeBits`].
const START_TAG_BITS: ModeBits = ModeBits { in_caption: IN_CAPTION_START_TAGS, in_cell: IN_CELL_START_TAGS };
/// The end tag bits of [`ModeBits`].
const END_TAG_BITS: ModeBits = ModeBits { in_caption: IN_CAPTION_END_TAGS, in_cell: IN_CELL_END_TAGS };

impl<S: TreeSink> TokenSink for TreeBuilder<S> {
    /// The token's kind is told here, inlined where the tokenizer emits the
    /// token: each emitting site knows it already (a run of text, or a tag
    /// whose kind it has just tested), so the compiler folds this `match`
    /// away and runs one function per kind: the start and end tag ones
    /// inline in the tokenizer's emit of that kind, the others called.
    /// Always inline: with the tag functions inline in it, LLVM would
    /// otherwise call it, and test the kind again.
    #[inline(always)]
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        match token {
            Token::Characters(text) => self.process_characters_token(text, text),
            Token::StartTag(tag) => self.process_start_tag_token(tag),
            Token::EndTag(tag) => self.process_end_tag_token(tag),
            _ => self.process_any_token(token),
        }
    }

    /// As `process_token`, a run of text with the input after it for the
    /// sink's copy (see [`TokenInput`]).
    #[inline]
    fn process_token_in(&mut self, token: Token<'_>, input: TokenInput<'_>) -> SinkResult {
        match token {
            Token::Characters(text) => self.process_characters_token(text, input.text_and_after()),
            _ => self.process_token(token),
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        if error.code == ErrorCode::Tokenizer(ParseErrorCode::UnexpectedNullCharacter) {
            self.search_text_for_null = true;
        }
        self.report_error(error);
    }

    fn has_errors_awaiting_position(&self) -> bool {
        !self.errors_awaiting_position.is_empty()
    }

    fn place_errors(&mut self, line: u32, col: u32) {
        self.report_errors_at(line, col);
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.adjusted_current_node().is_some_and(|node| node.ns != Namespace::Html)
    }
}

#[cfg(test)]
mod tests {
    use super::element_names::LocalId;
    use super::stack_of_open_elements::{allowed_at_the_end, is_list_item_loop_stop};
    use super::{OpenElement, TreeBuilder, TreeBuilderOptions};
    use crate::generated::names::{LocalName, Namespace, LOCAL_NAME_COUNT};
    use crate::tokenizer::{SinkResult, Token, TokenInput, TokenSink, Tokenizer};
    use crate::vocab::ParseError;

    /// The flags an open element gets from the name table agree with the
    /// tag groups, for every name the names table knows in every
    /// namespace an element can have.
    #[test]
    fn open_element_flags_agree_with_the_tag_groups() {
        for name in (0..LOCAL_NAME_COUNT).filter_map(LocalName::from_index) {
            for ns in [Namespace::Html, Namespace::MathMl, Namespace::Svg] {
                for integration_point in [false, true] {
                    let element = OpenElement::new(0u32, ns, LocalId::from(name), integration_point);
                    assert_eq!(element.allowed_open_at_the_end(), allowed_at_the_end(&element), "{ns:?} {name:?}");
                    assert_eq!(element.list_item_loop_stop(), is_list_item_loop_stop(&element), "{ns:?} {name:?}");
                    assert_eq!(element.flags & super::ANNOTATION_XML_HTML_INTEGRATION_POINT != 0, integration_point);
                }
            }
        }
    }

    /// A tree builder driven by a token source that reports no tokenizer
    /// errors (as any sink may be driven).
    struct WithoutTokenizerErrors(TreeBuilder<crate::dom::Document>);

    impl TokenSink for WithoutTokenizerErrors {
        fn process_token(&mut self, token: Token<'_>) -> SinkResult {
            self.0.process_token(token)
        }

        fn parse_error(&mut self, _: ParseError) {}

        fn adjusted_current_node_is_foreign(&self) -> bool {
            self.0.adjusted_current_node_is_foreign()
        }
    }

    fn body_text(input: &str, report_tokenizer_errors: bool) -> String {
        let builder = TreeBuilder::new(crate::dom::Document::new(), TreeBuilderOptions::default());
        let document = if report_tokenizer_errors {
            let mut tokenizer = Tokenizer::new(builder);
            tokenizer.feed(input);
            tokenizer.end();
            tokenizer.into_sink().into_sink()
        } else {
            let mut tokenizer = Tokenizer::new(WithoutTokenizerErrors(builder));
            tokenizer.feed(input);
            tokenizer.end();
            tokenizer.into_sink().0.into_sink()
        };
        let body = document.get_elements_by_tag_name("body").next().unwrap();
        document.text_content(body)
    }

    /// Text in the modes whose character rules `process_characters_elsewhere`
    /// applies without the dispatcher, next to the cases it leaves to the
    /// dispatcher (a U+0000 tells which rules ran: in body and in cell it is
    /// dropped, in foreign content it becomes U+FFFD).
    #[test]
    fn text_outside_body_takes_the_rules_of_its_mode() {
        let cases = [
            // In cell and in caption, the in-body rules: U+0000 dropped, the
            // active formatting elements reconstructed.
            (
                "<table><caption>c\0d</caption><tr><td><p><i>a</p>b\0c</td></tr></table>",
                "<head></head><body><table><caption>cd</caption><tbody><tr><td><p><i>a</i></p><i>bc</i></td></tr>\
                 </tbody></table></body>",
            ),
            // In table and in row: collected "in table text"; whitespace
            // inserted in the table, other text foster-parented.
            ("<table> <tr> x\0</tr></table>", "<head></head><body> x<table> <tbody><tr></tr></tbody></table></body>"),
            // "text" mode, with the line feed after `<textarea>` ignored.
            (
                "<title>a&amp;b</title><textarea>\nt</textarea><script>x<y</script>",
                "<head><title>a&amp;b</title></head><body><textarea>t</textarea><script>x<y</script></body>",
            ),
            // Whitespace in head and after head inserted there; a run that
            // is not all whitespace takes the whole rules.
            ("<head> \n<meta>\n x", "<head> \n<meta>\n </head><body>x</body>"),
            ("<head></head> <body>", "<head></head> <body></body>"),
            // Foreign content: U+0000 becomes U+FFFD; at HTML and MathML
            // text integration points the insertion mode's rules drop it.
            (
                "<svg>a\0b<foreignObject>c\0</foreignObject><desc>d\0</desc></svg><math><mi>e\0</mi></math>",
                "<head></head><body><svg>a\u{FFFD}b<foreignObject>c</foreignObject><desc>d</desc></svg>\
                 <math><mi>e</mi></math></body>",
            ),
        ];
        for (input, expected) in cases {
            let document = crate::parse_document(input);
            let html = document.document_element().unwrap();
            assert_eq!(document.inner_html(html), expected, "{input:?}");
        }
    }

    /// The document `input` makes, fed in the chunks that `splits` cut it
    /// at; with `with_input`, the tree builder gets the runs of text with
    /// the input after them (the DOM's short copies read it), else only
    /// the tokens.
    fn document_html(input: &str, splits: &[usize], with_input: bool) -> String {
        struct TokensOnly(TreeBuilder<crate::dom::Document>);
        impl TokenSink for TokensOnly {
            fn process_token(&mut self, token: Token<'_>) -> SinkResult {
                self.0.process_token(token)
            }
            fn parse_error(&mut self, error: ParseError) {
                TokenSink::parse_error(&mut self.0, error);
            }
            fn has_errors_awaiting_position(&self) -> bool {
                self.0.has_errors_awaiting_position()
            }
            fn place_errors(&mut self, line: u32, col: u32) {
                self.0.place_errors(line, col);
            }
            fn adjusted_current_node_is_foreign(&self) -> bool {
                self.0.adjusted_current_node_is_foreign()
            }
        }
        let builder = TreeBuilder::new(crate::dom::Document::new(), TreeBuilderOptions::default());
        let end = input.len();
        let bounds = std::iter::once(&0).chain(splits).zip(splits.iter().chain([&end]));
        let chunks = bounds.map(|(&a, &b)| &input[a..b]);
        let document = if with_input {
            let mut tokenizer = Tokenizer::new(builder);
            for chunk in chunks {
                tokenizer.feed(chunk);
            }
            tokenizer.end();
            tokenizer.into_sink().into_sink()
        } else {
            let mut tokenizer = Tokenizer::new(TokensOnly(builder));
            for chunk in chunks {
                tokenizer.feed(chunk);
            }
            tokenizer.end();
            tokenizer.into_sink().0.into_sink()
        };
        document.outer_html(document.document_element().unwrap())
    }

    /// Text copied from the input (a fixed-size copy reading past its end)
    /// is the text the tokens hold, wherever the input is cut into chunks
    /// and whatever follows the run: a character reference, a U+0000, a
    /// tag, the end of the input, text merged into the node before it.
    #[test]
    fn text_copied_from_the_input_is_the_tokens_own() {
        let inputs = [
            "<p>one <b>two</b>\n    <i>\u{e9}\u{1F600}</i> x&amp;y&lt\n<table>t<td>cell</td></table><svg>s</svg>",
            "<p>a\0b <title>t&amp;</title><textarea>\nab</textarea><style>s{}</style>\u{20AC}</p>z",
            "<div>\n      <span>a run of text longer than sixty-four bytes, to be copied by memcpy</span>\n</div>",
        ];
        for input in inputs {
            let expected = document_html(input, &[], false);
            assert_eq!(document_html(input, &[], true), expected, "{input:?}");
            for cut in (1..input.len()).filter(|&i| input.is_char_boundary(i)) {
                assert_eq!(document_html(input, &[cut], true), expected, "{input:?} cut at {cut}");
            }
        }
    }

    /// A sink that hands the tree builder other text with a run's input
    /// gets that text, not the input's.
    #[test]
    fn other_text_forwarded_with_the_input_is_kept() {
        struct Shifting(TreeBuilder<crate::dom::Document>);
        impl TokenSink for Shifting {
            fn process_token(&mut self, token: Token<'_>) -> SinkResult {
                self.0.process_token(token)
            }
            fn process_token_in(&mut self, token: Token<'_>, input: TokenInput<'_>) -> SinkResult {
                match token {
                    Token::Characters(text) => self.0.process_token_in(Token::Characters(&text[1..]), input),
                    _ => self.0.process_token_in(token, input),
                }
            }
        }
        let builder = TreeBuilder::new(crate::dom::Document::new(), TreeBuilderOptions::default());
        let mut tokenizer = Tokenizer::new(Shifting(builder));
        tokenizer.feed("<p class=note>text and more than sixty-four bytes after it: <b>bold</b>, and so on.");
        tokenizer.end();
        let document = tokenizer.into_sink().0.into_sink();
        let body = document.body().unwrap();
        assert_eq!(
            document.inner_html(body),
            r#"<p class="note">ext and more than sixty-four bytes after it: <b>old</b> and so on.</p>"#
        );
    }

    #[test]
    fn u0000_in_body_is_dropped_however_the_tree_builder_is_driven() {
        let input = "<body>a<b>b\0c</b>d\0";
        assert_eq!(body_text(input, true), "abcd");
        // No unexpected-null-character error reaches the tree builder: it
        // still searches every run.
        assert_eq!(body_text(input, false), "abcd");
        // The crate's parser, which skips the search until the tokenizer
        // reports a U+0000.
        let document = crate::parse_document(input);
        let body = document.get_elements_by_tag_name("body").next().unwrap();
        assert_eq!(document.text_content(body), "abcd");
    }
}
