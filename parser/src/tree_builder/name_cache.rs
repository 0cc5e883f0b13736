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

/// FNV-1a over the name's bytes, folded to a slot.
pub(crate) fn slot_of(name: &str) -> usize {
    let mut hash: u32 = 0x811C_9DC5;
    for &byte in name.as_bytes() {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    ((hash >> 16) ^ hash) as usize % SLOTS
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
