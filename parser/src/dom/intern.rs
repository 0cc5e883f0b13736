//! Interning of element and attribute names: the names table's
//! [`LocalName`]s, plus a per-document table for other names.

use crate::generated::names::{LocalName, LOCAL_NAME_COUNT};
use crate::vocab::{AttrRef, Name};

use super::mutate::ParsedAttribute;
use super::node::{NameId, StoredAttr};
use super::{name_cache, Document};

impl Document {
    pub(super) fn name_str(&self, name: NameId) -> &str {
        match LocalName::from_index(name.0 as usize) {
            Some(known) => known.as_str(),
            None => self.other_names.get(name.0 as usize - LOCAL_NAME_COUNT),
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
            None => self.intern_other(name, true),
        }
    }

    /// The name of an attribute as the DOM keeps it: its interned local
    /// name when it comes with one (the parser interned it), else
    /// `name` interned.
    #[inline]
    pub(super) fn intern_attr_name(&mut self, attr: &AttrRef<'_>) -> NameId {
        match attr.known_name {
            Some(known) => NameId(known.index() as u32),
            // Most often a name outside the names table (`data-*`): the
            // cache first, the names table only on a miss.
            None => self.intern_other(attr.name, false),
        }
    }

    /// The name of a parsed attribute as the DOM keeps it: the parser
    /// interned it, and a name it did not find the names table does not
    /// know.
    #[inline]
    pub(super) fn intern_parsed_attr_name(&mut self, attr: &impl ParsedAttribute) -> NameId {
        match attr.known_name() {
            Some(known) => NameId(known.index() as u32),
            None => self.intern_other(attr.name(), true),
        }
    }

    /// Interns a name through a cache of the last ones seen outside the
    /// names table (pages repeat a few): a `HashMap` lookup costs more.
    /// With `looked_up`, the names table does not know `name`; without, it
    /// is asked on a miss.
    #[inline(never)]
    fn intern_other(&mut self, name: &str, looked_up: bool) -> NameId {
        let slot = name_cache::slot_of(name);
        if let Some(id) = self.name_slots.as_ref().and_then(|slots| slots[slot]) {
            if self.name_str(id) == name {
                return id;
            }
        }
        let known = if looked_up { None } else { LocalName::lookup(name) };
        let id = match known {
            Some(known) => NameId(known.index() as u32),
            None => self.intern_uncached(name),
        };
        self.name_slots.get_or_insert_with(|| Box::new([None; name_cache::SLOTS]))[slot] = Some(id);
        id
    }

    /// Interns a name the names table does not know.
    pub(super) fn intern_uncached(&mut self, name: &str) -> NameId {
        let index = self.other_names.intern(name);
        NameId(u32::try_from(LOCAL_NAME_COUNT + index).expect("fewer than 2^32 names"))
    }

    pub(super) fn attr_ref(&self, attr: &StoredAttr) -> AttrRef<'_> {
        AttrRef {
            ns: attr.ns,
            prefix: self.attr_prefixes.get(attr.prefix).map(|prefix| self.name_str(prefix)),
            name: self.name_str(attr.name),
            known_name: LocalName::from_index(attr.name.0 as usize),
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

    /// An attribute name comes interned or not, known or not: it is stored
    /// as one name either way.
    #[test]
    fn attribute_names_are_one_name_however_they_come() {
        use crate::generated::names::{local_names, Namespace};
        use crate::vocab::QualName;
        let mut document = Document::new();
        let name = QualName::new(Namespace::Html, Name::Known(local_names::DIV));
        let not_interned = |name, value| AttrRef { known_name: None, ..AttrRef::new(name, value) };
        let element = document.create_element_unchecked(
            &name,
            &[not_interned("class", "a"), AttrRef::new("data-x", "1"), not_interned("data-y", "2")],
        );
        document.add_attrs_if_missing(
            element,
            &[
                AttrRef::new("class", "b"),
                not_interned("data-x", "3"),
                AttrRef::new("data-y", "4"),
                AttrRef::new("id", "i"),
            ],
        );
        let attrs: Vec<_> = document.element(element).unwrap().attrs().collect();
        let names: Vec<_> = attrs.iter().map(|attr| (attr.name, attr.known_name, attr.value)).collect();
        assert_eq!(
            names,
            [
                ("class", Some(local_names::CLASS), "a"),
                ("data-x", None, "1"),
                ("data-y", None, "2"),
                ("id", Some(local_names::ID), "i")
            ]
        );
    }
}
