//! Bytes → document, in random chunks: a `ByteParser` (the encoding
//! sniffing algorithm, the decoder, the parser, and the change of encoding
//! a late `<meta>` asks for) fed the bytes chunk by chunk. Must not panic
//! or hang, and must give the same tree and encoding as `parse_bytes` on
//! the whole input.
//!
//! Knobs: [chunking seed, maximum chunk size, flags (bit 0: scripting)].
#![no_main]

use htmlforge::dom::dump_html5lib;
use htmlforge::{parse_bytes, ByteParseOptions, ByteParser, ParseOptions};
use htmlforge_fuzz::{chunk_cuts, pieces, Input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 3);
    let options = ByteParseOptions {
        parse: ParseOptions { scripting: input.knob(2) & 1 == 1, ..ParseOptions::default() },
        ..ByteParseOptions::default()
    };
    let bytes = input.markup;
    let whole = parse_bytes(bytes, options);
    let cuts = chunk_cuts(bytes.len(), input.knob(0), usize::from(input.knob(1)) + 1);
    let mut parser = ByteParser::new(options);
    for chunk in pieces(bytes, bytes.len(), &cuts) {
        parser.feed(chunk).unwrap();
    }
    let chunked = parser.finish();
    assert_eq!(whole.encoding.encoding, chunked.encoding.encoding, "chunked at {cuts:?}");
    assert_eq!(dump_html5lib(&whole.document), dump_html5lib(&chunked.document), "chunked at {cuts:?}");
});
