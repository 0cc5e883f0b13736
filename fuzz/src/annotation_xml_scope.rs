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
//! (read off htmlforge's tree) holds that element above an annotation-xml
//! with nothing else that bounds html5ever's scope between.

use htmlforge::dom::ElementRef;
use htmlforge::generated::names::{local_names, LocalName, Namespace};
use htmlforge::generated::tag_groups::{is_heading_elements, is_in_body_start_tags_that_close_a_p_element};

use crate::replay::{open_elements, Probe};

/// The elements that bound html5ever's default scope.
fn bounds_html5ever_scope(element: &ElementRef<'_>) -> bool {
    let name = element.local_name();
    match element.ns() {
        Namespace::Html => matches!(
            name,
            "applet" | "caption" | "html" | "table" | "td" | "th" | "marquee" | "object" | "select" | "template"
        ),
        Namespace::MathMl => matches!(name, "mi" | "mo" | "mn" | "ms" | "mtext"),
        Namespace::Svg => matches!(name, "foreignObject" | "desc" | "title"),
        _ => false,
    }
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
        local_names::BUTTON | local_names::NOBR => Some((vec![known.as_str()], &[])),
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

/// The byte spans of what reads as start and end tags in `input` (`<`,
/// an optional `/`, an ASCII letter, up to the next `>`), with whether
/// each is an end tag and its name lowercased.
fn tag_spans(input: &str) -> Vec<(usize, bool, String)> {
    let bytes = input.as_bytes();
    let mut tags = Vec::new();
    let mut from = 0;
    while let Some(at) = input[from..].find('<') {
        let start = from + at;
        let end_tag = bytes.get(start + 1) == Some(&b'/');
        let name_start = start + 1 + usize::from(end_tag);
        if !bytes.get(name_start).is_some_and(u8::is_ascii_alphabetic) {
            from = start + 1;
            continue;
        }
        let Some(close) = input[start..].find('>') else { break };
        let name_end = input[name_start..start + close]
            .find(['/', ' ', '\t', '\n', '\x0c', '\r'])
            .map_or(start + close, |at| name_start + at);
        tags.push((start, end_tag, input[name_start..name_end].to_ascii_lowercase()));
        from = start + close + 1;
    }
    tags
}

/// Whether a tag of `input` finds an element in html5ever's scope that an
/// open annotation-xml puts out of the spec's.
pub(crate) fn fires(input: &str, context: Option<&str>) -> bool {
    let probe = Probe::for_input(input);
    tag_spans(input).into_iter().any(|(start, end_tag, name)| {
        let Some((targets, extra_bounds)) = scope_check(end_tag, &name) else { return false };
        let Some((document, comment)) = probe.parse_after(&input[..start], context) else { return false };
        let mut past_annotation_xml = false;
        for element in open_elements(&document, comment) {
            let Some(element) = element else { return false };
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
