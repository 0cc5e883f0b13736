//! selectolax's API (`selectolax.lexbor`: `LexborHTMLParser`, `LexborNode`,
//! `LexborAttributes`) over htmlforge, so that a selectolax program needs
//! only its import changed. Where lexbor departs from the HTML standard,
//! these follow the standard (the differences are listed in
//! `docs/python.md`, "Differences from selectolax").

use htmlforge::dom::NodeData;
use htmlforge::{Document, ElementRef, NodeId, ParseOptions};
use pyo3::exceptions::{PyKeyError, PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use crate::errors::{dom_error, SelectolaxError};
use crate::input::{self, context_of, text_of, Request};
use crate::serialize::{serialize, Style};
use crate::shared::{DocState, SharedDoc};
use crate::{names, selectors, tree};

/// selectolax's parser: parses `html` (`str`, or `bytes` whose encoding
/// is sniffed as the standard says) into a document, or, with
/// `is_fragment`, the fragment in the context of `fragment_tag`.
#[pyclass(module = "htmlforge", name = "LexborHTMLParser", frozen)]
pub struct HtmlParser {
    doc: SharedDoc,
    /// A fragment parse: `root` is the fragment's first node.
    fragment: bool,
}

/// selectolax's node: an element, text, comment, doctype or the Document.
#[pyclass(module = "htmlforge", frozen)]
pub struct LexborNode {
    doc: SharedDoc,
    id: NodeId,
}

/// selectolax's dict-like view of an element's attributes, which writes
/// through to the element.
#[pyclass(module = "htmlforge", frozen, mapping)]
pub struct LexborAttributes {
    doc: SharedDoc,
    id: NodeId,
}

impl HtmlParser {
    fn node(&self, id: Option<NodeId>) -> Option<LexborNode> {
        id.map(|id| LexborNode { doc: self.doc.clone(), id })
    }

    /// The node selectolax calls the root: the `html` element, or a
    /// fragment's first node.
    fn root_id(&self, state: &DocState) -> Option<NodeId> {
        if self.fragment {
            state.document.fragment_root().and_then(|fragment| state.document.first_child(fragment))
        } else {
            state.document.document_element().map(NodeId::from)
        }
    }

    /// Where searches start: the `html` element, or the fragment (all its
    /// top-level nodes).
    fn search_root(&self, state: &DocState) -> Option<NodeId> {
        if self.fragment {
            state.document.fragment_root()
        } else {
            state.document.document_element().map(NodeId::from)
        }
    }

    fn root_node(&self, py: Python<'_>) -> Option<LexborNode> {
        self.node(self.doc.read(py, |state| self.search_root(state)))
    }
}

#[pymethods]
impl HtmlParser {
    #[new]
    #[pyo3(signature = (html, is_fragment = false, fragment_tag = "div", fragment_namespace = "html", options = 0, encoding = false, scripting = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        html: &Bound<'_, PyAny>,
        is_fragment: bool,
        fragment_tag: &str,
        fragment_namespace: &str,
        options: i64,
        encoding: bool,
        scripting: bool,
    ) -> PyResult<HtmlParser> {
        // lexbor's document options (mutation events) have no counterpart:
        // the tree is always the standard's. `encoding` turns on sniffing
        // in selectolax; htmlforge always sniffs bytes, as the standard does.
        let _ = (options, encoding);
        let parse = ParseOptions::default().scripting(scripting);
        let context = if is_fragment {
            let prefix = match fragment_namespace {
                "html" | "http://www.w3.org/1999/xhtml" => "",
                "svg" | "http://www.w3.org/2000/svg" => "svg ",
                "math" | "http://www.w3.org/1998/Math/MathML" => "math ",
                other => return Err(PyValueError::new_err(format!("unknown fragment namespace {other:?}"))),
            };
            Some(context_of(&format!("{prefix}{fragment_tag}"))?)
        } else {
            None
        };
        let state =
            input::parse(py, html, Request { options: parse, transport_charset: None, context: context.as_ref() })?;
        Ok(HtmlParser { doc: SharedDoc::new(state), fragment: is_fragment })
    }

    /// The `html` element (a fragment's first node).
    #[getter]
    fn root(&self, py: Python<'_>) -> Option<LexborNode> {
        self.node(self.doc.read(py, |state| self.root_id(state)))
    }

    #[getter]
    fn head(&self, py: Python<'_>) -> Option<LexborNode> {
        self.node(self.doc.read(py, |state| state.document.head().map(NodeId::from)))
    }

    #[getter]
    fn body(&self, py: Python<'_>) -> Option<LexborNode> {
        self.node(self.doc.read(py, |state| state.document.body().map(NodeId::from)))
    }

    /// The elements named `name`, in tree order.
    fn tags(&self, py: Python<'_>, name: &str) -> PyResult<Vec<LexborNode>> {
        if name.is_empty() {
            return Err(PyValueError::new_err("Tag name cannot be empty"));
        }
        let ids = self.doc.read_detached(py, |state| match self.search_root(state) {
            Some(root) => tree::elements_named(&state.document, root, name),
            None => Vec::new(),
        });
        Ok(ids.into_iter().map(|id| LexborNode { doc: self.doc.clone(), id }).collect())
    }

    /// The text of the root's text nodes (see `LexborNode.text`).
    #[pyo3(signature = (deep = true, separator = "", strip = false, skip_empty = false))]
    fn text(&self, py: Python<'_>, deep: bool, separator: &str, strip: bool, skip_empty: bool) -> PyResult<String> {
        match self.root_node(py) {
            Some(root) => root.text(py, deep, separator, strip, skip_empty),
            None => Ok(String::new()),
        }
    }

    /// The whole document as HTML (a fragment's nodes).
    #[getter]
    fn html(&self, py: Python<'_>) -> PyResult<String> {
        self.doc.read_detached(py, |state| {
            let node = if self.fragment { state.document.fragment_root() } else { Some(state.document.document()) };
            match node {
                Some(node) => serialize(state, node, Style::Html, false),
                None => Ok(String::new()),
            }
        })
    }

    fn css(&self, py: Python<'_>, query: &str) -> PyResult<Vec<LexborNode>> {
        match self.root_node(py) {
            Some(root) => root.css(py, query),
            None => Ok(Vec::new()),
        }
    }

    #[pyo3(signature = (query, default = None, strict = false))]
    fn css_first(&self, py: Python<'_>, query: &str, default: Option<Py<PyAny>>, strict: bool) -> PyResult<Py<PyAny>> {
        match self.root_node(py) {
            Some(root) => root.css_first(py, query, default, strict),
            None => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    fn css_matches(&self, py: Python<'_>, selector: &str) -> PyResult<bool> {
        match self.root_node(py) {
            Some(root) => root.css_matches(py, selector),
            None => Ok(false),
        }
    }

    fn any_css_matches(&self, py: Python<'_>, selectors: Vec<String>) -> PyResult<bool> {
        match self.root_node(py) {
            Some(root) => root.any_css_matches(py, selectors),
            None => Ok(false),
        }
    }

    /// Removes the elements named in `tags`, for good.
    #[pyo3(signature = (tags, recursive = false))]
    fn strip_tags(&self, py: Python<'_>, tags: Vec<String>, recursive: bool) -> PyResult<()> {
        let _ = recursive;
        self.doc.write(py, |state| {
            let Some(root) = self.search_root(state) else { return };
            for tag in &tags {
                for element in tree::elements_named(&state.document, root, tag) {
                    // One inside another: already gone with it.
                    if state.check(element).is_ok() {
                        state.decompose(element);
                    }
                }
            }
        });
        Ok(())
    }

    /// Replaces each element named in `tags` by its children.
    #[pyo3(signature = (tags, delete_empty = false))]
    fn unwrap_tags(&self, py: Python<'_>, tags: Vec<String>, delete_empty: bool) -> PyResult<()> {
        match self.root_node(py) {
            Some(root) => root.unwrap_tags(py, tags, delete_empty),
            None => Ok(()),
        }
    }

    fn scripts_contain(&self, py: Python<'_>, query: &str) -> PyResult<bool> {
        match self.root_node(py) {
            Some(root) => root.scripts_contain(py, query),
            None => Ok(false),
        }
    }

    fn script_srcs_contain(&self, py: Python<'_>, queries: Vec<String>) -> PyResult<bool> {
        match self.root_node(py) {
            Some(root) => root.script_srcs_contain(py, queries),
            None => Ok(false),
        }
    }

    fn merge_text_nodes(&self, py: Python<'_>) -> PyResult<()> {
        match self.root_node(py) {
            Some(root) => root.merge_text_nodes(py),
            None => Ok(()),
        }
    }

    /// A copy of the document, independent of this one.
    fn clone(&self, py: Python<'_>) -> HtmlParser {
        let state =
            self.doc.read_detached(py, |state| DocState::new(state.document.clone(), state.scripting, state.encoding));
        HtmlParser { doc: SharedDoc::new(state), fragment: self.fragment }
    }

    /// A new element `tag`, not in the tree.
    fn create_node(&self, py: Python<'_>, tag: &str) -> PyResult<LexborNode> {
        if tag.is_empty() {
            return Err(SelectolaxError::new_err("Tag name cannot be empty"));
        }
        let id = self.doc.write(py, |state| state.document.create_html_element(tag).map_err(dom_error))?;
        Ok(LexborNode { doc: self.doc.clone(), id })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("<LexborHTMLParser chars='{}'>", self.html(py)?.chars().count()))
    }
}

/// Python's `str.isspace` characters, which selectolax's `strip=True`
/// (`str.strip()`) trims.
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// A Python iterator over `nodes` (selectolax's `iter` and `traverse`
/// are generators).
fn iterator(py: Python<'_>, nodes: Vec<LexborNode>) -> PyResult<Py<PyAny>> {
    Ok(PyList::new(py, nodes)?.try_iter()?.into_any().unbind())
}

/// Whether `text` is ASCII white space only (selectolax's "empty" text).
fn is_empty_text(text: &str) -> bool {
    text.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r'))
}

/// Joins text pieces as selectolax's `text()` does.
struct TextJoin<'a> {
    out: String,
    separator: &'a str,
    strip: bool,
    skip_empty: bool,
    count: usize,
}

impl TextJoin<'_> {
    fn add(&mut self, text: &str) {
        if self.skip_empty && is_empty_text(text) {
            return;
        }
        if self.count > 0 {
            self.out.push_str(self.separator);
        }
        self.count += 1;
        self.out.push_str(if self.strip { text.trim_matches(is_python_space) } else { text });
    }
}

impl LexborNode {
    fn new(doc: &SharedDoc, id: NodeId) -> LexborNode {
        LexborNode { doc: doc.clone(), id }
    }

    fn related(&self, id: Option<NodeId>) -> Option<LexborNode> {
        id.map(|id| LexborNode::new(&self.doc, id))
    }

    fn read<R>(&self, py: Python<'_>, read: impl FnOnce(&DocState) -> PyResult<R>) -> PyResult<R> {
        self.doc.read(py, |state| {
            state.check(self.id)?;
            read(state)
        })
    }

    fn write<R>(&self, py: Python<'_>, write: impl FnOnce(&mut DocState) -> PyResult<R>) -> PyResult<R> {
        self.doc.write(py, |state| {
            state.check(self.id)?;
            write(state)
        })
    }

    /// Where walks start: the fragment for a fragment's top-level node
    /// (selectolax walks all of a fragment's nodes from its root), else
    /// the node.
    fn walk_root(&self, document: &Document) -> NodeId {
        match document.parent(self.id) {
            Some(parent)
                if Some(parent) == document.fragment_root() && document.data(parent) == NodeData::DocumentFragment =>
            {
                parent
            }
            _ => self.id,
        }
    }

    /// Inserts what `value` stands for, by `place`: a new text node for a
    /// string; for a node, a copy (of a node of another document too, as
    /// the DOM's `importNode` makes it) or, with `moving`, the node itself,
    /// taken from where it is.
    fn insert(
        &self,
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        moving: bool,
        place: impl FnOnce(&mut DocState, NodeId) -> PyResult<()> + Send,
    ) -> PyResult<()> {
        let text = if let Ok(text) = value.cast::<PyString>() {
            Some(text_of(text).into_owned())
        } else if let Ok(bytes) = value.cast::<PyBytes>() {
            Some(String::from_utf8_lossy(bytes.as_bytes()).into_owned())
        } else {
            None
        };
        if let Some(text) = text {
            return self.write(py, |state| {
                let node = state.document.create_text_node(&text);
                place(state, node)
            });
        }
        let Ok(node) = value.cast::<LexborNode>() else {
            return Err(SelectolaxError::new_err(format!(
                "Expected a string or LexborNode instance, but {} found",
                value.get_type().name().map(|name| name.to_string()).unwrap_or_default()
            )));
        };
        let node = node.get();
        if !node.doc.same(&self.doc) {
            let copied = self.doc.write_with_source(py, &node.doc, |target, source| {
                target.check(self.id)?;
                source.check(node.id)?;
                let copy = target.document.import_node(&source.document, node.id, true).map_err(dom_error)?;
                place(target, copy)
            });
            if copied.is_ok() && moving {
                node.doc.write(py, |source| source.document.remove(node.id));
            }
            return copied;
        }
        self.write(py, |state| {
            state.check(node.id)?;
            let inserted = if moving {
                let mut at = Some(self.id);
                while let Some(current) = at {
                    if current == node.id {
                        return Err(SelectolaxError::new_err("Can't move a node into its own subtree."));
                    }
                    at = state.document.parent(current);
                }
                state.document.remove(node.id);
                node.id
            } else {
                state.document.clone_node_deep(node.id)
            };
            place(state, inserted)
        })
    }

    fn text_pieces(&self, state: &DocState, deep: bool, join: &mut TextJoin<'_>) {
        let document = &state.document;
        let root = self.walk_root(document);
        if root == self.id {
            if let Some(text) = document.text_node_data(self.id) {
                join.add(text);
            }
        }
        if deep {
            for node in document.descendants(root).skip(1) {
                if let Some(text) = document.text_node_data(node) {
                    join.add(text);
                }
            }
        } else {
            for node in document.children(root) {
                if let Some(text) = document.text_node_data(node) {
                    join.add(text);
                }
            }
        }
    }

    /// The children: elements and comments, and text with `include_text`
    /// (without the white-space-only ones with `skip_empty`).
    fn child_nodes(&self, py: Python<'_>, include_text: bool, skip_empty: bool) -> PyResult<Vec<LexborNode>> {
        self.read(py, |state| {
            let document = &state.document;
            Ok(document
                .children(self.walk_root(document))
                .filter(|&child| match document.text_node_data(child) {
                    Some(text) => include_text && !(skip_empty && is_empty_text(text)),
                    None => true,
                })
                .map(|child| LexborNode::new(&self.doc, child))
                .collect())
        })
    }

    /// The node and the nodes below it in tree order (text only with
    /// `include_text`).
    fn walk_nodes(&self, py: Python<'_>, include_text: bool, skip_empty: bool) -> PyResult<Vec<LexborNode>> {
        let ids = self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let document = &state.document;
            let root = self.walk_root(document);
            let skip_root = root != self.id;
            Ok::<_, PyErr>(
                document
                    .descendants(root)
                    .skip(usize::from(skip_root))
                    .filter(|&node| match document.text_node_data(node) {
                        Some(text) => include_text && !(skip_empty && is_empty_text(text)),
                        None => true,
                    })
                    .collect::<Vec<_>>(),
            )
        })?;
        Ok(ids.into_iter().map(|id| LexborNode::new(&self.doc, id)).collect())
    }

    fn tag_of(document: &Document, id: NodeId) -> Option<String> {
        match document.data(id) {
            NodeData::Element(element) => Some(element.local_name().to_string()),
            NodeData::Text(_) => Some("-text".into()),
            NodeData::Comment(_) => Some("-comment".into()),
            NodeData::Doctype(_) => Some("-doctype".into()),
            NodeData::Document => Some("-document".into()),
            _ => None,
        }
    }
}

#[pymethods]
impl LexborNode {
    /// A number that identifies the node while its document lives.
    #[getter]
    fn mem_id(&self) -> usize {
        self.doc.address().wrapping_mul(31).wrapping_add(self.id.index())
    }

    #[getter]
    fn child(&self, py: Python<'_>) -> PyResult<Option<LexborNode>> {
        self.first_child(py)
    }

    #[getter]
    fn first_child(&self, py: Python<'_>) -> PyResult<Option<LexborNode>> {
        self.read(py, |state| Ok(self.related(state.document.first_child(self.id))))
    }

    #[getter]
    fn last_child(&self, py: Python<'_>) -> PyResult<Option<LexborNode>> {
        self.read(py, |state| Ok(self.related(state.document.last_child(self.id))))
    }

    /// The parent; `None` for a fragment's top-level node.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<LexborNode>> {
        self.read(py, |state| {
            let parent = state.document.parent(self.id);
            Ok(self.related(parent.filter(|&parent| state.document.data(parent) != NodeData::DocumentFragment)))
        })
    }

    #[getter]
    fn next(&self, py: Python<'_>) -> PyResult<Option<LexborNode>> {
        self.read(py, |state| Ok(self.related(state.document.next_sibling(self.id))))
    }

    #[getter]
    fn prev(&self, py: Python<'_>) -> PyResult<Option<LexborNode>> {
        self.read(py, |state| Ok(self.related(state.document.previous_sibling(self.id))))
    }

    /// The element's name (`"div"`), or `-text`, `-comment`, `-doctype`,
    /// `-document`.
    #[getter]
    fn tag<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyString>>> {
        self.read(py, |state| {
            Ok(match state.document.element(self.id) {
                Some(element) => Some(names::element_name(py, &element)),
                None => LexborNode::tag_of(&state.document, self.id).map(|tag| PyString::new(py, &tag)),
            })
        })
    }

    /// The `id` attribute.
    #[getter]
    fn id(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| Ok(state.document.element(self.id).and_then(|e| e.attr("id")).map(str::to_string)))
    }

    /// The attributes as a new dict (an attribute written without a
    /// value has the value `""`, as the standard says).
    #[getter]
    fn attributes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.read(py, |state| match state.document.element(self.id) {
            Some(element) => names::attribute_dict(py, &element),
            None => Ok(PyDict::new(py)),
        })
    }

    /// The attributes, as a dict-like view that changes the element.
    #[getter]
    fn attrs(&self, py: Python<'_>) -> PyResult<LexborAttributes> {
        let element = self.read(py, |state| Ok(state.document.element(self.id).is_some()))?;
        if !element {
            return Err(PyTypeError::new_err("attrs is only available for element nodes"));
        }
        Ok(LexborAttributes { doc: self.doc.clone(), id: self.id })
    }

    /// The node and its descendants as HTML (`outerHTML`; a fragment's
    /// top-level node: the whole fragment's).
    #[getter]
    fn html(&self, py: Python<'_>) -> PyResult<String> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let root = self.walk_root(&state.document);
            serialize(state, root, Style::Html, root == self.id)
        })
    }

    /// Replaces the element's children by what `html` parses to in its
    /// context (the `innerHTML` setter); `TypeError` for other nodes.
    #[setter]
    fn set_inner_html(&self, py: Python<'_>, html: &str) -> PyResult<()> {
        self.write(py, |state| {
            if state.document.element(self.id).is_none() {
                return Err(PyTypeError::new_err("inner_html is only available for element nodes"));
            }
            let options = ParseOptions::default().scripting(state.scripting);
            state.document.set_inner_html_with(self.id, html, options).map_err(dom_error)
        })
    }

    /// The children as HTML (`innerHTML`).
    #[getter]
    fn inner_html(&self, py: Python<'_>) -> PyResult<String> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            serialize(state, self.id, Style::Html, false)
        })
    }

    /// The text of the node's text nodes (its descendants' with `deep`,
    /// else its children's), each stripped with `strip`, joined by
    /// `separator`; `skip_empty` leaves out white-space-only ones.
    #[pyo3(signature = (deep = true, separator = "", strip = false, skip_empty = false))]
    fn text(&self, py: Python<'_>, deep: bool, separator: &str, strip: bool, skip_empty: bool) -> PyResult<String> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let mut join = TextJoin { out: String::new(), separator, strip, skip_empty, count: 0 };
            self.text_pieces(state, deep, &mut join);
            Ok(join.out)
        })
    }

    /// The text of all the text nodes below (`textContent`).
    fn text_lexbor(&self, py: Python<'_>) -> PyResult<String> {
        self.text(py, true, "", false, false)
    }

    /// A text node's data; `None` for other nodes.
    #[getter]
    fn text_content(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| Ok(state.document.text_node_data(self.id).map(str::to_string)))
    }

    /// A comment's data, stripped; `None` for other nodes.
    #[getter]
    fn comment_content(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| {
            Ok(match state.document.data(self.id) {
                NodeData::Comment(text) => Some(text.trim_matches(is_python_space).to_string()),
                _ => None,
            })
        })
    }

    /// The elements of the node's subtree, the node included, that the
    /// selector matches.
    fn css(&self, py: Python<'_>, query: &str) -> PyResult<Vec<LexborNode>> {
        let selector = selectors::compile(py, query)?;
        let ids = self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            Ok::<_, PyErr>(tree::select_all(&state.document, self.walk_root(&state.document), &selector, true))
        })?;
        Ok(ids.into_iter().map(|id| LexborNode::new(&self.doc, id)).collect())
    }

    /// The first of `css(query)`, or `default`; with `strict`, a
    /// `ValueError` when there is more than one.
    #[pyo3(signature = (query, default = None, strict = false))]
    fn css_first(&self, py: Python<'_>, query: &str, default: Option<Py<PyAny>>, strict: bool) -> PyResult<Py<PyAny>> {
        let selector = selectors::compile(py, query)?;
        let found = self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let root = self.walk_root(&state.document);
            Ok::<_, PyErr>(if strict {
                tree::select_all(&state.document, root, &selector, true)
            } else {
                tree::select_first(&state.document, root, &selector, true).into_iter().collect()
            })
        })?;
        if strict && found.len() > 1 {
            return Err(PyValueError::new_err(format!("Expected 1 match, but found {} matches", found.len())));
        }
        Ok(match found.first() {
            Some(&id) => Py::new(py, LexborNode::new(&self.doc, id))?.into_any(),
            None => default.unwrap_or_else(|| py.None()),
        })
    }

    /// Whether the selector matches an element of the node's subtree (the
    /// node included), as selectolax's `css_matches` does.
    fn css_matches(&self, py: Python<'_>, selector: &str) -> PyResult<bool> {
        let selector = selectors::compile(py, selector)?;
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            Ok(tree::select_first(&state.document, self.walk_root(&state.document), &selector, true).is_some())
        })
    }

    fn any_css_matches(&self, py: Python<'_>, selectors: Vec<String>) -> PyResult<bool> {
        for selector in selectors {
            if self.css_matches(py, &selector)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Removes the node from the tree for good: the node and the nodes
    /// below it can no longer be used (a `DomError` says so). Decomposing
    /// a node again, or one below a decomposed node (`for node in
    /// tree.css("nav, footer"): node.decompose()` meets nested ones), does
    /// nothing.
    #[pyo3(signature = (recursive = true))]
    fn decompose(&self, py: Python<'_>, recursive: bool) -> PyResult<()> {
        let _ = recursive;
        self.doc.write(py, |state| {
            if state.check(self.id).is_err() {
                return Ok(());
            }
            if Some(self.id) == state.document.document_element().map(NodeId::from)
                || self.id == state.document.document()
            {
                return Err(SelectolaxError::new_err("Decomposing the root node is not allowed."));
            }
            state.decompose(self.id);
            Ok(())
        })
    }

    /// The same as `decompose`.
    #[pyo3(signature = (recursive = true))]
    fn remove(&self, py: Python<'_>, recursive: bool) -> PyResult<()> {
        self.decompose(py, recursive)
    }

    /// Decomposes the elements below named in `tags`.
    #[pyo3(signature = (tags, recursive = false))]
    fn strip_tags(&self, py: Python<'_>, tags: Vec<String>, recursive: bool) -> PyResult<()> {
        let _ = recursive;
        for tag in tags {
            for node in self.css(py, &tag)? {
                node.decompose(py, true)?;
            }
        }
        Ok(())
    }

    /// Replaces the node by its children (with `delete_empty`, an empty
    /// node is removed).
    #[pyo3(signature = (delete_empty = false))]
    fn unwrap(&self, py: Python<'_>, delete_empty: bool) -> PyResult<()> {
        self.write(py, |state| {
            let document = &mut state.document;
            let Some(parent) = document.parent(self.id) else { return Ok(()) };
            if document.first_child(self.id).is_none() {
                if delete_empty {
                    document.remove(self.id);
                }
                return Ok(());
            }
            while let Some(child) = document.first_child(self.id) {
                document.insert_before(parent, child, Some(self.id)).map_err(dom_error)?;
            }
            document.remove(self.id);
            Ok(())
        })
    }

    /// Unwraps the elements below named in `tags`.
    #[pyo3(signature = (tags, delete_empty = false))]
    fn unwrap_tags(&self, py: Python<'_>, tags: Vec<String>, delete_empty: bool) -> PyResult<()> {
        for tag in tags {
            for node in self.css(py, &tag)? {
                node.unwrap(py, delete_empty)?;
            }
        }
        Ok(())
    }

    /// Merges each run of adjacent text nodes into its first one.
    fn merge_text_nodes(&self, py: Python<'_>) -> PyResult<()> {
        self.write(py, |state| {
            let root = self.walk_root(&state.document);
            let document = &mut state.document;
            let nodes: Vec<NodeId> = document.descendants(root).collect();
            for node in nodes {
                let Some(first) = document.text_node_data(node).map(str::to_string) else { continue };
                if document.parent(node).is_none() {
                    continue;
                }
                let mut merged = first;
                let mut changed = false;
                while let Some(next) = document.next_sibling(node) {
                    let Some(text) = document.text_node_data(next) else { break };
                    merged.push_str(text);
                    document.remove(next);
                    changed = true;
                }
                if changed {
                    document.set_text_content(node, &merged);
                }
            }
            Ok(())
        })
    }

    /// An iterator over the children: elements and comments, and text
    /// with `include_text` (without the white-space-only ones with
    /// `skip_empty`).
    #[pyo3(signature = (include_text = false, skip_empty = false))]
    fn iter(&self, py: Python<'_>, include_text: bool, skip_empty: bool) -> PyResult<Py<PyAny>> {
        iterator(py, self.child_nodes(py, include_text, skip_empty)?)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.iter(py, false, false)
    }

    /// An iterator over the node and the nodes below it in tree order
    /// (text only with `include_text`).
    #[pyo3(signature = (include_text = false, skip_empty = false))]
    fn traverse(&self, py: Python<'_>, include_text: bool, skip_empty: bool) -> PyResult<Py<PyAny>> {
        iterator(py, self.walk_nodes(py, include_text, skip_empty)?)
    }

    /// Replaces the node by `value` (a string becomes text; a node is
    /// copied, or moved with `move`).
    #[pyo3(signature = (value, r#move = false))]
    fn replace_with(&self, py: Python<'_>, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        let old = self.id;
        self.insert(py, value, r#move, move |state, node| {
            let Some(parent) = state.document.parent(old) else { return Ok(()) };
            state.document.insert_before(parent, node, Some(old)).map_err(dom_error)?;
            state.document.remove(old);
            Ok(())
        })
    }

    /// Inserts `value` before the node.
    #[pyo3(signature = (value, r#move = false))]
    fn insert_before(&self, py: Python<'_>, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        let reference = self.id;
        self.insert(py, value, r#move, move |state, node| {
            let Some(parent) = state.document.parent(reference) else { return Ok(()) };
            state.document.insert_before(parent, node, Some(reference)).map_err(dom_error)
        })
    }

    /// Inserts `value` after the node.
    #[pyo3(signature = (value, r#move = false))]
    fn insert_after(&self, py: Python<'_>, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        let reference = self.id;
        self.insert(py, value, r#move, move |state, node| {
            let Some(parent) = state.document.parent(reference) else { return Ok(()) };
            let next = state.document.next_sibling(reference);
            state.document.insert_before(parent, node, next).map_err(dom_error)
        })
    }

    /// Appends `value` as the node's last child.
    #[pyo3(signature = (value, r#move = false))]
    fn insert_child(&self, py: Python<'_>, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        let parent = self.id;
        self.insert(py, value, r#move, move |state, node| state.document.append_child(parent, node).map_err(dom_error))
    }

    /// A deep copy of the node, not in the tree.
    fn clone(&self, py: Python<'_>) -> PyResult<LexborNode> {
        let id = self.write(py, |state| Ok(state.document.clone_node_deep(self.id)))?;
        Ok(LexborNode::new(&self.doc, id))
    }

    /// Whether a `script` below has `query` in its text.
    fn scripts_contain(&self, py: Python<'_>, query: &str) -> PyResult<bool> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let document = &state.document;
            Ok(tree::elements_named(document, self.walk_root(document), "script")
                .into_iter()
                .any(|script| document.text_content(script).contains(query)))
        })
    }

    /// Whether the `src` of a `script` below contains one of `queries`.
    fn script_srcs_contain(&self, py: Python<'_>, queries: Vec<String>) -> PyResult<bool> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let document = &state.document;
            Ok(tree::elements_named(document, self.walk_root(document), "script").into_iter().any(|script| {
                let src = document.element(script).and_then(|element| element.attr("src")).unwrap_or("");
                queries.iter().any(|query| src.contains(query.as_str()))
            }))
        })
    }

    #[getter]
    fn raw_value(&self) -> PyResult<()> {
        Err(PyNotImplementedError::new_err("This feature is not supported by the lexbor backend."))
    }

    #[getter]
    fn is_element_node(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |state| Ok(state.document.element(self.id).is_some()))
    }

    #[getter]
    fn is_text_node(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |state| Ok(state.document.text_node_data(self.id).is_some()))
    }

    #[getter]
    fn is_comment_node(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |state| Ok(matches!(state.document.data(self.id), NodeData::Comment(_))))
    }

    #[getter]
    fn is_document_node(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |state| Ok(state.document.data(self.id) == NodeData::Document))
    }

    #[getter]
    fn is_empty_text_node(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |state| Ok(state.document.text_node_data(self.id).is_some_and(is_empty_text)))
    }

    /// selectolax compares nodes by their HTML (a string compares with
    /// the node's HTML).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(text) = other.cast::<PyString>() {
            return Ok(self.html(py)? == text_of(text));
        }
        let Ok(other) = other.cast::<LexborNode>() else { return Ok(false) };
        let other = other.get();
        if other.id == self.id && other.doc.same(&self.doc) {
            return Ok(true);
        }
        Ok(self.html(py)? == other.html(py)?)
    }

    fn __hash__(&self) -> usize {
        self.mem_id()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let tag = self.read(py, |state| Ok(LexborNode::tag_of(&state.document, self.id)))?;
        Ok(format!("<LexborNode {}>", tag.as_deref().unwrap_or("None")))
    }
}

impl LexborAttributes {
    /// Runs `read` with the element (`None` if the node is no longer one).
    fn read<R>(&self, py: Python<'_>, read: impl FnOnce(Option<ElementRef<'_>>) -> PyResult<R>) -> PyResult<R> {
        self.doc.read(py, |state| {
            state.check(self.id)?;
            read(state.document.element(self.id))
        })
    }
}

#[pymethods]
impl LexborAttributes {
    fn __getitem__(&self, py: Python<'_>, key: &str) -> PyResult<String> {
        self.get(py, key, None)?.ok_or_else(|| PyKeyError::new_err(key.to_string()))
    }

    fn __setitem__(&self, py: Python<'_>, key: &str, value: Option<&str>) -> PyResult<()> {
        self.doc.write(py, |state| {
            state.check(self.id)?;
            state.document.set_attribute(self.id, key, value.unwrap_or("")).map_err(dom_error)
        })
    }

    fn __delitem__(&self, py: Python<'_>, key: &str) -> PyResult<()> {
        let removed = self.doc.write(py, |state| {
            state.check(self.id)?;
            Ok::<_, PyErr>(state.document.remove_attribute(self.id, key))
        })?;
        if removed {
            Ok(())
        } else {
            Err(PyKeyError::new_err(key.to_string()))
        }
    }

    fn __contains__(&self, py: Python<'_>, key: &str) -> PyResult<bool> {
        Ok(self.get(py, key, None)?.is_some())
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.read(py, |element| Ok(element.map_or(0, |element| element.attrs().len())))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(PyList::new(py, self.keys(py)?)?.try_iter()?.into_any().unbind())
    }

    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyString>>> {
        Ok(self.items(py)?.into_iter().map(|(key, _)| key).collect())
    }

    fn values(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        Ok(self.items(py)?.into_iter().map(|(_, value)| value).collect())
    }

    fn items<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Bound<'py, PyString>, String)>> {
        self.read(py, |element| {
            Ok(element
                .map(|element| {
                    element.attrs().map(|attr| (names::attribute_name(py, &attr), attr.value.to_string())).collect()
                })
                .unwrap_or_default())
        })
    }

    /// The value of `key`, or `default`.
    #[pyo3(signature = (key, default = None))]
    fn get(&self, py: Python<'_>, key: &str, default: Option<String>) -> PyResult<Option<String>> {
        let value = self.read(py, |element| {
            Ok(element.and_then(|element| tree::find_attribute(&element, key)).map(|attr| attr.value.to_string()))
        })?;
        Ok(value.or(default))
    }

    /// The value of `key`, or `default` (also when the value is empty).
    #[pyo3(signature = (key, default = String::new()))]
    fn sget(&self, py: Python<'_>, key: &str, default: String) -> PyResult<String> {
        Ok(self.get(py, key, None)?.filter(|value| !value.is_empty()).unwrap_or(default))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let tag = self.doc.read(py, |state| LexborNode::tag_of(&state.document, self.id)).unwrap_or_default();
        Ok(format!("<{tag} attributes, {} items>", self.__len__(py)?))
    }
}
