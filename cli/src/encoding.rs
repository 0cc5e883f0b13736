//! `htmlforge encoding`: the encoding a parse ended with, and how it was
//! determined.

use std::io::Write;

use htmlforge::ParseOptions;

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags};

/// Print the encoding the parse ended with and how it was determined.
///
/// The encoding is the one after any change of encoding a <meta> asked
/// for; the way is one of `bom`, `user-override`, `transport`
/// (`--encoding`), `meta-prescan`, `xml-declaration`, `meta-in-head`,
/// `autodetect` (the bytes, when nothing declares an encoding) or, with
/// `--no-detect`, `default`.
///
/// Example: `htmlforge encoding page.html` prints `UTF-8 meta-prescan`.
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
    let parsed = args.input.parse_document(&bytes, ParseOptions::default());
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} {}", parsed.encoding.encoding.name(), parsed.encoding.source)?;
    Ok(())
}
