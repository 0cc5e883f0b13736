//! `htmlforge tree`: parse a document or fragment and print the tree in
//! the html5lib tree-construction format.
//!
//! - `htmlforge tree [--fragment CONTEXT] [--scripting on|off]
//!   [--encoding LABEL] [--chunk-size N] FILE|-`: CONTEXT in the tests'
//!   notation (`td`, `svg path`, `math mi`); the bytes are decoded as the
//!   encoding sniffing algorithm says (`--encoding` acts as the transport
//!   layer's charset) and fed to the parser at once or N bytes at a time.
//! - `htmlforge tree --jsonl`: each stdin line is
//!   `{"data": "...", "fragment": "svg path" or null, "scripting": false}`;
//!   each output line is `{"tree": "..."}` (the `| ` lines, newline-ended).

use std::io::{BufRead, Write};

use htmlforge::dom::{dump_children_html5lib, dump_html5lib};
use htmlforge::{parse_document_with, parse_fragment_with, FragmentContext, ParseOptions};
use serde_json::{json, Value};

use crate::input::{read_bytes, InputFlags};

const USAGE: &str = "usage: htmlforge tree [--fragment CONTEXT] [--scripting on|off] [--encoding LABEL] [--chunk-size N] FILE|-  or  htmlforge tree --jsonl";

pub fn run(args: &[String]) -> Result<(), String> {
    if let [flag] = args {
        if flag == "--jsonl" {
            return jsonl();
        }
    }
    let mut fragment = None;
    let mut options = ParseOptions::default();
    let mut path = None;
    let mut input_flags = InputFlags::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if input_flags.take(arg, &mut rest)? {
            continue;
        }
        match arg.as_str() {
            "--fragment" => fragment = Some(rest.next().ok_or(USAGE)?.clone()),
            "--scripting" => {
                options.scripting = match rest.next().map(String::as_str) {
                    Some("on") => true,
                    Some("off") => false,
                    _ => return Err(USAGE.into()),
                }
            }
            _ if path.is_none() => path = Some(arg.clone()),
            _ => return Err(USAGE.into()),
        }
    }
    let bytes = read_bytes(path.as_deref().ok_or(USAGE)?)?;
    let tree = match fragment {
        // Bytes in: sniffing, decoding, the change of encoding.
        None => dump_html5lib(&input_flags.parse_document(&bytes, options).document),
        // A fragment has no encoding of its own: its bytes are decoded as
        // a document's would be, then parsed as text.
        Some(context) => tree_of(&input_flags.decode(&bytes), Some(&context), options),
    };
    std::io::stdout().write_all(tree.as_bytes()).map_err(|e| e.to_string())
}

/// The html5lib dump of `input` parsed as a document or, with `fragment`,
/// as a fragment in that context.
pub fn tree_of(input: &str, fragment: Option<&str>, options: ParseOptions) -> String {
    match fragment {
        Some(context) => {
            let document = parse_fragment_with(input, &FragmentContext::from_test_notation(context), options);
            match document.fragment_root() {
                Some(root) => dump_children_html5lib(&document, root),
                None => String::new(),
            }
        }
        None => dump_html5lib(&parse_document_with(input, options)),
    }
}

fn jsonl() -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = serde_json::from_str(&line).map_err(|e| format!("bad JSON line: {e}"))?;
        let data = request.get("data").and_then(Value::as_str).ok_or("a JSON line without a \"data\" string")?;
        let fragment = request.get("fragment").and_then(Value::as_str);
        let scripting = request.get("scripting").and_then(Value::as_bool).unwrap_or(false);
        let tree = tree_of(data, fragment, ParseOptions { scripting, ..ParseOptions::default() });
        writeln!(out, "{}", json!({ "tree": tree })).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
