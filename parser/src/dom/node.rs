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

/// A range of the document's string store or attribute list.
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

/// An element's record. An HTML `template`'s contents are kept beside the
/// arena (`Document::templates`), not here: templates are rare, and the
/// link would make every node record four bytes larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ElementData {
    pub(crate) ns: Namespace,
    pub(crate) name: NameId,
    /// Into `Document::attrs`.
    pub(crate) attrs: Span,
}

impl ElementData {
    /// Whether this is an HTML `template`, the only element with template
    /// contents.
    pub(crate) fn is_template(&self) -> bool {
        self.ns == Namespace::Html && self.name.0 as usize == crate::generated::names::local_names::TEMPLATE.index()
    }
}

/// An attribute's record: 16 bytes (the attribute list of a documentation
/// page is a third of its input's size at 24).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoredAttr {
    pub(crate) ns: Option<Namespace>,
    /// The prefix of an adjusted foreign attribute (`xlink`, `xml`,
    /// `xmlns`), in `Document::attr_prefixes`.
    pub(crate) prefix: super::prefixes::PrefixSlot,
    pub(crate) name: NameId,
    /// Into `Document::strings`.
    pub(crate) value: Span,
}

const _: () = assert!(std::mem::size_of::<StoredAttr>() == 16);

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
    /// Into `Document::strings`: the target and the data back to back
    /// (one span keeps the record small), the target's length first.
    ProcessingInstruction {
        target_len: u32,
        text: Span,
    },
    /// Into `Document::shadow_roots`.
    ShadowRoot(u32),
}

/// One node: its data and its links to parent and siblings, 32 bytes.
///
/// There is no last-child link: the siblings' backward links form a ring,
/// in which a first child's `previous` is its parent's last child (so
/// appending, the parser's usual insertion, still touches O(1) records).
/// `Document::last_child_link` and `Document::previous_sibling_link` read
/// the ring.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub(crate) data: Data,
    pub(crate) parent: Option<Link>,
    pub(crate) first_child: Option<Link>,
    pub(crate) next_sibling: Option<Link>,
    /// The previous sibling, or for a first child its parent's last child
    /// (itself when it is the only child); none for a detached node.
    pub(crate) previous: Option<Link>,
}

/// What a node is, as read from a [`Document`](super::Document). The DOM can grow node
/// kinds, hence `#[non_exhaustive]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NodeData<'a> {
    /// The Document node.
    Document,
    /// A DocumentFragment: the contents of a `template`, or what a fragment
    /// parse returned ([`Document::fragment_root`](super::Document::fragment_root)).
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
    /// A shadow root (a DocumentFragment with a host), attached by a
    /// declarative shadow root: see [`Document::shadow_root`](super::Document::shadow_root).
    ///
    /// Spec: <https://dom.spec.whatwg.org/#interface-shadowroot>
    ShadowRoot {
        /// The shadow host.
        host: super::NodeId,
        /// How it was declared.
        init: crate::vocab::ShadowRootInit,
    },
}

/// What the storage functions keep beside the buffers so that growing a
/// node never copies it whole each time (see `Document::extend_text` and
/// `Document::add_attrs_if_missing`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Growth {
    /// Text nodes moved to the end of the string store with room to grow:
    /// how many bytes their place holds.
    pub(crate) text_capacity: std::collections::HashMap<Link, u32>,
    /// Elements whose attribute lists were moved to the end of the list
    /// with room to grow: how many entries their place holds.
    pub(crate) attr_capacity: std::collections::HashMap<Link, u32>,
    /// Elements whose attributes changed after their creation: an element
    /// created again for the same token shares only an unchanged list's
    /// values.
    pub(crate) attrs_edited: std::collections::HashSet<Link>,
    /// The attribute names of elements with many attributes (`html` and
    /// `body` tags add theirs to one element, one tag at a time): whether
    /// a name is there is a lookup, not a search of the list. Kept by
    /// `add_attrs_if_missing`, the only way names are added.
    pub(crate) attr_names: std::collections::HashMap<Link, std::collections::HashSet<(Option<Namespace>, NameId)>>,
    /// Something did not fit under `MAX_STRING_BYTES` or `MAX_ATTRIBUTES`.
    pub(crate) storage_full: bool,
}

/// The most bytes of text and attribute values a document stores (spans
/// are 32-bit): what would go past it is cut at a character boundary and
/// `Growth::storage_full` is set, whatever the options (lowered in the
/// crate's unit tests, which reach it).
#[cfg(not(test))]
pub(crate) const MAX_STRING_BYTES: usize = u32::MAX as usize;
#[cfg(test)]
pub(crate) const MAX_STRING_BYTES: usize = 1 << 20;

/// The most attributes a document stores (its attribute list is indexed
/// by 32-bit spans): later ones are dropped.
pub(crate) const MAX_ATTRIBUTES: usize = u32::MAX as usize;

/// The room a node moved to the end of a buffer gets: as much again as
/// it holds, so that n appends move it O(log n) times and the copies left
/// behind sum to less than twice its final size.
pub(crate) fn grown_capacity(len: usize) -> usize {
    len.saturating_mul(2).max(16)
}

/// The least a buffer of the document grows by, in items: small
/// documents (`Document::new()`, a streamed parse) do not realloc per node.
const MIN_GROWTH: usize = 64;

/// The capacity a full buffer of `capacity` items, `len` of them used,
/// grows to in order to take `needed` more: a quarter more than it holds,
/// or just enough when that is more (and at least [`MIN_GROWTH`] more),
/// instead of `Vec`'s doubling. The parser sizes the buffers for the
/// input's expected content (`parse::document_sized_for`), so a page
/// somewhat above the average outgrows them by a little: doubling gave
/// such pages twice the memory at the peak (2.28× the input on the corpus,
/// where the document holds 1.46×). Growth stays geometric, so n pushes
/// copy O(n) items in all.
pub(crate) fn grown_to(capacity: usize, len: usize, needed: usize) -> usize {
    let at_least = len.saturating_add(needed);
    capacity.saturating_add(capacity / 4).max(at_least).max(len.saturating_add(MIN_GROWTH))
}

/// Makes room in `vec` for `needed` more items, growing as [`grown_to`] says.
#[inline]
pub(crate) fn make_room<T>(vec: &mut Vec<T>, needed: usize) {
    if vec.capacity() - vec.len() < needed {
        grow(vec, needed);
    }
}

#[cold]
#[inline(never)]
fn grow<T>(vec: &mut Vec<T>, needed: usize) {
    let target = grown_to(vec.capacity(), vec.len(), needed);
    vec.reserve_exact(target - vec.len());
}

pub(crate) fn span(start: usize, len: usize) -> Span {
    let start = u32::try_from(start).expect("a document's strings stay under 4 GiB");
    let len = u32::try_from(len).expect("a document's strings stay under 4 GiB");
    Span { start, len }
}

#[cfg(test)]
mod tests {
    use super::{grown_to, Node, MAX_STRING_BYTES};

    #[test]
    fn a_processing_instruction_stays_whole_across_chunks_of_the_string_store() {
        // A first chunk of 8 bytes: the target and data no longer fit after
        // the text, and go to the next chunk together.
        let mut document = crate::dom::Document::with_capacity(4, 8);
        let text = document.create_text_node("abcdef");
        let pi = document.create_processing_instruction("target", "some data").unwrap();
        assert_eq!(document.text_node_data(text), Some("abcdef"));
        assert_eq!(
            document.data(pi),
            crate::dom::NodeData::ProcessingInstruction { target: "target", data: "some data" }
        );
        document.set_text_content(pi, "other");
        assert_eq!(document.data(pi), crate::dom::NodeData::ProcessingInstruction { target: "target", data: "other" });
    }

    #[test]
    fn a_node_record_takes_32_bytes() {
        // The arena is a third of a parsed page's memory: a field more is
        // 0.04x the input more at the peak.
        assert_eq!(std::mem::size_of::<Node>(), 32);
    }

    #[test]
    fn buffers_grow_by_a_quarter_or_by_what_is_needed() {
        // Full at 1,000: a quarter more.
        assert_eq!(grown_to(1_000, 1_000, 1), 1_250);
        // One large push into a partly used buffer: just enough for it, not
        // a quarter on top of it (a 100 MB comment took 1.8× its size).
        assert_eq!(grown_to(800, 10, 5_000), 5_010);
        // Small buffers take at least 64 more items.
        assert_eq!(grown_to(1, 1, 1), 65);
        // Geometric: 10,000 single pushes from empty regrow a few dozen times.
        let (mut capacity, mut grown) = (0, 0);
        for len in 0..10_000 {
            if len == capacity {
                capacity = grown_to(capacity, len, 1);
                grown += 1;
            }
        }
        assert!(grown < 30, "{grown}");
    }

    #[test]
    fn the_storage_cap_cuts_and_reports_instead_of_panicking() {
        // Under test the cap is 1 MiB: a value and a text past it, then
        // foster-parented text that moves between comments.
        let big = "é".repeat(MAX_STRING_BYTES / 2 + 10);
        let input = format!("<p title={big}>{big}<table>{}", "yz<!--c-->".repeat(100));
        let mut parser = crate::Parser::new(crate::ParseOptions::default());
        parser.feed(&input).unwrap();
        assert!(parser.limits_hit().storage_full);
        let document = parser.finish();
        let text: usize =
            document.descendants(document.document()).filter_map(|n| document.text_node_data(n)).map(str::len).sum();
        assert!(text < MAX_STRING_BYTES, "{text}");
        // Below the cap nothing is cut or reported.
        let mut parser = crate::Parser::new(crate::ParseOptions::default());
        parser.feed("<p title=a>b<table>c<!--d-->e").unwrap();
        assert!(!parser.limits_hit().storage_full);
    }
}
