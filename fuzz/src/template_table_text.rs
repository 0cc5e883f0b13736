//! html5ever bug 6: "in table", "A character token, if the current node
//! is table, tbody, template, tfoot, thead, or tr element" goes to "in
//! table text", whose flush inserts a whitespace run as it is. html5ever
//! leaves template out of that check, so with a template the current node
//! it takes "anything else" (the "in body" rules with foster parenting),
//! which reconstructs the active formatting elements around the text.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable>
//!
//! No edit makes the spec reconstruct there, so [`fires`] checks that the
//! case arises: text read where the current node (off htmlforge's tree,
//! with a probe comment) is a template whose contents hold a table part,
//! so that its insertion mode is a table one.

use htmlforge::dom::NodeData;
use htmlforge::generated::names::{local_names, LocalName, Namespace};
use htmlforge::generated::tag_groups::{is_in_template_start_tags_for_table_content, is_table_cells};

use crate::replay::{tag_spans, Probe, Probed};

/// Whether text of `input` comes while a template that took table parts
/// is the current node.
pub(crate) fn fires(input: &str, context: Option<&str>) -> bool {
    let probe = Probe::for_input(input);
    tag_spans(input, context).into_iter().any(|tag| {
        // Text right after this tag.
        let text_follows = input[tag.end..].chars().next().is_some_and(|c| c != '<');
        if !text_follows {
            return false;
        }
        let Some(Probed { document, comment, .. }) = probe.parse_after(&input[..tag.end], context) else {
            return false;
        };
        let Some(contents) = document.parent(comment) else { return false };
        if !matches!(document.data(contents), NodeData::DocumentFragment) {
            return false;
        }
        document.children(contents).any(|child| {
            document.element(child).is_some_and(|e| {
                // What "in template" switches to a table mode for.
                e.ns() == Namespace::Html
                    && LocalName::lookup(e.local_name()).is_some_and(|name| {
                        is_in_template_start_tags_for_table_content(name)
                            || is_table_cells(name)
                            || matches!(name, local_names::COL | local_names::TR)
                    })
            })
        })
    })
}
