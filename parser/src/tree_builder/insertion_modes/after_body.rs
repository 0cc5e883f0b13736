//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody>

use crate::generated::names::local_names;
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody>
    pub(crate) fn after_body<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Whitespace: "in body" rules.
            Tok::Characters(text) => {
                let (whitespace, rest) = split_leading_whitespace(text);
                if !whitespace.is_empty() {
                    self.in_body(Tok::Characters(whitespace));
                }
                if rest.is_empty() {
                    return Step::Done;
                }
                self.after_body_anything_else(Tok::Characters(rest))
            }
            // A comment token: insert it as the last child of the first
            // element in the stack of open elements (the html element).
            Tok::Comment(text) => {
                let html = self.open_elements[0].handle;
                self.insert_a_comment_in(html, text);
                Step::Done
            }
            // A processing instruction token: insert it as the last child of the
            // first element in the stack of open elements (the html element)
            // [#insert-a-processing-instruction].
            Tok::ProcessingInstruction(pi) => {
                let html = self.open_elements[0].handle;
                self.insert_a_processing_instruction_in(html, pi);
                Step::Done
            }
            // A DOCTYPE token: parse error, ignore.
            Tok::Doctype(_) => {
                self.parse_error(TreeConstructionError::UnexpectedDoctype);
                Step::Done
            }
            // "html": "in body" rules.
            Tok::StartTag(tag) if tag.is(local_names::HTML) => self.in_body(tok),
            // An end tag "html".
            Tok::EndTag(tag) if tag.is(local_names::HTML) => {
                if self.is_fragment_case() {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                } else {
                    self.mode = InsertionMode::AfterAfterBody;
                }
                Step::Done
            }
            // An end-of-file token: stop parsing.
            Tok::Eof => {
                self.stop_parsing();
                Step::Done
            }
            _ => self.after_body_anything_else(tok),
        }
    }

    /// "Anything else": parse error; switch to "in body", reprocess.
    fn after_body_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.parse_error(TreeConstructionError::UnexpectedStartTag);
        self.mode = InsertionMode::InBody;
        Step::Reprocess(tok)
    }
}
