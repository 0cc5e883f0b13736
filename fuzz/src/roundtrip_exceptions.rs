//! The trees that do not survive serializing and parsing again, by spec:
//! each detector names the rule. The `roundtrip` target accepts a
//! difference only when the first tree holds one of these.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>
//! ("It is possible that the output of this algorithm, if parsed with an
//! HTML parser, will not return the original tree structure.")

use htmlforge::dom::{Document, NodeData};
use htmlforge::generated::names::Namespace;

/// The first exception the tree holds, as the spec rule behind it.
pub fn exception(document: &Document) -> Option<&'static str> {
    for node in document.descendants(document.document()) {
        match document.data(node) {
            NodeData::Element(element) => {
                if element.ns() == Namespace::Html && element.local_name() == "plaintext" {
                    return Some("a plaintext element's end tag is text: what follows it in the serialization becomes its text");
                }
                if element.attrs().any(|attr| attr.value.contains('\r')) {
                    return Some("input stream preprocessing turns a serialized U+000D into U+000A (the serializer does not escape it)");
                }
            }
            NodeData::Text(text) | NodeData::Comment(text) if text.contains('\r') => {
                return Some("input stream preprocessing turns a serialized U+000D into U+000A (the serializer does not escape it)");
            }
            _ => {}
        }
    }
    None
}
