//! Trees a million elements deep: building, walking, cloning, dumping and
//! dropping them must not overflow the stack, and parsing deeply nested
//! markup must stay linear.

use htmlforge::dom::{dump_children_html5lib, Document, NodeData, NodeId};
use htmlforge::generated::names::Namespace;
use htmlforge::tree_builder::{Name, NodeOrText, QualName, TreeSink};

const DEPTH: usize = 1_000_000;

fn div() -> QualName {
    QualName::new(Namespace::Html, Name::new("div"))
}

/// A chain of `depth` nested divs under the Document; returns the innermost.
fn chain(document: &mut Document, depth: usize) -> NodeId {
    let mut parent = document.document();
    for _ in 0..depth {
        let element = document.create_element(&div(), &[]);
        document.append(parent, NodeOrText::Node(element));
        parent = element;
    }
    parent
}

#[test]
fn a_million_deep_dom_walks_and_drops() {
    let mut document = Document::new();
    let innermost = chain(&mut document, DEPTH);
    document.append(innermost, NodeOrText::Text("deep"));
    assert_eq!(document.descendants(document.document()).count(), DEPTH + 2);
    assert_eq!(document.text_content(document.document()), "deep");
    let mut depth = 0;
    let mut node = innermost;
    while let Some(parent) = document.parent(node) {
        depth += 1;
        node = parent;
    }
    assert_eq!(depth, DEPTH);
    drop(document);
}

#[test]
fn deep_clones_and_dumps_are_iterative() {
    let depth = 100_000;
    let mut document = Document::new();
    let top = chain(&mut document, 1);
    let innermost = chain_under(&mut document, top, depth);
    document.append(innermost, NodeOrText::Text("x"));
    let copy = document.clone_node_deep(top);
    assert_eq!(document.descendants(copy).count(), depth + 2);
    assert!(matches!(document.data(document.last_child(innermost).unwrap()), NodeData::Text(t) if t == "x"));
    // The dump's size is quadratic in the depth (indentation), so dump a
    // shallower part: the point is that it does not recurse.
    let mut small = Document::new();
    let root = small.document();
    chain_under(&mut small, root, 2_000);
    let dump = dump_children_html5lib(&small, root);
    assert_eq!(dump.lines().count(), 2_000);
    assert!(dump.lines().last().unwrap().ends_with(&format!("{}<div>", "  ".repeat(1_999))));
}

fn chain_under(document: &mut Document, parent: NodeId, depth: usize) -> NodeId {
    let mut parent = parent;
    for _ in 0..depth {
        let element = document.create_element(&div(), &[]);
        document.append(parent, NodeOrText::Node(element));
        parent = element;
    }
    parent
}

#[test]
fn parsing_a_million_nested_elements_is_linear_and_safe() {
    let mut input = String::with_capacity(DEPTH * 5 + 10);
    for _ in 0..DEPTH {
        input.push_str("<div>");
    }
    input.push('x');
    let document = htmlforge::parse_document(&input);
    // html, head, body, the divs, the text.
    assert_eq!(document.descendants(document.document()).count(), DEPTH + 5);
    drop(document);
}

#[test]
fn deeply_nested_formatting_and_tables_do_not_overflow() {
    let input = "<b><i><table><tr><td><svg><g>".repeat(20_000);
    let document = htmlforge::parse_document(&input);
    assert!(document.descendants(document.document()).count() > 20_000);
}

#[test]
fn unmatched_end_tags_under_deep_stacks_stay_linear() {
    // Each unmatched end tag would otherwise walk the whole stack: 60,000²
    // steps, minutes instead of milliseconds.
    let input = format!(
        "{}{}{}{}",
        "<x-a>".repeat(60_000),
        "</x-b>".repeat(60_000),
        "<span>".repeat(60_000),
        "</em>".repeat(60_000)
    );
    let document = htmlforge::parse_document(&input);
    assert_eq!(document.descendants(document.document()).count(), 120_000 + 4);
}

#[test]
fn many_distinct_formatting_elements_stay_linear() {
    // The Noah's Ark clause would otherwise compare each new element with
    // every earlier one after the last marker.
    let input: String = (0..60_000).map(|i| format!("<b id={i}>")).collect();
    let document = htmlforge::parse_document(&input);
    assert_eq!(document.descendants(document.document()).count(), 60_000 + 4);
}

#[test]
fn nested_links_in_blocks_stay_linear() {
    // Each `<a>` runs the adoption agency algorithm for the previous one.
    let document = htmlforge::parse_document(&"<div><a>".repeat(30_000));
    assert!(document.descendants(document.document()).count() > 60_000);
}

#[test]
fn reconstructing_under_deep_stacks_stays_linear() {
    // Each text run reconstructs a `b` closed by `</p>`: whether a listed
    // element is still open must not cost a walk of the 30,000-deep stack.
    let input = format!("{}{}", "<div>".repeat(30_000), "<p><b></p>x".repeat(30_000));
    let document = htmlforge::parse_document(&input);
    assert!(document.descendants(document.document()).count() > 120_000);
}

#[test]
fn popping_many_listed_formatting_elements_stays_linear() {
    // Each element popped at the end of the input used to search the list
    // of active formatting elements for its entry, crossing the entries of
    // the elements popped before it: 60,000²/2 steps.
    let input: String = (0..60_000).map(|i| format!("<b id={i}>")).collect();
    let document = htmlforge::parse_document(&input);
    assert_eq!(document.descendants(document.document()).count(), 60_000 + 4);
}

#[test]
fn equal_formatting_elements_after_many_distinct_ones_stay_linear() {
    // From the fourth equal `<i>` on, the Noah's Ark clause removes the
    // earliest equal entry; finding it used to cross all 60,000 distinct
    // entries before the `<i>`s, for each `<i>`.
    let mut input: String = (0..60_000).map(|i| format!("<b id={i}>")).collect();
    input.push_str(&"<i>".repeat(60_000));
    let document = htmlforge::parse_document(&input);
    assert_eq!(document.descendants(document.document()).count(), 120_000 + 4);
}
