//! The built-in DOM: an arena of nodes addressed by [`NodeId`] indices.
//!
//! Nodes are small fixed-size records (32 bytes) in one `Vec`; the text of
//! text and comment nodes and the attribute values live back to back in
//! a string store of a few chunks (never copied as it grows), the
//! attributes in one `Vec`, and names are interned
//! (the names table's [`LocalName`](crate::generated::names::LocalName)s, plus a per-document table for other
//! names). Building a node allocates nothing of its own; dropping a
//! document frees a handful of buffers, with no recursion however deep the
//! tree (walks use explicit stacks or links too).
//!
//! ```
//! use htmlforge::dom::NodeData;
//!
//! let document = htmlforge::parse_document("<title>Hi</title><p class=intro>Hello <b>world");
//! let body = document.body().unwrap();
//! assert_eq!(document.text_content(body), "Hello world");
//! let p = document.first_child(body).unwrap();
//! let element = document.element(p).unwrap();
//! assert_eq!((element.local_name(), element.attr("class")), ("p", Some("intro")));
//! assert!(matches!(document.data(document.first_child(p).unwrap()), NodeData::Text("Hello ")));
//! ```

mod compact;
mod dump;
mod element;
mod error;
#[cfg(feature = "sanitize")]
mod filter;
mod import;
mod intern;
mod iter;
mod mutate;
mod name_cache;
mod navigate;
mod node;
mod prefixes;
mod pretty;
pub(crate) mod serialize;
pub(crate) mod shadow_root;
mod strings;
mod visible_text;
mod walk;

pub use crate::generated::names::Namespace;
pub use dump::{dump_children_html5lib, dump_html5lib, write_children_html5lib, write_html5lib};
pub use element::ElementRef;
pub use error::{is_valid_attribute_local_name, is_valid_element_local_name, is_valid_namespace_prefix};
pub use error::{DomError, HierarchyRequest};
pub use iter::{Children, Descendants};
pub(crate) use mutate::ParsedAttribute;
pub use node::{Doctype, NodeData, NodeId};
pub use pretty::{pretty_html, write_pretty_html, MAX_INDENT_DEPTH};
pub use serialize::{
    attribute_serialized_name, serialize_document, serialize_inner_html, serialize_outer_html, SpecSerializeOptions,
};
pub use visible_text::TextOptions;
pub use walk::{element_serializes_as_void, serialized_children_parent, Visit, Walk};

use std::collections::HashMap;

use crate::quirks::QuirksMode;
use crate::vocab::ParseError;

use node::{Data, Link, NameId, Node, StoredAttr};

/// The tag of the next document made: see [`NodeId`].
static NEXT_TAG: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

fn new_tag() -> u32 {
    NEXT_TAG.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A parsed document (or the document of a parsed fragment).
///
/// Nodes are addressed by [`NodeId`]s, which belong to the document that
/// made them: a method given another document's id panics (see
/// [`NodeId`]). A `Document` owns all its nodes, attached or not, until it
/// is dropped (see [`Document::compacted`]).
pub struct Document {
    /// This document's tag, carried by every `NodeId` it hands out.
    tag: u32,
    nodes: Vec<Node>,
    /// Text and comment data and attribute values, back to back.
    strings: strings::Strings,
    attrs: Vec<StoredAttr>,
    /// The prefixes of `attrs`, each once.
    attr_prefixes: prefixes::AttrPrefixes,
    doctypes: Vec<Doctype>,
    /// Names the names table does not know, by `NameId - LOCAL_NAME_COUNT`.
    other_names: crate::name_interner::NameInterner,
    /// The template contents of each HTML `template` element.
    templates: HashMap<Link, Link>,
    /// The other way: the template each template contents belongs to.
    template_hosts: HashMap<Link, Link>,
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
    /// The scripting flag of the parse that built the document.
    scripting: bool,
    /// The DocumentFragment a fragment parse returned (see
    /// [`Document::fragment_root`]).
    fragment: Option<Link>,
    /// Shadow roots and their hosts (declarative shadow roots).
    shadow_roots: shadow_root::ShadowRoots,
    /// The parse errors, in the order they were raised.
    pub errors: Vec<ParseError>,
}

impl Clone for Document {
    /// The same tree under a new tag (see [`NodeId`]): nodes keep their
    /// index, so [`Document::node_at`] finds the copy of a node.
    fn clone(&self) -> Document {
        Document {
            tag: new_tag(),
            nodes: self.nodes.clone(),
            strings: self.strings.clone(),
            attrs: self.attrs.clone(),
            attr_prefixes: self.attr_prefixes.clone(),
            doctypes: self.doctypes.clone(),
            other_names: self.other_names.clone(),
            templates: self.templates.clone(),
            template_hosts: self.template_hosts.clone(),
            name_slots: None,
            growth: self.growth.clone(),
            quirks_mode: self.quirks_mode,
            scripting: self.scripting,
            fragment: self.fragment,
            shadow_roots: self.shadow_roots.clone(),
            errors: self.errors.clone(),
        }
    }
}

impl std::fmt::Debug for Document {
    /// A summary (node count, quirks mode, errors); the tree itself is
    /// [`dump_html5lib`]'s or [`serialize_document`]'s.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("tag", &self.tag)
            .field("nodes", &self.nodes.len())
            .field("quirks_mode", &self.quirks_mode)
            .field("errors", &self.errors.len())
            .finish_non_exhaustive()
    }
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
    ///
    /// ```
    /// use htmlforge::{Namespace, Parser, ParseOptions};
    ///
    /// // Room for a page of about 10,000 nodes, built by a streaming parser.
    /// let document = htmlforge::dom::Document::with_capacity(10_000, 64 * 1024);
    /// let mut parser = Parser::with_sink(document, ParseOptions::default());
    /// parser.feed("<p>one")?;
    /// let document = parser.finish();
    /// assert_eq!(document.body().unwrap().inner_html(), "<p>one</p>");
    /// # let _ = Namespace::Html;
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub fn with_capacity(nodes: usize, text_bytes: usize) -> Document {
        let mut document = Document {
            tag: new_tag(),
            nodes: Vec::with_capacity(nodes.max(1)),
            strings: strings::Strings::with_capacity(text_bytes),
            attrs: Vec::new(),
            attr_prefixes: prefixes::AttrPrefixes::default(),
            doctypes: Vec::new(),
            other_names: crate::name_interner::NameInterner::default(),
            templates: HashMap::new(),
            template_hosts: HashMap::new(),
            name_slots: None,
            growth: node::Growth::default(),
            quirks_mode: QuirksMode::NoQuirks,
            scripting: false,
            fragment: None,
            shadow_roots: Default::default(),
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
        self.id(Link::DOCUMENT)
    }

    /// The id of the node at `link` (a link read from this document).
    #[inline]
    pub(crate) fn id(&self, link: Link) -> NodeId {
        NodeId::new(self.tag, link)
    }

    #[inline]
    fn link_id(&self, link: Option<Link>) -> Option<NodeId> {
        link.map(|link| self.id(link))
    }

    /// The arena index of `id`, checked: see [`NodeId`] for ids of another
    /// document.
    #[inline]
    #[track_caller]
    pub(crate) fn slot(&self, id: NodeId) -> usize {
        let index = id.index();
        if id.tag() != self.tag || index >= self.nodes.len() {
            foreign_node(id, self.tag)
        }
        index
    }

    /// The link of `id`, checked: see [`NodeId`] for ids of another document.
    #[inline]
    #[track_caller]
    pub(crate) fn checked(&self, id: NodeId) -> Link {
        self.slot(id);
        id.link()
    }

    #[inline]
    #[track_caller]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[self.slot(id)]
    }

    /// Whether `id` is a node of this document (attached or not).
    ///
    /// ```
    /// let a = htmlforge::parse_document("<p>a");
    /// let b = htmlforge::parse_document("<p>b");
    /// assert!(a.contains(a.document()));
    /// assert!(!a.contains(b.document()));
    /// ```
    pub fn contains(&self, id: NodeId) -> bool {
        id.tag() == self.tag && id.index() < self.nodes.len()
    }

    /// The node at arena position `index` (see [`NodeId::index`]), if there
    /// is one: how an id of a document carries over to its clone.
    ///
    /// ```
    /// let original = htmlforge::parse_document("<p>a");
    /// let p = original.get_elements_by_tag_name("p").next().unwrap().id();
    /// let copy = original.clone();
    /// let p_in_copy = copy.node_at(p.index()).unwrap();
    /// assert_eq!(copy.outer_html(p_in_copy), "<p>a</p>");
    /// ```
    pub fn node_at(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then(|| self.id(Link::from_index(index)))
    }

    /// The document's quirks mode, as the parser set it.
    ///
    /// ```
    /// use htmlforge::quirks::QuirksMode;
    ///
    /// assert_eq!(htmlforge::parse_document("<!DOCTYPE html><p>").quirks_mode(), QuirksMode::NoQuirks);
    /// assert_eq!(htmlforge::parse_document("<p>no doctype").quirks_mode(), QuirksMode::Quirks);
    /// ```
    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode
    }

    /// Sets the document's quirks mode (the parser does, from the DOCTYPE).
    pub(crate) fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    /// Whether the parser that built the document had scripting on (as
    /// [`ParseOptions::scripting`](crate::ParseOptions::scripting) is by
    /// default); false for a document made by [`Document::new`]. With
    /// scripting on, `noscript` holds its content as text: the serializers
    /// write it literally and [`Document::visible_text`] skips it, unless
    /// their options say otherwise.
    ///
    /// ```
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let html = "<noscript><a href=/x>x</a></noscript>";
    /// let on = htmlforge::parse_document(html);
    /// assert!(on.scripting());
    /// assert_eq!(on.get_elements_by_tag_name("a").count(), 0);
    /// assert_eq!(on.head().unwrap().inner_html(), "<noscript><a href=/x>x</a></noscript>");
    /// let off = parse_document_with(html, ParseOptions::default().scripting(false));
    /// assert!(!off.scripting());
    /// assert_eq!(off.get_elements_by_tag_name("a").count(), 1);
    /// ```
    pub fn scripting(&self) -> bool {
        self.scripting
    }

    /// Records the parser's scripting flag.
    pub(crate) fn set_scripting(&mut self, enabled: bool) {
        self.scripting = enabled;
    }

    /// The number of nodes ever created (including detached ones).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>a");
    /// // Document, html, head, body, p and the text.
    /// assert_eq!(document.node_count(), 6);
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// document.remove(p);
    /// assert_eq!(document.node_count(), 6); // detached, still counted
    /// ```
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// What the node `id` is.
    ///
    /// ```
    /// use htmlforge::dom::NodeData;
    ///
    /// let document = htmlforge::parse_document("<!DOCTYPE html>");
    /// let doctype = document.first_child(document.document()).unwrap();
    /// let NodeData::Doctype(doctype) = document.data(doctype) else { panic!() };
    /// assert_eq!(doctype.name, "html");
    /// assert_eq!(document.data(document.document()), NodeData::Document);
    /// ```
    #[track_caller]
    pub fn data(&self, id: impl Into<NodeId>) -> NodeData<'_> {
        let id = id.into();
        match self.node(id).data {
            Data::Document => NodeData::Document,
            Data::DocumentFragment => NodeData::DocumentFragment,
            Data::Doctype(index) => NodeData::Doctype(&self.doctypes[index as usize]),
            Data::Element(data) => NodeData::Element(ElementRef { document: self, id, data }),
            Data::Text(span) => NodeData::Text(self.strings.get(span)),
            Data::Comment(span) => NodeData::Comment(self.strings.get(span)),
            Data::ProcessingInstruction { target_len, text } => {
                let (target, data) = self.strings.get(text).split_at(target_len as usize);
                NodeData::ProcessingInstruction { target, data }
            }
            Data::ShadowRoot(index) => {
                let (host, init) = self.shadow_root_record(index);
                NodeData::ShadowRoot { host, init }
            }
        }
    }

    /// The element `id`, if it is an element.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a");
    /// let p = document.first_child(document.body().unwrap()).unwrap();
    /// assert_eq!(document.element(p).unwrap().local_name(), "p");
    /// assert!(document.element(document.first_child(p).unwrap()).is_none());
    /// ```
    #[track_caller]
    pub fn element(&self, id: impl Into<NodeId>) -> Option<ElementRef<'_>> {
        let id = id.into();
        match self.node(id).data {
            Data::Element(data) => Some(ElementRef { document: self, id, data }),
            _ => None,
        }
    }

    /// The data of the Text node `id` (its `data`); `None` for any other
    /// node. For the text of an element and its descendants, see
    /// [`Document::text_content`].
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a<b>b</b>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// let text = document.first_child(p).unwrap();
    /// assert_eq!(document.text_node_data(text), Some("a"));
    /// assert_eq!(document.text_node_data(p), None);
    /// assert_eq!(document.text_content(p), "ab");
    /// ```
    #[track_caller]
    pub fn text_node_data(&self, id: impl Into<NodeId>) -> Option<&str> {
        let id = id.into();
        match self.node(id).data {
            Data::Text(span) => Some(self.strings.get(span)),
            _ => None,
        }
    }

    /// The parent of `id` (none for the Document, a template's contents
    /// and detached nodes).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<ul><li>a</li><li>b</li></ul>");
    /// let ul = document.get_elements_by_tag_name("ul").next().unwrap().id();
    /// let first = document.first_child(ul).unwrap();
    /// let last = document.last_child(ul).unwrap();
    /// assert_eq!(document.parent(first), Some(ul));
    /// assert_eq!(document.next_sibling(first), Some(last));
    /// assert_eq!(document.previous_sibling(first), None);
    /// assert_eq!(document.parent(document.document()), None);
    /// ```
    #[track_caller]
    pub fn parent(&self, id: impl Into<NodeId>) -> Option<NodeId> {
        let id = id.into();
        self.link_id(self.node(id).parent)
    }

    /// The first child of `id`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>text<b>bold</b></p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// let first = document.first_child(p).unwrap();
    /// assert_eq!(document.text_content(first), "text");
    /// assert_eq!(document.first_child(first), None); // a Text node has no children
    /// ```
    #[track_caller]
    pub fn first_child(&self, id: impl Into<NodeId>) -> Option<NodeId> {
        let id = id.into();
        self.link_id(self.node(id).first_child)
    }

    /// The last child of `id`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>text<b>bold</b></p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// let last = document.last_child(p).unwrap();
    /// assert_eq!(document.element(last).unwrap().local_name(), "b");
    /// ```
    #[track_caller]
    pub fn last_child(&self, id: impl Into<NodeId>) -> Option<NodeId> {
        let id = id.into();
        self.slot(id);
        self.link_id(self.last_child_link(id.link()))
    }

    /// The sibling right after `id`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<h1>a</h1><p>b</p>");
    /// let h1 = document.get_elements_by_tag_name("h1").next().unwrap().id();
    /// let next = document.next_sibling(h1).unwrap();
    /// assert_eq!(document.outer_html(next), "<p>b</p>");
    /// assert_eq!(document.next_sibling(next), None);
    /// ```
    #[track_caller]
    pub fn next_sibling(&self, id: impl Into<NodeId>) -> Option<NodeId> {
        let id = id.into();
        self.link_id(self.node(id).next_sibling)
    }

    /// The sibling right before `id`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<h1>a</h1>between<p>b</p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// let previous = document.previous_sibling(p).unwrap();
    /// assert_eq!(document.text_content(previous), "between");
    /// ```
    #[track_caller]
    pub fn previous_sibling(&self, id: impl Into<NodeId>) -> Option<NodeId> {
        let id = id.into();
        self.slot(id);
        self.link_id(self.previous_sibling_link(id.link()))
    }

    /// The last child of `parent`: the `previous` of its first child (see
    /// [`Node`]).
    #[inline]
    pub(crate) fn last_child_link(&self, parent: Link) -> Option<Link> {
        self.nodes[parent.index()].first_child.and_then(|first| self.nodes[first.index()].previous)
    }

    /// The sibling before `node`: its `previous`, unless `node` is a first
    /// child, whose `previous` is the last child (see [`Node`]).
    #[inline]
    pub(crate) fn previous_sibling_link(&self, node: Link) -> Option<Link> {
        let record = &self.nodes[node.index()];
        let parent = record.parent?;
        if self.nodes[parent.index()].first_child == Some(node) {
            return None;
        }
        record.previous
    }

    /// The template contents of the element `template` (an HTML `template`
    /// has them; other elements none).
    pub(crate) fn template_contents_link(&self, template: Link, data: &node::ElementData) -> Option<Link> {
        if !data.is_template() {
            return None;
        }
        self.templates.get(&template).copied()
    }

    /// The children of `id`, in order.
    ///
    /// ```
    /// use htmlforge::dom::NodeData;
    ///
    /// let document = htmlforge::parse_document("<p>a<!--note--><b>b</b></p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// let kinds: Vec<_> = document
    ///     .children(p)
    ///     .map(|child| match document.data(child) {
    ///         NodeData::Text(text) => format!("text {text}"),
    ///         NodeData::Comment(text) => format!("comment {text}"),
    ///         NodeData::Element(element) => format!("element {}", element.local_name()),
    ///         _ => unreachable!(),
    ///     })
    ///     .collect();
    /// assert_eq!(kinds, ["text a", "comment note", "element b"]);
    /// ```
    #[track_caller]
    pub fn children(&self, id: impl Into<NodeId>) -> Children<'_> {
        Children { document: self, next: self.first_child(id) }
    }

    /// The document element (the `html` element of a parsed document), if
    /// any: the Document's element child.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a");
    /// assert_eq!(document.document_element().unwrap().local_name(), "html");
    /// assert!(htmlforge::dom::Document::new().document_element().is_none());
    /// ```
    pub fn document_element(&self) -> Option<ElementRef<'_>> {
        self.children(self.document()).find_map(|child| self.element(child))
    }

    /// The result of a fragment parse: the DocumentFragment whose children
    /// are the fragment's nodes (the HTML fragment parsing algorithm
    /// "returns fragment"). For a document that no fragment parse made, the
    /// document element.
    ///
    /// ```
    /// use htmlforge::dom::NodeData;
    /// use htmlforge::{parse_fragment, FragmentContext, Namespace};
    ///
    /// let fragment = parse_fragment("<td>a</td>b", &FragmentContext::new(Namespace::Html, "tr"));
    /// let root = fragment.fragment_root().unwrap();
    /// assert_eq!(fragment.data(root), NodeData::DocumentFragment);
    /// assert_eq!(fragment.inner_html(root), "<td>a</td>b");
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm>
    pub fn fragment_root(&self) -> Option<NodeId> {
        self.link_id(self.fragment).or_else(|| self.document_element().map(|root| root.id()))
    }

    /// Where the document's searches start ([`Document::elements`],
    /// `get_element_by_id`, `get_elements_by_tag_name`, `select`): the
    /// DocumentFragment a fragment parse returned, whose nodes are what
    /// was parsed; else the Document node.
    pub(crate) fn search_root(&self) -> NodeId {
        self.link_id(self.fragment).unwrap_or_else(|| self.document())
    }

    /// Records `fragment` as the fragment a fragment parse returns.
    pub(crate) fn set_fragment(&mut self, fragment: NodeId) {
        self.fragment = Some(fragment.link());
    }

    /// `id` and its descendants in tree order (template contents are not
    /// descendants, as in the DOM).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<div><p>a</p><p>b<i>c</i></p></div>");
    /// let div = document.get_elements_by_tag_name("div").next().unwrap().id();
    /// // The node itself first, then its descendants in tree order.
    /// let names: Vec<_> = document
    ///     .descendants(div)
    ///     .map(|node| document.element(node).map_or("#text", |e| e.local_name()))
    ///     .collect();
    /// assert_eq!(names, ["div", "p", "#text", "p", "#text", "i", "#text"]);
    /// ```
    #[track_caller]
    pub fn descendants(&self, id: impl Into<NodeId>) -> Descendants<'_> {
        let id = id.into();
        self.slot(id);
        Descendants { document: self, root: id, next: Some(id) }
    }

    /// The text of `id` and its descendants, concatenated: only Text nodes
    /// count (not comments or processing instructions), as the DOM's
    /// `textContent` of an element. Scripts and styles count too; for the
    /// text a reader sees, see [`Document::visible_text`].
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a <b>b</b><!--c--><script>d</script>");
    /// let body = document.body().unwrap();
    /// assert_eq!(document.text_content(body), "a bd");
    /// assert_eq!(document.visible_text(body), "a b");
    /// ```
    pub fn text_content(&self, id: impl Into<NodeId>) -> String {
        let mut text = String::new();
        for node in self.descendants(id) {
            if let Some(t) = self.text_node_data(node) {
                text.push_str(t);
            }
        }
        text
    }

    /// Whether `id` is the element `local` of namespace `ns`.
    ///
    /// ```
    /// use htmlforge::Namespace;
    ///
    /// let document = htmlforge::parse_document("<svg><title>t</title></svg>");
    /// let svg = document.get_elements_by_tag_name("svg").next().unwrap();
    /// assert!(document.is_element(svg, Namespace::Svg, "svg"));
    /// assert!(!document.is_element(svg, Namespace::Html, "svg"));
    /// ```
    pub fn is_element(&self, id: impl Into<NodeId>, ns: Namespace, local: &str) -> bool {
        self.element(id).is_some_and(|e| e.is(ns, local))
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn foreign_node(id: NodeId, tag: u32) -> ! {
    panic!("{id:?} used with a Document it does not belong to (document {tag}): a NodeId works only with the Document that made it")
}
