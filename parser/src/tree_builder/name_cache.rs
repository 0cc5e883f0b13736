//! A small direct-mapped cache in front of [`LocalName::lookup`]: pages
//! repeat the same few dozen tag and attribute names, and a byte hash plus
//! one string comparison is cheaper than the names table's perfect-hash
//! lookup.

use crate::generated::names::LocalName;

/// Slots of the cache (and of the DOM's name cache).
pub(crate) const SLOTS: usize = 256;

/// Remembers the known names it has been asked about, one per slot. The
/// slots are allocated on first use.
#[derive(Debug, Clone, Default)]
pub(crate) struct LocalNameCache {
    slots: Option<Box<[Option<LocalName>; SLOTS]>>,
}

/// The slot of a name: a mix of its length, first two bytes and last
/// byte, so that finding it costs the same few instructions whatever the
/// name's length (hashing every byte cost more than half of the tree
/// builder's name lookups). Names that collide only miss the cache and
/// are looked up in full, so a poor spread costs time, never answers.
pub(crate) fn slot_of(name: &str) -> usize {
    let bytes = name.as_bytes();
    let (first, second, last) = match bytes {
        [] => (0, 0, 0),
        [only] => (*only, 0, *only),
        [first, second, .., last] | [first, second @ last] => (*first, *second, *last),
    };
    let mixed = (bytes.len() as u32)
        ^ (u32::from(first) << 8)
        ^ (u32::from(second) << 16)
        ^ (u32::from(last) << 24).rotate_left(4);
    (mixed.wrapping_mul(0x9E37_79B1) >> 24) as usize % SLOTS
}

impl LocalNameCache {
    /// The same answer as `LocalName::lookup(name)`.
    pub fn lookup(&mut self, name: &str) -> Option<LocalName> {
        let slot = slot_of(name);
        let slots = self.slots.get_or_insert_with(|| Box::new([None; SLOTS]));
        if let Some(known) = slots[slot] {
            if known.as_str() == name {
                return Some(known);
            }
        }
        let found = LocalName::lookup(name);
        if found.is_some() {
            slots[slot] = found;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_like_the_names_table() {
        let mut cache = LocalNameCache::default();
        for _ in 0..2 {
            for name in LocalName::all() {
                assert_eq!(cache.lookup(name.as_str()), Some(name));
            }
            assert_eq!(cache.lookup("not-a-known-name"), None);
            assert_eq!(cache.lookup(""), LocalName::lookup(""));
        }
    }
}
