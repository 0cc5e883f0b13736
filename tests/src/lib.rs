//! Helpers shared by the conformance suites in `tests/`.

pub mod html5lib_tokenizer;
pub mod tree_construction;
pub mod test_script;
