//! `htmlforge errors [--encoding LABEL] [--chunk-size N] FILE|-`: parse a
//! document (bytes in, as `htmlforge tree`) and print its parse errors,
//! one `line:col code` per line, in the order they were raised.
//!
//! Codes are the spec's for tokenizer and input-stream errors, and
//! htmlforge's own stable codes for tree-construction errors (which the
//! spec leaves unnamed; see `htmlforge::tree_builder::TreeConstructionError`).
//! A tree-construction error sits at the last character of the token that
//! raised it (one past the end of the input for end-of-file errors).

use std::io::Write;

use htmlforge::ParseOptions;

use crate::input::{flags_and_path, read_bytes};

const USAGE: &str = "usage: htmlforge errors [--encoding LABEL] [--chunk-size N] FILE|-";

pub fn run(args: &[String]) -> Result<(), String> {
    let (flags, path) = flags_and_path(args, USAGE)?;
    let bytes = read_bytes(path)?;
    let document = flags.parse_document(&bytes, ParseOptions::default()).document;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for error in &document.errors {
        writeln!(out, "{}:{} {}", error.line, error.col, error.code.as_str()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
