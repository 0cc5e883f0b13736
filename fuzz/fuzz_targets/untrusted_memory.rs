//! The `Limits::UNTRUSTED` memory bound: with `Limits::for_input_bytes(n)`,
//! a parse's peak heap stays under `Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE`
//! times n, whatever the input. The markup is repeated (a knob) so that
//! short fuzz inputs become hostile documents past the limit: repetition
//! is what the pathological families are made of.
//!
//! Knobs: [repetitions / 4, flags (bit 0: scripting, bit 1: the byte path)].
#![no_main]

use htmlforge::{parse_bytes, parse_document_with, ByteParseOptions, Limits, ParseOptions};
use htmlforge_fuzz::Input;
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: htmlforge_alloc_count::Counting = htmlforge_alloc_count::Counting;

/// Small, so that a few repetitions of a 4 KB input go past it.
const MAX_INPUT_BYTES: usize = 16 * 1024;

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 2);
    let repetitions = 4 * usize::from(input.knob(0)) + 1;
    let markup = input.markup.repeat(repetitions);
    let options =
        ParseOptions::default().scripting(input.knob(1) & 1 == 1).limits(Limits::for_input_bytes(MAX_INPUT_BYTES));
    let ((), peak) = htmlforge_alloc_count::global::peak_of(|| {
        if input.knob(1) & 2 == 2 {
            drop(parse_bytes(&markup, ByteParseOptions::default().parse(options)));
        } else {
            drop(parse_document_with(&String::from_utf8_lossy(&markup), options));
        }
    });
    let bound = Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * MAX_INPUT_BYTES;
    assert!(peak <= bound, "peak {peak} bytes over the bound of {bound} ({} bytes in)", markup.len());
});
