//! The slot function of the DOM's cache of names outside the names table
//! (`data-*`, custom elements…): pages repeat the same few, and a slot
//! plus one string comparison is cheaper than a `HashMap` lookup.

/// Slots of the DOM's name cache.
pub(crate) const SLOTS: usize = 256;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::names::LocalName;

    #[test]
    fn the_names_table_finds_every_name_and_nothing_else() {
        for name in LocalName::all() {
            let text = name.as_str();
            assert_eq!(LocalName::lookup(text), Some(name), "{text}");
            // Near misses of every length: one byte changed, one more, one fewer.
            let mut changed = text.as_bytes().to_vec();
            for at in 0..changed.len() {
                let original = changed[at];
                changed[at] = if original == b'~' { b'!' } else { b'~' };
                assert_eq!(LocalName::lookup(std::str::from_utf8(&changed).unwrap()), None, "{text} at {at}");
                changed[at] = original;
            }
            let longer = format!("{text}x");
            assert_eq!(LocalName::lookup(&longer), LocalName::all().find(|n| n.as_str() == longer));
            let shorter = &text[..text.len() - 1];
            assert_eq!(LocalName::lookup(shorter), LocalName::all().find(|n| n.as_str() == shorter));
        }
        assert_eq!(LocalName::lookup(""), None);
        assert_eq!(LocalName::lookup("DIV"), None);
    }

    #[test]
    fn slots_are_in_range() {
        for name in ["", "a", "ab", "data-something-long", "x-\u{e9}"] {
            assert!(slot_of(name) < SLOTS);
        }
    }
}
