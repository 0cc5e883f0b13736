//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incolgroup>

use crate::generated::names::local_names;
use crate::tree_builder::token::{split_leading_whitespace, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incolgroup>
    pub(crate) fn in_column_group<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Whitespace: insert the character.
            Tok::Characters(text) => {
                let (whitespace, rest) = split_leading_whitespace(text);
                self.insert_characters(whitespace);
                if rest.is_empty() {
                    return Step::Done;
                }
                // "Anything else" ignores one character when the current
                // node is not a colgroup (the fragment case): the spec
                // goes character by character, so whitespace after it is
                // inserted (found by the `fragment` fuzz target: `n ` in
                // a colgroup context).
                if !self.current_node_is(local_names::COLGROUP) {
                    self.parse_error(TreeConstructionError::UnexpectedCharacter);
                    let skip = rest.chars().next().map_or(0, char::len_utf8);
                    return match &rest[skip..] {
                        "" => Step::Done,
                        after => Step::Reprocess(Tok::Characters(after)),
                    };
                }
                self.in_column_group_anything_else(Tok::Characters(rest))
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
            // "col": insert, pop, acknowledge the self-closing flag.
            Tok::StartTag(tag) if tag.is(local_names::COL) => {
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                Step::Done
            }
            // An end tag "colgroup".
            Tok::EndTag(tag) if tag.is(local_names::COLGROUP) => {
                if !self.current_node_is(local_names::COLGROUP) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                } else {
                    self.pop();
                    self.mode = InsertionMode::InTable;
                }
                Step::Done
            }
            // An end tag "col": parse error, ignore.
            Tok::EndTag(tag) if tag.is(local_names::COL) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // "template" start and end tags: "in head" rules.
            Tok::StartTag(tag) | Tok::EndTag(tag) if tag.is(local_names::TEMPLATE) => self.in_head(tok),
            // An end-of-file token: "in body" rules.
            Tok::Eof => self.in_body(tok),
            _ => self.in_column_group_anything_else(tok),
        }
    }

    /// "Anything else": close the colgroup (if the current node is one) and reprocess.
    fn in_column_group_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        if !self.current_node_is(local_names::COLGROUP) {
            self.parse_error(TreeConstructionError::UnexpectedStartTag);
            return Step::Done;
        }
        self.pop();
        self.mode = InsertionMode::InTable;
        Step::Reprocess(tok)
    }
}
