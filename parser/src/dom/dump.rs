//! The tree in the html5lib tree-construction test format: one `| ` line
//! per node, two spaces of indent per level, attributes sorted by name,
//! `content` for template contents. A shadow root, which the format does
//! not have, is written `#shadow-root (open)` (or `closed`) before its
//! host's children, with its children under it.
//!
//! The format is quadratic in depth (each line repeats its indent), so the
//! writers stream it: the walk keeps an explicit stack of the nodes still
//! to write, O(nodes), and never the text.

use std::fmt::{self, Write};
use std::io;

use crate::generated::names::Namespace;

use super::{Doctype, Document, NodeData, NodeId};

/// The whole document, as in a test's `#document` section.
///
/// ```
/// let document = htmlforge::parse_document("<p>Hi");
/// assert_eq!(htmlforge::dom::dump_html5lib(&document), "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"Hi\"\n");
/// ```
pub fn dump_html5lib(document: &Document) -> String {
    dump_children_html5lib(document, document.document())
}

/// The children of `parent` at indent level 0 (for fragments: the
/// children of the root `html` element).
pub fn dump_children_html5lib(document: &Document, parent: impl Into<NodeId>) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = walk(document, parent.into(), &mut out);
    out
}

/// Writes [`dump_html5lib`]'s text to `out` as it walks the tree, holding
/// none of it: the memory used is O(nodes), not O(text).
///
/// ```
/// let document = htmlforge::parse_document("<p>Hi");
/// let mut out = Vec::new();
/// htmlforge::dom::write_html5lib(&document, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), htmlforge::dom::dump_html5lib(&document));
/// ```
pub fn write_html5lib<W: io::Write>(document: &Document, out: &mut W) -> io::Result<()> {
    write_children_html5lib(document, document.document(), out)
}

/// Writes [`dump_children_html5lib`]'s text to `out` as it walks the tree.
pub fn write_children_html5lib<W: io::Write>(
    document: &Document,
    parent: impl Into<NodeId>,
    out: &mut W,
) -> io::Result<()> {
    let mut adapter = IoAdapter { out, error: None };
    match walk(document, parent.into(), &mut adapter) {
        Ok(()) => Ok(()),
        Err(fmt::Error) => Err(adapter.error.unwrap_or_else(|| io::Error::other("formatting failed"))),
    }
}

/// A `fmt::Write` over an `io::Write` that keeps the I/O error, so that
/// the walk stops at the first failed write (a closed pipe).
struct IoAdapter<'a, W: io::Write> {
    out: &'a mut W,
    error: Option<io::Error>,
}

impl<W: io::Write> Write for IoAdapter<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.out.write_all(text.as_bytes()).map_err(|error| {
            self.error = Some(error);
            fmt::Error
        })
    }
}

/// The walk: an explicit stack of (node, depth), children pushed in
/// reverse, so that no document is too deep for it.
fn walk(document: &Document, parent: NodeId, out: &mut impl Write) -> fmt::Result {
    let mut stack: Vec<(NodeId, usize)> = Vec::new();
    push_children(document, parent, 0, &mut stack);
    while let Some((node, depth)) = stack.pop() {
        write_node(document, node, depth, out)?;
        push_children(document, node, depth + 1, &mut stack);
        if let Some(contents) = document.element(node).and_then(|e| e.template_contents()) {
            // `content` (whose children follow as for any node) comes
            // before the template's own children, which the parser never adds.
            stack.push((contents, depth + 1));
        }
        if let Some(shadow) = document.element(node).and_then(|_| document.shadow_root(node)) {
            // A shadow root (not in the html5lib format, which has none)
            // comes before the host's children, as it serializes.
            stack.push((shadow, depth + 1));
        }
    }
    Ok(())
}

fn push_children(document: &Document, parent: NodeId, depth: usize, stack: &mut Vec<(NodeId, usize)>) {
    let mut child = document.last_child(parent);
    while let Some(node) = child {
        crate::cost::step!("dom::dump");
        stack.push((node, depth));
        child = document.previous_sibling(node);
    }
}

fn write_node(document: &Document, node: NodeId, depth: usize, out: &mut impl Write) -> fmt::Result {
    let indent = "  ".repeat(depth);
    match document.data(node) {
        NodeData::Document => {}
        NodeData::DocumentFragment => {
            writeln!(out, "| {indent}content")?;
        }
        NodeData::ShadowRoot { init, .. } => {
            writeln!(out, "| {indent}#shadow-root ({})", init.mode.as_str())?;
        }
        NodeData::Doctype(doctype) => {
            let Doctype { name, public_id, system_id } = doctype;
            if public_id.is_empty() && system_id.is_empty() {
                writeln!(out, "| {indent}<!DOCTYPE {name}>")?;
            } else {
                writeln!(out, "| {indent}<!DOCTYPE {name} \"{public_id}\" \"{system_id}\">")?;
            }
        }
        NodeData::Text(text) => {
            writeln!(out, "| {indent}\"{text}\"")?;
        }
        NodeData::Comment(text) => {
            writeln!(out, "| {indent}<!-- {text} -->")?;
        }
        // "Processing instructions must be "<?", then the target, then a
        // space, then the data and then "?>"" (the format's README in WPT,
        // whose files follow it since web-platform-tests/wpt#61085).
        NodeData::ProcessingInstruction { target, data } => {
            writeln!(out, "| {indent}<?{target} {data}?>")?;
        }
        NodeData::Element(element) => {
            let prefix = match element.ns() {
                Namespace::Svg => "svg ",
                Namespace::MathMl => "math ",
                _ => "",
            };
            writeln!(out, "| {indent}<{prefix}{}>", element.local_name())?;
            let mut attrs: Vec<(String, &str)> = element
                .attrs()
                .map(|attr| {
                    // A namespaced attribute is `prefix local`, the prefix
                    // named by its namespace: `xmlns` (prefix-less, in the
                    // XMLNS namespace) is `xmlns xmlns`.
                    let name = match attr.ns.and_then(html5lib_attribute_prefix) {
                        Some(prefix) => format!("{prefix} {}", attr.name),
                        None => attr.name.to_string(),
                    };
                    (name, attr.value)
                })
                .collect();
            // "sorted lexicographically by UTF-16 code unit"
            attrs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            for (name, value) in attrs {
                writeln!(out, "| {indent}  {name}=\"{value}\"")?;
            }
        }
    }
    Ok(())
}

/// The prefix the html5lib format gives an attribute in `ns`.
fn html5lib_attribute_prefix(ns: Namespace) -> Option<&'static str> {
    match ns {
        Namespace::XLink => Some("xlink"),
        Namespace::Xml => Some("xml"),
        Namespace::XmlNs => Some("xmlns"),
        _ => None,
    }
}
