//! Attributes: owned ([`Attr`]) and borrowed ([`AttrRef`]).
//!
//! Both name their parts as the DOM does: `name` is the local name (what
//! [`ElementRef::local_name`](crate::ElementRef::local_name) is for an
//! element, and [`Attribute::name`](crate::tokenizer::Attribute::name) for
//! a token's attribute), `prefix` and `ns` are set only for the few
//! attributes of foreign content that have them (`xlink:href`…), and
//! `known_name` is the name interned, when the names table knows it.

use crate::generated::names::{LocalName, Namespace};

/// An attribute of an element, owned (the attributes of a fragment's
/// context element). `ns`/`prefix` are set only by the "adjust foreign
/// attributes" step (`xlink:href` etc.).
///
/// ```
/// use htmlforge::vocab::Attr;
///
/// let attr = Attr::new("href", "/");
/// assert_eq!(attr.as_ref().name, "href");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    /// The attribute's namespace (`None` for most).
    pub ns: Option<Namespace>,
    /// The prefix (`xlink`, `xml`, `xmlns`), if adjusted.
    pub prefix: Option<&'static str>,
    /// The local name.
    pub name: Box<str>,
    /// The value.
    pub value: String,
}

impl Attr {
    /// An attribute in no namespace.
    pub fn new(name: &str, value: &str) -> Attr {
        Attr { ns: None, prefix: None, name: name.into(), value: value.to_string() }
    }

    /// The attribute, borrowed.
    pub fn as_ref(&self) -> AttrRef<'_> {
        AttrRef { ns: self.ns, prefix: self.prefix, ..AttrRef::new(&self.name, &self.value) }
    }
}

/// An attribute, borrowed: what a [`TreeSink`](crate::tree_builder::TreeSink)
/// receives (the sink copies what it keeps) and what the built-in DOM
/// hands out ([`ElementRef::attrs`](crate::ElementRef::attrs)).
///
/// The local name comes twice: as a string (`name`), and interned
/// (`known_name`) when the names table knows it, so that a sink can go
/// by a small integer (the tokenizer interns every attribute name once,
/// and the built-in DOM keeps attribute names interned). Make one with
/// [`AttrRef::new`], which keeps the two in step.
///
/// ```
/// use htmlforge::vocab::{local_names, AttrRef};
///
/// assert_eq!(AttrRef::new("href", "/").known_name, Some(local_names::HREF));
/// assert_eq!(AttrRef::new("data-id", "7").known_name, None);
/// let document = htmlforge::parse_document("<a href=/ data-id=7>");
/// let a = document.get_elements_by_tag_name("a").next().unwrap();
/// let names: Vec<_> = a.attrs().map(|attr| attr.name).collect();
/// assert_eq!(names, ["href", "data-id"]);
/// ```
#[derive(Debug, Clone, Copy, Eq)]
pub struct AttrRef<'a> {
    /// The attribute's namespace (`None` for most).
    pub ns: Option<Namespace>,
    /// The prefix (`xlink`, `xml`, `xmlns`), if adjusted.
    pub prefix: Option<&'a str>,
    /// The local name.
    pub name: &'a str,
    /// `name` interned: `Some` when the names table knows it. When `Some`,
    /// it is the attribute's local name for the built-in DOM, which does
    /// not read `name` then; `None` is always safe (the DOM looks `name`
    /// up). [`Document::create_element`](crate::dom::Document::create_element)
    /// refuses a `Some` that is not `name` interned.
    pub known_name: Option<LocalName>,
    /// The value.
    pub value: &'a str,
}

impl<'a> AttrRef<'a> {
    /// An attribute in no namespace (its local name looked up in the
    /// names table).
    pub fn new(name: &'a str, value: &'a str) -> AttrRef<'a> {
        AttrRef { ns: None, prefix: None, name, known_name: LocalName::lookup(name), value }
    }

    /// An attribute in no namespace whose local name `name` was interned
    /// already: `known_name` is `LocalName::lookup(name)`.
    pub(crate) fn interned(name: &'a str, known_name: Option<LocalName>, value: &'a str) -> AttrRef<'a> {
        debug_assert_eq!(known_name, LocalName::lookup(name));
        AttrRef { ns: None, prefix: None, name, known_name, value }
    }

    /// An attribute in no namespace whose local name is not looked up
    /// (`known_name` is `None`, which a sink must accept for any name).
    pub(crate) fn not_interned(name: &'a str, value: &'a str) -> AttrRef<'a> {
        AttrRef { ns: None, prefix: None, name, known_name: None, value }
    }
}

/// Equal when namespace, prefix, local name and value are: `known_name`
/// only repeats `name`.
impl PartialEq for AttrRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        (self.ns, self.prefix, self.name, self.value) == (other.ns, other.prefix, other.name, other.value)
    }
}
