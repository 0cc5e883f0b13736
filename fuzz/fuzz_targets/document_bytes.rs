//! Bytes → document, in random chunks: the encoding sniffing algorithm and
//! the decoder (`ByteStreamDecoder`) fed the bytes chunk by chunk, each
//! piece of text fed to a streaming `Parser`. Must not panic or hang, and
//! must give the same tree as the whole input decoded and parsed at once.
//!
//! Knobs: [chunking seed, maximum chunk size, flags (bit 0: scripting)].
#![no_main]

use htmlforge::encoding::{ByteStreamDecoder, SniffOptions};
use htmlforge::dom::dump_html5lib;
use htmlforge::{ParseOptions, Parser};
use htmlforge_fuzz::{chunk_cuts, pieces, Input};
use libfuzzer_sys::fuzz_target;

fn parse(chunks: &[&[u8]], scripting: bool) -> String {
    let mut parser = Parser::new(ParseOptions { scripting, ..ParseOptions::default() });
    let mut decoder = ByteStreamDecoder::new(&SniffOptions::default());
    for chunk in chunks {
        decoder.feed(chunk, |text| {
            parser.feed(text);
        });
    }
    decoder.finish(|text| {
        parser.feed(text);
    });
    dump_html5lib(&parser.finish())
}

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 3);
    let scripting = input.knob(2) & 1 == 1;
    let bytes = input.markup;
    let whole = parse(&[bytes], scripting);
    let cuts = chunk_cuts(bytes.len(), input.knob(0), usize::from(input.knob(1)) + 1);
    let chunked = parse(&pieces(bytes, bytes.len(), &cuts), scripting);
    assert_eq!(whole, chunked, "chunked at {cuts:?}");
});
