//! html5ever bug 7 replayed: in foreign content, a start tag that breaks
//! out of it (b, big, blockquote, …; font with color, face or size) and
//! the end tags `</br>` and `</p>` pop "while the current node is not a
//! MathML text integration point, an HTML integration point, or an
//! element in the HTML namespace". html5ever's loop leaves out the
//! MathML annotation-xml elements that are HTML integration points (an
//! encoding of text/html or application/xhtml+xml): it pops past them.
//!
//! Minimized (a find): `<math><annotation-xml encoding="text/html"><math><div>x`.
//! The spec pops the inner math and puts the div in the annotation-xml;
//! html5ever pops up to the body.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>,
//! <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>
//!
//! The replay puts, before each such token, an end tag for each element
//! html5ever pops (by the spec, in foreign content an end tag whose name
//! is the current node's pops it, whatever the element), so that the
//! spec's loop then stops where html5ever's does.

use htmlforge::dom::ElementRef;
use htmlforge::generated::element_categories::Categories;
use htmlforge::generated::names::{LocalName, Namespace};
use htmlforge::generated::tag_groups::{
    is_in_foreign_content_end_tags_that_break_out, is_in_foreign_content_start_tags_that_break_out,
};

use crate::replay::{categories, edit_at_tags, is_annotation_xml_integration_point, TagEdit, TagSpan};

/// Where html5ever's loop stops: an HTML element, a MathML text
/// integration point, or SVG foreignObject, desc or title.
fn stops_html5ever(element: &ElementRef<'_>) -> bool {
    element.ns() == Namespace::Html
        || categories(element)
            .intersects(Categories::MATHML_TEXT_INTEGRATION_POINT | Categories::HTML_INTEGRATION_POINT)
}

/// Whether the font start tag `span` (its text) has a color, face or size
/// attribute, which makes it break out of foreign content.
fn font_breaks_out(span: &str) -> bool {
    let lower = span.to_ascii_lowercase();
    ["color", "face", "size"].iter().any(|attribute| {
        lower.match_indices(attribute).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + attribute.len()..].chars().next();
            before.is_some_and(|c| matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r' | '/' | '"' | '\''))
                && after.is_some_and(|c| matches!(c, '=' | ' ' | '\t' | '\n' | '\x0c' | '\r' | '/' | '>'))
        })
    })
}

/// How many open elements (`open`, current node first) html5ever's loop
/// pops for a breakout token where the spec's loop stops at an
/// annotation-xml integration point first; `None` when the loops agree.
fn popped_by_html5ever(open: &[ElementRef<'_>], end_tag: bool) -> Option<usize> {
    let current = open.first()?;
    if current.ns() == Namespace::Html {
        return None;
    }
    // A start tag at an integration point goes to the HTML rules, not to
    // foreign content; end tags always go to foreign content.
    let integration_point = categories(current)
        .intersects(Categories::MATHML_TEXT_INTEGRATION_POINT | Categories::HTML_INTEGRATION_POINT)
        || is_annotation_xml_integration_point(current);
    if !end_tag && integration_point {
        return None;
    }
    let spec_stop = open.iter().position(|e| stops_html5ever(e) || is_annotation_xml_integration_point(e))?;
    if !is_annotation_xml_integration_point(&open[spec_stop]) {
        return None;
    }
    Some(open.iter().position(stops_html5ever).unwrap_or(open.len()))
}

/// `input` with end tags before each breakout token for what html5ever
/// pops past an annotation-xml integration point; `None` when there is no
/// such token.
pub(crate) fn replay(input: &str, context: Option<&str>) -> Option<String> {
    let breaks_out = |tag: &TagSpan| {
        let known = LocalName::lookup(&tag.name);
        if tag.end_tag {
            known.is_some_and(is_in_foreign_content_end_tags_that_break_out)
        } else {
            known.is_some_and(is_in_foreign_content_start_tags_that_break_out)
                || (tag.name == "font" && font_breaks_out(&input[tag.start..tag.end]))
        }
    };
    edit_at_tags(input, context, breaks_out, |tag, open| {
        let popped = popped_by_html5ever(open, tag.end_tag)?;
        // html5ever's loop ends at the html element at the latest, so all
        // of these are foreign elements.
        let before = open[..popped].iter().map(|element| format!("</{}>", element.local_name())).collect();
        Some(TagEdit { before, drop: false })
    })
}

#[cfg(test)]
mod tests {
    use super::{font_breaks_out, replay as edited};

    #[test]
    fn breakout_tokens_close_what_html5ever_pops_past_annotation_xml() {
        let ax = r#"<math><annotation-xml encoding="text/html">"#;
        assert_eq!(
            edited(&format!("{ax}<math><div>x"), None),
            Some(format!("{ax}<math></math></annotation-xml></math><div>x"))
        );
        // `</p>` at the annotation-xml itself: an end tag goes by the
        // foreign content rules there.
        assert_eq!(edited(&format!("{ax}</p>"), None), Some(format!("{ax}</annotation-xml></math></p>")));
        // A start tag at the annotation-xml goes by the HTML rules.
        assert_eq!(edited(&format!("{ax}<div>"), None), None);
        // Without the encoding, annotation-xml is no integration point: the
        // loops agree.
        assert_eq!(edited("<math><annotation-xml><math><div>", None), None);
        // A MathML text integration point stops both.
        assert_eq!(edited(&format!("{ax}<math><mi><math><div>"), None), None);
        // The find, in a MathML blockquote context.
        let find = r#"<annotation-xml encoding="aPPlication/xhtmL+xMl"><math><div>"#;
        assert_eq!(
            edited(find, Some("math blockquote")),
            Some(r#"<annotation-xml encoding="aPPlication/xhtmL+xMl"><math></math></annotation-xml><div>"#.to_string())
        );
    }

    #[test]
    fn font_breaks_out_with_color_face_or_size() {
        assert!(font_breaks_out("<font color=red>"));
        assert!(font_breaks_out("<font SIZE>"));
        assert!(font_breaks_out("<font x=1 face = y>"));
        assert!(!font_breaks_out("<font>"));
        assert!(!font_breaks_out("<font colors=1>"));
        assert!(!font_breaks_out("<font x=color>"));
    }
}
