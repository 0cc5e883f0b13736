//! Trees a million elements deep: building, walking, cloning, dumping and
//! dropping them must not overflow the stack, and parsing deeply nested
//! markup must stay linear.

use htmlforge::dom::{dump_children_html5lib, Document, NodeData, NodeId};
use htmlforge::generated::names::Namespace;
use htmlforge::tree_builder::{NodeOrText, TreeSink};
use htmlforge::vocab::{Name, QualName};

const DEPTH: usize = 1_000_000;

fn div() -> QualName {
    QualName::new(Namespace::Html, Name::new("div"))
}

/// A chain of `depth` nested divs under the Document; returns the innermost.
fn chain(document: &mut Document, depth: usize) -> NodeId {
    let mut parent = document.document();
    for _ in 0..depth {
        let element = document.create_element(&div(), &[]).unwrap();
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
        let element = document.create_element(&div(), &[]).unwrap();
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

/// The number of elements of `document` called `name`.
fn count_named(document: &Document, name: &str) -> usize {
    document
        .descendants(document.document())
        .filter(|&node| document.element(node).is_some_and(|e| e.local_name() == name))
        .count()
}

#[test]
fn end_tags_whose_element_is_below_a_special_element_stay_linear() {
    // "Any other end tag" walks down from the current node to the first
    // special element (the div): each `</x-b>` would cross all 60,000
    // `x-a`s to find no x-b above the div, 60,000² steps.
    let n = 60_000;
    let families = [
        format!("<x-b><div>{}{}", "<x-a>".repeat(n), "</x-b>".repeat(n)),
        // Known names without rules of their own.
        format!("<abbr><div>{}{}", "<span>".repeat(n), "</abbr>".repeat(n)),
        // Pushes and pops between them, of ordinary and special elements.
        format!("<x-b><div>{}{}", "<x-a>".repeat(n), "</x-b><x-c></x-c></x-b><p></p>".repeat(n / 2)),
    ];
    for input in &families {
        let document = htmlforge::parse_document(input);
        // Nothing closed: every end tag was ignored.
        assert_eq!(count_named(&document, "div"), 1);
        assert!(count_named(&document, "x-a") == n || count_named(&document, "span") == n);
    }
    // n distinct names, all open below the div.
    let mut input: String = (0..n).map(|i| format!("<y{i}>")).collect();
    input.push_str("<div>");
    input.push_str(&"<x-a>".repeat(n));
    input.extend((0..n).map(|i| format!("</y{i}>")));
    let document = htmlforge::parse_document(&input);
    assert_eq!(count_named(&document, "x-a"), n);
    // When the name is above the div after all, the end tag still closes
    // it: the first `</x-b>` fails (and counts the div's region), the
    // second finds the x-b opened after it.
    let run = "<x-a>".repeat(n);
    let document = htmlforge::parse_document(&format!("<x-b><div>{run}</x-b><x-b>{run}</x-b>x"));
    let text =
        document.descendants(document.document()).find(|&node| document.text_node_data(node) == Some("x")).unwrap();
    let parent = document.parent(text).unwrap();
    assert_eq!(document.element(parent).unwrap().local_name(), "x-a");
    assert_eq!(document.children(parent).count(), 2, "the last x-a of the first run holds the x-b and the text");
}
