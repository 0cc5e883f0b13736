//! htmlforge's tree builder building any html5ever tree: a
//! [`TreeSink`] that drives an html5ever
//! 0.40 [`markup5ever::interface::TreeSink`] (scraper's `HtmlTreeSink`,
//! `markup5ever_rcdom::RcDom`, kuchikiki's sink…). Behind the cargo feature
//! `html5ever`.
//!
//! On the corpus, a `scraper::Html` built this way serializes as scraper's
//! own parse does and selects the same elements
//! (`tests/tests/html5ever_interop.rs`).
//!
//! From bytes, with the encoding sniffed and a change of encoding handled,
//! give [`parse_bytes_into`](crate::parse_bytes_into) or
//! [`ByteParser::with_sink_factory`](crate::ByteParser::with_sink_factory) a
//! factory of adapters (a restart builds a fresh html5ever tree):
//!
//! ```text
//! let new_sink = || Html5everSink::new(scraper::HtmlTreeSink::new(scraper::Html::new_document()));
//! let parsed = htmlforge::parse_bytes_into(new_sink, &bytes, htmlforge::ByteParseOptions::default());
//! let html: scraper::Html = parsed.document.finish();
//! ```

use std::borrow::Cow;
use std::collections::HashMap;

use markup5ever::interface::{self as h5e, ElementFlags};
use markup5ever::tendril::StrTendril;

use crate::generated::names::Namespace;
use crate::quirks::QuirksMode;
use crate::tree_builder::{NodeOrText, TreeSink};
use crate::vocab::{AttrRef, ParseError, QualName};
use crate::{ParseOptions, Parser};

/// A node of the html5ever tree being built: an index into the handles
/// the adapter keeps (html5ever handles need not be `Copy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Html5everHandle(usize);

/// The adapter: htmlforge's tree builder calls it, and it calls the
/// html5ever sink `S`.
///
/// html5ever's sinks are told less than htmlforge's tree builder knows:
/// `has_parent` (which html5ever's interface lacks) is answered from the
/// moves the adapter has passed on, and "clone an option into
/// selectedcontent" becomes the sink's
/// `maybe_clone_an_option_into_selectedcontent`.
pub struct Html5everSink<S: h5e::TreeSink> {
    sink: S,
    handles: Vec<S::Handle>,
    has_parent: Vec<bool>,
    template_contents: HashMap<usize, usize>,
}

impl<S: h5e::TreeSink> Html5everSink<S> {
    /// An adapter building into `sink`.
    pub fn new(sink: S) -> Html5everSink<S> {
        let document = sink.get_document();
        Html5everSink { sink, handles: vec![document], has_parent: vec![false], template_contents: HashMap::new() }
    }

    /// The html5ever sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The html5ever handle of `handle`.
    pub fn handle(&self, handle: Html5everHandle) -> &S::Handle {
        &self.handles[handle.0]
    }

    /// Finishes the html5ever sink: its output (scraper's `Html`, an
    /// `RcDom`…).
    pub fn finish(self) -> S::Output {
        self.sink.finish()
    }

    fn add(&mut self, handle: S::Handle) -> Html5everHandle {
        self.handles.push(handle);
        self.has_parent.push(false);
        Html5everHandle(self.handles.len() - 1)
    }

    fn child(&mut self, child: NodeOrText<'_, Html5everHandle>) -> h5e::NodeOrText<S::Handle> {
        match child {
            NodeOrText::Node(node) => {
                self.has_parent[node.0] = true;
                h5e::NodeOrText::AppendNode(self.handles[node.0].clone())
            }
            NodeOrText::Text(text) => h5e::NodeOrText::AppendText(StrTendril::from_slice(text)),
        }
    }
}

fn namespace(ns: Namespace) -> markup5ever::Namespace {
    markup5ever::Namespace::from(ns.url())
}

fn attributes(attrs: &[AttrRef<'_>]) -> Vec<markup5ever::Attribute> {
    attrs
        .iter()
        .map(|attr| markup5ever::Attribute {
            name: markup5ever::QualName::new(
                attr.prefix.map(markup5ever::Prefix::from),
                attr.ns.map_or_else(|| markup5ever::ns!(), namespace),
                markup5ever::LocalName::from(attr.name),
            ),
            value: StrTendril::from_slice(attr.value),
        })
        .collect()
}

/// Whether an element is a MathML `annotation-xml` HTML integration point.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>
fn is_annotation_xml_integration_point(name: &QualName, attrs: &[AttrRef<'_>]) -> bool {
    name.ns == Namespace::MathMl
        && name.local.as_str() == "annotation-xml"
        && attrs.iter().any(|attr| {
            attr.ns.is_none()
                && attr.name == "encoding"
                && (attr.value.eq_ignore_ascii_case("text/html")
                    || attr.value.eq_ignore_ascii_case("application/xhtml+xml"))
        })
}

impl<S: h5e::TreeSink> TreeSink for Html5everSink<S> {
    type Handle = Html5everHandle;

    fn document(&self) -> Html5everHandle {
        Html5everHandle(0)
    }

    fn create_element(&mut self, name: QualName, attrs: &[AttrRef<'_>]) -> Html5everHandle {
        let mut flags = ElementFlags::default();
        flags.template = name.ns == Namespace::Html && name.local.as_str() == "template";
        flags.mathml_annotation_xml_integration_point = is_annotation_xml_integration_point(&name, attrs);
        let qual =
            markup5ever::QualName::new(None, namespace(name.ns), markup5ever::LocalName::from(name.local.as_str()));
        let handle = self.sink.create_element(qual, attributes(attrs), flags);
        self.add(handle)
    }

    fn create_comment(&mut self, text: &str) -> Html5everHandle {
        let handle = self.sink.create_comment(StrTendril::from_slice(text));
        self.add(handle)
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> Html5everHandle {
        let handle = self.sink.create_pi(StrTendril::from_slice(target), StrTendril::from_slice(data));
        self.add(handle)
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        self.sink.append_doctype_to_document(
            StrTendril::from_slice(name),
            StrTendril::from_slice(public_id),
            StrTendril::from_slice(system_id),
        );
    }

    fn append(&mut self, parent: Html5everHandle, child: NodeOrText<'_, Html5everHandle>) {
        let child = self.child(child);
        self.sink.append(&self.handles[parent.0], child);
    }

    fn insert_before(&mut self, sibling: Html5everHandle, child: NodeOrText<'_, Html5everHandle>) {
        let child = self.child(child);
        self.sink.append_before_sibling(&self.handles[sibling.0], child);
    }

    fn has_parent(&self, node: Html5everHandle) -> bool {
        self.has_parent[node.0]
    }

    fn remove_from_parent(&mut self, node: Html5everHandle) {
        self.has_parent[node.0] = false;
        self.sink.remove_from_parent(&self.handles[node.0]);
    }

    fn reparent_children(&mut self, node: Html5everHandle, new_parent: Html5everHandle) {
        // The children keep a parent: whether they have one is unchanged.
        self.sink.reparent_children(&self.handles[node.0], &self.handles[new_parent.0]);
    }

    fn add_attrs_if_missing(&mut self, element: Html5everHandle, attrs: &[AttrRef<'_>]) {
        self.sink.add_attrs_if_missing(&self.handles[element.0], attributes(attrs));
    }

    fn template_contents(&mut self, template: Html5everHandle) -> Html5everHandle {
        if let Some(&contents) = self.template_contents.get(&template.0) {
            return Html5everHandle(contents);
        }
        let contents = self.sink.get_template_contents(&self.handles[template.0]);
        let contents = self.add(contents);
        self.template_contents.insert(template.0, contents.0);
        contents
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.sink.set_quirks_mode(match mode {
            QuirksMode::Quirks => h5e::QuirksMode::Quirks,
            QuirksMode::LimitedQuirks => h5e::QuirksMode::LimitedQuirks,
            QuirksMode::NoQuirks => h5e::QuirksMode::NoQuirks,
        });
    }

    fn clone_option_into_selectedcontent(&mut self, option: Html5everHandle, _selectedcontent: Html5everHandle) {
        // html5ever's sinks find the selectedcontent themselves.
        self.sink.maybe_clone_an_option_into_selectedcontent(&self.handles[option.0]);
    }

    fn parse_error(&mut self, error: ParseError) {
        self.sink.parse_error(Cow::Borrowed(error.code.as_str()));
    }
}

/// Parses `input` as a document with htmlforge's tree builder into the
/// html5ever sink `sink`, and returns the sink's output.
///
/// ```text
/// // scraper 0.29: a `scraper::Html` built by htmlforge.
/// let html = htmlforge::html5ever::parse_document_into(
///     scraper::HtmlTreeSink::new(scraper::Html::new_document()),
///     "<p>Hello",
///     htmlforge::ParseOptions::default().scripting(true),
/// );
/// ```
pub fn parse_document_into<S: h5e::TreeSink>(sink: S, input: &str, options: ParseOptions) -> S::Output {
    let mut parser = Parser::with_sink(Html5everSink::new(sink), options);
    parser.push(input);
    parser.finish().finish()
}
