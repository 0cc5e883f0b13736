//! Names that the names table does not know (`data-*` attributes, custom
//! elements…), each interned once: back to back in one buffer, found
//! through a hash table of their indices. The DOM keeps a document's in
//! one, the tree builder the names of the elements it has opened.
//!
//! A map from an owned name to its index cost two allocations per new name
//! (the name in the list and the map's key) and two SipHash passes (the
//! search, then the insertion), about 1,300 instructions a name; the web
//! pages of the corpus have 28 such names a page. The names come from the
//! document, so the hash is randomly seeded (foldhash, which hashbrown
//! itself defaults to): a page cannot be written to make the table's
//! searches collide without knowing the seed.

use std::hash::BuildHasher;

use hashbrown::hash_table::{Entry, HashTable};

/// The interned names (see the module documentation).
#[derive(Debug, Clone, Default)]
pub(crate) struct NameInterner {
    /// The names, back to back.
    text: String,
    /// Where each name ends in `text`, by index.
    ends: Vec<usize>,
    /// The names' indices, by the hash of the name.
    table: HashTable<u32>,
    hasher: foldhash::fast::RandomState,
}

/// The name at `index` of `text` and `ends`.
fn name_at<'a>(text: &'a str, ends: &[usize], index: usize) -> &'a str {
    let start = match index {
        0 => 0,
        _ => ends[index - 1],
    };
    &text[start..ends[index]]
}

impl NameInterner {
    /// The name at `index`.
    pub(crate) fn get(&self, index: usize) -> &str {
        name_at(&self.text, &self.ends, index)
    }

    /// How many names are interned: every index is below it.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The index of `name`, if it is interned.
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        let hash = self.hasher.hash_one(name);
        self.table
            .find(hash, |&index| name_at(&self.text, &self.ends, index as usize) == name)
            .map(|&index| index as usize)
    }

    /// The index of `name`, which is added if it is new.
    pub(crate) fn intern(&mut self, name: &str) -> usize {
        let hash = self.hasher.hash_one(name);
        let NameInterner { text, ends, table, hasher } = self;
        let entry = table.entry(
            hash,
            |&index| name_at(text, ends, index as usize) == name,
            |&index| hasher.hash_one(name_at(text, ends, index as usize)),
        );
        match entry {
            Entry::Occupied(entry) => *entry.get() as usize,
            Entry::Vacant(entry) => {
                let index = ends.len();
                entry.insert(u32::try_from(index).expect("fewer than 2^32 names"));
                text.push_str(name);
                ends.push(text.len());
                index
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_is_interned_once_and_read_back() {
        let mut names = NameInterner::default();
        let words: Vec<String> = (0..3000).map(|i| format!("data-{}", i % 1000)).collect();
        let indices: Vec<usize> = words.iter().map(|word| names.intern(word)).collect();
        for (word, &index) in words.iter().zip(&indices) {
            assert_eq!(names.get(index), word);
            assert_eq!(names.intern(word), index);
        }
        assert_eq!(indices.iter().max(), Some(&999));
        // The empty name and prefixes of one another are distinct names.
        let (a, ab, empty) = (names.intern("a"), names.intern("ab"), names.intern(""));
        assert_eq!((names.get(a), names.get(ab), names.get(empty)), ("a", "ab", ""));
        assert_eq!(names.clone().intern("ab"), ab);
        assert_eq!((names.find("ab"), names.find("abc")), (Some(ab), None));
        assert_eq!(names.len(), 1003);
    }
}
