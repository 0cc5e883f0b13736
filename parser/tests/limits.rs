//! The optional limits of `ParseOptions::limits`: off by default (the
//! spec's parse), and when on, the documented recovery or error value,
//! never a panic.

use htmlforge::dom::{dump_html5lib, Document};
use htmlforge::{parse_document_checked, parse_document_with, LimitExceeded, Limits, ParseOptions, Parser};

fn with(limits: Limits) -> ParseOptions {
    ParseOptions::default().limits(limits)
}

/// The most element ancestors of any node.
fn max_ancestors(document: &Document) -> usize {
    document
        .descendants(document.document())
        .map(|node| {
            let mut count = 0;
            let mut at = document.parent(node);
            while let Some(parent) = at {
                if document.element(parent).is_some() {
                    count += 1;
                }
                at = document.parent(parent);
            }
            count
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn no_limits_by_default() {
    assert_eq!(ParseOptions::default().limits, Limits::NONE);
    let input = "<div>".repeat(2_000);
    assert_eq!(max_ancestors(&htmlforge::parse_document(&input)), 2_001);
}

#[test]
fn the_depth_cap_makes_deeper_nodes_siblings() {
    let input = format!("{}x{}<p>after", "<div>".repeat(2_000), "</div>".repeat(2_000));
    let mut parser = Parser::new(with(Limits::NONE.max_depth(Some(512))));
    parser.feed(&input).unwrap();
    assert!(parser.limits_hit().depth_capped);
    let document = parser.finish();
    assert_eq!(max_ancestors(&document), 512);
    // The end tags still close what they opened: the `p` is a child of body.
    let dump = dump_html5lib(&document);
    assert!(dump.ends_with("|     <p>\n|       \"after\"\n"), "{}", &dump[dump.len() - 200..]);
}

#[test]
fn the_depth_cap_holds_for_tables_formatting_and_foreign_content() {
    for piece in ["<table><tr><td>", "<b><i><u>", "<svg><foreignObject>", "<math><mi>", "<template>", "<a>x<div>"] {
        let input = piece.repeat(3_000);
        let document = parse_document_with(&input, with(Limits::NONE.max_depth(Some(100))));
        // The adoption agency may move nodes a little further down.
        assert!(max_ancestors(&document) <= 110, "{piece}: {}", max_ancestors(&document));
    }
}

#[test]
fn attributes_past_the_limit_are_dropped() {
    let attrs: String = (0..100).map(|i| format!(" a{i}=v")).collect();
    let input = format!("<html{attrs}><div{attrs}></div><html{attrs} b=c>");
    let mut parser = Parser::new(with(Limits::NONE.max_attributes(Some(10))));
    parser.feed(&input).unwrap();
    assert!(parser.limits_hit().attributes_dropped);
    let document = parser.finish();
    let html = document.document_element().unwrap();
    // The first tag gave a0..a9; the second tag's first ten are the same
    // names, so `b` (its 101st) is dropped too.
    assert_eq!(document.element(html).unwrap().attrs().len(), 10);
    let div = document
        .descendants(html)
        .find(|&n| document.is_element(n, htmlforge::generated::names::Namespace::Html, "div"))
        .unwrap();
    let names: Vec<&str> = document.element(div).unwrap().attrs().map(|a| a.name).collect();
    assert_eq!(names, (0..10).map(|i| format!("a{i}")).collect::<Vec<_>>());
}

#[test]
fn input_past_the_limit_is_refused_or_cut() {
    let options = with(Limits::NONE.max_input_bytes(Some(10)));
    assert_eq!(
        parse_document_checked("<p>0123456789", options).err(),
        Some(LimitExceeded::InputTooLarge { len: 13, limit: 10 })
    );
    assert!(parse_document_checked("<p>0123456", options).is_ok());
    // Streaming: the input is cut at the limit, on a character boundary.
    let mut parser = Parser::new(options);
    parser.feed("<p>01234").unwrap();
    parser.feed("é6789").unwrap();
    assert!(parser.limits_hit().input_truncated);
    let document = parser.finish();
    assert!(dump_html5lib(&document).contains("\"01234\u{e9}\""));
    let mut parser = Parser::new(options);
    parser.feed("<p>012345").unwrap();
    parser.feed("\u{e9}").unwrap();
    assert!(dump_html5lib(&parser.finish()).contains("\"012345\""));
}

#[test]
fn untrusted_limits_parse_hostile_documents() {
    let options = with(Limits::UNTRUSTED);
    let mut parser = Parser::new(options);
    parser.feed(&"<div><b><table><td>".repeat(5_000)).unwrap();
    let hit = parser.limits_hit();
    assert!(hit.depth_capped && !hit.attributes_dropped && !hit.input_truncated);
    assert!(max_ancestors(&parser.finish()) <= 520);
}

#[test]
fn the_node_cap_stops_building_and_is_reported() {
    // Reconstruction multiplies nodes: 300 formatting elements re-created
    // in each of 300 paragraphs would be 90,000 elements.
    let input =
        format!("<p>{}</p>{}", (0..300).map(|i| format!("<b x={i}>")).collect::<String>(), "<p>x</p>".repeat(300));
    let mut parser = Parser::new(with(Limits::NONE.max_nodes(Some(2_000))));
    parser.feed(&input).unwrap();
    assert!(parser.limits_hit().nodes_capped);
    let document = parser.finish();
    // One token may overshoot by what it reconstructs (300 here).
    assert!(document.node_count() <= 2_000 + 300 + 10, "{}", document.node_count());
    assert!(document.node_count() > 1_000);
    assert!(htmlforge::parse_document(&input).node_count() >= 80_000);
}

#[test]
fn the_error_cap_keeps_the_first_errors() {
    let input = format!("<body>{}", "\0".repeat(1_000));
    let document = parse_document_with(&input, with(Limits::NONE.max_errors(Some(10))));
    assert_eq!(document.errors.len(), 10);
    let mut parser = Parser::new(with(Limits::NONE.max_errors(Some(10))));
    parser.feed(&input).unwrap();
    assert!(parser.limits_hit().errors_dropped);
    assert!(htmlforge::parse_document(&input).errors.len() >= 1_000);
}

/// The reconstruction family: `k` formatting elements re-created in each
/// of `k` paragraphs (the spec's tree has k² nodes).
fn reconstruction(k: usize) -> String {
    format!("<p>{}</p>{}", (0..k).map(|i| format!("<b x={i}>")).collect::<String>(), "<p>x</p>".repeat(k))
}

#[test]
fn the_untrusted_node_budget_follows_the_input_given() {
    // 369 KB: without the budget, 33.5 million nodes (1.7 GB).
    let input = reconstruction(20_500);
    assert!((360_000..380_000).contains(&input.len()), "{}", input.len());
    let document = parse_document_with(&input, with(Limits::UNTRUSTED));
    // One node per byte given, in whole blocks of 8 KiB, and one token's
    // reconstruction past it (the list: 20,500 entries).
    let budget = input.len().div_ceil(Limits::NODE_BUDGET_BLOCK) * Limits::NODE_BUDGET_BLOCK;
    assert!(document.node_count() <= budget + 20_500 + 10, "{} nodes", document.node_count());
    // What is cut is the end: the formatting elements and the first
    // paragraphs are there.
    assert_eq!(document.get_elements_by_tag_name("b").take(20_500).count(), 20_500);
    assert!(document.get_elements_by_tag_name("p").count() > 1);
}

#[test]
fn the_node_budget_cuts_a_stream_where_it_cuts_the_whole_input() {
    let input = reconstruction(3_000);
    let options = with(Limits::UNTRUSTED);
    let whole = parse_document_with(&input, options);
    let mut cut = false;
    for chunk in [1, 7, 3_001, 8_192, 20_000] {
        let mut parser = Parser::new(options);
        for piece in input.as_bytes().chunks(chunk) {
            parser.feed(std::str::from_utf8(piece).unwrap()).unwrap();
        }
        cut = parser.limits_hit().nodes_capped;
        assert_eq!(dump_html5lib(&parser.finish()), dump_html5lib(&whole), "chunks of {chunk}");
    }
    assert!(cut);
    // Each block given raises the budget: after a comment as long as the
    // input (51,000 more nodes of budget), more of the paragraphs are built.
    let padded = format!("<!--{}-->{input}", "-".repeat(input.len()));
    assert!(parse_document_with(&padded, options).node_count() > whole.node_count() + 40_000);
}

#[test]
fn the_untrusted_error_budget_follows_the_input_given() {
    let input = format!("<body>{}", "\0".repeat(100_000));
    let mut parser = Parser::new(with(Limits::UNTRUSTED));
    parser.feed(&input).unwrap();
    assert!(parser.limits_hit().errors_dropped);
    let budget = input.len().div_ceil(Limits::NODE_BUDGET_BLOCK) * Limits::NODE_BUDGET_BLOCK / 8;
    let errors = parser.finish().errors.len();
    assert!((budget - 1_024..=budget).contains(&errors), "{errors} errors");
}

/// Markup as dense as people and generators write it (an element and a
/// text node per 5 bytes) is never cut by the untrusted budget.
#[test]
fn the_untrusted_node_budget_keeps_dense_honest_markup() {
    for (start, item) in [("<ul>", "<li>x"), ("<table><tr>", "<td>1"), ("<p>", "<i>x</i>"), ("<p>", "a<br>")] {
        let input = format!("{start}{}", item.repeat(50_000));
        let mut parser = Parser::new(with(Limits::UNTRUSTED));
        parser.feed(&input).unwrap();
        assert!(!parser.limits_hit().nodes_capped, "{item}");
        let whole = parse_document_with(&input, with(Limits::UNTRUSTED.input_bytes_per_node(None)));
        assert_eq!(dump_html5lib(&parser.finish()), dump_html5lib(&whole), "{item}");
    }
}

#[test]
fn untrusted_limits_scale_with_the_input_limit() {
    let limits = Limits::for_input_bytes(1 << 20);
    assert_eq!(limits.max_input_bytes, Some(1 << 20));
    assert!(limits.max_nodes.is_some() && limits.max_errors.is_some());
    assert_eq!(Limits::UNTRUSTED, Limits::for_input_bytes(256 << 20));
}

#[test]
fn the_byte_path_keeps_and_reads_no_more_than_the_input_limit() {
    use htmlforge::{parse_bytes, parse_reader, ByteParseOptions, ByteParser};
    let options = ByteParseOptions::default().parse(with(Limits::for_input_bytes(1_000)));
    // An endless reader returns at the limit.
    let parsed = parse_reader(std::io::repeat(b'a'), options).unwrap();
    assert!(parsed.limits_hit.input_truncated);
    let document = &parsed.document;
    assert!((900..=1_000).contains(&document.text_content(document.document()).len()));
    // A ByteParser fed past the limit while the encoding is tentative.
    let mut parser = ByteParser::new(options);
    for _ in 0..100 {
        parser.feed(&[b'\xE9'; 1_000]).unwrap();
    }
    assert!(parser.limits_hit().input_truncated);
    let parsed = parser.finish();
    assert!(parsed.limits_hit.input_truncated);
    let parsed = parse_bytes(&[b'b'; 5_000], options);
    assert!(parsed.limits_hit.input_truncated);
    assert!(!parse_bytes(b"<p>x", options).limits_hit.input_truncated);
}
