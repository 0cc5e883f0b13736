//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_after_head_start_tags_processed_in_head, is_in_template_start_tags_for_table_content, is_table_cells,
};
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate>
    pub(crate) fn in_template<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Characters, comments, processing instructions, DOCTYPEs: "in body" rules.
            Tok::Characters(_) | Tok::Comment(_) | Tok::ProcessingInstruction(_) | Tok::Doctype(_) => self.in_body(tok),
            // "base", …, "title" start tags and the "template" end tag: "in head" rules.
            Tok::StartTag(tag) if tag.is_in(is_after_head_start_tags_processed_in_head) => self.in_head(tok),
            Tok::EndTag(tag) if tag.is(local_names::TEMPLATE) => self.in_head(tok),
            // "caption", "colgroup", "tbody", "tfoot", "thead".
            Tok::StartTag(tag) if tag.is_in(is_in_template_start_tags_for_table_content) => {
                self.switch_template_insertion_mode(InsertionMode::InTable, tok)
            }
            // "col".
            Tok::StartTag(tag) if tag.is(local_names::COL) => {
                self.switch_template_insertion_mode(InsertionMode::InColumnGroup, tok)
            }
            // "tr".
            Tok::StartTag(tag) if tag.is(local_names::TR) => {
                self.switch_template_insertion_mode(InsertionMode::InTableBody, tok)
            }
            // "td", "th".
            Tok::StartTag(tag) if tag.is_in(is_table_cells) => {
                self.switch_template_insertion_mode(InsertionMode::InRow, tok)
            }
            // Any other start tag.
            Tok::StartTag(_) => self.switch_template_insertion_mode(InsertionMode::InBody, tok),
            // Any other end tag: parse error, ignore.
            Tok::EndTag(_) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // An end-of-file token.
            Tok::Eof => {
                if !self.stack_contains(local_names::TEMPLATE) {
                    // Fragment case.
                    self.stop_parsing();
                    return Step::Done;
                }
                self.parse_error(TreeConstructionError::EofWithOpenElements);
                self.pop_until_popped(local_names::TEMPLATE);
                self.clear_the_list_of_active_formatting_elements_up_to_the_last_marker();
                self.template_modes.pop();
                self.reset_the_insertion_mode_appropriately();
                Step::Reprocess(tok)
            }
        }
    }

    /// Pops the current template insertion mode, pushes `mode` as the new
    /// one, switches to it and reprocesses.
    fn switch_template_insertion_mode<'a>(&mut self, mode: InsertionMode, tok: Tok<'a>) -> Step<'a> {
        self.template_modes.pop();
        self.template_modes.push(mode);
        self.mode = mode;
        Step::Reprocess(tok)
    }
}
