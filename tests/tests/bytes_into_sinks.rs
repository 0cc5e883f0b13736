//! Bytes into a sink of one's own: `ByteParser::with_sink_factory`,
//! `parse_bytes_into` and `parse_reader_into` sniff, decode and change the
//! encoding for any `TreeSink`, not only the built-in `Document`. A sink
//! that records what the tree builder tells it must get, from the bytes,
//! exactly what it gets from the correctly decoded text, whatever the
//! chunking, with one fresh sink per pass.

use std::cell::Cell;

use htmlforge::quirks::QuirksMode;
use htmlforge::tree_builder::{NodeOrText, TreeSink};
use htmlforge::vocab::{AttrRef, QualName};
use htmlforge::{
    parse_bytes_into, parse_reader_into, ByteParseOptions, ByteParser, ByteParserStatus, ParseOptions, Parser,
};

/// A sink that is not a DOM: it writes one line per call of the tree
/// builder, naming nodes by the order they were created in. Text appended
/// to the same parent in a row is one line: how the input was chunked
/// decides how text comes in pieces.
#[derive(Debug, Default)]
struct Recorder {
    nodes: usize,
    log: Vec<String>,
    /// The parent and the text of the last line, while it is an append of text.
    text: Option<(usize, String)>,
}

impl Recorder {
    fn flush_text(&mut self) {
        if let Some((parent, text)) = self.text.take() {
            self.log.push(format!("append #{parent} {text:?}"));
        }
    }

    fn line(&mut self, line: String) {
        self.flush_text();
        self.log.push(line);
    }

    fn finish(mut self) -> Vec<String> {
        self.flush_text();
        self.log
    }

    fn node(&mut self, what: String) -> usize {
        self.nodes += 1;
        self.line(format!("create {} {what}", self.nodes));
        self.nodes
    }

    fn child(child: NodeOrText<'_, usize>) -> String {
        match child {
            NodeOrText::Node(node) => format!("#{node}"),
            NodeOrText::Text(text) => format!("{text:?}"),
        }
    }
}

impl TreeSink for Recorder {
    type Handle = usize;

    fn document(&self) -> usize {
        0
    }

    fn create_element(&mut self, name: QualName, attrs: &[AttrRef<'_>]) -> usize {
        let attrs: Vec<String> = attrs.iter().map(|a| format!("{}={:?}", a.name, a.value)).collect();
        self.node(format!("<{}> {}", name.local.as_str(), attrs.join(" ")))
    }

    fn create_comment(&mut self, text: &str) -> usize {
        self.node(format!("<!--{text}-->"))
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> usize {
        self.node(format!("<?{target} {data}>"))
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        self.line(format!("doctype {name} {public_id} {system_id}"));
    }

    fn append(&mut self, parent: usize, child: NodeOrText<'_, usize>) {
        if let NodeOrText::Text(more) = child {
            match &mut self.text {
                Some((last, text)) if *last == parent => text.push_str(more),
                _ => {
                    self.flush_text();
                    self.text = Some((parent, more.to_string()));
                }
            }
            return;
        }
        self.line(format!("append #{parent} {}", Recorder::child(child)));
    }

    fn insert_before(&mut self, sibling: usize, child: NodeOrText<'_, usize>) {
        self.line(format!("insert before #{sibling} {}", Recorder::child(child)));
    }

    fn has_parent(&self, _: usize) -> bool {
        true
    }

    fn remove_from_parent(&mut self, node: usize) {
        self.line(format!("remove #{node}"));
    }

    fn reparent_children(&mut self, node: usize, new_parent: usize) {
        self.line(format!("reparent #{node} #{new_parent}"));
    }

    fn add_attrs_if_missing(&mut self, element: usize, attrs: &[AttrRef<'_>]) {
        self.line(format!("add {} attributes to #{element}", attrs.len()));
    }

    fn template_contents(&mut self, template: usize) -> usize {
        self.node(format!("contents of #{template}"))
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.line(format!("quirks {mode:?}"));
    }

    fn clone_option_into_selectedcontent(&mut self, option: usize, selectedcontent: usize) {
        self.line(format!("clone #{option} into #{selectedcontent}"));
    }
}

/// The log of a parse of `text`, already decoded.
fn log_of_text(text: &str) -> Vec<String> {
    let mut parser = Parser::with_sink(Recorder::default(), ParseOptions::default());
    parser.feed(text).unwrap();
    parser.finish().finish()
}

/// A page whose `<meta charset=utf-8>` is past the prescan window, after
/// `before` (bytes in the default encoding, windows-1252).
fn page_with_late_meta(before: &[u8]) -> Vec<u8> {
    let mut page = format!("<!DOCTYPE html><head><!--{}-->", "-".repeat(1100)).into_bytes();
    page.extend_from_slice(before);
    page.extend_from_slice("<meta charset=utf-8><title>caf\u{e9}</title><p class=x>\u{65e5}\u{672c}".as_bytes());
    page
}

/// Feeds `page` in chunks of `size` to a `ByteParser` over `Recorder`s,
/// resuming after each change of encoding; returns the log, the number of
/// sinks made and the restarts.
fn chunked(page: &[u8], size: usize) -> (Vec<String>, usize, u32) {
    let made = Cell::new(0);
    let mut parser = ByteParser::with_sink_factory(ByteParseOptions::default(), || {
        made.set(made.get() + 1);
        Recorder::default()
    });
    for chunk in page.chunks(size) {
        let mut status = parser.feed(chunk).unwrap();
        while let ByteParserStatus::EncodingChanged(_) = status {
            status = parser.resume();
        }
    }
    let restarts = parser.restarts();
    let parsed = parser.finish();
    assert_eq!(parsed.encoding.encoding.name(), "UTF-8");
    (parsed.document.finish(), made.get(), restarts)
}

#[test]
fn a_change_of_encoding_restarts_into_a_fresh_sink() {
    // Non-ASCII before the meta: the parse starts again from the first
    // byte, into a second Recorder.
    let page = page_with_late_meta("<p>na\u{ef}ve</p>".as_bytes());
    let expected = log_of_text(std::str::from_utf8(&page).unwrap());
    for size in [1, 7, 100, 1024, page.len()] {
        let (log, made, restarts) = chunked(&page, size);
        assert_eq!(log, expected, "chunks of {size}");
        assert_eq!((made, restarts), (2, 1), "chunks of {size}");
    }
    let made = Cell::new(0);
    let whole = parse_bytes_into(
        || {
            made.set(made.get() + 1);
            Recorder::default()
        },
        &page,
        ByteParseOptions::default(),
    );
    assert_eq!((whole.document.finish(), made.get()), (expected.clone(), 2));
    let read = parse_reader_into(Recorder::default, &page[..], ByteParseOptions::default()).unwrap();
    assert_eq!(read.document.finish(), expected);
}

#[test]
fn an_ascii_prefix_switches_the_decoder_in_the_same_sink() {
    // Only ASCII before the meta, fed in chunks small enough that the
    // parser meets the meta before any non-ASCII byte: the decoder changes
    // on the fly, one sink is made. (A chunk that also holds the non-ASCII
    // text after the meta restarts, as the first test shows.)
    let page = page_with_late_meta(b"<p>naive</p>");
    let expected = log_of_text(std::str::from_utf8(&page).unwrap());
    for size in [1, 7, 20] {
        let (log, made, restarts) = chunked(&page, size);
        assert_eq!(log, expected, "chunks of {size}");
        assert_eq!((made, restarts), (1, 0), "chunks of {size}");
    }
}

#[test]
fn a_script_pause_hands_back_the_sinks_handle() {
    let options = ByteParseOptions::default().parse(ParseOptions::default().scripting(true));
    let mut parser = ByteParser::with_sink_factory(options, Recorder::default);
    let status = parser.feed(b"<meta charset=utf-8><script>w()</script><p>\xE2\x9C\x93").unwrap();
    let ByteParserStatus::PausedForScript(script) = status else { panic!("{status:?}") };
    assert!(parser.sink().log.iter().any(|line| line == &format!("create {script} <script> ")));
    parser.insert_at_insertion_point("<b>").unwrap();
    parser.resume();
    let log = parser.finish().document.finish();
    assert!(log.iter().any(|line| line.ends_with("<b> ")));
    assert!(log.iter().any(|line| line.ends_with("\"\u{2713}\"")), "{log:?}");
}
