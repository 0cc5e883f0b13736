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

use crate::input::{read_bytes, InputFlags, TreeFlags};

const USAGE: &str = "usage: htmlforge tree [--fragment CONTEXT] [--scripting on|off] [--encoding LABEL] [--chunk-size N] FILE|-  or  htmlforge tree --jsonl";

pub fn run(args: &[String]) -> Result<(), String> {
    if let [flag] = args {
        if flag == "--jsonl" {
            return jsonl();
        }
    }
    let mut path = None;
    let mut input_flags = InputFlags::default();
    let mut tree_flags = TreeFlags::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if input_flags.take(arg, &mut rest)? || tree_flags.take(arg, &mut rest, USAGE)? {
            continue;
        }
        match path {
            None => path = Some(arg.clone()),
            Some(_) => return Err(USAGE.into()),
        }
    }
    let bytes = read_bytes(path.as_deref().ok_or(USAGE)?)?;
    let (document, root) = tree_flags.parse(&input_flags, &bytes)?;
    let tree = match tree_flags.fragment {
        Some(_) => dump_children_html5lib(&document, root),
        None => dump_html5lib(&document),
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
