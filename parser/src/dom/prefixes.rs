//! The namespace prefixes of a document's attributes, each kept once.
//!
//! The parser gives prefixes only to the attributes that "adjust foreign
//! attributes" names (`xlink`, `xml`, `xmlns`); the DOM's API may give
//! others. An attribute record holds a two-byte slot rather than the
//! prefix's four-byte name, which keeps the record at 16 bytes.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-foreign-attributes>

use std::collections::HashMap;

use super::node::NameId;

/// Which prefix an attribute has: none, or one of its document's
/// [`AttrPrefixes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct PrefixSlot(u16);

impl PrefixSlot {
    /// No prefix.
    pub(crate) const NONE: PrefixSlot = PrefixSlot(0);
}

/// The most distinct prefixes a document's attributes have (slots are
/// 16-bit, 0 being "none"): an attribute with another is not stored.
pub(crate) const MAX_PREFIXES: usize = u16::MAX as usize;

/// The distinct prefixes of a document's attributes.
#[derive(Debug, Clone, Default)]
pub(crate) struct AttrPrefixes {
    /// By slot − 1.
    names: Vec<NameId>,
    /// The other way: looked up per prefixed attribute, so that a document
    /// with many prefixes stays linear.
    slots: HashMap<NameId, PrefixSlot>,
}

impl AttrPrefixes {
    /// The slot of `prefix`, given one if it is new; `None` when the
    /// document has [`MAX_PREFIXES`] others already.
    pub(crate) fn slot(&mut self, prefix: NameId) -> Option<PrefixSlot> {
        if let Some(&slot) = self.slots.get(&prefix) {
            return Some(slot);
        }
        if self.names.len() >= MAX_PREFIXES {
            return None;
        }
        let slot = PrefixSlot(u16::try_from(self.names.len() + 1).ok()?);
        self.names.push(prefix);
        self.slots.insert(prefix, slot);
        Some(slot)
    }

    /// The prefix in `slot`, if it is not [`PrefixSlot::NONE`].
    pub(crate) fn get(&self, slot: PrefixSlot) -> Option<NameId> {
        slot.0.checked_sub(1).map(|index| self.names[usize::from(index)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_get_one_slot_each_until_the_table_is_full() {
        let mut prefixes = AttrPrefixes::default();
        assert_eq!(prefixes.get(PrefixSlot::NONE), None);
        let xlink = prefixes.slot(NameId(7)).unwrap();
        let xml = prefixes.slot(NameId(9)).unwrap();
        assert_ne!(xlink, xml);
        assert_eq!(prefixes.slot(NameId(7)), Some(xlink));
        assert_eq!((prefixes.get(xlink), prefixes.get(xml)), (Some(NameId(7)), Some(NameId(9))));
        for id in 100..100 + MAX_PREFIXES as u32 - 2 {
            assert!(prefixes.slot(NameId(id)).is_some());
        }
        assert_eq!(prefixes.slot(NameId(1)), None);
        assert_eq!(prefixes.slot(NameId(9)), Some(xml));
    }
}
