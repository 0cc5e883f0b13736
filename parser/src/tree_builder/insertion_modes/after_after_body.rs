//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-body-insertion-mode>

use crate::generated::names::local_names;
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-body-insertion-mode>
    pub(crate) fn after_after_body<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A comment token: insert it as the last child of the Document.
            Tok::Comment(text) => {
                let document = self.sink.document();
                self.insert_a_comment_in(document, text);
                Step::Done
            }
            // A processing instruction token: insert it as the last child of the
            // Document [#insert-a-processing-instruction].
            Tok::ProcessingInstruction(pi) => {
                let document = self.sink.document();
                self.insert_a_processing_instruction_in(document, pi);
                Step::Done
            }
            // A DOCTYPE token, whitespace, a start tag "html": "in body" rules.
            Tok::Doctype(_) => self.in_body(tok),
            Tok::StartTag(tag) if tag.is(local_names::HTML) => self.in_body(tok),
            Tok::Characters(text) => {
                let (whitespace, rest) = split_leading_whitespace(text);
                if !whitespace.is_empty() {
                    self.in_body(Tok::Characters(whitespace));
                }
                if rest.is_empty() {
                    return Step::Done;
                }
                self.after_after_body_anything_else(Tok::Characters(rest))
            }
            // An end-of-file token: stop parsing.
            Tok::Eof => {
                self.stop_parsing();
                Step::Done
            }
            _ => self.after_after_body_anything_else(tok),
        }
    }

    /// "Anything else": parse error; switch to "in body", reprocess.
    fn after_after_body_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.parse_error(TreeConstructionError::UnexpectedStartTag);
        self.mode = InsertionMode::InBody;
        Step::Reprocess(tok)
    }
}
