//! Reclaiming what a long edit session leaves behind.

use crate::vocab::{AttrRef, Name, QualName};

use super::node::Data;
use super::{Doctype, Document, NodeData, NodeId};

impl Document {
    /// A copy of the document that holds only what is in its tree: the
    /// Document node's descendants and the template contents among them,
    /// with their text and attributes, quirks mode and parse errors.
    ///
    /// A `Document` never frees anything before it is dropped: nodes that
    /// are detached (and never inserted again) stay in its arena, and the
    /// text and attribute values that [`set_text_content`](Document::set_text_content),
    /// [`set_attribute`](Document::set_attribute) and the `create_*`
    /// methods replace or leave unused stay in its string buffer. A
    /// program that edits one document for long, or in a loop, can grow it
    /// without bound; `compacted` gives a copy of the live part (in time
    /// and memory linear in that part) to continue with.
    ///
    /// The copy is another document: ids of the original do not work on
    /// it (see [`NodeId`]).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>x</p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// for round in 0..1000 {
    ///     document.set_text_content(p, &format!("round {round}"));
    /// }
    /// let before = document.node_count();
    /// let compact = document.compacted();
    /// assert!(compact.node_count() < before);
    /// assert_eq!(htmlforge::serialize_document(&compact), htmlforge::serialize_document(&document));
    /// ```
    pub fn compacted(&self) -> Document {
        let mut copy = Document::with_capacity(self.nodes.len().min(1024), 0);
        copy.quirks_mode = self.quirks_mode;
        copy.scripting = self.scripting;
        copy.errors = self.errors.clone();
        // (original parent, copy parent) pairs whose children are to copy:
        // an explicit stack, for deep trees.
        let mut work: Vec<(NodeId, NodeId)> = vec![(self.document(), copy.document())];
        if let Some(fragment) = self.fragment.and_then(|link| self.link_id(Some(link))) {
            let fragment_copy = copy.new_node(Data::DocumentFragment);
            copy.set_fragment(fragment_copy);
            work.push((fragment, fragment_copy));
        }
        while let Some((source, target)) = work.pop() {
            for child in self.children(source) {
                crate::cost::step!("dom::compact");
                let child_copy = match self.nodes[child.index()].data {
                    Data::Element(_) => {
                        let element = self.element(child).expect("an element");
                        let local = match element.known_name() {
                            Some(known) => Name::Known(known),
                            None => Name::Other(element.local_name().into()),
                        };
                        let attrs: Vec<AttrRef<'_>> = element.attrs().collect();
                        let made = copy.create_element_unchecked(&QualName::new(element.ns(), local), &attrs);
                        if let (Some(contents), Some(contents_copy)) =
                            (element.template_contents(), copy.element(made).and_then(|made| made.template_contents()))
                        {
                            work.push((contents, contents_copy));
                        }
                        if let Some(shadow) = self.shadow_root(child) {
                            if let NodeData::ShadowRoot { init, .. } = self.data(shadow) {
                                let shadow_copy =
                                    copy.attach_shadow_root(made, init).expect("the same host accepts it");
                                work.push((shadow, shadow_copy));
                            }
                        }
                        made
                    }
                    Data::Text(span) => copy.create_text_node(self.strings.get(span)),
                    Data::Comment(span) => copy.create_comment(self.strings.get(span)),
                    Data::ProcessingInstruction { target_len, text } => {
                        let (target, data) = self.strings.get(text).split_at(target_len as usize);
                        copy.create_processing_instruction_unchecked(target, data)
                    }
                    Data::Doctype(index) => {
                        let Doctype { name, public_id, system_id } = &self.doctypes[index as usize];
                        copy.create_doctype(Doctype {
                            name: name.clone(),
                            public_id: public_id.clone(),
                            system_id: system_id.clone(),
                        })
                    }
                    // Neither is ever a child.
                    Data::Document | Data::DocumentFragment | Data::ShadowRoot(_) => continue,
                };
                copy.link_append(target.link(), child_copy.link());
                work.push((child, child_copy));
            }
        }
        copy.shrink_to_fit();
        copy
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn compacting_keeps_the_tree_and_drops_the_rest() {
        let mut document = crate::parse_document(
            "<!doctype html><html lang=en><template><b x=1>t</b></template><svg viewBox='0 0 1 1'><g/></svg><!--c-->",
        );
        let body = document.body().unwrap().id();
        let loose = document.create_html_element("div").unwrap();
        document.set_attribute(loose, "id", "gone").unwrap();
        document.set_text_content(body, "");
        let before = crate::dom::dump_html5lib(&document);
        let compact = document.compacted();
        assert_eq!(crate::dom::dump_html5lib(&compact), before);
        assert_eq!(compact.quirks_mode(), document.quirks_mode());
        assert!(compact.node_count() < document.node_count());
        assert!(compact.get_element_by_id("gone").is_none());
    }
}
