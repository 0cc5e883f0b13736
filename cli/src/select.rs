//! `htmlforge select`: the elements that match a CSS selector.

use std::io::Write;

use htmlforge::dom::{Document, ElementRef, TextOptions};
use htmlforge::select::Selector;
use serde_json::json;

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags, TreeFlags};
use crate::jsonl;

/// Print the elements that match a CSS selector, one per line, in tree
/// order.
///
/// By default (and with `--html`) each match's HTML (its outerHTML);
/// `--text` its visible text; `--attr NAME` the value of that attribute
/// (matches without it are left out); `--count` the number of matches alone.
///
/// Example: `htmlforge select 'a[href^="https:"]' --attr href page.html`
///
/// With `--jsonl`, each stdin line is `{"html": "..."}` and each output line
/// is `{"matches": ["...", ...]}`, or `{"count": N}` with `--count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The selector list, e.g. `ul > li.item, #main a[href]`.
    #[arg(value_name = "SELECTOR", value_parser = parse_selector)]
    selector: Selector,
    /// Print each match's visible text.
    #[arg(long, group = "output")]
    text: bool,
    /// Print the value of this attribute of each match that has it.
    #[arg(long, value_name = "NAME", group = "output")]
    attr: Option<String>,
    /// Print each match's HTML (the default).
    #[arg(long, group = "output")]
    html: bool,
    /// Print the number of matches alone.
    #[arg(long, group = "output")]
    count: bool,
    /// Read documents as JSON lines on stdin (`{"html": "..."}`).
    #[arg(long, conflicts_with_all = ["path", "fragment", "encoding", "chunk_size"])]
    jsonl: bool,
    #[command(flatten)]
    tree: TreeFlags,
    #[command(flatten)]
    input: InputFlags,
    /// The document (`-`: stdin).
    #[arg(value_name = "FILE", required_unless_present = "jsonl")]
    path: Option<String>,
}

fn parse_selector(selector: &str) -> Result<Selector, String> {
    Selector::parse(selector).map_err(|error| format!("{} (column {})", error.message(), error.column()))
}

/// What is printed of each match.
enum Output<'a> {
    Html,
    Text,
    Attr(&'a str),
}

impl Args {
    fn text_options(&self) -> TextOptions {
        TextOptions::default().scripting(Some(self.tree.options().scripting))
    }

    fn output(&self) -> Output<'_> {
        match (&self.attr, self.text) {
            (Some(name), _) => Output::Attr(name),
            (None, true) => Output::Text,
            (None, false) => Output::Html,
        }
    }
}

/// What is printed of `element`, if anything.
fn shown(element: &ElementRef<'_>, output: &Output<'_>, text_options: &TextOptions) -> Option<String> {
    match output {
        Output::Html => Some(element.outer_html()),
        Output::Text => Some(element.document().visible_text_with(element.id(), *text_options)),
        Output::Attr(name) => element.attr(name).map(str::to_string),
    }
}

/// Writes `{"matches": [...]}` one match at a time: the matches of nested
/// elements can add up to more than the document, so they are not
/// collected first.
fn write_matches(out: &mut impl Write, document: &Document, args: &Args) -> std::io::Result<()> {
    let output = args.output();
    let text_options = args.text_options();
    out.write_all(b"{\"matches\":[")?;
    let mut first = true;
    for element in document.select(&args.selector) {
        if let Some(text) = shown(&element, &output, &text_options) {
            if !first {
                out.write_all(b",")?;
            }
            first = false;
            serde_json::to_writer(&mut *out, &text)?;
        }
    }
    out.write_all(b"]}\n")
}

pub fn run(args: Args) -> Result<(), Failure> {
    let Some(path) = args.path.as_deref().filter(|_| !args.jsonl) else {
        return jsonl(&args);
    };
    let bytes = read_bytes(path)?;
    let (document, _) = args.tree.parse(&args.input, &bytes);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.count {
        writeln!(out, "{}", document.select(&args.selector).count())?;
    } else {
        let output = args.output();
        let text_options = args.text_options();
        for element in document.select(&args.selector) {
            if let Some(text) = shown(&element, &output, &text_options) {
                writeln!(out, "{text}")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

fn jsonl(args: &Args) -> Result<(), Failure> {
    jsonl::each_request(|at, request, out| {
        let html = jsonl::required_str(request, "html", at)?;
        let document = htmlforge::parse_document_with(html, args.tree.options());
        if args.count {
            writeln!(out, "{}", json!({ "count": document.select(&args.selector).count() }))?;
        } else {
            write_matches(out, &document, args)?;
        }
        Ok(())
    })
}
