//! The security properties of the HTML Sanitizer API's output, checked by
//! the corpus test (`tests/tests/sanitizer_corpus.rs`) and the `sanitize`
//! fuzz target: what the safe variant must never leave, and the tree dump
//! (adjacent text merged) that a round trip must give back.

use htmlforge::dom::{dump_children_html5lib, Document, NodeData, NodeId};
use htmlforge::generated::names::Namespace;
use htmlforge::generated::sanitizer_builtins::{
    EVENT_HANDLER_CONTENT_ATTRIBUTES, NAVIGATING_URL_ATTRIBUTES, SVG_EVENT_HANDLER_ATTRIBUTES,
};

/// The first thing the safe variant must not have left under `root`.
pub fn unsafe_markup(document: &Document, root: NodeId) -> Option<String> {
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        for child in document.children(node) {
            pending.push(child);
            pending.extend(document.shadow_root(child));
            let Some(element) = document.element(child) else { continue };
            pending.extend(element.template_contents());
            if element.local_name() == "script" && matches!(element.ns(), Namespace::Html | Namespace::Svg) {
                return Some(format!("a {:?} script element", element.ns()));
            }
            for attr in element.attrs() {
                let handler = attr.ns.is_none()
                    && (EVENT_HANDLER_CONTENT_ATTRIBUTES.contains(&attr.name)
                        || SVG_EVENT_HANDLER_ATTRIBUTES.contains(&attr.name));
                if handler {
                    return Some(format!("the event handler attribute {}", attr.name));
                }
                let navigating = NAVIGATING_URL_ATTRIBUTES.iter().any(|(e, a)| {
                    e.name == element.local_name()
                        && e.namespace == Some(element.ns().url())
                        && a.name == attr.name
                        && a.namespace == attr.ns.map(Namespace::url)
                });
                let mathml_href = element.ns() == Namespace::MathMl
                    && attr.name == "href"
                    && matches!(attr.ns, None | Some(Namespace::XLink));
                if (navigating || mathml_href) && is_javascript_url(attr.value) {
                    return Some(format!("a javascript: URL in {}", attr.name));
                }
            }
        }
    }
    None
}

/// "contains a javascript: URL": the WHATWG URL parser's scheme (a value
/// that does not parse navigates nowhere).
fn is_javascript_url(value: &str) -> bool {
    url::Url::parse(value).is_ok_and(|url| url.scheme() == "javascript")
}

/// Whether a shadow root under `root` is one that no serialization writes:
/// a declarative shadow root without `shadowrootserializable`, which
/// `innerHTML` and `getHTML({ serializableShadowRoots: true })` both leave
/// out ([#html-fragment-serialisation-algorithm] step 4 writes only a
/// serializable shadow root). A round trip cannot give such a tree back, so
/// it is compared by its serialization instead.
pub fn has_unserializable_shadow_root(document: &Document, root: NodeId) -> bool {
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        for child in document.children(node) {
            pending.push(child);
            if let Some(element) = document.element(child) {
                pending.extend(element.template_contents());
            }
            if let Some(shadow) = document.shadow_root(child) {
                if let NodeData::ShadowRoot { init, .. } = document.data(shadow) {
                    if !init.serializable {
                        return true;
                    }
                }
                pending.push(shadow);
            }
        }
    }
    false
}

/// Whether a `template` element under `root` carries a `shadowrootmode`
/// of `open` or `closed` while its parent has no shadow root that a
/// serialization writes. The first parse kept it as an element (its parent
/// already had a shadow root, [#parsing-main-inhead] "a start tag whose
/// tag name is template": attaching threw), and that shadow root is left
/// out of the serialization, so the parse of the serialization attaches
/// the template as the parent's declarative shadow root instead: a round
/// trip cannot give such a tree back.
pub fn has_unattached_declarative_template(document: &Document, root: NodeId) -> bool {
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        for child in document.children(node) {
            pending.push(child);
            pending.extend(document.shadow_root(child));
            let Some(element) = document.element(child) else { continue };
            pending.extend(element.template_contents());
            let declares = element.ns() == Namespace::Html
                && element.local_name() == "template"
                && element.attrs().any(|attr| {
                    attr.ns.is_none()
                        && attr.name == "shadowrootmode"
                        && (attr.value.eq_ignore_ascii_case("open") || attr.value.eq_ignore_ascii_case("closed"))
                });
            let host_writes_its_root = document.shadow_root(node).is_some_and(
                |shadow| matches!(document.data(shadow), NodeData::ShadowRoot { init, .. } if init.serializable),
            );
            if declares && !host_writes_its_root {
                return true;
            }
        }
    }
    false
}

/// The children of the fragment's root, with adjacent text merged, as a
/// dump.
pub fn dump(document: &mut Document) -> String {
    let root = document.fragment_root().expect("a fragment root");
    merge_text(document, root);
    dump_children_html5lib(document, root)
}

fn merge_text(document: &mut Document, root: NodeId) {
    let mut parents = vec![root];
    while let Some(parent) = parents.pop() {
        let mut child = document.first_child(parent);
        while let Some(node) = child {
            let next = document.next_sibling(node);
            if let (NodeData::Text(text), Some(next)) = (document.data(node), next) {
                if let Some(more) = document.text_node_data(next) {
                    let merged = format!("{text}{more}");
                    document.set_text_content(node, &merged);
                    document.remove(next);
                    continue;
                }
            }
            if let Some(element) = document.element(node) {
                parents.extend(element.template_contents());
            }
            parents.extend(document.shadow_root(node));
            parents.push(node);
            child = next;
        }
    }
}
