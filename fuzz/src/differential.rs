//! The `differential` target's comparison, shared with the census
//! example (`cargo run --release --example differential_census DIR…`),
//! which counts how often each known html5ever bug explains a difference
//! over a corpus.
//!
//! Knobs: [mode (0: document, else fragment), context name (2 bytes),
//! context namespace].

use htmlforge::generated::names::Namespace;
use htmlforge_conformance::html5ever_tree::{html5ever_fragment_tree, html5ever_tree};

use crate::{document_tree, fragment_context, fragment_tree, html5ever_bugs, html5ever_comparable, Input};

/// How htmlforge's tree of an input compares with html5ever's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    Same,
    /// Different, and this known html5ever bug explains it.
    Explained(&'static str),
    /// Different, and nothing known explains it: a find.
    Unexplained {
        context: Option<String>,
        ours: String,
        theirs: String,
    },
}

/// Parses the fuzzer's input `data` with both parsers, as a document or
/// as a fragment in the context the knobs choose ([`html5ever_comparable`]).
pub fn compare(data: &[u8]) -> Comparison {
    let input = Input::split(data, 4);
    let text = input.text();
    let (ours, theirs, context) = if input.knob(0) & 3 == 0 {
        (document_tree([text.as_str()], html5ever_comparable()), html5ever_tree(&text), None)
    } else {
        let context = fragment_context(u16::from_le_bytes([input.knob(1), input.knob(2)]), input.knob(3));
        let ns = match context.name.ns {
            Namespace::Svg => "svg",
            Namespace::MathMl => "math",
            _ => "html",
        };
        let local = context.name.local.as_str().to_string();
        let theirs = html5ever_fragment_tree(&text, ns, &local);
        (fragment_tree([text.as_str()], &context, html5ever_comparable()), theirs, Some(format!("{ns} {local}")))
    };
    if ours == theirs {
        return Comparison::Same;
    }
    match html5ever_bugs::known_bug(&text, context.as_deref(), &theirs) {
        Some(bug) => Comparison::Explained(bug),
        None => Comparison::Unexplained { context, ours, theirs },
    }
}
