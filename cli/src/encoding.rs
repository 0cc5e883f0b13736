//! `htmlforge encoding [--encoding LABEL] [--chunk-size N] FILE|-`: parse
//! the document and print the name of the encoding the parse ended with
//! (after any change of encoding a `<meta>` asked for) and how it was
//! determined: `bom`, `user-override`, `transport` (`--encoding`),
//! `meta-prescan`, `xml-declaration`, `meta-in-head`, `fallback` or
//! `default`. For example `UTF-8 meta-prescan`.

use htmlforge::ParseOptions;

use crate::input::{read_bytes, InputFlags};

const USAGE: &str = "usage: htmlforge encoding [--encoding LABEL] [--chunk-size N] FILE|-";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut flags = InputFlags::default();
    let mut path = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if flags.take(arg, &mut rest)? {
            continue;
        }
        match path {
            None => path = Some(arg),
            Some(_) => return Err(USAGE.into()),
        }
    }
    let bytes = read_bytes(path.ok_or(USAGE)?)?;
    let parsed = flags.parse_document(&bytes, ParseOptions::default());
    println!("{} {}", parsed.encoding.encoding.name(), parsed.encoding.source);
    Ok(())
}
