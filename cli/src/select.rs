//! `htmlforge select`: the elements that match a CSS selector.

use std::io::Write;

use htmlforge::dom::{Document, ElementRef, NodeId, TextOptions};
use htmlforge::select::Selector;
use serde_json::{json, Map, Value};

use crate::failure::Failure;
use crate::input::{paths, read_bytes, InputFlags, TreeFlags};
use crate::jsonl;

/// Print the elements that match a CSS selector, one per line, in tree
/// order.
///
/// By default (and with `--html`) each match's HTML (its outerHTML);
/// `--text` its visible text; `--attr NAME` the value of that attribute
/// (matches without it are left out); `--json` one JSON object per match
/// (`tag`, `attributes`, `text`, `html`); `--count` the number of matches
/// alone. With several files, each line starts with the file's name and a
/// colon (`--json`: a `file` member). Exit status 1 when nothing matched,
/// as grep.
///
/// Example: `htmlforge select 'a[href]' --attr href --base https://example.org/ --absolute page.html`
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
    /// Print one JSON object per match: `tag`, `attributes`, `text` (the
    /// visible text), `html` (outerHTML).
    #[arg(long, group = "output")]
    json: bool,
    /// Print the number of matches alone.
    #[arg(long, group = "output")]
    count: bool,
    /// The document's address, for `--absolute` (a `<base href>` in the
    /// document is resolved against it, as a browser does).
    #[arg(long, value_name = "URL", value_parser = parse_url)]
    base: Option<url::Url>,
    /// Resolve the `href` and `src` attributes of every element against
    /// the base URL before printing, in every output form.
    #[arg(long, requires = "base")]
    absolute: bool,
    /// Read documents as JSON lines on stdin (`{"html": "..."}`).
    #[arg(long, conflicts_with_all = ["paths", "fragment", "encoding", "chunk_size", "json", "absolute"])]
    jsonl: bool,
    #[command(flatten)]
    tree: TreeFlags,
    #[command(flatten)]
    input: InputFlags,
    /// The documents (none or `-`: stdin).
    #[arg(value_name = "FILE")]
    paths: Vec<String>,
}

fn parse_selector(selector: &str) -> Result<Selector, String> {
    Selector::parse(selector).map_err(|error| format!("{} (column {})", error.message(), error.column()))
}

fn parse_url(url: &str) -> Result<url::Url, String> {
    url::Url::parse(url).map_err(|error| format!("{url:?} is not an absolute URL: {error}"))
}

/// What is printed of each match.
enum Output<'a> {
    Html,
    Text,
    Attr(&'a str),
    Json,
}

impl Args {
    fn text_options(&self) -> TextOptions {
        TextOptions::default().scripting(Some(self.tree.options().scripting))
    }

    fn output(&self) -> Output<'_> {
        match (&self.attr, self.text, self.json) {
            (Some(name), _, _) => Output::Attr(name),
            (None, true, _) => Output::Text,
            (None, false, true) => Output::Json,
            (None, false, false) => Output::Html,
        }
    }
}

/// What is printed of `element`, if anything.
fn shown(element: &ElementRef<'_>, output: &Output<'_>, text_options: &TextOptions) -> Option<String> {
    match output {
        Output::Html => Some(element.outer_html()),
        Output::Text => Some(element.document().visible_text_with(element.id(), *text_options)),
        Output::Attr(name) => element.attr(name).map(str::to_string),
        Output::Json => Some(element_json(element, text_options).to_string()),
    }
}

/// A match as a JSON object. Its members are named, so that more can come
/// (a source position) without changing these.
fn element_json(element: &ElementRef<'_>, text_options: &TextOptions) -> Value {
    let attributes: Map<String, Value> = element
        .attrs()
        .map(|attr| (htmlforge::dom::attribute_serialized_name(&attr), Value::String(attr.value.to_string())))
        .collect();
    json!({
        "tag": element.local_name(),
        "attributes": attributes,
        "text": element.document().visible_text_with(element.id(), *text_options),
        "html": element.outer_html(),
    })
}

/// Rewrites the `href` and `src` attributes of every element as absolute
/// URLs: parsed against the document's base URL, the `<base href>` of the
/// document resolved against `base` (the document base URL), else `base`.
/// A value that does not parse is left as it is.
///
/// Spec: <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url>
fn make_absolute(document: &mut Document, base: &url::Url) {
    let base_element = document.elements().find(|element| element.is_html("base") && element.has_attr("href"));
    let base = base_element.and_then(|element| base.join(element.attr("href")?).ok()).unwrap_or_else(|| base.clone());
    let base = &base;
    let targets: Vec<(NodeId, &str, String)> = document
        .elements()
        .flat_map(|element| {
            ["href", "src"].into_iter().filter_map(move |name| {
                let value = element.attr(name)?;
                let absolute = base.join(value.trim()).ok()?;
                Some((element.id(), name, absolute.to_string()))
            })
        })
        .collect();
    for (element, name, value) in targets {
        // The names are valid; the element is one.
        let _ = document.set_attribute(element, name, &value);
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
    if args.jsonl {
        return jsonl(&args);
    }
    let paths = paths(&args.paths);
    let named = paths.len() > 1;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut matched = 0usize;
    for path in paths {
        let bytes = read_bytes(path)?;
        let (mut document, _) = args.tree.parse(&args.input, &bytes);
        if let (true, Some(base)) = (args.absolute, &args.base) {
            make_absolute(&mut document, base);
        }
        let prefix = if named { format!("{path}:") } else { String::new() };
        if args.count {
            let count = document.select(&args.selector).count();
            matched += count;
            writeln!(out, "{prefix}{count}")?;
            continue;
        }
        let output = args.output();
        let text_options = args.text_options();
        for element in document.select(&args.selector) {
            matched += 1;
            if let (Output::Json, true) = (&output, named) {
                let mut object = element_json(&element, &text_options);
                object["file"] = Value::String(path.to_string());
                writeln!(out, "{object}")?;
            } else if let Some(text) = shown(&element, &output, &text_options) {
                write_lines(&mut out, &prefix, &text)?;
            }
        }
    }
    out.flush()?;
    if matched == 0 {
        return Err(Failure::NoMatch);
    }
    Ok(())
}

/// Writes `text` and a newline, each of its lines after `prefix` (as grep
/// does, so that every line says where it comes from).
fn write_lines(out: &mut impl Write, prefix: &str, text: &str) -> std::io::Result<()> {
    if prefix.is_empty() {
        return writeln!(out, "{text}");
    }
    for line in text.split('\n') {
        writeln!(out, "{prefix}{line}")?;
    }
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
