//! What the fuzz targets share: how a fuzzer's input is split into knobs
//! (a few leading bytes choosing the chunking, the context, the flags) and
//! the markup, and the parse helpers every target calls.
//!
//! Every input is valid for every target: missing knob bytes read as 0,
//! and markup that is not UTF-8 is read lossily where a `&str` is needed.

mod annotation_xml_breakout;
mod annotation_xml_scope;
pub mod cost;
pub mod differential;
pub mod dom_api;
pub mod html5ever_bugs;
mod replay;
pub mod roundtrip_exceptions;
pub mod sanitize;
mod special_walks;
mod table_sections;
mod template_table_text;

use std::collections::HashMap;

use htmlforge::dom::{dump_children_html5lib, dump_html5lib, Document, NodeId};
use htmlforge::generated::names::{LocalName, Namespace, LOCAL_NAME_COUNT};
use htmlforge::{FragmentContext, ParseOptions, Parser};

/// Knob bytes at the start of the input, then the markup.
pub struct Input<'a> {
    knobs: &'a [u8],
    pub markup: &'a [u8],
}

impl<'a> Input<'a> {
    /// Takes the first `count` bytes as knobs.
    pub fn split(data: &'a [u8], count: usize) -> Input<'a> {
        let at = count.min(data.len());
        Input { knobs: &data[..at], markup: &data[at..] }
    }

    /// Knob `index` (0 when the input is shorter).
    pub fn knob(&self, index: usize) -> u8 {
        self.knobs.get(index).copied().unwrap_or(0)
    }

    /// The markup as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.markup).into_owned()
    }
}

/// Cut points that split `len` bytes into chunks of 1 to `max_chunk`
/// bytes, drawn from `seed` (a xorshift generator: reproducible).
pub fn chunk_cuts(len: usize, seed: u8, max_chunk: usize) -> Vec<usize> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ u64::from(seed).wrapping_mul(0x0100_0000_01B3);
    let mut cuts = Vec::new();
    let mut at = 0;
    loop {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        at += 1 + (state % max_chunk.max(1) as u64) as usize;
        if at >= len {
            return cuts;
        }
        cuts.push(at);
    }
}

/// `text`'s cut points moved back to character boundaries.
pub fn char_cuts(text: &str, cuts: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = cuts
        .iter()
        .map(|&cut| {
            let mut at = cut.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        })
        .collect();
    out.dedup();
    out
}

/// The pieces of `data` between the cuts.
pub fn pieces<'d, T: ?Sized + std::ops::Index<std::ops::Range<usize>, Output = T>>(
    data: &'d T,
    len: usize,
    cuts: &[usize],
) -> Vec<&'d T> {
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for &cut in cuts {
        out.push(&data[start..cut]);
        start = cut;
    }
    out.push(&data[start..len]);
    out
}

/// The fragment context chosen by two knobs: any interned name (every
/// element name the spec's tables know) in HTML, SVG or MathML.
pub fn fragment_context(name_knob: u16, ns_knob: u8) -> FragmentContext {
    let local = LocalName::from_index(name_knob as usize % LOCAL_NAME_COUNT).map_or("div", LocalName::as_str);
    let ns = match ns_knob % 8 {
        6 => Namespace::Svg,
        7 => Namespace::MathMl,
        _ => Namespace::Html,
    };
    FragmentContext::new(ns, local)
}

/// The options under which htmlforge's trees compare with html5ever's:
/// scripting off, and `<?` a bogus comment (html5ever follows the 2025
/// text, before processing instructions).
pub fn html5ever_comparable() -> ParseOptions {
    ParseOptions::default().scripting(false).legacy_processing_instructions(true)
}

/// A document parsed from `chunks`, dumped.
pub fn document_tree<'c>(chunks: impl IntoIterator<Item = &'c str>, options: ParseOptions) -> String {
    let mut parser = Parser::new(options);
    for chunk in chunks {
        parser.feed(chunk).unwrap();
    }
    dump_html5lib(&parser.finish())
}

/// A fragment parsed from `chunks`, dumped (the root's children).
pub fn fragment_tree<'c>(
    chunks: impl IntoIterator<Item = &'c str>,
    context: &FragmentContext,
    options: ParseOptions,
) -> String {
    let mut parser = Parser::new_fragment_with_sink(Document::new(), context, options);
    for chunk in chunks {
        parser.feed(chunk).unwrap();
    }
    dump_fragment(&parser.finish())
}

/// The dump of a parsed fragment: the children of its root element.
pub fn dump_fragment(document: &Document) -> String {
    match document.fragment_root() {
        Some(root) => dump_children_html5lib(document, root),
        None => String::new(),
    }
}

/// Every node, template contents included (`Document::descendants` does
/// not enter them), without recursion; and each template contents' template.
pub fn all_nodes(document: &Document) -> (Vec<NodeId>, HashMap<NodeId, NodeId>) {
    let mut out = Vec::new();
    let mut hosts = HashMap::new();
    let mut stack = vec![document.document()];
    // A fragment parse's nodes are in the DocumentFragment it returns,
    // which is in no tree.
    if let Some(fragment) = document.fragment_root().filter(|&root| document.parent(root).is_none()) {
        stack.push(fragment);
    }
    while let Some(node) = stack.pop() {
        out.push(node);
        let mut child = document.first_child(node);
        while let Some(next) = child {
            stack.push(next);
            child = document.next_sibling(next);
        }
        if let Some(contents) = document.element(node).and_then(|e| e.template_contents()) {
            hosts.insert(contents, node);
            stack.push(contents);
        }
    }
    (out, hosts)
}
