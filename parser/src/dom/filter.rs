//! The two tree edits a filter over a whole tree makes (the sanitizer's):
//! keeping some of an element's attributes, and putting an element's
//! children in its place. Each costs what it touches, so a pass over a
//! tree that makes them stays linear.

use crate::vocab::AttrRef;

use super::node::Data;
use super::{Document, NodeId};

impl Document {
    /// Keeps the attributes of `element` for which `keep` returns true, in
    /// order, and removes the others (the DOM's "remove an attribute" for
    /// each). One pass over the element's attributes; nothing happens for
    /// a node that is not an element.
    pub(crate) fn retain_attributes(&mut self, element: NodeId, mut keep: impl FnMut(&AttrRef<'_>) -> bool) {
        let slot = self.slot(element);
        let Data::Element(mut data) = self.nodes[slot].data else { return };
        let range = data.attrs.range();
        let mut kept = range.start;
        for at in range.clone() {
            if keep(&self.attr_ref(&self.attrs[at])) {
                self.attrs[kept] = self.attrs[at];
                kept += 1;
            } else if let Some(names) = self.growth.attr_names.get_mut(&element.link()) {
                names.remove(&(self.attrs[at].ns, self.attrs[at].name));
            }
        }
        if kept == range.end {
            return;
        }
        self.growth.attrs_edited.insert(element.link());
        data.attrs.len = u32::try_from(kept - range.start).expect("fewer than before");
        self.nodes[slot].data = Data::Element(data);
    }

    /// Moves the children of `node` to where `node` is, in order, and
    /// detaches `node` (what `node.replaceWith(...node.childNodes)` does).
    /// Returns the first child moved. Nothing happens to a node without a
    /// parent.
    pub(crate) fn replace_with_children(&mut self, node: NodeId) -> Option<NodeId> {
        self.parent(node)?;
        let first = self.first_child(node);
        let mut next = first;
        while let Some(child) = next {
            next = self.next_sibling(child);
            self.unlink(child.link());
            self.link_before(node.link(), child.link());
        }
        self.unlink(node.link());
        first
    }
}

#[cfg(test)]
mod tests {
    use crate::parse_document;

    #[test]
    fn retained_attributes_keep_their_order() {
        let mut document = parse_document("<p a=1 b=2 c=3 d=4>x");
        let p = document.get_elements_by_tag_name("p").next().unwrap().id();
        document.retain_attributes(p, |attr| attr.name != "b" && attr.name != "d");
        assert_eq!(document.outer_html(p), r#"<p a="1" c="3">x</p>"#);
        document.retain_attributes(p, |_| false);
        assert_eq!(document.outer_html(p), "<p>x</p>");
    }

    #[test]
    fn children_take_the_place_of_their_parent() {
        let mut document = parse_document("<div>a<b>b<i>c</i>d</b>e</div>");
        let b = document.get_elements_by_tag_name("b").next().unwrap().id();
        let first = document.replace_with_children(b).unwrap();
        assert_eq!(document.text_node_data(first), Some("b"));
        let div = document.get_elements_by_tag_name("div").next().unwrap();
        assert_eq!(document.inner_html(div), "ab<i>c</i>de");
        assert_eq!(document.parent(b), None);
    }
}
