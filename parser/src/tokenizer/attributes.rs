//! A tag token's list of attributes, which keeps the slots of the
//! attributes it drops for the next ones.
//!
//! The tokenizer builds every tag in one [`Tag`](super::Tag), and each
//! attribute's name and value in `String`s that keep the room they grew
//! to. With a `Vec<Attribute>` the slots of the last tag had to move to a
//! spare list before the next tag started (a `memcpy` of 56 bytes a slot
//! and a call per tag with attributes, the length of the move varying with
//! the tag); here the list only forgets how many it holds, and the next
//! attribute reuses the first slot past the end.

use super::Attribute;
use std::fmt;
use std::ops::{Deref, DerefMut};

/// The attributes of a [`Tag`](super::Tag), in source order: a list that
/// reads as a slice of [`Attribute`]s (`iter`, `len`, indexing, through
/// `Deref`), grows by [`Attributes::push`] and converts from and to a
/// `Vec<Attribute>`.
///
/// Attributes that [`Attributes::clear`] or [`Attributes::truncate`]
/// drop are kept, out of sight, for their allocations; a clone holds only
/// the attributes.
///
/// ```
/// use htmlforge::tokenizer::{Attribute, Attributes};
///
/// let mut attrs: Attributes = vec![Attribute::new("id", "a")].into();
/// attrs.push(Attribute::new("class", "b"));
/// assert_eq!(attrs.iter().map(|a| a.name()).collect::<Vec<_>>(), ["id", "class"]);
/// attrs.clear();
/// assert!(attrs.is_empty());
/// ```
#[derive(Default)]
pub struct Attributes {
    /// The attributes (`slots[..len]`), then the slots kept for reuse,
    /// whose contents are stale.
    slots: Vec<Attribute>,
    /// How many of `slots` are attributes (never more than `slots.len()`).
    len: usize,
}

impl Attributes {
    /// An empty list.
    pub const fn new() -> Attributes {
        Attributes { slots: Vec::new(), len: 0 }
    }

    /// Adds `attribute` at the end.
    pub fn push(&mut self, attribute: Attribute) {
        if self.len < self.slots.len() {
            self.slots[self.len] = attribute;
        } else {
            self.slots.push(attribute);
        }
        self.len += 1;
    }

    /// Removes the last attribute and returns it.
    pub fn pop(&mut self) -> Option<Attribute> {
        self.len = self.len.checked_sub(1)?;
        Some(std::mem::take(&mut self.slots[self.len]))
    }

    /// Keeps the first `len` attributes (all of them when there are no
    /// more than `len`).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// How many attributes the list holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no attribute.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every attribute.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The attributes as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Attribute] {
        &self.slots[..self.len]
    }

    /// The attributes as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Attribute] {
        &mut self.slots[..self.len]
    }

    /// The attributes as a `Vec` (the kept slots are dropped).
    pub fn into_vec(mut self) -> Vec<Attribute> {
        self.slots.truncate(self.len);
        self.slots
    }

    /// Starts a new attribute at the end, with an empty name and value, in
    /// the first kept slot (its strings keep their room), or in a slot
    /// `fresh` makes when none is kept. Its `local_name` is stale until
    /// the name is interned.
    #[inline(always)]
    pub(crate) fn start_new(&mut self, fresh: fn() -> Attribute) {
        if self.len == self.slots.len() {
            self.slots.push(fresh());
        }
        let attribute = &mut self.slots[self.len];
        attribute.name.clear();
        attribute.value.clear();
        self.len += 1;
    }

    /// Removes the last attribute, keeping its slot (a duplicate's).
    #[inline]
    pub(crate) fn drop_last(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// The last attribute, without the slice's bounds test of
    /// `last_mut()` through `Deref` (the tokenizer's appends ask for it
    /// at every run of a name or value).
    #[inline(always)]
    pub(crate) fn last_attribute_mut(&mut self) -> Option<&mut Attribute> {
        self.slots.get_mut(self.len.wrapping_sub(1))
    }
}

impl Deref for Attributes {
    type Target = [Attribute];

    #[inline]
    fn deref(&self) -> &[Attribute] {
        self.as_slice()
    }
}

impl DerefMut for Attributes {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Attribute] {
        self.as_mut_slice()
    }
}

impl Clone for Attributes {
    fn clone(&self) -> Attributes {
        Attributes::from(self.as_slice().to_vec())
    }
}

impl PartialEq for Attributes {
    fn eq(&self, other: &Attributes) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Attributes {}

impl fmt::Debug for Attributes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl From<Vec<Attribute>> for Attributes {
    fn from(slots: Vec<Attribute>) -> Attributes {
        Attributes { len: slots.len(), slots }
    }
}

impl From<Attributes> for Vec<Attribute> {
    fn from(attributes: Attributes) -> Vec<Attribute> {
        attributes.into_vec()
    }
}

impl FromIterator<Attribute> for Attributes {
    fn from_iter<I: IntoIterator<Item = Attribute>>(iter: I) -> Attributes {
        Attributes::from(Vec::from_iter(iter))
    }
}

impl Extend<Attribute> for Attributes {
    fn extend<I: IntoIterator<Item = Attribute>>(&mut self, iter: I) {
        for attribute in iter {
            self.push(attribute);
        }
    }
}

impl<'a> IntoIterator for &'a Attributes {
    type Item = &'a Attribute;
    type IntoIter = std::slice::Iter<'a, Attribute>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a mut Attributes {
    type Item = &'a mut Attribute;
    type IntoIter = std::slice::IterMut<'a, Attribute>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl IntoIterator for Attributes {
    type Item = Attribute;
    type IntoIter = std::vec::IntoIter<Attribute>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::{Attribute, Attributes};

    fn names(attrs: &Attributes) -> Vec<&str> {
        attrs.iter().map(Attribute::name).collect()
    }

    #[test]
    fn dropped_attributes_stay_out_of_sight() {
        let mut attrs: Attributes = ["a", "b", "c"].into_iter().map(|n| Attribute::new(n, n)).collect();
        attrs.truncate(1);
        assert_eq!(names(&attrs), ["a"]);
        assert_eq!(attrs, Attributes::from(vec![Attribute::new("a", "a")]));
        assert_eq!(format!("{attrs:?}"), format!("{:?}", vec![Attribute::new("a", "a")]));
        let clone = attrs.clone();
        assert_eq!(clone.slots.len(), 1);
        attrs.start_new(Attribute::default);
        assert_eq!(names(&attrs), ["a", ""]);
        assert_eq!(attrs[1].value, "", "a kept slot is cleared");
        attrs.drop_last();
        attrs.push(Attribute::new("d", "4"));
        assert_eq!(names(&attrs), ["a", "d"]);
        assert_eq!(attrs.pop().map(|a| a.value), Some("4".to_string()));
        assert_eq!(attrs.clone().into_vec(), vec![Attribute::new("a", "a")]);
        attrs.clear();
        assert!(attrs.last_attribute_mut().is_none());
        assert!(attrs.pop().is_none());
        attrs.drop_last();
        assert!(attrs.is_empty());
        attrs.start_new(Attribute::default);
        attrs.start_new(Attribute::default);
        attrs.start_new(Attribute::default);
        assert_eq!(attrs.len(), 3);
        assert!(attrs.last_attribute_mut().is_some());
        attrs.extend([Attribute::new("e", "")]);
        assert_eq!(names(&attrs), ["", "", "", "e"]);
        assert_eq!(attrs.into_iter().count(), 4);
    }
}
