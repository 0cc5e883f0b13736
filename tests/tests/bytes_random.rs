//! Property test of bytes in: random byte strings (random bytes mixed with
//! the pieces the sniffing, the decoders and the change of encoding react
//! to: BOMs, `<meta charset>` with assorted labels, pragmas, long comments
//! and scripts that push a meta past the prescan window, multi-byte
//! sequences, malformed bytes) never make the parser panic, and any
//! chunking gives the tree and the encoding of the one-shot `parse_bytes`.
//!
//! The PRNG is seeded (`HTMLFORGE_SEED` overrides the seed), so a failure
//! reproduces; the failing input is printed.

use htmlforge::dom::dump_html5lib;
use htmlforge::encoding::{Encoding, EncodingSource};
use htmlforge::{parse_bytes, parse_reader, ByteParseOptions, ByteParser, ByteParserStatus, ParseOptions, ParsedBytes};

use htmlforge_conformance::rng::Rng;

const LABELS: &[&str] = &[
    "utf-8",
    "UTF8",
    "windows-1252",
    "latin1",
    "iso-8859-2",
    "koi8-r",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gb18030",
    "big5",
    "euc-kr",
    "utf-16le",
    "utf-16",
    "x-user-defined",
    "iso-2022-kr",
    "bogus",
    "",
];

/// One piece of a random document.
fn piece(rng: &mut Rng, out: &mut Vec<u8>) {
    let label = rng.pick(LABELS);
    match rng.below(16) {
        0 => out.extend_from_slice(format!("<meta charset={label}>").as_bytes()),
        1 => out.extend_from_slice(format!("<meta charset=\"{label}\">").as_bytes()),
        2 => out.extend_from_slice(
            format!("<meta http-equiv=Content-Type content='text/html; charset={label}'>").as_bytes(),
        ),
        3 => {
            // Pushes what follows past the prescan window.
            out.extend_from_slice(b"<!--");
            out.extend(std::iter::repeat_n(b'-', 900 + rng.below(400)));
            out.extend_from_slice(b"-->");
        }
        4 => out.extend_from_slice(b"<script>document.write('x')</script>"),
        5 => {
            let bom: &[u8] = rng.pick(&[&b"\xEF\xBB\xBF"[..], b"\xFF\xFE", b"\xFE\xFF"]);
            out.extend_from_slice(bom);
        }
        6 => out.extend_from_slice(
            rng.pick(&["<head>", "<body>", "<p>", "</head>", "<table>", "<svg>", "<title>"]).as_bytes(),
        ),
        7 => out.extend_from_slice("caf\u{e9} \u{65e5}\u{672c} \u{1F600}".as_bytes()),
        8 => out.extend_from_slice(b"\xC3\xA9\xE2\x82\xAC\x82\xA0\xA4\xA2\x8E"),
        9 => out.extend_from_slice(b"<?xml version='1.0' encoding='euc-jp'?>"),
        10 => out.extend_from_slice(b"<\x00m\x00e\x00t\x00a\x00"),
        11 => out.extend_from_slice(b"<meta "),
        _ => {
            for _ in 0..rng.below(12) {
                out.push(rng.next_u64() as u8);
            }
        }
    }
}

fn document(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = Vec::new();
    for _ in 0..rng.below(14) {
        piece(rng, &mut bytes);
    }
    bytes
}

fn options(rng: &mut Rng) -> ByteParseOptions<'static> {
    let encoding = |rng: &mut Rng| {
        let label = rng.pick(LABELS);
        Encoding::for_label(label.as_bytes())
    };
    ByteParseOptions {
        parse: ParseOptions { scripting: rng.below(4) == 0, ..ParseOptions::default() },
        transport_charset: if rng.below(6) == 0 { Some(rng.pick(LABELS)) } else { None },
        fallback: if rng.below(6) == 0 { encoding(rng) } else { None },
        user_override: if rng.below(12) == 0 { encoding(rng) } else { None },
    }
}

/// Feeds `bytes` in chunks whose sizes `rng` picks (1 to 64 bytes, or
/// empty), resuming after every pause and change of encoding. Returns the
/// result and the parser's restart count.
fn parse_in_random_chunks(bytes: &[u8], options: ByteParseOptions<'_>, rng: &mut Rng) -> (ParsedBytes, u32) {
    let mut parser = ByteParser::new(options);
    let mut rest = bytes;
    while !rest.is_empty() {
        let size = rng.below(65).min(rest.len());
        let (chunk, after) = rest.split_at(size);
        rest = after;
        let mut status = parser.feed(chunk).unwrap();
        while let ByteParserStatus::EncodingChanged(_) | ByteParserStatus::PausedForScript(_) = status {
            status = parser.resume();
        }
    }
    let restarts = parser.restarts();
    (parser.finish(), restarts)
}

#[test]
fn random_bytes_in_random_chunks() {
    let seed = std::env::var("HTMLFORGE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5EED_B17E5);
    let mut rng = Rng(seed);
    // How many cases changed the encoding: the generator must reach that
    // path, and both ways of following it.
    let mut restarts = 0;
    // How many chunked parses changed the encoding without restarting.
    let mut switches = 0;
    for case in 0..4000 {
        let bytes = document(&mut rng);
        let options = options(&mut rng);
        let whole = parse_bytes(&bytes, options);
        let tree = dump_html5lib(&whole.document);
        restarts += usize::from(whole.encoding.source == EncodingSource::MetaInHead);
        let report = |what: &str| format!("case {case} (seed {seed}), {what}; options {options:?}; bytes {bytes:?}");
        for _ in 0..2 {
            let (chunked, chunked_restarts) = parse_in_random_chunks(&bytes, options, &mut rng);
            switches += usize::from(chunked.encoding.source == EncodingSource::MetaInHead && chunked_restarts == 0);
            assert_eq!(chunked.encoding, whole.encoding, "{}", report("encoding differs in chunks"));
            assert_eq!(dump_html5lib(&chunked.document), tree, "{}", report("tree differs in chunks"));
        }
        let read = parse_reader(&bytes[..], options).expect("a slice reads");
        assert_eq!(read.encoding, whole.encoding, "{}", report("parse_reader's encoding differs"));
        assert_eq!(dump_html5lib(&read.document), tree, "{}", report("parse_reader's tree differs"));
    }
    println!("{restarts} of 4000 cases changed the encoding; {switches} of 8000 chunked parses switched decoders");
    assert!(restarts > 100, "only {restarts} cases changed the encoding");
    assert!(switches > 20, "only {switches} chunked parses switched decoders");
}
