//! The stack of open elements: the element scopes, popping, and the
//! implied end tags.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements>

use crate::generated::element_categories::{Categories, BUTTON_SCOPE_ADDED, LIST_ITEM_SCOPE_ADDED};
use crate::generated::names::{local_names, LocalName, Namespace};
use crate::generated::tag_groups::IN_BODY_LIST_ITEM_LOOP_PASSES_THROUGH;
#[cfg(test)]
use crate::generated::tag_groups::{
    is_in_body_elements_allowed_open_at_the_end, is_in_body_list_item_loop_passes_through,
};

use crate::vocab::Name;

use super::element_names::{LocalId, OtherNames};
use super::serial_positions::{SerialPositions, CLOSED};
use super::stack_chains::{self, Link, Links, NameHeads};
use super::stack_holes::HoleSkips;
use super::{OpenElement, TreeBuilder, TreeSink};

/// The stack of open elements, indexed so that every "has an element in
/// scope" check, "is a template open?", "the last table in the stack" and
/// the walks of "any other end tag" are answered in O(1) with the spec's
/// exact result, however deep the stack, and so that an element is removed
/// from or inserted into the middle (the adoption agency algorithm) without
/// moving or rewriting the elements above it.
///
/// Elements sit in slots, bottom first. A removal from the middle leaves
/// its slot empty, a hole (see `stack_holes`), so that the slots, which the
/// indexes hold, keep their order and their elements. Slots are the
/// positions the tree builder compares and reads elements by (for these
/// the depth of an element is not its slot once there are holes), and the
/// walks go from slot to slot with [`Self::below`] and [`Self::above`]. The
/// topmost slot is never a hole: a pop drops the holes it uncovers. When
/// the holes outnumber the elements, the stack is compacted.
///
/// The indexes:
/// - per stack entry a [`Record`] of what lies at or beneath it (the
///   topmost boundary of the default and of the table scope, the topmost
///   stop of the list item loop), computed from the record below at the
///   push, so that the topmost record answers for the whole stack and a pop
///   undoes nothing but its own record. The stop of the list item loop is
///   named by *serial* (each element gets one when it is put on the stack;
///   `positions` maps serials to slots): the elements that move to another
///   slot (step 4.19 of the adoption agency algorithm: a furthest block,
///   special, and formatting elements) can be stops, and keep the records
///   that name them. They are never scope boundaries (a boundary above the
///   formatting element puts it out of scope, and the algorithm stops), so
///   the boundaries are named by slot, which a query reads without a lookup;
///   list item and button scope add elements of their own (`ol`, `ul`,
///   `button`: generated lists), found by their chains;
/// - chains by slot (see `stack_chains`): the open HTML elements of each
///   name and the foreign elements of each ASCII-lowercased name, each
///   with its topmost element at hand;
/// - a count of the elements that are not allowed open at the end of the
///   body.
#[derive(Debug, Clone)]
pub(crate) struct StackOfOpenElements<H> {
    slots: Vec<OpenElement<H>>,
    /// The record of `slots[i]` is `records[i + 1]`, after a zero record
    /// for the empty stack, so that a push reads the record below it
    /// without a test, and a chain's link indexes its element's record.
    records: Vec<Record>,
    /// How many slots are holes.
    holes: usize,
    hole_skips: HoleSkips,
    /// The chains of the HTML elements by name.
    html_names: NameHeads,
    /// The chains of the foreign elements by ASCII-lowercased name: foreign
    /// content's "any other end tag" compares those.
    foreign_names: NameHeads,
    /// The names the names table lacks, given ids as elements get them
    /// (the stack's elements and the fragment's context element).
    other_names: OtherNames,
    /// Per serial (one per element ever put on the stack, in order): its
    /// slot, or [`CLOSED`]. Formatting entries ask this instead of being
    /// updated, by a search of the list, whenever an element leaves the
    /// stack (which made popping N listed formatting elements O(N²)). The
    /// recent serials' in a table, the open elements of older ones in a
    /// list (see `serial_positions`).
    positions: SerialPositions,
    /// How many open elements are not allowed open at the end of the body
    /// (a parse error at `</body>`, `</html>` and the end of the input).
    not_allowed_at_the_end: u32,
    /// The optional depth cap: the index (depth) of the element that takes
    /// the nodes past the cap (see [`Self::capped`]).
    depth_cap: Option<usize>,
    /// While there are holes and more than `depth_cap` elements: the slot
    /// of the element at that depth.
    cap_slot: Option<usize>,
}

/// What lies at or beneath one entry of the stack of open elements, and
/// the entry's chain links. The topmost record answers "the topmost
/// boundary of the default and the table scope" and "the topmost stop of
/// the list item loop" in one load. Every field of the first kind is a
/// select on the element's flags, so that no element costs a branch on what
/// it is. (32 bytes, aligned: a record's address is a shift of its index.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C, align(32))]
struct Record {
    /// 1 + the slot of the topmost element at or beneath this one that ends
    /// the search of the default scope, or 0.
    scope: u32,
    /// The same for the table scope.
    table_scope: u32,
    /// 1 + the serial of the topmost element at or beneath this one that
    /// stops the loop of the "li", "dd" and "dt" start tags, or 0.
    list_item_loop_stop: u32,
    /// The links in the chain of the element's name.
    name: Link,
    /// 1 + the slot of the topmost HTML element at or beneath this one, or
    /// 0: foreign content's "any other end tag" reads the current node's.
    /// Named by slot: the HTML elements that leave the middle of the stack
    /// or move with foreign elements right above them redirect those (see
    /// [`StackOfOpenElements::redirect_html_above`]).
    html: u32,
    /// For an element that is not an HTML element of a known name: the key
    /// of its name's chain ([`OtherChain`]), found once at its push.
    other_key: OtherKey,
}

/// [`Record::other_key`]: a [`LocalId`]'s bits, with the top bit set for a
/// foreign element's (lowercase) name.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct OtherKey(u32);

impl OtherKey {
    const FOREIGN: u32 = 1 << 31;

    fn of(chain: OtherChain) -> OtherKey {
        match chain {
            OtherChain::Html(id) => OtherKey(id.bits()),
            OtherChain::Foreign(id) => OtherKey(id.bits() | Self::FOREIGN),
        }
    }

    fn chain(self) -> OtherChain {
        let id = LocalId::from_bits(self.0 & !Self::FOREIGN);
        if self.0 & Self::FOREIGN != 0 {
            OtherChain::Foreign(id)
        } else {
            OtherChain::Html(id)
        }
    }
}

impl Record {
    /// The record of `element`, at `slot` with `serial`, over `below`'s.
    #[inline(always)]
    fn over<H>(below: &Record, element: &OpenElement<H>, slot: usize, serial: u32) -> Record {
        // `at` where the element is of the kind, else the record's below,
        // as arithmetic: written as a choice, the compiler branches on it
        // (to skip the load of the record below), and the element's kind
        // is what the branch predictor cannot guess.
        let pick = |here: bool, at: u32, beneath: u32| {
            beneath.wrapping_add(at.wrapping_sub(beneath) & 0u32.wrapping_sub(u32::from(here)))
        };
        let at = slot as u32 + 1;
        Record {
            scope: pick(Scope::Default.is_boundary(element), at, below.scope),
            table_scope: pick(Scope::Table.is_boundary(element), at, below.table_scope),
            list_item_loop_stop: pick(element.list_item_loop_stop(), serial + 1, below.list_item_loop_stop),
            html: pick(element.ns == Namespace::Html, at, below.html),
            name: Link::default(),
            other_key: OtherKey::default(),
        }
    }

    /// The serial or the slot a `1 + serial` or `1 + slot` field names.
    fn named(field: u32) -> Option<u32> {
        field.checked_sub(1)
    }
}

/// The chain of the element's name.
struct NameLinks;

impl Links<Record> for NameLinks {
    #[inline(always)]
    fn links(record: &mut Record) -> &mut Link {
        &mut record.name
    }
}

/// The chain an element of a name the names table lacks, or a foreign
/// element, is in: which heads, and its key there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OtherChain {
    Html(LocalId),
    Foreign(LocalId),
}

/// The room the stack's vectors start with, so that a page's parse does
/// not regrow them from nothing by doubling (20 regrowths a page on the web
/// corpus, about 440 instructions each): the open elements and their
/// records (as deep as real pages nest, most of the time); the positions
/// (the recent serials: `serial_positions` starts them again when the
/// table is full and most of them are closed). About 3 KB in all.
const OPEN_ROOM: usize = 32;
const POSITIONS_ROOM: usize = 256;

/// The stack is compacted when its holes outnumber its elements by this
/// many: a compaction costs the slots and the chains' heads (twice the
/// names table), which the holes made since the last one pay for. (A few
/// under the unit tests, whose soups then compact often.)
const COMPACT_AFTER_HOLES: usize = if cfg!(test) { 4 } else { 2048 };

impl<H> Default for StackOfOpenElements<H> {
    fn default() -> Self {
        StackOfOpenElements {
            slots: Vec::with_capacity(OPEN_ROOM),
            records: {
                let mut records = Vec::with_capacity(OPEN_ROOM + 1);
                records.push(Record::default());
                records
            },
            holes: 0,
            hole_skips: HoleSkips::default(),
            html_names: NameHeads::default(),
            foreign_names: NameHeads::default(),
            other_names: OtherNames::default(),
            positions: SerialPositions::with_capacity(POSITIONS_ROOM),
            not_allowed_at_the_end: 0,
            depth_cap: None,
            cap_slot: None,
        }
    }
}

impl<H> std::ops::Index<usize> for StackOfOpenElements<H> {
    type Output = OpenElement<H>;

    /// The element at slot `slot` (not a hole).
    #[inline]
    fn index(&self, slot: usize) -> &OpenElement<H> {
        let element = &self.slots[slot];
        debug_assert!(!element.is_hole(), "slot {slot} is a hole");
        element
    }
}

/// The open elements, bottom first: the slots without the holes.
pub(crate) struct OpenElements<'a, H> {
    slots: std::slice::Iter<'a, OpenElement<H>>,
    left: usize,
}

impl<'a, H> Iterator for OpenElements<'a, H> {
    type Item = &'a OpenElement<H>;

    fn next(&mut self) -> Option<&'a OpenElement<H>> {
        let next = self.slots.find(|element| !element.is_hole())?;
        self.left -= 1;
        Some(next)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<H> DoubleEndedIterator for OpenElements<'_, H> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let next = self.slots.rfind(|element| !element.is_hole())?;
        self.left -= 1;
        Some(next)
    }
}

impl<H> ExactSizeIterator for OpenElements<'_, H> {}

/// Whether `element` stops the loop of the "li", "dd" and "dt" start tags,
/// from the tag groups: what [`OpenElement::list_item_loop_stop`] keeps
/// (read at each push and pop), checked against it by the unit tests.
#[cfg(test)]
pub(crate) fn is_list_item_loop_stop<H>(element: &OpenElement<H>) -> bool {
    element.is(Categories::SPECIAL) && !element.html_name().is_some_and(is_in_body_list_item_loop_passes_through)
}

/// Whether `element` may be open at the end of the body without a parse
/// error, from the tag groups: what [`OpenElement::allowed_open_at_the_end`]
/// keeps, checked against it by the unit tests.
#[cfg(test)]
pub(crate) fn allowed_at_the_end<H>(element: &OpenElement<H>) -> bool {
    element.html_name().is_some_and(is_in_body_elements_allowed_open_at_the_end)
}

impl<H: Copy> StackOfOpenElements<H> {
    /// Sets the optional depth cap (see [`Self::capped`]).
    pub fn set_depth_cap(&mut self, cap: Option<usize>) {
        self.depth_cap = cap;
    }

    /// The id of the local name `name`, for [`OpenElement::new`].
    #[inline]
    pub fn local_id(&mut self, name: &Name) -> LocalId {
        self.other_names.intern(name)
    }

    /// The id of the local name spelled `name` (one the names table lacks
    /// as a rule: a tag whose name the tokenizer did not intern).
    pub fn other_local_id(&mut self, name: &str) -> LocalId {
        self.other_names.intern_str(name)
    }

    /// The local name of `element` (one of this stack's, or the fragment's
    /// context element), as spelled.
    pub fn name_str(&self, element: &OpenElement<H>) -> &str {
        self.other_names.as_str(element.local)
    }

    /// The id of the local name spelled `name`, if an element had it.
    pub fn find_local_id(&self, name: &str) -> Option<LocalId> {
        self.other_names.find(name)
    }

    /// How many elements are open.
    #[inline]
    pub fn depth(&self) -> usize {
        self.slots.len() - self.holes
    }

    /// Whether two elements or more are open: one test of the slots (the
    /// bottom slot and the top one are never holes).
    #[inline]
    pub fn has_two_or_more(&self) -> bool {
        self.slots.len() > 1
    }

    /// The slots, holes included: for their ends only (the bottom and the
    /// top are never holes), where one length test tells the current node
    /// and whether another element is open.
    #[inline]
    pub fn slots_with_holes(&self) -> &[OpenElement<H>] {
        &self.slots
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The slot of the current node (the topmost slot is never a hole).
    #[inline]
    pub fn top_slot(&self) -> Option<usize> {
        self.slots.len().checked_sub(1)
    }

    /// The current node.
    #[inline]
    pub fn last(&self) -> Option<&OpenElement<H>> {
        self.slots.last()
    }

    /// The bottommost element (the html element).
    #[inline]
    pub fn first(&self) -> Option<&OpenElement<H>> {
        self.slots.first()
    }

    /// The second element from the bottom.
    pub fn second(&self) -> Option<&OpenElement<H>> {
        self.above(0).map(|slot| &self.slots[slot])
    }

    /// The slot of the element right below the one at `slot`.
    #[inline]
    pub fn below(&self, slot: usize) -> Option<usize> {
        let next = slot.checked_sub(1)?;
        if !self.slots[next].is_hole() {
            return Some(next);
        }
        self.hole_skips.live_below(next, |at| self.slots[at].is_hole())
    }

    /// The slot of the element right above the one at `slot`.
    #[inline]
    pub fn above(&self, slot: usize) -> Option<usize> {
        let next = slot + 1;
        if next >= self.slots.len() {
            return None;
        }
        if !self.slots[next].is_hole() {
            return Some(next);
        }
        Some(self.hole_skips.live_above(next, |at| self.slots[at].is_hole()))
    }

    /// The open elements, bottom first.
    pub fn iter(&self) -> OpenElements<'_, H> {
        OpenElements { slots: self.slots.iter(), left: self.depth() }
    }

    /// The slots of the open elements from `slot` down to the bottom.
    pub fn slots_down_from(&self, slot: Option<usize>) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(slot, move |&slot| self.below(slot))
    }

    /// The slot of the topmost open HTML element `name`.
    #[inline]
    pub fn last_html(&self, name: LocalName) -> Option<usize> {
        self.html_names.known(name.index()).checked_sub(1).map(|slot| slot as usize)
    }

    /// The slots of the two topmost open HTML elements `name`.
    pub fn last_two_html(&self, name: LocalName) -> (Option<usize>, Option<usize>) {
        let head = self.html_names.known(name.index());
        let below = if head == 0 { 0 } else { self.records[head as usize].name.below };
        (head.checked_sub(1).map(|slot| slot as usize), below.checked_sub(1).map(|slot| slot as usize))
    }

    /// The serial the next element put on the stack gets.
    pub fn next_serial(&self) -> u32 {
        self.positions.next()
    }

    /// The slot of the topmost open HTML element whose name has id `id`.
    pub fn last_html_id(&self, id: LocalId) -> Option<usize> {
        self.html_names.get(id).checked_sub(1).map(|slot| slot as usize)
    }

    /// The slot of the topmost open foreign element whose ASCII-lowercased
    /// name has id `id`.
    pub fn last_foreign_lowercase(&self, id: LocalId) -> Option<usize> {
        self.foreign_names.get(id).checked_sub(1).map(|slot| slot as usize)
    }

    /// The slot of the topmost open HTML element.
    pub fn last_html_element(&self) -> Option<usize> {
        Record::named(self.top().html).map(|slot| slot as usize)
    }

    /// Whether an HTML element `name` is open.
    #[inline]
    pub fn has_open_html(&self, name: LocalName) -> bool {
        self.html_names.known(name.index()) != 0
    }

    /// How many open elements are not allowed open at the end of the body.
    #[inline]
    pub fn not_allowed_at_the_end(&self) -> usize {
        self.not_allowed_at_the_end as usize
    }

    /// The topmost record: the current node's, or the empty stack's.
    #[inline]
    fn top(&self) -> &Record {
        // The zero record is never popped.
        &self.records[self.records.len() - 1]
    }

    /// The slot of the element a record's `1 + serial` field names (open:
    /// the records name open elements only).
    #[inline]
    fn slot_of_field(&self, field: u32) -> Option<usize> {
        Record::named(field).map(|serial| self.positions.get(serial) as usize)
    }

    /// The slot of the topmost special element that stops the loop of the
    /// "li", "dd" and "dt" start tags.
    #[inline]
    pub fn last_list_item_loop_stop(&self) -> Option<usize> {
        self.slot_of_field(self.top().list_item_loop_stop)
    }

    /// The slot of the topmost special element: the topmost stop of the
    /// list item loop or of the special elements that loop passes through.
    pub fn last_special(&self) -> Option<usize> {
        let passed = IN_BODY_LIST_ITEM_LOOP_PASSES_THROUGH.iter().filter_map(|&name| self.last_html(name));
        passed.chain(self.last_list_item_loop_stop()).max()
    }

    /// The slot of the topmost element that ends `scope`'s search.
    #[inline]
    pub fn last_boundary(&self, scope: Scope) -> Option<usize> {
        let top = self.top();
        let slot = |field: u32| Record::named(field).map(|slot| slot as usize);
        match scope {
            Scope::Default => slot(top.scope),
            Scope::Table => slot(top.table_scope),
            Scope::ListItem => self.last_of(LIST_ITEM_SCOPE_ADDED).max(slot(top.scope)),
            Scope::Button => self.last_of(BUTTON_SCOPE_ADDED).max(slot(top.scope)),
        }
    }

    /// The slot of the topmost open HTML element of `names`.
    #[inline]
    fn last_of(&self, names: &[LocalName]) -> Option<usize> {
        names.iter().filter_map(|&name| self.last_html(name)).max()
    }

    /// The slot of the element that got `serial`, if it is still open.
    #[inline]
    pub fn position(&self, serial: u32) -> Option<usize> {
        let position = self.positions.get(serial);
        (position != CLOSED).then_some(position as usize)
    }

    /// Whether the element that got `serial` is still on the stack.
    #[inline]
    pub fn is_open(&self, serial: u32) -> bool {
        self.positions.get(serial) != CLOSED
    }

    /// The slot the optional depth cap puts a node in, for a node whose
    /// parent would be the element at `slot`: the element at the cap's
    /// depth when `slot` is deeper, else `slot` (with whether it capped).
    pub fn capped(&self, slot: usize) -> (usize, bool) {
        let Some(cap) = self.depth_cap else { return (slot, false) };
        let cap_slot = if self.holes == 0 { (slot > cap).then_some(cap) } else { self.cap_slot };
        match cap_slot {
            Some(cap_slot) if slot > cap_slot => (cap_slot, true),
            _ => (slot, false),
        }
    }

    /// Pushes `element` onto the stack. The usual push (an HTML element of
    /// a known name, no holes, room in the positions' table) is inline;
    /// the rest is one call out of line, which keeps the registers the
    /// inline path needs few.
    #[inline(always)]
    pub fn push(&mut self, element: OpenElement<H>) {
        match element.html_name() {
            Some(name) if self.holes == 0 && self.positions.has_room() => {
                let slot = self.slots.len();
                let serial = self.positions.open_in_room(slot);
                let mut record = Record::over(self.top(), &element, slot, serial);
                // The chain writes the links of the element below only.
                record.name = stack_chains::push::<_, NameLinks>(
                    self.html_names.known_mut(name.index()),
                    &mut self.records,
                    slot,
                );
                self.records.push(record);
                self.not_allowed_at_the_end += u32::from(!element.allowed_open_at_the_end());
                self.slots.push(OpenElement { serial, ..element });
            }
            _ => self.push_rarely(element),
        }
        #[cfg(test)]
        self.check();
    }

    /// [`Self::push`] of a foreign element or one of a name the names
    /// table lacks, over holes, or with the positions' table full.
    #[inline(never)]
    fn push_rarely(&mut self, element: OpenElement<H>) {
        let slot = self.slots.len();
        let serial = self.open_serial(slot);
        let mut record = Record::over(self.top(), &element, slot, serial);
        match element.html_name() {
            Some(name) => {
                record.name = stack_chains::push::<_, NameLinks>(
                    self.html_names.known_mut(name.index()),
                    &mut self.records,
                    slot,
                );
            }
            None => self.push_other(slot, &element, &mut record),
        }
        self.records.push(record);
        self.not_allowed_at_the_end += u32::from(!element.allowed_open_at_the_end());
        self.slots.push(OpenElement { serial, ..element });
        if self.holes != 0 {
            self.pushed_over_holes();
        }
    }

    /// Pops the current node. The usual pop (an HTML element of a known
    /// name, no holes, a recent serial) is inline, the rest one call out
    /// of line (see [`Self::push`]).
    #[inline(always)]
    pub fn pop(&mut self) -> Option<OpenElement<H>> {
        let element = self.slots.pop()?;
        let record = self.records.pop().expect("a record per element");
        self.not_allowed_at_the_end -= u32::from(!element.allowed_open_at_the_end());
        match element.html_name() {
            // (`close_recent` closes the element's position when it is a
            // recent serial's, and only then takes this arm.)
            Some(name) if self.holes == 0 && self.positions.close_recent(element.serial) => {
                *self.html_names.known_mut(name.index()) = record.name.below;
            }
            _ => self.popped_rarely(&element, &record),
        }
        #[cfg(test)]
        self.check();
        Some(element)
    }

    /// The rest of [`Self::pop`] of `element`, with `record`, out of line.
    #[inline(never)]
    fn popped_rarely(&mut self, element: &OpenElement<H>, record: &Record) {
        match element.html_name() {
            Some(name) => *self.html_names.known_mut(name.index()) = record.name.below,
            None => self.pop_other(record),
        }
        *self.positions.entry(element.serial) = CLOSED;
        if self.holes != 0 {
            self.popped_over_holes();
        }
    }

    /// The next serial, for an element open at `slot`.
    #[inline(always)]
    fn open_serial(&mut self, slot: usize) -> u32 {
        let open = self.slots.iter().filter(|element| !element.is_hole()).map(|element| element.serial);
        self.positions.open(slot, self.slots.len() - self.holes, open)
    }

    /// The chain of an element that is not an HTML element of a known name.
    fn other_chain(&mut self, element: &OpenElement<H>) -> OtherChain {
        if element.ns == Namespace::Html {
            OtherChain::Html(element.local)
        } else {
            OtherChain::Foreign(self.lowercase_id(element.local))
        }
    }

    /// The id of the ASCII lowercase of the name `id` (given an id if it
    /// has none: a foreign element's name is the token's lowercase name,
    /// or a camel-case SVG name whose lowercase the names table knows).
    fn lowercase_id(&mut self, id: LocalId) -> LocalId {
        let name = self.other_names.as_str(id);
        if !name.bytes().any(|byte| byte.is_ascii_uppercase()) {
            return id;
        }
        let lowercase = name.to_ascii_lowercase();
        self.other_names.intern_str(&lowercase)
    }

    /// The heads of `chain`'s names, and its key there.
    fn heads_of(&mut self, chain: OtherChain) -> &mut u32 {
        match chain {
            OtherChain::Html(id) => self.html_names.get_mut(id),
            OtherChain::Foreign(id) => self.foreign_names.get_mut(id),
        }
    }

    /// [`Self::push`] of an HTML element of a name the names table lacks or
    /// of a foreign element.
    fn push_other(&mut self, slot: usize, element: &OpenElement<H>, record: &mut Record) {
        let chain = self.other_chain(element);
        record.other_key = OtherKey::of(chain);
        let mut head = std::mem::take(self.heads_of(chain));
        record.name = stack_chains::push::<_, NameLinks>(&mut head, &mut self.records, slot);
        *self.heads_of(chain) = head;
    }

    /// [`Self::pop`] of an HTML element of a name the names table lacks or
    /// of a foreign element.
    fn pop_other(&mut self, record: &Record) {
        let chain = record.other_key.chain();
        *self.heads_of(chain) = record.name.below;
    }

    /// Unlinks the element at `slot` from its chains.
    fn unlink(&mut self, slot: usize) {
        let element = self.slots[slot].clone();
        let record = self.records[slot + 1];
        let mut head = std::mem::take(self.heads_of_element(&element, slot));
        stack_chains::unlink::<_, NameLinks>(&mut head, &mut self.records, slot, record.name);
        *self.heads_of_element(&element, slot) = head;
    }

    /// The head of the name chain of `element`, at `slot`.
    fn heads_of_element(&mut self, element: &OpenElement<H>, slot: usize) -> &mut u32 {
        match element.html_name() {
            Some(name) => self.html_names.known_mut(name.index()),
            None => {
                let chain = self.records[slot + 1].other_key.chain();
                self.heads_of(chain)
            }
        }
    }

    /// A push with holes in the stack: the depth cap's slot, and the
    /// compaction when the holes are many. (Compactions happen at pushes and
    /// pops only, never inside the algorithms that hold slots across their
    /// removals.)
    #[inline(never)]
    fn pushed_over_holes(&mut self) {
        if let Some(cap) = self.depth_cap {
            if self.cap_slot.is_none() && self.depth() == cap + 1 {
                self.cap_slot = Some(self.slots.len() - 1);
            }
        }
        self.compact_if_the_holes_are_many();
    }

    fn compact_if_the_holes_are_many(&mut self) {
        if self.holes > self.depth() + COMPACT_AFTER_HOLES {
            self.compact();
        }
    }

    /// A pop with holes in the stack: drops the holes it uncovered, so
    /// that the topmost slot is an element's.
    #[inline(never)]
    fn popped_over_holes(&mut self) {
        while self.slots.last().is_some_and(OpenElement::is_hole) {
            crate::cost::step!("tree_builder::stack_holes_dropped");
            self.slots.pop();
            self.records.pop();
            self.holes -= 1;
        }
        if self.holes == 0 {
            self.hole_skips.clear();
            self.cap_slot = None;
            return;
        }
        if self.depth_cap.is_some_and(|cap| self.depth() <= cap) {
            self.cap_slot = None;
        }
        self.compact_if_the_holes_are_many();
    }

    /// Removes the element at `slot` from the stack, wherever it is: the
    /// elements above it stay where they are (its slot becomes a hole).
    /// O(1), but for a special element (the records above it may name it;
    /// see [`Self::redirect_records_above`]).
    pub fn remove(&mut self, slot: usize) -> OpenElement<H> {
        if slot + 1 == self.slots.len() {
            return self.pop().expect("an element at the top");
        }
        if self.holes == 0 {
            self.cap_slot = self.depth_cap.filter(|&cap| self.depth() > cap);
        }
        self.unlink(slot);
        let element = self.slots[slot].clone();
        if element.is(Categories::SPECIAL) {
            self.redirect_records_above(slot, element.serial);
        }
        if element.ns == Namespace::Html {
            self.redirect_html_above(slot);
        }
        self.not_allowed_at_the_end -= u32::from(!element.allowed_open_at_the_end());
        *self.positions.entry(element.serial) = CLOSED;
        self.slots[slot].make_hole();
        self.records[slot + 1] = Record::default();
        self.holes += 1;
        self.hole_skips.made(slot);
        if let Some(cap_slot) = self.cap_slot {
            if slot <= cap_slot {
                self.cap_slot = self.above(cap_slot);
            }
        }
        #[cfg(test)]
        self.check();
        element
    }

    /// The records above `slot` that name the element that got `serial`
    /// (about to leave `slot`) name what lies beneath it instead. Only a
    /// special element can be named (every boundary and every stop of the
    /// list item loop is special), and special elements leave the middle
    /// of the stack only through `</form>` (once per form element pointer:
    /// the elements above the form went on the stack after it, and the next
    /// pointer's form goes on above them) and "after head" (the head
    /// element, under the one element its token pushed): so the walk costs
    /// each element once at most.
    fn redirect_records_above(&mut self, slot: usize, serial: u32) {
        debug_assert!(
            !Scope::Default.is_boundary(&self.slots[slot]) && !Scope::Table.is_boundary(&self.slots[slot]),
            "scope boundaries leave the middle of the stack never"
        );
        let named = serial + 1;
        let beneath = self.below(slot).map_or(Record::default(), |below| self.records[below + 1]);
        let mut above = self.above(slot);
        while let Some(at) = above {
            crate::cost::step!("tree_builder::stack_redirect_records");
            let record = &mut self.records[at + 1];
            if record.list_item_loop_stop == named {
                record.list_item_loop_stop = beneath.list_item_loop_stop;
            }
            above = self.above(at);
        }
    }

    /// The foreign elements right above the HTML element at `slot` (about
    /// to leave it), whose records name it as the topmost HTML element at
    /// or beneath them, name the one beneath it instead. The walk stops at
    /// the first HTML element above. An HTML element above foreign ones
    /// went on the stack over an integration point, which bounds the
    /// default scope; so the adoption agency algorithm, whose removals lie
    /// between the formatting element and the furthest block with no
    /// boundary above them, never has a foreign element above what it
    /// removes. What remains is `</form>` and "after head" (once per
    /// element pointer, as in [`Self::redirect_records_above`]) and the
    /// `a` start tag's removal of an `a` element out of scope, whose new
    /// `a` then goes on above the walked elements (the list holds one `a`
    /// after the last marker): each foreign element is walked a bounded
    /// number of times.
    fn redirect_html_above(&mut self, slot: usize) {
        let beneath = self.below(slot).map_or(0, |below| self.records[below + 1].html);
        let mut above = self.above(slot);
        while let Some(at) = above.filter(|&at| self.slots[at].ns != Namespace::Html) {
            crate::cost::step!("tree_builder::stack_redirect_html");
            debug_assert_eq!(self.records[at + 1].html, slot as u32 + 1);
            #[cfg(test)]
            tests::HTML_REDIRECTS.with(|count| count.set(count.get() + 1));
            self.records[at + 1].html = beneath;
            above = self.above(at);
        }
    }

    /// Replaces the element at `slot` by `element`, of the same name and
    /// namespace (a new element for the same token: the adoption agency
    /// algorithm's step 4.13.6). O(1): it takes the old one's slot, record
    /// and links, and a serial of its own.
    pub fn replace(&mut self, slot: usize, element: OpenElement<H>) -> OpenElement<H> {
        debug_assert!(element.local == self.slots[slot].local && element.ns == self.slots[slot].ns);
        let serial = self.open_serial(slot);
        let old = std::mem::replace(&mut self.slots[slot], OpenElement { serial, ..element });
        *self.positions.entry(old.serial) = CLOSED;
        #[cfg(test)]
        self.check();
        old
    }

    /// Removes the element at `remove` and puts `element`, of the same
    /// name and namespace, right above the one at `above`, higher up: "remove
    /// formatting element from the stack of open elements, and insert the
    /// new element into the stack of open elements immediately below the
    /// position of furthest block" (the adoption agency algorithm's step
    /// 4.19; the spec's stack grows downwards). The elements from the one
    /// above `remove` to the one at `above` each move down to the slot of
    /// the one below (the first to `remove`'s), and `element` takes
    /// `above`'s: the slots above it and the holes stay as they were. Costs
    /// the elements between, which the algorithm's inner loop leaves at
    /// three at most (it removes the others).
    pub fn remove_and_insert_above(&mut self, remove: usize, above: usize, element: OpenElement<H>) {
        debug_assert!(remove < above && above < self.slots.len());
        debug_assert!(element.local == self.slots[remove].local && element.ns == self.slots[remove].ns);
        debug_assert!(element.ns == Namespace::Html, "the chains of foreign names compare lowercase names");
        // The serial first, while every open element is where the positions
        // say it is.
        let serial = self.open_serial(above);
        let removed = self.slots[remove].clone();
        let record = self.records[remove + 1];
        // What the new element links to, found before the removal unlinks
        // these: the removed element's neighbours in its chains.
        let head_of_removed = *self.heads_of_element(&removed, remove);
        let name_lowest = (head_of_removed != remove as u32 + 1).then_some(record.name.above);
        self.unlink(remove);
        if removed.is(Categories::SPECIAL) {
            self.redirect_records_above(remove, removed.serial);
        }
        *self.positions.entry(removed.serial) = CLOSED;
        self.not_allowed_at_the_end -= u32::from(!removed.allowed_open_at_the_end());
        // Each element between moves to the slot of the one below it (and
        // names the topmost HTML element at or beneath its new slot).
        let mut name_below = record.name.below;
        let mut html_beneath = self.below(remove).map_or(0, |below| self.records[below + 1].html);
        let mut to = remove;
        let mut from = self.above(remove);
        while let Some(at) = from.filter(|&at| at <= above) {
            crate::cost::step!("tree_builder::stack_move_between");
            let moved = self.slots[at].clone();
            self.move_element(at, to);
            if moved.local == element.local && moved.ns == element.ns {
                name_below = to as u32 + 1;
            }
            if moved.ns == Namespace::Html {
                html_beneath = to as u32 + 1;
            }
            self.records[to + 1].html = html_beneath;
            to = at;
            from = self.above(at);
        }
        debug_assert_eq!(to, above);
        // The new element in the last one's slot.
        let below_record = self.below(above).map_or(Record::default(), |below| self.records[below + 1]);
        let mut new_record = Record::over(&below_record, &element, above, serial);
        // An HTML element of the removed one's name (known: a formatting
        // element's) has its chain's head in the table.
        let known = element.html_name().expect("a formatting element").index();
        let mut head = std::mem::take(self.html_names.known_mut(known));
        new_record.name =
            stack_chains::insert_above::<_, NameLinks>(&mut head, &mut self.records, above, name_below, name_lowest);
        *self.html_names.known_mut(known) = head;
        self.records[above + 1] = new_record;
        self.not_allowed_at_the_end += u32::from(!element.allowed_open_at_the_end());
        self.slots[above] = OpenElement { serial, ..element };
        #[cfg(test)]
        self.check();
    }

    /// Moves the element at `from` to the free slot `to`, below it with no
    /// element of its chains between. (Not a scope boundary: the records
    /// above name those by slot.)
    fn move_element(&mut self, from: usize, to: usize) {
        let element = self.slots[from].clone();
        debug_assert!(!Scope::Default.is_boundary(&element) && !Scope::Table.is_boundary(&element));
        let record = self.records[from + 1];
        let mut head = std::mem::take(self.heads_of_element(&element, from));
        stack_chains::moved::<_, NameLinks>(&mut head, &mut self.records, from, to, record.name);
        *self.heads_of_element(&element, from) = head;
        *self.positions.entry(element.serial) = to as u32;
        self.records[to + 1] = record;
        self.slots[to] = element;
    }

    /// Drops the holes: every element moves down to its depth, and the
    /// positions, the chains' links and heads follow. Costs the slots and
    /// the heads, paid for by the [`COMPACT_AFTER_HOLES`] holes or more
    /// that the removals since the last compaction made.
    #[cold]
    fn compact(&mut self) {
        #[cfg(test)]
        tests::COMPACTIONS.with(|count| count.set(count.get() + 1));
        let mut new_slot = vec![0u32; self.slots.len() + 1];
        let mut next = 0;
        for (slot, element) in self.slots.iter().enumerate() {
            crate::cost::step!("tree_builder::stack_compact");
            if !element.is_hole() {
                new_slot[slot + 1] = next + 1;
                next += 1;
            }
        }
        // (A head's link up may point past the top: it means nothing.)
        let remap = |link: u32| new_slot.get(link as usize).copied().unwrap_or(0);
        let mut to = 0;
        for from in 0..self.slots.len() {
            crate::cost::step!("tree_builder::stack_compact");
            if self.slots[from].is_hole() {
                continue;
            }
            let mut record = self.records[from + 1];
            record.scope = remap(record.scope);
            record.table_scope = remap(record.table_scope);
            record.name = Link { below: remap(record.name.below), above: remap(record.name.above) };
            record.html = remap(record.html);
            self.records[to + 1] = record;
            self.slots.swap(to, from);
            *self.positions.entry(self.slots[to].serial) = to as u32;
            to += 1;
        }
        self.slots.truncate(to);
        self.records.truncate(to + 1);
        self.html_names.remap(remap);
        self.foreign_names.remap(remap);
        self.holes = 0;
        self.hole_skips.clear();
        self.cap_slot = None;
    }

    /// Recomputes every index from the elements (the parser's unit tests
    /// call it after every change to the stack).
    #[cfg(test)]
    fn check(&self) {
        assert_eq!(self.records.len(), self.slots.len() + 1, "the records");
        // A recount per change: quadratic, so only for the stacks of the
        // unit tests' soups, not for their deep-tree tests.
        if self.slots.len() > 256 {
            return;
        }
        let zero = &self.records[0];
        assert_eq!((zero.scope, zero.table_scope, zero.list_item_loop_stop), (0, 0, 0), "the empty stack's record");
        assert!(self.slots.last().is_none_or(|top| !top.is_hole()), "a hole at the top");
        let live: Vec<usize> = (0..self.slots.len()).filter(|&slot| !self.slots[slot].is_hole()).collect();
        assert_eq!(self.holes, self.slots.len() - live.len(), "the holes");
        // The walks from slot to slot, against the slots.
        for (at, &slot) in live.iter().enumerate() {
            assert_eq!(self.below(slot), at.checked_sub(1).map(|below| live[below]), "below {slot}");
            assert_eq!(self.above(slot), live.get(at + 1).copied(), "above {slot}");
        }
        assert_eq!(self.iter().count(), live.len());
        assert_eq!(self.iter().rev().count(), live.len());
        for &slot in &live {
            assert_eq!(self.positions.get(self.slots[slot].serial) as usize, slot, "position of {slot}");
        }
        // Every chain, from its head down and back up, against the elements.
        let mut html_names = std::collections::HashMap::<LocalId, Vec<usize>>::new();
        let mut foreign_names = std::collections::HashMap::<String, Vec<usize>>::new();
        for &slot in &live {
            let element = &self.slots[slot];
            if element.ns == Namespace::Html {
                html_names.entry(element.local).or_default().push(slot);
            } else {
                foreign_names.entry(self.name_str(element).to_ascii_lowercase()).or_default().push(slot);
            }
        }
        let walk = |head: u32, links: fn(&Record) -> Link| {
            let mut chain = Vec::new();
            let mut link = head;
            while link != 0 {
                let slot = link as usize - 1;
                if let Some(&above) = chain.last() {
                    assert_eq!(links(&self.records[link as usize]).above as usize, above + 1, "the link up of {slot}");
                }
                chain.push(slot);
                link = links(&self.records[link as usize]).below;
            }
            chain.reverse();
            chain
        };
        for (id, slots) in &html_names {
            assert_eq!(&walk(self.html_names.get(*id), |record| record.name), slots, "the HTML elements {id:?}");
        }
        for (name, slots) in &foreign_names {
            let id = self.other_names.find(name).expect("a foreign element's lowercase name has an id");
            assert_eq!(&walk(self.foreign_names.get(id), |record| record.name), slots, "the foreign elements {name}");
        }
        assert_eq!(self.html_names.heads().len(), html_names.len(), "the HTML names with elements");
        assert_eq!(self.foreign_names.heads().len(), foreign_names.len(), "the foreign names with elements");
        let mut not_allowed = 0;
        for &slot in &live {
            let element = &self.slots[slot];
            assert_eq!(element.list_item_loop_stop(), is_list_item_loop_stop(element), "{:?}", element.local);
            assert_eq!(element.allowed_open_at_the_end(), allowed_at_the_end(element), "{:?}", element.local);
            not_allowed += usize::from(!allowed_at_the_end(element));
        }
        assert_eq!(self.not_allowed_at_the_end as usize, not_allowed, "the elements not allowed at the end");
        // Each record against the topmost element of each kind at or
        // beneath it, found walking up from the bottom.
        let mut stop = None;
        let mut html = None;
        let mut boundary = [None; Scope::KINDS];
        for &slot in &live {
            let element = &self.slots[slot];
            if is_list_item_loop_stop(element) {
                stop = Some(element.serial);
            }
            if element.ns == Namespace::Html {
                html = Some(slot as u32);
            }
            for scope in Scope::ALL {
                if scope.is_boundary(element) {
                    boundary[scope.index()] = Some(slot as u32);
                }
            }
            let record = &self.records[slot + 1];
            assert_eq!(Record::named(record.list_item_loop_stop), stop, "the list item loop's stop at {slot}");
            assert_eq!(Record::named(record.html), html, "the topmost HTML element at or beneath {slot}");
            assert_eq!(Record::named(record.scope), boundary[Scope::Default.index()], "the scope boundary at {slot}");
            assert_eq!(Record::named(record.table_scope), boundary[Scope::Table.index()], "the table scope at {slot}");
        }
        for scope in Scope::ALL {
            let found = self.last_boundary(scope).map(|slot| slot as u32);
            assert_eq!(found, boundary[scope.index()], "the topmost boundary of {scope:?}");
        }
        // The depth cap's slot.
        if let Some(cap) = self.depth_cap {
            let expected = live.get(cap).copied();
            for &slot in &live {
                let at = live.iter().position(|&live| live == slot).expect("a live slot");
                let capped = self.capped(slot);
                match expected {
                    Some(cap_slot) if at > cap => assert_eq!(capped, (cap_slot, true), "capped {slot}"),
                    _ => assert_eq!(capped, (slot, false), "not capped {slot}"),
                }
            }
        }
    }
}

/// The kinds of "have an element in a specific scope". (Select scope went
/// with the "in select" insertion mode: the relaxed `<select>` parser
/// checks `select` in the default scope, which `spec-data/element-categories.txt`
/// lists among the scope elements.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-scope>
    Default,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-list-item-scope>
    ListItem,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-button-scope>
    Button,
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-table-scope>
    Table,
}

impl Scope {
    #[cfg(test)]
    const KINDS: usize = 4;
    #[cfg(test)]
    const ALL: [Scope; Scope::KINDS] = [Scope::Default, Scope::ListItem, Scope::Button, Scope::Table];

    #[cfg(test)]
    fn index(self) -> usize {
        self as usize
    }

    /// Whether `element` ends the search for this scope.
    ///
    /// List-item and button scope are the default scope plus their extra
    /// element types; the categories table may store either the extra types
    /// alone or the whole set, so both are accepted.
    #[inline(always)]
    fn is_boundary<H>(self, element: &OpenElement<H>) -> bool {
        // Each category is one bit (`Categories::intersects` of a union is
        // "any of them"): one test per scope, without a branch.
        let ends = match self {
            Scope::Default => Categories::SCOPE,
            Scope::ListItem => Categories::SCOPE.union(Categories::LIST_ITEM_SCOPE),
            Scope::Button => Categories::SCOPE.union(Categories::BUTTON_SCOPE),
            Scope::Table => Categories::TABLE_SCOPE,
        };
        element.categories.intersects(ends)
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope>
    ///
    /// The spec walks down from the current node: the target found first
    /// means yes (it is checked before the boundary test, so a boundary
    /// element can be its own target), a boundary found first means no.
    /// So the answer is whether the topmost target is at or above the
    /// topmost boundary, which the stack's records give in O(1).
    fn target_in_scope(&self, scope: Scope, target: Option<usize>) -> bool {
        match (target, self.open_elements.last_boundary(scope)) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(target), Some(boundary)) => target >= boundary,
        }
    }

    /// Whether the HTML element `name` is in `scope`.
    pub(crate) fn has_in_scope(&self, scope: Scope, name: LocalName) -> bool {
        self.target_in_scope(scope, self.open_elements.last_html(name))
    }

    /// Whether the element that got stack serial `serial` is in the
    /// default scope.
    pub(crate) fn has_serial_in_scope(&self, serial: u32) -> bool {
        self.target_in_scope(Scope::Default, self.open_elements.position(serial))
    }

    /// Whether this very element (by handle) is in the default scope. The
    /// walk stops at the first boundary, and `</form>` (its one caller)
    /// runs it at most once per form element pointer set.
    pub(crate) fn has_node_in_scope(&self, handle: S::Handle) -> bool {
        for slot in self.open_elements.slots_down_from(self.open_elements.top_slot()) {
            crate::cost::step!("tree_builder::form_in_scope_walk");
            let element = &self.open_elements[slot];
            if element.handle == handle {
                return true;
            }
            if Scope::Default.is_boundary(element) {
                return false;
            }
        }
        false
    }

    /// Whether any HTML element of `group` (a generated member list) is in
    /// `scope`.
    pub(crate) fn has_any_in_scope(&self, scope: Scope, group: &[LocalName]) -> bool {
        let topmost = group.iter().filter_map(|&name| self.open_elements.last_html(name)).max();
        self.target_in_scope(scope, topmost)
    }

    /// Whether the stack holds the HTML element `name` anywhere.
    pub(crate) fn stack_contains(&self, name: LocalName) -> bool {
        self.open_elements.has_open_html(name)
    }

    /// Whether the current node is the HTML element `name`.
    pub(crate) fn current_node_is(&self, name: LocalName) -> bool {
        self.open_elements.last().is_some_and(|e| e.is_html(name))
    }

    /// Pops the current node if it is the HTML element `name`, and says
    /// whether it did. The end tag rules that close an element `name` when
    /// it is in scope come to this when the current node is that element
    /// (their usual case): the walk of the scope test finds it first;
    /// "generate implied end tags" pops nothing (except for `name`, it
    /// stops at the current node; for all, `name` must be an element that
    /// implied end tags do not pop, which the callers' tests check); the
    /// current node is `name` (no parse error); and the pops up to the
    /// element `name` pop it alone.
    #[inline]
    pub(crate) fn pop_if_current_node_is(&mut self, name: LocalName) -> bool {
        let current = self.current_node_is(name);
        if current {
            self.pop();
        }
        current
    }

    /// Pops the current node. (It returns nothing: most callers drop the
    /// element, and handing it back cost a copy per pop.)
    pub(crate) fn pop(&mut self) {
        let element = self.open_elements.pop().expect("pop on a non-empty stack of open elements");
        self.element_popped(&element);
    }

    /// Work done whenever an element leaves the stack of open elements.
    #[inline(always)]
    fn element_popped(&mut self, element: &OpenElement<S::Handle>) {
        if element.is_html(local_names::OPTION) {
            self.option_popped(element.handle);
        } else if element.is_html(local_names::SELECT) {
            self.select_popped(element.handle);
        }
    }

    /// Pops elements until an HTML element `name` has been popped.
    pub(crate) fn pop_until_popped(&mut self, name: LocalName) {
        while let Some(element) = self.open_elements.last() {
            crate::cost::step!("tree_builder::stack_pops");
            let done = element.is_html(name);
            self.pop();
            if done {
                break;
            }
        }
    }

    /// Pops elements until an HTML element of `group` has been popped.
    pub(crate) fn pop_until_one_of_popped(&mut self, group: fn(LocalName) -> bool) {
        while let Some(element) = self.open_elements.last() {
            crate::cost::step!("tree_builder::stack_pops");
            let done = element.html_name().is_some_and(group);
            self.pop();
            if done {
                break;
            }
        }
    }

    /// Pops elements until the element `handle` has been popped.
    pub(crate) fn pop_until_node_popped(&mut self, handle: S::Handle) {
        while let Some(element) = self.open_elements.last() {
            crate::cost::step!("tree_builder::stack_pops");
            let done = element.handle == handle;
            self.pop();
            if done {
                break;
            }
        }
    }

    /// Removes `handle` from the stack wherever it is. The search from the
    /// top passes what its callers' own walks passed (`</form>`'s scope
    /// test; the head element, one element down at most).
    pub(crate) fn remove_from_stack(&mut self, handle: S::Handle) {
        let top = self.open_elements.top_slot();
        let found = self.open_elements.slots_down_from(top).find(|&slot| {
            crate::cost::step!("tree_builder::remove_from_stack_search");
            self.open_elements[slot].handle == handle
        });
        if let Some(slot) = found {
            self.remove_from_stack_at(slot);
        }
    }

    /// Removes the element at `slot` from the stack.
    pub(crate) fn remove_from_stack_at(&mut self, slot: usize) {
        let element = self.open_elements.remove(slot);
        self.element_popped(&element);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags>
    /// (with `except`: "generate implied end tags, except for …").
    pub(crate) fn generate_implied_end_tags(&mut self, except: Option<LocalName>) {
        while let Some(element) = self.open_elements.last() {
            crate::cost::step!("tree_builder::stack_pops");
            if !element.is(Categories::IMPLIED_END_TAGS) || element.ns != Namespace::Html {
                break;
            }
            if except.is_some_and(|name| element.is_html(name)) {
                break;
            }
            self.pop();
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generate-all-implied-end-tags-thoroughly>
    pub(crate) fn generate_all_implied_end_tags_thoroughly(&mut self) {
        while let Some(element) = self.open_elements.last() {
            crate::cost::step!("tree_builder::stack_pops");
            if !element.is(Categories::IMPLIED_END_TAGS_THOROUGHLY) || element.ns != Namespace::Html {
                break;
            }
            self.pop();
        }
    }

    /// Pops until the current node is of `context` (or is `html`).
    fn clear_the_stack_back_to(&mut self, context: Categories) {
        while let Some(element) = self.open_elements.last() {
            crate::cost::step!("tree_builder::stack_pops");
            if element.is(context) {
                break;
            }
            self.pop();
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-context>
    pub(crate) fn clear_the_stack_back_to_a_table_context(&mut self) {
        self.clear_the_stack_back_to(Categories::TABLE_CONTEXT);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-body-context>
    pub(crate) fn clear_the_stack_back_to_a_table_body_context(&mut self) {
        self.clear_the_stack_back_to(Categories::TABLE_BODY_CONTEXT);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-row-context>
    pub(crate) fn clear_the_stack_back_to_a_table_row_context(&mut self) {
        self.clear_the_stack_back_to(Categories::TABLE_ROW_CONTEXT);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#close-a-p-element>
    pub(crate) fn close_a_p_element(&mut self) {
        self.generate_implied_end_tags(Some(local_names::P));
        if !self.current_node_is(local_names::P) {
            self.parse_error(super::TreeConstructionError::EndTagWithOpenElements);
        }
        self.pop_until_popped(local_names::P);
    }

    /// "If the stack of open elements has a p element in button scope, then
    /// close a p element."
    pub(crate) fn close_a_p_element_in_button_scope(&mut self) {
        if self.has_in_scope(Scope::Button, local_names::P) {
            self.close_a_p_element();
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::dom::dump_html5lib;

    thread_local! {
        /// How many in-body "any other end tags" the unit tests checked
        /// against the walk.
        pub(crate) static END_TAGS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many of foreign content's.
        pub(crate) static FOREIGN_END_TAGS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many foreign records were redirected past an HTML element
        /// removed from under them.
        pub(crate) static HTML_REDIRECTS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many times a stack was compacted.
        pub(crate) static COMPACTIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Markup that makes long runs of ordinary elements between special
    /// ones and changes the stack every way the tree builder does: pushes
    /// and pops of special and other elements, the adoption agency
    /// algorithm's removals, replacements and moves (with elements between
    /// the formatting element and the furthest block), `</form>` and the
    /// `a` start tag removing from the middle, foreign content, unknown
    /// names.
    const PIECES: &[&str] = &[
        "<x-a>",
        "<x-a>",
        "</x-a>",
        "</x-b>",
        "<x-b>",
        "<x-c></x-c>",
        "<span>",
        "</span>",
        "</abbr>",
        "<abbr>",
        "<div>",
        "</div>",
        "<p>",
        "</p>",
        "<b>",
        "</b>",
        "<i>",
        "</i>",
        "<a>",
        "</a>",
        "<nobr>",
        "<em class=x>",
        "</em>",
        "<span><span><div><div></b>",
        "<form>",
        "</form>",
        "<table>",
        "<td>",
        "</table>",
        "<svg>",
        "<desc>",
        "</desc>",
        "</svg>",
        "<math>",
        "<mi>",
        "</math>",
        "<li>",
        "<dd>",
        "<ul>",
        "<button>",
        "<object>",
        "</object>",
        "<template>",
        "</template>",
        "x",
    ];

    /// Foreign content over HTML: runs of foreign elements with end tags of
    /// names open or not, camel-case SVG names, integration points and
    /// breakouts, HTML elements (formatting ones too) opened inside and
    /// below them, and HTML elements removed from under them (`</form>`, an
    /// `a` out of scope).
    const FOREIGN_PIECES: &[&str] = &[
        "<svg>",
        "</svg>",
        "<g>",
        "<g>",
        "</g>",
        "</x>",
        "</X-Y>",
        "<clipPath>",
        "</clippath>",
        "<foreignObject>",
        "</foreignObject>",
        "<desc>",
        "</desc>",
        "<math>",
        "<mi>",
        "</mi>",
        "<mo>",
        "</math>",
        "<annotation-xml encoding=text/html>",
        "</annotation-xml>",
        "<a>",
        "<form>",
        "</form>",
        "<div>",
        "</div>",
        "<span>",
        "</span>",
        "<b>",
        "</b>",
        "<p>",
        "</p>",
        "<table>",
        "<td>",
        "</table>",
        "<font color=red>",
        "<br>",
        "x",
    ];

    fn soup_of(pieces: &[&str], seed: u64, len: usize) -> String {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut out = String::new();
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let piece = pieces[(state % pieces.len() as u64) as usize];
            // Runs of the same piece build long stretches.
            let run = if state >> 61 == 0 { 12 } else { 1 };
            for _ in 0..run {
                out.push_str(piece);
            }
        }
        out
    }

    /// Every push, pop, removal, replacement and move checks every index
    /// against the elements (`StackOfOpenElements::check`), and every "any
    /// other end tag" the stack's chains answered is checked against the
    /// spec's walk.
    #[test]
    fn the_indexes_follow_every_change_to_the_stack() {
        END_TAGS.with(|count| count.set(0));
        COMPACTIONS.with(|count| count.set(0));
        for seed in 0..300 {
            let document = crate::parse_document(&soup_of(PIECES, seed, 300));
            assert!(dump_html5lib(&document).contains("<x-a>"));
        }
        let checked = END_TAGS.with(std::cell::Cell::get);
        assert!(checked > 1_000, "{checked} end tags checked");
        let compactions = COMPACTIONS.with(std::cell::Cell::get);
        assert!(compactions >= 10, "{compactions} compactions");
    }

    #[test]
    fn the_foreign_chains_follow_every_change_to_the_stack() {
        FOREIGN_END_TAGS.with(|count| count.set(0));
        HTML_REDIRECTS.with(|count| count.set(0));
        let mut with_g = 0;
        for seed in 0..300 {
            let document = crate::parse_document(&soup_of(FOREIGN_PIECES, seed, 300));
            with_g += usize::from(dump_html5lib(&document).contains("<svg g>"));
        }
        assert!(with_g > 150, "{with_g} soups hold an SVG g");
        let checked = FOREIGN_END_TAGS.with(std::cell::Cell::get);
        assert!(checked > 1_000, "{checked} end tags checked");
        let redirected = HTML_REDIRECTS.with(std::cell::Cell::get);
        assert!(redirected > 100, "{redirected} foreign records redirected");
    }

    /// The same under a depth cap, whose element the stack tracks while
    /// there are holes.
    #[test]
    fn the_depth_cap_follows_every_change_to_the_stack() {
        for seed in 0..100 {
            let limits = crate::Limits::default().max_depth(Some(6));
            let options = crate::ParseOptions::default().limits(limits);
            crate::parse_document_with(&soup_of(PIECES, seed, 300), options);
        }
    }

    /// The adoption agency algorithm moves the furthest block and the
    /// elements it replaced down a slot, over holes, and the new element
    /// takes the furthest block's slot: the tree is the spec's. (`</b>`:
    /// the span is removed, s and u are replaced and move down with the
    /// div, i is removed, b is removed and a new b goes above the div; the
    /// second round moves the new b above the p; main at `6fdd9bb` made
    /// the same tree.)
    #[test]
    fn an_element_inserted_in_the_middle_leaves_the_elements_above_in_place() {
        let tree = dump_html5lib(&crate::parse_document("<b><i><u><s><span><div><p>x</b>y"));
        let expected = "\
| <html>
|   <head>
|   <body>
|     <b>
|       <i>
|         <u>
|           <s>
|             <span>
|     <u>
|       <s>
|         <div>
|           <b>
|           <p>
|             <b>
|               \"x\"
|             \"y\"
";
        assert_eq!(tree, expected);
    }

    /// Holes under open elements are compacted once they are many (a few
    /// under the unit tests): `</b>` removes the spans below the first div
    /// (the furthest block), and the second div stays open above them.
    #[test]
    fn many_holes_are_compacted() {
        let input = format!("<b>{}<div><div></b><p>x", "<span>".repeat(40));
        COMPACTIONS.with(|count| count.set(0));
        let document = crate::parse_document(&input);
        assert_eq!(dump_html5lib(&document).matches("<span>").count(), 40);
        assert_eq!(COMPACTIONS.with(std::cell::Cell::get), 1);
    }
}
