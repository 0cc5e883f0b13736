//! The adoption agency algorithm: how end tags of formatting elements
//! repair misnested markup such as `<b><i></b></i>`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm>

use crate::generated::element_categories::Categories;
use crate::generated::names::LocalName;

use super::active_formatting_elements::FormattingEntry;
use super::token::TagTok;
use super::{NodeOrText, TreeBuilder, TreeConstructionError, TreeSink};

/// What the caller does after the algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AdoptionOutcome {
    Done,
    /// "act as described in the 'any other end tag' entry".
    AnyOtherEndTag,
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm>
    ///
    /// Its usual case inline (where the end tag rules call it), the rest
    /// out of line.
    #[inline(always)]
    pub(crate) fn adoption_agency_algorithm(&mut self, token: TagTok<'_>) -> AdoptionOutcome {
        let Some(subject) = token.name else { return AdoptionOutcome::AnyOtherEndTag };
        // The usual `</b>`: the current node is the subject and the list's
        // last entry. Then 4.3 finds it (the last element of its name,
        // after any marker), 4.4 and 4.5 hold (it is on the stack, and the
        // current node is in scope), 4.6 raises no error, 4.7 finds no
        // furthest block (nothing is above it), and 4.8 pops it and removes
        // it from the list.
        let current = self.current_node();
        if current.is_html(subject) && self.active_formatting.last_serial() == Some(current.serial) {
            self.pop();
            self.active_formatting.pop_last();
            return AdoptionOutcome::Done;
        }
        self.adoption_agency_algorithm_past_its_usual_case(subject)
    }

    /// The adoption agency algorithm for `subject` when the current node is
    /// not the list's last entry.
    #[inline(never)]
    fn adoption_agency_algorithm_past_its_usual_case(&mut self, subject: LocalName) -> AdoptionOutcome {
        // 2. The current node is the subject and not a formatting element
        // in the list: just pop it.
        let current = self.current_node();
        if current.is_html(subject) && self.formatting_position(current.handle, current.serial).is_none() {
            self.pop();
            return AdoptionOutcome::Done;
        }
        // 3–4. The outer loop, at most eight times.
        for _ in 0..8 {
            crate::cost::step!("tree_builder::adoption_agency_outer");
            // 4.3
            let Some(formatting_entry) = self.formatting_element_after_last_marker(subject) else {
                return AdoptionOutcome::AnyOtherEndTag;
            };
            let FormattingEntry::Element { handle: formatting_element, stack_serial: formatting_serial, .. } =
                self.active_formatting[formatting_entry]
            else {
                unreachable!("formatting_element_after_last_marker returns elements")
            };
            // 4.4 (the stack's slots: see `StackOfOpenElements`)
            let Some(formatting_slot) = self.open_elements.position(formatting_serial) else {
                self.parse_error(TreeConstructionError::MisnestedFormattingElement);
                self.active_formatting.remove(formatting_entry);
                return AdoptionOutcome::Done;
            };
            // 4.5
            if !self.has_serial_in_scope(formatting_serial) {
                self.parse_error(TreeConstructionError::MisnestedFormattingElement);
                return AdoptionOutcome::Done;
            }
            // 4.6
            if self.current_node().handle != formatting_element {
                self.parse_error(TreeConstructionError::MisnestedFormattingElement);
            }
            // 4.7 The furthest block: the topmost special element below
            // the formatting element. (The walk passes what the inner loop
            // then removes or replaces.)
            let furthest_block_slot = std::iter::successors(self.open_elements.above(formatting_slot), |&slot| {
                self.open_elements.above(slot)
            })
            .find(|&slot| {
                crate::cost::step!("tree_builder::furthest_block_search");
                self.open_elements[slot].is(Categories::SPECIAL)
            });
            // 4.8
            let Some(furthest_block_slot) = furthest_block_slot else {
                self.pop_until_node_popped(formatting_element);
                self.active_formatting.remove(formatting_entry);
                return AdoptionOutcome::Done;
            };
            // The entry's token, for the new element of 4.15 (not copied
            // in the usual case above, the formatting element as the
            // current node).
            let FormattingEntry::Element { attrs: formatting_attrs, signature: formatting_signature, .. } =
                self.active_formatting[formatting_entry].clone()
            else {
                unreachable!("formatting_element_after_last_marker returns elements")
            };
            let furthest_block = self.open_elements[furthest_block_slot].handle;
            // 4.9
            let common_ancestor_slot =
                self.open_elements.below(formatting_slot).expect("the html element is below a formatting element");
            // 4.10: the bookmark is the formatting element's entry until
            // 4.13.7 moves it after another (entries keep their ids: see
            // `ListOfActiveFormattingElements`).
            let mut bookmark_after = None;
            // 4.11
            let mut node_slot = furthest_block_slot;
            let mut last_node = furthest_block;
            // 4.12–4.13 The inner loop.
            let mut inner_loop_counter = 0;
            loop {
                crate::cost::step!("tree_builder::adoption_agency_inner");
                inner_loop_counter += 1;
                // 4.13.2: the element above node (also when node was removed:
                // its slot stays, a hole).
                node_slot = self.open_elements.below(node_slot).expect("the formatting element is below node");
                let node = self.open_elements[node_slot].handle;
                let node_serial = self.open_elements[node_slot].serial;
                // 4.13.3
                if node == formatting_element {
                    break;
                }
                let mut node_entry = self.formatting_position(node, node_serial);
                // 4.13.4 (never the bookmark's entry: the inner loop passes
                // each node once)
                if inner_loop_counter > 3 {
                    if let Some(entry) = node_entry {
                        self.active_formatting.remove(entry);
                        node_entry = None;
                    }
                }
                // 4.13.5
                let Some(node_entry) = node_entry else {
                    let removed = self.open_elements.remove(node_slot);
                    debug_assert!(removed.handle == node);
                    continue;
                };
                // 4.13.6: replace node by a new element for its token.
                let FormattingEntry::Element { name, attrs, signature, handle: previous, .. } =
                    self.active_formatting[node_entry].clone()
                else {
                    unreachable!("an element's entry")
                };
                let new_element = self.create_a_formatting_element_again(name, attrs, previous);
                let new_handle = new_element.handle;
                self.open_elements.replace(node_slot, new_element);
                let stack_serial = self.open_elements[node_slot].serial;
                self.active_formatting.replace(
                    node_entry,
                    FormattingEntry::Element { handle: new_handle, name, attrs, signature, stack_serial },
                );
                // 4.13.7
                if last_node == furthest_block {
                    bookmark_after = Some(node_entry);
                }
                // 4.13.8
                self.sink.remove_from_parent(last_node);
                self.sink.append(new_handle, NodeOrText::Node(last_node));
                // 4.13.9
                last_node = new_handle;
            }
            // 4.14
            self.sink.remove_from_parent(last_node);
            let location = self.appropriate_place_for_inserting_a_node(Some(common_ancestor_slot));
            self.insert_at(location, NodeOrText::Node(last_node));
            // 4.15–4.17
            let new_element = self.create_a_formatting_element_again(subject, formatting_attrs, formatting_element);
            let new_handle = new_element.handle;
            self.sink.reparent_children(furthest_block, new_handle);
            self.sink.append(furthest_block, NodeOrText::Node(new_handle));
            // 4.19 (before 4.18, which needs the new element's stack
            // serial, which needs the new element's
            // stack serial; the two steps touch different structures). The
            // new element takes the furthest block's slot, which moves down
            // with the elements the inner loop replaced (see
            // `remove_and_insert_above`).
            self.open_elements.remove_and_insert_above(formatting_slot, furthest_block_slot, new_element);
            let stack_serial = self.open_elements[furthest_block_slot].serial;
            // 4.18: the new element's entry replaces the formatting
            // element's and goes to the bookmark. The bookmark is never
            // before the formatting element's entry (the list's open
            // entries are in the stack's order, and node is above the
            // formatting element), so the new entry is the last of its name
            // after the last marker, as the one it replaces was: it keeps
            // that entry's place in the chains (`move_after`).
            self.active_formatting.replace(
                formatting_entry,
                FormattingEntry::Element {
                    handle: new_handle,
                    name: subject,
                    attrs: formatting_attrs,
                    signature: formatting_signature,
                    stack_serial,
                },
            );
            if let Some(after) = bookmark_after {
                self.active_formatting.move_after(formatting_entry, after);
            }
            #[cfg(test)]
            self.check_the_list_against_the_stack();
        }
        AdoptionOutcome::Done
    }
}
