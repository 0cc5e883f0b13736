//! The stack of open elements: the element scopes, popping, and the
//! implied end tags.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements>

use crate::generated::element_categories::Categories;
use crate::generated::names::{local_names, LocalName, Namespace};
#[cfg(test)]
use crate::generated::tag_groups::{
    is_in_body_elements_allowed_open_at_the_end, is_in_body_list_item_loop_passes_through,
};

use crate::generated::names::LOCAL_NAME_COUNT;
use crate::vocab::Name;

use super::element_names::{LocalId, OtherNames};
use super::serial_positions::{SerialPositions, CLOSED};
use super::stack_regions::{HtmlCut, Regions, SpecialCut};
use super::{OpenElement, TreeBuilder, TreeSink};

/// The stack of open elements, indexed so that every "has an element in
/// scope" check, "is a template open?" and "the last table in the stack"
/// is answered in O(1) with the spec's exact result, however deep the stack
/// (a million nested `div`s, or an `object` over the `p` that each `<div>`
/// asks about, must not take quadratic time). Reads go through `Deref` to
/// the slice, bottom (the html element) first.
///
/// Each element gets a serial when it is put on the stack; `positions`
/// maps serials to stack indices. The open HTML elements of each known
/// name, and the boundary elements of each scope kind, are kept as lists
/// of serials in stack order, so the topmost one of each is the last
/// entry. Pushes and pops touch the ends of the lists; an insertion or
/// removal in the middle (the adoption agency algorithm, `</form>`) moves
/// the elements above it, and updates their positions for as much.
#[derive(Debug, Clone)]
pub(crate) struct StackOfOpenElements<H> {
    elements: Vec<OpenElement<H>>,
    /// Per known local name: the topmost open HTML element of that name.
    html_by_name: NameChains,
    /// Per stack entry, one record of what lies at or beneath it (see
    /// [`Beneath`]), after a zero record for the empty stack: the record
    /// of `elements[i]` is `beneath[i + 1]`, so that a push reads the
    /// record below it without a test.
    beneath: Vec<Beneath>,
    /// The names the names table lacks, given ids as elements get them
    /// (the stack's elements and the fragment's context element).
    other_names: OtherNames,
    /// How many HTML elements of each of `other_names` are open (custom
    /// elements): an end tag for a name nobody opened is then ignored
    /// without walking the stack.
    other_html_counts: Vec<u32>,
    /// Per serial (one per element ever put on the stack, in order): its
    /// index in the stack, or [`CLOSED`]. Formatting entries ask this
    /// instead of being updated, by a search of the list, whenever an
    /// element leaves the stack (which made popping N listed formatting
    /// elements O(N²)). The recent serials' in a table, the open elements
    /// of older ones in a list (see `serial_positions`).
    positions: SerialPositions,
    /// The special elements' regions, for "any other end tag" in body.
    special_regions: Regions<SpecialCut>,
    /// The HTML elements' regions, for "any other end tag" in foreign
    /// content.
    html_regions: Regions<HtmlCut>,
}

/// What lies at or beneath one entry of the stack of open elements, found
/// from the entry below it when the element is pushed (or, after an
/// insertion or removal in the middle, for the entries above it, whose
/// indices moved anyway). The topmost record answers "the topmost
/// boundary of each scope", "the topmost stop of the list item loop" and
/// "how many elements are not allowed open at the end of the body" in one
/// load, and a pop undoes nothing but its own record: every field is a
/// select or a sum on the element's flags, so no element costs a branch
/// on what it is (the lists of serials these replaced cost each push and
/// pop two branches on the element's kind, mispredicted about 40K times
/// on the documentation corpus's 65K elements).
///
/// 32 bytes, aligned: the boundaries are one 16-byte store, and a record's
/// address a shift of its index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C, align(32))]
struct Beneath {
    /// Per scope kind ([`Scope::index`]): 1 + the index of the topmost
    /// element at or beneath this one that ends that scope's search, or 0.
    boundary: [u32; Scope::KINDS],
    /// For an HTML element of a known name, 1 + the serial of the next
    /// open HTML element of that name below it, or 0 when it is the lowest;
    /// 0 for the other elements (the name chains' link).
    same_name: u32,
    /// 1 + the index of the topmost element at or beneath this one that
    /// stops the loop of the "li", "dd" and "dt" start tags, or 0.
    list_item_loop_stop: u32,
    /// How many elements at or beneath this one are not allowed open at
    /// the end of the body (a parse error at `</body>`, `</html>` and the
    /// end of the input).
    not_allowed_at_the_end: u32,
}

impl Beneath {
    /// The record of `element` at stack index `index`, over `below`'s.
    #[inline(always)]
    fn over<H>(below: &Beneath, element: &OpenElement<H>, index: usize, same_name: u32) -> Beneath {
        let at = index as u32 + 1;
        // `at` where the element is of the kind, else the record's below,
        // as arithmetic: written as a choice, the compiler branches on it
        // (to skip the load of the record below), and the element's kind
        // is what the branch predictor cannot guess.
        let pick = |here: bool, beneath: u32| {
            beneath.wrapping_add(at.wrapping_sub(beneath) & 0u32.wrapping_sub(u32::from(here)))
        };
        Beneath {
            same_name,
            list_item_loop_stop: pick(element.list_item_loop_stop(), below.list_item_loop_stop),
            boundary: Scope::ALL.map(|scope| pick(scope.is_boundary(element), below.boundary[scope.index()])),
            not_allowed_at_the_end: below.not_allowed_at_the_end + u32::from(!element.allowed_open_at_the_end()),
        }
    }

    /// The stack index a `1 + index` field names.
    fn index(field: u32) -> Option<usize> {
        field.checked_sub(1).map(|index| index as usize)
    }
}

/// The open HTML elements of each known name, as a chain through the
/// stack: per name the topmost one, and per stack entry the next one of its
/// name below it ([`Beneath::same_name`]). A push or pop of an element
/// reads and writes one link, and a document allocates nothing per name (a
/// list of serials per name, allocated when the name was first opened and
/// regrown as it nested, cost 26 allocations and 45 regrowths a page on the
/// web corpus). Serials rather than stack indices, so that an insertion or
/// removal in the middle of the stack moves no links but the one it splices.
#[derive(Debug, Clone)]
struct NameChains {
    /// Per name ([`LocalName::index`]): 1 + the serial of the topmost open
    /// HTML element of that name, or 0 when none is open.
    topmost: Box<[u32; LOCAL_NAME_COUNT]>,
}

impl Default for NameChains {
    fn default() -> Self {
        NameChains { topmost: Box::new([0; LOCAL_NAME_COUNT]) }
    }
}

impl NameChains {
    /// The link for the element that got `serial`, inserted at stack index
    /// `index` (before the insertion): the next element of the name above
    /// `index` links to it now, or it is the topmost. `links` are the
    /// stack entries' records (`beneath` without its zero record).
    fn link<H>(
        &mut self,
        elements: &[OpenElement<H>],
        links: &mut [Beneath],
        index: usize,
        serial: u32,
        name: Option<LocalName>,
    ) -> u32 {
        match name {
            Some(name) => std::mem::replace(self.link_to(elements, links, index, name), serial + 1),
            None => 0,
        }
    }

    /// Unlinks the element that was at stack index `index` with the link
    /// `link` (`elements` and `links` no longer hold it) from its name's
    /// chain.
    fn unlink<H>(
        &mut self,
        elements: &[OpenElement<H>],
        links: &mut [Beneath],
        index: usize,
        link: u32,
        name: Option<LocalName>,
    ) {
        if let Some(name) = name {
            *self.link_to(elements, links, index, name) = link;
        }
    }

    /// What links to the chain's entries at or below stack index `index`:
    /// the next element of `name` above it, or the chain's topmost link.
    fn link_to<'a, H>(
        &'a mut self,
        elements: &[OpenElement<H>],
        links: &'a mut [Beneath],
        index: usize,
        name: LocalName,
    ) -> &'a mut u32 {
        match elements[index..].iter().position(|above| above.is_html(name)) {
            Some(offset) => &mut links[index + offset].same_name,
            None => &mut self.topmost[name.index()],
        }
    }
}

/// The room the stack's vectors start with, so that a page's parse does
/// not regrow them from nothing by doubling (20 regrowths a page on the web
/// corpus, about 440 instructions each): the open elements and their
/// records (as deep as real pages nest, most of the time); the positions
/// (the recent serials: `serial_positions` starts them again when the
/// table is full and most of them are closed). About 3 KB in all.
const OPEN_ROOM: usize = 32;
const POSITIONS_ROOM: usize = 256;

impl<H> Default for StackOfOpenElements<H> {
    fn default() -> Self {
        StackOfOpenElements {
            elements: Vec::with_capacity(OPEN_ROOM),
            html_by_name: NameChains::default(),
            beneath: {
                let mut beneath = Vec::with_capacity(OPEN_ROOM + 1);
                beneath.push(Beneath::default());
                beneath
            },
            other_names: OtherNames::default(),
            other_html_counts: Vec::new(),
            positions: SerialPositions::with_capacity(POSITIONS_ROOM),
            special_regions: Regions::default(),
            html_regions: Regions::default(),
        }
    }
}

impl<H> std::ops::Deref for StackOfOpenElements<H> {
    type Target = [OpenElement<H>];

    fn deref(&self) -> &[OpenElement<H>] {
        &self.elements
    }
}

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

impl<H> StackOfOpenElements<H> {
    /// Counts an HTML element of a name the names table lacks.
    #[inline(never)]
    fn count_other(&mut self, other: usize, delta: i32) {
        if other >= self.other_html_counts.len() {
            self.other_html_counts.resize(self.other_names.len().max(other + 1), 0);
        }
        let count = &mut self.other_html_counts[other];
        *count = count.wrapping_add_signed(delta);
    }

    /// Whether a push or pop of `element` has more to do than the
    /// records, the name chains and the positions: an HTML element of a
    /// name the names table lacks (counted), or regions to keep (after a
    /// long walk failed). One test for the usual element.
    #[inline(always)]
    fn has_more_to_do(&self, element: &OpenElement<H>) -> bool {
        element.has_other_html_name() | self.special_regions.is_active() | self.html_regions.is_active()
    }

    /// The rest of a push or pop of the element at `index` (the top):
    /// see [`Self::has_more_to_do`].
    #[inline(never)]
    fn pushed_or_popped_more(&mut self, index: usize, element: &OpenElement<H>, pushed: bool) {
        if element.has_other_html_name() {
            if let Some(other) = OtherNames::other_index(element.local) {
                self.count_other(other, if pushed { 1 } else { -1 });
            }
        }
        if pushed {
            self.special_regions.pushed(index, element, &self.other_names);
            self.html_regions.pushed(index, element, &self.other_names);
        } else {
            self.special_regions.popped(element, &self.other_names);
            self.html_regions.popped(element, &self.other_names);
        }
    }

    /// Counts (`delta` 1) or uncounts (-1) an element inserted or removed
    /// in the middle.
    fn count_if_other(&mut self, element: &OpenElement<H>, delta: i32) {
        if element.has_other_html_name() {
            if let Some(other) = OtherNames::other_index(element.local) {
                self.count_other(other, delta);
            }
        }
    }

    /// Recomputes the records of the elements from `index` up, after an
    /// insertion or removal at `index` moved them (the name chains' links
    /// stay).
    fn recompute_beneath_from(&mut self, index: usize) {
        for (at, element) in self.elements.iter().enumerate().skip(index) {
            let same_name = self.beneath[at + 1].same_name;
            self.beneath[at + 1] = Beneath::over(&self.beneath[at], element, at, same_name);
        }
    }

    /// The topmost record: the element's at the top, or the empty stack's.
    #[inline]
    fn top(&self) -> &Beneath {
        // The zero record is never popped.
        &self.beneath[self.beneath.len() - 1]
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

    /// Whether an HTML element `name` is open.
    pub fn has_open_html(&self, name: LocalName) -> bool {
        self.html_by_name.topmost[name.index()] != 0
    }

    /// Whether an HTML element called `name` (any name) is open.
    pub fn has_open_html_named(&self, name: &str) -> bool {
        match self.other_names.find(name) {
            None => false,
            Some(id) => match (id.known(), OtherNames::other_index(id)) {
                (Some(known), _) => self.has_open_html(known),
                (None, Some(other)) => self.other_html_counts.get(other).is_some_and(|&count| count > 0),
                (None, None) => false,
            },
        }
    }

    /// The index of the topmost open HTML element `name`.
    pub fn last_html(&self, name: LocalName) -> Option<usize> {
        match self.html_by_name.topmost[name.index()] {
            0 => None,
            link => Some(self.positions.get(link - 1) as usize),
        }
    }

    /// How many open elements are not allowed open at the end of the body.
    pub fn not_allowed_at_the_end(&self) -> usize {
        self.top().not_allowed_at_the_end as usize
    }

    /// The index of the topmost special element that stops the loop of the
    /// "li", "dd" and "dt" start tags.
    pub fn last_list_item_loop_stop(&self) -> Option<usize> {
        Beneath::index(self.top().list_item_loop_stop)
    }

    /// The index of the topmost element that ends `scope`'s search.
    pub fn last_boundary(&self, scope: Scope) -> Option<usize> {
        Beneath::index(self.top().boundary[scope.index()])
    }

    /// The index of the element that got `serial`, if it is still open.
    pub fn position(&self, serial: u32) -> Option<usize> {
        let position = self.positions.get(serial);
        (position != CLOSED).then_some(position as usize)
    }

    #[inline(always)]
    pub fn push(&mut self, element: OpenElement<H>) {
        let index = self.elements.len();
        let serial = self.open_serial(index);
        let same_name = match element.html_name() {
            Some(name) => std::mem::replace(&mut self.html_by_name.topmost[name.index()], serial + 1),
            None => 0,
        };
        let beneath = Beneath::over(self.top(), &element, index, same_name);
        self.beneath.push(beneath);
        if self.has_more_to_do(&element) {
            self.pushed_or_popped_more(index, &element, true);
        }
        self.elements.push(OpenElement { serial, ..element });
        #[cfg(test)]
        self.check();
    }

    pub fn pop(&mut self) -> Option<OpenElement<H>> {
        let element = self.elements.pop()?;
        let index = self.elements.len();
        // The element's record (the zero record below it stays).
        let same_name = self.beneath[index + 1].same_name;
        self.beneath.truncate(index + 1);
        if let Some(name) = element.html_name() {
            self.html_by_name.topmost[name.index()] = same_name;
        }
        if self.has_more_to_do(&element) {
            self.pushed_or_popped_more(index, &element, false);
        }
        *self.positions.entry(element.serial) = CLOSED;
        #[cfg(test)]
        self.check();
        Some(element)
    }

    pub fn remove(&mut self, index: usize) -> OpenElement<H> {
        let element = self.elements.remove(index);
        let removed = self.beneath.remove(index + 1);
        self.html_by_name.unlink(&self.elements, &mut self.beneath[1..], index, removed.same_name, element.html_name());
        self.recompute_beneath_from(index);
        *self.positions.entry(element.serial) = CLOSED;
        for above in &self.elements[index..] {
            *self.positions.entry(above.serial) -= 1;
        }
        self.count_if_other(&element, -1);
        self.special_regions.removed(&self.elements, index, &element, &self.other_names);
        self.html_regions.removed(&self.elements, index, &element, &self.other_names);
        #[cfg(test)]
        self.check();
        element
    }

    pub fn insert(&mut self, index: usize, element: OpenElement<H>) {
        for above in &self.elements[index..] {
            *self.positions.entry(above.serial) += 1;
        }
        let serial = self.open_serial(index);
        let same_name =
            self.html_by_name.link(&self.elements, &mut self.beneath[1..], index, serial, element.html_name());
        self.count_if_other(&element, 1);
        self.elements.insert(index, OpenElement { serial, ..element });
        self.beneath.insert(index + 1, Beneath { same_name, ..Beneath::default() });
        self.recompute_beneath_from(index);
        self.special_regions.inserted(&self.elements, index, &self.other_names);
        self.html_regions.inserted(&self.elements, index, &self.other_names);
        #[cfg(test)]
        self.check();
    }

    /// Replaces the element at `index` (the adoption agency algorithm).
    pub fn replace(&mut self, index: usize, element: OpenElement<H>) {
        // Not the cheapest way, but the algorithm replaces at most three
        // elements per round, each right after walking past it.
        self.remove(index);
        self.insert(index, element);
    }

    /// The next serial, for an element open at `index`.
    #[inline(always)]
    fn open_serial(&mut self, index: usize) -> u32 {
        self.positions.open(index, self.elements.iter().map(|element| element.serial))
    }

    /// Whether the topmost special element's region (it and what is above
    /// it) is known to hold no HTML element called `name`: "any other end
    /// tag" would be ignored. False when that is not known.
    pub fn lacks_above_topmost_special(&self, name: &str) -> bool {
        self.special_regions.topmost_lacks(name)
    }

    /// Counts the names in the topmost special element's region, after a
    /// walk that passed them all.
    pub fn count_names_above_topmost_special(&mut self) {
        self.special_regions.build_topmost(&self.elements, &self.other_names);
    }

    /// Whether the foreign elements above the topmost HTML element are
    /// known to hold none whose ASCII-lowercased name is `name` (ASCII
    /// lowercase): foreign content's "any other end tag" would reach the
    /// HTML element. False when that is not known.
    pub fn lacks_above_topmost_html(&self, name: &str) -> bool {
        self.html_regions.topmost_lacks(name)
    }

    /// Counts the names of the foreign elements above the topmost HTML
    /// element, after a walk that passed them all.
    pub fn count_names_above_topmost_html(&mut self) {
        self.html_regions.build_topmost(&self.elements, &self.other_names);
    }

    /// Whether the element that got `serial` is still on the stack.
    pub fn is_open(&self, serial: u32) -> bool {
        self.positions.get(serial) != CLOSED
    }

    /// Recomputes every index from the elements (the parser's unit tests
    /// call it after every change to the stack).
    #[cfg(test)]
    fn check(&self) {
        self.special_regions.check(&self.elements, &self.other_names);
        self.html_regions.check(&self.elements, &self.other_names);
        // A recount per change: quadratic, so only for the stacks of the
        // unit tests' soups, not for their deep-tree tests.
        if self.elements.len() > 256 {
            return;
        }
        for (index, element) in self.elements.iter().enumerate() {
            assert_eq!(self.positions.get(element.serial) as usize, index, "position of {index}");
        }
        let mut expected: std::collections::HashMap<usize, Vec<u32>> = Default::default();
        for element in self.elements.iter() {
            if let Some(name) = element.html_name() {
                expected.entry(name.index()).or_default().push(element.serial);
            }
        }
        assert_eq!(self.beneath.len(), self.elements.len() + 1, "the records");
        assert_eq!(self.beneath[0], Beneath::default(), "the empty stack's record");
        let link_of = |index: usize| self.beneath[index + 1].same_name;
        let index_of = |link: u32| self.positions.get(link - 1) as usize;
        for name in (0..LOCAL_NAME_COUNT).filter_map(LocalName::from_index) {
            let mut chain = Vec::new();
            let mut link = self.html_by_name.topmost[name.index()];
            while link != 0 {
                let index = index_of(link);
                chain.push(self.elements[index].serial);
                link = link_of(index);
            }
            chain.reverse();
            if !chain.is_empty() || expected.contains_key(&name.index()) {
                assert_eq!(Some(&chain), expected.get(&name.index()), "the elements of name {name:?}");
            }
        }
        for (index, element) in self.elements.iter().enumerate() {
            if element.html_name().is_none() {
                assert_eq!(link_of(index), 0, "the link of a foreign or unknown element");
            }
        }
        for element in self.elements.iter() {
            assert_eq!(element.list_item_loop_stop(), is_list_item_loop_stop(element), "{:?}", element.local);
            assert_eq!(element.allowed_open_at_the_end(), allowed_at_the_end(element), "{:?}", element.local);
            let other_html = element.ns == Namespace::Html && OtherNames::other_index(element.local).is_some();
            assert_eq!(element.has_other_html_name(), other_html, "{:?}", element.local);
        }
        // Each record against the topmost element of each kind at or
        // beneath it, found walking up from the bottom.
        let mut stop = None;
        let mut boundary = [None; Scope::KINDS];
        let mut not_allowed = 0;
        for (index, element) in self.elements.iter().enumerate() {
            if is_list_item_loop_stop(element) {
                stop = Some(index);
            }
            for scope in Scope::ALL {
                if scope.is_boundary(element) {
                    boundary[scope.index()] = Some(index);
                }
            }
            not_allowed += usize::from(!allowed_at_the_end(element));
            let record = &self.beneath[index + 1];
            assert_eq!(Beneath::index(record.list_item_loop_stop), stop, "the list item loop's stop at {index}");
            for scope in Scope::ALL {
                let found = Beneath::index(record.boundary[scope.index()]);
                assert_eq!(found, boundary[scope.index()], "the boundary of {scope:?} at {index}");
            }
            assert_eq!(record.not_allowed_at_the_end as usize, not_allowed, "the elements not allowed at {index}");
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
    const KINDS: usize = 4;
    const ALL: [Scope; Scope::KINDS] = [Scope::Default, Scope::ListItem, Scope::Button, Scope::Table];

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
    /// topmost boundary, which the stack's lists give in O(1).
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
        for element in self.open_elements.iter().rev() {
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
    fn element_popped(&mut self, element: &OpenElement<S::Handle>) {
        if element.is_html(local_names::OPTION) {
            self.option_popped(element.handle);
        } else if element.is_html(local_names::SELECT) {
            self.selectedcontent.select_closed(element.handle);
        }
    }

    /// Pops elements until an HTML element `name` has been popped.
    pub(crate) fn pop_until_popped(&mut self, name: LocalName) {
        while let Some(element) = self.open_elements.last() {
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
            let done = element.handle == handle;
            self.pop();
            if done {
                break;
            }
        }
    }

    /// Removes `handle` from the stack wherever it is. The search from the
    /// top costs what the removal's shift of the elements above costs.
    pub(crate) fn remove_from_stack(&mut self, handle: S::Handle) {
        if let Some(index) = self.open_elements.iter().rposition(|e| e.handle == handle) {
            self.remove_from_stack_at(index);
        }
    }

    /// Removes the element at `index` from the stack.
    pub(crate) fn remove_from_stack_at(&mut self, index: usize) {
        let element = self.open_elements.remove(index);
        self.element_popped(&element);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags>
    /// (with `except`: "generate implied end tags, except for …").
    pub(crate) fn generate_implied_end_tags(&mut self, except: Option<LocalName>) {
        while let Some(element) = self.open_elements.last() {
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
            if !element.is(Categories::IMPLIED_END_TAGS_THOROUGHLY) || element.ns != Namespace::Html {
                break;
            }
            self.pop();
        }
    }

    /// Pops until the current node is of `context` (or is `html`).
    fn clear_the_stack_back_to(&mut self, context: Categories) {
        while let Some(element) = self.open_elements.last() {
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
