//! Iterators over the tree.

use super::{Document, NodeId};

/// Iterator over the children of a node.
pub struct Children<'a> {
    pub(super) document: &'a Document,
    pub(super) next: Option<NodeId>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let current = self.next?;
        crate::cost::step!("dom::children");
        self.next = self.document.next_sibling(current);
        Some(current)
    }
}

/// Iterator over a node and its descendants in tree order, without recursion.
pub struct Descendants<'a> {
    pub(super) document: &'a Document,
    pub(super) root: NodeId,
    pub(super) next: Option<NodeId>,
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let current = self.next?;
        self.next = match self.document.first_child(current) {
            Some(child) => Some(child),
            None => {
                let mut node = current;
                loop {
                    crate::cost::step!("dom::descendants");
                    if node == self.root {
                        break None;
                    }
                    if let Some(sibling) = self.document.next_sibling(node) {
                        break Some(sibling);
                    }
                    match self.document.parent(node) {
                        Some(parent) => node = parent,
                        None => break None,
                    }
                }
            }
        };
        Some(current)
    }
}
