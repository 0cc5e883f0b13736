//! The attributes of the formatting elements' tokens, as the list of active
//! formatting elements keeps them.
//!
//! Reconstruction and the adoption agency algorithm create new elements
//! "for the token for which the element was created", so the list keeps
//! each formatting token. The tokenizer reuses its `Tag`, so the token has
//! to be copied. The element's name is already in the entry (a `LocalName`:
//! formatting elements all have names from the names table), so only the
//! attributes are kept: back to back in one text buffer that the list owns
//! ([`FrozenAttrsStore`]), with their lengths in a second one, and each
//! entry holds where its attributes are ([`FrozenAttrs`]). An allocation per
//! formatting element with attributes, and its free, cost more than the
//! rest of pushing the element (8M instructions on the 130 pages of the
//! corpus, most of them `<a href>`).
//!
//! The buffers only grow while the list holds entries: an entry leaving the
//! list may still share its attributes with the entry that replaces it, or
//! be put back (the adoption agency algorithm's step 4.19). They are given
//! back when attributes are frozen next: emptied if the list is empty, or
//! compacted to what the listed entries hold once what they stopped holding
//! outweighs that and the list's length (so that a compaction, which walks
//! the list, is paid for by the bytes frozen since the last one).
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements>

use crate::generated::names::LocalName;
use crate::tokenizer::Tag;

/// Where a token's attributes are in a [`FrozenAttrsStore`]: `count`
/// attributes, their values and the names the names table does not know
/// back to back from `text`, two words per attribute from `lengths`: the
/// name (its [`LocalName`] with [`INTERNED`] set, or the length of its
/// text) and the value's length.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FrozenAttrs {
    text: usize,
    text_len: usize,
    lengths: usize,
    count: usize,
}

impl FrozenAttrs {
    /// How many attributes there are.
    pub fn len(&self) -> usize {
        self.count
    }
}

/// The buffers the frozen attributes of a list's entries are kept in.
#[derive(Debug, Clone, Default)]
pub(crate) struct FrozenAttrsStore {
    text: String,
    lengths: Vec<usize>,
    /// The size of `text` at which [`Self::freeze`] compacts first.
    compact_at: usize,
}

/// Marks a name word of `lengths` as an interned name's index: most
/// attribute names (`href`, `class`) are interned by the tokenizer, so they
/// are kept as the index rather than copied.
const INTERNED: usize = 1 << (usize::BITS - 1);

/// The least `compact_at` over what the listed entries hold: small buffers
/// are left alone.
const COMPACT_ABOVE: usize = 1024;

/// The most bytes a buffer keeps allocated when a compaction finds the
/// list empty: what it reaches between compactions (`COMPACT_ABOVE` and
/// the attributes of a tag or two), not what one long value grew it to.
const KEEP_ALLOCATED: usize = 2 * COMPACT_ABOVE;

/// The lengths a new or emptied `lengths` buffer has room for: about what
/// `COMPACT_ABOVE` bytes of names and values need (two per attribute).
const KEEP_LENGTHS: usize = COMPACT_ABOVE / 8;

impl FrozenAttrsStore {
    /// Copies the attributes of `tag`. `listed` are the attributes the list
    /// still holds: the only ones the buffers must keep (see the module
    /// documentation).
    pub fn freeze<'a>(&mut self, tag: &Tag, listed: impl Iterator<Item = &'a mut FrozenAttrs>) -> FrozenAttrs {
        if tag.attrs.is_empty() {
            return FrozenAttrs::default();
        }
        if self.text.len() >= self.compact_at {
            self.compact(listed);
        }
        let (text, lengths) = (self.text.len(), self.lengths.len());
        self.lengths.reserve(2 * tag.attrs.len());
        for attr in &tag.attrs {
            crate::cost::step!("tree_builder::freeze_attributes");
            let name = match attr.known_name {
                Some(name) => INTERNED | name.index(),
                None => {
                    crate::short_copy::push_str(&mut self.text, &attr.name);
                    attr.name.len()
                }
            };
            // Most values are short: copied without `memcpy`.
            crate::short_copy::push_str(&mut self.text, &attr.value);
            self.lengths.extend([name, attr.value.len()]);
        }
        FrozenAttrs { text, text_len: self.text.len() - text, lengths, count: tag.attrs.len() }
    }

    /// Keeps only the attributes of `listed`, and sets the next size to
    /// compact at: at least as much again as they hold, and as the list is
    /// long.
    #[cold]
    fn compact<'a>(&mut self, listed: impl Iterator<Item = &'a mut FrozenAttrs>) {
        let mut listed = listed.peekable();
        if listed.peek().is_none() {
            // The usual case: the formatting elements were all closed. The
            // buffers are emptied in place: started anew, they regrew by
            // doubling after every compaction (4.3M instructions of
            // reallocation on the 130 pages for 492 compactions). What they
            // keep is bounded by `KEEP_ALLOCATED`, so that the peak while
            // parsing does not grow (buffers kept with the room of a 4 KB
            // threshold raised it: performance log, branch `ptree2`).
            if self.text.capacity() > KEEP_ALLOCATED {
                self.text = String::new();
            }
            if self.lengths.capacity() > 2 * KEEP_LENGTHS {
                self.lengths = Vec::new();
            }
            self.text.clear();
            self.lengths.clear();
            // The room they keep, given at once the first time (growing
            // from nothing took a dozen reallocations per document).
            self.text.reserve_exact(KEEP_ALLOCATED);
            self.lengths.reserve_exact(KEEP_LENGTHS);
            self.compact_at = COMPACT_ABOVE;
            return;
        }
        // Some are listed: their attributes are copied to new buffers.
        let mut text = String::with_capacity(KEEP_ALLOCATED);
        let mut lengths = Vec::with_capacity(KEEP_LENGTHS);
        let mut entries = 0;
        for frozen in listed {
            crate::cost::step!("tree_builder::frozen_attributes_kept");
            entries += 1;
            let start = (text.len(), lengths.len());
            text.push_str(&self.text[frozen.text..frozen.text + frozen.text_len]);
            lengths.extend_from_slice(&self.lengths[frozen.lengths..frozen.lengths + 2 * frozen.count]);
            (frozen.text, frozen.lengths) = start;
        }
        self.compact_at = text.len() + text.len().max(entries).max(COMPACT_ABOVE);
        self.text = text;
        self.lengths = lengths;
    }

    /// Each attribute of `frozen` as (name, value), in the token's order.
    pub fn iter(&self, frozen: FrozenAttrs) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut text = &self.text[frozen.text..frozen.text + frozen.text_len];
        self.lengths[frozen.lengths..frozen.lengths + 2 * frozen.count].chunks_exact(2).map(move |pair| {
            let name = if pair[0] & INTERNED != 0 {
                LocalName::from_index(pair[0] & !INTERNED).expect("an interned name's index").as_str()
            } else {
                let (name, rest) = text.split_at(pair[0]);
                text = rest;
                name
            };
            let (value, rest) = text.split_at(pair[1]);
            text = rest;
            (name, value)
        })
    }

    /// Whether the tag of `lookup` has the same attributes as `frozen`, in
    /// any order ("compared as they were when the elements were created by
    /// the parser"). Names are unique on both sides (the tokenizer drops
    /// duplicates). O(k) for k attributes.
    pub fn same_as(&self, frozen: FrozenAttrs, lookup: &AttrLookup<'_>) -> bool {
        frozen.len() == lookup.len() && self.iter(frozen).all(|(name, value)| lookup.get(name) == Some(value))
    }
}

/// A tag's attributes by name, for comparing attribute lists: a search of
/// the tag's few attributes, or past [`AttrLookup::SEARCHED`] a hash table
/// built once (a search per attribute made each comparison O(k²): four `b`
/// tags of k attributes took 3.4 s at 1.4 MB).
pub(crate) struct AttrLookup<'a> {
    tag: &'a Tag,
    by_name: Option<hashbrown::HashMap<&'a str, &'a str, foldhash::fast::RandomState>>,
}

impl<'a> AttrLookup<'a> {
    /// Up to this many attributes are searched.
    const SEARCHED: usize = 8;

    pub fn new(tag: &'a Tag) -> AttrLookup<'a> {
        let by_name = (tag.attrs.len() > Self::SEARCHED)
            .then(|| tag.attrs.iter().map(|attr| (attr.name.as_str(), attr.value.as_str())).collect());
        AttrLookup { tag, by_name }
    }

    fn len(&self) -> usize {
        self.tag.attrs.len()
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        match &self.by_name {
            Some(by_name) => by_name.get(name).copied(),
            None => self.tag.attr(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::Attribute;

    fn tag(attrs: &[(&str, &str)]) -> Tag {
        Tag { attrs: attrs.iter().map(|&(name, value)| Attribute::new(name, value)).collect(), ..Tag::new("a") }
    }

    #[test]
    fn keeps_names_and_values_in_order() {
        let mut store = FrozenAttrsStore::default();
        let frozen = store.freeze(&tag(&[("href", "/x"), ("class", ""), ("id", "é")]), std::iter::empty());
        let attrs: Vec<_> = store.iter(frozen).collect();
        assert_eq!(attrs, [("href", "/x"), ("class", ""), ("id", "é")]);
        let none = store.freeze(&tag(&[]), std::iter::empty());
        assert_eq!(store.iter(none).count(), 0);
    }

    #[test]
    fn compares_attribute_sets_in_any_order() {
        let mut store = FrozenAttrsStore::default();
        let frozen = store.freeze(&tag(&[("a", "1"), ("b", "2")]), std::iter::empty());
        let same = |frozen, attrs: &[(&str, &str)]| store.same_as(frozen, &AttrLookup::new(&tag(attrs)));
        assert!(same(frozen, &[("b", "2"), ("a", "1")]));
        assert!(!same(frozen, &[("a", "1"), ("b", "3")]));
        assert!(!same(frozen, &[("a", "1")]));
        // "ab" + "" must not equal "a" + "b".
        let joined = store.freeze(&tag(&[("ab", "")]), std::iter::empty());
        assert!(!store.same_as(joined, &AttrLookup::new(&tag(&[("a", "b")]))));
        // Past the attributes searched, the table answers the same.
        let many: Vec<(String, String)> = (0..20).map(|i| (format!("a{i}"), format!("{i}"))).collect();
        let many: Vec<(&str, &str)> = many.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
        let frozen = store.freeze(&tag(&many), std::iter::empty());
        let mut reversed = many.clone();
        reversed.reverse();
        assert!(store.same_as(frozen, &AttrLookup::new(&tag(&reversed))));
        reversed[3].1 = "x";
        assert!(!store.same_as(frozen, &AttrLookup::new(&tag(&reversed))));
    }

    #[test]
    fn keeps_any_characters_any_number_and_any_length() {
        let long = "x".repeat(70_000);
        let mut store = FrozenAttrsStore::default();
        for attrs in [
            &[("a\0b", "1"), ("c", "\0"), ("d", "")][..],
            &[("a", "1"), ("b", "2"), ("c", "3"), ("d", "4"), ("e", "5")],
            &[("a", "1"), ("b", long.as_str())],
            &[("é", ""), ("e", "ƒ")],
        ] {
            let frozen = store.freeze(&tag(attrs), std::iter::empty());
            assert_eq!(store.iter(frozen).collect::<Vec<_>>(), attrs);
            assert!(store.same_as(frozen, &AttrLookup::new(&tag(attrs))));
        }
    }

    #[test]
    fn compaction_keeps_the_listed_attributes_and_bounds_the_buffers() {
        let mut store = FrozenAttrsStore::default();
        let mut listed = vec![store.freeze(&tag(&[("href", "/kept")]), std::iter::empty())];
        // Attributes frozen and dropped again and again: the buffers stay
        // within what the listed ones hold plus the compaction margin.
        for n in 0..10_000 {
            let value = format!("/dropped/{n}");
            let frozen = store.freeze(&tag(&[("href", &value)]), listed.iter_mut());
            assert_eq!(store.iter(frozen).collect::<Vec<_>>(), [("href", value.as_str())]);
            assert!(store.text.len() <= 2 * COMPACT_ABOVE + 64, "{} bytes", store.text.len());
        }
        assert_eq!(store.iter(listed[0]).collect::<Vec<_>>(), [("href", "/kept")]);
        let frozen = store.freeze(&tag(&[("class", "c")]), listed.iter_mut());
        listed.push(frozen);
        assert_eq!(store.iter(listed[0]).collect::<Vec<_>>(), [("href", "/kept")]);
        assert_eq!(store.iter(listed[1]).collect::<Vec<_>>(), [("class", "c")]);
    }

    #[test]
    fn an_empty_list_keeps_small_buffers_and_frees_large_ones() {
        let mut store = FrozenAttrsStore::default();
        let mut capacities = Vec::new();
        for n in 0..1_000 {
            let value = format!("/dropped/{n}");
            store.freeze(&tag(&[("href", &value)]), std::iter::empty());
            capacities.push(store.text.capacity());
        }
        // Emptied in place: the text buffer reached its size once and kept it.
        let settled = capacities[capacities.len() / 2..].iter();
        assert!(settled.clone().all(|&capacity| capacity == capacities[capacities.len() - 1]), "{capacities:?}");
        assert!(capacities[capacities.len() - 1] <= 2 * KEEP_ALLOCATED);
        // One long value grows the buffer; the next compaction lets it go.
        let long = "x".repeat(70_000);
        store.freeze(&tag(&[("href", &long)]), std::iter::empty());
        let frozen = store.freeze(&tag(&[("href", "/after")]), std::iter::empty());
        assert_eq!(store.iter(frozen).collect::<Vec<_>>(), [("href", "/after")]);
        assert!(store.text.capacity() <= KEEP_ALLOCATED, "{} bytes kept", store.text.capacity());
    }
}
