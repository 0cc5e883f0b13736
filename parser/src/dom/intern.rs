//! Interning of element and attribute names: the names table's
//! [`LocalName`]s, plus a per-document table for other names.

use crate::generated::names::{LocalName, LOCAL_NAME_COUNT};
use crate::tree_builder::{AttrRef, Name};

use super::node::{NameId, StoredAttr};
use super::{name_cache, Document};

impl Document {
    pub(super) fn name_str(&self, name: NameId) -> &str {
        match LocalName::from_index(name.0 as usize) {
            Some(known) => known.as_str(),
            None => &self.other_names[name.0 as usize - LOCAL_NAME_COUNT],
        }
    }

    pub(super) fn intern(&mut self, name: &Name) -> NameId {
        match name {
            Name::Known(known) => NameId(known.index() as u32),
            Name::Other(other) => self.intern_str(other),
        }
    }

    #[inline]
    pub(super) fn intern_str(&mut self, name: &str) -> NameId {
        // Known names (most attribute names) straight from the names
        // table's perfect hash, inline; the others (`data-*`…) out of line.
        match LocalName::lookup(name) {
            Some(known) => NameId(known.index() as u32),
            None => self.intern_other(name),
        }
    }

    /// Interns a name outside the names table through a cache of the last
    /// ones seen (pages repeat a few): a `HashMap` lookup costs more.
    #[inline(never)]
    pub(super) fn intern_other(&mut self, name: &str) -> NameId {
        let slot = name_cache::slot_of(name);
        if let Some(id) = self.name_slots.as_ref().and_then(|slots| slots[slot]) {
            if self.name_str(id) == name {
                return id;
            }
        }
        let id = self.intern_uncached(name);
        self.name_slots.get_or_insert_with(|| Box::new([None; name_cache::SLOTS]))[slot] = Some(id);
        id
    }

    /// Interns a name the names table does not know.
    pub(super) fn intern_uncached(&mut self, name: &str) -> NameId {
        if let Some(&index) = self.other_name_ids.get(name) {
            return NameId((LOCAL_NAME_COUNT + index as usize) as u32);
        }
        let index = u32::try_from(self.other_names.len()).expect("fewer than 2^32 names");
        self.other_names.push(name.into());
        self.other_name_ids.insert(name.into(), index);
        NameId((LOCAL_NAME_COUNT + index as usize) as u32)
    }

    pub(super) fn attr_ref(&self, attr: &StoredAttr) -> AttrRef<'_> {
        AttrRef {
            ns: attr.ns,
            prefix: attr.prefix.map(|prefix| self.name_str(prefix)),
            local: self.name_str(attr.name),
            value: self.strings.get(attr.value),
        }
    }
}

#[cfg(test)]
mod name_cache_tests {
    use super::*;
    use crate::generated::names::LocalName;

    #[test]
    fn interned_names_are_stable_when_cache_slots_collide() {
        // 2,000 names over 256 slots: every slot is overwritten many times.
        let names: Vec<String> = (0..2000)
            .map(|i| {
                if i % 3 == 0 {
                    LocalName::all().nth(i % 50).unwrap().as_str().to_string()
                } else {
                    format!("data-x{i}")
                }
            })
            .collect();
        let mut document = Document::new();
        let first: Vec<NameId> = names.iter().map(|name| document.intern_str(name)).collect();
        for round in 0..2 {
            for (name, &id) in names.iter().zip(&first).rev() {
                assert_eq!(document.intern_str(name), id, "{name} in round {round}");
                assert_eq!(document.name_str(id), name);
            }
            document.shrink_to_fit();
        }
    }
}
