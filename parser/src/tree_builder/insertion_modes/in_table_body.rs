//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_in_table_body_end_tags_to_ignore, is_in_table_body_start_tags_that_close_the_section, is_table_cells,
    is_table_sections, TABLE_SECTIONS,
};
use crate::tree_builder::stack_of_open_elements::Scope;
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody>
    pub(crate) fn in_table_body<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A start tag "tr".
            Tok::StartTag(tag) if tag.is(local_names::TR) => {
                self.clear_the_stack_back_to_a_table_body_context();
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InRow;
                Step::Done
            }
            // "th", "td": parse error; insert a tr, reprocess.
            Tok::StartTag(tag) if tag.is_in(is_table_cells) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                self.clear_the_stack_back_to_a_table_body_context();
                self.insert_an_html_element_named("tr");
                self.mode = InsertionMode::InRow;
                Step::Reprocess(tok)
            }
            // An end tag "tbody", "tfoot", "thead".
            Tok::EndTag(tag) if tag.is_in(is_table_sections) => {
                let name = tag.name.expect("a table section");
                if !self.has_in_scope(Scope::Table, name) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    return Step::Done;
                }
                self.clear_the_stack_back_to_a_table_body_context();
                self.pop();
                self.mode = InsertionMode::InTable;
                Step::Done
            }
            // "caption", …, "thead" start tags; a "table" end tag: close
            // the table section, reprocess.
            Tok::StartTag(tag) if tag.is_in(is_in_table_body_start_tags_that_close_the_section) => {
                self.close_the_table_section(tok)
            }
            Tok::EndTag(tag) if tag.is(local_names::TABLE) => self.close_the_table_section(tok),
            // "body", …, "tr" end tags: parse error, ignore.
            Tok::EndTag(tag) if tag.is_in(is_in_table_body_end_tags_to_ignore) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // Anything else: "in table" rules.
            _ => self.in_table(tok),
        }
    }

    fn close_the_table_section<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        if !self.has_any_in_scope(Scope::Table, TABLE_SECTIONS) {
            self.parse_error(TreeConstructionError::UnexpectedStartTag);
            return Step::Done;
        }
        self.clear_the_stack_back_to_a_table_body_context();
        self.pop();
        self.mode = InsertionMode::InTable;
        Step::Reprocess(tok)
    }
}
