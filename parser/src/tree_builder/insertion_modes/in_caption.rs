//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption>

use crate::generated::names::local_names;
use crate::generated::tag_groups::{is_in_caption_end_tags_to_ignore, is_in_caption_start_tags_that_close_the_caption};
use crate::tree_builder::stack_of_open_elements::Scope;
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption>
    pub(crate) fn in_caption<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // An end tag whose tag name is "caption".
            Tok::EndTag(tag) if tag.is(local_names::CAPTION) => {
                self.close_the_caption();
                Step::Done
            }
            // "caption", "col", …, "tr" start tags; a "table" end tag:
            // close the caption, reprocess.
            Tok::StartTag(tag) if tag.is_in(is_in_caption_start_tags_that_close_the_caption) => {
                if self.close_the_caption() {
                    Step::Reprocess(tok)
                } else {
                    Step::Done
                }
            }
            Tok::EndTag(tag) if tag.is(local_names::TABLE) => {
                if self.close_the_caption() {
                    Step::Reprocess(tok)
                } else {
                    Step::Done
                }
            }
            // "body", "col", …, "tr" end tags: parse error, ignore.
            Tok::EndTag(tag) if tag.is_in(is_in_caption_end_tags_to_ignore) => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
            // Anything else: "in body" rules.
            _ => self.in_body(tok),
        }
    }

    /// The `</caption>` steps; false if there was no caption in table scope
    /// (parse error, token ignored).
    fn close_the_caption(&mut self) -> bool {
        if !self.has_in_scope(Scope::Table, local_names::CAPTION) {
            self.parse_error(TreeConstructionError::UnexpectedEndTag);
            return false;
        }
        self.generate_implied_end_tags(None);
        if !self.current_node_is(local_names::CAPTION) {
            self.parse_error(TreeConstructionError::EndTagWithOpenElements);
        }
        self.pop_until_popped(local_names::CAPTION);
        self.clear_the_list_of_active_formatting_elements_up_to_the_last_marker();
        self.mode = InsertionMode::InTable;
        true
    }
}
