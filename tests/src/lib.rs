//! Helpers shared by the conformance suites in `tests/`.

pub mod corpus;
pub mod dom_html;
pub mod html5ever_tree;
pub mod html5lib_tokenizer;
pub mod rng;
pub mod sanitizer_properties;
pub mod test_script;
pub mod tree_construction;
pub mod wpt_sanitizer;
