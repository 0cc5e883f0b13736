//! The list of active formatting elements: pushing with the Noah's Ark
//! clause, reconstructing, clearing to the last marker.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-list-of-active-formatting-elements>

use std::rc::Rc;

use crate::generated::names::LocalName;
use crate::tokenizer::Tag;

use super::{TreeBuilder, TreeSink};

/// An entry of the list: a marker, or a formatting element with the token
/// it was created for (reconstruction and the adoption agency algorithm
/// create new elements "for the token"; the token is shared, not copied,
/// between the entries made for it).
#[derive(Debug, Clone)]
pub(crate) enum FormattingEntry<H> {
    Marker,
    Element { handle: H, name: LocalName, tag: Rc<Tag> },
}

impl<H: Copy + PartialEq> FormattingEntry<H> {
    pub fn handle(&self) -> Option<H> {
        match self {
            FormattingEntry::Marker => None,
            FormattingEntry::Element { handle, .. } => Some(*handle),
        }
    }
}

/// Whether two tags have the same attributes, in any order ("compared as
/// they were when the elements were created by the parser").
fn same_attributes(a: &Tag, b: &Tag) -> bool {
    a.attrs.len() == b.attrs.len() && a.attrs.iter().all(|attr| b.attr(&attr.name) == Some(attr.value.as_str()))
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements>
    pub(crate) fn push_onto_the_list_of_active_formatting_elements(&mut self, handle: S::Handle, name: LocalName, tag: &Tag) {
        // The Noah's Ark clause: at most three equal elements after the last marker.
        let mut equal = 0;
        let mut earliest = None;
        for (index, entry) in self.active_formatting.iter().enumerate().rev() {
            match entry {
                FormattingEntry::Marker => break,
                FormattingEntry::Element { name: other_name, tag: other_tag, .. } => {
                    if *other_name == name && same_attributes(other_tag, tag) {
                        equal += 1;
                        earliest = Some(index);
                    }
                }
            }
        }
        if equal >= 3 {
            if let Some(index) = earliest {
                self.active_formatting.remove(index);
            }
        }
        self.active_formatting.push(FormattingEntry::Element { handle, name, tag: Rc::new(tag.clone()) });
    }

    /// Inserts a marker at the end of the list.
    pub(crate) fn insert_a_marker(&mut self) {
        self.active_formatting.push(FormattingEntry::Marker);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements>
    pub(crate) fn reconstruct_the_active_formatting_elements(&mut self) {
        // 1–3: nothing to do if the list is empty or its last entry is a
        // marker or an open element.
        let Some(last) = self.active_formatting.last() else { return };
        match last {
            FormattingEntry::Marker => return,
            FormattingEntry::Element { handle, name, .. } => {
                if self.is_open(*handle, *name) {
                    return;
                }
            }
        }
        // 4–6 (Rewind): step back to the entry after the last marker or
        // open element.
        let mut index = self.active_formatting.len() - 1;
        while index > 0 {
            let previous = &self.active_formatting[index - 1];
            let stop = match previous {
                FormattingEntry::Marker => true,
                FormattingEntry::Element { handle, name, .. } => self.is_open(*handle, *name),
            };
            if stop {
                break;
            }
            index -= 1;
        }
        // 7–10 (Advance, Create): re-create every later entry.
        while index < self.active_formatting.len() {
            let FormattingEntry::Element { name, tag, .. } = self.active_formatting[index].clone() else {
                unreachable!("no marker after the rewind point")
            };
            let handle = self.insert_an_html_element(&tag);
            self.active_formatting[index] = FormattingEntry::Element { handle, name, tag };
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
        for (index, entry) in self.active_formatting.iter().enumerate().rev() {
            match entry {
                FormattingEntry::Marker => return None,
                FormattingEntry::Element { name: other, .. } if *other == name => return Some(index),
                FormattingEntry::Element { .. } => {}
            }
        }
        None
    }

    /// The index of `handle` in the list.
    pub(crate) fn formatting_position(&self, handle: S::Handle) -> Option<usize> {
        self.active_formatting.iter().rposition(|entry| entry.handle() == Some(handle))
    }

    /// Removes `handle` from the list, if it is there.
    pub(crate) fn remove_from_active_formatting(&mut self, handle: S::Handle) {
        if let Some(index) = self.formatting_position(handle) {
            self.active_formatting.remove(index);
        }
    }
}
