//! html5ever bug 4 replayed: its special category lacks the special MathML
//! and SVG elements (mi, mo, mn, ms, mtext, annotation-xml; foreignObject,
//! desc, title) and HTML search and keygen, and has the obsolete isindex,
//! so the two "in body" walks down the stack of open elements go past
//! elements where the spec stops, and stop at isindex where the spec goes
//! on:
//!
//! - "any other end tag": "if node is in the special category, then this
//!   is a parse error; ignore the token". html5ever walks on to an HTML
//!   element of the token's name and pops up to it.
//! - an li, dd or dt start tag: "if node is in the special category, but
//!   is not an address, div, or p element, then jump to the step labeled
//!   done". html5ever walks on to an li (dd, dt) and pops up to it.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>,
//! <https://html.spec.whatwg.org/multipage/parsing.html#special>
//!
//! The replay finds each such token (the stack read off htmlforge's parser
//! with a probe comment) and puts end tags before it that close, by the
//! spec's rules, what html5ever's walk pops: the elements from the current
//! node up to the topmost such special element it passes (each by an
//! end tag of its own name), then the element found (its end tag walks
//! past the rest, HTML elements that are not special, popping them and
//! leaving formatting ones in the list of active formatting elements, as
//! html5ever does). An end tag html5ever ignores at an isindex is dropped.
//! Inexact where a formatting element sits below a special element (its
//! own end tag also takes it off the list), and where html5ever keeps a
//! list item open at an isindex (no edit does that).

use htmlforge::dom::ElementRef;
use htmlforge::generated::element_categories::Categories;
use htmlforge::generated::names::{local_names, LocalName, Namespace};
use htmlforge::generated::tag_groups::{
    is_dd_and_dt, is_heading_elements, is_in_body_adoption_agency_end_tags, is_in_body_applet_marquee_object,
    is_in_body_end_tags_that_close_a_block, is_in_body_list_item_loop_passes_through, is_in_table_end_tags_to_ignore,
};

use crate::replay::{categories, edit_at_tags, open_elements, tag_spans, Probe, TagEdit, TagSpan};

/// A token the walks start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walker {
    /// An end tag.
    EndTag,
    /// An li, dd or dt start tag.
    ListItem(LocalName),
}

/// Whether an end tag named `name` is "any other end tag" in body (and in
/// the modes that hand end tags to it), not one with a rule of its own.
fn is_any_other_end_tag(name: &str) -> bool {
    let Some(name) = LocalName::lookup(name) else { return true };
    let own_rule = matches!(
        name,
        local_names::TEMPLATE | local_names::BODY | local_names::HTML | local_names::SELECT | local_names::FORM
    ) || matches!(name, local_names::P | local_names::LI | local_names::BR)
        || is_dd_and_dt(name)
        || is_heading_elements(name)
        || is_in_body_end_tags_that_close_a_block(name)
        || is_in_body_adoption_agency_end_tags(name)
        || is_in_body_applet_marquee_object(name)
        // The table modes' own end tags: the ones "in table" ignores, and table.
        || is_in_table_end_tags_to_ignore(name)
        || name == local_names::TABLE;
    !own_rule
}

fn is_html(element: &ElementRef<'_>, name: &str) -> bool {
    element.ns() == Namespace::Html && element.local_name() == name
}

/// What html5ever does with a walker token where the spec's walk ends
/// otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Html5everWalk {
    /// It walks past special elements it does not count and pops `popped`
    /// elements (from the current node), where the spec's walk stops: the
    /// first `own_end_tags` of them need end tags of their own.
    PopsPast { popped: usize, own_end_tags: usize },
    /// It stops at isindex, special to it alone, and ignores the end tag
    /// the spec's walk acts on.
    IgnoresEndTag,
    /// It stops at isindex where the spec closes a list item: no edit
    /// does that.
    KeepsListItem,
}

/// html5ever's special category against the spec's: without the MathML
/// and SVG special elements, HTML search and keygen (a void element is
/// never open), with the obsolete isindex.
fn special_to_html5ever(element: &ElementRef<'_>, spec_special: bool) -> bool {
    let html = element.ns() == Namespace::Html;
    (spec_special && html && element.local_name() != "search") || (html && element.local_name() == "isindex")
}

/// For a walker token with the stack `open` (current node first): what
/// html5ever's walk does where the spec's ends otherwise; `None` when the
/// walks agree.
fn html5ever_walk(walker: Walker, name: &str, open: &[ElementRef<'_>]) -> Option<Html5everWalk> {
    let mut start = 0;
    match walker {
        Walker::EndTag => {
            if !is_any_other_end_tag(name) {
                return None;
            }
            // Foreign content first: its walk pops a foreign element of the
            // token's name, or hands the token on at the first HTML element.
            let foreign = |e: &&ElementRef<'_>| e.ns() != Namespace::Html;
            if open.iter().take_while(foreign).any(|e| e.local_name().eq_ignore_ascii_case(name))
                || open.iter().all(|e| foreign(&e))
            {
                return None;
            }
        }
        Walker::ListItem(_) => {
            // A list item start tag breaks out of foreign content: the
            // foreign elements that are not integration points are popped.
            let integration = Categories::MATHML_TEXT_INTEGRATION_POINT | Categories::HTML_INTEGRATION_POINT;
            start =
                open.iter().take_while(|e| e.ns() != Namespace::Html && !categories(e).intersects(integration)).count();
        }
    }
    let matches = |element: &ElementRef<'_>| match walker {
        Walker::EndTag => is_html(element, name),
        Walker::ListItem(local_names::LI) => is_html(element, "li"),
        Walker::ListItem(_) => is_html(element, "dd") || is_html(element, "dt"),
    };
    let passes_special = |element: &ElementRef<'_>| {
        matches!(walker, Walker::ListItem(_))
            && element.ns() == Namespace::Html
            && LocalName::lookup(element.local_name()).is_some_and(is_in_body_list_item_loop_passes_through)
    };
    // Both walks end at the first element of the name, or at the first
    // element special to them (an li walk passes address, div and p).
    let mut topmost_passed = None;
    for (index, element) in open.iter().enumerate().skip(start) {
        let spec_special = categories(element).contains(Categories::SPECIAL) && !passes_special(element);
        let html5ever_special = special_to_html5ever(element, spec_special) && !passes_special(element);
        if matches(element) {
            return topmost_passed
                .map(|passed| Html5everWalk::PopsPast { popped: index + 1, own_end_tags: passed + 1 });
        }
        match (spec_special, html5ever_special) {
            (true, true) => return None,
            (true, false) => topmost_passed = Some(index),
            (false, true) if topmost_passed.is_none() => {
                // The spec's walk goes on: to an element of the name?
                let found = open[index..].iter().find_map(|e| {
                    if matches(e) {
                        Some(true)
                    } else if categories(e).contains(Categories::SPECIAL) && !passes_special(e) {
                        Some(false)
                    } else {
                        None
                    }
                });
                return match (found, walker) {
                    (Some(true), Walker::EndTag) => Some(Html5everWalk::IgnoresEndTag),
                    (Some(true), Walker::ListItem(_)) => Some(Html5everWalk::KeepsListItem),
                    _ => None,
                };
            }
            (false, true) => return None,
            (false, false) => {}
        }
    }
    None
}

/// An input edited to do by the spec what html5ever does.
pub(crate) struct Replay {
    pub edited: String,
    /// The edit is not exact: an end tag of its own closes a formatting
    /// element, which also takes it off the list of active formatting
    /// elements (html5ever keeps it there), or html5ever keeps a list
    /// item open that the spec closes.
    pub inexact: bool,
}

/// `input` with end tags put before each token whose walk html5ever takes
/// past a special foreign element, closing what html5ever pops; `None`
/// when there is no such token.
pub(crate) fn replay(input: &str, context: Option<&str>) -> Option<Replay> {
    let walker = |tag: &TagSpan| match tag.name.as_str() {
        _ if tag.end_tag => Some(Walker::EndTag),
        "li" => Some(Walker::ListItem(local_names::LI)),
        "dd" => Some(Walker::ListItem(local_names::DD)),
        "dt" => Some(Walker::ListItem(local_names::DT)),
        _ => None,
    };
    let mut closes_formatting = false;
    let mut keeps_list_item = false;
    let edited = edit_at_tags(
        input,
        context,
        |tag| walker(tag).is_some(),
        |tag, open| {
            let walker = walker(tag)?;
            let mut before = String::new();
            let drop = match html5ever_walk(walker, &tag.name, open)? {
                Html5everWalk::PopsPast { popped, own_end_tags } => {
                    for element in &open[..own_end_tags] {
                        before.push_str(&format!("</{}>", element.local_name()));
                        closes_formatting |= categories(element).contains(Categories::FORMATTING);
                    }
                    if let Walker::ListItem(_) = walker {
                        before.push_str(&format!("</{}>", open[popped - 1].local_name()));
                    }
                    false
                }
                Html5everWalk::IgnoresEndTag => true,
                Html5everWalk::KeepsListItem => {
                    keeps_list_item = true;
                    false
                }
            };
            Some(TagEdit { before, drop })
        },
    )?;
    Some(Replay { edited, inexact: closes_formatting || keeps_list_item })
}

/// Whether the adoption agency algorithm meets, at a formatting end tag
/// (or an `a` or `nobr` start tag) of the input, a furthest block the two special categories disagree on:
/// "the topmost node in the stack of open elements that is lower in the
/// stack than formatting element, and is an element in the special
/// category" is a search to the spec, an isindex to html5ever. No edit
/// replays that (the algorithm then moves nodes): the construct is checked
/// on the stack, a search or isindex open above an HTML element of the
/// tag's name.
pub(crate) fn furthest_blocks_differ(input: &str, context: Option<&str>) -> bool {
    let probe = Probe::for_input(input);
    tag_spans(input, context).into_iter().any(|TagSpan { start, end_tag, name, .. }| {
        // The algorithm runs for a formatting end tag, and for an `a` or
        // `nobr` start tag when one is open.
        let runs = if end_tag {
            LocalName::lookup(&name).is_some_and(is_in_body_adoption_agency_end_tags)
        } else {
            matches!(name.as_str(), "a" | "nobr")
        };
        if !runs {
            return false;
        }
        let Some(probed) = probe.parse_after(&input[..start], context) else { return false };
        let open = open_elements(&probed);
        let mut disputed = false;
        for element in &open {
            if is_html(element, &name) {
                return disputed;
            }
            disputed |= is_html(element, "search") || is_html(element, "isindex");
        }
        false
    })
}

#[cfg(test)]
mod tests {
    use super::replay;

    fn edited(input: &str) -> Option<String> {
        replay(input, None).map(|replay| replay.edited)
    }

    #[test]
    fn the_walks_past_special_foreign_elements_become_end_tags() {
        // `</g>` pops the math itself once the mi is closed.
        assert_eq!(edited("<g><math><mi></g>").as_deref(), Some("<g><math><mi></mi></g>"));
        // The li start tag: the mi by its own end tag, then the li found
        // (its end tag pops the math and the div, passed by the walk).
        assert_eq!(edited("<li><div><math><mi><li>").as_deref(), Some("<li><div><math><mi></mi></li><li>"));
        // In foreign content a foreign element of the name ends the walk.
        assert_eq!(edited("<g><math><mi><g></g>"), None);
        // An HTML special element stops html5ever's walk too, but search.
        assert_eq!(edited("<g><math><mi><div></g>"), None);
        assert_eq!(edited("<x><search></x>y").as_deref(), Some("<x><search></search></x>y"));
        // isindex is special to html5ever alone: it ignores the end tag.
        assert_eq!(edited("<x><isindex></x>y").as_deref(), Some("<x><isindex>y"));
        assert!(replay("<li><isindex><li>y", None).is_some_and(|replay| replay.inexact));
    }

    #[test]
    fn a_table_a_node_was_foster_parented_before_stops_the_walk() {
        // The math went before the table, which is open above it: html5ever
        // stops there.
        assert_eq!(edited("<x><table><math><mi></x>"), None);
    }

    #[test]
    fn end_tags_with_rules_of_their_own_do_not_walk() {
        assert_eq!(edited("<div><math><mi></div>"), None);
        assert_eq!(edited("<td><math><mi></td>"), None);
    }
}
