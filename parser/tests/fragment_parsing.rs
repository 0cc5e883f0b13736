//! The HTML fragment parsing algorithm as the 2026 text has it
//! (whatwg-parsing-2026.txt §13.4, A.1 [#adjusted-insertion-location]):
//! nodes go into a DocumentFragment, the parser's root insertion target,
//! and scripts never pause a fragment parse.

use htmlforge::dom::NodeData;
use htmlforge::{
    parse_fragment, parse_fragment_with, Document, FragmentContext, Namespace, ParseOptions, Parser, ParserStatus,
};

#[test]
fn a_fragment_parse_returns_a_document_fragment() {
    let fragment = parse_fragment("<b>x</b><!--c--><?pi d>", &FragmentContext::new(Namespace::Html, "div"));
    let root = fragment.fragment_root().expect("a fragment");
    assert_eq!(fragment.data(root), NodeData::DocumentFragment);
    assert_eq!(fragment.parent(root), None);
    assert_eq!(fragment.inner_html(root), "<b>x</b><!--c--><?pi d?>");
    // The html element the algorithm creates stays empty.
    let html = fragment.document_element().expect("the algorithm's root element");
    assert_eq!(fragment.children(html).count(), 0);
}

#[test]
fn what_goes_to_the_html_element_goes_to_the_fragment() {
    // "after body": a comment goes to "the first element in the stack of
    // open elements", which the root insertion target replaces.
    let context = FragmentContext::new(Namespace::Html, "html");
    let fragment = parse_fragment("<head></head><body>b</body><!--after--><?after?>", &context);
    let root = fragment.fragment_root().unwrap();
    assert_eq!(fragment.inner_html(root), "<head></head><body>b</body><!--after--><?after ?>");
    // Foster parenting without a table (the fragment case) also targets
    // the first element.
    let fragment = parse_fragment("x<td>y", &FragmentContext::new(Namespace::Html, "tr"));
    let root = fragment.fragment_root().unwrap();
    assert_eq!(fragment.inner_html(root), "x<td>y</td>");
}

#[test]
fn compacting_keeps_the_fragment() {
    let fragment = parse_fragment("<p>a</p>b", &FragmentContext::new(Namespace::Html, "body"));
    let compact = fragment.compacted();
    let root = compact.fragment_root().unwrap();
    assert_eq!(compact.data(root), NodeData::DocumentFragment);
    assert_eq!(compact.inner_html(root), "<p>a</p>b");
}

#[test]
fn scripts_do_not_pause_a_fragment_parse() {
    // Scripting mode Inert: the script is "already started" [#scriptTag]
    // step 5, so none is ever pending.
    let options = ParseOptions { scripting: true, ..ParseOptions::default() };
    let context = FragmentContext::new(Namespace::Html, "body");
    let mut parser = Parser::new_fragment_with_sink(Document::new(), &context, options);
    assert!(matches!(parser.feed("<script>s()</script><p>x</p>"), Ok(ParserStatus::NeedsInput)));
    assert!(matches!(parser.end(), Ok(ParserStatus::Done)));
    let fragment = parser.finish();
    let root = fragment.fragment_root().unwrap();
    assert_eq!(fragment.inner_html(root), "<script>s()</script><p>x</p>");
    // The same with one call.
    let fragment = parse_fragment_with("<script>s()</script>", &context, options);
    assert_eq!(fragment.inner_html(fragment.fragment_root().unwrap()), "<script>s()</script>");
}
