//! htmlforge-codegen: reads the tables in `spec-data/` and emits the Rust
//! modules under `parser/src/generated/`.
//!
//! Only `xtask` uses this crate; the runtime crate never depends on it, so
//! users of `htmlforge` pay nothing for code generation. Every table
//! implements [`Table`]: it knows its spec-data files, generates its Rust
//! modules, audits its own data and, when given the spec texts, re-extracts
//! itself from them so that a maintainer can diff the two.

pub mod data;
pub mod element_categories;
pub mod emit;
pub mod foreign_fixups;
pub mod in_body_fallback;
pub mod in_body_rules;
mod name_hash;
pub mod named_char_refs;
pub mod names;
pub mod numeric_char_refs;
pub mod optional_tags;
pub mod parse_errors;
pub mod quirks_doctypes;
pub mod rendering_groups;
pub mod sanitizer_builtins;
#[cfg(test)]
mod scratch;
pub mod serialization;
pub mod spec_prose;
pub mod table;
pub mod tag_groups;
pub mod tokenizer;

pub use data::{DataFile, Row};
pub use emit::GeneratedFile;
pub use table::{Context, SpecRows, Table, TableReport};

/// Every table, in the order `cargo xtask audit` prints them.
pub fn tables() -> Vec<Box<dyn Table>> {
    vec![
        Box::new(parse_errors::ParseErrors),
        Box::new(named_char_refs::NamedCharRefs),
        Box::new(numeric_char_refs::NumericCharRefs),
        Box::new(names::Names),
        Box::new(element_categories::ElementCategories),
        Box::new(foreign_fixups::ForeignFixups),
        Box::new(quirks_doctypes::QuirksDoctypes),
        Box::new(tag_groups::TagGroups),
        Box::new(in_body_rules::InBodyRules),
        Box::new(in_body_fallback::InBodyFallback),
        Box::new(rendering_groups::RenderingGroups),
        Box::new(optional_tags::OptionalTags),
        Box::new(serialization::Serialization),
        Box::new(tokenizer::Tokenizer),
        Box::new(sanitizer_builtins::SanitizerBuiltins),
    ]
}

/// Error of the code generator: a message that names the file and line.
pub type Error = String;
/// Result of the code generator.
pub type Result<T> = std::result::Result<T, Error>;
