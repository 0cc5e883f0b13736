//! `htmlforge tree`: parse a document or fragment and print the tree in
//! the html5lib tree-construction format.

use std::io::Write;

use htmlforge::dom::{dump_children_html5lib, dump_html5lib, write_children_html5lib, write_html5lib};
use htmlforge::{parse_document_with, parse_fragment_with, FragmentContext, ParseOptions};
use serde_json::{json, Value};

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags, TreeFlags};
use crate::jsonl;

/// Print the tree in the html5lib tree-construction test format.
///
/// One `| ` line per node, two spaces of indent per level, attributes
/// sorted by name, `content` for template contents.
///
/// Example: `echo '<p>Hi' | htmlforge tree -`
///
/// With `--jsonl`, each stdin line is `{"data": "...", "fragment": "svg
/// path" or null, "scripting": false}` and each output line is
/// `{"tree": "..."}` (the `| ` lines, newline-ended).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Read html5lib-style test inputs as JSON lines on stdin.
    #[arg(long, conflicts_with_all = ["path", "fragment", "scripting", "encoding", "chunk_size"])]
    jsonl: bool,
    #[command(flatten)]
    tree: TreeFlags,
    #[command(flatten)]
    input: InputFlags,
    /// The document (none or `-`: stdin).
    #[arg(value_name = "FILE")]
    path: Option<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.jsonl {
        return jsonl();
    }
    let bytes = read_bytes(args.path.as_deref().unwrap_or("-"))?;
    let (document, root) = args.tree.parse(&args.input, &bytes);
    // Streamed: the dump is quadratic in depth, the document is not.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match (args.tree.fragment, root) {
        (Some(_), Some(root)) => write_children_html5lib(&document, root, &mut out)?,
        (Some(_), None) => {}
        (None, _) => write_html5lib(&document, &mut out)?,
    }
    out.flush()?;
    Ok(())
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

fn jsonl() -> Result<(), Failure> {
    jsonl::each_request(|at, request, out| {
        let data = jsonl::required_str(request, "data", at)?;
        let fragment = request.get("fragment").and_then(Value::as_str);
        let scripting = request.get("scripting").and_then(Value::as_bool).unwrap_or(false);
        let tree = tree_of(data, fragment, ParseOptions::default().scripting(scripting));
        writeln!(out, "{}", json!({ "tree": tree }))?;
        Ok(())
    })
}
