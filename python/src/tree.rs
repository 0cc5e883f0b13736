//! Reads and walks of the DOM that both Python APIs use.

use htmlforge::dom::NodeData;
use htmlforge::select::Selector;
use htmlforge::{AttrRef, Document, ElementRef, NodeId};

/// The DOM's name for what `node` is, as `Node.type` reports it.
pub(crate) fn kind(document: &Document, node: NodeId) -> &'static str {
    match document.data(node) {
        NodeData::Document => "document",
        NodeData::DocumentFragment => "fragment",
        NodeData::Doctype(_) => "doctype",
        NodeData::Element(_) => "element",
        NodeData::Text(_) => "text",
        NodeData::Comment(_) => "comment",
        NodeData::ProcessingInstruction { .. } => "processing-instruction",
        NodeData::ShadowRoot { .. } => "shadow-root",
        _ => "other",
    }
}

/// The elements in `root`'s subtree that `selector` matches, in tree
/// order, `root` included when `with_root` (selectolax's `css` tests the
/// node it is called on too; the DOM's `querySelectorAll` does not).
/// Template contents are not searched: they are not descendants.
pub(crate) fn select_all(document: &Document, root: NodeId, selector: &Selector, with_root: bool) -> Vec<NodeId> {
    if root == document.document() {
        return document.select(selector).map(|element| element.id()).collect();
    }
    match document.element(root) {
        Some(element) => {
            let mut found = Vec::new();
            if with_root && selector.matches(&element) {
                found.push(root);
            }
            found.extend(element.select(selector).map(|element| element.id()));
            found
        }
        // A fragment or a detached text: its element descendants one by one.
        None => document
            .descendants(root)
            .filter(|&node| document.element(node).is_some_and(|element| selector.matches(&element)))
            .collect(),
    }
}

/// The first element of [`select_all`].
pub(crate) fn select_first(document: &Document, root: NodeId, selector: &Selector, with_root: bool) -> Option<NodeId> {
    if root == document.document() {
        return document.select_first(selector).map(|element| element.id());
    }
    match document.element(root) {
        Some(element) => {
            if with_root && selector.matches(&element) {
                return Some(root);
            }
            element.select_first(selector).map(|element| element.id())
        }
        None => document
            .descendants(root)
            .find(|&node| document.element(node).is_some_and(|element| selector.matches(&element))),
    }
}

/// The elements named `name` (ASCII case-insensitively for HTML
/// elements, as `getElementsByTagName` does; `*` for all) in `root`'s
/// subtree, `root` excluded.
pub(crate) fn elements_named(document: &Document, root: NodeId, name: &str) -> Vec<NodeId> {
    let lowercase = name.to_ascii_lowercase();
    document
        .descendants(root)
        .skip(1)
        .filter(|&node| {
            document.element(node).is_some_and(|element| {
                name == "*"
                    || element.local_name() == name
                    || (element.ns() == htmlforge::Namespace::Html && element.local_name() == lowercase)
            })
        })
        .collect()
}

/// The attribute of `element` whose markup name (see [`attribute_name`])
/// is `name`.
pub(crate) fn find_attribute<'a>(element: &ElementRef<'a>, name: &str) -> Option<AttrRef<'a>> {
    element.attrs().find(|attr| match attr.prefix {
        None => attr.name == name,
        Some(prefix) => {
            name.strip_prefix(prefix).and_then(|rest| rest.strip_prefix(':')).is_some_and(|local| local == attr.name)
        }
    })
}

/// The attribute's name as markup writes it: `xlink:href` for a
/// namespaced one.
pub(crate) fn attribute_name(prefix: Option<&str>, local: &str) -> String {
    match prefix {
        Some(prefix) => format!("{prefix}:{local}"),
        None => local.to_string(),
    }
}
