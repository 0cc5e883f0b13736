//! A pretty printer that cannot change the tree: the spec's serialization
//! with line breaks and indentation put only *inside* tags, between the
//! tag name (or last attribute) and the closing `>`, where the parser
//! skips whitespace. Whitespace between tags would be text (the parser
//! keeps it in nearly every insertion mode), so none is added there:
//!
//! ```text
//! <html
//!   ><head
//!     ><title>T</title
//!   ></head
//!   ><body
//!     ><p>Hello <b>world</b
//!     ></p
//!   ></body
//! ></html>
//! ```
//!
//! A tag followed by another tag or a comment gets a break before its `>`,
//! indented to the depth of what follows; a tag followed by text keeps its
//! `>` on the line, so text stays where it was. Once a `plaintext` element
//! is entered no break is added: everything after its start tag reparses
//! as text.
//!
//! The indentation stops growing at [`MAX_INDENT_DEPTH`] levels, so that
//! the output stays within a constant of the plain serialization: each
//! element adds at most two breaks of `1 + 2 × MAX_INDENT_DEPTH` bytes (130),
//! however deep the tree (without the cap, n nested elements took n² bytes:
//! 5 GB for 50,000 nested `div`s).
//!
//! `tests/tests/serializer_roundtrip.rs` checks that the output
//! parses to the tree that the spec serialization parses to, on the corpus
//! and every html5lib tree-construction input.

use crate::generated::names::Namespace;
use crate::serializer::{EscapeMode, FmtOutput, Output, SerializeError};

use super::serialize::{
    parent_makes_text_literal, write_escaped, write_processing_instruction, write_start_tag_without_end,
    SpecSerializeOptions,
};
use super::shadow_root::write_template_start;
use super::walk::{Visit, Walk};
use super::{Document, NodeData, NodeId};

/// The deepest level indented: deeper levels are indented as this one.
pub const MAX_INDENT_DEPTH: usize = 32;

/// Two spaces per level, up to [`MAX_INDENT_DEPTH`].
const INDENT: &str = "                                                                ";
const _: () = assert!(INDENT.len() == 2 * MAX_INDENT_DEPTH);

/// The pretty-printed serialization of `node`'s children (of the whole
/// document for the Document node), as a string.
///
/// ```
/// let document = htmlforge::parse_document("<title>T</title><p>Hello <b>world");
/// assert_eq!(
///     htmlforge::dom::pretty_html(&document, document.document()),
///     "<html\n  ><head\n    ><title>T</title\n  ></head\n  ><body\n    ><p>Hello <b>world</b\n    ></p\n  ></body\n></html>"
/// );
/// ```
pub fn pretty_html(document: &Document, node: impl Into<NodeId>) -> String {
    let mut out = FmtOutput(String::new());
    // Writing to a String cannot fail.
    let _ = write_pretty_html(document, node, SpecSerializeOptions::default(), &mut out);
    out.0
}

/// Writes the pretty-printed serialization of `node`'s children to `out`.
///
/// ```
/// use htmlforge::dom::{write_pretty_html, SpecSerializeOptions};
/// use htmlforge::serializer::FmtOutput;
///
/// let document = htmlforge::parse_document("<ul><li>a</li></ul>");
/// let ul = document.get_elements_by_tag_name("ul").next().unwrap().id();
/// let mut out = FmtOutput(String::new());
/// write_pretty_html(&document, ul, SpecSerializeOptions::default(), &mut out)?;
/// assert_eq!(out.0, "<li>a</li>");
/// # Ok::<(), htmlforge::serializer::SerializeError>(())
/// ```
pub fn write_pretty_html<O: Output>(
    document: &Document,
    node: impl Into<NodeId>,
    options: SpecSerializeOptions,
    out: &mut O,
) -> Result<(), SerializeError> {
    let mut printer = Printer { out, depth: 0, tag_open: false, breaks: true };
    let walk = Walk::children(document, node.into());
    let walk = if options.serializable_shadow_roots { walk.with_serializable_shadow_roots() } else { walk };
    for visit in walk {
        match visit {
            Visit::Enter(node) => match document.data(node) {
                NodeData::Element(element) => {
                    printer.close_tag(true)?;
                    write_start_tag_without_end(&element, printer.out)?;
                    printer.tag_open = true;
                    if !super::walk::element_serializes_as_void(&element) {
                        printer.depth += 1;
                    }
                    if element.ns() == Namespace::Html && element.local_name() == "plaintext" {
                        printer.breaks = false;
                    }
                }
                NodeData::Text(text) => {
                    printer.close_tag(false)?;
                    if parent_makes_text_literal(document, node, options) {
                        printer.out.write_str(text)?;
                    } else {
                        write_escaped(text, EscapeMode::Text, printer.out)?;
                    }
                }
                NodeData::Comment(text) => {
                    printer.close_tag(true)?;
                    printer.out.write_str("<!--")?;
                    printer.out.write_str(text)?;
                    printer.out.write_str("-->")?;
                }
                NodeData::ProcessingInstruction { target, data } => {
                    printer.close_tag(true)?;
                    write_processing_instruction(target, data, printer.out)?;
                }
                NodeData::Doctype(doctype) => {
                    printer.close_tag(true)?;
                    printer.out.write_str("<!DOCTYPE ")?;
                    printer.out.write_str(&doctype.name)?;
                    printer.out.write_str(">")?;
                }
                // A serializable shadow root (with
                // `serializable_shadow_roots`), as a template.
                NodeData::ShadowRoot { init, .. } => {
                    printer.close_tag(true)?;
                    write_template_start(&init, printer.out)?;
                    printer.tag_open = true;
                    printer.depth += 1;
                }
                NodeData::Document | NodeData::DocumentFragment => {}
            },
            Visit::Leave(node) => {
                let name = match document.data(node) {
                    NodeData::Element(element) => element.local_name(),
                    NodeData::ShadowRoot { .. } => "template",
                    _ => continue,
                };
                printer.depth -= 1;
                printer.close_tag(true)?;
                printer.out.write_str("</")?;
                printer.out.write_str(name)?;
                printer.tag_open = true;
            }
        }
    }
    printer.depth = 0;
    printer.close_tag(false)
}

struct Printer<'o, O: Output> {
    out: &'o mut O,
    /// How many elements are open: the indent of the next tag.
    depth: usize,
    /// Whether the last tag written still lacks its `>`.
    tag_open: bool,
    /// Whether breaks may be added (not after a plaintext start tag).
    breaks: bool,
}

impl<O: Output> Printer<'_, O> {
    /// Ends the tag left open, with a break and indent before its `>` when
    /// `break_line`.
    fn close_tag(&mut self, break_line: bool) -> Result<(), SerializeError> {
        if !std::mem::take(&mut self.tag_open) {
            return Ok(());
        }
        if break_line && self.breaks {
            self.out.write_str("\n")?;
            self.out.write_str(&INDENT[..2 * self.depth.min(MAX_INDENT_DEPTH)])?;
        }
        self.out.write_str(">")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_document, serialize_document};

    #[test]
    fn breaks_only_inside_tags() {
        let document = parse_document("<!DOCTYPE html><!--c--><ul><li>a<br>b<li><pre>\n\nx</pre></ul><plaintext><p>");
        let pretty = pretty_html(&document, document.document());
        assert_eq!(
            pretty,
            "<!DOCTYPE html><!--c--><html\n  ><head\n  ></head\n  ><body\n    ><ul\n      ><li>a<br>b</li\n      ><li\n        ><pre>\nx</pre\n      ></li\n    ></ul\n    ><plaintext><p></plaintext></body></html>"
        );
        // Without the breaks before `>`, it is the spec serialization.
        let mut lines = pretty.split('\n');
        let mut without_breaks = lines.next().unwrap().to_string();
        for line in lines {
            match line.trim_start().strip_prefix('>') {
                Some(rest) => {
                    without_breaks.push('>');
                    without_breaks.push_str(rest);
                }
                None => {
                    without_breaks.push('\n');
                    without_breaks.push_str(line);
                }
            }
        }
        assert_eq!(without_breaks, serialize_document(&document));
    }

    #[test]
    fn indentation_stops_at_the_cap() {
        let depth = 5_000;
        let document = parse_document(&"<div>".repeat(depth));
        let pretty = pretty_html(&document, document.document());
        let plain = serialize_document(&document);
        let elements = depth + 3;
        assert!(pretty.len() <= plain.len() + elements * 2 * (1 + 2 * MAX_INDENT_DEPTH), "{}", pretty.len());
        let widest = pretty.split('\n').map(|line| line.len() - line.trim_start().len()).max();
        assert_eq!(widest, Some(2 * MAX_INDENT_DEPTH));
    }
}
