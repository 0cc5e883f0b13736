//! `htmlforge encoding [--encoding LABEL] [--chunk-size N] FILE|-`: parse
//! the document and print the name of the encoding the parse ended with
//! (after any change of encoding a `<meta>` asked for) and how it was
//! determined: `bom`, `user-override`, `transport` (`--encoding`),
//! `meta-prescan`, `xml-declaration`, `meta-in-head`, `fallback` or
//! `default`. For example `UTF-8 meta-prescan`.

use htmlforge::ParseOptions;

use crate::input::{flags_and_path, read_bytes};

const USAGE: &str = "usage: htmlforge encoding [--encoding LABEL] [--chunk-size N] FILE|-";

pub fn run(args: &[String]) -> Result<(), String> {
    let (flags, path) = flags_and_path(args, USAGE)?;
    let bytes = read_bytes(path)?;
    let parsed = flags.parse_document(&bytes, ParseOptions::default());
    println!("{} {}", parsed.encoding.encoding.name(), parsed.encoding.source);
    Ok(())
}
