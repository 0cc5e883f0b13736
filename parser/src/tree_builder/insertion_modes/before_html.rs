//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-before-html-insertion-mode>

use crate::generated::names::{local_names, Namespace};
use crate::generated::tag_groups::is_before_html_end_tags_that_act_as_anything_else;
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{Name, NodeOrText, OpenElement, QualName, TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-before-html-insertion-mode>
    pub(crate) fn before_html<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A DOCTYPE token: parse error, ignore.
            Tok::Doctype(_) => {
                self.parse_error(TreeConstructionError::UnexpectedDoctype);
                Step::Done
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
            // Whitespace: ignore.
            Tok::Characters(text) => {
                let (_, rest) = split_leading_whitespace(text);
                if rest.is_empty() {
                    return Step::Done;
                }
                self.before_html_anything_else(Tok::Characters(rest))
            }
            // A start tag whose tag name is "html": create an element for
            // the token, append it to the Document, push it.
            Tok::StartTag(tag) if tag.is(local_names::HTML) => {
                let element = self.create_an_html_element_for(tag);
                let document = self.sink.document();
                self.sink.append(document, NodeOrText::Node(element.handle));
                self.open_elements.push(element);
                self.mode = InsertionMode::BeforeHead;
                Step::Done
            }
            // An end tag whose tag name is one of: "head", "body", "html", "br": anything else.
            Tok::EndTag(tag) if tag.is_in(is_before_html_end_tags_that_act_as_anything_else) => {
                self.before_html_anything_else(tok)
            }
            // Any other end tag: parse error, ignore.
            Tok::EndTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            _ => self.before_html_anything_else(tok),
        }
    }

    /// "Anything else": create an html element, append it to the Document,
    /// push it, switch to "before head", reprocess.
    fn before_html_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        let name = QualName::new(Namespace::Html, Name::Known(local_names::HTML));
        let handle = self.sink.create_element(name, &[]);
        let document = self.sink.document();
        self.sink.append(document, NodeOrText::Node(handle));
        self.open_elements.push(OpenElement::html(handle, local_names::HTML));
        self.mode = InsertionMode::BeforeHead;
        Step::Reprocess(tok)
    }
}
