//! The list of active formatting elements: pushing with the Noah's Ark
//! clause, reconstructing, clearing to the last marker.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-list-of-active-formatting-elements>

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::generated::names::{LocalName, LOCAL_NAME_COUNT};
use crate::tokenizer::Tag;

use super::frozen_attrs::{FrozenAttrs, FrozenAttrsStore};
use super::{TreeBuilder, TreeSink};

/// An entry of the list: a marker, or a formatting element with the token
/// it was created for (reconstruction and the adoption agency algorithm
/// create new elements "for the token"; the token is its name and its
/// attributes, shared, not copied, between the entries made for it).
#[derive(Debug, Clone)]
pub(crate) enum FormattingEntry<H> {
    Marker,
    /// `stack_serial`: the serial the element got on the stack of open
    /// elements; `StackOfOpenElements::is_open` tells whether it is still
    /// there, so that neither reconstruction searches the stack nor popping
    /// an element searches the list. `signature`: the element's
    /// [`signature`] once it is counted for the Noah's Ark clause (see
    /// [`ListOfActiveFormattingElements::signature_counts`]), `None` before.
    Element {
        handle: H,
        name: LocalName,
        attrs: FrozenAttrs,
        signature: Option<u64>,
        stack_serial: u32,
    },
}

impl<H> FormattingEntry<H> {
    /// Whether this is an element's entry named `name`.
    fn is_named(&self, name: LocalName) -> bool {
        matches!(self, FormattingEntry::Element { name: other, .. } if *other == name)
    }
}

impl<H: Copy + PartialEq> FormattingEntry<H> {
    pub fn handle(&self) -> Option<H> {
        match self {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { handle, .. } => Some(*handle),
        }
    }

    /// The stack serial of an element's entry.
    pub fn stack_serial(&self) -> Option<u32> {
        match self {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { stack_serial, .. } => Some(*stack_serial),
        }
    }
}

/// No entry for this serial.
const UNLISTED: u32 = u32::MAX;

/// The step by which the table of entries per serial grows.
const SERIAL_STEP: usize = 64;

/// Hashes a signature to itself: signatures are already well-mixed hashes
/// (see [`signature`]), and hashing them again with SipHash cost more than
/// the rest of pushing an element (about 20M instructions on the corpus).
#[derive(Default)]
struct SignatureHasher(u64);

impl Hasher for SignatureHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used (the keys are `u64`); any other input
        // is folded in so that the hasher stays total.
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type SignatureCounts = HashMap<u64, u32, BuildHasherDefault<SignatureHasher>>;

/// The list, with a count of element signatures since the last marker
/// (saved and restored around markers), so that the Noah's Ark clause
/// scans the list only when three equal elements may really be there.
/// Every change to elements happens after the last marker (markers belong
/// to scope boundaries, and the algorithms only touch elements in scope).
#[derive(Debug, Clone)]
pub(crate) struct ListOfActiveFormattingElements<H> {
    entries: Vec<FormattingEntry<H>>,
    /// The entries of each name and the markers (see [`EntryChains`]): the
    /// last entry of a name after the last marker is found without a
    /// search of the list.
    chains: EntryChains,
    /// How many counted elements of each signature follow the last marker.
    /// Three equal elements need three of one name, so an element is
    /// counted only from the third of its name after the last marker on
    /// (which counts the two before it too): then every element of that
    /// name after the last marker is counted. Counting every element cost
    /// a signature, a map insertion and a map removal per formatting
    /// element, where most pages never hold three of a name.
    signature_counts: SignatureCounts,
    counts_before_markers: Vec<SignatureCounts>,
    /// Per stack serial (see [`FormattingEntry::Element`]): the index of
    /// the entry made for that push, or [`UNLISTED`]. Each entry has a
    /// serial of its own (an element is pushed once, and an entry is made
    /// right after the push), so "the element's position in the list" is a
    /// lookup: the adoption agency algorithm asks it for elements that are
    /// not listed, and a search of the list made `<i a=k>`×n followed by
    /// n unlisted `b`s quadratic. Indexed from [`Self::first_serial`]:
    /// the table covers the serials since the list last held no element,
    /// not every element of the document (4 bytes per element, with the
    /// stack's positions a third of the parse's own memory at its peak on
    /// the documentation pages).
    by_serial: Vec<u32>,
    /// The serial of `by_serial[0]`: no element entry has a lower one.
    first_serial: u32,
    /// The entries' attributes.
    frozen_attrs: FrozenAttrsStore,
}

impl<H> Default for ListOfActiveFormattingElements<H> {
    fn default() -> Self {
        ListOfActiveFormattingElements {
            entries: Vec::new(),
            chains: EntryChains::default(),
            signature_counts: SignatureCounts::default(),
            counts_before_markers: Vec::new(),
            by_serial: Vec::new(),
            first_serial: 0,
            frozen_attrs: FrozenAttrsStore::default(),
        }
    }
}

impl<H> std::ops::Deref for ListOfActiveFormattingElements<H> {
    type Target = [FormattingEntry<H>];

    fn deref(&self) -> &[FormattingEntry<H>] {
        &self.entries
    }
}

/// The entries of each name as a chain through the list (per name its last
/// entry, per entry the one of its name before it), and the markers'
/// indices. A push or pop of an element reads and writes one link (a list
/// of indices per name cost a search of the names and a vector's push or
/// pop each time); an insertion or removal in the middle, which moves the
/// entries above it, moves their links in the same walk.
#[derive(Debug, Clone)]
struct EntryChains {
    /// Per name ([`LocalName::index`]): 1 + the index of the last entry of
    /// that name, or 0 when none is listed.
    last: Box<[u32; LOCAL_NAME_COUNT]>,
    /// Per entry (parallel to the entries): for an element, 1 + the index
    /// of the entry of its name before it, or 0 when it is the first; 0 for
    /// markers.
    below: Vec<u32>,
    /// The markers' indices, ascending.
    markers: Vec<u32>,
}

impl Default for EntryChains {
    fn default() -> Self {
        EntryChains { last: Box::new([0; LOCAL_NAME_COUNT]), below: Vec::new(), markers: Vec::new() }
    }
}

impl EntryChains {
    /// Links `entry`, pushed at `index` (the end of the list).
    #[inline]
    fn pushed<H>(&mut self, index: usize, entry: &FormattingEntry<H>) {
        let link = match entry {
            FormattingEntry::Marker => {
                self.markers.push(index as u32);
                0
            }
            FormattingEntry::Element { name, .. } => std::mem::replace(&mut self.last[name.index()], index as u32 + 1),
        };
        self.below.push(link);
    }

    /// Unlinks `entry`, popped from the end of the list.
    #[inline]
    fn popped<H>(&mut self, entry: &FormattingEntry<H>) {
        let link = self.below.pop().unwrap_or_default();
        match entry {
            FormattingEntry::Marker => {
                self.markers.pop();
            }
            FormattingEntry::Element { name, .. } => self.last[name.index()] = link,
        }
    }

    /// Moves the markers' indices at or above `from` by `delta`.
    fn shift_markers(&mut self, from: usize, delta: i32) {
        for marker in self.markers.iter_mut().rev() {
            if (*marker as usize) < from {
                break;
            }
            *marker = marker.wrapping_add_signed(delta);
        }
    }

    /// Links `entry`, inserted at `index`; `above` are the entries after it
    /// (which moved up by one). Costs the number of entries above.
    fn inserted<H>(&mut self, index: usize, entry: &FormattingEntry<H>, above: &[FormattingEntry<H>]) {
        let link_to_new = index as u32 + 1;
        // Links to the entries that moved up move with them.
        for below in &mut self.below[index..] {
            if *below >= link_to_new {
                *below += 1;
            }
        }
        self.shift_markers(index, 1);
        let link = match entry {
            FormattingEntry::Marker => {
                let at = self.markers.partition_point(|&marker| (marker as usize) < index);
                self.markers.insert(at, index as u32);
                0
            }
            // The first entry of the name above links to the new one, or
            // the new one is the last of its name.
            FormattingEntry::Element { name, .. } => match above.iter().position(|other| other.is_named(*name)) {
                Some(offset) => std::mem::replace(&mut self.below[index + offset], link_to_new),
                None => std::mem::replace(&mut self.last[name.index()], link_to_new),
            },
        };
        self.below.insert(index, link);
        self.relink_last(index + 1, above);
    }

    /// Unlinks `entry`, removed from `index`; `above` are the entries after
    /// it (which moved down by one). Costs the number of entries above.
    fn removed<H>(&mut self, index: usize, entry: &FormattingEntry<H>, above: &[FormattingEntry<H>]) {
        let link = self.below.remove(index);
        match entry {
            FormattingEntry::Marker => {
                let at = self.markers.partition_point(|&marker| (marker as usize) < index);
                self.markers.remove(at);
            }
            FormattingEntry::Element { name, .. } => self.last[name.index()] = link,
        }
        self.shift_markers(index, -1);
        // The entry of the name above links to the removed one's link; the
        // other links to the entries that moved down move with them.
        let link_to_removed = index as u32 + 1;
        for below in &mut self.below[index..] {
            if *below == link_to_removed {
                *below = link;
            } else if *below > link_to_removed {
                *below -= 1;
            }
        }
        self.relink_last(index, above);
    }

    /// Sets the last entry of each name listed in `above`, which starts at
    /// `index` (they are the last of their names).
    fn relink_last<H>(&mut self, index: usize, above: &[FormattingEntry<H>]) {
        for (at, entry) in (index..).zip(above) {
            if let FormattingEntry::Element { name, .. } = entry {
                self.last[name.index()] = at as u32 + 1;
            }
        }
    }

    /// The index of the last entry named `name` after the last marker.
    #[inline]
    fn last_after_marker(&self, name: LocalName) -> Option<usize> {
        let last = self.last[name.index()].checked_sub(1)?;
        self.markers.last().is_none_or(|&marker| last > marker).then_some(last as usize)
    }

    /// The indices of the entries named `name` after the last marker, last
    /// first.
    fn after_marker(&self, name: LocalName) -> impl Iterator<Item = usize> + '_ {
        let marker = self.markers.last().copied();
        let mut link = self.last[name.index()];
        std::iter::from_fn(move || {
            let at = link.checked_sub(1)?;
            if marker.is_some_and(|marker| at < marker) {
                return None;
            }
            link = self.below[at as usize];
            Some(at as usize)
        })
    }
}

impl<H> ListOfActiveFormattingElements<H> {
    /// The index of the last element entry named `name` after the last
    /// marker (the spec's search, in O(1)).
    pub fn last_after_marker(&self, name: LocalName) -> Option<usize> {
        let found = self.chains.last_after_marker(name);
        #[cfg(test)]
        {
            let searched = self.entries.iter().rposition(|entry| match entry {
                FormattingEntry::Marker => true,
                FormattingEntry::Element { name: other, .. } => *other == name,
            });
            let searched = searched.filter(|&at| !matches!(self.entries[at], FormattingEntry::Marker));
            assert_eq!(found, searched, "the last {name:?} after the last marker");
        }
        found
    }

    /// Counts a counted element in or out (inline: most elements are not
    /// counted, see `signature_counts`).
    #[inline]
    fn count(&mut self, entry: &FormattingEntry<H>, delta: i32) {
        if let FormattingEntry::Element { signature: Some(signature), .. } = entry {
            self.count_signature(*signature, delta);
        }
    }

    #[inline(never)]
    fn count_signature(&mut self, signature: u64, delta: i32) {
        let count = self.signature_counts.entry(signature).or_insert(0);
        *count = count.wrapping_add_signed(delta);
        if *count == 0 {
            self.signature_counts.remove(&signature);
        }
    }

    /// How many counted elements with this signature follow the last
    /// marker.
    fn signature_count(&self, signature: u64) -> u32 {
        self.signature_counts.get(&signature).copied().unwrap_or(0)
    }

    /// How many elements named `name` follow the last marker, up to three.
    fn named_after_marker(&self, name: LocalName) -> usize {
        self.chains.after_marker(name).take(3).count()
    }

    /// Counts the two elements named `name` after the last marker that a
    /// third is about to join (those already counted stay as they are).
    fn count_the_two_before_a_third(&mut self, name: LocalName) {
        for index in self.chains.after_marker(name).take(2) {
            if let FormattingEntry::Element { name, attrs, signature: signature @ None, .. } = &mut self.entries[index]
            {
                let counted = signature_of(*name, self.frozen_attrs.iter(*attrs));
                *signature = Some(counted);
                *self.signature_counts.entry(counted).or_insert(0) += 1;
            }
        }
    }

    /// The attributes an entry keeps for `tag`.
    fn keep_attrs(&mut self, tag: &Tag) -> FrozenAttrs {
        let listed = self.entries.iter_mut().filter_map(|entry| match entry {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { attrs, .. } => Some(attrs),
        });
        self.frozen_attrs.freeze(tag, listed)
    }

    /// Where the entries' attributes are.
    pub fn frozen_attrs(&self) -> &FrozenAttrsStore {
        &self.frozen_attrs
    }

    /// The slot of `by_serial` for `serial` (past its end when the serial
    /// is below [`Self::first_serial`]: not listed).
    #[inline(always)]
    fn serial_slot(&self, serial: u32) -> usize {
        serial.wrapping_sub(self.first_serial) as usize
    }

    /// Records that the entry of `serial` is at `index`.
    #[inline(always)]
    fn place(&mut self, serial: u32, index: usize) {
        if self.entries.len() == self.chains.markers.len() {
            // No element listed: every slot is `UNLISTED` (and stays, to
            // be reused without a fill), and serials only grow, so the
            // table starts again at this one.
            self.first_serial = serial;
        }
        let at = self.serial_slot(serial);
        if at >= self.by_serial.len() {
            self.cover(at);
        }
        self.by_serial[at] = index as u32;
    }

    /// Grows `by_serial` to cover slot `at`.
    #[cold]
    #[inline(never)]
    fn cover(&mut self, at: usize) {
        // Serials grow with every element pushed, formatting or not: the
        // table grows by steps, not at each push (a fill each time).
        self.by_serial.resize((at + 1).next_multiple_of(SERIAL_STEP), UNLISTED);
    }

    fn unplace(&mut self, entry: &FormattingEntry<H>) {
        if let FormattingEntry::Element { stack_serial, .. } = entry {
            let at = self.serial_slot(*stack_serial);
            self.by_serial[at] = UNLISTED;
        }
    }

    /// Moves the recorded indices of `entries[from..]` by `delta` (an
    /// insertion or removal below them, which moved them as much).
    fn shift_serials(&mut self, from: usize, delta: i32) {
        for entry in &self.entries[from..] {
            if let FormattingEntry::Element { stack_serial, .. } = entry {
                let at = stack_serial.wrapping_sub(self.first_serial) as usize;
                let index = &mut self.by_serial[at];
                *index = index.wrapping_add_signed(delta);
            }
        }
    }

    /// The index of the entry made for the element that got stack serial
    /// `serial`, if it is still listed.
    pub fn position_of(&self, serial: u32) -> Option<usize> {
        let found = self.by_serial.get(self.serial_slot(serial)).copied().filter(|&index| index != UNLISTED);
        #[cfg(test)]
        {
            let searched = self.entries.iter().rposition(
                |entry| matches!(entry, FormattingEntry::Element { stack_serial, .. } if *stack_serial == serial),
            );
            assert_eq!(found.map(|index| index as usize), searched, "the entry of serial {serial}");
        }
        found.map(|index| index as usize)
    }

    /// Recounts the signatures after the last marker and checks that every
    /// element of a name listed three times there is counted (the unit
    /// tests call it after every change to the list).
    #[cfg(test)]
    fn check(&self) {
        if self.entries.len() > 256 {
            return;
        }
        let start =
            self.entries.iter().rposition(|entry| matches!(entry, FormattingEntry::Marker)).map_or(0, |at| at + 1);
        let mut counts = SignatureCounts::default();
        let mut named: HashMap<LocalName, (usize, usize)> = HashMap::new();
        for entry in &self.entries[start..] {
            if let FormattingEntry::Element { name, signature, .. } = entry {
                let (all, counted) = named.entry(*name).or_default();
                *all += 1;
                if let Some(signature) = signature {
                    *counted += 1;
                    *counts.entry(*signature).or_insert(0) += 1;
                }
            }
        }
        assert_eq!(self.signature_counts, counts, "the signature counts after the last marker");
        // The chains and the markers, against a walk of the list.
        let mut last = HashMap::new();
        let mut markers = Vec::new();
        for (index, entry) in self.entries.iter().enumerate() {
            let link = match entry {
                FormattingEntry::Marker => {
                    markers.push(index as u32);
                    0
                }
                FormattingEntry::Element { name, .. } => last.insert(*name, index as u32 + 1).unwrap_or(0),
            };
            assert_eq!(self.chains.below[index], link, "the link of entry {index}");
        }
        assert_eq!(self.chains.below.len(), self.entries.len());
        assert_eq!(self.chains.markers, markers, "the markers");
        for (name, link) in &last {
            assert_eq!(self.chains.last[name.index()], *link, "the last {name:?}");
        }
        assert_eq!(self.chains.last.iter().filter(|&&link| link != 0).count(), last.len(), "the names listed");
        for (name, (all, counted)) in named {
            assert!(all < 3 || counted == all, "{all} elements {name:?}, {counted} counted");
        }
    }

    /// Pushes an entry (inline: an out-of-line call cost about 30 of the
    /// 84 instructions of a formatting element's push).
    #[inline(always)]
    pub fn push(&mut self, entry: FormattingEntry<H>) {
        self.chains.pushed(self.entries.len(), &entry);
        match entry {
            FormattingEntry::Marker => self.counts_before_markers.push(std::mem::take(&mut self.signature_counts)),
            FormattingEntry::Element { stack_serial, .. } => {
                self.place(stack_serial, self.entries.len());
                self.count(&entry, 1);
            }
        }
        self.entries.push(entry);
        #[cfg(test)]
        self.check();
    }

    /// The stack serial of the last entry, if it is an element.
    #[inline]
    pub fn last_serial(&self) -> Option<u32> {
        match self.entries.last()? {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { stack_serial, .. } => Some(*stack_serial),
        }
    }

    /// Removes the last entry (the usual `</b>`: see the adoption agency
    /// algorithm), without handing it back.
    #[inline]
    pub fn pop_last(&mut self) {
        self.pop();
    }

    #[inline(always)]
    pub fn pop(&mut self) -> Option<FormattingEntry<H>> {
        let entry = self.entries.pop()?;
        self.chains.popped(&entry);
        match entry {
            FormattingEntry::Marker => self.signature_counts = self.counts_before_markers.pop().unwrap_or_default(),
            _ => {
                self.unplace(&entry);
                self.count(&entry, -1);
            }
        }
        #[cfg(test)]
        self.check();
        Some(entry)
    }

    /// Removes an element entry (after the last marker). (It returns
    /// nothing: no caller keeps the entry, and handing it back cost a copy.)
    pub fn remove(&mut self, index: usize) {
        if index + 1 == self.entries.len() {
            // The last entry (`</b>` closing the current node, the usual
            // case): no index above it to shift.
            self.pop();
            return;
        }
        let entry = self.entries.remove(index);
        debug_assert!(!matches!(entry, FormattingEntry::Marker), "only elements are removed from the middle");
        self.chains.removed(index, &entry, &self.entries[index..]);
        self.unplace(&entry);
        self.shift_serials(index, -1);
        self.count(&entry, -1);
        #[cfg(test)]
        self.check();
    }

    /// Inserts an element entry (after the last marker).
    pub fn insert(&mut self, index: usize, entry: FormattingEntry<H>) {
        self.count(&entry, 1);
        self.shift_serials(index, 1);
        if let FormattingEntry::Element { stack_serial, .. } = entry {
            self.place(stack_serial, index);
        }
        self.entries.insert(index, entry);
        self.chains.inserted(index, &self.entries[index], &self.entries[index + 1..]);
        #[cfg(test)]
        self.check();
    }

    /// Replaces an element entry by one for the same token.
    pub fn replace(&mut self, index: usize, entry: FormattingEntry<H>) {
        debug_assert!(
            matches!((&entry, &self.entries[index]), (FormattingEntry::Element { name: a, .. }, FormattingEntry::Element { name: b, .. }) if a == b),
            "replaced by an entry of the same name"
        );
        self.count(&entry, 1);
        if let FormattingEntry::Element { stack_serial, .. } = entry {
            self.place(stack_serial, index);
        }
        let old = std::mem::replace(&mut self.entries[index], entry);
        // The old entry's serial differs from the new one's (a new push).
        self.unplace(&old);
        self.count(&old, -1);
        #[cfg(test)]
        self.check();
    }
}

/// A hash of a tag's name and attribute set that does not depend on the
/// attributes' order: equal elements have equal signatures, so the Noah's
/// Ark scan compares full attribute lists only when the signatures agree.
pub(crate) fn signature(name: LocalName, tag: &Tag) -> u64 {
    signature_of(name, tag.attrs.iter().map(|attr| (attr.name.as_str(), attr.value.as_str())))
}

/// [`signature`] of a name and its attributes as (name, value) pairs.
fn signature_of<'a>(name: LocalName, attrs: impl Iterator<Item = (&'a str, &'a str)>) -> u64 {
    /// Eight bytes per step (then the rest one by one): attribute values
    /// such as `href`s are long, and a byte-wise FNV cost 3.7M
    /// instructions on the corpus.
    fn hash(bytes: &[u8], mut hash: u64) -> u64 {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut buf = [0u8; 8];
            buf.copy_from_slice(word);
            hash = (hash ^ u64::from_le_bytes(buf)).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        for &byte in words.remainder() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3);
        }
        hash ^ bytes.len() as u64
    }
    let attrs = attrs.fold(0u64, |sum, (attr_name, value)| {
        let hash = hash(value.as_bytes(), hash(attr_name.as_bytes(), 0xCBF2_9CE4_8422_2325) ^ 0xFF);
        sum.wrapping_add(hash)
    });
    attrs ^ (name.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements>
    pub(crate) fn push_onto_the_list_of_active_formatting_elements(
        &mut self,
        handle: S::Handle,
        name: LocalName,
        tag: &Tag,
    ) {
        // The Noah's Ark clause: at most three equal elements after the
        // last marker. Fewer than two of the name there (the usual case):
        // nothing to count or compare (see `signature_counts`).
        let named = self.active_formatting.named_after_marker(name);
        let signature = if named < 2 { None } else { Some(self.noahs_ark_clause(name, tag, named)) };
        self.push_formatting_entry(handle, name, tag, signature);
    }

    /// The Noah's Ark clause with `named` (two or more) elements named
    /// `name` after the last marker: counts them if needed, and removes the
    /// earliest of three elements equal to the one `tag` makes. Returns
    /// that element's signature.
    #[inline(never)]
    fn noahs_ark_clause(&mut self, name: LocalName, tag: &Tag, named: usize) -> u64 {
        if named == 2 {
            self.active_formatting.count_the_two_before_a_third(name);
        }
        let signature = signature(name, tag);
        let mut equal = 0;
        let mut earliest = None;
        let candidates =
            if self.active_formatting.signature_count(signature) >= 3 { self.active_formatting.len() } else { 0 };
        for (index, entry) in self.active_formatting.iter().enumerate().rev().take(candidates) {
            match entry {
                FormattingEntry::Marker => break,
                FormattingEntry::Element { signature: other_signature, name: other_name, attrs, .. } => {
                    if *other_signature == Some(signature)
                        && *other_name == name
                        && self.active_formatting.frozen_attrs().same_as(*attrs, tag)
                    {
                        equal += 1;
                        earliest = Some(index);
                        // This clause keeps at most three equal elements
                        // after the last marker (reconstruction and the
                        // adoption agency algorithm only replace entries),
                        // so the third one found from the end is the
                        // earliest: the scan stops there instead of crossing
                        // every older entry (distinct elements followed by
                        // many equal ones stay linear).
                        if equal == 3 {
                            break;
                        }
                    }
                }
            }
        }
        if equal >= 3 {
            if let Some(index) = earliest {
                self.active_formatting.remove(index);
            }
        }
        signature
    }

    /// Pushes the entry of the element just inserted for `tag`.
    #[inline(always)]
    fn push_formatting_entry(&mut self, handle: S::Handle, name: LocalName, tag: &Tag, signature: Option<u64>) {
        // The element was just inserted: it is the current node.
        let stack_serial = self.current_node().serial;
        debug_assert!(self.current_node().handle == handle);
        let attrs = self.active_formatting.keep_attrs(tag);
        self.active_formatting.push(FormattingEntry::Element { handle, name, attrs, signature, stack_serial });
    }

    /// Inserts a marker at the end of the list.
    pub(crate) fn insert_a_marker(&mut self) {
        self.active_formatting.push(FormattingEntry::Marker);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements>
    #[inline]
    pub(crate) fn reconstruct_the_active_formatting_elements(&mut self) {
        // 1–3: nothing to do if the list is empty or its last entry is a
        // marker or an open element (the usual case, inline: this runs
        // before every character token and most start tags in body).
        let Some(last) = self.active_formatting.last() else { return };
        match last {
            FormattingEntry::Marker => {}
            FormattingEntry::Element { stack_serial, .. } => {
                if !self.open_elements.is_open(*stack_serial) {
                    self.reconstruct_from_the_last_entry();
                }
            }
        }
    }

    /// Steps 4–10 of reconstructing the active formatting elements, when
    /// the last entry is an element that is not open.
    #[inline(never)]
    fn reconstruct_from_the_last_entry(&mut self) {
        // 4–6 (Rewind): step back to the entry after the last marker or
        // open element.
        let mut index = self.active_formatting.len() - 1;
        while index > 0 {
            let previous = &self.active_formatting[index - 1];
            let stop = match previous {
                FormattingEntry::Marker => true,
                FormattingEntry::Element { stack_serial, .. } => self.open_elements.is_open(*stack_serial),
            };
            if stop {
                break;
            }
            index -= 1;
        }
        // 7–10 (Advance, Create): re-create every later entry.
        while index < self.active_formatting.len() {
            let FormattingEntry::Element { name, attrs, signature, handle: previous, .. } =
                self.active_formatting[index].clone()
            else {
                unreachable!("no marker after the rewind point")
            };
            let handle = self.insert_a_formatting_element_again(name, attrs, previous);
            let stack_serial = self.current_node().serial;
            self.active_formatting
                .replace(index, FormattingEntry::Element { handle, name, attrs, signature, stack_serial });
            index += 1;
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-list-of-active-formatting-elements-up-to-the-last-marker>
    pub(crate) fn clear_the_list_of_active_formatting_elements_up_to_the_last_marker(&mut self) {
        while let Some(entry) = self.active_formatting.pop() {
            if matches!(entry, FormattingEntry::Marker) {
                break;
            }
        }
    }

    /// The index of the last formatting element `name` after the last marker.
    pub(crate) fn formatting_element_after_last_marker(&self, name: LocalName) -> Option<usize> {
        self.active_formatting.last_after_marker(name)
    }

    /// The index in the list of the element `handle`, which got stack
    /// serial `serial` (a lookup, not a search).
    pub(crate) fn formatting_position(&self, handle: S::Handle, serial: u32) -> Option<usize> {
        let found = self.active_formatting.position_of(serial);
        #[cfg(test)]
        assert_eq!(found, self.active_formatting.iter().rposition(|entry| entry.handle() == Some(handle)));
        #[cfg(not(test))]
        let _ = handle;
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::dom::dump_html5lib;

    /// Formatting elements with and without attributes (equal ones for the
    /// Noah's Ark clause), misnested end tags (the adoption agency
    /// algorithm's removals and insertions in the middle of the list),
    /// markers (cells, templates, objects) and text (reconstruction).
    const PIECES: &[&str] = &[
        "<b>",
        "<b class=x>",
        "<b class=x>",
        "<i id=1 class=y>",
        "<i class=y id=1>",
        "<a href=/p>",
        "<a href=/q data-k=v>",
        "<u>",
        "<nobr>",
        "</b>",
        "</b>",
        "</i>",
        "</a>",
        "</u>",
        "</nobr>",
        "<p>",
        "</p>",
        "<div>",
        "</div>",
        "<table><td>",
        "</table>",
        "<template>",
        "</template>",
        "<object>",
        "</object>",
        "x",
        "y",
    ];

    fn soup(seed: u64, len: usize) -> String {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut out = String::new();
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            out.push_str(PIECES[(state % PIECES.len() as u64) as usize]);
        }
        out
    }

    /// Every change to the list is checked against searches of it (the
    /// chains, the markers, the entries per serial, the signature counts:
    /// `ListOfActiveFormattingElements::check` and the lookups' own
    /// checks under `cfg(test)`).
    #[test]
    fn the_chains_and_counts_follow_every_change_to_the_list() {
        let mut reconstructed = 0;
        for seed in 0..200 {
            let tree = dump_html5lib(&crate::parse_document(&soup(seed, 300)));
            reconstructed += tree.matches("class=\"x\"").count();
        }
        assert!(reconstructed > 1_000, "{reconstructed} elements b class=x");
    }
}
