//! `htmlforge sanitize`: the HTML Sanitizer API on a file.

use std::io::Write;

use htmlforge::dom::SpecSerializeOptions;
use htmlforge::sanitize::{
    parse_html, parse_html_unsafe, sanitize_fragment, sanitize_fragment_unsafe, SanitizerOption,
};
use htmlforge::FragmentContext;

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags};

/// Sanitize HTML as a browser's `element.setHTML(html)` does, and print it.
///
/// The input is parsed as the children of a `div` (or of `--context`), then
/// filtered by the built-in safe default configuration or by `--config`, a
/// JSON file in the spec's `SanitizerConfig` shape, the same as a browser
/// takes. The safe variant never leaves a `script` element, an event
/// handler attribute or a navigating `javascript:` URL, whatever the
/// configuration; `--unsafe` filters by the configuration alone
/// (`setHTMLUnsafe`). `--document` parses a whole document
/// (`Document.parseHTML`).
///
/// Example: `echo '<p onclick=x()>Hi<script>x()</script>' | htmlforge sanitize -`
/// prints `<p>Hi</p>`; with `--config c.json` where `c.json` is
/// `{"elements": ["p"], "comments": true}`, only `p` elements and comments stay.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The configuration: a JSON SanitizerConfig dictionary (or the string
    /// "default").
    #[arg(long, value_name = "FILE.json")]
    config: Option<String>,
    /// The context element, in the html5lib tests' notation: `td`,
    /// `svg path`, `math mi` (default `div`).
    #[arg(long, value_name = "TAG", conflicts_with = "document")]
    context: Option<String>,
    /// Parse a whole document (`Document.parseHTML`) and print it.
    #[arg(long)]
    document: bool,
    /// The unsafe variant (`setHTMLUnsafe`, `parseHTMLUnsafe`): only the
    /// configuration's filter, none by default.
    #[arg(long = "unsafe")]
    unsafe_variant: bool,
    #[command(flatten)]
    input: InputFlags,
    /// The HTML (`-`: stdin).
    #[arg(value_name = "FILE")]
    path: String,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let option = match &args.config {
        Some(path) => {
            let json = std::fs::read_to_string(path).map_err(|e| Failure::reading(path, e))?;
            Some(SanitizerOption::from_json(&json).map_err(|e| Failure::reading(path, e))?)
        }
        None => None,
    };
    let html = args.input.decode(&read_bytes(&args.path)?);
    let config_error = |e| Failure::reading(args.config.as_deref().unwrap_or("configuration"), e);
    let output = if args.document {
        let document = if args.unsafe_variant {
            parse_html_unsafe(&html, option.as_ref())
        } else {
            parse_html(&html, option.as_ref())
        }
        .map_err(config_error)?;
        htmlforge::serialize_document(&document)
    } else {
        let context = FragmentContext::from_test_notation(args.context.as_deref().unwrap_or("div"));
        let document = if args.unsafe_variant {
            sanitize_fragment_unsafe(&html, &context, option.as_ref())
        } else {
            sanitize_fragment(&html, &context, option.as_ref())
        }
        .map_err(config_error)?;
        let root = document.fragment_root().expect("a fragment parse has a root");
        // Parsed with scripting enabled, as a browser's document is:
        // `noscript` text is written as is, so that it parses back the same.
        document.inner_html_with(root, SpecSerializeOptions::default().scripting(Some(true)))
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{output}")?;
    out.flush()?;
    Ok(())
}
