//! The built-in DOM as a [`TreeSink`].

use crate::generated::names::{local_names, Namespace};
use crate::quirks::QuirksMode;
use crate::tree_builder::{Attr, Error, NodeOrText, QualName, TreeSink};

use super::{Doctype, Document, Element, NodeData, NodeId};

impl TreeSink for Document {
    type Handle = NodeId;

    fn document(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    fn create_element(&mut self, name: QualName, attrs: Vec<Attr>) -> NodeId {
        let template_contents =
            name.is(Namespace::Html, local_names::TEMPLATE).then(|| self.new_node(NodeData::DocumentFragment));
        self.new_node(NodeData::Element(Element { name, attrs, template_contents }))
    }

    fn create_comment(&mut self, text: &str) -> NodeId {
        self.new_node(NodeData::Comment(text.to_string()))
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        let doctype = self.new_node(NodeData::Doctype(Box::new(Doctype {
            name: name.to_string(),
            public_id: public_id.to_string(),
            system_id: system_id.to_string(),
        })));
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

    fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[Attr]) {
        if let NodeData::Element(element) = &mut self.nodes[element.index()].data {
            for attr in attrs {
                if !element.attrs.iter().any(|a| a.ns == attr.ns && a.local == attr.local) {
                    element.attrs.push(attr.clone());
                }
            }
        }
    }

    fn template_contents(&mut self, template: NodeId) -> NodeId {
        self.element(template).and_then(|e| e.template_contents).expect("template_contents of a template element")
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

    fn parse_error(&mut self, error: Error) {
        self.errors.push(error);
    }
}
