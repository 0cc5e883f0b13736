//! The built-in DOM as a [`TreeSink`]: the bridge between the tree
//! builder and [`Document`], kept on the tree builder's side so that the
//! DOM knows nothing of the parser that fills it.

use crate::dom::{Doctype, Document, NodeData, NodeId, ParsedAttribute};
use crate::generated::names::LocalName;
use crate::quirks::QuirksMode;
use crate::tokenizer::Attribute;
use crate::vocab::{AttrRef, ParseError, QualName, ShadowRootInit};

use super::{NodeOrText, TreeSink};

/// A start tag token's attribute, as the DOM stores it straight from the
/// token (see [`TreeSink::create_html_element_from_token`]).
impl ParsedAttribute for Attribute {
    #[inline]
    fn name(&self) -> &str {
        Attribute::name(self)
    }

    #[inline]
    fn known_name(&self) -> Option<LocalName> {
        Attribute::known_name(self)
    }

    #[inline]
    fn value(&self) -> &str {
        &self.value
    }
}

impl TreeSink for Document {
    type Handle = NodeId;

    fn document(&self) -> NodeId {
        Document::document(self)
    }

    fn create_element(&mut self, name: QualName, attrs: &[AttrRef<'_>]) -> NodeId {
        self.create_element_unchecked(&name, attrs)
    }

    fn create_element_appended(&mut self, parent: NodeId, name: QualName, attrs: &[AttrRef<'_>]) -> NodeId {
        let parent = self.checked(parent);
        let element = self.create_element_unchecked(&name, attrs);
        self.link_new_last_child(parent, element.link());
        element
    }

    fn create_html_element_from_token(
        &mut self,
        parent: Option<NodeId>,
        name: &QualName,
        attrs: &[Attribute],
    ) -> Option<NodeId> {
        let parent = parent.map(|parent| self.checked(parent));
        let element = self.create_html_element_parsed(name, attrs);
        if let Some(parent) = parent {
            self.link_new_last_child(parent, element.link());
        }
        Some(element)
    }

    fn create_element_again(&mut self, name: QualName, attrs: &[AttrRef<'_>], previous: NodeId) -> NodeId {
        self.create_element_sharing(&name, attrs, previous)
    }

    fn create_comment(&mut self, text: &str) -> NodeId {
        Document::create_comment(self, text)
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
        self.create_processing_instruction_unchecked(target, data)
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        let doctype = self.create_doctype(Doctype {
            name: name.to_string(),
            public_id: public_id.to_string(),
            system_id: system_id.to_string(),
        });
        let root = self.checked(Document::document(self));
        self.link_append(root, doctype.link());
    }

    fn append(&mut self, parent: NodeId, child: NodeOrText<'_, NodeId>) {
        match child {
            NodeOrText::Node(node) => self.link_append(self.checked(parent), self.checked(node)),
            NodeOrText::Text(text) => self.append_text_at(self.checked(parent), text),
        }
    }

    fn append_text_from_input(&mut self, parent: NodeId, text: &str, text_and_after: &str) {
        self.append_text_at_in(self.checked(parent), text, text_and_after);
    }

    fn insert_before(&mut self, sibling: NodeId, child: NodeOrText<'_, NodeId>) {
        match child {
            NodeOrText::Node(node) => self.link_before(self.checked(sibling), self.checked(node)),
            NodeOrText::Text(text) => self.insert_text_before_at(self.checked(sibling), text),
        }
    }

    fn has_parent(&self, node: NodeId) -> bool {
        self.parent(node).is_some()
    }

    fn remove_from_parent(&mut self, node: NodeId) {
        self.remove(node);
    }

    fn reparent_children(&mut self, node: NodeId, new_parent: NodeId) {
        let new_parent = self.checked(new_parent);
        while let Some(child) = self.first_child(node) {
            crate::cost::step!("dom::reparent_children");
            self.link_append(new_parent, child.link());
        }
    }

    fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[AttrRef<'_>]) {
        self.checked(element);
        Document::add_attrs_if_missing(self, element, attrs);
    }

    /// The template contents of `template`; for any other node (which the
    /// tree builder never asks about), the node itself, so that what is
    /// inserted "into its contents" goes into the node.
    fn template_contents(&mut self, template: NodeId) -> NodeId {
        self.element(template).and_then(|e| e.template_contents()).unwrap_or(template)
    }

    fn attach_declarative_shadow_root(&mut self, host: NodeId, template: NodeId, init: &ShadowRootInit) -> bool {
        let Some(shadow) = self.attach_shadow_root(host, *init) else { return false };
        // "Set template's template contents to shadow."
        self.set_template_contents(template, shadow);
        true
    }

    fn create_document_fragment(&mut self) -> Option<NodeId> {
        let fragment = Document::create_document_fragment(self);
        self.set_fragment(fragment);
        Some(fragment)
    }

    fn parent_of(&self, node: NodeId) -> Option<NodeId> {
        self.parent(node)
    }

    fn first_child_of(&self, node: NodeId) -> Option<NodeId> {
        self.first_child(node)
    }

    fn next_sibling_of(&self, node: NodeId) -> Option<NodeId> {
        self.next_sibling(node)
    }

    fn processing_instruction_of(&self, node: NodeId) -> Option<(&str, &str)> {
        match self.data(node) {
            NodeData::ProcessingInstruction { target, data } => Some((target, data)),
            _ => None,
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        Document::set_quirks_mode(self, mode);
    }

    fn set_scripting(&mut self, enabled: bool) {
        Document::set_scripting(self, enabled);
    }

    fn clone_option_into_selectedcontent(&mut self, option: NodeId, selectedcontent: NodeId) {
        while let Some(child) = self.first_child(selectedcontent) {
            crate::cost::step!("tree_builder::selectedcontent_clone");
            self.remove(child);
        }
        let children: Vec<NodeId> = self.children(option).collect();
        for child in children {
            crate::cost::step!("tree_builder::selectedcontent_clone");
            let copy = self.clone_node_deep(child);
            self.link_append(selectedcontent.link(), copy.link());
        }
    }

    fn storage_full(&self) -> bool {
        self.storage_is_full()
    }

    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
}
