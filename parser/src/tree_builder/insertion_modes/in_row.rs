//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intr>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_in_row_end_tags_to_ignore, is_in_row_start_tags_that_close_the_row, is_table_cells, is_table_sections,
};
use crate::tree_builder::stack_of_open_elements::Scope;
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intr>
    pub(crate) fn in_row<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A start tag "th", "td".
            Tok::StartTag(tag) if tag.is_in(is_table_cells) => {
                self.clear_the_stack_back_to_a_table_row_context();
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InCell;
                self.insert_a_marker();
                Step::Done
            }
            // An end tag "tr".
            Tok::EndTag(tag) if tag.is(local_names::TR) => {
                self.close_the_row();
                Step::Done
            }
            // "caption", …, "tr" start tags; a "table" end tag: close the row, reprocess.
            Tok::StartTag(tag) if tag.is_in(is_in_row_start_tags_that_close_the_row) => {
                if self.close_the_row() {
                    Step::Reprocess(tok)
                } else {
                    Step::Done
                }
            }
            Tok::EndTag(tag) if tag.is(local_names::TABLE) => {
                if self.close_the_row() {
                    Step::Reprocess(tok)
                } else {
                    Step::Done
                }
            }
            // An end tag "tbody", "tfoot", "thead".
            Tok::EndTag(tag) if tag.is_in(is_table_sections) => {
                let name = tag.name.expect("a table section");
                if !self.has_in_scope(Scope::Table, name) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    return Step::Done;
                }
                if !self.has_in_scope(Scope::Table, local_names::TR) {
                    return Step::Done;
                }
                self.close_the_row();
                Step::Reprocess(tok)
            }
            // "body", …, "th" end tags: parse error, ignore.
            Tok::EndTag(tag) if tag.is_in(is_in_row_end_tags_to_ignore) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // Anything else: "in table" rules.
            _ => self.in_table(tok),
        }
    }

    /// The `</tr>` steps; false if there was no tr in table scope.
    fn close_the_row(&mut self) -> bool {
        if !self.has_in_scope(Scope::Table, local_names::TR) {
            self.parse_error(TreeConstructionError::UnexpectedEndTag);
            return false;
        }
        self.clear_the_stack_back_to_a_table_row_context();
        self.pop();
        self.mode = InsertionMode::InTableBody;
        true
    }
}
