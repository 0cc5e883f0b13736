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
    parser.feed("<b title=t><i>x");
    let document = std::thread::spawn(move || {
        parser.feed("</b>y");
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
    parser.feed("<p title='a");
    assert_eq!(parser.insert_at_insertion_point("<b>"), Err(ParserMisuse::NotPausedForScript));
    assert!(!parser.is_paused_for_script());
    let status = parser.feed("'><script>w()</script>");
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
    let status = parser.feed(&page);
    assert!(matches!(status, htmlforge::ByteParserStatus::EncodingChanged(_)), "{status:?}");
    assert_eq!(parser.insert_at_insertion_point("<b>"), Err(ParserMisuse::NotPausedForScript));
}
