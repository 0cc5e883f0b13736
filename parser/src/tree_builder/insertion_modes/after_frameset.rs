//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterframeset>

use crate::generated::names::local_names;
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterframeset>
    pub(crate) fn after_frameset<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Whitespace: insert; any other character: parse error, ignore.
            Tok::Characters(text) => {
                self.insert_only_whitespace(text);
                Step::Done
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
            // "html": "in body" rules.
            Tok::StartTag(tag) if tag.is(local_names::HTML) => self.in_body(tok),
            // An end tag "html": switch to "after after frameset".
            Tok::EndTag(tag) if tag.is(local_names::HTML) => {
                self.mode = InsertionMode::AfterAfterFrameset;
                Step::Done
            }
            // "noframes": "in head" rules.
            Tok::StartTag(tag) if tag.is(local_names::NOFRAMES) => self.in_head(tok),
            // An end-of-file token: stop parsing.
            Tok::Eof => {
                self.stop_parsing();
                Step::Done
            }
            // Anything else: parse error, ignore.
            Tok::StartTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                Step::Done
            }
            Tok::EndTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
        }
    }
}
