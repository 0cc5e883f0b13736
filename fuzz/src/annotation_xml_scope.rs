//! html5ever bug 1: its "has an element in scope" leaves MathML
//! annotation-xml out of the elements that bound the scope (it has mi,
//! mo, mn, ms, mtext and SVG foreignObject, desc, title), so with an
//! annotation-xml open it finds elements the spec says are out of scope:
//! the adoption agency algorithm closes a formatting element (step 4: "If
//! formatting element is in the stack of open elements, but the element
//! is not in scope, then this is a parse error; return"), `</div>` closes
//! its div, a p-closing start tag closes a p, and so on.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope>
//!
//! Not replayed (an edit cannot make annotation-xml leave the scope
//! alone); instead [`fires`] checks that the bug acts on a token of the
//! input: at a tag whose rule looks for an element in scope, the stack
//! (read off htmlforge's parser) holds that element above an annotation-xml
//! with nothing else that bounds html5ever's scope between.

use htmlforge::dom::ElementRef;
use htmlforge::generated::element_categories::{element_categories, Categories};
use htmlforge::generated::names::{local_names, LocalName, Namespace};
use htmlforge::generated::tag_groups::{is_heading_elements, is_in_body_start_tags_that_close_a_p_element};

use crate::replay::{open_elements, tag_spans, Probe, TagSpan};

/// The elements that bound html5ever's default scope: the spec's, but
/// MathML annotation-xml.
fn bounds_html5ever_scope(element: &ElementRef<'_>) -> bool {
    let annotation_xml = element.ns() == Namespace::MathMl && element.local_name() == "annotation-xml";
    let scope = LocalName::lookup(element.local_name())
        .is_some_and(|name| element_categories(element.ns(), name).contains(Categories::SCOPE));
    scope && !annotation_xml
}

/// What a tag's rule looks for in scope: element names, and the extra
/// elements that bound that scope.
fn scope_check(end_tag: bool, name: &str) -> Option<(Vec<&'static str>, &'static [&'static str])> {
    const HEADINGS: [&str; 6] = ["h1", "h2", "h3", "h4", "h5", "h6"];
    const BUTTON_SCOPE: &[&str] = &["button"];
    const LIST_ITEM_SCOPE: &[&str] = &["ol", "ul"];
    let known = LocalName::lookup(name)?;
    if end_tag {
        return Some(match known {
            _ if is_heading_elements(known) => (HEADINGS.to_vec(), &[]),
            local_names::P => (vec!["p"], BUTTON_SCOPE),
            local_names::LI => (vec!["li"], LIST_ITEM_SCOPE),
            _ => (vec![known.as_str()], &[]),
        });
    }
    match known {
        // `<a>` with an `a` in the list of active formatting elements runs
        // the adoption agency algorithm for it (a find).
        local_names::BUTTON | local_names::NOBR | local_names::A => Some((vec![known.as_str()], &[])),
        local_names::RB | local_names::RTC | local_names::RP | local_names::RT => Some((vec!["ruby"], &[])),
        _ if is_in_body_start_tags_that_close_a_p_element(known)
            || is_heading_elements(known)
            || matches!(known, local_names::LI | local_names::DD | local_names::DT | local_names::FORM) =>
        {
            Some((vec!["p"], BUTTON_SCOPE))
        }
        _ => None,
    }
}

/// Whether a tag of `input` finds an element in html5ever's scope that an
/// open annotation-xml puts out of the spec's.
pub(crate) fn fires(input: &str, context: Option<&str>) -> bool {
    let probe = Probe::for_input(input);
    tag_spans(input, context).into_iter().any(|TagSpan { start, end_tag, name, .. }| {
        let Some((targets, extra_bounds)) = scope_check(end_tag, &name) else { return false };
        let Some(probed) = probe.parse_after(&input[..start], context) else { return false };
        let mut past_annotation_xml = false;
        for element in open_elements(&probed) {
            if element.ns() == Namespace::Html && targets.contains(&element.local_name()) {
                return past_annotation_xml;
            }
            if element.ns() == Namespace::MathMl && element.local_name() == "annotation-xml" {
                past_annotation_xml = true;
            } else if bounds_html5ever_scope(&element)
                || (element.ns() == Namespace::Html && extra_bounds.contains(&element.local_name()))
            {
                return false;
            }
        }
        false
    })
}
