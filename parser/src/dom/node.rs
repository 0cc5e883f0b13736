//! The node records of the arena and the public views of them.

use std::num::NonZeroU32;

use crate::generated::names::Namespace;

use super::ElementRef;

/// A node of a [`Document`](super::Document): its place in the document's arena, and the
/// document it belongs to.
///
/// Every [`Document`](super::Document) gets its own tag from a
/// process-wide counter when it is created (a clone gets a new one), and
/// each id it hands out carries that tag. Using an id with a document it
/// does not belong to is a programming error and **panics** with the
/// message "NodeId … used with a Document it does not belong to", from
/// every method that takes a `NodeId`, before any node is read or changed;
/// [`Document::contains`](super::Document::contains) tells beforehand.
/// A clone is the same tree under a new tag: the nodes keep their
/// [`index`](NodeId::index), so
/// [`Document::node_at`](super::Document::node_at) carries an id of the
/// original over to the copy. Tags repeat only after 2^32 documents in
/// one process.
///
/// The node records themselves link to each other by index alone (four
/// bytes a link); the tag is checked where an id enters a `Document`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId {
    tag: u32,
    link: Link,
}

impl NodeId {
    pub(crate) fn new(tag: u32, link: Link) -> NodeId {
        NodeId { tag, link }
    }

    pub(crate) fn tag(self) -> u32 {
        self.tag
    }

    pub(crate) fn link(self) -> Link {
        self.link
    }

    /// The node's position in its document's arena (0 is the Document
    /// node): nodes are numbered in the order they were created, so this
    /// can index a side table the size of [`Document::node_count`](super::Document::node_count).
    pub fn index(self) -> usize {
        self.link.index()
    }
}

impl std::fmt::Debug for NodeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NodeId({} of document {})", self.index(), self.tag)
    }
}

/// A link between node records: an index into the arena, stored as index
/// + 1 in a `NonZeroU32` so that an `Option<Link>` takes four bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Link(NonZeroU32);

impl Link {
    /// The Document node's link: it is created first.
    pub(crate) const DOCUMENT: Link = Link(NonZeroU32::MIN);

    pub(crate) fn from_index(index: usize) -> Link {
        let id = u32::try_from(index + 1).ok().and_then(NonZeroU32::new).expect("fewer than 2^32 - 1 nodes");
        Link(id)
    }

    pub(crate) fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// The identifiers of a DocumentType node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doctype {
    /// The doctype's name (`html`).
    pub name: String,
    /// The public identifier (empty when missing).
    pub public_id: String,
    /// The system identifier (empty when missing).
    pub system_id: String,
}

/// A range of the document's string buffer or attribute list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

impl Span {
    pub(crate) fn end(self) -> usize {
        self.start as usize + self.len as usize
    }

    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end()
    }
}

/// An interned name: a [`LocalName`] index, or `LOCAL_NAME_COUNT` + an
/// index into the document's own names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct NameId(pub(crate) u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ElementData {
    pub(crate) ns: Namespace,
    pub(crate) name: NameId,
    /// Into `Document::attrs`.
    pub(crate) attrs: Span,
    pub(crate) template_contents: Option<Link>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoredAttr {
    pub(crate) ns: Option<Namespace>,
    /// The prefix of an adjusted foreign attribute (`xlink`, `xml`, `xmlns`).
    pub(crate) prefix: Option<NameId>,
    pub(crate) name: NameId,
    /// Into `Document::strings`.
    pub(crate) value: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Data {
    Document,
    DocumentFragment,
    /// Into `Document::doctypes`.
    Doctype(u32),
    Element(ElementData),
    /// Into `Document::strings`.
    Text(Span),
    Comment(Span),
    ProcessingInstruction {
        target: Span,
        data: Span,
    },
}

/// One node: its data and its links to parent and siblings.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub(crate) data: Data,
    pub(crate) parent: Option<Link>,
    pub(crate) first_child: Option<Link>,
    pub(crate) last_child: Option<Link>,
    pub(crate) previous_sibling: Option<Link>,
    pub(crate) next_sibling: Option<Link>,
}

/// What a node is, as read from a [`Document`](super::Document). The DOM can grow node
/// kinds, hence `#[non_exhaustive]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NodeData<'a> {
    /// The Document node.
    Document,
    /// A DocumentFragment (the contents of a `template`).
    DocumentFragment,
    /// A DocumentType node (`<!DOCTYPE …>`).
    Doctype(&'a Doctype),
    /// An element.
    Element(ElementRef<'a>),
    /// A text node, with its data.
    Text(&'a str),
    /// A comment, with its data.
    Comment(&'a str),
    /// `<?target data>`.
    ///
    /// Spec: <https://dom.spec.whatwg.org/#interface-processinginstruction>
    ProcessingInstruction {
        /// The target: the name after `<?`.
        target: &'a str,
        /// The data: the rest, up to `>`.
        data: &'a str,
    },
}

pub(crate) fn span(start: usize, len: usize) -> Span {
    let start = u32::try_from(start).expect("a document's strings stay under 4 GiB");
    let len = u32::try_from(len).expect("a document's strings stay under 4 GiB");
    Span { start, len }
}
