//! The built-in DOM: an arena of nodes addressed by [`NodeId`] indices.
//! Building is one `Vec` push per node; dropping frees a few vectors, with
//! no recursion however deep the tree (walks use explicit stacks too).

mod dump;
mod sink;

pub use dump::{dump_children_html5lib, dump_html5lib};

use std::num::NonZeroU32;

use crate::generated::names::Namespace;
use crate::quirks::QuirksMode;
use crate::tree_builder::{Attr, Error, QualName};

/// A node of a [`Document`]: an index into its arena. Stored as index + 1
/// in a `NonZeroU32`, so that an `Option<NodeId>` link takes four bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The Document node of every document.
    pub const DOCUMENT: NodeId = NodeId(NonZeroU32::MIN);

    fn from_index(index: usize) -> NodeId {
        let id = u32::try_from(index + 1).ok().and_then(NonZeroU32::new).expect("fewer than 2^32 - 1 nodes");
        NodeId(id)
    }

    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// The identifiers of a DocumentType node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doctype {
    pub name: String,
    pub public_id: String,
    pub system_id: String,
}

/// An element node's data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: QualName,
    pub attrs: Vec<Attr>,
    /// The template contents (a DocumentFragment) of an HTML `template`.
    pub template_contents: Option<NodeId>,
}

impl Element {
    /// The value of the no-namespace attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|a| a.ns.is_none() && &*a.local == name).map(|a| a.value.as_str())
    }
}

/// What a node is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeData {
    Document,
    /// Boxed: DOCTYPEs are rare, and inline they would make every node bigger.
    Doctype(Box<Doctype>),
    Element(Element),
    Text(String),
    Comment(String),
    /// A DocumentFragment (the contents of a `template`).
    DocumentFragment,
}

/// One node: its data and its links to parent and siblings.
#[derive(Debug, Clone)]
pub struct Node {
    pub data: NodeData,
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    previous_sibling: Option<NodeId>,
    next_sibling: Option<NodeId>,
}

/// A parsed document (or the document of a parsed fragment).
#[derive(Debug, Clone)]
pub struct Document {
    nodes: Vec<Node>,
    quirks_mode: QuirksMode,
    /// The parse errors, in the order they were raised.
    pub errors: Vec<Error>,
}

impl Default for Document {
    fn default() -> Self {
        Document::new()
    }
}

impl Document {
    /// An empty Document.
    pub fn new() -> Document {
        Document::with_capacity(1)
    }

    /// An empty Document with room for `nodes` nodes before its arena grows.
    pub fn with_capacity(nodes: usize) -> Document {
        let mut document =
            Document { nodes: Vec::with_capacity(nodes.max(1)), quirks_mode: QuirksMode::NoQuirks, errors: Vec::new() };
        document.new_node(NodeData::Document);
        document
    }

    /// Gives back the arena's unused capacity (after parsing).
    pub fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
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

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub fn data(&self, id: NodeId) -> &NodeData {
        &self.nodes[id.index()].data
    }

    /// The element data of `id`, if it is an element.
    pub fn element(&self, id: NodeId) -> Option<&Element> {
        match &self.nodes[id.index()].data {
            NodeData::Element(element) => Some(element),
            _ => None,
        }
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).first_child
    }

    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).last_child
    }

    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).next_sibling
    }

    pub fn previous_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).previous_sibling
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

    pub(crate) fn new_node(&mut self, data: NodeData) -> NodeId {
        let id = NodeId::from_index(self.nodes.len());
        self.nodes.push(Node { data, parent: None, first_child: None, last_child: None, previous_sibling: None, next_sibling: None });
        id
    }

    /// Removes `id` from its parent.
    pub fn detach(&mut self, id: NodeId) {
        let Some(parent) = self.nodes[id.index()].parent.take() else { return };
        let previous = self.nodes[id.index()].previous_sibling.take();
        let next = self.nodes[id.index()].next_sibling.take();
        match previous {
            Some(previous) => self.nodes[previous.index()].next_sibling = next,
            None => self.nodes[parent.index()].first_child = next,
        }
        match next {
            Some(next) => self.nodes[next.index()].previous_sibling = previous,
            None => self.nodes[parent.index()].last_child = previous,
        }
    }

    /// Appends `child` (detached first) as the last child of `parent`.
    pub fn append_child(&mut self, parent: NodeId, child: NodeId) {
        self.detach(child);
        let last = self.nodes[parent.index()].last_child;
        {
            let node = &mut self.nodes[child.index()];
            node.parent = Some(parent);
            node.previous_sibling = last;
        }
        match last {
            Some(last) => self.nodes[last.index()].next_sibling = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
        self.nodes[parent.index()].last_child = Some(child);
    }

    /// Inserts `child` (detached first) right before `sibling`, which must
    /// have a parent.
    pub fn insert_before(&mut self, sibling: NodeId, child: NodeId) {
        self.detach(child);
        let parent = self.nodes[sibling.index()].parent.expect("insert_before a node that has a parent");
        let previous = self.nodes[sibling.index()].previous_sibling;
        {
            let node = &mut self.nodes[child.index()];
            node.parent = Some(parent);
            node.previous_sibling = previous;
            node.next_sibling = Some(sibling);
        }
        self.nodes[sibling.index()].previous_sibling = Some(child);
        match previous {
            Some(previous) => self.nodes[previous.index()].next_sibling = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
    }

    /// Appends `text` to `parent`, merged into a last child that is text.
    pub fn append_text(&mut self, parent: NodeId, text: &str) {
        if let Some(last) = self.nodes[parent.index()].last_child {
            if let NodeData::Text(existing) = &mut self.nodes[last.index()].data {
                existing.push_str(text);
                return;
            }
        }
        let node = self.new_node(NodeData::Text(text.to_string()));
        self.append_child(parent, node);
    }

    /// Inserts `text` before `sibling`, merged into a previous sibling that is text.
    pub fn insert_text_before(&mut self, sibling: NodeId, text: &str) {
        if let Some(previous) = self.nodes[sibling.index()].previous_sibling {
            if let NodeData::Text(existing) = &mut self.nodes[previous.index()].data {
                existing.push_str(text);
                return;
            }
        }
        let node = self.new_node(NodeData::Text(text.to_string()));
        self.insert_before(sibling, node);
    }

    /// A deep copy of `id` (with template contents), not in the tree.
    pub fn clone_node_deep(&mut self, id: NodeId) -> NodeId {
        let copy = self.clone_node_shallow(id);
        // (source parent, copy parent) pairs whose children are still to copy.
        let mut work = vec![(id, copy)];
        while let Some((source, target)) = work.pop() {
            let mut child = self.first_child(source);
            while let Some(source_child) = child {
                let child_copy = self.clone_node_shallow(source_child);
                self.append_child(target, child_copy);
                work.push((source_child, child_copy));
                child = self.next_sibling(source_child);
            }
            if let (Some(source_contents), Some(target_contents)) = (
                self.element(source).and_then(|e| e.template_contents),
                self.element(target).and_then(|e| e.template_contents),
            ) {
                work.push((source_contents, target_contents));
            }
        }
        copy
    }

    fn clone_node_shallow(&mut self, id: NodeId) -> NodeId {
        let mut data = self.nodes[id.index()].data.clone();
        if let NodeData::Element(element) = &mut data {
            if element.template_contents.is_some() {
                element.template_contents = Some(self.new_node(NodeData::DocumentFragment));
            }
        }
        self.new_node(data)
    }

    /// The text of `id` and its descendants, concatenated.
    pub fn text_content(&self, id: NodeId) -> String {
        let mut text = String::new();
        for node in self.descendants(id) {
            if let NodeData::Text(t) = self.data(node) {
                text.push_str(t);
            }
        }
        text
    }

    /// Whether `id` is the element `local` of namespace `ns`.
    pub fn is_element(&self, id: NodeId, ns: Namespace, local: &str) -> bool {
        self.element(id).is_some_and(|e| e.name.ns == ns && e.name.local.as_str() == local)
    }
}

/// Iterator over the children of a node.
pub struct Children<'a> {
    document: &'a Document,
    next: Option<NodeId>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let current = self.next?;
        self.next = self.document.next_sibling(current);
        Some(current)
    }
}

/// Iterator over a node and its descendants in tree order, without recursion.
pub struct Descendants<'a> {
    document: &'a Document,
    root: NodeId,
    next: Option<NodeId>,
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let current = self.next?;
        self.next = match self.document.first_child(current) {
            Some(child) => Some(child),
            None => {
                let mut node = current;
                loop {
                    if node == self.root {
                        break None;
                    }
                    if let Some(sibling) = self.document.next_sibling(node) {
                        break Some(sibling);
                    }
                    match self.document.parent(node) {
                        Some(parent) => node = parent,
                        None => break None,
                    }
                }
            }
        };
        Some(current)
    }
}
