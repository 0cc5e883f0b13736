//! What the DOM API refuses, as the DOM standard's exceptions name it.

use std::fmt;

/// Why a DOM operation was refused. Nothing was changed when one is
/// returned.
///
/// ```
/// use htmlforge::dom::{DomError, HierarchyRequest};
///
/// let mut document = htmlforge::parse_document("<div><p>x</p></div>");
/// let div = document.get_elements_by_tag_name("div").next().unwrap().id();
/// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
/// assert_eq!(document.append_child(p, div), Err(DomError::HierarchyRequest(HierarchyRequest::Cycle)));
/// assert_eq!(document.create_html_element("a b>").unwrap_err(), DomError::InvalidCharacter);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DomError {
    /// The DOM's `HierarchyRequestError`: the node cannot go there.
    HierarchyRequest(HierarchyRequest),
    /// The DOM's `NotFoundError`: the reference node is not a child of the
    /// parent (it has another parent, or none).
    NotFound,
    /// The DOM's `InvalidCharacterError`: not a valid element or attribute
    /// name.
    InvalidCharacter,
    /// The operation needs an element, and the node is not one.
    NotAnElement,
    /// The DOM's `NotSupportedError`: the node cannot be copied (a Document
    /// or a shadow root given to [`Document::import_node`](super::Document::import_node)).
    NotSupported,
}

/// What breaks the DOM's hierarchy, by the rule of "ensure pre-insertion
/// validity" that refuses it.
///
/// Spec: <https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HierarchyRequest {
    /// The parent is not a Document, DocumentFragment or element.
    ParentCannotHaveChildren,
    /// The node is the parent or one of its (host-including) ancestors:
    /// the tree would have a cycle.
    Cycle,
    /// A Document node cannot be a child.
    NotInsertable,
    /// Text cannot be a child of the Document.
    TextInDocument,
    /// A doctype can only be a child of the Document.
    DoctypeOutsideDocument,
    /// The Document already has an element child (or would get two).
    SecondDocumentElement,
    /// The Document already has a doctype.
    SecondDoctype,
    /// The Document's element would come before its doctype, or its
    /// doctype after its element.
    DoctypeAfterElement,
}

impl fmt::Display for DomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomError::HierarchyRequest(reason) => write!(f, "HierarchyRequestError: {reason}"),
            DomError::NotFound => f.write_str("NotFoundError: the reference node is not a child of the parent"),
            DomError::InvalidCharacter => f.write_str("InvalidCharacterError: not a valid name"),
            DomError::NotAnElement => f.write_str("the node is not an element"),
            DomError::NotSupported => f.write_str("NotSupportedError: a document or shadow root cannot be copied"),
        }
    }
}

impl fmt::Display for HierarchyRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HierarchyRequest::ParentCannotHaveChildren => "the parent is not a document, fragment or element",
            HierarchyRequest::Cycle => "the node is an inclusive ancestor of the parent",
            HierarchyRequest::NotInsertable => "a document cannot be inserted",
            HierarchyRequest::TextInDocument => "text cannot be a child of the document",
            HierarchyRequest::DoctypeOutsideDocument => "a doctype can only be a child of the document",
            HierarchyRequest::SecondDocumentElement => "the document would have two element children",
            HierarchyRequest::SecondDoctype => "the document would have two doctypes",
            HierarchyRequest::DoctypeAfterElement => "the document's doctype would follow its element",
        })
    }
}

impl std::error::Error for DomError {}

/// Whether `name` is a valid element local name.
///
/// Spec: <https://dom.spec.whatwg.org/#valid-element-local-name>
///
/// ```
/// use htmlforge::dom::is_valid_element_local_name;
///
/// assert!(is_valid_element_local_name("my-widget"));
/// assert!(is_valid_element_local_name("\u{e9}l\u{e9}ment"));
/// assert!(!is_valid_element_local_name("1st"));
/// assert!(!is_valid_element_local_name("a b"));
/// ```
pub fn is_valid_element_local_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else { return false };
    if first.is_ascii_alphabetic() {
        return !name.contains(|c: char| c.is_ascii_whitespace() || matches!(c, '\0' | '/' | '>'));
    }
    let allowed_start = |c: char| matches!(c, ':' | '_') || c >= '\u{80}';
    allowed_start(first) && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.') || allowed_start(c))
}

/// Whether `name` is a valid attribute local name.
///
/// Spec: <https://dom.spec.whatwg.org/#valid-attribute-local-name>
pub fn is_valid_attribute_local_name(name: &str) -> bool {
    !name.is_empty() && !name.contains(|c: char| c.is_ascii_whitespace() || matches!(c, '\0' | '/' | '=' | '>'))
}

/// Whether `prefix` is a valid namespace prefix.
///
/// Spec: <https://dom.spec.whatwg.org/#valid-namespace-prefix>
pub fn is_valid_namespace_prefix(prefix: &str) -> bool {
    !prefix.is_empty() && !prefix.contains(|c: char| c.is_ascii_whitespace() || matches!(c, '\0' | '/' | '>'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_local_names_follow_the_dom() {
        for valid in ["a", "div", "my-element", "a\"b", "x<y", "svg:rect", "_x", ":x", "é", "ĳ-ĳ", "a.b"] {
            assert!(is_valid_element_local_name(valid), "{valid}");
        }
        for invalid in ["", "a b", "a>", "a/b", "a\0", "1a", "-a", "_x y", "_x>", ".a", "é!"] {
            assert!(!is_valid_element_local_name(invalid), "{invalid}");
        }
    }

    #[test]
    fn attribute_names_and_prefixes_follow_the_dom() {
        assert!(is_valid_attribute_local_name("data-x") && is_valid_attribute_local_name("\"quoted'"));
        for invalid in ["", "a b", "a=b", "a>", "a/", "\0", "\t"] {
            assert!(!is_valid_attribute_local_name(invalid), "{invalid:?}");
        }
        assert!(is_valid_namespace_prefix("xlink") && is_valid_namespace_prefix("a=b"));
        assert!(!is_valid_namespace_prefix("a b") && !is_valid_namespace_prefix(""));
    }
}
