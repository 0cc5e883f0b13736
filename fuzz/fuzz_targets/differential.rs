//! Differential: the same input parsed by htmlforge and by html5ever 0.40
//! (scripting off) must give the same tree, as a document or as a fragment
//! in a random context, except where html5ever is shown wrong against the
//! spec (`htmlforge_fuzz::html5ever_bugs`, each with its spec rule).
//!
//! Knobs: [mode (0: document, else fragment), context name (2 bytes),
//! context namespace].
#![no_main]

use htmlforge::generated::names::Namespace;
use htmlforge_conformance::html5ever_tree::{html5ever_fragment_tree, html5ever_tree};
use htmlforge_fuzz::{document_tree, fragment_context, fragment_tree, html5ever_bugs, Input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 4);
    let text = input.text();
    let (ours, theirs, context) = if input.knob(0) & 3 == 0 {
        (document_tree([text.as_str()], false), html5ever_tree(&text), None)
    } else {
        let context = fragment_context(u16::from_le_bytes([input.knob(1), input.knob(2)]), input.knob(3));
        let ns = match context.name.ns {
            Namespace::Svg => "svg",
            Namespace::MathMl => "math",
            _ => "html",
        };
        let local = context.name.local.as_str().to_string();
        let theirs = html5ever_fragment_tree(&text, ns, &local);
        (fragment_tree([text.as_str()], &context, false), theirs, Some(format!("{ns} {local}")))
    };
    if ours != theirs && html5ever_bugs::known_bug(&text, context.as_deref(), &theirs).is_none() {
        panic!("htmlforge and html5ever differ (context {context:?})\n--- htmlforge\n{ours}--- html5ever\n{theirs}");
    }
});
