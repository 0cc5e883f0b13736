//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-before-head-insertion-mode>

use crate::generated::names::local_names;
use crate::generated::tag_groups::is_before_html_end_tags_that_act_as_anything_else;
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-before-head-insertion-mode>
    pub(crate) fn before_head<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Whitespace: ignore.
            Tok::Characters(text) => {
                let (_, rest) = split_leading_whitespace(text);
                if rest.is_empty() {
                    return Step::Done;
                }
                self.before_head_anything_else(Tok::Characters(rest))
            }
            // A comment token: insert a comment.
            Tok::Comment(text) => {
                self.insert_a_comment(text);
                Step::Done
            }
            // A processing instruction token: insert a processing instruction
            // [#insert-a-processing-instruction].
            Tok::ProcessingInstruction(pi) => {
                self.insert_a_processing_instruction(pi);
                Step::Done
            }
            // A DOCTYPE token: parse error, ignore.
            Tok::Doctype(_) => {
                self.parse_error(TreeConstructionError::UnexpectedDoctype);
                Step::Done
            }
            // A start tag whose tag name is "html": "in body" rules.
            Tok::StartTag(tag) if tag.is(local_names::HTML) => self.in_body(tok),
            // A start tag whose tag name is "head".
            Tok::StartTag(tag) if tag.is(local_names::HEAD) => {
                let head = self.insert_an_html_element_for(tag);
                self.head_element = Some(head);
                self.mode = InsertionMode::InHead;
                Step::Done
            }
            // An end tag whose tag name is one of: "head", "body", "html", "br": anything else.
            Tok::EndTag(tag) if tag.is_in(is_before_html_end_tags_that_act_as_anything_else) => {
                self.before_head_anything_else(tok)
            }
            // Any other end tag: parse error, ignore.
            Tok::EndTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            _ => self.before_head_anything_else(tok),
        }
    }

    /// "Anything else": insert a head element, switch to "in head", reprocess.
    fn before_head_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        let head = self.insert_an_html_element_named("head");
        self.head_element = Some(head);
        self.mode = InsertionMode::InHead;
        Step::Reprocess(tok)
    }
}
