//! The `Limits::UNTRUSTED` memory bound: a parse's peak heap stays under
//! `Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE` times the bytes actually given
//! (from a floor of `Limits::NODE_BUDGET_BLOCK`), whatever the input and
//! however it comes in. The markup is repeated (a knob) so that short fuzz
//! inputs become hostile documents of many blocks: repetition is what the
//! pathological families are made of. Every other input also goes
//! through `Limits::for_input_bytes` of 16 KiB, cut past it.
//!
//! Knobs: [repetitions / 4, flags (bit 0: scripting, bits 1–2: the way
//! in: a string, bytes at once, a `ByteParser` fed in chunks, a reader;
//! bit 3: the 16 KiB limit), chunking seed].
#![no_main]

use htmlforge::{parse_bytes, parse_document_with, parse_reader, ByteParseOptions, ByteParser, Limits, ParseOptions};
use htmlforge_fuzz::{chunk_cuts, pieces, Input};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: htmlforge_alloc_count::Counting = htmlforge_alloc_count::Counting;

/// The limit of the inputs cut past it: a few repetitions of a 4 KB input
/// go past it.
const MAX_INPUT_BYTES: usize = 16 * 1024;

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 3);
    let repetitions = 4 * usize::from(input.knob(0)) + 1;
    let markup = input.markup.repeat(repetitions);
    let flags = input.knob(1);
    let limits = if flags & 8 == 8 { Limits::for_input_bytes(MAX_INPUT_BYTES) } else { Limits::UNTRUSTED };
    let options = ParseOptions::default().scripting(flags & 1 == 1).limits(limits);
    let bytes = ByteParseOptions::default().parse(options);
    // Made before the measure: the string path's text, the chunks.
    let text = String::from_utf8_lossy(&markup);
    let cuts = chunk_cuts(markup.len(), input.knob(2), 4096);
    let chunks = pieces(markup.as_slice(), markup.len(), &cuts);
    let ((), peak) = htmlforge_alloc_count::global::peak_of(|| match (flags >> 1) & 3 {
        0 => drop(parse_document_with(&text, options)),
        1 => drop(parse_bytes(&markup, bytes)),
        2 => {
            let mut parser = ByteParser::new(bytes);
            for chunk in &chunks {
                let _ = parser.feed(chunk);
            }
            drop(parser.finish());
        }
        _ => drop(parse_reader(markup.as_slice(), bytes)),
    });
    let given = if (flags >> 1) & 3 == 0 { text.len() } else { markup.len() };
    let given = given.min(limits.max_input_bytes.unwrap_or(usize::MAX)).max(Limits::NODE_BUDGET_BLOCK);
    let bound = Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * given;
    assert!(peak <= bound, "peak {peak} bytes over the bound of {bound} ({} bytes in)", markup.len());
});
