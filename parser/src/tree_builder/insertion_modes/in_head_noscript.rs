//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inheadnoscript>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_in_head_noscript_start_tags_processed_in_head, is_in_head_noscript_start_tags_to_ignore,
};
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inheadnoscript>
    pub(crate) fn in_head_noscript<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A DOCTYPE token: parse error, ignore.
            Tok::Doctype(_) => {
                self.parse_error(TreeConstructionError::UnexpectedDoctype);
                Step::Done
            }
            // A start tag whose tag name is "html": "in body" rules.
            Tok::StartTag(tag) if tag.is(local_names::HTML) => self.in_body(tok),
            // An end tag whose tag name is "noscript": pop, switch to "in head".
            Tok::EndTag(tag) if tag.is(local_names::NOSCRIPT) => {
                self.pop();
                self.mode = InsertionMode::InHead;
                Step::Done
            }
            // Whitespace, a comment, or "basefont", "bgsound", "link",
            // "meta", "noframes", "style": "in head" rules.
            Tok::Characters(text) => {
                let (whitespace, rest) = split_leading_whitespace(text);
                if !whitespace.is_empty() {
                    self.in_head(Tok::Characters(whitespace));
                }
                if rest.is_empty() {
                    return Step::Done;
                }
                self.in_head_noscript_anything_else(Tok::Characters(rest))
            }
            // A comment token, a processing instruction token: "in head" rules.
            Tok::Comment(_) | Tok::ProcessingInstruction(_) => self.in_head(tok),
            Tok::StartTag(tag) if tag.is_in(is_in_head_noscript_start_tags_processed_in_head) => self.in_head(tok),
            // An end tag whose tag name is "br": anything else.
            Tok::EndTag(tag) if tag.is(local_names::BR) => self.in_head_noscript_anything_else(tok),
            // "head", "noscript" start tags; any other end tag: parse error, ignore.
            Tok::StartTag(tag) if tag.is_in(is_in_head_noscript_start_tags_to_ignore) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                Step::Done
            }
            Tok::EndTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            _ => self.in_head_noscript_anything_else(tok),
        }
    }

    /// "Anything else": parse error; pop the noscript element, switch to "in head", reprocess.
    fn in_head_noscript_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.parse_error(TreeConstructionError::UnexpectedStartTag);
        self.pop();
        self.mode = InsertionMode::InHead;
        Step::Reprocess(tok)
    }
}
