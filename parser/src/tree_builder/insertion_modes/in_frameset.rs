//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inframeset>

use crate::generated::names::local_names;
use crate::tree_builder::token::{is_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inframeset>
    pub(crate) fn in_frameset<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
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
            // "frameset": insert.
            Tok::StartTag(tag) if tag.is(local_names::FRAMESET) => {
                self.insert_an_html_element_for(tag);
                Step::Done
            }
            // An end tag "frameset".
            Tok::EndTag(tag) if tag.is(local_names::FRAMESET) => {
                if self.open_elements.depth() == 1 {
                    // The current node is the root html element (fragment case).
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    return Step::Done;
                }
                self.pop();
                if !self.is_fragment_case() && !self.current_node_is(local_names::FRAMESET) {
                    self.mode = InsertionMode::AfterFrameset;
                }
                Step::Done
            }
            // "frame": insert, pop, acknowledge the self-closing flag.
            Tok::StartTag(tag) if tag.is(local_names::FRAME) => {
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                Step::Done
            }
            // "noframes": "in head" rules.
            Tok::StartTag(tag) if tag.is(local_names::NOFRAMES) => self.in_head(tok),
            // An end-of-file token.
            Tok::Eof => {
                if self.open_elements.depth() != 1 {
                    self.parse_error(TreeConstructionError::EofWithOpenElements);
                }
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

    /// Inserts the whitespace characters of a run; each other character is
    /// a parse error and ignored ("in frameset", "after frameset").
    pub(crate) fn insert_only_whitespace(&mut self, text: &str) {
        let mut rest = text;
        while !rest.is_empty() {
            crate::cost::step!("tree_builder::whitespace_runs");
            let end = rest.find(|c: char| !is_whitespace(c)).unwrap_or(rest.len());
            self.insert_characters(&rest[..end]);
            rest = &rest[end..];
            let skip = rest.find(is_whitespace).unwrap_or(rest.len());
            if skip > 0 {
                self.parse_error(TreeConstructionError::UnexpectedCharacter);
            }
            rest = &rest[skip..];
        }
    }
}
