//! Tree-construction errors sit at the last character of the token that
//! raised them, in the tokenizer's convention (1-based, UTF-16 columns),
//! interleaved in input order with the tokenizer's own errors.

use htmlforge::{parse_document, ParseOptions, Parser};

fn errors(input: &str) -> Vec<String> {
    parse_document(input).errors.iter().map(|e| format!("{}:{} {}", e.line, e.col, e.code.as_str())).collect()
}

#[test]
fn tree_errors_sit_at_their_token() {
    assert_eq!(errors("<p>a</x>"), ["1:3 missing-doctype", "1:8 unexpected-end-tag"]);
    assert_eq!(errors("<!DOCTYPE html>\n\u{1F600}<b></i>"), ["2:9 unexpected-end-tag", "2:10 eof-with-open-elements"]);
}

#[test]
fn tokenizer_and_tree_errors_keep_input_order() {
    assert_eq!(errors("<!DOCTYPE html><p a a></x>"), ["1:22 duplicate-attribute", "1:26 unexpected-end-tag"]);
}

#[test]
fn positions_do_not_depend_on_chunking() {
    let input = "<!DOCTYPE html>\r\n<table>x<tr></i>\r\n<p>\u{e9}</q>";
    let whole = errors(input);
    let mut parser = Parser::new(ParseOptions::default());
    for c in input.chars() {
        parser.feed(&c.to_string()).unwrap();
    }
    parser.end().unwrap();
    let chunked: Vec<String> =
        parser.finish().errors.iter().map(|e| format!("{}:{} {}", e.line, e.col, e.code.as_str())).collect();
    assert_eq!(whole, chunked);
    assert!(whole.iter().all(|e| !e.starts_with("0:0")), "{whole:?}");
}
