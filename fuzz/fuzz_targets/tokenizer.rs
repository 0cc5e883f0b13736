//! The tokenizer alone (no tree builder steering it), started in one of
//! the states the html5lib tokenizer tests start in, with a random "last
//! start tag", fed in random chunks. Must not panic or hang, and must give
//! the same tokens and parse errors (with positions) as the whole string
//! fed at once.
//!
//! Knobs: [initial state, last start tag, chunking seed, maximum chunk size].
#![no_main]

use htmlforge::tokenizer::{tokenize_chunks, Collector, State};
use htmlforge_fuzz::{char_cuts, chunk_cuts, pieces, Input};
use libfuzzer_sys::fuzz_target;

/// The initial states of the html5lib tokenizer tests.
const STATES: [State; 6] =
    [State::Data, State::Plaintext, State::Rcdata, State::Rawtext, State::ScriptData, State::CdataSection];
const LAST_START_TAGS: [Option<&str>; 5] = [None, Some("script"), Some("textarea"), Some("style"), Some("xmp")];

fn tokenize(chunks: &[&str], state: State, last_start_tag: Option<&str>) -> Collector {
    let mut collected = tokenize_chunks(chunks.iter().copied(), state, last_start_tag);
    // Errors at the same position may come in either order: the spec
    // raises input stream errors (a control character) while preprocessing
    // and does not order them against the tokenizer's own errors at that
    // character (`&#0;\x17` in one chunk: control-character first; one
    // byte per chunk: null-character-reference first). Compared by
    // position, then code.
    collected.errors.sort_by_cached_key(|error| (error.line, error.col, format!("{:?}", error.code)));
    collected
}

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 4);
    let state = STATES[usize::from(input.knob(0)) % STATES.len()];
    let last = LAST_START_TAGS[usize::from(input.knob(1)) % LAST_START_TAGS.len()];
    let text = input.text();
    let whole = tokenize(&[&text], state, last);
    let cuts = char_cuts(&text, &chunk_cuts(text.len(), input.knob(2), usize::from(input.knob(3)) + 1));
    let chunked = tokenize(&pieces(text.as_str(), text.len(), &cuts), state, last);
    assert_eq!(whole, chunked, "state {state:?}, chunked at {cuts:?}");
});
