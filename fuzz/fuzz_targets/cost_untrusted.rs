//! PerfFuzz-style search for inputs that take many steps per byte, with
//! `Limits::UNTRUSTED`: see `htmlforge_fuzz::cost`.
#![no_main]

use std::sync::OnceLock;

use htmlforge::select::Selector;
use htmlforge::Limits;
use libfuzzer_sys::fuzz_target;

static SELECTORS: OnceLock<Vec<Selector>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    htmlforge_fuzz::cost::run(data, Limits::UNTRUSTED, SELECTORS.get_or_init(htmlforge_fuzz::cost::selectors));
});
