//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode>

use crate::quirks::{quirks_mode_of_doctype, QuirksMode};
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode>
    pub(crate) fn initial<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A character token that is one of U+0009, U+000A, U+000C, U+000D, U+0020: ignore.
            Tok::Characters(text) => {
                let (_, rest) = split_leading_whitespace(text);
                if rest.is_empty() {
                    return Step::Done;
                }
                self.initial_anything_else(Tok::Characters(rest))
            }
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
            // A DOCTYPE token.
            Tok::Doctype(doctype) => {
                let name = doctype.name.as_deref();
                let conforming = name == Some("html")
                    && doctype.public_id.is_none()
                    && doctype.system_id.as_deref().is_none_or(|system| system == "about:legacy-compat");
                if !conforming {
                    self.parse_error(TreeConstructionError::BadDoctype);
                }
                self.sink.append_doctype_to_document(
                    name.unwrap_or(""),
                    doctype.public_id.as_deref().unwrap_or(""),
                    doctype.system_id.as_deref().unwrap_or(""),
                );
                let mode = quirks_mode_of_doctype(doctype, self.options.iframe_srcdoc);
                self.set_quirks_mode(mode);
                self.mode = InsertionMode::BeforeHtml;
                Step::Done
            }
            _ => self.initial_anything_else(tok),
        }
    }

    /// "Anything else": not an iframe srcdoc document → parse error and
    /// quirks mode; switch to "before html" and reprocess.
    fn initial_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        if !self.options.iframe_srcdoc {
            self.parse_error(TreeConstructionError::MissingDoctype);
            self.set_quirks_mode(QuirksMode::Quirks);
        }
        self.mode = InsertionMode::BeforeHtml;
        Step::Reprocess(tok)
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
        self.sink.set_quirks_mode(mode);
    }
}
