//! The three serializers, as `Node.to_html` and `Document.to_html` offer
//! them.

use htmlforge::dom::{write_pretty_html, NodeData, SpecSerializeOptions};
use htmlforge::serializer::{FmtOutput, SerializeOptions, Serializer};
use htmlforge::NodeId;
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use crate::shared::DocState;

/// Which serializer.
#[derive(Clone, Copy)]
pub(crate) enum Style {
    /// The standard's HTML fragment serialization (`innerHTML`/`outerHTML`).
    Html,
    /// The minimizing serializer: optional tags and quotes left out where
    /// the output still parses to the same tree.
    Minimal,
    /// The pretty printer: line breaks and indentation only inside tags.
    Pretty,
}

impl Style {
    pub(crate) fn parse(style: &str) -> PyResult<Style> {
        match style {
            "html" => Ok(Style::Html),
            "minimal" => Ok(Style::Minimal),
            "pretty" => Ok(Style::Pretty),
            other => {
                Err(PyValueError::new_err(format!("unknown serializer {other:?}: \"html\", \"minimal\" or \"pretty\"")))
            }
        }
    }
}

/// `node` (with `outer`) or its children as HTML, with the scripting flag
/// the document was parsed with, so that the output parses back to the
/// same tree. The Document and fragments have no markup of their own:
/// theirs is their children's.
/// The pretty printer writes children only: for an element's own tags
/// (`outer`), it refuses.
pub(crate) fn serialize(state: &DocState, node: NodeId, style: Style, outer: bool) -> PyResult<String> {
    let document = &state.document;
    let outer = outer && !matches!(document.data(node), NodeData::Document | NodeData::DocumentFragment);
    Ok(match style {
        Style::Html => {
            let options = SpecSerializeOptions::default().scripting(Some(state.scripting));
            if outer {
                let mut out = FmtOutput(String::new());
                // Writing to a String cannot fail.
                let _ = htmlforge::dom::serialize_outer_html(document, node, options, &mut out);
                out.0
            } else {
                document.inner_html_with(node, options)
            }
        }
        Style::Minimal => {
            let options = SerializeOptions::default().scripting(Some(state.scripting));
            let mut serializer = Serializer::new(String::new(), options);
            // A String destination never fails.
            let _ =
                if outer { serializer.write_node(document, node) } else { serializer.write_children(document, node) };
            serializer.finish().unwrap_or_default()
        }
        Style::Pretty if outer => {
            return Err(PyValueError::new_err("the pretty printer writes a node's children: use outer=False"))
        }
        Style::Pretty => {
            let mut out = FmtOutput(String::new());
            let options = SpecSerializeOptions::default().scripting(Some(state.scripting));
            // Writing to a String cannot fail.
            let _ = write_pretty_html(document, node, options, &mut out);
            out.0
        }
    })
}
