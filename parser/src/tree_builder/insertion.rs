//! Creating and inserting nodes: "create an element for a token", "insert
//! a foreign element", "insert an HTML element", "insert a character",
//! "insert a comment", and the attribute adjustments of foreign content.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#creating-and-inserting-nodes>

use crate::generated::foreign_fixups::{
    foreign_attribute_adjustment, mathml_attribute_fixup, svg_attribute_fixup, svg_tag_name_fixup,
};
use crate::generated::names::{LocalName, Namespace};
use crate::tokenizer::{ProcessingInstruction, Tag};

use super::element_names::LocalId;
use super::foster_parenting::InsertionLocation;
use super::frozen_attrs::FrozenAttrs;
use super::token::TagTok;
use super::{
    is_annotation_xml_html_integration_point, AttrRef, Name, NodeOrText, OpenElement, QualName, TreeBuilder, TreeSink,
};

/// The attributes of a tag token, for an element in namespace `ns`: for
/// MathML and SVG elements with "adjust MathML/SVG attributes" and "adjust
/// foreign attributes" applied.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-mathml-attributes>,
/// <https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-attributes>,
/// <https://html.spec.whatwg.org/multipage/parsing.html#adjust-foreign-attributes>
pub(crate) fn attributes_for(tag: &Tag, ns: Namespace) -> impl Iterator<Item = AttrRef<'_>> {
    tag.attrs.iter().map(move |attr| {
        let name = attr.name();
        if ns == Namespace::Html {
            // Interned by the tokenizer.
            return AttrRef::interned(name, attr.known_name(), &attr.value);
        }
        let fixed = match ns {
            Namespace::Svg => svg_attribute_fixup(name),
            Namespace::MathMl => mathml_attribute_fixup(name),
            _ => None,
        };
        let adjusted = fixed.unwrap_or(name);
        match foreign_attribute_adjustment(adjusted) {
            Some((prefix, local, attr_ns)) => AttrRef { ns: Some(attr_ns), prefix, ..AttrRef::new(local, &attr.value) },
            None if fixed.is_some() => AttrRef::new(adjusted, &attr.value),
            None => AttrRef::interned(name, attr.known_name(), &attr.value),
        }
    })
}

/// Empties `attrs` and keeps its allocation for the next element: every
/// element with attributes used to allocate and free a list of them
/// (85,000 allocations on the corpus). Collecting an emptied vector into
/// one of the same layout reuses its allocation (std's in-place
/// collection); the lifetime of the borrowed attributes ends here.
// `filter` would keep the item type, and with it the borrowed lifetime:
// the `filter_map` is what changes it to `'static`.
#[allow(clippy::unnecessary_filter_map)]
fn reuse_attrs(mut attrs: Vec<AttrRef<'_>>) -> Vec<AttrRef<'static>> {
    attrs.clear();
    attrs.into_iter().filter_map(|_| None).collect()
}

/// The element name for a tag token in namespace `ns` (SVG names get
/// their camelCase form: "adjust SVG tag names" in foreign content).
pub(crate) fn element_name_for(tag: &Tag, ns: Namespace) -> QualName {
    let local = match ns {
        Namespace::Svg => svg_tag_name_fixup(&tag.name).unwrap_or(&tag.name),
        _ => &tag.name,
    };
    QualName::new(ns, Name::new(local))
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token>
    pub(crate) fn create_an_element_for_the_token(&mut self, tag: &Tag, ns: Namespace) -> OpenElement<S::Handle> {
        let name = element_name_for(tag, ns);
        let mut attrs: Vec<AttrRef<'_>> = std::mem::take(&mut self.attr_scratch);
        attrs.extend(attributes_for(tag, ns));
        self.limit_attributes(&mut attrs);
        let integration_point = is_annotation_xml_html_integration_point(&name, &attrs);
        let (ns, local) = (name.ns, self.open_elements.local_id(&name.local));
        let handle = self.sink.create_element(name, &attrs);
        self.node_created();
        self.attr_scratch = reuse_attrs(attrs);
        OpenElement::new(handle, ns, local, integration_point)
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insert-a-foreign-element>
    pub(crate) fn insert_a_foreign_element(
        &mut self,
        tag: &Tag,
        ns: Namespace,
        only_add_to_element_stack: bool,
    ) -> S::Handle {
        let location = self.appropriate_place_for_inserting_a_node(None);
        let element = self.create_an_element_for_the_token(tag, ns);
        let handle = element.handle;
        if !only_add_to_element_stack {
            self.insert_at(location, NodeOrText::Node(handle));
        }
        self.element_inserted(&element, tag);
        self.open_elements.push(element);
        handle
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insert-an-html-element>
    pub(crate) fn insert_an_html_element(&mut self, tag: &Tag) -> S::Handle {
        self.insert_a_foreign_element(tag, Namespace::Html, false)
    }

    /// "Insert an HTML element for the token", reusing the name the
    /// token's tag name was interned to.
    pub(crate) fn insert_an_html_element_for(&mut self, tag: TagTok<'_>) -> S::Handle {
        let location = self.appropriate_place_for_inserting_a_node(None);
        let element = match location {
            // The usual case: created and appended by one call to the sink.
            InsertionLocation::AppendTo(parent) => self.create_an_html_element_in(tag, Some(parent)),
            InsertionLocation::InsertBefore(_) => {
                let element = self.create_an_html_element_in(tag, None);
                self.insert_at(location, NodeOrText::Node(element.handle));
                element
            }
        };
        let handle = element.handle;
        self.element_inserted(&element, tag.tag);
        self.open_elements.push(element);
        handle
    }

    /// "Create an element for the token" in the HTML namespace, reusing
    /// the token's interned name.
    pub(crate) fn create_an_html_element_for(&mut self, tag: TagTok<'_>) -> OpenElement<S::Handle> {
        self.create_an_html_element_in(tag, None)
    }

    /// [`Self::create_an_html_element_for`], the element appended to
    /// `parent` as it is created when a parent is given.
    #[inline(always)]
    fn create_an_html_element_in(&mut self, tag: TagTok<'_>, parent: Option<S::Handle>) -> OpenElement<S::Handle> {
        let (local, id) = match tag.name {
            Some(known) => (Name::Known(known), LocalId::from(known)),
            None => (Name::Other(tag.tag.name.as_str().into()), self.open_elements.other_local_id(&tag.tag.name)),
        };
        let name = QualName::new(Namespace::Html, local);
        let token_attrs = self.limited_attributes(&tag.tag.attrs);
        // HTML elements take the token's attributes as they are (no
        // foreign adjustments): the sink stores them from the token (one
        // loop over them, where a list of references was a second), or
        // gets a plain copy of the references.
        if let Some(handle) = self.sink.create_html_element_from_token(parent, &name, token_attrs) {
            self.node_created();
            return OpenElement::new(handle, Namespace::Html, id, false);
        }
        let mut attrs: Vec<AttrRef<'_>> = std::mem::take(&mut self.attr_scratch);
        attrs.extend(token_attrs.iter().map(|attr| AttrRef::interned(attr.name(), attr.known_name(), &attr.value)));
        let handle = match parent {
            Some(parent) => self.sink.create_element_appended(parent, name, &attrs),
            None => self.sink.create_element(name, &attrs),
        };
        self.node_created();
        self.attr_scratch = reuse_attrs(attrs);
        OpenElement::new(handle, Namespace::Html, id, false)
    }

    /// "Create an element for the token" for a formatting element of the
    /// list of active formatting elements: an HTML element `name` with the
    /// token's attributes as the list kept them.
    pub(crate) fn create_a_formatting_element_again(
        &mut self,
        name: LocalName,
        frozen: FrozenAttrs,
        previous: S::Handle,
    ) -> OpenElement<S::Handle> {
        let local = name;
        let name = QualName::new(Namespace::Html, Name::Known(local));
        let mut attrs: Vec<AttrRef<'_>> = std::mem::take(&mut self.attr_scratch);
        let store = self.active_formatting.frozen_attrs();
        // Not looked up here: a sink that shares the previous element's
        // attributes never reads the names.
        attrs.extend(store.iter(frozen).map(|(name, value)| AttrRef::not_interned(name, value)));
        let handle = self.sink.create_element_again(name, &attrs, previous);
        self.attr_scratch = reuse_attrs(attrs);
        self.node_created();
        OpenElement::html(handle, local)
    }

    /// "Insert an HTML element for the token" when reconstructing the
    /// active formatting elements. (No `element_inserted` bookkeeping: it
    /// concerns `option` and `selectedcontent`, never formatting elements.)
    pub(crate) fn insert_a_formatting_element_again(
        &mut self,
        name: LocalName,
        frozen: FrozenAttrs,
        previous: S::Handle,
    ) -> S::Handle {
        let location = self.appropriate_place_for_inserting_a_node(None);
        let element = self.create_a_formatting_element_again(name, frozen, previous);
        let handle = element.handle;
        self.insert_at(location, NodeOrText::Node(handle));
        self.open_elements.push(element);
        handle
    }

    /// Inserts an HTML element for a start tag `name` with no attributes
    /// ("insert an HTML element for a "head" start tag token with no attributes").
    pub(crate) fn insert_an_html_element_named(&mut self, name: &str) -> S::Handle {
        let tag = Tag::new(name);
        self.insert_an_html_element(&tag)
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insert-a-character>
    /// (for a run of characters). Its usual case inline, where the rules
    /// call it (text in body is the most frequent token), the rest out of
    /// line.
    #[inline]
    pub(crate) fn insert_characters(&mut self, text: &str) {
        self.insert_characters_in(text, text);
    }

    /// [`Self::insert_characters`] for text that `text_and_after` holds
    /// followed by the input after it when the tokenizer handed the run
    /// on with its input (else `text`): for the sink's copy (see
    /// [`TreeSink::append_text_from_input`]).
    #[inline]
    pub(crate) fn insert_characters_in(&mut self, text: &str, text_and_after: &str) {
        if text.is_empty() {
            return;
        }
        // The usual case: at the end of an open element (never the
        // Document, which holds no text).
        match self.usual_insertion_parent(None) {
            Some(parent) => self.sink.append_text_from_input(parent, text, text_and_after),
            None => self.insert_characters_at_the_appropriate_place(text),
        }
    }

    /// [`Self::insert_characters`] past its usual case: foster parenting,
    /// templates, a fragment's root insertion target, a depth limit.
    #[inline(never)]
    fn insert_characters_at_the_appropriate_place(&mut self, text: &str) {
        let location = self.appropriate_place_for_inserting_a_node(None);
        // "If targetParent is a Document node, then return": the Document
        // never holds text. (Only a `<template for>` marker among the
        // Document's children can put the location before one of them.)
        let document = self.sink.document();
        let in_document = match location {
            InsertionLocation::AppendTo(parent) => parent == document,
            InsertionLocation::InsertBefore(sibling) => {
                !self.content_patches.is_empty() && self.sink.parent_of(sibling) == Some(document)
            }
        };
        if in_document {
            return;
        }
        self.insert_at(location, NodeOrText::Text(text));
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insert-a-comment>
    pub(crate) fn insert_a_comment(&mut self, text: &str) {
        let location = self.appropriate_place_for_inserting_a_node(None);
        let comment = self.sink.create_comment(text);
        self.node_created();
        self.insert_at(location, NodeOrText::Node(comment));
    }

    /// Inserts a comment as the last child of `parent` (the Document, or
    /// the html element in "after body", which in a fragment parse means
    /// the fragment: "insert a comment" goes through the adjusted insertion
    /// location).
    pub(crate) fn insert_a_comment_in(&mut self, parent: S::Handle, text: &str) {
        let comment = self.sink.create_comment(text);
        self.node_created();
        let location = self.adjusted_for_the_root_insertion_target(InsertionLocation::AppendTo(parent));
        self.insert_at(location, NodeOrText::Node(comment));
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insert-a-processing-instruction>
    pub(crate) fn insert_a_processing_instruction(&mut self, pi: &ProcessingInstruction) {
        let location = self.appropriate_place_for_inserting_a_node(None);
        let node = self.sink.create_processing_instruction(&pi.target, &pi.data);
        self.node_created();
        self.insert_at(location, NodeOrText::Node(node));
        if self.options.template_patching {
            self.index_a_marker(pi, node, location);
        }
    }

    /// Inserts a processing instruction as the last child of `parent` (the
    /// Document, or the html element in "after body").
    pub(crate) fn insert_a_processing_instruction_in(&mut self, parent: S::Handle, pi: &ProcessingInstruction) {
        let node = self.sink.create_processing_instruction(&pi.target, &pi.data);
        self.node_created();
        let location = self.adjusted_for_the_root_insertion_target(InsertionLocation::AppendTo(parent));
        self.insert_at(location, NodeOrText::Node(node));
        if self.options.template_patching {
            self.index_a_marker(pi, node, location);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reused_attribute_lists_keep_their_allocation() {
        let value = String::from("x");
        let mut attrs = Vec::with_capacity(4);
        attrs.push(AttrRef::new("id", &value));
        let pointer = attrs.as_ptr() as usize;
        let reused = reuse_attrs(attrs);
        assert!(reused.is_empty());
        assert_eq!(reused.capacity(), 4);
        assert_eq!(reused.as_ptr() as usize, pointer);
    }
}
