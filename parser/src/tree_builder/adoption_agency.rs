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
            // 4.3
            let Some(formatting_index) = self.formatting_element_after_last_marker(subject) else {
                return AdoptionOutcome::AnyOtherEndTag;
            };
            let FormattingEntry::Element { handle: formatting_element, stack_serial: formatting_serial, .. } =
                self.active_formatting[formatting_index]
            else {
                unreachable!("formatting_element_after_last_marker returns elements")
            };
            // 4.4 (the stack's slots: see `StackOfOpenElements`)
            let Some(formatting_slot) = self.open_elements.position(formatting_serial) else {
                self.parse_error(TreeConstructionError::MisnestedFormattingElement);
                self.active_formatting.remove(formatting_index);
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
            .find(|&slot| self.open_elements[slot].is(Categories::SPECIAL));
            // 4.8
            let Some(furthest_block_slot) = furthest_block_slot else {
                self.pop_until_node_popped(formatting_element);
                self.active_formatting.remove(formatting_index);
                return AdoptionOutcome::Done;
            };
            // The entry's token, for the new element of 4.15 (not copied
            // in the usual case above, the formatting element as the
            // current node).
            let FormattingEntry::Element { attrs: formatting_attrs, signature: formatting_signature, .. } =
                self.active_formatting[formatting_index].clone()
            else {
                unreachable!("formatting_element_after_last_marker returns elements")
            };
            let furthest_block = self.open_elements[furthest_block_slot].handle;
            // 4.9
            let common_ancestor_slot =
                self.open_elements.below(formatting_slot).expect("the html element is below a formatting element");
            // 4.10
            let mut bookmark = formatting_index;
            // 4.11
            let mut node_slot = furthest_block_slot;
            let mut last_node = furthest_block;
            // 4.12–4.13 The inner loop.
            let mut inner_loop_counter = 0;
            loop {
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
                let mut node_formatting_index = self.formatting_position(node, node_serial);
                // 4.13.4
                if inner_loop_counter > 3 {
                    if let Some(index) = node_formatting_index {
                        self.active_formatting.remove(index);
                        if index < bookmark {
                            bookmark -= 1;
                        }
                        node_formatting_index = None;
                    }
                }
                // 4.13.5
                let Some(node_formatting_index) = node_formatting_index else {
                    let removed = self.open_elements.remove(node_slot);
                    debug_assert!(removed.handle == node);
                    continue;
                };
                // 4.13.6: replace node by a new element for its token.
                let FormattingEntry::Element { name, attrs, signature, handle: previous, .. } =
                    self.active_formatting[node_formatting_index].clone()
                else {
                    unreachable!("an element's entry")
                };
                let new_element = self.create_a_formatting_element_again(name, attrs, previous);
                let new_handle = new_element.handle;
                self.open_elements.replace(node_slot, new_element);
                let stack_serial = self.open_elements[node_slot].serial;
                self.active_formatting.replace(
                    node_formatting_index,
                    FormattingEntry::Element { handle: new_handle, name, attrs, signature, stack_serial },
                );
                // 4.13.7
                if last_node == furthest_block {
                    bookmark = node_formatting_index + 1;
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
            // 4.18
            let formatting_index =
                self.formatting_position(formatting_element, formatting_serial).expect("still in the list");
            self.active_formatting.remove(formatting_index);
            if formatting_index < bookmark {
                bookmark -= 1;
            }
            // 4.19 (before 4.18's insertion, which needs the new element's
            // stack serial; the two steps touch different structures). The
            // new element takes the furthest block's slot, which moves down
            // with the elements the inner loop replaced (see
            // `remove_and_insert_above`).
            self.open_elements.remove_and_insert_above(formatting_slot, furthest_block_slot, new_element);
            let stack_serial = self.open_elements[furthest_block_slot].serial;
            let name: LocalName = subject;
            self.active_formatting.insert(
                bookmark,
                FormattingEntry::Element {
                    handle: new_handle,
                    name,
                    attrs: formatting_attrs,
                    signature: formatting_signature,
                    stack_serial,
                },
            );
        }
        AdoptionOutcome::Done
    }
}
