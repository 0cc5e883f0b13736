//! Sniffing and decoding of the hand-written non-UTF-8 pages in
//! `tests/fixtures/encoding/` (described in its README).

use std::path::Path;

use htmlforge::encoding::{
    bytes_decode_the_same, decode, meta_encoding_change, sniff, Confidence, Encoding, EncodingChange, EncodingSource,
    SniffOptions, Sniffed, Sniffer, StreamingDecoder, PRESCAN_LENGTH,
};
use htmlforge::tokenizer::Attribute;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/encoding").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn encoding(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).expect("known label")
}

/// Sniffs `bytes` whole and through a `Sniffer` in 100-byte chunks (the
/// two must agree), then decodes them with a `StreamingDecoder` in 5-byte
/// chunks (which must agree with the one-shot `decode`).
fn sniff_and_decode(bytes: &[u8], options: &SniffOptions<'_>) -> (Sniffed, String) {
    let whole = sniff(bytes, options);
    let mut sniffer = Sniffer::new(options);
    let mut rest = bytes.chunks(100);
    let chunked = loop {
        match rest.next() {
            Some(chunk) => {
                if let Some(sniffed) = sniffer.push(chunk) {
                    break sniffed;
                }
            }
            None => break sniffer.decide_now(),
        }
    };
    assert_eq!(chunked, whole, "the Sniffer disagrees with sniff");

    let mut decoder = StreamingDecoder::new(whole.encoding);
    let mut text = String::new();
    for chunk in sniffer.into_buffered().chunks(5) {
        decoder.feed(chunk, |s| text.push_str(s));
    }
    for chunk in rest {
        for piece in chunk.chunks(5) {
            decoder.feed(piece, |s| text.push_str(s));
        }
    }
    decoder.finish(|s| text.push_str(s));
    assert_eq!(text, decode(bytes, whole.encoding).0, "streaming and one-shot decoding differ");
    (whole, text)
}

#[test]
fn windows_1252_from_http_equiv() {
    let bytes = fixture("windows-1252.html");
    let (sniffed, text) = sniff_and_decode(&bytes, &SniffOptions::default());
    assert_eq!(sniffed.encoding, encoding("windows-1252"));
    assert_eq!(sniffed.confidence, Confidence::Tentative);
    assert_eq!(sniffed.source, EncodingSource::MetaPrescan);
    assert!(text.contains("<title>Caf\u{e9} menu</title>"), "{text}");
    assert!(text.contains("\u{201c}Smart quotes\u{201d} \u{2013} na\u{ef}ve"), "{text}");
    assert!(text.contains("\u{20ac}4.50\u{2122}"), "{text}");
    assert!(!text.contains('\u{FFFD}'));
}

#[test]
fn transport_charset_overrides_the_meta() {
    let bytes = fixture("windows-1252.html");
    let options = SniffOptions::from_content_type("text/html; charset=ISO-8859-7");
    let (sniffed, text) = sniff_and_decode(&bytes, &options);
    assert_eq!(sniffed.encoding, encoding("iso-8859-7"));
    assert_eq!((sniffed.confidence, sniffed.source), (Confidence::Certain, EncodingSource::Transport));
    // In ISO-8859-7, 0x93 is the C1 control U+0093: the page really is
    // read in the transport's encoding, wrongly.
    assert!(text.contains('\u{93}') && !text.contains('\u{201c}'), "{text:?}");
}

#[test]
fn shift_jis_from_meta_charset() {
    let bytes = fixture("shift_jis.html");
    let (sniffed, text) = sniff_and_decode(&bytes, &SniffOptions::default());
    assert_eq!(sniffed.encoding, encoding("shift_jis"));
    assert_eq!((sniffed.confidence, sniffed.source), (Confidence::Tentative, EncodingSource::MetaPrescan));
    assert!(text.contains("<title>\u{65e5}\u{672c}\u{8a9e}\u{306e}\u{30da}\u{30fc}\u{30b8}</title>"), "{text}");
    // Half-width katakana (single bytes 0xA1–0xDF in Shift_JIS).
    assert!(text.contains("\u{ff8a}\u{ff9d}\u{ff76}\u{ff78}"), "{text}");
    assert!(!text.contains('\u{FFFD}'));
}

#[test]
fn utf16le_bom_wins_over_meta() {
    let bytes = fixture("utf-16le-bom.html");
    let (sniffed, text) = sniff_and_decode(&bytes, &SniffOptions::default());
    assert_eq!(sniffed.encoding, encoding("utf-16le"));
    assert_eq!((sniffed.confidence, sniffed.source), (Confidence::Certain, EncodingSource::Bom));
    // The BOM is removed; the text is intact, astral character included.
    assert!(text.starts_with("<!DOCTYPE html>"), "{text:?}");
    assert!(text.contains("\u{393}\u{3b5}\u{3b9}\u{3ac} \u{3c3}\u{3bf}\u{3c5} \u{1F30D}"), "{text}");
    // Even with a transport charset, the BOM decides.
    let options = SniffOptions::default().transport_charset(Some("utf-8"));
    assert_eq!(sniff(&bytes, &options).source, EncodingSource::Bom);
    // A meta in head cannot change a UTF-16 stream: it only makes the
    // confidence certain.
    let meta = [Attribute::new("charset", "windows-1252")];
    assert_eq!(meta_encoding_change(&meta, sniffed.encoding, Confidence::Tentative), EncodingChange::MakeCertain);
}

#[test]
fn meta_after_the_prescan_window_needs_the_change_of_encoding() {
    let bytes = fixture("meta-after-2kb-comment.html");
    let meta_at = bytes.windows(5).position(|w| w == b"<meta").expect("the fixture has a meta");
    assert!(meta_at > 2 * PRESCAN_LENGTH, "the meta is past 2 KB");

    // The prescan sees only the comment: the default, tentative.
    let (sniffed, first_pass) = sniff_and_decode(&bytes, &SniffOptions::default());
    assert_eq!(sniffed.encoding, encoding("windows-1252"));
    assert_eq!((sniffed.confidence, sniffed.source), (Confidence::Tentative, EncodingSource::Default));
    assert!(!first_pass.contains("P\u{159}\u{ed}li\u{161}"), "windows-1252 cannot show the Czech title");

    // The tree builder inserts the meta (its attributes as in the file)
    // while the confidence is tentative: restart with ISO-8859-2.
    let meta = [Attribute::new("charset", "iso-8859-2")];
    let change = meta_encoding_change(&meta, sniffed.encoding, sniffed.confidence);
    assert_eq!(change, EncodingChange::Restart(encoding("iso-8859-2")));
    let restart = change.restart_with().expect("a restart");
    assert_eq!((restart.confidence, restart.source), (Confidence::Certain, EncodingSource::MetaInHead));

    // Everything before the meta is ASCII, so the decoder could also have
    // been switched on the fly.
    assert!(bytes_decode_the_same(&bytes[..meta_at], sniffed.encoding, restart.encoding));
    assert!(!bytes_decode_the_same(&bytes, sniffed.encoding, restart.encoding));

    let (second_pass, _) = decode(&bytes, restart.encoding);
    assert!(
        second_pass.contains("<title>P\u{159}\u{ed}li\u{161} \u{17e}lu\u{165}ou\u{10d}k\u{fd} k\u{16f}\u{148}</title>"),
        "{second_pass}"
    );
    // The second pass finds the same meta again, now with the confidence
    // certain: nothing more to do.
    assert_eq!(meta_encoding_change(&meta, restart.encoding, restart.confidence), EncodingChange::Nothing);
}
