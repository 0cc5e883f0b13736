//! The tree in the html5lib tree-construction test format: one `| ` line
//! per node, two spaces of indent per level, attributes sorted by name,
//! `content` for template contents.

use std::fmt::Write;

use crate::generated::names::Namespace;

use super::{Doctype, Document, NodeData, NodeId};

/// The whole document, as in a test's `#document` section.
pub fn dump_html5lib(document: &Document) -> String {
    dump_children_html5lib(document, document.document())
}

/// The children of `parent` at indent level 0 (for fragments: the
/// children of the root `html` element).
pub fn dump_children_html5lib(document: &Document, parent: NodeId) -> String {
    let mut out = String::new();
    // Explicit stack of (node, depth); children are pushed in reverse.
    let mut stack: Vec<(NodeId, usize)> = Vec::new();
    push_children(document, parent, 0, &mut stack);
    while let Some((node, depth)) = stack.pop() {
        write_node(document, node, depth, &mut out);
        push_children(document, node, depth + 1, &mut stack);
        if let Some(contents) = document.element(node).and_then(|e| e.template_contents()) {
            // `content` (whose children follow as for any node) comes
            // before the template's own children, which the parser never adds.
            stack.push((contents, depth + 1));
        }
    }
    out
}

fn push_children(document: &Document, parent: NodeId, depth: usize, stack: &mut Vec<(NodeId, usize)>) {
    let mut child = document.last_child(parent);
    while let Some(node) = child {
        stack.push((node, depth));
        child = document.previous_sibling(node);
    }
}

fn write_node(document: &Document, node: NodeId, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    match document.data(node) {
        NodeData::Document => {}
        NodeData::DocumentFragment => {
            let _ = writeln!(out, "| {indent}content");
        }
        NodeData::Doctype(doctype) => {
            let Doctype { name, public_id, system_id } = doctype;
            if public_id.is_empty() && system_id.is_empty() {
                let _ = writeln!(out, "| {indent}<!DOCTYPE {name}>");
            } else {
                let _ = writeln!(out, "| {indent}<!DOCTYPE {name} \"{public_id}\" \"{system_id}\">");
            }
        }
        NodeData::Text(text) => {
            let _ = writeln!(out, "| {indent}\"{text}\"");
        }
        NodeData::Comment(text) => {
            let _ = writeln!(out, "| {indent}<!-- {text} -->");
        }
        NodeData::Element(element) => {
            let prefix = match element.ns() {
                Namespace::Svg => "svg ",
                Namespace::MathMl => "math ",
                _ => "",
            };
            let _ = writeln!(out, "| {indent}<{prefix}{}>", element.local_name());
            let mut attrs: Vec<(String, &str)> = element
                .attrs()
                .map(|attr| {
                    let name = match attr.prefix {
                        Some(prefix) => format!("{prefix} {}", attr.local),
                        None => attr.local.to_string(),
                    };
                    (name, attr.value)
                })
                .collect();
            // "sorted lexicographically by UTF-16 code unit"
            attrs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            for (name, value) in attrs {
                let _ = writeln!(out, "| {indent}  {name}=\"{value}\"");
            }
        }
    }
}
