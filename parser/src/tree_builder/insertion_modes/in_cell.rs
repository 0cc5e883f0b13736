//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd>

use crate::generated::tag_groups::{
    is_in_caption_start_tags_that_close_the_caption, is_in_cell_end_tags_to_ignore, is_table_cells,
    is_table_structure_elements, TABLE_CELLS,
};
use crate::tree_builder::stack_of_open_elements::Scope;
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd>
    pub(crate) fn in_cell<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // An end tag "td", "th".
            Tok::EndTag(tag) if tag.is_in(is_table_cells) => {
                let name = tag.name.expect("a table cell");
                if !self.has_in_scope(Scope::Table, name) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    return Step::Done;
                }
                self.generate_implied_end_tags(None);
                if !self.current_node_is(name) {
                    self.parse_error(TreeConstructionError::EndTagWithOpenElements);
                }
                self.pop_until_popped(name);
                self.clear_the_list_of_active_formatting_elements_up_to_the_last_marker();
                self.mode = InsertionMode::InRow;
                Step::Done
            }
            // "caption", …, "tr" start tags: close the cell, reprocess.
            Tok::StartTag(tag) if tag.is_in(is_in_caption_start_tags_that_close_the_caption) => {
                if !self.has_any_in_scope(Scope::Table, TABLE_CELLS) {
                    self.parse_error(TreeConstructionError::UnexpectedStartTag);
                    return Step::Done;
                }
                self.close_the_cell();
                Step::Reprocess(tok)
            }
            // "body", "caption", "col", "colgroup", "html" end tags: parse error, ignore.
            Tok::EndTag(tag) if tag.is_in(is_in_cell_end_tags_to_ignore) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // "table", "tbody", "tfoot", "thead", "tr" end tags.
            Tok::EndTag(tag) if tag.is_in(is_table_structure_elements) => {
                let name = tag.name.expect("a table element");
                if !self.has_in_scope(Scope::Table, name) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    return Step::Done;
                }
                self.close_the_cell();
                Step::Reprocess(tok)
            }
            // Anything else: "in body" rules.
            _ => self.in_body(tok),
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#close-the-cell>
    fn close_the_cell(&mut self) {
        self.generate_implied_end_tags(None);
        if !self.current_node().html_name().is_some_and(is_table_cells) {
            self.parse_error(TreeConstructionError::EndTagWithOpenElements);
        }
        self.pop_until_one_of_popped(is_table_cells);
        self.clear_the_list_of_active_formatting_elements_up_to_the_last_marker();
        self.mode = InsertionMode::InRow;
    }
}
