//! Issue 14's reproductions, each at a size that runs in about a second in
//! a debug build: the inputs that were quadratic in time (they finish), the
//! ones that were quadratic in memory (their peak heap stays under
//! `Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE` per input byte), and the byte
//! path's limit. The full sizes run in the release pathological bench
//! (`cargo run --release -p htmlforge-bench --bin pathological`); the 4 GiB
//! cap is tested with a lowered cap (`dom::node` unit tests), line and
//! column saturation in `tokenizer::input_stream`, parser misuse in
//! `misuse.rs`.

use htmlforge::dom::{dump_html5lib, Document};
use htmlforge::{
    parse_document, parse_document_with, parse_reader, ByteParseOptions, ByteParser, Limits, ParseOptions,
};
use htmlforge_alloc_count::thread::peak_of;

/// Counts the heap of the current thread only, so that tests running in
/// parallel do not mix their figures.
#[global_allocator]
static ALLOCATOR: htmlforge_alloc_count::PerThread = htmlforge_alloc_count::PerThread;

/// Parses `input` and checks that the peak heap stayed linear.
fn parse_within_the_bound(input: &str) -> Document {
    let (document, peak) = peak_of(|| parse_document(input));
    let bound = Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * input.len();
    assert!(peak <= bound, "peak {peak} bytes for {} bytes of input", input.len());
    document
}

fn repeat_numbered(count: usize, piece: impl Fn(usize) -> String) -> String {
    (0..count).map(piece).collect()
}

// Quadratic time: "in scope" and "last open" with the target open below a
// boundary or far down the stack. 20,000 repetitions were seconds each in
// a debug build when every check walked the stack.
const N: usize = 20_000;

#[test]
fn p_in_button_scope_below_an_object() {
    let document = parse_within_the_bound(&format!("<p><object>{}", "<div>".repeat(N)));
    assert_eq!(dump_html5lib(&document).matches("<div>").count(), N);
}

#[test]
fn body_end_tags_under_deep_divs() {
    parse_within_the_bound(&format!("{}{}", "<div>".repeat(N), "</body>".repeat(N)));
}

#[test]
fn end_tags_whose_element_is_below_a_scope_boundary() {
    for (open, end) in [
        ("<p><button>", "</p>"),
        ("<li><ul>", "</li>"),
        ("<h1><object>", "</h1>"),
        ("<div><object>", "</div>"),
        ("<select><object>", "</select>"),
    ] {
        let document = parse_within_the_bound(&format!("{open}{}{}", "<span>".repeat(N), end.repeat(N)));
        // Out of scope: every end tag is ignored, the spans stay nested.
        assert_eq!(dump_html5lib(&document).matches("<span>").count(), N, "{open}");
    }
}

#[test]
fn foster_parenting_with_a_template_at_the_bottom() {
    parse_within_the_bound(&format!("<template>{}<table>{}", "<div>".repeat(N), "x<span></span>".repeat(N)));
}

#[test]
fn formatting_end_tags_searching_the_list() {
    // Listed before a marker, and listed but out of scope.
    parse_within_the_bound(&format!("<i><object>{}{}", repeat_numbered(N, |i| format!("<b x={i}>")), "</i>".repeat(N)));
    parse_within_the_bound(&format!(
        "<b><svg><desc>{}{}",
        repeat_numbered(N, |i| format!("<i x={i}>")),
        "</b>".repeat(N)
    ));
}

#[test]
fn unlisted_current_nodes_asked_about_by_the_adoption_agency_algorithm() {
    // Every fourth `</b>` closes a `b` the Noah's Ark clause took off the
    // list: step 2 asks whether it is listed (a search of the N `i`s before
    // the list kept its entries' positions by stack serial).
    let document = parse_within_the_bound(&format!(
        "{}{}",
        repeat_numbered(N, |i| format!("<i x={i}>")),
        "<b><b><b><b></b></b></b></b>".repeat(N / 8)
    ));
    assert_eq!(dump_html5lib(&document).matches("<b>").count(), N / 2);
}

#[test]
fn foreign_end_tags_for_names_nobody_opened() {
    // Foreign content's "any other end tag" walks the foreign elements
    // down to the topmost HTML element; past 32 of them, the counted names
    // answer.
    let document = parse_within_the_bound(&format!("<svg>{}{}", "<g>".repeat(N), "</x>".repeat(N)));
    assert_eq!(dump_html5lib(&document).matches("<svg g>").count(), N);
    // The same under an HTML integration point, with the names found.
    let document = parse_within_the_bound(&format!(
        "<svg><foreignObject><math>{}{}<mi>x",
        "<mrow>".repeat(N),
        "</MROW></x>".repeat(N / 2)
    ));
    assert!(dump_html5lib(&document).contains("<math mi>"));
}

// Quadratic memory.

#[test]
fn text_extended_between_comments() {
    let document = parse_within_the_bound(&format!("<table>{}", format!("{}<!--c-->", "x".repeat(100)).repeat(2_000)));
    assert_eq!(document.text_content(document.document()).len(), 200_000);
}

#[test]
fn text_extended_between_body_attributes_and_comments() {
    parse_within_the_bound(&repeat_numbered(10_000, |i| format!("x<body a{i}=1>")));
    let document = parse_within_the_bound(&"x</body><!--c-->".repeat(10_000));
    assert_eq!(document.text_content(document.document()).len(), 10_000);
}

#[test]
fn html_attributes_added_between_other_attributes() {
    let document = parse_within_the_bound(&repeat_numbered(5_000, |i| format!("<html a{i}=1><p x=1>")));
    let html = document.document_element().unwrap();
    assert_eq!(document.element(html).unwrap().attrs().count(), 5_000);
}

#[test]
fn reconstructed_formatting_elements_share_their_attribute_values() {
    let value = "v".repeat(200_000);
    let input = format!("<p><b title=\"{value}\"></p>{}", "<p>x</p>".repeat(1_000));
    let document = parse_within_the_bound(&input);
    let titled = document
        .descendants(document.document())
        .filter(|&node| document.element(node).is_some_and(|e| e.attr("title") == Some(value.as_str())))
        .count();
    assert_eq!(titled, 1_001);
}

#[test]
fn parse_errors_and_nodes_are_capped_by_the_untrusted_limits() {
    let limits = Limits::for_input_bytes(64 * 1024);
    let options = ParseOptions::default().limits(limits);
    // A parse error per NUL.
    let nuls = format!("<body>{}", "\0".repeat(200_000));
    let (document, peak) = peak_of(|| parse_document_with(&nuls, options));
    assert!(document.errors.len() <= limits.max_errors.unwrap());
    assert!(peak <= Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * 64 * 1024, "{peak}");
    // Reconstruction multiplying nodes: 2,000 × 2,000 in the spec's tree.
    let k = 2_000;
    let multiplying = format!("<p>{}</p>{}", repeat_numbered(k, |i| format!("<b x={i}>")), "<p>x</p>".repeat(k));
    let (document, peak) = peak_of(|| parse_document_with(&multiplying, options));
    assert!(document.node_count() <= limits.max_nodes.unwrap() + k + 16, "{}", document.node_count());
    assert!(peak <= Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * 64 * 1024, "{peak}");
}

// The byte path.

#[test]
fn an_endless_reader_returns_at_the_input_limit() {
    let options =
        ByteParseOptions::default().parse(ParseOptions::default().limits(Limits::for_input_bytes(256 * 1024)));
    let parsed = parse_reader(std::io::repeat(b'a'), options).unwrap();
    assert!(parsed.limits_hit.input_truncated);
}

#[test]
fn a_tentative_byte_parser_keeps_no_more_than_the_input_limit() {
    let limit = 64 * 1024;
    let options = ByteParseOptions::default().parse(ParseOptions::default().limits(Limits::for_input_bytes(limit)));
    // windows-1252 by default, tentative: every byte would be kept.
    let chunk = [b'\xE9'; 4096];
    let (parsed, peak) = peak_of(|| {
        let mut parser = ByteParser::new(options);
        for _ in 0..1_000 {
            parser.feed(&chunk).unwrap();
        }
        parser.finish()
    });
    assert!(parsed.limits_hit.input_truncated);
    assert!(peak <= Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * limit, "{peak}");
    assert!(parsed.document.text_content(parsed.document.document()).chars().count() <= limit);
}
