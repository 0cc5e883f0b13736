//! The local names of the elements on the stack of open elements, as small
//! integers: a name the names table knows by its [`LocalName`], any other
//! by an id given once per parse. An open element then holds four bytes
//! for its name instead of a [`Name`](super::Name) (16 bytes, and a
//! `Box<str>` to allocate, clone for the sink and free for every element
//! of an unknown name), and a name is compared as one integer.

use crate::generated::names::{LocalName, LOCAL_NAME_COUNT};
use crate::name_interner::NameInterner;

use super::Name;

/// An open element's local name: a [`LocalName`]'s index, or
/// [`LOCAL_NAME_COUNT`] plus the name's id in [`OtherNames`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct LocalId(u32);

impl LocalId {
    /// The interned name, if the names table knows it.
    #[inline]
    pub fn known(self) -> Option<LocalName> {
        LocalName::from_index(self.0 as usize)
    }

    /// The id among the other names, for a name the names table lacks.
    #[inline]
    fn other(self) -> Option<usize> {
        (self.0 as usize).checked_sub(LOCAL_NAME_COUNT)
    }

    /// The id as a number (below 2^31: one per element at most).
    #[inline]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The id [`Self::bits`] gave.
    #[inline]
    pub fn from_bits(bits: u32) -> LocalId {
        LocalId(bits)
    }
}

impl From<LocalName> for LocalId {
    #[inline]
    fn from(name: LocalName) -> LocalId {
        LocalId(name.index() as u32)
    }
}

/// The names outside the names table that the parse has given an element
/// (custom elements, unknown SVG and MathML names), each stored once and
/// kept to the end of the parse: at most one per element created, so
/// linear in the input.
#[derive(Debug, Clone, Default)]
pub(crate) struct OtherNames {
    /// By id.
    names: NameInterner,
}

impl OtherNames {
    /// The id of `name`, given one if it has none yet.
    #[inline]
    pub fn intern(&mut self, name: &Name) -> LocalId {
        match name {
            Name::Known(known) => LocalId::from(*known),
            Name::Other(other) => self.intern_str(other),
        }
    }

    /// The id of the name spelled `name`, given one if it has none yet.
    #[inline(never)]
    pub fn intern_str(&mut self, name: &str) -> LocalId {
        // A `Name::Other` is built only for names the table lacks, but a
        // known name must get its `LocalName`'s id whoever spelled it out:
        // the stack compares names as ids.
        if let Some(known) = LocalName::lookup(name) {
            return LocalId::from(known);
        }
        // The node cap (2^31) bounds the count: one name per element at most.
        let id = u32::try_from(self.names.intern(name)).expect("fewer than 2^31 names");
        Self::id(id)
    }

    fn id(other: u32) -> LocalId {
        LocalId(other + LOCAL_NAME_COUNT as u32)
    }

    /// The id of the name spelled `name`, if any element had it.
    pub fn find(&self, name: &str) -> Option<LocalId> {
        match LocalName::lookup(name) {
            Some(known) => Some(LocalId::from(known)),
            None => self.names.find(name).map(|id| Self::id(id as u32)),
        }
    }

    /// The index of a name the names table lacks among the others.
    #[inline]
    pub fn other_index(id: LocalId) -> Option<usize> {
        id.other()
    }

    /// The name `id` stands for.
    pub fn as_str(&self, id: LocalId) -> &str {
        match id.other() {
            None => LocalName::from_index(id.0 as usize).expect("a known name's index").as_str(),
            Some(other) => self.names.get(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::names::local_names;

    #[test]
    fn known_names_keep_their_index_and_others_get_one_id_each() {
        let mut names = OtherNames::default();
        assert_eq!(names.intern(&Name::Known(local_names::DIV)).known(), Some(local_names::DIV));
        let custom = names.intern(&Name::Other("x-a".into()));
        assert_eq!(custom.known(), None);
        assert_eq!(names.intern_str("x-a"), custom);
        assert_ne!(names.intern_str("x-b"), custom);
        assert_eq!(names.as_str(custom), "x-a");
        assert_eq!(names.as_str(LocalId::from(local_names::DIV)), "div");
        assert_eq!(names.find("x-b"), Some(names.intern_str("x-b")));
        assert_eq!(names.find("x-c"), None);
        // Spelled out, a known name is still the known one.
        assert_eq!(names.intern(&Name::Other("div".into())), LocalId::from(local_names::DIV));
    }

    #[test]
    fn an_open_element_of_the_dom_takes_24_bytes() {
        // Every push and pop moves one: a wider record costs every element.
        assert_eq!(std::mem::size_of::<super::super::OpenElement<crate::dom::NodeId>>(), 24);
    }
}
