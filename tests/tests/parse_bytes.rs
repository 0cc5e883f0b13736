//! Bytes in through the whole parser: `parse_bytes`, `parse_reader` and
//! `ByteParser` on the non-UTF-8 fixtures of `tests/fixtures/encoding/`
//! and on pages whose `<meta>` only the tree builder finds (the change of
//! encoding while parsing).

use std::io::Read;
use std::path::Path;

use htmlforge::dom::dump_html5lib;
use htmlforge::encoding::{Confidence, Encoding, EncodingSource, Sniffed, PRESCAN_LENGTH};
use htmlforge::{parse_bytes, parse_reader, ByteParseOptions, ByteParser, ByteParserStatus, ParsedBytes};

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/encoding").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn encoding(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).expect("known label")
}

/// A page whose `<meta charset=utf-8>` comes after `filler` (which fills
/// more than the prescan window) in `<head>`, with UTF-8 text after it.
fn page_with_late_meta(filler: &str) -> Vec<u8> {
    let mut page =
        format!("<!DOCTYPE html><html><head>{filler}<meta charset=utf-8><title>caf\u{e9}</title>").into_bytes();
    page.extend_from_slice(
        "</head><body><p>\u{201C}na\u{ef}ve\u{201D} \u{2014} \u{65e5}\u{672c}</p></body></html>".as_bytes(),
    );
    page
}

/// `parse_bytes`, `parse_reader` (one byte per read) and a `ByteParser`
/// fed 5-byte chunks: they must agree on the tree and the encoding.
fn parse_three_ways(bytes: &[u8], options: ByteParseOptions<'_>) -> (String, Sniffed) {
    let whole = parse_bytes(bytes, options);
    let tree = dump_html5lib(&whole.document);

    let read = parse_reader(OneByteReads(bytes), options).expect("reading a slice cannot fail");
    assert_eq!(read.encoding, whole.encoding, "parse_reader and parse_bytes disagree on the encoding");
    assert_eq!(dump_html5lib(&read.document), tree, "parse_reader and parse_bytes disagree on the tree");

    let mut parser = ByteParser::new(options);
    for chunk in bytes.chunks(5) {
        let mut status = parser.feed(chunk).unwrap();
        while let ByteParserStatus::EncodingChanged(_) = status {
            status = parser.resume();
        }
    }
    let chunked = parser.finish();
    assert_eq!(chunked.encoding, whole.encoding, "ByteParser and parse_bytes disagree on the encoding");
    assert_eq!(dump_html5lib(&chunked.document), tree, "ByteParser and parse_bytes disagree on the tree");
    (tree, whole.encoding)
}

/// A reader that gives one byte per `read`.
struct OneByteReads<'a>(&'a [u8]);

impl Read for OneByteReads<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buffer.first_mut()) {
            (Some((&byte, rest)), Some(slot)) => {
                *slot = byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn utf8_meta_behind_a_long_script_restarts_the_parse() {
    let script = format!("<script>var filler = \"{}\";</script>", "x".repeat(2 * PRESCAN_LENGTH));
    let page = page_with_late_meta(&script);
    let meta_at = page.windows(5).position(|w| w == b"<meta").unwrap();
    assert!(meta_at > PRESCAN_LENGTH);
    let (tree, sniffed) = parse_three_ways(&page, ByteParseOptions::default());
    assert_eq!(sniffed.encoding, encoding("utf-8"));
    assert_eq!((sniffed.confidence, sniffed.source), (Confidence::Certain, EncodingSource::MetaInHead));
    assert!(tree.contains("\"caf\u{e9}\""), "{tree}");
    assert!(tree.contains("\"\u{201C}na\u{ef}ve\u{201D} \u{2014} \u{65e5}\u{672c}\""), "{tree}");
    assert!(!tree.contains('\u{c3}'), "no windows-1252 mojibake is left: {tree}");
}

#[test]
fn utf8_meta_behind_a_long_comment_restarts_the_parse() {
    let page = page_with_late_meta(&format!("<!--{}-->", "-".repeat(3000)));
    let (tree, sniffed) = parse_three_ways(&page, ByteParseOptions::default());
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("utf-8"), EncodingSource::MetaInHead));
    assert!(tree.contains("\"caf\u{e9}\""), "{tree}");
}

#[test]
fn a_late_meta_in_body_also_changes_the_encoding() {
    // "in body" processes a meta start tag with the "in head" rules.
    let mut page = b"<p>".to_vec();
    page.extend(std::iter::repeat_n(b'.', 1500));
    page.extend_from_slice(b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4");
    let (tree, sniffed) = parse_three_ways(&page, ByteParseOptions::default());
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("koi8-r"), EncodingSource::MetaInHead));
    assert!(tree.contains("\"Привет\""), "{tree}");
}

#[test]
fn the_change_of_encoding_is_reported_once() {
    let page = page_with_late_meta(&format!("<!--{}-->", "-".repeat(3000)));
    let mut parser = ByteParser::new(ByteParseOptions::default());
    let mut changes = Vec::new();
    for chunk in page.chunks(100) {
        let mut status = parser.feed(chunk).unwrap();
        while let ByteParserStatus::EncodingChanged(sniffed) = status {
            changes.push(sniffed);
            status = parser.resume();
        }
    }
    let mut status = parser.end().unwrap();
    loop {
        match status {
            ByteParserStatus::EncodingChanged(sniffed) => {
                changes.push(sniffed);
                status = parser.resume();
            }
            ByteParserStatus::Done => break,
            other => panic!("unexpected {other:?} after the end"),
        }
    }
    let expected =
        Sniffed { encoding: encoding("utf-8"), confidence: Confidence::Certain, source: EncodingSource::MetaInHead };
    assert_eq!(changes, [expected]);
    assert_eq!(parser.encoding(), Some(expected));
}

#[test]
fn a_late_meta_that_agrees_makes_the_confidence_certain() {
    let mut page = format!("<!--{}-->", "-".repeat(2000)).into_bytes();
    page.extend_from_slice(b"<meta charset=windows-1252><p>caf\xE9");
    let (tree, sniffed) = parse_three_ways(&page, ByteParseOptions::default());
    let expected = Sniffed {
        encoding: encoding("windows-1252"),
        confidence: Confidence::Certain,
        source: EncodingSource::Default,
    };
    assert_eq!(sniffed, expected);
    assert!(tree.contains("\"caf\u{e9}\""));
}

#[test]
fn certain_encodings_ignore_the_meta() {
    let page = page_with_late_meta(&format!("<!--{}-->", "-".repeat(3000)));
    let options = ByteParseOptions { transport_charset: Some("windows-1252"), ..Default::default() };
    let (tree, sniffed) = parse_three_ways(&page, options);
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("windows-1252"), EncodingSource::Transport));
    assert!(tree.contains("\"caf\u{c3}\u{a9}\""), "the transport layer is trusted, even when wrong");

    let options = ByteParseOptions { user_override: Some(encoding("utf-8")), ..Default::default() };
    let (_, sniffed) = parse_three_ways(b"<meta charset=koi8-r>", options);
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("utf-8"), EncodingSource::UserOverride));
}

#[test]
fn fallback_is_tentative() {
    let options = ByteParseOptions { fallback: Some(encoding("utf-8")), ..Default::default() };
    let (tree, sniffed) = parse_three_ways("<p>caf\u{e9}".as_bytes(), options);
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("utf-8"), EncodingSource::Fallback));
    assert_eq!(sniffed.confidence, Confidence::Tentative);
    assert!(tree.contains("\"caf\u{e9}\""));
    // A late meta still wins over the fallback.
    let mut page = format!("<!--{}-->", "-".repeat(2000)).into_bytes();
    page.extend_from_slice(b"<meta charset=iso-8859-2><p>\xB9");
    let (tree, sniffed) = parse_three_ways(&page, options);
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("iso-8859-2"), EncodingSource::MetaInHead));
    assert!(tree.contains("\"\u{161}\""));
}

#[test]
fn windows_1252_fixture() {
    let (tree, sniffed) = parse_three_ways(&fixture("windows-1252.html"), ByteParseOptions::default());
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("windows-1252"), EncodingSource::MetaPrescan));
    // The prescan's meta is met again in head and agrees.
    assert_eq!(sniffed.confidence, Confidence::Certain);
    assert!(tree.contains('\u{20AC}') && tree.contains('\u{201C}'), "{tree}");
}

#[test]
fn shift_jis_fixture() {
    let (tree, sniffed) = parse_three_ways(&fixture("shift_jis.html"), ByteParseOptions::default());
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("shift_jis"), EncodingSource::MetaPrescan));
    assert!(!tree.contains('\u{FFFD}'), "{tree}");
}

#[test]
fn utf16_fixture() {
    let (tree, sniffed) = parse_three_ways(&fixture("utf-16le-bom.html"), ByteParseOptions::default());
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("utf-16le"), EncodingSource::Bom));
    assert_eq!(sniffed.confidence, Confidence::Certain);
    assert!(tree.contains("<html>") && !tree.contains('\u{FFFD}'), "{tree}");
}

#[test]
fn meta_after_2kb_comment_fixture() {
    let (tree, sniffed) = parse_three_ways(&fixture("meta-after-2kb-comment.html"), ByteParseOptions::default());
    assert_eq!((sniffed.encoding, sniffed.source), (encoding("iso-8859-2"), EncodingSource::MetaInHead));
    assert!(tree.contains("P\u{159}\u{ed}li\u{161} \u{17e}lu\u{165}ou\u{10d}k\u{fd} k\u{16f}\u{148}"), "{tree}");
}

#[test]
fn scripts_pause_the_byte_parser() {
    let options = ByteParseOptions {
        parse: htmlforge::ParseOptions { scripting: true, ..Default::default() },
        ..Default::default()
    };
    let mut parser = ByteParser::new(options);
    // The prescan decides at once (transport-free, meta complete), so the
    // script end tag is parsed during this feed.
    let status = parser.feed(b"<meta charset=utf-8><script>1</script><p>a").unwrap();
    let ByteParserStatus::PausedForScript(script) = status else { panic!("{status:?}") };
    assert_eq!(parser.sink().text_content(script), "1");
    parser.insert_at_insertion_point("<i>w</i>").unwrap();
    assert_eq!(parser.resume(), ByteParserStatus::NeedsInput);
    let ParsedBytes { document, encoding: used, .. } = parser.finish();
    assert_eq!(used.encoding, encoding("utf-8"));
    let tree = dump_html5lib(&document);
    assert!(tree.contains("<i>") && tree.contains("\"a\""), "{tree}");
}

#[test]
fn empty_input() {
    let parsed: ParsedBytes = parse_bytes(b"", ByteParseOptions::default());
    assert_eq!(parsed.encoding.source, EncodingSource::Default);
    assert_eq!(dump_html5lib(&parsed.document), "| <html>\n|   <head>\n|   <body>\n");
    let parser = ByteParser::new(ByteParseOptions::default());
    assert_eq!(parser.encoding(), None);
    assert_eq!(parser.finish().encoding.source, EncodingSource::Default);
}

/// Feeds `chunks` to a `ByteParser`, resuming after each change of
/// encoding; returns how many changes were reported, the parser's restart
/// count and the result.
fn feed_chunks(chunks: &[&[u8]]) -> (usize, u32, ParsedBytes) {
    let mut parser = ByteParser::new(ByteParseOptions::default());
    let mut changes = 0;
    for chunk in chunks {
        let mut status = parser.feed(chunk).unwrap();
        while let ByteParserStatus::EncodingChanged(_) = status {
            changes += 1;
            status = parser.resume();
        }
    }
    let restarts = parser.restarts();
    (changes, restarts, parser.finish())
}

#[test]
fn ascii_before_the_meta_switches_the_decoder_on_the_fly() {
    let page = page_with_late_meta(&format!("<!--{}-->", "-".repeat(3000)));
    let split = page.windows(5).position(|w| w == b"<titl").unwrap();
    assert!(page[..split].is_ascii() && !page[split..].is_ascii());
    let (changes, restarts, parsed) = feed_chunks(&[&page[..split], &page[split..]]);
    assert_eq!((changes, restarts), (1, 0), "switched, not restarted");
    assert_eq!((parsed.encoding.encoding, parsed.encoding.source), (encoding("utf-8"), EncodingSource::MetaInHead));
    // The one-shot parse has decoded non-ASCII bytes by the time it meets
    // the meta, so it restarts; the trees agree.
    let whole = parse_bytes(&page, ByteParseOptions::default());
    assert_eq!(dump_html5lib(&parsed.document), dump_html5lib(&whole.document));
    assert!(dump_html5lib(&parsed.document).contains("\"caf\u{e9}\""));
}

#[test]
fn non_ascii_before_the_meta_restarts() {
    let mut page = format!("<!--{}-->", "-".repeat(2000)).into_bytes();
    page.extend_from_slice(b"<p>\xE9t\xE9<meta charset=iso-8859-2>\xB9");
    let (changes, restarts, parsed) = feed_chunks(&[&page]);
    assert_eq!((changes, restarts), (1, 1));
    let tree = dump_html5lib(&parsed.document);
    assert!(tree.contains("\"\u{e9}t\u{e9}\"") && tree.contains("\"\u{161}\""), "{tree}");
    // Fed in two, the end of the input arriving while the change waits.
    let mut parser = ByteParser::new(ByteParseOptions::default());
    let status = parser.feed(&page).unwrap();
    assert!(matches!(status, ByteParserStatus::EncodingChanged(_)));
    assert!(matches!(parser.end().unwrap(), ByteParserStatus::EncodingChanged(_)));
    assert_eq!(parser.resume(), ByteParserStatus::Done);
    assert_eq!(dump_html5lib(&parser.finish().document), tree);
}

/// A fuzz find: input fed (or ended) while the parser is paused for a
/// script used to report "needs input", so `finish` never resumed and the
/// late `<meta>` behind the script was never seen.
#[test]
fn input_while_paused_for_a_script_keeps_the_pause() {
    let mut bytes = b"<head>\xe9<script>x</script><!--".to_vec();
    bytes.extend(std::iter::repeat_n(b'-', PRESCAN_LENGTH));
    bytes.extend_from_slice(b"--><meta charset=shift_jis><p>\x82\xa0");
    let options = ByteParseOptions {
        parse: htmlforge::ParseOptions { scripting: true, ..Default::default() },
        ..ByteParseOptions::default()
    };
    let whole = parse_bytes(&bytes, options);
    assert_eq!(whole.encoding.encoding, encoding("shift_jis"));

    let mut parser = ByteParser::new(options);
    let paused = parser.feed(&bytes).unwrap();
    assert!(matches!(paused, ByteParserStatus::PausedForScript(_)), "{paused:?}");
    assert_eq!(parser.end().unwrap(), paused, "still paused for the same script");
    let chunked = parser.finish();
    assert_eq!(chunked.encoding, whole.encoding);
    assert_eq!(dump_html5lib(&chunked.document), dump_html5lib(&whole.document));
}
