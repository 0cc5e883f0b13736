//! With `Limits::UNTRUSTED`, a parse's peak heap stays under
//! `Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE` times the bytes actually given
//! (from a floor of `Limits::NODE_BUDGET_BLOCK`): checked here on every
//! pathological family at two sizes, through the four ways in (a string
//! at once, bytes at once, bytes fed in chunks, a reader), and with
//! `Limits::for_input_bytes` on inputs four times past its limit. The
//! sizes are small so that it runs in debug builds too.

#[path = "../src/families.rs"]
#[allow(dead_code)] // the bench's own fields (sizes, expectations)
mod families;

use htmlforge::{parse_bytes, parse_document_with, parse_reader, ByteParseOptions, ByteParser, Limits, ParseOptions};

// Per thread: the tests run side by side.
#[global_allocator]
static ALLOCATOR: htmlforge_alloc_count::PerThread = htmlforge_alloc_count::PerThread;

/// The peak heap of `parse` above what was live before, in bytes.
fn peak_of(parse: impl FnOnce()) -> usize {
    htmlforge_alloc_count::thread::peak_of(parse).1
}

/// The peak of each way in for `input` with `limits`, by name.
fn peaks(input: &str, limits: Limits) -> [(&'static str, usize); 4] {
    let options = ParseOptions::default().limits(limits);
    let mut peaks = byte_peaks(input.as_bytes(), limits);
    peaks[0] = ("parse_document", peak_of(|| drop(parse_document_with(input, options))));
    peaks
}

/// The peak of each way in for bytes (the first one `parse_bytes` twice).
fn byte_peaks(input: &[u8], limits: Limits) -> [(&'static str, usize); 4] {
    let bytes = ByteParseOptions::default().parse(ParseOptions::default().limits(limits));
    let whole = peak_of(|| drop(parse_bytes(input, bytes)));
    [
        ("parse_bytes", whole),
        ("parse_bytes", whole),
        (
            "ByteParser",
            peak_of(|| {
                let mut parser = ByteParser::new(bytes);
                // An odd chunk size, so that chunks and blocks do not line up.
                for chunk in input.chunks(3001) {
                    if parser.feed(chunk).is_err() {
                        break;
                    }
                }
                drop(parser.finish());
            }),
        ),
        ("parse_reader", peak_of(|| drop(parse_reader(input, bytes).expect("a slice reads")))),
    ]
}

/// Checks `peak` against the bound for `given` bytes; returns the bytes
/// per input byte.
fn check(family: &str, size: usize, path: &str, peak: usize, given: usize) -> usize {
    let given = given.max(Limits::NODE_BUDGET_BLOCK);
    let per_byte = peak / given;
    assert!(
        peak <= Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * given,
        "{family} at {size} ({path}): peak {peak} bytes for {given} bytes given, over {} per byte",
        Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE
    );
    per_byte
}

#[test]
fn every_family_stays_under_the_bound_of_the_bytes_given() {
    let mut worst = (0, "", "");
    for family in families::FAMILIES {
        for size in [16 * 1024, 96 * 1024] {
            let input = (family.make)(size);
            for (path, peak) in peaks(&input, Limits::UNTRUSTED) {
                let per_byte = check(family.name, size, path, peak, input.len());
                if std::env::var_os("UNTRUSTED_BOUND_VERBOSE").is_some() {
                    println!("{} {size} {path}: {per_byte}", family.name);
                }
                worst = worst.max((per_byte, family.name, path));
            }
        }
    }
    println!("worst peak: {} bytes per input byte ({}, {})", worst.0, worst.1, worst.2);
}

/// Text in a legacy encoding decodes to more bytes than it takes (three
/// for a euro sign in windows-1252), and the budget counts the decoded
/// text: the reconstruction family, its paragraphs' text made of euro
/// signs, still stays under the bound of the bytes given.
#[test]
fn text_that_decodes_to_more_bytes_stays_under_the_bound() {
    for size in [16 * 1024, 96 * 1024] {
        let mut input = b"<meta charset=windows-1252><p>".to_vec();
        let k = size / 40;
        for i in 0..k {
            input.extend_from_slice(format!("<b x={i}>").as_bytes());
        }
        input.extend_from_slice(b"</p>");
        let paragraph = [b"<p>".as_slice(), &[0x80; 24], b"</p>"].concat();
        input.extend_from_slice(&paragraph.repeat(k));
        let mut worst = 0;
        for (path, peak) in byte_peaks(&input, Limits::UNTRUSTED) {
            worst = worst.max(check("windows-1252 reconstruction", size, path, peak, input.len()));
        }
        println!("windows-1252 reconstruction at {} bytes: {worst} bytes per input byte", input.len());
    }
}

#[test]
fn input_past_the_limit_counts_as_the_limit() {
    const MAX_INPUT_BYTES: usize = 32 * 1024;
    for family in families::FAMILIES {
        let input = (family.make)(4 * MAX_INPUT_BYTES);
        for (path, peak) in peaks(&input, Limits::for_input_bytes(MAX_INPUT_BYTES)) {
            check(family.name, input.len(), path, peak, MAX_INPUT_BYTES.min(input.len()));
        }
    }
}
