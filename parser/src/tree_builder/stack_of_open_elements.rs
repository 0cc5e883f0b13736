//! The stack of open elements: the element scopes, popping, and the
//! implied end tags.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements>

use crate::generated::element_categories::Categories;
use crate::generated::names::{local_names, LocalName, Namespace};

use std::collections::HashMap;

use crate::generated::names::LOCAL_NAME_COUNT;
use crate::tree_builder::Name;

use super::special_regions::SpecialRegions;
use super::{OpenElement, TreeBuilder, TreeSink};

/// The stack of open elements, with a count of the open HTML elements of
/// each known name so that "is there a p element in button scope?" and
/// "is a template open?" are answered without a walk when none is open
/// (a million nested `div`s must not take quadratic time). Reads go
/// through `Deref` to the slice, bottom (the html element) first.
#[derive(Debug, Clone)]
pub(crate) struct StackOfOpenElements<H> {
    elements: Vec<OpenElement<H>>,
    html_counts: Vec<u32>,
    /// The same for HTML elements whose names the names table lacks
    /// (custom elements): an end tag for a name nobody opened is then
    /// ignored without walking the stack.
    other_html_counts: HashMap<Box<str>, u32>,
    /// Per serial (one per element ever put on the stack, in order):
    /// whether that element is still on it. Formatting entries ask this
    /// instead of being updated, by a search of the list, whenever an
    /// element leaves the stack (which made popping N listed formatting
    /// elements O(N²)).
    open_serials: Vec<bool>,
    /// The special elements' regions, for "any other end tag".
    special_regions: SpecialRegions,
}

impl<H> Default for StackOfOpenElements<H> {
    fn default() -> Self {
        StackOfOpenElements {
            elements: Vec::new(),
            html_counts: vec![0; LOCAL_NAME_COUNT],
            other_html_counts: HashMap::new(),
            open_serials: Vec::new(),
            special_regions: SpecialRegions::default(),
        }
    }
}

impl<H> std::ops::Deref for StackOfOpenElements<H> {
    type Target = [OpenElement<H>];

    fn deref(&self) -> &[OpenElement<H>] {
        &self.elements
    }
}

impl<H> StackOfOpenElements<H> {
    /// Inline for known names (every push and pop); the map of other names
    /// out of line, so that the common path saves no registers for it.
    #[inline]
    fn count(&mut self, element: &OpenElement<H>, delta: i32) {
        if element.name.ns != Namespace::Html {
            return;
        }
        match &element.name.local {
            Name::Known(name) => {
                let count = &mut self.html_counts[name.index()];
                *count = count.wrapping_add_signed(delta);
            }
            Name::Other(name) => self.count_other(name, delta),
        }
    }

    #[inline(never)]
    fn count_other(&mut self, name: &str, delta: i32) {
        // Looked up first: the key is copied only when the name is new.
        let count = match self.other_html_counts.get_mut(name) {
            Some(count) => count,
            None => self.other_html_counts.entry(name.into()).or_insert(0),
        };
        *count = count.wrapping_add_signed(delta);
        if *count == 0 {
            self.other_html_counts.remove(name);
        }
    }

    /// How many HTML elements `name` are open.
    pub fn html_count(&self, name: LocalName) -> u32 {
        self.html_counts[name.index()]
    }

    /// How many HTML elements called `name` (any name) are open.
    pub fn html_count_of(&self, name: &str) -> u32 {
        match LocalName::lookup(name) {
            Some(known) => self.html_counts[known.index()],
            None => self.other_html_counts.get(name).copied().unwrap_or(0),
        }
    }

    pub fn push(&mut self, mut element: OpenElement<H>) {
        self.count(&element, 1);
        self.opened(&mut element);
        self.special_regions.pushed(self.elements.len(), &element);
        self.elements.push(element);
        #[cfg(test)]
        self.special_regions.check(&self.elements);
    }

    pub fn pop(&mut self) -> Option<OpenElement<H>> {
        let element = self.elements.pop()?;
        self.count(&element, -1);
        self.special_regions.popped(&element);
        #[cfg(test)]
        self.special_regions.check(&self.elements);
        self.open_serials[element.serial as usize] = false;
        Some(element)
    }

    pub fn remove(&mut self, index: usize) -> OpenElement<H> {
        let element = self.elements.remove(index);
        self.count(&element, -1);
        self.special_regions.removed(&self.elements, index, &element);
        #[cfg(test)]
        self.special_regions.check(&self.elements);
        self.open_serials[element.serial as usize] = false;
        element
    }

    pub fn insert(&mut self, index: usize, mut element: OpenElement<H>) {
        self.count(&element, 1);
        self.opened(&mut element);
        self.elements.insert(index, element);
        self.special_regions.inserted(&self.elements, index);
        #[cfg(test)]
        self.special_regions.check(&self.elements);
    }

    /// Replaces the element at `index` (the adoption agency algorithm).
    pub fn replace(&mut self, index: usize, mut element: OpenElement<H>) {
        if element.is(Categories::SPECIAL) || self.elements[index].is(Categories::SPECIAL) {
            // Not done by the algorithm (it replaces nodes between the
            // formatting element and the furthest block, none special),
            // but kept right: the regions change.
            self.remove(index);
            self.insert(index, element);
            return;
        }
        self.special_regions.replaced(index, &self.elements[index], &element);
        self.count(&element, 1);
        self.opened(&mut element);
        let old = std::mem::replace(&mut self.elements[index], element);
        self.count(&old, -1);
        self.open_serials[old.serial as usize] = false;
        #[cfg(test)]
        self.special_regions.check(&self.elements);
    }

    /// Gives `element` the next serial, marked open.
    fn opened(&mut self, element: &mut OpenElement<H>) {
        element.serial = u32::try_from(self.open_serials.len()).expect("fewer than 2^32 elements");
        self.open_serials.push(true);
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
        self.special_regions.build_topmost(&self.elements);
    }

    /// Whether the element that got `serial` is still on the stack.
    pub fn is_open(&self, serial: u32) -> bool {
        self.open_serials[serial as usize]
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
    /// Whether `element` ends the search for this scope.
    ///
    /// List-item and button scope are the default scope plus their extra
    /// element types; the categories table may store either the extra types
    /// alone or the whole set, so both are accepted.
    fn is_boundary<H>(self, element: &OpenElement<H>) -> bool {
        match self {
            Scope::Default => element.is(Categories::SCOPE),
            Scope::ListItem => element.is(Categories::SCOPE) || element.is(Categories::LIST_ITEM_SCOPE),
            Scope::Button => element.is(Categories::SCOPE) || element.is(Categories::BUTTON_SCOPE),
            Scope::Table => element.is(Categories::TABLE_SCOPE),
        }
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope>
    pub(crate) fn has_element_in_specific_scope(
        &self,
        scope: Scope,
        target: impl Fn(&OpenElement<S::Handle>) -> bool,
    ) -> bool {
        for element in self.open_elements.iter().rev() {
            if target(element) {
                return true;
            }
            if scope.is_boundary(element) {
                return false;
            }
        }
        false
    }

    /// Whether the HTML element `name` is in `scope`.
    pub(crate) fn has_in_scope(&self, scope: Scope, name: LocalName) -> bool {
        self.open_elements.html_count(name) > 0 && self.has_element_in_specific_scope(scope, |e| e.is_html(name))
    }

    /// Whether this very element (by handle) is in the default scope.
    pub(crate) fn has_node_in_scope(&self, handle: S::Handle) -> bool {
        self.has_element_in_specific_scope(Scope::Default, |e| e.handle == handle)
    }

    /// Whether any HTML element of the group is in `scope`.
    pub(crate) fn has_any_in_scope(&self, scope: Scope, group: fn(LocalName) -> bool) -> bool {
        self.has_element_in_specific_scope(scope, |e| e.html_name().is_some_and(group))
    }

    /// Whether the stack holds the HTML element `name` anywhere.
    pub(crate) fn stack_contains(&self, name: LocalName) -> bool {
        self.open_elements.html_count(name) > 0
    }

    /// Whether the current node is the HTML element `name`.
    pub(crate) fn current_node_is(&self, name: LocalName) -> bool {
        self.open_elements.last().is_some_and(|e| e.is_html(name))
    }

    /// Pops the current node.
    pub(crate) fn pop(&mut self) -> OpenElement<S::Handle> {
        let element = self.open_elements.pop().expect("pop on a non-empty stack of open elements");
        self.element_popped(&element);
        element
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

    /// Removes `handle` from the stack wherever it is.
    pub(crate) fn remove_from_stack(&mut self, handle: S::Handle) {
        if let Some(index) = self.open_elements.iter().rposition(|e| e.handle == handle) {
            let element = self.open_elements.remove(index);
            self.element_popped(&element);
        }
    }

    /// The index of `handle` in the stack.
    pub(crate) fn stack_position(&self, handle: S::Handle) -> Option<usize> {
        self.open_elements.iter().rposition(|e| e.handle == handle)
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags>
    /// (with `except`: "generate implied end tags, except for …").
    pub(crate) fn generate_implied_end_tags(&mut self, except: Option<LocalName>) {
        while let Some(element) = self.open_elements.last() {
            if !element.is(Categories::IMPLIED_END_TAGS) || element.name.ns != Namespace::Html {
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
            if !element.is(Categories::IMPLIED_END_TAGS_THOROUGHLY) || element.name.ns != Namespace::Html {
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
