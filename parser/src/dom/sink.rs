//! The built-in DOM as a [`TreeSink`].

use crate::quirks::QuirksMode;
use crate::tree_builder::{AttrRef, Error, NodeOrText, QualName, TreeSink};

use super::{Doctype, Document, NodeId};

impl TreeSink for Document {
    type Handle = NodeId;

    fn document(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    fn create_element(&mut self, name: QualName, attrs: &[AttrRef<'_>]) -> NodeId {
        Document::create_element(self, &name, attrs)
    }

    fn create_element_again(&mut self, name: QualName, attrs: &[AttrRef<'_>], previous: NodeId) -> NodeId {
        self.create_element_sharing(&name, attrs, previous)
    }

    fn create_comment(&mut self, text: &str) -> NodeId {
        Document::create_comment(self, text)
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        let doctype = self.create_doctype(Doctype {
            name: name.to_string(),
            public_id: public_id.to_string(),
            system_id: system_id.to_string(),
        });
        self.append_child(NodeId::DOCUMENT, doctype);
    }

    fn append(&mut self, parent: NodeId, child: NodeOrText<'_, NodeId>) {
        match child {
            NodeOrText::Node(node) => self.append_child(parent, node),
            NodeOrText::Text(text) => self.append_text(parent, text),
        }
    }

    fn insert_before(&mut self, sibling: NodeId, child: NodeOrText<'_, NodeId>) {
        match child {
            NodeOrText::Node(node) => Document::insert_before(self, sibling, node),
            NodeOrText::Text(text) => self.insert_text_before(sibling, text),
        }
    }

    fn has_parent(&self, node: NodeId) -> bool {
        self.parent(node).is_some()
    }

    fn remove_from_parent(&mut self, node: NodeId) {
        self.detach(node);
    }

    fn reparent_children(&mut self, node: NodeId, new_parent: NodeId) {
        while let Some(child) = self.first_child(node) {
            self.append_child(new_parent, child);
        }
    }

    fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[AttrRef<'_>]) {
        Document::add_attrs_if_missing(self, element, attrs);
    }

    fn template_contents(&mut self, template: NodeId) -> NodeId {
        self.element(template).and_then(|e| e.template_contents()).expect("template_contents of a template element")
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    fn clone_option_into_selectedcontent(&mut self, option: NodeId, selectedcontent: NodeId) {
        while let Some(child) = self.first_child(selectedcontent) {
            self.detach(child);
        }
        let children: Vec<NodeId> = self.children(option).collect();
        for child in children {
            let copy = self.clone_node_deep(child);
            self.append_child(selectedcontent, copy);
        }
    }

    fn storage_full(&self) -> bool {
        self.storage_is_full()
    }

    fn parse_error(&mut self, error: Error) {
        self.errors.push(error);
    }
}
