//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_in_table_end_tags_to_ignore, is_in_table_start_tags_processed_in_head, is_in_table_start_tags_that_imply_tbody,
    is_in_table_text_current_nodes, is_table_sections,
};
use crate::tree_builder::stack_of_open_elements::Scope;
use crate::tree_builder::token::{TagTok, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable>
    pub(crate) fn in_table<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A character token, if the current node is table, tbody,
            // template, tfoot, thead, or tr: collect it "in table text".
            Tok::Characters(_) if self.current_node_takes_table_text() => {
                self.switch_to_table_text();
                Step::Reprocess(tok)
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
            Tok::StartTag(tag) => self.in_table_start_tag(tag, tok),
            Tok::EndTag(tag) => self.in_table_end_tag(tag, tok),
            // An end-of-file token: "in body" rules.
            Tok::Eof => self.in_body(tok),
            Tok::Characters(_) => self.in_table_anything_else(tok),
        }
    }

    /// Whether the current node is table, tbody, template, tfoot, thead,
    /// or tr: where "in table" collects character tokens "in table text".
    pub(crate) fn current_node_takes_table_text(&self) -> bool {
        self.current_node().html_name().is_some_and(is_in_table_text_current_nodes)
    }

    /// "Let the pending table character tokens be an empty list of tokens.
    /// Let the original insertion mode be the current insertion mode.
    /// Switch the insertion mode to "in table text"."
    pub(crate) fn switch_to_table_text(&mut self) {
        self.pending_table_characters.clear();
        self.original_mode = self.mode;
        self.mode = InsertionMode::InTableText;
    }

    fn in_table_start_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        match tag.name {
            // "caption".
            Some(local_names::CAPTION) => {
                self.clear_the_stack_back_to_a_table_context();
                self.insert_a_marker();
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InCaption;
                Step::Done
            }
            // "colgroup".
            Some(local_names::COLGROUP) => {
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InColumnGroup;
                Step::Done
            }
            // "col": insert a colgroup, reprocess.
            Some(local_names::COL) => {
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element_named("colgroup");
                self.mode = InsertionMode::InColumnGroup;
                Step::Reprocess(tok)
            }
            // "tbody", "tfoot", "thead".
            Some(name) if is_table_sections(name) => {
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InTableBody;
                Step::Done
            }
            // "td", "th", "tr": insert a tbody, reprocess.
            Some(name) if is_in_table_start_tags_that_imply_tbody(name) => {
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element_named("tbody");
                self.mode = InsertionMode::InTableBody;
                Step::Reprocess(tok)
            }
            // "table": parse error; close the table and reprocess.
            Some(local_names::TABLE) => {
                self.parse_error(TreeConstructionError::NestedElement);
                if !self.has_in_scope(Scope::Table, local_names::TABLE) {
                    return Step::Done;
                }
                self.pop_until_popped(local_names::TABLE);
                self.reset_the_insertion_mode_appropriately();
                Step::Reprocess(tok)
            }
            // "style", "script", "template": "in head" rules.
            Some(name) if is_in_table_start_tags_processed_in_head(name) => self.in_head(tok),
            // "input" of type "hidden": parse error; insert and pop.
            Some(local_names::INPUT) if tag.tag.attr("type").is_some_and(|t| t.eq_ignore_ascii_case("hidden")) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                Step::Done
            }
            // "form".
            Some(local_names::FORM) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                if self.stack_contains(local_names::TEMPLATE) || self.form_element.is_some() {
                    return Step::Done;
                }
                let form = self.insert_an_html_element_for(tag);
                self.form_element = Some(form);
                self.pop();
                Step::Done
            }
            _ => self.in_table_anything_else(tok),
        }
    }

    fn in_table_end_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        match tag.name {
            // "table".
            Some(local_names::TABLE) => {
                if !self.has_in_scope(Scope::Table, local_names::TABLE) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    return Step::Done;
                }
                self.pop_until_popped(local_names::TABLE);
                self.reset_the_insertion_mode_appropriately();
                Step::Done
            }
            // "body", "caption", …, "tr": parse error, ignore.
            Some(name) if is_in_table_end_tags_to_ignore(name) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // "template": "in head" rules.
            Some(local_names::TEMPLATE) => self.in_head(tok),
            _ => self.in_table_anything_else(tok),
        }
    }

    /// "Anything else": parse error; process the token using the rules
    /// for "in body" with foster parenting enabled.
    pub(crate) fn in_table_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.parse_error(TreeConstructionError::FosterParentedContent);
        self.foster_parenting = true;
        let step = self.in_body(tok);
        self.foster_parenting = false;
        step
    }
}
