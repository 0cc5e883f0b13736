//! The trees that do not survive serializing and parsing again, by spec:
//! each detector names the rule. The `roundtrip` target accepts a
//! difference only when the first tree holds one of these.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>
//! ("It is possible that the output of this algorithm, if parsed with an
//! HTML parser, will not return the original tree structure.")

use htmlforge::dom::{Document, NodeData, NodeId};
use htmlforge::generated::names::{LocalName, Namespace};
use htmlforge::generated::element_categories::{element_categories, Categories};
use htmlforge::generated::tag_groups;
use htmlforge::tokenizer::{Collector, OwnedToken, State, Tokenizer};

/// Every node, template contents included (`Document::descendants` does
/// not enter them), without recursion.
fn all_nodes(document: &Document) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![document.document()];
    while let Some(node) = stack.pop() {
        out.push(node);
        let mut child = document.first_child(node);
        while let Some(next) = child {
            stack.push(next);
            child = document.next_sibling(next);
        }
        if let Some(contents) = document.element(node).and_then(|e| e.template_contents()) {
            stack.push(contents);
        }
    }
    out
}

/// Whether the start tag of the HTML element `name` closes an open p in
/// button scope ("in body": the generated tag groups, plus the tags whose
/// rows close a p on their own).
fn closes_a_p(name: Option<LocalName>) -> bool {
    name.is_some_and(|name| {
        tag_groups::is_in_body_start_tags_that_close_a_p_element(name)
            || tag_groups::is_heading_elements(name)
            || tag_groups::is_in_body_pre_and_listing_start_tags(name)
            || tag_groups::is_dd_and_dt(name)
            || matches!(name.as_str(), "li" | "form" | "table" | "hr" | "xmp" | "plaintext")
    })
}

/// The "in body" li (dd, dt) start tag loop: walking up from `node`, an
/// li (dd or dt) is reached before a special element other than address,
/// div and p.
fn list_item_start_tag_would_close(document: &Document, node: NodeId, local: &str) -> bool {
    let mut at = document.parent(node);
    while let Some(parent) = at {
        let Some(element) = document.element(parent) else { return false };
        let name = element.local_name();
        if element.ns() == Namespace::Html && (if local == "li" { name == "li" } else { matches!(name, "dd" | "dt") }) {
            return true;
        }
        let special = element.known_name().is_some_and(|known| element_categories(element.ns(), known).contains(Categories::SPECIAL));
        if special && !(element.ns() == Namespace::Html && matches!(name, "address" | "div" | "p")) {
            return false;
        }
        at = document.parent(parent);
    }
    false
}

fn has_html_ancestor(document: &Document, node: NodeId, local: &str) -> bool {
    let mut at = document.parent(node);
    while let Some(parent) = at {
        if document.is_element(parent, Namespace::Html, local) {
            return true;
        }
        at = document.parent(parent);
    }
    false
}

/// Whether `text` followed by `</name>`, tokenized as the content of the
/// raw text element `name`, is the text and then that end tag.
fn raw_text_ends_at_its_end_tag(text: &str, name: &str) -> bool {
    let mut tokenizer = Tokenizer::new(Collector::default());
    tokenizer.set_state(if name == "script" { State::ScriptData } else { State::Rawtext });
    tokenizer.set_last_start_tag(Some(name));
    tokenizer.feed(text);
    tokenizer.feed("</");
    tokenizer.feed(name);
    tokenizer.feed(">");
    tokenizer.end();
    let tokens = tokenizer.into_sink().tokens;
    match tokens.as_slice() {
        [OwnedToken::EndTag(tag)] => text.is_empty() && tag.name == name,
        [OwnedToken::Characters(chars), OwnedToken::EndTag(tag)] => chars == text && tag.name == name,
        _ => false,
    }
}

/// The first exception the tree holds, as the spec rule behind it.
pub fn exception(document: &Document) -> Option<&'static str> {
    for node in all_nodes(document) {
        match document.data(node) {
            NodeData::Element(element) => {
                let html = element.ns() == Namespace::Html;
                if html && element.local_name() == "plaintext" {
                    return Some("a plaintext element's end tag is text: what follows it in the serialization becomes its text");
                }
                // "If the next token is a U+000A LINE FEED (LF) character
                // token, then ignore that token": the serialization algorithm
                // of the WHATWG spec no longer writes the extra newline that
                // W3C HTML5 (8.3) wrote for this case.
                if html && matches!(element.local_name(), "pre" | "textarea" | "listing") {
                    let first = document.first_child(node).and_then(|child| document.text(child));
                    if first.is_some_and(|text| text.starts_with('\n')) {
                        return Some("a newline right after a pre, textarea or listing start tag is dropped by the parser");
                    }
                }
                if html && matches!(element.local_name(), "script" | "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript") {
                    let text = document.text_content(node);
                    if !raw_text_ends_at_its_end_tag(&text, element.local_name()) {
                        return Some(
                            "raw text that the tokenizer does not end at the serialized end tag (a script's `<!--<script` \
                             enters the script data double escaped state): the spec's \"script element that contains \
                             the text </script>\" warning",
                        );
                    }
                }
                if html && closes_a_p(element.known_name()) && has_html_ancestor(document, node, "p") {
                    return Some(
                        "a p element holding an element whose start tag closes a p (the parser can make one when a \
                         scope boundary, e.g. a MathML mi, was open in between): the spec's \"p element that \
                         contains a ul element\" example",
                    );
                }
                if html && matches!(element.local_name(), "a" | "nobr" | "form") && has_html_ancestor(document, node, element.local_name()) {
                    return Some(
                        "an a in an a, a nobr in a nobr (the adoption agency algorithm and the reconstruction of \
                         the active formatting elements can nest them; their start tags close the open one), or a \
                         form in a form (the form element pointer): trees the parser makes that its own start-tag \
                         rules undo",
                    );
                }
                let parent_is_heading = document
                    .parent(node)
                    .and_then(|parent| document.element(parent))
                    .is_some_and(|parent| parent.ns() == Namespace::Html && parent.known_name().is_some_and(tag_groups::is_heading_elements));
                if html && element.known_name().is_some_and(tag_groups::is_heading_elements) && parent_is_heading {
                    return Some("a heading right in a heading: a heading start tag pops a heading that is the current node");
                }
                if html && matches!(element.local_name(), "li" | "dd" | "dt") && list_item_start_tag_would_close(document, node, element.local_name()) {
                    return Some(
                        "an li, dd or dt inside another with no special element between (foster parenting puts \
                         one there past a table: `<li><table><li>`): its start tag closes the open one",
                    );
                }
                let parent_is_ruby_text = document
                    .parent(node)
                    .and_then(|parent| document.element(parent))
                    .is_some_and(|parent| parent.ns() == Namespace::Html && matches!(parent.local_name(), "rb" | "rp" | "rt" | "rtc"));
                if html && matches!(element.local_name(), "rb" | "rp" | "rt" | "rtc") && parent_is_ruby_text {
                    return Some(
                        "a ruby annotation element right in another (foster parenting past a table: \
                         `<ruby><rt><table><rt>`): its start tag generates the implied end tags",
                    );
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
