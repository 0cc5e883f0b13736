//! Misuse of the streaming parsers gets an error value, and a parser can be
//! held across threads.

use htmlforge::{ByteParseOptions, ByteParser, ParseOptions, Parser, ParserMisuse, ParserStatus};

#[test]
fn parsers_are_send() {
    fn assert_send<T: Send>() {}
    assert_send::<Parser>();
    assert_send::<ByteParser>();
    // And one moves to another thread mid-parse, with formatting elements
    // listed (their kept attributes were an `Rc`).
    let mut parser = Parser::new(ParseOptions::default());
    parser.feed("<b title=t><i>x").unwrap();
    let document = std::thread::spawn(move || {
        parser.feed("</b>y").unwrap();
        parser.finish()
    })
    .join()
    .unwrap();
    assert!(htmlforge::dom::dump_html5lib(&document).contains("title=\"t\""));
}

#[test]
fn inserting_outside_a_script_pause_is_refused() {
    let mut parser = Parser::new(ParseOptions { scripting: true, ..ParseOptions::default() });
    // Inside an attribute value: no insertion point.
    parser.feed("<p title='a").unwrap();
    assert_eq!(parser.insert_at_insertion_point("<b>"), Err(ParserMisuse::NotPausedForScript));
    assert!(!parser.is_paused_for_script());
    let status = parser.feed("'><script>w()</script>").unwrap();
    assert!(matches!(status, ParserStatus::PausedForScript(_)));
    assert!(parser.is_paused_for_script());
    assert_eq!(parser.insert_at_insertion_point("<b>x</b>"), Ok(()));
    parser.resume();
    assert_eq!(parser.insert_at_insertion_point("<i>"), Err(ParserMisuse::NotPausedForScript));
    let document = parser.finish();
    let tree = htmlforge::dom::dump_html5lib(&document);
    assert!(tree.contains("title=\"a\"") && tree.contains("<b>") && !tree.contains("<i>"), "{tree}");
    assert!(!ParserMisuse::NotPausedForScript.to_string().is_empty());
}

#[test]
fn inserting_while_an_encoding_change_is_pending_is_refused() {
    // The prescan misses the meta (past 1024 bytes): the tree builder asks
    // for a restart.
    let mut page = b"<!--".to_vec();
    page.extend(std::iter::repeat_n(b'-', 1100));
    page.extend_from_slice(b"-->\xE9<meta charset=utf-8><p>x");
    let mut parser = ByteParser::new(ByteParseOptions::default());
    let status = parser.feed(&page).unwrap();
    assert!(matches!(status, htmlforge::ByteParserStatus::EncodingChanged(_)), "{status:?}");
    assert_eq!(parser.insert_at_insertion_point("<b>"), Err(ParserMisuse::NotPausedForScript));
}

#[test]
fn input_after_the_end_is_refused() {
    let mut parser = Parser::new(ParseOptions::default());
    assert_eq!(parser.feed("<p>one"), Ok(ParserStatus::NeedsInput));
    assert_eq!(parser.end(), Ok(ParserStatus::Done));
    assert_eq!(parser.feed("<p>two"), Err(ParserMisuse::InputEnded));
    assert_eq!(parser.end(), Err(ParserMisuse::InputEnded));
    let tree = htmlforge::dom::dump_html5lib(&parser.finish());
    assert!(tree.contains("\"one\"") && !tree.contains("two"), "{tree}");
    assert!(!ParserMisuse::InputEnded.to_string().is_empty());
}

#[test]
fn input_after_the_end_is_refused_while_paused_for_a_script() {
    // The end arrives while the parser waits for a script: it is taken,
    // and what comes after it is refused.
    let mut parser = Parser::new(ParseOptions { scripting: true, ..ParseOptions::default() });
    let paused = parser.feed("<script>w()</script>").unwrap();
    assert!(matches!(paused, ParserStatus::PausedForScript(_)));
    assert_eq!(parser.end(), Ok(paused));
    assert_eq!(parser.feed("<p>late"), Err(ParserMisuse::InputEnded));
    parser.insert_at_insertion_point("<p>written").unwrap();
    assert_eq!(parser.resume(), ParserStatus::Done);
    let tree = htmlforge::dom::dump_html5lib(&parser.finish());
    assert!(tree.contains("\"written\"") && !tree.contains("late"), "{tree}");
}

#[test]
fn a_fragment_parser_refuses_input_after_the_end() {
    let context = htmlforge::FragmentContext::html("td");
    let mut parser = Parser::new_fragment_with_sink(htmlforge::Document::new(), &context, ParseOptions::default());
    parser.feed("<b>x").unwrap();
    parser.end().unwrap();
    assert_eq!(parser.feed("y"), Err(ParserMisuse::InputEnded));
    assert_eq!(parser.end(), Err(ParserMisuse::InputEnded));
}

#[test]
fn a_byte_parser_refuses_input_after_the_end() {
    let mut parser = ByteParser::new(ByteParseOptions::default());
    parser.feed(b"<p>caf\xE9").unwrap();
    assert_eq!(parser.end(), Ok(htmlforge::ByteParserStatus::Done));
    assert_eq!(parser.feed(b"<p>more"), Err(ParserMisuse::InputEnded));
    assert_eq!(parser.end(), Err(ParserMisuse::InputEnded));
    // Also while a change of encoding waits for `resume`.
    let mut page = b"<!--".to_vec();
    page.extend(std::iter::repeat_n(b'-', 1100));
    page.extend_from_slice(b"-->\xE9<meta charset=utf-8><p>x");
    let mut parser = ByteParser::new(ByteParseOptions::default());
    assert!(matches!(parser.feed(&page), Ok(htmlforge::ByteParserStatus::EncodingChanged(_))));
    assert!(matches!(parser.end(), Ok(htmlforge::ByteParserStatus::EncodingChanged(_))));
    assert_eq!(parser.feed(b"<p>y"), Err(ParserMisuse::InputEnded));
    assert_eq!(parser.resume(), htmlforge::ByteParserStatus::Done);
    let tree = htmlforge::dom::dump_html5lib(&parser.finish().document);
    assert!(tree.contains("\"x\"") && !tree.contains("\"y\""), "{tree}");
}
