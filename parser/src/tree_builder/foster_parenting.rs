//! The appropriate place for inserting a node, with foster parenting.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node>

use crate::generated::names::local_names;
use crate::generated::tag_groups::is_table_structure_elements;

use super::{NodeOrText, TreeBuilder, TreeSink};

/// Where a node goes: at the end of a parent, or right before a sibling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InsertionLocation<H> {
    AppendTo(H),
    InsertBefore(H),
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node>
    ///
    /// `override_target` is an index into the stack of open elements.
    #[inline]
    pub(crate) fn appropriate_place_for_inserting_a_node(
        &mut self,
        override_target: Option<usize>,
    ) -> InsertionLocation<S::Handle> {
        if let Some(parent) = self.usual_insertion_parent(override_target) {
            return InsertionLocation::AppendTo(parent);
        }
        let location = self.appropriate_place_in_general(override_target);
        self.adjusted_for_the_root_insertion_target(location)
    }

    /// The appropriate place for inserting a node in the usual case, inline:
    /// no foster parenting, no depth limit, a target that is not a
    /// template, nor the root of a fragment parse: inside the target (an
    /// open element), at its end. `None` when the whole algorithm must run.
    #[inline(always)]
    pub(crate) fn usual_insertion_parent(&self, override_target: Option<usize>) -> Option<S::Handle> {
        if self.foster_parenting || self.options.max_depth.is_some() {
            return None;
        }
        let (target, bottom) = match override_target {
            None => (self.open_elements.last()?, !self.open_elements.has_two_or_more()),
            Some(slot) => (&self.open_elements[slot], slot == 0),
        };
        let usual = !target.is_html(local_names::TEMPLATE) && (!bottom || self.root_insertion_target.is_none());
        usual.then_some(target.handle)
    }

    /// Step 3 of "the adjusted insertion location": "If
    /// adjustedInsertionLocation's target parent is the first element in
    /// the stack of open elements and the parser's root insertion target is
    /// non-null, then set adjustedInsertionLocation to (the parser's root
    /// insertion target, null)." (A.1 [#adjusted-insertion-location]; the
    /// only target parent that is the first element is an append to it:
    /// a node before which one inserts is already in the fragment.)
    #[inline]
    pub(crate) fn adjusted_for_the_root_insertion_target(
        &self,
        location: InsertionLocation<S::Handle>,
    ) -> InsertionLocation<S::Handle> {
        match (location, self.root_insertion_target) {
            (InsertionLocation::AppendTo(parent), Some(root))
                if self.open_elements.first().is_some_and(|first| first.handle == parent) =>
            {
                InsertionLocation::AppendTo(root)
            }
            _ => location,
        }
    }

    /// The whole algorithm (foster parenting, templates, the depth limit).
    #[inline(never)]
    fn appropriate_place_in_general(&mut self, override_target: Option<usize>) -> InsertionLocation<S::Handle> {
        let target_index = override_target.or(self.open_elements.top_slot()).expect("an open element");
        // The optional depth limit (off by default; not in the spec): as in
        // Chromium and WebKit, a node that would go deeper than the cap is
        // inserted into the open element at the cap instead, so that the
        // nodes past it become siblings. The stack of open elements still
        // grows, so end tags match as usual.
        let (target_index, capped) = self.open_elements.capped(target_index);
        if capped {
            self.limits_hit.depth_capped = true;
        }
        let target = &self.open_elements[target_index];
        let foster = self.foster_parenting && target.html_name().is_some_and(is_table_structure_elements);
        let (parent_index, location) = if foster {
            // Foster parenting: "Let last template be the last template
            // element in the stack of open elements, if any. Let last table
            // be the last table element…"
            // The stack lists its open elements by name: a search
            // would walk the whole stack, which deep hostile markup makes
            // quadratic (`<table>x<tr><td>` × n, or a template at the
            // bottom under n divs).
            let last_template = self.last_open(local_names::TEMPLATE);
            let last_table = self.last_open(local_names::TABLE);
            match (last_template, last_table) {
                (Some(template), table) if table.is_none_or(|table| template > table) => {
                    (template, InsertionLocation::AppendTo(self.open_elements[template].handle))
                }
                // No table (fragment case): inside the html element.
                (_, None) => (0, InsertionLocation::AppendTo(self.open_elements[0].handle)),
                (_, Some(table)) => {
                    let table_handle = self.open_elements[table].handle;
                    if self.sink.has_parent(table_handle) {
                        return InsertionLocation::InsertBefore(table_handle);
                    }
                    // "the element immediately above last table".
                    let above = self.open_elements.below(table).expect("the html element is below a table");
                    (above, InsertionLocation::AppendTo(self.open_elements[above].handle))
                }
            }
        } else {
            (target_index, InsertionLocation::AppendTo(target.handle))
        };
        // "If targetParent is not a template element, then return"; else
        // its insertion target if `<template for>` patching gave it one,
        // otherwise its template contents (A.1, steps 4–8).
        let parent = &self.open_elements[parent_index];
        if parent.is_html(local_names::TEMPLATE) {
            if let InsertionLocation::AppendTo(template) = location {
                if !self.content_patches.is_empty() {
                    if let Some(patch) = self.content_patches.get(parent.serial) {
                        return match patch.end {
                            Some(end) if self.sink.parent_of(end) == Some(patch.target) => {
                                InsertionLocation::InsertBefore(end)
                            }
                            // The end marker is gone or was moved: append.
                            _ => InsertionLocation::AppendTo(patch.target),
                        };
                    }
                }
                return InsertionLocation::AppendTo(self.sink.template_contents(template));
            }
        }
        location
    }

    /// The index of the last open HTML element `name`, if one is open
    /// (O(1): the stack lists its elements by name).
    fn last_open(&self, name: crate::generated::names::LocalName) -> Option<usize> {
        self.open_elements.last_html(name)
    }

    /// Inserts `child` at `location`.
    pub(crate) fn insert_at(&mut self, location: InsertionLocation<S::Handle>, child: NodeOrText<'_, S::Handle>) {
        match location {
            InsertionLocation::AppendTo(parent) => self.sink.append(parent, child),
            InsertionLocation::InsertBefore(sibling) => self.sink.insert_before(sibling, child),
        }
    }
}
