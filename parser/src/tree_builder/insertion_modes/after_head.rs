//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-after-head-insertion-mode>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_after_head_start_tags_processed_in_head, is_in_head_end_tags_that_act_as_anything_else,
};
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{OpenElement, TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-after-head-insertion-mode>
    pub(crate) fn after_head<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Whitespace: insert the character.
            Tok::Characters(text) => {
                let (whitespace, rest) = split_leading_whitespace(text);
                self.insert_characters(whitespace);
                if rest.is_empty() {
                    return Step::Done;
                }
                self.after_head_anything_else(Tok::Characters(rest))
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
            // "body": insert, frameset-ok "not ok", switch to "in body".
            Tok::StartTag(tag) if tag.is(local_names::BODY) => {
                self.insert_an_html_element_for(tag);
                self.frameset_ok = false;
                self.mode = InsertionMode::InBody;
                Step::Done
            }
            // "frameset": insert, switch to "in frameset".
            Tok::StartTag(tag) if tag.is(local_names::FRAMESET) => {
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InFrameset;
                Step::Done
            }
            // "base", …, "title": parse error; push the head element, "in head" rules, remove it again.
            Tok::StartTag(tag) if tag.is_in(is_after_head_start_tags_processed_in_head) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                let head = self.head_element.expect("after head, the head element pointer is set");
                self.open_elements.push(OpenElement::html(head, local_names::HEAD));
                let step = self.in_head(tok);
                self.remove_from_stack(head);
                step
            }
            // An end tag whose tag name is "template": "in head" rules.
            Tok::EndTag(tag) if tag.is(local_names::TEMPLATE) => self.in_head(tok),
            // "body", "html", "br": anything else.
            Tok::EndTag(tag) if tag.is_in(is_in_head_end_tags_that_act_as_anything_else) => {
                self.after_head_anything_else(tok)
            }
            // A start tag "head", any other end tag: parse error, ignore.
            Tok::StartTag(tag) if tag.is(local_names::HEAD) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                Step::Done
            }
            Tok::EndTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            _ => self.after_head_anything_else(tok),
        }
    }

    /// "Anything else": insert a body element, switch to "in body", reprocess.
    fn after_head_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.insert_an_html_element_named("body");
        // "Set the frameset-ok flag to "ok"": a `template` in the head (which
        // sets it to "not ok") does not keep a later `frameset` out. In the
        // standard since 2026-08 (whatwg-parsing-2026.txt Appendix A.4; the
        // 13.2.6.4.6 text before it lacks the step) [#the-after-head-insertion-mode].
        self.frameset_ok = true;
        self.mode = InsertionMode::InBody;
        Step::Reprocess(tok)
    }
}
