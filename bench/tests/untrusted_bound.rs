//! With `Limits::for_input_bytes(n)` (`Limits::UNTRUSTED` is n = 256 MiB),
//! a parse's peak heap stays under `Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE`
//! times n for every input: checked here on every pathological family,
//! each below the limit and four times past it, through the string and the
//! byte paths, with a small n so that it runs in debug builds too.

#[path = "../src/families.rs"]
#[allow(dead_code)] // the bench's own fields (sizes, expectations)
mod families;

use htmlforge::{parse_bytes, parse_document_with, ByteParseOptions, Limits, ParseOptions};

#[global_allocator]
static ALLOCATOR: htmlforge_alloc_count::Counting = htmlforge_alloc_count::Counting;

const MAX_INPUT_BYTES: usize = 64 * 1024;

/// The peak heap of `parse` above what was live before, in bytes.
fn peak_of(parse: impl FnOnce()) -> usize {
    htmlforge_alloc_count::global::peak_of(parse).1
}

#[test]
fn every_family_stays_under_the_untrusted_bound() {
    let limits = Limits::for_input_bytes(MAX_INPUT_BYTES);
    let options = ParseOptions::default().limits(limits);
    let bound = Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * MAX_INPUT_BYTES;
    let mut worst = (0, "");
    for family in families::FAMILIES {
        for size in [MAX_INPUT_BYTES / 2, 4 * MAX_INPUT_BYTES] {
            let input = (family.make)(size);
            let text = peak_of(|| drop(parse_document_with(&input, options)));
            let bytes = peak_of(|| drop(parse_bytes(input.as_bytes(), ByteParseOptions::default().parse(options))));
            for (path, peak) in [("string", text), ("bytes", bytes)] {
                assert!(
                    peak <= bound,
                    "{} at {size} bytes ({path}): peak {peak} bytes, over {} per input byte",
                    family.name,
                    Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE
                );
                worst = worst.max((peak, family.name));
            }
        }
    }
    println!("worst peak: {} bytes per input byte ({})", worst.0 / MAX_INPUT_BYTES, worst.1);
}
