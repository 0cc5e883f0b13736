//! Parse → serialize → parse: a document parsed, serialized (every tag
//! written, see `htmlforge_conformance::dom_html`) and parsed again must
//! give the same tree, unless the first tree holds one of the constructs
//! the spec says do not round-trip (`htmlforge_fuzz::roundtrip_exceptions`,
//! each with its spec rule).
//!
//! Knobs: [flags (bit 0: scripting)].
#![no_main]

use htmlforge::dom::dump_html5lib;
use htmlforge::{parse_document_with, ParseOptions};
use htmlforge_conformance::dom_html::serialize_children;
use htmlforge_fuzz::roundtrip_exceptions::exception;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = htmlforge_fuzz::Input::split(data, 1);
    let options = ParseOptions::default().scripting(input.knob(0) & 1 == 1);
    let first = parse_document_with(&input.text(), options);
    let html = serialize_children(&first, first.document(), options.scripting);
    let second = parse_document_with(&html, options);
    let (before, after) = (dump_html5lib(&first), dump_html5lib(&second));
    if before != after {
        if let Some(_rule) = exception(&first) {
            return;
        }
        panic!("not the same tree after a round trip through\n{html}\n--- first\n{before}--- second\n{after}");
    }
});
