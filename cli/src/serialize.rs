//! `htmlforge serialize`: parse a document (or fragment) and write it back
//! as HTML, streamed to stdout.
//!
//! - default: the spec's HTML fragment serialization algorithm (every tag,
//!   every value double-quoted);
//! - `--minimize`: the minimizing serializer (optional tags left out,
//!   values quoted only when needed, boolean attributes bare);
//! - `--pretty`: the spec's serialization with line breaks and indentation
//!   inside tags only, so that the output parses to the same tree;
//! - `--fragment CONTEXT` (tests' notation: `td`, `svg path`) parses a
//!   fragment and writes its nodes; `--scripting on|off` (default off) is
//!   used for parsing and for the text of `noscript`;
//! - `--encoding LABEL`, `--chunk-size N`: bytes in, as for `htmlforge tree`.

use std::io::Write;

use htmlforge::dom::{write_inner_html, write_pretty_html, SpecSerializeOptions};
use htmlforge::serializer::{IoOutput, SerializeOptions, Serializer};

use crate::input::{read_bytes, InputFlags, TreeFlags};

const USAGE: &str = "usage: htmlforge serialize [--minimize|--pretty] [--fragment CONTEXT] [--scripting on|off] [--encoding LABEL] [--chunk-size N] FILE|-";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut minimize = false;
    let mut pretty = false;
    let mut path = None;
    let mut input_flags = InputFlags::default();
    let mut tree_flags = TreeFlags::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if input_flags.take(arg, &mut rest)? || tree_flags.take(arg, &mut rest, USAGE)? {
            continue;
        }
        match arg.as_str() {
            "--minimize" if !pretty => minimize = true,
            "--pretty" if !minimize => pretty = true,
            _ if path.is_none() && (arg == "-" || !arg.starts_with('-')) => path = Some(arg.clone()),
            _ => return Err(USAGE.into()),
        }
    }
    let bytes = read_bytes(path.as_deref().ok_or(USAGE)?)?;
    let (document, root) = tree_flags.parse(&input_flags, &bytes)?;
    let options = tree_flags.options;
    let stdout = std::io::stdout().lock();
    let out = std::io::BufWriter::new(stdout);
    let mut out = if minimize {
        let options = SerializeOptions { scripting: options.scripting, ..SerializeOptions::default() };
        let mut serializer = Serializer::new_io(out, options);
        serializer.write_children(&document, root).map_err(|e| e.to_string())?;
        serializer.finish().map_err(|e| e.to_string())?
    } else if pretty {
        let mut output = IoOutput(out);
        write_pretty_html(&document, root, SpecSerializeOptions { scripting: options.scripting }, &mut output)
            .map_err(|e| e.to_string())?;
        output.0
    } else {
        let mut output = IoOutput(out);
        write_inner_html(&document, root, SpecSerializeOptions { scripting: options.scripting }, &mut output)
            .map_err(|e| e.to_string())?;
        output.0
    };
    out.flush().map_err(|e| e.to_string())
}
