//! A string → fragment, with a random context element (any element name
//! the spec's tables know, in HTML, SVG or MathML) and scripting flag, fed
//! in random chunks. Must not panic or hang, and must give the same tree
//! as the whole string fed at once.
//!
//! Knobs: [context name (2 bytes), context namespace, chunking seed,
//! maximum chunk size, flags (bit 0: scripting)].
#![no_main]

use htmlforge::ParseOptions;
use htmlforge_fuzz::{char_cuts, chunk_cuts, fragment_context, fragment_tree, pieces, Input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 6);
    let context = fragment_context(u16::from_le_bytes([input.knob(0), input.knob(1)]), input.knob(2));
    let options = ParseOptions::default().scripting(input.knob(5) & 1 == 1);
    let text = input.text();
    let whole = fragment_tree([text.as_str()], &context, options);
    let cuts = char_cuts(&text, &chunk_cuts(text.len(), input.knob(3), usize::from(input.knob(4)) + 1));
    let chunked = fragment_tree(pieces(text.as_str(), text.len(), &cuts), &context, options);
    assert_eq!(whole, chunked, "context {:?}, chunked at {cuts:?}", context.name);
});
