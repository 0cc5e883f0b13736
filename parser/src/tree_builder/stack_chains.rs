//! Chains through the stack of open elements: the open elements of one
//! name linked from the topmost down and from each up, by stack slot. The
//! topmost element of a name is the chain's head, so "the topmost open
//! HTML element named X" is one load; a push or pop of an element touches
//! its own links, the head and one link of the element below it; a removal
//! from the middle, or a move of an element to another slot, touches the
//! links of its two neighbours.
//!
//! A link is 1 + a slot, or 0 for none; the records are indexed the same
//! way (the record of slot `s` is at `s + 1`, the zero record at 0), so
//! that a link indexes its element's record directly, and a write to the
//! record of "no element" lands in the zero record, which no chain reads.
//! An element's link up is only meaningful while it is not its chain's
//! head: a pop leaves the link up of the element below it pointing at the
//! popped slot, and that element is the head then.

use crate::generated::names::LOCAL_NAME_COUNT;

use super::element_names::{LocalId, OtherNames};

/// An element's two links in one chain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Link {
    /// 1 + the slot of the next element of the chain below, or 0.
    pub below: u32,
    /// 1 + the slot of the next element of the chain above (see the
    /// module's note on heads).
    pub above: u32,
}

/// The heads of the chains keyed by name: a table for the names the names
/// table knows, a vector for the others (grown as names get ids).
#[derive(Debug, Clone)]
pub(crate) struct NameHeads {
    known: Box<[u32; LOCAL_NAME_COUNT]>,
    other: Vec<u32>,
}

impl Default for NameHeads {
    fn default() -> Self {
        NameHeads { known: Box::new([0; LOCAL_NAME_COUNT]), other: Vec::new() }
    }
}

impl NameHeads {
    /// The head of the chain of `id`: 1 + the slot of its topmost element.
    #[inline]
    pub fn get(&self, id: LocalId) -> u32 {
        match id.known() {
            Some(known) => self.known[known.index()],
            None => OtherNames::other_index(id).and_then(|other| self.other.get(other)).copied().unwrap_or(0),
        }
    }

    /// The head of the known name at `index`.
    #[inline(always)]
    pub fn known_mut(&mut self, index: usize) -> &mut u32 {
        &mut self.known[index]
    }

    /// The head of the known name at `index`.
    #[inline(always)]
    pub fn known(&self, index: usize) -> u32 {
        self.known[index]
    }

    /// The head of the chain of `id`, made room for.
    pub fn get_mut(&mut self, id: LocalId) -> &mut u32 {
        match (id.known(), OtherNames::other_index(id)) {
            (Some(known), _) => &mut self.known[known.index()],
            (None, Some(other)) => {
                if other >= self.other.len() {
                    self.other.resize(other + 1, 0);
                }
                &mut self.other[other]
            }
            (None, None) => unreachable!("a local id is known or other"),
        }
    }

    /// Every head that is not 0, rewritten by `remap` (the stack's
    /// compaction).
    pub fn remap(&mut self, mut remap: impl FnMut(u32) -> u32) {
        for head in self.known.iter_mut().chain(self.other.iter_mut()).filter(|head| **head != 0) {
            *head = remap(*head);
        }
    }

    /// Every head that is not 0, as (id, head): the unit tests' walks.
    #[cfg(test)]
    pub fn heads(&self) -> Vec<(usize, u32)> {
        self.known.iter().chain(self.other.iter()).copied().enumerate().filter(|&(_, head)| head != 0).collect()
    }
}

/// Which links of a record a chain uses.
pub(crate) trait Links<R> {
    fn links(record: &mut R) -> &mut Link;
}

/// Links the element pushed at `slot` (the top) under `head`; returns its
/// links.
#[inline(always)]
pub(crate) fn push<R, L: Links<R>>(head: &mut u32, records: &mut [R], slot: usize) -> Link {
    let below = std::mem::replace(head, slot as u32 + 1);
    L::links(&mut records[below as usize]).above = slot as u32 + 1;
    Link { below, above: 0 }
}

/// Unlinks the element at `slot`, with links `link`, wherever it is.
#[inline]
pub(crate) fn unlink<R, L: Links<R>>(head: &mut u32, records: &mut [R], slot: usize, link: Link) {
    if *head == slot as u32 + 1 {
        *head = link.below;
    } else {
        L::links(&mut records[link.above as usize]).below = link.below;
        L::links(&mut records[link.below as usize]).above = link.above;
    }
}

/// The element with links `link` moved from slot `from` to slot `to`,
/// with no element of the chain between the two.
pub(crate) fn moved<R, L: Links<R>>(head: &mut u32, records: &mut [R], from: usize, to: usize, link: Link) {
    let to = to as u32 + 1;
    if *head == from as u32 + 1 {
        *head = to;
    } else {
        L::links(&mut records[link.above as usize]).below = to;
    }
    L::links(&mut records[link.below as usize]).above = to;
}

/// Links the element at `slot` right above the chain's element `below`
/// (a link: 0 for none, the element then the lowest), whose next element
/// up, when `below` is 0, is `lowest`'s (the chain's lowest element, if
/// any). Returns its links.
pub(crate) fn insert_above<R, L: Links<R>>(
    head: &mut u32,
    records: &mut [R],
    slot: usize,
    below: u32,
    lowest: Option<u32>,
) -> Link {
    let link = slot as u32 + 1;
    let above = if below != 0 {
        if *head == below {
            None
        } else {
            Some(L::links(&mut records[below as usize]).above)
        }
    } else {
        lowest
    };
    match above {
        None => *head = link,
        Some(above) => L::links(&mut records[above as usize]).below = link,
    }
    L::links(&mut records[below as usize]).above = link;
    Link { below, above: above.unwrap_or(0) }
}
