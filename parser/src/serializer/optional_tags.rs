//! Whether a start or end tag may be omitted, by the generated rules of
//! `spec-data/optional-tags.txt`, given what follows the tag.
//!
//! A serializer sees a flat event stream, so the rules' tree terms are read
//! off the next event: "the first thing inside" a start tag's element and
//! "immediately followed by" for an end tag are both the next event, and
//! "the element is empty" / "no more content in the parent element" mean
//! the next event is an end tag (or the end of the input).
//!
//! Spec: <https://html.spec.whatwg.org/multipage/syntax.html#optional-tags>

use crate::generated::optional_tags::{end_tag_rule, start_tag_rule, Clause, Item, EVERY_START_TAG};

use super::event::Namespace;

/// The event after a tag, as far as the rules look at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Following<'a> {
    /// A start tag.
    StartTag {
        /// The element's namespace.
        namespace: Namespace,
        /// The tag name.
        name: &'a str,
    },
    /// An end tag.
    EndTag,
    /// Non-empty text.
    Text(&'a str),
    /// A comment.
    Comment,
    /// A doctype.
    Doctype,
    /// The end of the input.
    End,
}

/// The parent of an element whose end tag is being decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parent<'a> {
    /// An HTML element, by local name.
    Html(&'a str),
    /// An SVG or MathML element.
    Foreign,
}

/// What the rules know about a tag besides what follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagContext<'a> {
    /// What follows the tag.
    pub following: Following<'a>,
    /// For an end tag: the parent element, if any.
    pub parent: Option<Parent<'a>>,
    /// For a start tag: whether it has attributes.
    pub has_attributes: bool,
    /// For a start tag: the name of the element immediately before this
    /// one, if its end tag was omitted.
    pub after_omitted_end_of: Option<&'a str>,
    /// Whether the document is in quirks mode.
    pub quirks_mode: bool,
}

impl<'a> TagContext<'a> {
    /// A context with nothing known but what follows.
    pub fn followed_by(following: Following<'a>) -> Self {
        TagContext { following, parent: None, has_attributes: false, after_omitted_end_of: None, quirks_mode: false }
    }
}

/// Whether the start tag of the HTML element `name` may be omitted.
pub fn start_tag_may_be_omitted(name: &str, context: &TagContext<'_>) -> bool {
    match start_tag_rule(name) {
        Some(rule) => holds(EVERY_START_TAG, context) && holds(rule.condition, context),
        None => false,
    }
}

/// Whether the end tag of the HTML element `name` may be omitted.
pub fn end_tag_may_be_omitted(name: &str, context: &TagContext<'_>) -> bool {
    match end_tag_rule(name) {
        Some(rule) => holds(rule.condition, context),
        None => false,
    }
}

/// Whether some tag of `name` may be omitted at all, so that its writing
/// must wait for the next event.
pub fn has_rule(name: &str, is_start: bool) -> bool {
    if is_start {
        start_tag_rule(name).is_some()
    } else {
        end_tag_rule(name).is_some()
    }
}

fn holds(condition: &[&[Clause]], context: &TagContext<'_>) -> bool {
    condition.iter().any(|clauses| clauses.iter().all(|clause| clause_holds(clause, context)))
}

fn clause_holds(clause: &Clause, context: &TagContext<'_>) -> bool {
    let following = context.following;
    match *clause {
        Clause::Empty | Clause::LastInParent => matches!(following, Following::EndTag | Following::End),
        Clause::NoAttributes => !context.has_attributes,
        Clause::NoQuirks => !context.quirks_mode,
        Clause::FirstInside(items) | Clause::Next(items) => matches_any(following, items),
        Clause::FirstInsideNot(items) | Clause::NextNot(items) => !matches_any(following, items),
        Clause::Parent(items) => match context.parent {
            None => true,
            Some(Parent::Html(name)) => parent_is_one_of(name, items),
            Some(Parent::Foreign) => false,
        },
        Clause::ParentNot(items) => match context.parent {
            None => true,
            Some(Parent::Html(name)) => !parent_is_one_of(name, items),
            // The rule names HTML parents only. An HTML element whose
            // parent is foreign (in `foreignObject`, say) keeps its end
            // tag: the parser would ignore the parent's end tag while the
            // child is open, as for the listed parents.
            Some(Parent::Foreign) => false,
        },
        Clause::NotAfterOmitted(names) => context.after_omitted_end_of.is_none_or(|before| !names.contains(&before)),
    }
}

fn parent_is_one_of(name: &str, items: &[Item]) -> bool {
    items.iter().any(|item| match *item {
        Item::Named(listed) => listed == name,
        Item::CustomElement => name.contains('-'),
        _ => false,
    })
}

fn matches_any(following: Following<'_>, items: &[Item]) -> bool {
    items.iter().any(|item| match (*item, following) {
        (Item::Element, Following::StartTag { .. }) => true,
        (Item::Named(name), Following::StartTag { namespace: Namespace::Html, name: next }) => name == next,
        (Item::Comment, Following::Comment) => true,
        // "space character": the spec's space characters are the ASCII
        // whitespace of the tokenizer.
        (Item::Space, Following::Text(text)) => text.starts_with(['\t', '\n', '\x0C', '\r', ' ']),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(name: &str) -> Following<'_> {
        Following::StartTag { namespace: Namespace::Html, name }
    }

    fn end_omitted(name: &str, following: Following<'_>) -> bool {
        end_tag_may_be_omitted(name, &TagContext::followed_by(following))
    }

    #[test]
    fn li_end_tag_before_li_or_at_the_end_of_the_parent() {
        assert!(end_omitted("li", start("li")));
        assert!(end_omitted("li", Following::EndTag));
        assert!(end_omitted("li", Following::End));
        assert!(!end_omitted("li", start("p")));
        assert!(!end_omitted("li", Following::Text("x")));
        assert!(!end_omitted("li", Following::Comment));
    }

    #[test]
    fn dt_end_tag_needs_a_following_dt_or_dd() {
        assert!(end_omitted("dt", start("dd")));
        assert!(!end_omitted("dt", Following::EndTag));
    }

    #[test]
    fn p_end_tag_inside_an_a_is_kept_at_the_end() {
        let mut context = TagContext::followed_by(Following::EndTag);
        assert!(end_tag_may_be_omitted("p", &context));
        context.parent = Some(Parent::Html("a"));
        assert!(!end_tag_may_be_omitted("p", &context));
        context.parent = Some(Parent::Html("my-widget"));
        assert!(!end_tag_may_be_omitted("p", &context), "autonomous custom element");
        context.parent = Some(Parent::Foreign);
        assert!(!end_tag_may_be_omitted("p", &context));
        context.parent = Some(Parent::Html("div"));
        assert!(end_tag_may_be_omitted("p", &context));
        context.following = start("div");
        assert!(end_tag_may_be_omitted("p", &context), "a following div closes the p anyway");
    }

    #[test]
    fn p_end_tag_before_a_table_is_kept_in_quirks_mode() {
        let mut context = TagContext::followed_by(start("table"));
        assert!(end_tag_may_be_omitted("p", &context));
        context.quirks_mode = true;
        assert!(!end_tag_may_be_omitted("p", &context));
    }

    #[test]
    fn body_start_tag_is_kept_before_elements_the_parser_puts_in_head() {
        for name in ["title", "base", "meta", "noframes"] {
            assert!(!start_tag_may_be_omitted("body", &TagContext::followed_by(start(name))), "{name}");
        }
    }

    #[test]
    fn a_foreign_element_is_not_the_html_element_of_the_same_name() {
        let svg_p = Following::StartTag { namespace: Namespace::Svg, name: "p" };
        assert!(!end_omitted("p", svg_p));
    }

    #[test]
    fn space_and_comments_keep_head_and_body_end_tags() {
        assert!(!end_omitted("head", Following::Text(" x")));
        assert!(end_omitted("head", Following::Text("x")));
        assert!(!end_omitted("body", Following::Comment));
        assert!(end_omitted("body", Following::End));
    }

    #[test]
    fn start_tags_with_attributes_are_never_omitted() {
        let mut context = TagContext::followed_by(start("head"));
        assert!(start_tag_may_be_omitted("html", &context));
        context.has_attributes = true;
        assert!(!start_tag_may_be_omitted("html", &context));
    }

    #[test]
    fn body_start_tag_is_kept_before_script_and_space() {
        assert!(start_tag_may_be_omitted("body", &TagContext::followed_by(start("div"))));
        assert!(start_tag_may_be_omitted("body", &TagContext::followed_by(Following::End)));
        assert!(!start_tag_may_be_omitted("body", &TagContext::followed_by(start("script"))));
        assert!(!start_tag_may_be_omitted("body", &TagContext::followed_by(Following::Text("\tx"))));
    }

    #[test]
    fn tbody_start_tag_after_an_omitted_tbody_end_tag_is_kept() {
        let mut context = TagContext::followed_by(start("tr"));
        assert!(start_tag_may_be_omitted("tbody", &context));
        context.after_omitted_end_of = Some("thead");
        assert!(!start_tag_may_be_omitted("tbody", &context));
        assert!(!start_tag_may_be_omitted("tbody", &TagContext::followed_by(Following::EndTag)), "never when empty");
    }

    #[test]
    fn elements_without_rules_keep_their_tags() {
        assert!(!has_rule("div", false));
        assert!(!end_omitted("div", Following::End));
        assert!(!start_tag_may_be_omitted("div", &TagContext::followed_by(Following::End)));
    }
}
