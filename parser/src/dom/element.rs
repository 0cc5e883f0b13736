//! A borrowed view of an element of a [`Document`].

use crate::generated::names::{LocalName, Namespace};
use crate::tree_builder::{AttrRef, Name, QualName};

use super::node::ElementData;
use super::{Document, NodeId};

/// An element of a [`Document`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementRef<'a> {
    pub(super) document: &'a Document,
    pub(super) data: ElementData,
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
