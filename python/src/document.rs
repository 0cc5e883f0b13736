//! `htmlforge.parse`, `htmlforge.parse_fragment` and `htmlforge.Document`:
//! the Pythonic API's entry points.

use htmlforge::encoding::Confidence;
use htmlforge::quirks::QuirksMode;
use htmlforge::{NodeId, ParseOptions};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::dom_error;
use crate::input::{self, context_of, limits_of, LimitsArg, Request};
use crate::node::Node;
use crate::serialize::{serialize, Style};
use crate::shared::SharedDoc;
use crate::{pickle, selectors, tree};

/// A parse error: its code (the standard's for tokenizer errors, e.g.
/// `"eof-in-tag"`; htmlforge's for tree-construction errors, e.g.
/// `"unexpected-end-tag"`) and its 1-based position (the column in UTF-16
/// code units, as browsers count).
#[pyclass(module = "htmlforge", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct ParseError {
    code: &'static str,
    line: u32,
    column: u32,
}

#[pymethods]
impl ParseError {
    fn __repr__(&self) -> String {
        format!("ParseError({:?}, line={}, column={})", self.code, self.line, self.column)
    }
}

/// A parsed document. Its nodes are `Node` objects; it may be used from
/// several threads at once, and pickles (its tree, parse errors and
/// encoding).
#[pyclass(module = "htmlforge", frozen)]
pub struct Document {
    pub(crate) doc: SharedDoc,
}

impl Document {
    fn node(&self, id: Option<NodeId>) -> Option<Node> {
        id.map(|id| Node::new(&self.doc, id))
    }
}

#[pymethods]
impl Document {
    /// The Document node (its children: the doctype, comments, `html`).
    #[getter]
    fn root(&self, py: Python<'_>) -> Node {
        Node::new(&self.doc, self.doc.read(py, |state| state.document.document()))
    }

    /// The DocumentFragment of a fragment parse (`Parser` with a
    /// `fragment_context`); `None` for a document.
    #[getter]
    fn fragment(&self, py: Python<'_>) -> Option<Node> {
        self.node(self.doc.read(py, |state| {
            let document = &state.document;
            document.fragment_root().filter(|&root| document.data(root) == htmlforge::dom::NodeData::DocumentFragment)
        }))
    }

    /// The `html` element.
    #[getter]
    fn document_element(&self, py: Python<'_>) -> Option<Node> {
        self.node(self.doc.read(py, |state| state.document.document_element().map(NodeId::from)))
    }

    #[getter]
    fn head(&self, py: Python<'_>) -> Option<Node> {
        self.node(self.doc.read(py, |state| state.document.head().map(NodeId::from)))
    }

    #[getter]
    fn body(&self, py: Python<'_>) -> Option<Node> {
        self.node(self.doc.read(py, |state| state.document.body().map(NodeId::from)))
    }

    /// The `title` element's text, white space collapsed; `None` without one.
    #[getter]
    fn title(&self, py: Python<'_>) -> Option<String> {
        self.doc.read(py, |state| state.document.title())
    }

    /// The element whose `id` is `id`, if any.
    fn get_element_by_id(&self, py: Python<'_>, id: &str) -> Option<Node> {
        self.node(self.doc.read(py, |state| state.document.get_element_by_id(id).map(NodeId::from)))
    }

    /// The elements that the CSS selector matches, in tree order
    /// (`querySelectorAll`). A selector that does not parse raises
    /// `SelectorError` (a `ValueError`) with its `column`.
    fn select(&self, py: Python<'_>, selector: &str) -> PyResult<Vec<Node>> {
        let selector = selectors::compile(py, selector)?;
        let ids = self
            .doc
            .read_detached(py, |state| tree::select_all(&state.document, state.document.document(), &selector, false));
        Ok(ids.into_iter().map(|id| Node::new(&self.doc, id)).collect())
    }

    /// The first element the selector matches, or `None`.
    fn select_one(&self, py: Python<'_>, selector: &str) -> PyResult<Option<Node>> {
        let selector = selectors::compile(py, selector)?;
        let id = self.doc.read_detached(py, |state| {
            tree::select_first(&state.document, state.document.document(), &selector, false)
        });
        Ok(self.node(id))
    }

    /// The text a reader sees (see `Node.visible_text`) of the body (of
    /// the whole document when there is no body).
    fn visible_text(&self, py: Python<'_>) -> String {
        self.doc.read_detached(py, |state| {
            let document = &state.document;
            let node = document.body().map_or(document.document(), NodeId::from);
            let options = htmlforge::dom::TextOptions::default().scripting(Some(state.scripting));
            document.visible_text_with(node, options)
        })
    }

    /// The whole document as HTML (the standard's serialization).
    #[getter]
    fn html(&self, py: Python<'_>) -> PyResult<String> {
        self.to_html(py, "html")
    }

    /// The whole document as HTML by one of the three serializers:
    /// `"html"` (the standard's), `"minimal"` or `"pretty"` (see
    /// `Node.to_html`).
    #[pyo3(signature = (style = "html"))]
    fn to_html(&self, py: Python<'_>, style: &str) -> PyResult<String> {
        let style = Style::parse(style)?;
        self.doc.read_detached(py, |state| serialize(state, state.document.document(), style, false))
    }

    /// The parse errors, in the order the parser raised them.
    #[getter]
    fn errors(&self, py: Python<'_>) -> Vec<ParseError> {
        self.doc.read(py, |state| {
            state
                .document
                .errors
                .iter()
                .map(|error| ParseError { code: error.code.as_str(), line: error.line, column: error.col })
                .collect()
        })
    }

    /// The encoding the bytes were decoded with (its WHATWG name, e.g.
    /// `"UTF-8"`, `"windows-1252"`); `None` when the input was a `str`.
    #[getter]
    fn encoding(&self, py: Python<'_>) -> Option<&'static str> {
        self.doc.read(py, |state| state.encoding.map(|sniffed| sniffed.encoding.name()))
    }

    /// How the encoding was decided: `"bom"`, `"user-override"`,
    /// `"transport"` (the HTTP charset), `"meta-prescan"`,
    /// `"xml-declaration"`, `"meta-in-head"`, `"fallback"` or `"default"`;
    /// `None` for a `str`.
    #[getter]
    fn encoding_source(&self, py: Python<'_>) -> Option<&'static str> {
        self.doc.read(py, |state| state.encoding.map(|sniffed| sniffed.source.as_str()))
    }

    /// Whether the encoding was `"certain"` or `"tentative"` at the end of
    /// the parse; `None` for a `str`.
    #[getter]
    fn encoding_confidence(&self, py: Python<'_>) -> Option<&'static str> {
        self.doc.read(py, |state| {
            state.encoding.map(|sniffed| match sniffed.confidence {
                Confidence::Tentative => "tentative",
                Confidence::Certain => "certain",
                Confidence::Irrelevant => "irrelevant",
            })
        })
    }

    /// `"no-quirks"`, `"limited-quirks"` or `"quirks"`, as the doctype set it.
    #[getter]
    fn quirks_mode(&self, py: Python<'_>) -> &'static str {
        self.doc.read(py, |state| match state.document.quirks_mode() {
            QuirksMode::NoQuirks => "no-quirks",
            QuirksMode::LimitedQuirks => "limited-quirks",
            QuirksMode::Quirks => "quirks",
        })
    }

    /// The scripting flag the document was parsed with.
    #[getter]
    fn scripting(&self, py: Python<'_>) -> bool {
        self.doc.read(py, |state| state.scripting)
    }

    /// A copy of `node` and its descendants (of any document, this one
    /// included) made in this document, not in the tree: the DOM's
    /// `importNode(node, true)`. Insert it with `append_child` or
    /// `insert_before`.
    fn import_node(&self, py: Python<'_>, node: &Node) -> PyResult<Node> {
        let id = if node.doc.same(&self.doc) {
            self.doc.write(py, |state| {
                state.check(node.id)?;
                Ok::<_, PyErr>(state.document.clone_node_deep(node.id))
            })?
        } else {
            self.doc.write_with_source(py, &node.doc, |target, source| {
                source.check(node.id)?;
                target.document.import_node(&source.document, node.id, true).map_err(dom_error)
            })?
        };
        Ok(Node::new(&self.doc, id))
    }

    /// Pickles the document: its tree (not detached nodes), parse errors,
    /// scripting flag, quirks mode and encoding.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let bytes = self.doc.read_detached(py, pickle::to_bytes);
        let restore = py.import("htmlforge._native")?.getattr("_restore_document")?;
        Ok((restore, (PyBytes::new(py, &bytes),)))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let (nodes, title) = self.doc.read(py, |state| (state.document.node_count(), state.document.title()));
        match title {
            Some(title) => format!("<Document {nodes} nodes, title {title:?}>"),
            None => format!("<Document {nodes} nodes>"),
        }
    }
}

/// The document `Document.__reduce__` pickled.
#[pyfunction]
pub(crate) fn _restore_document(py: Python<'_>, data: &Bound<'_, PyBytes>) -> PyResult<Document> {
    let bytes = data.as_bytes();
    let state = py.detach(|| pickle::from_bytes(bytes))?;
    Ok(Document { doc: SharedDoc::new(state) })
}

/// Parses a document.
///
/// `data` is a `str`, or `bytes`/`bytearray` whose encoding is found as
/// the HTML standard says (byte order mark, then `encoding`, the charset
/// of the HTTP `Content-Type` if you have it, then `<meta>`, then UTF-8 if
/// the bytes are valid UTF-8, else windows-1252). `scripting` is the
/// standard's scripting flag (on, as in browsers: `noscript` holds text).
/// `limits`: `"untrusted"` (the default: 256 MiB of input, depth 512,
/// bounded nodes and errors, so that memory stays within 64 bytes per input
/// byte), `None` (the standard's parse, unbounded) or a dict of
/// `max_input_bytes`, `max_depth`, `max_attributes`, `max_nodes`,
/// `max_errors`. The parse runs with the GIL released; bad HTML never
/// raises.
#[pyfunction]
#[pyo3(signature = (data, *, encoding = None, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn parse(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    encoding: Option<&str>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Document> {
    if encoding.is_some()
        && !data.is_instance_of::<pyo3::types::PyBytes>()
        && !data.is_instance_of::<pyo3::types::PyByteArray>()
    {
        return Err(PyTypeError::new_err("encoding applies to bytes: a str is already decoded"));
    }
    let options = ParseOptions::default().scripting(scripting).limits(limits_of(limits)?);
    let state = input::parse(py, data, Request { options, transport_charset: encoding, context: None })?;
    Ok(Document { doc: SharedDoc::new(state) })
}

/// Parses a fragment as `innerHTML` does, in the context of the element
/// `context` (`"div"`, `"td"`, `"svg path"`, `"math mi"`…), and returns the
/// DocumentFragment that holds its nodes. `scripting` and `limits` as in
/// `parse`.
#[pyfunction]
#[pyo3(signature = (html, context = "div", *, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn parse_fragment(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    context: &str,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Node> {
    let context = context_of(context)?;
    let options = ParseOptions::default().scripting(scripting).limits(limits_of(limits)?);
    let state = input::parse(py, html, Request { options, transport_charset: None, context: Some(&context) })?;
    let root = state.document.fragment_root().unwrap_or(state.document.document());
    Ok(Node::new(&SharedDoc::new(state), root))
}
