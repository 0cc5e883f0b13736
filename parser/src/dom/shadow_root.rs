//! Shadow roots, as the parser attaches them for declarative shadow roots
//! (`<template shadowrootmode="open">`, with
//! [`ParseOptions::declarative_shadow_roots`](crate::ParseOptions::declarative_shadow_roots)).
//!
//! A shadow root is a node of its own (a DocumentFragment with a host),
//! not a child of its host: [`Document::children`] and
//! [`Document::descendants`] do not enter it, as in the DOM.
//! [`Document::shadow_root`] reaches it from its host.

use std::collections::HashMap;

use crate::generated::names::LocalName;
use crate::generated::names::Namespace;
use crate::generated::tag_groups::is_valid_shadow_host_names;
use crate::vocab::ShadowRootInit;

use super::node::{Data, Link};
use super::{Document, NodeId};

/// The shadow roots of a document and their hosts.
#[derive(Debug, Clone, Default)]
pub(crate) struct ShadowRoots {
    /// Per shadow root (`Data::ShadowRoot` holds the index): its host and
    /// how it was declared.
    pub(crate) roots: Vec<(Link, ShadowRootInit)>,
    /// Host → shadow root.
    pub(crate) by_host: HashMap<Link, Link>,
}

/// Whether `name` is a valid custom element name.
///
/// Spec: <https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name>
pub(crate) fn is_valid_custom_element_name(name: &str) -> bool {
    // PotentialCustomElementName ::= [a-z] (PCENChar)* '-' (PCENChar)*
    let pcen_char = |c: char| {
        matches!(c,
            '-' | '.' | '0'..='9' | '_' | 'a'..='z' | '\u{B7}' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}'
            | '\u{F8}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{203F}'..='\u{2040}'
            | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}'
            | '\u{FDF0}'..='\u{FFFD}' | '\u{10000}'..='\u{EFFFF}')
    };
    let potential =
        name.starts_with(|c: char| c.is_ascii_lowercase()) && name.contains('-') && name.chars().all(pcen_char);
    // "name must not be any of the following": the hyphenated names of
    // SVG and MathML.
    potential && !LocalName::lookup(name).is_some_and(crate::generated::tag_groups::is_reserved_custom_element_names)
}

impl Document {
    /// The shadow root of `host`, if it is a shadow host.
    ///
    /// ```
    /// use htmlforge::dom::NodeData;
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let options = ParseOptions::default().declarative_shadow_roots(true);
    /// let document = parse_document_with("<div><template shadowrootmode=open><b>in</b></template>out</div>", options);
    /// let div = document.body().unwrap().child_elements().next().unwrap();
    /// let shadow = document.shadow_root(div).unwrap();
    /// assert!(matches!(document.data(shadow), NodeData::ShadowRoot { .. }));
    /// assert_eq!(document.inner_html(shadow), "<b>in</b>");
    /// assert_eq!(div.inner_html(), "out");
    /// ```
    #[track_caller]
    pub fn shadow_root(&self, host: impl Into<NodeId>) -> Option<NodeId> {
        let host = host.into();
        self.slot(host);
        if self.shadow_roots.by_host.is_empty() {
            return None;
        }
        self.shadow_roots.by_host.get(&host.link()).map(|&root| self.id(root))
    }

    /// "Attach a shadow root" to `host` (DOM), for the parser: `None`, and
    /// nothing changed, when the DOM would throw (not an HTML element, not
    /// a valid shadow host name) or when `host` already is a shadow host
    /// (the parser then inserts the template as an element).
    ///
    /// Spec: <https://dom.spec.whatwg.org/#concept-attach-a-shadow-root>
    pub(crate) fn attach_shadow_root(&mut self, host: NodeId, init: ShadowRootInit) -> Option<NodeId> {
        let element = self.element(host)?;
        let valid_host = element.ns() == Namespace::Html
            && (element.known_name().is_some_and(is_valid_shadow_host_names)
                || is_valid_custom_element_name(element.local_name()));
        if !valid_host || self.shadow_roots.by_host.contains_key(&host.link()) {
            return None;
        }
        let index = u32::try_from(self.shadow_roots.roots.len()).ok()?;
        let root = self.new_node(Data::ShadowRoot(index));
        self.shadow_roots.roots.push((host.link(), init));
        self.shadow_roots.by_host.insert(host.link(), root.link());
        Some(root)
    }

    /// The host and declaration of the shadow root stored at `index`.
    pub(crate) fn shadow_root_record(&self, index: u32) -> (NodeId, ShadowRootInit) {
        let (host, init) = self.shadow_roots.roots[index as usize];
        (self.id(host), init)
    }
}

/// The attributes of the `<template>` that serializes a shadow root, in
/// the order the HTML fragment serialization algorithm writes them.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-serialisation-algorithm> step 4
pub(crate) fn serialized_template_attributes(init: &ShadowRootInit) -> Vec<(&'static str, &'static str)> {
    let mut attrs = vec![("shadowrootmode", init.mode.as_str())];
    if init.delegates_focus {
        attrs.push(("shadowrootdelegatesfocus", ""));
    }
    if init.serializable {
        attrs.push(("shadowrootserializable", ""));
    }
    if init.slot_assignment == crate::vocab::SlotAssignmentMode::Manual {
        attrs.push(("shadowrootslotassignment", "manual"));
    }
    if init.clonable {
        attrs.push(("shadowrootclonable", ""));
    }
    // "shouldAppendRegistryAttribute": the document's registry is the
    // global one here (there are no scoped registries), so it is true
    // exactly when the shadow root keeps a null registry.
    if init.keep_custom_element_registry_null {
        attrs.push(("shadowrootcustomelementregistry", ""));
    }
    attrs
}

/// Writes `<template` and the attributes of the template that serializes a
/// shadow root declared as `init`, without the closing `>` (the pretty
/// printer places it).
pub(crate) fn write_template_start<O: crate::serializer::Output>(
    init: &ShadowRootInit,
    out: &mut O,
) -> Result<(), crate::serializer::SerializeError> {
    out.write_str("<template")?;
    for (name, value) in serialized_template_attributes(init) {
        out.write_str(" ")?;
        out.write_str(name)?;
        out.write_str("=\"")?;
        out.write_str(value)?;
        out.write_str("\"")?;
    }
    Ok(())
}
