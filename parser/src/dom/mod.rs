//! The built-in DOM: an arena of nodes addressed by [`NodeId`] indices.
//!
//! Nodes are small fixed-size records (44 bytes) in one `Vec`; the text of
//! text and comment nodes and the attribute values live back to back in
//! one string buffer, the attributes in one `Vec`, and names are interned
//! (the names table's [`LocalName`]s, plus a per-document table for other
//! names). Building a node allocates nothing of its own; dropping a
//! document frees a handful of buffers, with no recursion however deep the
//! tree (walks use explicit stacks or links too).
//!
//! ```
//! use htmlforge::dom::NodeData;
//!
//! let document = htmlforge::parse_document("<title>Hi</title><p class=intro>Hello <b>world");
//! let html = document.document_element().unwrap();
//! let body = document.children(html).nth(1).unwrap();
//! assert_eq!(document.text_content(body), "Hello world");
//! let p = document.first_child(body).unwrap();
//! let element = document.element(p).unwrap();
//! assert_eq!((element.local_name(), element.attr("class")), ("p", Some("intro")));
//! assert!(matches!(document.data(document.first_child(p).unwrap()), NodeData::Text("Hello ")));
//! ```

mod dump;
mod element;
mod intern;
mod iter;
mod mutate;
mod name_cache;
mod node;
mod pretty;
pub(crate) mod serialize;
mod sink;
mod walk;

pub use dump::{dump_children_html5lib, dump_html5lib};
pub use element::ElementRef;
pub use iter::{Children, Descendants};
pub use node::{Doctype, NodeData, NodeId};
pub use pretty::{pretty_html, write_pretty_html};
pub use serialize::{
    attribute_serialized_name, inner_html, outer_html, serialize_document, write_inner_html, write_outer_html,
    SpecSerializeOptions,
};
pub use walk::{element_serializes_as_void, serialized_children_parent, Visit, Walk};

use std::collections::HashMap;

use crate::generated::names::Namespace;
use crate::quirks::QuirksMode;
use crate::tree_builder::Error;

use node::{Data, NameId, Node, StoredAttr};

/// A parsed document (or the document of a parsed fragment).
#[derive(Debug, Clone)]
pub struct Document {
    nodes: Vec<Node>,
    /// Text and comment data and attribute values, back to back.
    strings: String,
    attrs: Vec<StoredAttr>,
    doctypes: Vec<Doctype>,
    /// Names the names table does not know, by `NameId - LOCAL_NAME_COUNT`.
    other_names: Vec<Box<str>>,
    other_name_ids: HashMap<Box<str>, u32>,
    /// The names interned last, one per slot of `name_cache::slot_of`
    /// (known names and others alike: an attribute name outside the names
    /// table, such as `data-*`, used to cost a names-table miss plus a
    /// SipHash lookup each time). Allocated on first use; a finished
    /// document keeps none.
    name_slots: Option<Box<[Option<NameId>; name_cache::SLOTS]>>,
    /// Room for text nodes and attribute lists that grow after others
    /// were stored behind them.
    growth: node::Growth,
    quirks_mode: QuirksMode,
    /// The parse errors, in the order they were raised.
    pub errors: Vec<Error>,
}

impl PartialEq for Document {
    /// Documents are equal when they are the same object (for `ElementRef`).
    fn eq(&self, other: &Document) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Document {}

impl Default for Document {
    fn default() -> Self {
        Document::new()
    }
}

impl Document {
    /// An empty Document.
    pub fn new() -> Document {
        Document::with_capacity(1, 0)
    }

    /// An empty Document with room for `nodes` nodes and `text_bytes`
    /// bytes of text before its buffers grow.
    pub fn with_capacity(nodes: usize, text_bytes: usize) -> Document {
        let mut document = Document {
            nodes: Vec::with_capacity(nodes.max(1)),
            strings: String::with_capacity(text_bytes),
            attrs: Vec::new(),
            doctypes: Vec::new(),
            other_names: Vec::new(),
            other_name_ids: HashMap::new(),
            name_slots: None,
            growth: node::Growth::default(),
            quirks_mode: QuirksMode::NoQuirks,
            errors: Vec::new(),
        };
        document.new_node(Data::Document);
        document
    }

    /// Makes room for `additional` more attributes before the attribute
    /// list grows (the parser sizes it from the input's length once).
    pub(crate) fn reserve_attributes(&mut self, additional: usize) {
        self.attrs.reserve(additional);
    }

    /// Gives back unused capacity (after parsing).
    pub fn shrink_to_fit(&mut self) {
        self.name_slots = None;
        self.nodes.shrink_to_fit();
        self.strings.shrink_to_fit();
        self.attrs.shrink_to_fit();
        self.errors.shrink_to_fit();
    }

    /// The Document node.
    pub fn document(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode
    }

    /// The number of nodes ever created (including detached ones).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// What the node `id` is.
    pub fn data(&self, id: NodeId) -> NodeData<'_> {
        match self.nodes[id.index()].data {
            Data::Document => NodeData::Document,
            Data::DocumentFragment => NodeData::DocumentFragment,
            Data::Doctype(index) => NodeData::Doctype(&self.doctypes[index as usize]),
            Data::Element(data) => NodeData::Element(ElementRef { document: self, data }),
            Data::Text(span) => NodeData::Text(&self.strings[span.range()]),
            Data::Comment(span) => NodeData::Comment(&self.strings[span.range()]),
        }
    }

    /// The element `id`, if it is an element.
    pub fn element(&self, id: NodeId) -> Option<ElementRef<'_>> {
        match self.nodes[id.index()].data {
            Data::Element(data) => Some(ElementRef { document: self, data }),
            _ => None,
        }
    }

    /// The text of the text node `id`.
    pub fn text(&self, id: NodeId) -> Option<&str> {
        match self.nodes[id.index()].data {
            Data::Text(span) => Some(&self.strings[span.range()]),
            _ => None,
        }
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].parent
    }

    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].first_child
    }

    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].last_child
    }

    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].next_sibling
    }

    pub fn previous_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].previous_sibling
    }

    /// The children of `id`, in order.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children { document: self, next: self.first_child(id) }
    }

    /// The document element (the `html` element), if any.
    pub fn document_element(&self) -> Option<NodeId> {
        self.children(NodeId::DOCUMENT).find(|&child| self.element(child).is_some())
    }

    /// The root of a parsed fragment: the `html` element whose children
    /// are the fragment's nodes.
    pub fn fragment_root(&self) -> Option<NodeId> {
        self.document_element()
    }

    /// `id` and its descendants in tree order (template contents are not
    /// descendants, as in the DOM).
    pub fn descendants(&self, id: NodeId) -> Descendants<'_> {
        Descendants { document: self, root: id, next: Some(id) }
    }

    /// The text of `id` and its descendants, concatenated.
    pub fn text_content(&self, id: NodeId) -> String {
        let mut text = String::new();
        for node in self.descendants(id) {
            if let Some(t) = self.text(node) {
                text.push_str(t);
            }
        }
        text
    }

    /// Whether `id` is the element `local` of namespace `ns`.
    pub fn is_element(&self, id: NodeId, ns: Namespace, local: &str) -> bool {
        self.element(id).is_some_and(|e| e.is(ns, local))
    }
}
