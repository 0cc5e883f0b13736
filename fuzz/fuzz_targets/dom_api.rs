//! Random DOM API call sequences on a parsed document: the tree stays
//! acyclic and consistent, refused calls change nothing, and it
//! serializes (see `htmlforge_fuzz::dom_api`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| htmlforge_fuzz::dom_api::run(data));
