//! The list of active formatting elements: pushing with the Noah's Ark
//! clause, reconstructing, clearing to the last marker.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-list-of-active-formatting-elements>

use std::hash::BuildHasher;

use crate::generated::names::{LocalName, LOCAL_NAME_COUNT};
use crate::tokenizer::Tag;

use super::frozen_attrs::{AttrLookup, FrozenAttrs, FrozenAttrsStore};
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
    /// [`signature_of`] once it is counted for the Noah's Ark clause (see
    /// [`ListOfActiveFormattingElements::last_signed`]), `None` before.
    Element {
        handle: H,
        name: LocalName,
        attrs: FrozenAttrs,
        signature: Option<u64>,
        stack_serial: u32,
    },
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

/// Where an entry is in the list: its slot, which it keeps until it leaves
/// the list (an insertion or removal moves no other entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EntryId(u32);

/// Links between slots: 1 + a slot, or 0 for none.
type Link = u32;

fn link(id: EntryId) -> Link {
    id.0 + 1
}

fn id(link: Link) -> Option<EntryId> {
    link.checked_sub(1).map(EntryId)
}

/// A slot of the list: an entry with its links in the list's order and in
/// the chains of its name and of its signature.
#[derive(Debug, Clone)]
struct Entry<H> {
    entry: FormattingEntry<H>,
    /// How many markers are before it in the list: an element entry is
    /// "after the last marker" when this is the number of markers. (Markers
    /// are pushed and popped at the end only, and the algorithms that insert
    /// elements in the middle insert them after the last marker.)
    markers_before: u32,
    previous: Link,
    next: Link,
    /// The entries of the same name, in the list's order (elements only).
    same_name: Chain,
    /// The counted entries of the same signature, in the list's order.
    same_signature: Chain,
}

/// An entry's neighbours in one chain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Chain {
    previous: Link,
    next: Link,
}

/// No entry for this serial.
const UNLISTED: u32 = u32::MAX;

/// The step by which the table of entries per serial grows.
const SERIAL_STEP: usize = 64;

/// The list. Its entries sit in slots linked in the list's order, so that
/// the adoption agency algorithm's removals and its insertion at the
/// bookmark touch the entries next to them only, never the entries after
/// (an array shifted them, and its indices of the entries per serial, name
/// and marker moved with them: quadratic when the list is long). The
/// entries of each name, and the counted entries of each signature, are
/// chains through the slots, so that the last one of a name after the last
/// marker is a lookup, and the Noah's Ark clause compares only the entries
/// equal to the new one.
#[derive(Debug, Clone)]
pub(crate) struct ListOfActiveFormattingElements<H> {
    slots: Vec<Entry<H>>,
    /// Slots whose entries left the list, for the next entries.
    free: Vec<u32>,
    /// The first and the last entry.
    first: Link,
    last: Link,
    len: usize,
    /// The markers, first first.
    markers: Vec<EntryId>,
    /// Per name ([`LocalName::index`]): the last entry of that name.
    last_named: Box<[Link; LOCAL_NAME_COUNT]>,
    /// Per signature: the last counted entry with it. Three equal elements
    /// need three of one name, so an element is counted only from the
    /// third of its name after the last marker on (which counts the two
    /// before it too): then every element of that name after the last
    /// marker is counted. Counting every element cost a signature and a
    /// map insertion and removal per formatting element, where most pages
    /// never hold three of a name.
    last_signed: hashbrown::HashMap<u64, Link, SignatureHasher>,
    /// Per stack serial (see [`FormattingEntry::Element`]): the slot of the
    /// entry made for that push, or [`UNLISTED`]. Each entry has a serial of
    /// its own (an element is pushed once, and an entry is made right after
    /// the push), so "the element's position in the list" is a lookup: the
    /// adoption agency algorithm asks it for elements that are not listed,
    /// and a search of the list made `<i a=k>`×n followed by n unlisted `b`s
    /// quadratic. Indexed from [`Self::first_serial`]: the table covers the
    /// serials since the list last held no element, not every element of
    /// the document (4 bytes per element, with the stack's positions a
    /// third of the parse's own memory at its peak on the documentation
    /// pages).
    by_serial: Vec<u32>,
    /// The serial of `by_serial[0]`: no element entry has a lower one.
    first_serial: u32,
    /// The entries' attributes.
    frozen_attrs: FrozenAttrsStore,
    /// The seed of the signatures (see [`signature_of`]).
    seed: foldhash::fast::RandomState,
}

/// Hashes a signature to itself: signatures are already well-mixed hashes
/// (see [`signature_of`]).
#[derive(Default, Clone, Debug)]
struct SignatureHasher;

impl BuildHasher for SignatureHasher {
    type Hasher = IdentityHasher;

    fn build_hasher(&self) -> IdentityHasher {
        IdentityHasher(0)
    }
}

#[derive(Default)]
struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
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

impl<H> Default for ListOfActiveFormattingElements<H> {
    fn default() -> Self {
        ListOfActiveFormattingElements {
            slots: Vec::new(),
            free: Vec::new(),
            first: 0,
            last: 0,
            len: 0,
            markers: Vec::new(),
            last_named: Box::new([0; LOCAL_NAME_COUNT]),
            last_signed: hashbrown::HashMap::default(),
            by_serial: Vec::new(),
            first_serial: 0,
            frozen_attrs: FrozenAttrsStore::default(),
            seed: foldhash::fast::RandomState::default(),
        }
    }
}

impl<H> std::ops::Index<EntryId> for ListOfActiveFormattingElements<H> {
    type Output = FormattingEntry<H>;

    fn index(&self, id: EntryId) -> &FormattingEntry<H> {
        &self.slots[id.0 as usize].entry
    }
}

impl<H: Copy + PartialEq> ListOfActiveFormattingElements<H> {
    /// The last entry.
    #[inline]
    pub fn last(&self) -> Option<EntryId> {
        id(self.last)
    }

    /// The entry before `entry`.
    pub fn previous(&self, entry: EntryId) -> Option<EntryId> {
        id(self.slots[entry.0 as usize].previous)
    }

    /// The entry after `entry`.
    pub fn next(&self, entry: EntryId) -> Option<EntryId> {
        id(self.slots[entry.0 as usize].next)
    }

    /// The entries, first first.
    #[cfg(test)]
    fn iter(&self) -> impl Iterator<Item = EntryId> + '_ {
        std::iter::successors(id(self.first), |&entry| self.next(entry))
    }

    /// Whether `entry` is after the last marker.
    fn after_the_last_marker(&self, entry: EntryId) -> bool {
        self.slots[entry.0 as usize].markers_before as usize == self.markers.len()
    }

    /// The last element entry named `name` after the last marker (the
    /// spec's search, in O(1)).
    pub fn last_after_marker(&self, name: LocalName) -> Option<EntryId> {
        let found = id(self.last_named[name.index()]).filter(|&entry| self.after_the_last_marker(entry));
        #[cfg(test)]
        {
            let mut searched = None;
            for entry in self.iter() {
                match &self[entry] {
                    FormattingEntry::Marker => searched = None,
                    FormattingEntry::Element { name: other, .. } if *other == name => searched = Some(entry),
                    FormattingEntry::Element { .. } => {}
                }
            }
            assert_eq!(found, searched, "the last {name:?} after the last marker");
        }
        found
    }

    /// The entries named `name` after the last marker, last first.
    fn named_after_marker(&self, name: LocalName) -> impl Iterator<Item = EntryId> + '_ {
        std::iter::successors(self.last_after_marker(name), |&entry| {
            id(self.slots[entry.0 as usize].same_name.previous).filter(|&entry| self.after_the_last_marker(entry))
        })
    }

    /// The counted entries with `signature` after the last marker, last
    /// first.
    fn signed_after_marker(&self, signature: u64) -> impl Iterator<Item = EntryId> + '_ {
        let last = self.last_signed.get(&signature).copied().and_then(id);
        std::iter::successors(last.filter(|&entry| self.after_the_last_marker(entry)), |&entry| {
            id(self.slots[entry.0 as usize].same_signature.previous).filter(|&entry| self.after_the_last_marker(entry))
        })
    }

    /// Counts the two elements named `name` after the last marker that a
    /// third is about to join (those already counted stay as they are).
    /// They are the only ones of the name after the last marker, so they go
    /// last in their signatures' chains, first the earlier.
    fn count_the_two_before_a_third(&mut self, name: LocalName) {
        let mut two: Vec<EntryId> = self.named_after_marker(name).take(2).collect();
        two.reverse();
        for entry in two {
            if let FormattingEntry::Element { name, attrs, signature: None, .. } = self[entry] {
                let counted = signature_of(&self.seed, name, self.frozen_attrs.iter(attrs));
                if let FormattingEntry::Element { signature, .. } = &mut self.slots[entry.0 as usize].entry {
                    *signature = Some(counted);
                }
                self.sign(entry, counted);
            }
        }
    }

    /// Links `entry`, which has `signature`, last in its signature's chain.
    fn sign(&mut self, entry: EntryId, signature: u64) {
        let previous = self.last_signed.insert(signature, link(entry)).unwrap_or(0);
        if let Some(previous) = id(previous) {
            self.slots[previous.0 as usize].same_signature.next = link(entry);
        }
        self.slots[entry.0 as usize].same_signature = Chain { previous, next: 0 };
    }

    /// The attributes an entry keeps for `tag`.
    fn keep_attrs(&mut self, tag: &Tag) -> FrozenAttrs {
        // Free slots hold markers (see `give_slot`).
        let listed = self.slots.iter_mut().filter_map(|slot| match &mut slot.entry {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { attrs, .. } => Some(attrs),
        });
        self.frozen_attrs.freeze(tag, listed)
    }

    /// The signature of the element `tag` makes.
    fn signature(&self, name: LocalName, tag: &Tag) -> u64 {
        signature_of(&self.seed, name, tag.attrs.iter().map(|attr| (attr.name.as_str(), attr.value.as_str())))
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

    /// Records that the entry of `serial` is `entry`.
    #[inline(always)]
    fn place(&mut self, serial: u32, entry: EntryId) {
        if self.len == self.markers.len() {
            // No element listed: every slot is `UNLISTED` (and stays, to
            // be reused without a fill), and serials only grow, so the
            // table starts again at this one.
            self.first_serial = serial;
        }
        let at = self.serial_slot(serial);
        if at >= self.by_serial.len() {
            self.cover(at);
        }
        self.by_serial[at] = entry.0;
    }

    /// Grows `by_serial` to cover slot `at`.
    #[cold]
    #[inline(never)]
    fn cover(&mut self, at: usize) {
        // Serials grow with every element pushed, formatting or not: the
        // table grows by steps, not at each push (a fill each time).
        self.by_serial.resize((at + 1).next_multiple_of(SERIAL_STEP), UNLISTED);
    }

    fn unplace(&mut self, serial: u32) {
        let at = self.serial_slot(serial);
        self.by_serial[at] = UNLISTED;
    }

    /// The entry made for the element that got stack serial `serial`, if
    /// it is still listed.
    pub fn position_of(&self, serial: u32) -> Option<EntryId> {
        let found = self.by_serial.get(self.serial_slot(serial)).copied().filter(|&slot| slot != UNLISTED).map(EntryId);
        #[cfg(test)]
        {
            let searched = self.iter().find(
                |&entry| matches!(self[entry], FormattingEntry::Element { stack_serial, .. } if stack_serial == serial),
            );
            assert_eq!(found, searched, "the entry of serial {serial}");
        }
        found
    }

    /// A slot for a new entry.
    #[inline]
    fn take_slot(&mut self, entry: Entry<H>) -> EntryId {
        match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = entry;
                EntryId(slot)
            }
            None => {
                self.slots.push(entry);
                EntryId(self.slots.len() as u32 - 1)
            }
        }
    }

    /// Gives `entry`'s slot back (a free slot holds a marker, which the
    /// compaction of the frozen attributes passes).
    #[inline]
    fn give_slot(&mut self, entry: EntryId) {
        if entry.0 as usize + 1 == self.slots.len() {
            self.slots.pop();
        } else {
            self.slots[entry.0 as usize].entry = FormattingEntry::Marker;
            self.free.push(entry.0);
        }
        if self.len == 0 {
            // Empty: every slot is free.
            self.slots.clear();
            self.free.clear();
        }
    }

    /// Pushes an entry (inline: an out-of-line call cost about 30 of the
    /// 84 instructions of a formatting element's push).
    #[inline(always)]
    pub fn push(&mut self, entry: FormattingEntry<H>) {
        let (markers_before, same_name) = match &entry {
            FormattingEntry::Marker => (self.markers.len() as u32 + 1, Chain::default()),
            FormattingEntry::Element { name, .. } => {
                (self.markers.len() as u32, Chain { previous: self.last_named[name.index()], next: 0 })
            }
        };
        let new =
            Entry { entry, markers_before, previous: self.last, next: 0, same_name, same_signature: Chain::default() };
        let id = self.take_slot(new);
        match self.slots[id.0 as usize].entry {
            FormattingEntry::Marker => self.markers.push(id),
            FormattingEntry::Element { name, stack_serial, signature, .. } => {
                self.place(stack_serial, id);
                self.last_named[name.index()] = link(id);
                if let Some(previous) = self::id(same_name.previous) {
                    self.slots[previous.0 as usize].same_name.next = link(id);
                }
                if let Some(signature) = signature {
                    self.sign(id, signature);
                }
            }
        }
        match self::id(self.last) {
            Some(last) => self.slots[last.0 as usize].next = link(id),
            None => self.first = link(id),
        }
        self.last = link(id);
        self.len += 1;
        #[cfg(test)]
        self.check();
    }

    /// The stack serial of the last entry, if it is an element.
    #[inline]
    pub fn last_serial(&self) -> Option<u32> {
        match self[self.last()?] {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { stack_serial, .. } => Some(stack_serial),
        }
    }

    /// Removes the last entry (the usual `</b>`: see the adoption agency
    /// algorithm), without handing it back.
    #[inline]
    pub fn pop_last(&mut self) {
        self.pop();
    }

    /// Removes the last entry: the last of its name and of its signature,
    /// so that only the links to it from the entries before it change.
    /// (Inline: out of line, handing the entry back to [`Self::pop_last`],
    /// which drops it, cost a copy of it and a call per `</b>`.)
    #[inline(always)]
    pub fn pop(&mut self) -> Option<FormattingEntry<H>> {
        let last = self.last()?;
        let at = last.0 as usize;
        let previous = self.slots[at].previous;
        match id(previous) {
            Some(previous) => self.slots[previous.0 as usize].next = 0,
            None => self.first = 0,
        }
        self.last = previous;
        self.len -= 1;
        let slot = if at + 1 == self.slots.len() {
            self.slots.pop().expect("the last entry's slot")
        } else {
            self.free.push(last.0);
            let marker = Entry { entry: FormattingEntry::Marker, ..self.slots[at] };
            std::mem::replace(&mut self.slots[at], marker)
        };
        match slot.entry {
            FormattingEntry::Marker => {
                self.markers.pop();
            }
            FormattingEntry::Element { name, stack_serial, signature, .. } => {
                self.unplace(stack_serial);
                self.last_named[name.index()] = slot.same_name.previous;
                if let Some(previous) = id(slot.same_name.previous) {
                    self.slots[previous.0 as usize].same_name.next = 0;
                }
                if let Some(signature) = signature {
                    self.unchain_signature(signature, slot.same_signature);
                }
            }
        }
        if self.len == 0 {
            self.slots.clear();
            self.free.clear();
        }
        #[cfg(test)]
        self.check();
        Some(slot.entry)
    }

    /// Removes an element entry (after the last marker), wherever it is.
    pub fn remove(&mut self, entry: EntryId) {
        debug_assert!(!matches!(self[entry], FormattingEntry::Marker), "only elements are removed from the middle");
        self.remove_entry(entry);
    }

    /// Unlinks `entry` from the list and its chains and frees its slot.
    fn remove_entry(&mut self, entry: EntryId) -> FormattingEntry<H> {
        let slot = self.slots[entry.0 as usize].clone();
        match id(slot.previous) {
            Some(previous) => self.slots[previous.0 as usize].next = slot.next,
            None => self.first = slot.next,
        }
        match id(slot.next) {
            Some(next) => self.slots[next.0 as usize].previous = slot.previous,
            None => self.last = slot.previous,
        }
        match &slot.entry {
            FormattingEntry::Marker => {
                let popped = self.markers.pop();
                debug_assert_eq!(popped, Some(entry), "markers leave at the end");
            }
            FormattingEntry::Element { name, stack_serial, signature, .. } => {
                self.unplace(*stack_serial);
                self.unchain_name(entry, *name, slot.same_name);
                if let Some(signature) = signature {
                    self.unchain_signature(*signature, slot.same_signature);
                }
            }
        }
        self.len -= 1;
        self.give_slot(entry);
        #[cfg(test)]
        self.check();
        slot.entry
    }

    fn unchain_name(&mut self, entry: EntryId, name: LocalName, chain: Chain) {
        match id(chain.next) {
            Some(next) => self.slots[next.0 as usize].same_name.previous = chain.previous,
            None => {
                debug_assert_eq!(self.last_named[name.index()], link(entry));
                self.last_named[name.index()] = chain.previous;
            }
        }
        if let Some(previous) = id(chain.previous) {
            self.slots[previous.0 as usize].same_name.next = chain.next;
        }
    }

    fn unchain_signature(&mut self, signature: u64, chain: Chain) {
        match id(chain.next) {
            Some(next) => self.slots[next.0 as usize].same_signature.previous = chain.previous,
            None => {
                if chain.previous == 0 {
                    self.last_signed.remove(&signature);
                } else {
                    self.last_signed.insert(signature, chain.previous);
                }
            }
        }
        if let Some(previous) = id(chain.previous) {
            self.slots[previous.0 as usize].same_signature.next = chain.next;
        }
    }

    /// Replaces an element entry by one for the same token (same name and
    /// signature: it takes the old one's place in the list and the chains).
    pub fn replace(&mut self, entry: EntryId, new: FormattingEntry<H>) {
        let FormattingEntry::Element { stack_serial, .. } = new else { unreachable!("an element replaces") };
        let old = std::mem::replace(&mut self.slots[entry.0 as usize].entry, new);
        debug_assert!(
            matches!((&old, &self[entry]), (FormattingEntry::Element { name: a, signature: x, .. }, FormattingEntry::Element { name: b, signature: y, .. }) if a == b && x == y),
            "replaced by an entry for the same token"
        );
        // The old entry's serial differs from the new one's (a new push).
        if let FormattingEntry::Element { stack_serial: old_serial, .. } = old {
            self.unplace(old_serial);
        }
        self.place(stack_serial, entry);
        #[cfg(test)]
        self.check();
    }

    /// Moves `entry` to right after `after` in the list: the adoption
    /// agency algorithm's step 4.18, the formatting element's entry
    /// replaced by the new element's at the bookmark. `entry` keeps its
    /// place in the chains of its name and signature: it is the last entry
    /// of its name after the last marker, and the bookmark is after it,
    /// with no entry of its name between (see the algorithm).
    pub fn move_after(&mut self, entry: EntryId, after: EntryId) {
        if entry == after {
            return;
        }
        let slot = &self.slots[entry.0 as usize];
        let (previous, next) = (slot.previous, slot.next);
        match id(previous) {
            Some(previous) => self.slots[previous.0 as usize].next = next,
            None => self.first = next,
        }
        match id(next) {
            Some(next) => self.slots[next.0 as usize].previous = previous,
            None => self.last = previous,
        }
        let after_next = self.slots[after.0 as usize].next;
        self.slots[entry.0 as usize].previous = link(after);
        self.slots[entry.0 as usize].next = after_next;
        self.slots[after.0 as usize].next = link(entry);
        match id(after_next) {
            Some(next) => self.slots[next.0 as usize].previous = link(entry),
            None => self.last = link(entry),
        }
        #[cfg(test)]
        self.check();
    }

    /// Checks the links, the chains, the markers and the entries per
    /// serial against a walk of the list (the unit tests call it after
    /// every change to the list).
    #[cfg(test)]
    fn check(&self) {
        if self.len > 256 {
            return;
        }
        let entries: Vec<EntryId> = self.iter().collect();
        assert_eq!(entries.len(), self.len, "the length");
        let backwards: Vec<EntryId> =
            std::iter::successors(self.last(), |&entry| self.previous(entry)).collect::<Vec<_>>();
        assert!(backwards.iter().rev().eq(entries.iter()), "the links back");
        let mut markers = Vec::new();
        let mut named: std::collections::HashMap<LocalName, Vec<EntryId>> = Default::default();
        let mut signed: std::collections::HashMap<u64, Vec<EntryId>> = Default::default();
        for &entry in &entries {
            let slot = &self.slots[entry.0 as usize];
            match &slot.entry {
                FormattingEntry::Marker => {
                    markers.push(entry);
                    assert_eq!(slot.markers_before as usize, markers.len(), "a marker's count");
                }
                FormattingEntry::Element { name, signature, stack_serial, .. } => {
                    assert_eq!(slot.markers_before as usize, markers.len(), "the markers before {entry:?}");
                    named.entry(*name).or_default().push(entry);
                    if let Some(signature) = signature {
                        signed.entry(*signature).or_default().push(entry);
                    }
                    assert_eq!(self.by_serial[self.serial_slot(*stack_serial)], entry.0, "the slot of serial");
                }
            }
        }
        assert_eq!(self.markers, markers, "the markers");
        let chain = |last: Link, links: fn(&Entry<H>) -> Chain| {
            let mut chain = Vec::new();
            let mut at = id(last);
            while let Some(entry) = at {
                let links = links(&self.slots[entry.0 as usize]);
                if let Some(&after) = chain.last() {
                    assert_eq!(links.next, link(after), "the link forward of {entry:?}");
                }
                chain.push(entry);
                at = id(links.previous);
            }
            chain.reverse();
            chain
        };
        for (name, entries) in &named {
            assert_eq!(&chain(self.last_named[name.index()], |slot| slot.same_name), entries, "the {name:?}s");
        }
        assert_eq!(self.last_named.iter().filter(|&&last| last != 0).count(), named.len(), "the names listed");
        for (signature, entries) in &signed {
            let last = self.last_signed.get(signature).copied().unwrap_or(0);
            assert_eq!(&chain(last, |slot| slot.same_signature), entries, "the signature {signature}");
        }
        assert_eq!(self.last_signed.len(), signed.len(), "the signatures listed");
        // Every element of a name listed three times after the last marker
        // is counted.
        for entries in named.values() {
            let after: Vec<_> = entries.iter().filter(|&&entry| self.after_the_last_marker(entry)).collect();
            let counted = after
                .iter()
                .filter(|&&&entry| matches!(self[entry], FormattingEntry::Element { signature: Some(_), .. }))
                .count();
            assert!(after.len() < 3 || counted == after.len(), "{} elements, {counted} counted", after.len());
        }
    }
}

/// A hash of an element's name and attribute set that does not depend on
/// the attributes' order: equal elements have equal signatures, so the
/// Noah's Ark clause compares full attribute lists only when the signatures
/// agree. A sum of a seeded hash of each attribute as (name, value) (the seed is the parser's own, random, so that
/// a document cannot be written to give many different attribute sets one
/// signature, each of which the clause would compare).
fn signature_of<'a>(
    seed: &foldhash::fast::RandomState,
    name: LocalName,
    attrs: impl Iterator<Item = (&'a str, &'a str)>,
) -> u64 {
    let attrs = attrs.fold(0u64, |sum, attr| sum.wrapping_add(seed.hash_one(attr)));
    attrs ^ seed.hash_one(name.index())
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
        // nothing to count or compare (see `last_signed`).
        let named = self.active_formatting.named_after_marker(name).take(3).count();
        let signature = if named < 2 { None } else { Some(self.noahs_ark_clause(name, tag, named)) };
        self.push_formatting_entry(handle, name, tag, signature);
    }

    /// The Noah's Ark clause with `named` (two or more) elements named
    /// `name` after the last marker: counts them if needed, and removes the
    /// earliest of three elements equal to the one `tag` makes. Returns
    /// that element's signature.
    ///
    /// The equal elements are found along the chain of the signature: the
    /// clause keeps at most three equal elements after the last marker
    /// (reconstruction and the adoption agency algorithm only replace or
    /// move entries of one token), so the third one found from the end is
    /// the earliest, and the walk passes entries of other attributes only
    /// where their signatures collide. Each comparison costs the
    /// attributes once (`AttrLookup`).
    #[inline(never)]
    fn noahs_ark_clause(&mut self, name: LocalName, tag: &Tag, named: usize) -> u64 {
        if named == 2 {
            self.active_formatting.count_the_two_before_a_third(name);
        }
        let signature = self.active_formatting.signature(name, tag);
        let lookup = AttrLookup::new(tag);
        let list = &self.active_formatting;
        let mut equal = 0;
        let mut earliest = None;
        for entry in list.signed_after_marker(signature) {
            crate::cost::step!("tree_builder::noahs_ark_clause");
            if let FormattingEntry::Element { name: other_name, attrs, .. } = list[entry] {
                if other_name == name && list.frozen_attrs().same_as(attrs, &lookup) {
                    equal += 1;
                    earliest = Some(entry);
                    if equal == 3 {
                        break;
                    }
                }
            }
        }
        if equal == 3 {
            if let Some(entry) = earliest {
                self.active_formatting.remove(entry);
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
    #[inline(always)]
    pub(crate) fn reconstruct_the_active_formatting_elements(&mut self) {
        // 1–3: nothing to do if the list is empty or its last entry is a
        // marker or an open element (the usual case, inline: this runs
        // before every character token and most start tags in body).
        let Some(last) = self.active_formatting.last() else { return };
        match self.active_formatting[last] {
            FormattingEntry::Marker => {}
            FormattingEntry::Element { stack_serial, .. } => {
                if !self.open_elements.is_open(stack_serial) {
                    self.reconstruct_from_the_last_entry(last);
                }
            }
        }
    }

    /// Steps 4–10 of reconstructing the active formatting elements, when
    /// the last entry, `last`, is an element that is not open.
    #[inline(never)]
    fn reconstruct_from_the_last_entry(&mut self, last: EntryId) {
        // 4–6 (Rewind): step back to the entry after the last marker or
        // open element.
        let mut entry = last;
        while let Some(previous) = self.active_formatting.previous(entry) {
            crate::cost::step!("tree_builder::reconstruct");
            let stop = match self.active_formatting[previous] {
                FormattingEntry::Marker => true,
                FormattingEntry::Element { stack_serial, .. } => self.open_elements.is_open(stack_serial),
            };
            if stop {
                break;
            }
            entry = previous;
        }
        // 7–10 (Advance, Create): re-create every later entry.
        let mut next = Some(entry);
        while let Some(entry) = next {
            crate::cost::step!("tree_builder::reconstruct");
            let FormattingEntry::Element { name, attrs, signature, handle: previous, .. } =
                self.active_formatting[entry].clone()
            else {
                unreachable!("no marker after the rewind point")
            };
            let handle = self.insert_a_formatting_element_again(name, attrs, previous);
            let stack_serial = self.current_node().serial;
            self.active_formatting
                .replace(entry, FormattingEntry::Element { handle, name, attrs, signature, stack_serial });
            next = self.active_formatting.next(entry);
        }
        #[cfg(test)]
        self.check_the_list_against_the_stack();
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-list-of-active-formatting-elements-up-to-the-last-marker>
    pub(crate) fn clear_the_list_of_active_formatting_elements_up_to_the_last_marker(&mut self) {
        while let Some(entry) = self.active_formatting.pop() {
            crate::cost::step!("tree_builder::clear_formatting_to_marker");
            if matches!(entry, FormattingEntry::Marker) {
                break;
            }
        }
    }

    /// Checks that the list's open elements are in the stack's order: what
    /// the adoption agency algorithm's step 4.18 relies on (the unit tests
    /// call it after every round of the algorithm and every
    /// reconstruction).
    #[cfg(test)]
    pub(crate) fn check_the_list_against_the_stack(&self) {
        let list = &self.active_formatting;
        let slots: Vec<usize> = list
            .iter()
            .filter_map(|entry| list[entry].stack_serial())
            .filter_map(|serial| self.open_elements.position(serial))
            .collect();
        assert!(slots.windows(2).all(|pair| pair[0] < pair[1]), "open entries out of the stack's order: {slots:?}");
    }

    /// The last formatting element `name` after the last marker.
    pub(crate) fn formatting_element_after_last_marker(&self, name: LocalName) -> Option<EntryId> {
        self.active_formatting.last_after_marker(name)
    }

    /// The entry of the element `handle`, which got stack serial `serial`
    /// (a lookup, not a search).
    pub(crate) fn formatting_position(&self, handle: S::Handle, serial: u32) -> Option<EntryId> {
        let found = self.active_formatting.position_of(serial);
        debug_assert!(found.is_none_or(|entry| self.active_formatting[entry].handle() == Some(handle)));
        #[cfg(not(debug_assertions))]
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
    /// links, the chains, the markers, the entries per serial:
    /// `ListOfActiveFormattingElements::check` and the lookups' own checks
    /// under `cfg(test)`).
    #[test]
    fn the_chains_follow_every_change_to_the_list() {
        let mut reconstructed = 0;
        for seed in 0..200 {
            let tree = dump_html5lib(&crate::parse_document(&soup(seed, 300)));
            reconstructed += tree.matches("class=\"x\"").count();
        }
        assert!(reconstructed > 1_000, "{reconstructed} elements b class=x");
    }
}
