//! The streaming decoder and the chunked sniffer against their one-shot
//! forms: random byte strings, cut into random chunks, must decode to
//! exactly what `decode` (encoding_rs's one-shot decode) gives, in every
//! supported kind of encoding; all short byte strings over the bytes that
//! matter to UTF-8 and BOMs are tried with every chunking; and random
//! markup made of the prescan's own pieces must sniff the same whole and
//! in chunks, without a panic.

use htmlforge::encoding::{
    decode, sniff, ByteStreamDecoder, Confidence, Encoding, EncodingSource, SniffOptions, Sniffed, Sniffer,
    StreamingDecoder,
};

use htmlforge_conformance::rng::Rng;

/// One encoding of each decoder family encoding_rs has, plus the
/// replacement encoding (reached through the `iso-2022-kr` label).
fn encodings() -> Vec<&'static Encoding> {
    [
        "utf-8",
        "windows-1252",
        "iso-8859-2",
        "koi8-r",
        "x-user-defined",
        "shift_jis",
        "euc-jp",
        "iso-2022-jp",
        "gb18030",
        "gbk",
        "big5",
        "euc-kr",
        "utf-16le",
        "utf-16be",
        "iso-2022-kr",
    ]
    .iter()
    .map(|label| Encoding::for_label(label.as_bytes()).expect("known label"))
    .collect()
}

/// Bytes that exercise decoders: ASCII, UTF-8 lead and continuation bytes
/// at the edges of their ranges, BOM bytes, escape and lead bytes of the
/// CJK encodings, UTF-16 surrogate halves.
const INTERESTING: &[u8] = &[
    0x00, 0x1B, 0x24, 0x28, 0x3C, 0x41, 0x42, 0x4A, 0x7F, 0x80, 0x8E, 0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xBB, 0xBF, 0xC0,
    0xC2, 0xD8, 0xDC, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
];

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(64);
    let mut bytes = Vec::with_capacity(len + 4);
    // A BOM now and then, so that BOM sniffing across chunks is covered.
    match rng.below(8) {
        0 => bytes.extend_from_slice(b"\xEF\xBB\xBF"),
        1 => bytes.extend_from_slice(b"\xFF\xFE"),
        2 => bytes.extend_from_slice(b"\xFE\xFF"),
        3 => bytes.extend_from_slice(b"\xEF\xBB"),
        _ => {}
    }
    while bytes.len() < len {
        match rng.below(4) {
            0 => bytes.push(INTERESTING[rng.below(INTERESTING.len())]),
            1 => bytes.push(rng.next_u64() as u8),
            2 => bytes.push(b'a' + rng.below(26) as u8),
            // A valid UTF-8 character of 1 to 4 bytes.
            _ => {
                let c = char::from_u32(rng.next_u64() as u32 % 0x11_0000).unwrap_or('\u{E9}');
                bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
    }
    bytes
}

/// Cuts `bytes` into random chunks, empty ones included.
fn random_chunks<'a>(rng: &mut Rng, bytes: &'a [u8]) -> Vec<&'a [u8]> {
    let mut chunks = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let size = match rng.below(4) {
            0 => 0,
            1 => 1,
            _ => rng.below(rest.len() + 1),
        };
        let (chunk, after) = rest.split_at(size);
        chunks.push(chunk);
        rest = after;
    }
    chunks
}

fn decode_streaming(encoding: &'static Encoding, chunks: &[&[u8]]) -> (String, &'static Encoding) {
    let mut decoder = StreamingDecoder::new(encoding);
    let mut text = String::new();
    for chunk in chunks {
        decoder.feed(chunk, |s| text.push_str(s));
    }
    let used = decoder.encoding();
    decoder.finish(|s| text.push_str(s));
    (text, used)
}

fn check(encoding: &'static Encoding, bytes: &[u8], chunks: &[&[u8]]) {
    let (expected, expected_encoding) = decode(bytes, encoding);
    let (actual, used) = decode_streaming(encoding, chunks);
    assert_eq!(
        actual,
        expected,
        "{} decoding {bytes:02X?} in chunks {:?}",
        encoding.name(),
        chunks.iter().map(|c| c.len()).collect::<Vec<_>>()
    );
    // Once the stream has more than two bytes the BOM has been sniffed.
    if bytes.len() >= 3 {
        assert_eq!(used, expected_encoding, "encoding after the BOM of {bytes:02X?}");
    }
}

#[test]
fn random_chunkings_decode_as_one_shot() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let encodings = encodings();
    for _ in 0..3000 {
        let bytes = random_bytes(&mut rng);
        for &encoding in &encodings {
            let chunks = random_chunks(&mut rng, &bytes);
            check(encoding, &bytes, &chunks);
        }
    }
}

/// Every byte string of up to three bytes over `INTERESTING`, with every
/// way of cutting it, in UTF-8 (decoded here, not by encoding_rs) and in
/// UTF-16LE (whose BOM is two bytes): once at the start of the stream (BOM
/// sniffing), once after a first chunk `abc` (mid-stream sequences).
#[test]
fn exhaustive_short_strings_every_split() {
    let utf8 = Encoding::for_label(b"utf-8").unwrap();
    let utf16 = Encoding::for_label(b"utf-16le").unwrap();
    let n = INTERESTING.len();
    for len in 0..=3u32 {
        for index in 0..n.pow(len) {
            let tail: Vec<u8> = (0..len).map(|i| INTERESTING[index / n.pow(i) % n]).collect();
            let with_prefix = [&b"abc"[..], &tail].concat();
            // Each bit of `cuts` says whether to cut after that byte.
            for cuts in 0..(1u32 << len.saturating_sub(1)) {
                let mut chunks = Vec::new();
                let mut start = 0;
                for i in 0..len as usize {
                    if i + 1 == len as usize || cuts & (1 << i) != 0 {
                        chunks.push(&tail[start..=i]);
                        start = i + 1;
                    }
                }
                check(utf8, &tail, &chunks);
                check(utf16, &tail, &chunks);
                let prefixed: Vec<&[u8]> = std::iter::once(&with_prefix[..3])
                    .chain(chunks.iter().scan(3, |at, chunk| {
                        let piece = &with_prefix[*at..*at + chunk.len()];
                        *at += chunk.len();
                        Some(piece)
                    }))
                    .collect();
                check(utf8, &with_prefix, &prefixed);
                check(utf16, &with_prefix, &prefixed);
            }
        }
    }
}

/// Long valid UTF-8 (the corpus case): the text comes out whole, and
/// valid runs are handed out without a copy.
#[test]
fn valid_utf8_is_passed_through() {
    let text = "<p>caf\u{e9} \u{65e5}\u{672c} \u{1F600}</p>\n".repeat(500);
    let bytes = text.as_bytes();
    let utf8 = Encoding::for_label(b"utf-8").unwrap();
    let mut rng = Rng(7);
    let chunks = random_chunks(&mut rng, bytes);
    assert_eq!(decode_streaming(utf8, &chunks).0, text);

    // One chunk: one piece, pointing into the input.
    let mut decoder = StreamingDecoder::new(utf8);
    let mut pieces = Vec::new();
    decoder.feed(bytes, |s| pieces.push((s.as_ptr(), s.len())));
    decoder.finish(|s| pieces.push((s.as_ptr(), s.len())));
    assert_eq!(pieces, vec![(bytes.as_ptr(), bytes.len())]);
}

/// The Sniffer then the StreamingDecoder, fed random chunks, agree with
/// `sniff` and `decode` on the whole input.
#[test]
fn sniffer_and_decoder_pipeline_matches_one_shot() {
    let mut rng = Rng(42);
    let prefixes: [&[u8]; 5] = [
        b"",
        b"<meta charset=shift_jis>",
        b"<!-- x --><meta http-equiv=content-type content='text/html; charset=euc-jp'>",
        b"<?xml version='1.0' encoding='utf-16'?>",
        b"\xEF\xBB\xBF<meta charset=koi8-r>",
    ];
    for _ in 0..500 {
        let mut bytes = prefixes[rng.below(prefixes.len())].to_vec();
        bytes.extend(random_bytes(&mut rng));
        let options = SniffOptions::default();
        let expected_sniff = sniff(&bytes, &options);
        let (expected_text, _) = decode(&bytes, expected_sniff.encoding);

        let mut sniffer = Sniffer::new(&options);
        let mut chunks = random_chunks(&mut rng, &bytes).into_iter();
        let sniffed = loop {
            match chunks.next() {
                Some(chunk) => {
                    if let Some(sniffed) = sniffer.push(chunk) {
                        break sniffed;
                    }
                }
                None => break sniffer.decide_now(),
            }
        };
        assert_eq!(sniffed, expected_sniff, "{bytes:02X?}");
        let mut decoder = StreamingDecoder::new(sniffed.encoding);
        let mut text = String::new();
        decoder.feed(&sniffer.into_buffered(), |s| text.push_str(s));
        for chunk in chunks {
            decoder.feed(chunk, |s| text.push_str(s));
        }
        decoder.finish(|s| text.push_str(s));
        assert_eq!(text, expected_text, "{bytes:02X?}");
    }
}

/// A decoder is ready for a new stream after `finish`.
#[test]
fn finish_resets_the_decoder() {
    let utf8 = Encoding::for_label(b"utf-8").unwrap();
    let mut decoder = StreamingDecoder::new(utf8);
    let mut text = String::new();
    decoder.feed(b"\xFF\xFEa\x00\xE2", |s| text.push_str(s));
    decoder.finish(|s| text.push_str(s));
    decoder.feed(b"\xEF\xBB\xBFb\xE2\x82", |s| text.push_str(s));
    decoder.finish(|s| text.push_str(s));
    assert_eq!(text, "a\u{FFFD}b\u{FFFD}");
}

/// A reader that hands out its bytes in the sizes it is given, with an
/// interruption now and then.
struct ChoppyReader<'a> {
    chunks: std::vec::IntoIter<&'a [u8]>,
    interrupt: bool,
}

impl std::io::Read for ChoppyReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        // Empty chunks would read as the end: skip them.
        for chunk in self.chunks.by_ref() {
            if !chunk.is_empty() {
                assert!(chunk.len() <= out.len(), "chunks are smaller than the read buffer");
                out[..chunk.len()].copy_from_slice(chunk);
                return Ok(chunk.len());
            }
        }
        Ok(0)
    }
}

/// `ByteStreamDecoder`, fed random chunks or reading a choppy reader,
/// gives what `sniff` then `decode` give on the whole input.
#[test]
fn byte_stream_decoder_matches_one_shot() {
    let mut rng = Rng(2024);
    let prefixes: [&[u8]; 4] =
        [b"", b"<meta charset=big5>", b"\xFE\xFF\x00<", b"<?xml version='1.0' encoding='iso-2022-jp'?>"];
    for _ in 0..500 {
        let mut bytes = prefixes[rng.below(prefixes.len())].to_vec();
        // Long enough, now and then, to pass the prescan window.
        let pieces = if rng.below(4) == 0 { 40 } else { 1 };
        for _ in 0..pieces {
            bytes.extend(random_bytes(&mut rng));
        }
        let options = SniffOptions::default();
        let expected_sniff = sniff(&bytes, &options);
        let (expected_text, _) = decode(&bytes, expected_sniff.encoding);

        let mut stream = ByteStreamDecoder::new(&options);
        let mut text = String::new();
        for chunk in random_chunks(&mut rng, &bytes) {
            stream.feed(chunk, |s| text.push_str(s));
        }
        assert_eq!(stream.finish(|s| text.push_str(s)), expected_sniff);
        assert_eq!(text, expected_text, "{bytes:02X?}");

        let reader = ChoppyReader { chunks: random_chunks(&mut rng, &bytes).into_iter(), interrupt: false };
        let mut read_text = String::new();
        let sniffed = ByteStreamDecoder::decode_reader(reader, &options, |s| read_text.push_str(s)).unwrap();
        assert_eq!(sniffed, expected_sniff);
        assert_eq!(read_text, expected_text, "{bytes:02X?}");
    }
}

/// A restart skips sniffing: the known encoding is used even where the
/// prescan would have found another.
#[test]
fn byte_stream_decoder_with_known_encoding() {
    let known = Sniffed {
        encoding: Encoding::for_label(b"iso-8859-2").unwrap(),
        confidence: Confidence::Certain,
        source: EncodingSource::MetaInHead,
    };
    let mut stream = ByteStreamDecoder::with_known_encoding(known);
    assert_eq!(stream.sniffed(), Some(known));
    let mut text = String::new();
    stream.feed(b"<meta charset=koi8-r>\xB9", |s| text.push_str(s));
    assert_eq!(stream.finish(|s| text.push_str(s)), known);
    assert_eq!(text, "<meta charset=koi8-r>\u{161}");
}

/// Nothing comes out while the encoding is being sniffed; `decide_now`
/// (the caller's timeout) releases the buffered bytes.
#[test]
fn byte_stream_decoder_waits_then_decides_now() {
    let mut stream = ByteStreamDecoder::new(&SniffOptions::default());
    let mut text = String::new();
    stream.feed(b"<p>caf\xE9", |s| text.push_str(s));
    assert_eq!((text.as_str(), stream.sniffed(), stream.encoding()), ("", None, None));
    let sniffed = stream.decide_now(|s| text.push_str(s));
    assert_eq!(sniffed.source, EncodingSource::Default);
    assert_eq!(text, "<p>caf\u{e9}");
    stream.feed(b"!", |s| text.push_str(s));
    stream.finish(|s| text.push_str(s));
    assert_eq!(text, "<p>caf\u{e9}!");
}

/// Pieces the prescan reacts to, to build random near-declarations from.
const MARKUP: &[&[u8]] = &[
    b"<meta",
    b"<META",
    b" ",
    b"\t",
    b"\n",
    b"/",
    b"charset",
    b"=",
    b"'",
    b"\"",
    b">",
    b"<",
    b"<!--",
    b"-->",
    b"--",
    b"<!",
    b"</",
    b"<?",
    b"<p",
    b"</p",
    b"http-equiv",
    b"content-type",
    b"Content-Type",
    b"content",
    b"text/html;",
    b"charset=",
    b"euc-jp",
    b"utf-16",
    b"utf-16be",
    b"x-user-defined",
    b"koi8-r",
    b"bogus",
    b"<?xml",
    b"encoding",
    b"\x00",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"<\x00?\x00x\x00",
    b"\x00<\x00?\x00x",
    b"a",
    b"\xE9",
];

/// Declarations the prescan finds, as `{}` templates for a label.
const DECLARATIONS: &[&str] = &[
    "<meta charset={}>",
    "<META CHARSET='{}'>",
    "<meta http-equiv=content-type content=\"text/html; charset={}\">",
    "<meta content='charset={}' http-equiv=\"Content-Type\"/>",
    "<?xml version=\"1.0\" encoding=\"{}\"?>",
    "<!-- <meta charset={}> -->",
    "<p title=\"<meta charset={}>\">",
];

const LABELS: &[&str] = &["euc-jp", "koi8-r", "utf-16", "x-user-defined", "bogus", " Shift_JIS "];

/// Random markup: prescan pieces and whole declarations, then perhaps a
/// few random edits (a byte deleted, a piece inserted) that may break a
/// declaration in any place.
fn random_markup(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = Vec::new();
    let items = if rng.below(8) == 0 { 200 } else { rng.below(12) };
    for _ in 0..items {
        if rng.below(3) == 0 {
            let template = DECLARATIONS[rng.below(DECLARATIONS.len())];
            let label = LABELS[rng.below(LABELS.len())];
            bytes.extend_from_slice(template.replace("{}", label).as_bytes());
        } else {
            bytes.extend_from_slice(MARKUP[rng.below(MARKUP.len())]);
        }
    }
    for _ in 0..rng.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        if rng.below(2) == 0 {
            bytes.remove(at);
        } else {
            let piece = MARKUP[rng.below(MARKUP.len())];
            bytes.splice(at..at, piece.iter().copied());
        }
    }
    bytes
}

/// The sniffer's early decisions are never early: whatever the chunking,
/// it decides what `sniff` decides on the whole input.
#[test]
fn random_markup_sniffs_the_same_in_chunks() {
    let mut rng = Rng(0xC0FF_EE00);
    let transport = SniffOptions::default().transport_charset(Some("euc-kr"));
    for round in 0..3000 {
        let bytes = random_markup(&mut rng);
        let options = if round % 5 == 0 { transport } else { SniffOptions::default() };
        let expected = sniff(&bytes, &options);

        let mut sniffer = Sniffer::new(&options);
        let mut decided = None;
        for chunk in random_chunks(&mut rng, &bytes) {
            if let Some(sniffed) = sniffer.push(chunk) {
                decided = Some(sniffed);
                break;
            }
        }
        let chunked = decided.unwrap_or_else(|| sniffer.decide_now());
        assert_eq!(chunked, expected, "{:?}", String::from_utf8_lossy(&bytes));
    }
}
