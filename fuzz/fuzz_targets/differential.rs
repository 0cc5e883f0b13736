//! Differential: the same input parsed by htmlforge and by html5ever 0.40
//! (scripting off) must give the same tree, as a document or as a fragment
//! in a random context, except where html5ever is shown wrong against the
//! spec (`htmlforge_fuzz::html5ever_bugs`, each with its spec rule).
//! The comparison: `htmlforge_fuzz::differential`.
#![no_main]

use htmlforge_fuzz::differential::{compare, Comparison};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Comparison::Unexplained { context, ours, theirs } = compare(data) {
        panic!("htmlforge and html5ever differ (context {context:?})\n--- htmlforge\n{ours}--- html5ever\n{theirs}");
    }
});
