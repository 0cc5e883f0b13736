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
mod name_cache;
mod pretty;
pub(crate) mod serialize;
mod sink;
mod walk;

pub use dump::{dump_children_html5lib, dump_html5lib};
pub use pretty::{pretty_html, write_pretty_html};
pub use serialize::{
    attribute_serialized_name, inner_html, outer_html, serialize_document, write_inner_html, write_outer_html,
    SpecSerializeOptions,
};
pub use walk::{element_serializes_as_void, serialized_children_parent, Visit, Walk};

use std::collections::HashMap;
use std::num::NonZeroU32;

use crate::generated::names::{LocalName, Namespace, LOCAL_NAME_COUNT};
use crate::quirks::QuirksMode;
use crate::tree_builder::{AttrRef, Error, Name, QualName};

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

/// A range of the document's string buffer or attribute list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn end(self) -> usize {
        self.start as usize + self.len as usize
    }

    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end()
    }
}

/// An interned name: a [`LocalName`] index, or `LOCAL_NAME_COUNT` + an
/// index into the document's own names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct NameId(u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ElementData {
    ns: Namespace,
    name: NameId,
    /// Into `Document::attrs`.
    attrs: Span,
    template_contents: Option<NodeId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct StoredAttr {
    ns: Option<Namespace>,
    /// The prefix of an adjusted foreign attribute (`xlink`, `xml`, `xmlns`).
    prefix: Option<NameId>,
    name: NameId,
    /// Into `Document::strings`.
    value: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Data {
    Document,
    DocumentFragment,
    /// Into `Document::doctypes`.
    Doctype(u32),
    Element(ElementData),
    /// Into `Document::strings`.
    Text(Span),
    Comment(Span),
}

/// One node: its data and its links to parent and siblings.
#[derive(Debug, Clone, Copy)]
struct Node {
    data: Data,
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    previous_sibling: Option<NodeId>,
    next_sibling: Option<NodeId>,
}

/// What a node is, as read from a [`Document`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeData<'a> {
    Document,
    /// A DocumentFragment (the contents of a `template`).
    DocumentFragment,
    Doctype(&'a Doctype),
    Element(ElementRef<'a>),
    Text(&'a str),
    Comment(&'a str),
}

/// An element of a [`Document`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementRef<'a> {
    document: &'a Document,
    data: ElementData,
}

impl<'a> ElementRef<'a> {
    pub fn ns(&self) -> Namespace {
        self.data.ns
    }

    /// The local name, e.g. `"div"` or `"foreignObject"`.
    pub fn local_name(&self) -> &'a str {
        self.document.name_str(self.data.name)
    }

    /// The interned local name, when the names table knows it.
    pub fn known_name(&self) -> Option<LocalName> {
        LocalName::from_index(self.data.name.0 as usize)
    }

    /// The namespace and local name.
    pub fn name(&self) -> QualName {
        let local = match self.known_name() {
            Some(known) => Name::Known(known),
            None => Name::Other(self.local_name().into()),
        };
        QualName::new(self.data.ns, local)
    }

    /// Whether this is the element `local` of namespace `ns`.
    pub fn is(&self, ns: Namespace, local: &str) -> bool {
        self.data.ns == ns && self.local_name() == local
    }

    /// The attributes, in source order.
    pub fn attrs(&self) -> impl ExactSizeIterator<Item = AttrRef<'a>> + 'a {
        let document = self.document;
        document.attrs[self.data.attrs.range()].iter().map(move |attr| document.attr_ref(attr))
    }

    /// The value of the no-namespace attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs().find(|a| a.ns.is_none() && a.local == name).map(|a| a.value)
    }

    /// The template contents of an HTML `template`.
    pub fn template_contents(&self) -> Option<NodeId> {
        self.data.template_contents
    }
}

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

fn span(start: usize, len: usize) -> Span {
    let start = u32::try_from(start).expect("a document's strings stay under 4 GiB");
    let len = u32::try_from(len).expect("a document's strings stay under 4 GiB");
    Span { start, len }
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

    fn name_str(&self, name: NameId) -> &str {
        match LocalName::from_index(name.0 as usize) {
            Some(known) => known.as_str(),
            None => &self.other_names[name.0 as usize - LOCAL_NAME_COUNT],
        }
    }

    fn intern(&mut self, name: &Name) -> NameId {
        match name {
            Name::Known(known) => NameId(known.index() as u32),
            Name::Other(other) => self.intern_str(other),
        }
    }

    #[inline]
    fn intern_str(&mut self, name: &str) -> NameId {
        // Known names (most attribute names) straight from the names
        // table's perfect hash, inline; the others (`data-*`…) out of line.
        match LocalName::lookup(name) {
            Some(known) => NameId(known.index() as u32),
            None => self.intern_other(name),
        }
    }

    /// Interns a name outside the names table through a cache of the last
    /// ones seen (pages repeat a few): a `HashMap` lookup costs more.
    #[inline(never)]
    fn intern_other(&mut self, name: &str) -> NameId {
        let slot = name_cache::slot_of(name);
        if let Some(id) = self.name_slots.as_ref().and_then(|slots| slots[slot]) {
            if self.name_str(id) == name {
                return id;
            }
        }
        let id = self.intern_uncached(name);
        self.name_slots.get_or_insert_with(|| Box::new([None; name_cache::SLOTS]))[slot] = Some(id);
        id
    }

    /// Interns a name the names table does not know.
    fn intern_uncached(&mut self, name: &str) -> NameId {
        if let Some(&index) = self.other_name_ids.get(name) {
            return NameId((LOCAL_NAME_COUNT + index as usize) as u32);
        }
        let index = u32::try_from(self.other_names.len()).expect("fewer than 2^32 names");
        self.other_names.push(name.into());
        self.other_name_ids.insert(name.into(), index);
        NameId((LOCAL_NAME_COUNT + index as usize) as u32)
    }

    fn attr_ref(&self, attr: &StoredAttr) -> AttrRef<'_> {
        AttrRef {
            ns: attr.ns,
            prefix: attr.prefix.map(|prefix| self.name_str(prefix)),
            local: self.name_str(attr.name),
            value: &self.strings[attr.value.range()],
        }
    }

    fn push_string(&mut self, text: &str) -> Span {
        let start = self.strings.len();
        self.strings.push_str(text);
        span(start, text.len())
    }

    fn store_attr(&mut self, attr: &AttrRef<'_>) -> StoredAttr {
        let name = self.intern_str(attr.local);
        let prefix = attr.prefix.map(|prefix| self.intern_str(prefix));
        let value = self.push_string(attr.value);
        StoredAttr { ns: attr.ns, prefix, name, value }
    }

    fn new_node(&mut self, data: Data) -> NodeId {
        let id = NodeId::from_index(self.nodes.len());
        self.nodes.push(Node {
            data,
            parent: None,
            first_child: None,
            last_child: None,
            previous_sibling: None,
            next_sibling: None,
        });
        id
    }

    /// Creates an element (not in the tree); a `template` gets its contents.
    pub fn create_element(&mut self, name: &QualName, attrs: &[AttrRef<'_>]) -> NodeId {
        let template_contents = name
            .is(Namespace::Html, crate::generated::names::local_names::TEMPLATE)
            .then(|| self.new_node(Data::DocumentFragment));
        let name_id = self.intern(&name.local);
        let start = self.attrs.len();
        for attr in attrs {
            let stored = self.store_attr(attr);
            self.attrs.push(stored);
        }
        let attrs = span(start, attrs.len());
        self.new_node(Data::Element(ElementData { ns: name.ns, name: name_id, attrs, template_contents }))
    }

    /// Creates a comment (not in the tree).
    pub fn create_comment(&mut self, text: &str) -> NodeId {
        let text = self.push_string(text);
        self.new_node(Data::Comment(text))
    }

    /// Creates a DocumentType node (not in the tree).
    pub fn create_doctype(&mut self, doctype: Doctype) -> NodeId {
        let index = u32::try_from(self.doctypes.len()).expect("fewer than 2^32 doctypes");
        self.doctypes.push(doctype);
        self.new_node(Data::Doctype(index))
    }

    /// Adds each attribute of `attrs` that the element does not have yet.
    pub fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[AttrRef<'_>]) {
        let Data::Element(mut data) = self.nodes[element.index()].data else { return };
        // Few attributes: a linear search. Many (hostile input: `<html>`
        // tags with thousands of attributes, each added to the list being
        // searched): a set of the names, so that this stays linear.
        let mut names: Option<std::collections::HashSet<(Option<Namespace>, NameId)>> =
            (attrs.len() > 8).then(|| self.attrs[data.attrs.range()].iter().map(|a| (a.ns, a.name)).collect());
        for attr in attrs {
            let present = match &mut names {
                Some(names) => {
                    let name = self.intern_str(attr.local);
                    !names.insert((attr.ns, name))
                }
                None => self.attrs[data.attrs.range()]
                    .iter()
                    .any(|a| a.ns == attr.ns && self.name_str(a.name) == attr.local),
            };
            if present {
                continue;
            }
            // The element's attributes must stay contiguous: move them to
            // the end of the list unless they are there already.
            if data.attrs.end() != self.attrs.len() {
                let start = self.attrs.len();
                self.attrs.extend_from_within(data.attrs.range());
                data.attrs = span(start, data.attrs.len as usize);
            }
            let stored = self.store_attr(attr);
            self.attrs.push(stored);
            data.attrs.len += 1;
        }
        self.nodes[element.index()].data = Data::Element(data);
    }

    /// Sets the attribute `name` (in no namespace) of `element` to
    /// `value`, adding it if the element has none, as the DOM's
    /// `setAttribute` does. Returns false when `element` is not an element.
    /// (The old value's bytes stay in the document's buffer until it is
    /// dropped.)
    ///
    /// ```
    /// use htmlforge::dom::NodeId;
    ///
    /// let mut document = htmlforge::parse_document("<p id=a>x");
    /// let p = document.descendants(NodeId::DOCUMENT).find(|&n| document.element(n).is_some_and(|e| e.local_name() == "p")).unwrap();
    /// assert!(document.set_attribute(p, "id", "b"));
    /// assert!(document.set_attribute(p, "title", "t"));
    /// let element = document.element(p).unwrap();
    /// assert_eq!((element.attr("id"), element.attr("title")), (Some("b"), Some("t")));
    /// ```
    pub fn set_attribute(&mut self, element: NodeId, name: &str, value: &str) -> bool {
        let Data::Element(data) = self.nodes[element.index()].data else { return false };
        let existing =
            data.attrs.range().find(|&at| self.attrs[at].ns.is_none() && self.name_str(self.attrs[at].name) == name);
        match existing {
            Some(at) => self.attrs[at].value = self.push_string(value),
            None => self.add_attrs_if_missing(element, &[AttrRef::new(name, value)]),
        }
        true
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

    /// Appends `text` to the text node `node`: in place when its text ends
    /// the buffer (the usual case), else by moving it to the end.
    fn extend_text(&mut self, node: NodeId, text: &str) -> bool {
        let Data::Text(mut existing) = self.nodes[node.index()].data else { return false };
        if existing.end() != self.strings.len() {
            let start = self.strings.len();
            // (`String::extend_from_within` needs Rust 1.87; MSRV is 1.85.)
            let moved = self.strings[existing.range()].to_string();
            self.strings.push_str(&moved);
            existing = span(start, existing.len as usize);
        }
        self.strings.push_str(text);
        existing.len = u32::try_from(existing.len as usize + text.len()).expect("text under 4 GiB");
        self.nodes[node.index()].data = Data::Text(existing);
        true
    }

    /// Appends `text` to `parent`, merged into a last child that is text.
    pub fn append_text(&mut self, parent: NodeId, text: &str) {
        if let Some(last) = self.nodes[parent.index()].last_child {
            if self.extend_text(last, text) {
                return;
            }
        }
        let text = self.push_string(text);
        let node = self.new_node(Data::Text(text));
        self.append_child(parent, node);
    }

    /// Inserts `text` before `sibling`, merged into a previous sibling that is text.
    pub fn insert_text_before(&mut self, sibling: NodeId, text: &str) {
        if let Some(previous) = self.nodes[sibling.index()].previous_sibling {
            if self.extend_text(previous, text) {
                return;
            }
        }
        let text = self.push_string(text);
        let node = self.new_node(Data::Text(text));
        self.insert_before(sibling, node);
    }

    /// A deep copy of `id` (with template contents), not in the tree. The
    /// copy shares the original's text and attribute storage, which never
    /// changes in place.
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
            if let (Data::Element(source_data), Data::Element(target_data)) =
                (self.nodes[source.index()].data, self.nodes[target.index()].data)
            {
                if let (Some(source_contents), Some(target_contents)) =
                    (source_data.template_contents, target_data.template_contents)
                {
                    work.push((source_contents, target_contents));
                }
            }
        }
        copy
    }

    fn clone_node_shallow(&mut self, id: NodeId) -> NodeId {
        let mut data = self.nodes[id.index()].data;
        if let Data::Element(element) = &mut data {
            if element.template_contents.is_some() {
                element.template_contents = Some(self.new_node(Data::DocumentFragment));
            }
        }
        self.new_node(data)
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

#[cfg(test)]
mod name_cache_tests {
    use super::*;

    #[test]
    fn interned_names_are_stable_when_cache_slots_collide() {
        // 2,000 names over 256 slots: every slot is overwritten many times.
        let names: Vec<String> = (0..2000)
            .map(|i| {
                if i % 3 == 0 {
                    LocalName::all().nth(i % 50).unwrap().as_str().to_string()
                } else {
                    format!("data-x{i}")
                }
            })
            .collect();
        let mut document = Document::new();
        let first: Vec<NameId> = names.iter().map(|name| document.intern_str(name)).collect();
        for round in 0..2 {
            for (name, &id) in names.iter().zip(&first).rev() {
                assert_eq!(document.intern_str(name), id, "{name} in round {round}");
                assert_eq!(document.name_str(id), name);
            }
            document.shrink_to_fit();
        }
    }
}
