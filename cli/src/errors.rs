//! `htmlforge errors`: a document's parse errors.

use std::io::Write;

use htmlforge::ParseOptions;

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags};

/// Print the parse errors, one `line:col code` per line, in the order
/// they were raised.
///
/// Codes are the standard's for tokenizer and input-stream errors, and
/// htmlforge's own stable codes for tree-construction errors (which the
/// standard leaves unnamed). A tree-construction error sits at the last
/// character of the token that raised it (one past the end of the input
/// for end-of-file errors).
///
/// Example: `echo '<p>x</b>' | htmlforge errors -` prints
/// `1:4 missing-doctype` and `1:8 unexpected-end-tag`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputFlags,
    /// The document (none or `-`: stdin).
    #[arg(value_name = "FILE", default_value = "-")]
    path: String,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let bytes = read_bytes(&args.path)?;
    let document = args.input.parse_document(&bytes, ParseOptions::default()).document;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for error in &document.errors {
        writeln!(out, "{}:{} {}", error.line, error.col, error.code.as_str())?;
    }
    out.flush()?;
    Ok(())
}
