//! `htmlforge errors FILE|-`: parse a document and print its parse errors,
//! one `line:col code` per line, in the order they were raised.
//!
//! Codes are the spec's for tokenizer and input-stream errors, and
//! htmlforge's own stable codes for tree-construction errors (which the
//! spec leaves unnamed; see `htmlforge::tree_builder::TreeConstructionError`).
//! A tree-construction error sits at the last character of the token that
//! raised it (one past the end of the input for end-of-file errors).

use std::io::Write;

use htmlforge::{parse_document_with, ParseOptions};

pub fn run(args: &[String]) -> Result<(), String> {
    let [path] = args else { return Err("usage: htmlforge errors FILE|-".into()) };
    let input = crate::input::read(path)?;
    let document = parse_document_with(&input, ParseOptions::default());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for error in &document.errors {
        writeln!(out, "{}:{} {}", error.line, error.col, error.code.as_str()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
