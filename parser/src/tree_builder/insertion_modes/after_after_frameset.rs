//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-frameset-insertion-mode>

use crate::generated::names::local_names;
use crate::tree_builder::token::{is_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::Step;

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-frameset-insertion-mode>
    pub(crate) fn after_after_frameset<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
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
            // Whitespace goes to "in body"; anything else is a parse error, ignored.
            Tok::Characters(text) => {
                let mut rest = text;
                while !rest.is_empty() {
                    crate::cost::step!("tree_builder::whitespace_runs");
                    let end = rest.find(|c: char| !is_whitespace(c)).unwrap_or(rest.len());
                    if end > 0 {
                        self.in_body(Tok::Characters(&rest[..end]));
                    }
                    rest = &rest[end..];
                    let skip = rest.find(is_whitespace).unwrap_or(rest.len());
                    if skip > 0 {
                        self.parse_error(TreeConstructionError::UnexpectedCharacter);
                    }
                    rest = &rest[skip..];
                }
                Step::Done
            }
            // An end-of-file token: stop parsing.
            Tok::Eof => {
                self.stop_parsing();
                Step::Done
            }
            // "noframes": "in head" rules.
            Tok::StartTag(tag) if tag.is(local_names::NOFRAMES) => self.in_head(tok),
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
