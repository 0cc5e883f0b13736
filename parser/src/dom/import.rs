//! Copying nodes from another document: the DOM's `importNode`.

use super::{Document, DomError, NodeData, NodeId};

impl Document {
    /// A copy of the node `node` of the document `source`, made in this
    /// document and not in the tree, as the DOM's `importNode(node, deep)`
    /// makes it: with `deep`, its descendants (and a `template`'s template
    /// contents) are copied too; a shadow host's clonable shadow root is
    /// copied either way (its children only with `deep`). A Document or a
    /// shadow root cannot be imported ([`DomError::NotSupported`]).
    ///
    /// ```
    /// let mut page = htmlforge::parse_document("<ul></ul>");
    /// let other = htmlforge::parse_document("<ul><li class=a>one<li>two</ul>");
    /// let li = other.get_elements_by_tag_name("li").next().unwrap();
    /// let ul = page.get_elements_by_tag_name("ul").next().unwrap().id();
    /// let deep = page.import_node(&other, li.id(), true)?;
    /// let shallow = page.import_node(&other, li.id(), false)?;
    /// page.append_child(ul, deep)?;
    /// page.append_child(ul, shallow)?;
    /// assert_eq!(page.inner_html(ul), r#"<li class="a">one</li><li class="a"></li>"#);
    /// # Ok::<(), htmlforge::DomError>(())
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#dom-document-importnode>,
    /// <https://dom.spec.whatwg.org/#concept-node-clone>
    #[track_caller]
    pub fn import_node(&mut self, source: &Document, node: NodeId, deep: bool) -> Result<NodeId, DomError> {
        if matches!(source.data(node), NodeData::Document | NodeData::ShadowRoot { .. }) {
            return Err(DomError::NotSupported);
        }
        let copy = self.import_single(source, node);
        // (source node, its copy) pairs whose children, template contents
        // and shadow root are still to copy: a work list, not recursion.
        let mut work = vec![(node, copy)];
        let mut attrs = Vec::new();
        while let Some((from, to)) = work.pop() {
            if deep {
                for child in source.children(from) {
                    let child_copy = self.import_single_with(source, child, &mut attrs);
                    self.link_append(to.link(), child_copy.link());
                    work.push((child, child_copy));
                }
            }
            let Some(element) = source.element(from) else { continue };
            // The template's cloning steps: its contents, when deep.
            if let (true, Some(contents)) = (deep, element.template_contents()) {
                if let Some(contents_copy) = self.element(to).and_then(|copy| copy.template_contents()) {
                    work.push((contents, contents_copy));
                }
            }
            // "If node is an element, node is a shadow host, and node's
            // shadow root's clonable is true" (step 6 of clone a node).
            if let Some(shadow) = source.shadow_root(from) {
                if let NodeData::ShadowRoot { init, .. } = source.data(shadow) {
                    if init.clonable {
                        if let Some(shadow_copy) = self.attach_shadow_root(to, init) {
                            work.push((shadow, shadow_copy));
                        }
                    }
                }
            }
        }
        Ok(copy)
    }

    /// A copy of `node` alone ("clone a single node"); not a Document or a
    /// shadow root.
    fn import_single(&mut self, source: &Document, node: NodeId) -> NodeId {
        self.import_single_with(source, node, &mut Vec::new())
    }

    /// [`Self::import_single`], with a buffer for an element's attributes.
    fn import_single_with<'s>(
        &mut self,
        source: &'s Document,
        node: NodeId,
        attrs: &mut Vec<crate::vocab::AttrRef<'s>>,
    ) -> NodeId {
        match source.data(node) {
            NodeData::Element(element) => {
                attrs.clear();
                attrs.extend(element.attrs());
                // A template gets its (empty) template contents here.
                let copy = self.create_element_unchecked(&element.name(), attrs);
                attrs.clear();
                copy
            }
            NodeData::Text(text) => self.create_text_node(text),
            NodeData::Comment(text) => self.create_comment(text),
            NodeData::ProcessingInstruction { target, data } => {
                self.create_processing_instruction_unchecked(target, data)
            }
            NodeData::Doctype(doctype) => self.create_doctype(doctype.clone()),
            NodeData::DocumentFragment => self.create_document_fragment(),
            NodeData::Document | NodeData::ShadowRoot { .. } => {
                unreachable!("import_node refuses Documents and shadow roots, and neither is a child")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::dom::{dump_children_html5lib, NodeData};
    use crate::{parse_document_with, parse_fragment, FragmentContext, ParseOptions};

    #[test]
    fn a_deep_import_is_the_same_tree_in_the_other_document() {
        let html = "<!--c--><table><tr><td>a<svg><path xlink:href=x /></svg><template><b>t</b></template><?pi d?>";
        let source = parse_fragment(html, &FragmentContext::html("div"));
        let root = source.fragment_root().unwrap();
        let mut target = crate::dom::Document::new();
        let copy = target.import_node(&source, root, true).unwrap();
        assert_eq!(target.data(copy), NodeData::DocumentFragment);
        assert_eq!(dump_children_html5lib(&target, copy), dump_children_html5lib(&source, root));
        let shallow = target.import_node(&source, root, false).unwrap();
        assert_eq!(target.first_child(shallow), None);
    }

    #[test]
    fn documents_and_shadow_roots_are_not_imported_and_clonable_shadow_roots_are_copied() {
        let options = ParseOptions::default().declarative_shadow_roots(true);
        let html = "<div><template shadowrootmode=open shadowrootclonable><i>s</i></template>l</div>\
                    <p><template shadowrootmode=open><i>s</i></template>l</p>";
        let source = parse_document_with(html, options);
        let mut target = crate::dom::Document::new();
        assert_eq!(target.import_node(&source, source.document(), true), Err(crate::DomError::NotSupported));
        let div = source.get_elements_by_tag_name("div").next().unwrap();
        let shadow = source.shadow_root(div).unwrap();
        assert_eq!(target.import_node(&source, shadow, true), Err(crate::DomError::NotSupported));
        let div_copy = target.import_node(&source, div.id(), true).unwrap();
        assert_eq!(target.inner_html(target.shadow_root(div_copy).unwrap()), "<i>s</i>");
        let shallow = target.import_node(&source, div.id(), false).unwrap();
        assert_eq!(target.first_child(target.shadow_root(shallow).unwrap()), None);
        let p = source.get_elements_by_tag_name("p").next().unwrap();
        let p_copy = target.import_node(&source, p.id(), true).unwrap();
        assert_eq!(target.shadow_root(p_copy), None);
        assert_eq!(target.outer_html(p_copy), "<p>l</p>");
    }
}
