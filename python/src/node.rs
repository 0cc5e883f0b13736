//! `htmlforge.Node`: a node of a parsed document, with the DOM's
//! vocabulary (the Pythonic API; selectolax's `LexborNode` is in
//! `selectolax.rs`).

use htmlforge::dom::NodeData;
use htmlforge::NodeId;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::document::Document;
use crate::errors::{dom_error, DomError};
use crate::serialize::{serialize, Style};
use crate::shared::{DocState, SharedDoc};
use crate::{names, selectors, tree};

/// An attribute as `Node.namespaced_attrs` gives it: namespace URL,
/// prefix, local name, value.
type NamespacedAttr = (Option<&'static str>, Option<String>, String, String);

/// A node of a document: an element, text, comment, doctype, processing
/// instruction, the Document itself or a DocumentFragment (a template's
/// contents, a fragment parse's result). Two `Node` objects for the same
/// node are equal.
#[pyclass(module = "htmlforge", frozen, eq, hash)]
pub struct Node {
    pub(crate) doc: SharedDoc,
    pub(crate) id: NodeId,
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.id == other.id && self.doc.same(&other.doc)
    }
}

impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.doc.address().hash(state);
        self.id.hash(state);
    }
}

impl Node {
    pub(crate) fn new(doc: &SharedDoc, id: NodeId) -> Node {
        Node { doc: doc.clone(), id }
    }

    /// Reads the node's document with the GIL held, after checking the
    /// node can still be used.
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

    fn related(&self, id: Option<NodeId>) -> Option<Node> {
        id.map(|id| Node::new(&self.doc, id))
    }

    fn list(&self, ids: Vec<NodeId>) -> Vec<Node> {
        ids.into_iter().map(|id| Node::new(&self.doc, id)).collect()
    }

    /// The id of `other` in this node's document, or a `DomError` when it
    /// belongs to another document.
    fn same_document(&self, other: &Node) -> PyResult<NodeId> {
        if !self.doc.same(&other.doc) {
            return Err(DomError::new_err(
                "the node belongs to another document (import it with Document.import_node first)",
            ));
        }
        Ok(other.id)
    }
}

#[pymethods]
impl Node {
    /// What the node is: `"element"`, `"text"`, `"comment"`, `"doctype"`,
    /// `"processing-instruction"`, `"document"`, `"fragment"` or
    /// `"shadow-root"`.
    #[getter]
    fn r#type(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.read(py, |state| Ok(tree::kind(&state.document, self.id)))
    }

    /// An element's local name (`"div"`, `"svg"`, `"foreignObject"`);
    /// `None` for other nodes.
    #[getter]
    fn tag<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyString>>> {
        self.read(py, |state| Ok(state.document.element(self.id).map(|element| names::element_name(py, &element))))
    }

    /// An element's namespace URL (`"http://www.w3.org/1999/xhtml"` for
    /// HTML); `None` for other nodes.
    #[getter]
    fn namespace(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.read(py, |state| Ok(state.document.element(self.id).map(|element| element.ns().url())))
    }

    /// An element's attributes, as a new dict of name → value (namespaced
    /// attributes under their markup name, e.g. `xlink:href`); `{}` for
    /// other nodes. Change them with `set_attribute`/`remove_attribute`.
    #[getter]
    fn attrs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.read(py, |state| match state.document.element(self.id) {
            Some(element) => names::attribute_dict(py, &element),
            None => Ok(PyDict::new(py)),
        })
    }

    /// An element's attributes with their namespaces, in order: a list of
    /// `(namespace URL or None, prefix or None, local name, value)`.
    #[getter]
    fn namespaced_attrs(&self, py: Python<'_>) -> PyResult<Vec<NamespacedAttr>> {
        self.read(py, |state| {
            Ok(state
                .document
                .element(self.id)
                .map(|element| {
                    element
                        .attrs()
                        .map(|attr| {
                            (
                                attr.ns.map(|ns| ns.url()),
                                attr.prefix.map(str::to_string),
                                attr.name.to_string(),
                                attr.value.to_string(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default())
        })
    }

    /// The value of the attribute `name` (its markup name), or `default`.
    #[pyo3(signature = (name, default = None))]
    fn get(&self, py: Python<'_>, name: &str, default: Option<Py<PyAny>>) -> PyResult<Option<Py<PyAny>>> {
        let value = self.read(py, |state| {
            Ok(state
                .document
                .element(self.id)
                .and_then(|element| tree::find_attribute(&element, name))
                .map(|attr| attr.value.to_string()))
        })?;
        Ok(match value {
            Some(value) => Some(value.into_pyobject(py)?.into_any().unbind()),
            None => default,
        })
    }

    /// The data of a text, comment or processing instruction node; `None`
    /// for other nodes.
    #[getter]
    fn data(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| {
            Ok(match state.document.data(self.id) {
                NodeData::Text(text) | NodeData::Comment(text) => Some(text.to_string()),
                NodeData::ProcessingInstruction { data, .. } => Some(data.to_string()),
                _ => None,
            })
        })
    }

    /// A doctype's name or a processing instruction's target; `None` for
    /// other nodes.
    #[getter]
    fn name(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| {
            Ok(match state.document.data(self.id) {
                NodeData::Doctype(doctype) => Some(doctype.name.clone()),
                NodeData::ProcessingInstruction { target, .. } => Some(target.to_string()),
                _ => None,
            })
        })
    }

    /// A doctype's public identifier (`""` when it has none); `None` for
    /// other nodes.
    #[getter]
    fn public_id(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| {
            Ok(match state.document.data(self.id) {
                NodeData::Doctype(doctype) => Some(doctype.public_id.clone()),
                _ => None,
            })
        })
    }

    /// A doctype's system identifier (`""` when it has none); `None` for
    /// other nodes.
    #[getter]
    fn system_id(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.read(py, |state| {
            Ok(match state.document.data(self.id) {
                NodeData::Doctype(doctype) => Some(doctype.system_id.clone()),
                _ => None,
            })
        })
    }

    /// The document the node belongs to.
    #[getter]
    fn document(&self) -> Document {
        Document { doc: self.doc.clone() }
    }

    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| Ok(self.related(state.document.parent(self.id))))
    }

    /// The parent when it is an element.
    #[getter]
    fn parent_element(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| {
            Ok(self.related(state.document.parent(self.id).filter(|&parent| state.document.element(parent).is_some())))
        })
    }

    /// The children, in order (a template's children are in
    /// `template_contents`).
    #[getter]
    fn children(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        self.read(py, |state| Ok(self.list(state.document.children(self.id).collect())))
    }

    /// The children that are elements.
    #[getter]
    fn element_children(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        self.read(py, |state| {
            Ok(self.list(
                state.document.children(self.id).filter(|&child| state.document.element(child).is_some()).collect(),
            ))
        })
    }

    #[getter]
    fn first_child(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| Ok(self.related(state.document.first_child(self.id))))
    }

    #[getter]
    fn last_child(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| Ok(self.related(state.document.last_child(self.id))))
    }

    #[getter]
    fn next_sibling(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| Ok(self.related(state.document.next_sibling(self.id))))
    }

    #[getter]
    fn previous_sibling(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| Ok(self.related(state.document.previous_sibling(self.id))))
    }

    /// The node and its descendants, in tree order (template contents are
    /// not descendants, as in the DOM).
    fn descendants(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let ids = self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            Ok::<_, PyErr>(state.document.descendants(self.id).collect::<Vec<_>>())
        })?;
        Ok(self.list(ids))
    }

    /// The ancestors, nearest first.
    #[getter]
    fn ancestors(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        self.read(py, |state| {
            let mut ids = Vec::new();
            let mut at = state.document.parent(self.id);
            while let Some(parent) = at {
                ids.push(parent);
                at = state.document.parent(parent);
            }
            Ok(self.list(ids))
        })
    }

    /// A template element's contents (a DocumentFragment); `None` for
    /// other nodes.
    #[getter]
    fn template_contents(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        self.read(py, |state| {
            Ok(self.related(state.document.element(self.id).and_then(|element| element.template_contents())))
        })
    }

    /// The elements under this node (not the node itself) that the CSS
    /// selector matches, in tree order (`querySelectorAll`).
    fn select(&self, py: Python<'_>, selector: &str) -> PyResult<Vec<Node>> {
        let selector = selectors::compile(py, selector)?;
        let ids = self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            Ok::<_, PyErr>(tree::select_all(&state.document, self.id, &selector, false))
        })?;
        Ok(self.list(ids))
    }

    /// The first element under this node that the selector matches
    /// (`querySelector`), or `None`.
    fn select_one(&self, py: Python<'_>, selector: &str) -> PyResult<Option<Node>> {
        let selector = selectors::compile(py, selector)?;
        let id = self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            Ok::<_, PyErr>(tree::select_first(&state.document, self.id, &selector, false))
        })?;
        Ok(self.related(id))
    }

    /// Whether this element matches the selector (`Element.matches`).
    fn matches(&self, py: Python<'_>, selector: &str) -> PyResult<bool> {
        let selector = selectors::compile(py, selector)?;
        self.read(py, |state| Ok(state.document.element(self.id).is_some_and(|element| selector.matches(&element))))
    }

    /// The text of the node's Text descendants, concatenated (the DOM's
    /// `textContent`; scripts and styles included). Setting it replaces
    /// an element's children by one text node, or a text's data.
    #[getter]
    fn get_text_content(&self, py: Python<'_>) -> PyResult<String> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            Ok(state.document.text_content(self.id))
        })
    }

    #[setter]
    fn set_text_content(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        self.write(py, |state| {
            state.document.set_text_content(self.id, text);
            Ok(())
        })
    }

    /// The text a reader sees when the page is rendered: block elements
    /// on lines of their own, table cells separated by tabs, `br` as a line
    /// break, white space collapsed, and scripts, styles, hidden elements
    /// and comments left out.
    fn visible_text(&self, py: Python<'_>) -> PyResult<String> {
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            let options = htmlforge::dom::TextOptions::default().scripting(Some(state.scripting));
            Ok(state.document.visible_text_with(self.id, options))
        })
    }

    /// The HTML of the node and its descendants (`outerHTML`; for the
    /// Document or a fragment, its children's).
    #[getter]
    fn outer_html(&self, py: Python<'_>) -> PyResult<String> {
        self.to_html(py, "html", true)
    }

    /// The HTML of the node's children (`innerHTML`). Setting it on an
    /// element replaces its children by what the HTML parses to in the
    /// element's context (a template's contents, for a `template`).
    #[getter]
    fn get_inner_html(&self, py: Python<'_>) -> PyResult<String> {
        self.to_html(py, "html", false)
    }

    #[setter]
    fn set_inner_html(&self, py: Python<'_>, html: &str) -> PyResult<()> {
        self.write(py, |state| {
            let options = htmlforge::ParseOptions::default().scripting(state.scripting);
            state.document.set_inner_html_with(self.id, html, options).map_err(dom_error)
        })
    }

    /// The node as HTML, by one of the three serializers: `"html"` (the
    /// standard's algorithm, what `outerHTML` gives), `"minimal"` (the
    /// optional tags and quotes left out where the result still parses to
    /// the same tree) or `"pretty"` (indented, with line breaks only
    /// inside tags, so the tree is the same). `outer=False` serializes
    /// the children only.
    #[pyo3(signature = (style = "html", outer = true))]
    fn to_html(&self, py: Python<'_>, style: &str, outer: bool) -> PyResult<String> {
        let style = Style::parse(style)?;
        self.doc.read_detached(py, |state| {
            state.check(self.id)?;
            serialize(state, self.id, style, outer)
        })
    }

    /// Removes the node from its parent; it can be inserted again.
    fn remove(&self, py: Python<'_>) -> PyResult<()> {
        self.write(py, |state| {
            state.document.remove(self.id);
            Ok(())
        })
    }

    /// Appends `node` (of the same document) as the last child, moving it
    /// from where it was (`appendChild`).
    fn append_child(&self, py: Python<'_>, node: &Node) -> PyResult<()> {
        let child = self.same_document(node)?;
        self.write(py, |state| {
            state.check(child)?;
            state.document.append_child(self.id, child).map_err(dom_error)
        })
    }

    /// Inserts `node` before the child `reference` (at the end when it is
    /// None), moving it from where it was (`insertBefore`).
    #[pyo3(signature = (node, reference))]
    fn insert_before(&self, py: Python<'_>, node: &Node, reference: Option<&Node>) -> PyResult<()> {
        let child = self.same_document(node)?;
        let reference = reference.map(|reference| self.same_document(reference)).transpose()?;
        self.write(py, |state| {
            state.check(child)?;
            state.document.insert_before(self.id, child, reference).map_err(dom_error)
        })
    }

    /// Sets an attribute (in no namespace) of this element.
    fn set_attribute(&self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        self.write(py, |state| state.document.set_attribute(self.id, name, value).map_err(dom_error))
    }

    /// Removes an attribute (in no namespace); returns whether there was one.
    fn remove_attribute(&self, py: Python<'_>, name: &str) -> PyResult<bool> {
        self.write(py, |state| Ok(state.document.remove_attribute(self.id, name)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.read(py, |state| {
            Ok(match state.document.data(self.id) {
                NodeData::Element(element) => format!("<Node element {}>", element.local_name()),
                NodeData::Text(text) | NodeData::Comment(text) => {
                    let shown: String = text.chars().take(30).collect();
                    format!("<Node {} {shown:?}>", tree::kind(&state.document, self.id))
                }
                _ => format!("<Node {}>", tree::kind(&state.document, self.id)),
            })
        })
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err("a Node is pickled with its document: pickle node.document"))
    }
}
