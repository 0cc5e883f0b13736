//! The arrows between the crate's parts point one way: the DOM is read and
//! changed without the parser that fills it, so nothing in `src/dom/`
//! names the tokenizer, the tree builder or the parse entry points (the
//! tree builder's `TreeSink` for the DOM lives on its own side, in
//! `tree_builder/dom_sink.rs`). Both take their shared words from
//! `vocab`.

use std::path::Path;

/// Module paths the DOM must not name, in code, docs or tests.
const PARSER_PATHS: [&str; 6] =
    ["tree_builder", "tokenizer::", "::tokenizer", "crate::parse::", "crate::parse_bytes", "crate::inner_html"];

#[test]
fn the_dom_names_nothing_of_the_parser() {
    let dom = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/dom");
    let mut files: Vec<_> = std::fs::read_dir(&dom).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    assert!(files.len() > 10, "the DOM's files are in {}", dom.display());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            if PARSER_PATHS.iter().any(|path| line.contains(path)) {
                found.push(format!("{}:{}: {}", file.display(), number + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "the DOM names the parser:\n{}", found.join("\n"));
}
