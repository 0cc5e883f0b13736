//! A leading U+FEFF in a document's text is dropped by default, as
//! decoding bytes drops a byte order mark (`ParseOptions::keep_leading_bom`).

use htmlforge::quirks::QuirksMode;
use htmlforge::{parse_bytes, parse_document, ByteParseOptions, ParseOptions, Parser};

const PAGE: &str = "\u{FEFF}<!DOCTYPE html><html><head><title>T</title></head><body>b";

#[test]
fn a_document_read_into_a_string_parses_as_its_bytes_do() {
    let text = parse_document(PAGE);
    assert_eq!(text.quirks_mode(), QuirksMode::NoQuirks);
    assert!(text.errors.is_empty(), "{:?}", text.errors);
    assert_eq!(text.head().unwrap().inner_html(), "<title>T</title>");
    let bytes = parse_bytes(PAGE.as_bytes(), ByteParseOptions::default());
    assert_eq!(htmlforge::serialize_document(&bytes.document), htmlforge::serialize_document(&text));
}

#[test]
fn streaming_drops_it_once_and_the_option_keeps_it() {
    let mut parser = Parser::new(ParseOptions::default());
    for chunk in ["", "\u{FEFF}", "\u{FEFF}<!DOCTYPE html><p>x"] {
        parser.feed(chunk).unwrap();
    }
    let document = parser.finish();
    // The first character went; the second is text, after which the
    // DOCTYPE comes too late.
    assert_eq!(document.quirks_mode(), QuirksMode::Quirks);
    assert_eq!(document.body().unwrap().text_content(), "\u{FEFF}x");
    let kept = htmlforge::parse_document_with(PAGE, ParseOptions::default().keep_leading_bom(true));
    assert_eq!(kept.quirks_mode(), QuirksMode::Quirks);
}

#[test]
fn bytes_keep_a_second_bom_and_fragments_keep_theirs() {
    // The decoder takes the byte order mark; the U+FEFF after it is text.
    let bytes = parse_bytes("\u{FEFF}\u{FEFF}<p>x".as_bytes(), ByteParseOptions::default());
    assert_eq!(bytes.document.body().unwrap().text_content(), "\u{FEFF}x");
    let fragment = htmlforge::parse_fragment("\u{FEFF}x", &htmlforge::FragmentContext::html("div"));
    assert_eq!(fragment.inner_html(fragment.fragment_root().unwrap()), "\u{FEFF}x");
}
