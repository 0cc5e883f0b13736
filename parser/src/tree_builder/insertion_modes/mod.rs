//! The insertion modes, one file per mode, each rule in spec order.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-insertion-mode>

mod after_after_body;
mod after_after_frameset;
mod after_body;
mod after_frameset;
mod after_head;
mod before_head;
mod before_html;
mod foreign_content;
mod in_body;
mod in_caption;
mod in_cell;
mod in_column_group;
mod in_frameset;
mod in_head;
mod in_head_noscript;
mod in_row;
mod in_table;
mod in_table_body;
mod in_table_text;
mod in_template;
mod initial;
mod text;

use super::token::Tok;
use super::{TreeBuilder, TreeSink};

/// The insertion modes of today's spec. ("in select" and "in select in
/// table" are gone with the relaxed `<select>` parser.)
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insertion-mode>
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InsertionMode {
    /// The "initial" insertion mode.
    Initial,
    /// The "before html" insertion mode.
    BeforeHtml,
    /// The "before head" insertion mode.
    BeforeHead,
    /// The "in head" insertion mode.
    InHead,
    /// The "in head noscript" insertion mode.
    InHeadNoscript,
    /// The "after head" insertion mode.
    AfterHead,
    /// The "in body" insertion mode.
    InBody,
    /// The "text" insertion mode.
    Text,
    /// The "in table" insertion mode.
    InTable,
    /// The "in table text" insertion mode.
    InTableText,
    /// The "in caption" insertion mode.
    InCaption,
    /// The "in column group" insertion mode.
    InColumnGroup,
    /// The "in table body" insertion mode.
    InTableBody,
    /// The "in row" insertion mode.
    InRow,
    /// The "in cell" insertion mode.
    InCell,
    /// The "in template" insertion mode.
    InTemplate,
    /// The "after body" insertion mode.
    AfterBody,
    /// The "in frameset" insertion mode.
    InFrameset,
    /// The "after frameset" insertion mode.
    AfterFrameset,
    /// The "after after body" insertion mode.
    AfterAfterBody,
    /// The "after after frameset" insertion mode.
    AfterAfterFrameset,
}

/// What a rule asks the dispatcher to do next.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step<'a> {
    Done,
    /// "Reprocess the token" (the insertion mode may have changed): the
    /// token goes through the tree construction dispatcher again.
    Reprocess(Tok<'a>),
}

impl<S: TreeSink> TreeBuilder<S> {
    /// "Process the token using the rules for the m insertion mode".
    #[inline(always)]
    pub(crate) fn process_using_the_rules_for<'a>(&mut self, mode: InsertionMode, tok: Tok<'a>) -> Step<'a> {
        match mode {
            InsertionMode::Initial => self.initial(tok),
            InsertionMode::BeforeHtml => self.before_html(tok),
            InsertionMode::BeforeHead => self.before_head(tok),
            InsertionMode::InHead => self.in_head(tok),
            InsertionMode::InHeadNoscript => self.in_head_noscript(tok),
            InsertionMode::AfterHead => self.after_head(tok),
            InsertionMode::InBody => self.in_body(tok),
            InsertionMode::Text => self.text(tok),
            InsertionMode::InTable => self.in_table(tok),
            InsertionMode::InTableText => self.in_table_text(tok),
            InsertionMode::InCaption => self.in_caption(tok),
            InsertionMode::InColumnGroup => self.in_column_group(tok),
            InsertionMode::InTableBody => self.in_table_body(tok),
            InsertionMode::InRow => self.in_row(tok),
            InsertionMode::InCell => self.in_cell(tok),
            InsertionMode::InTemplate => self.in_template(tok),
            InsertionMode::AfterBody => self.after_body(tok),
            InsertionMode::InFrameset => self.in_frameset(tok),
            InsertionMode::AfterFrameset => self.after_frameset(tok),
            InsertionMode::AfterAfterBody => self.after_after_body(tok),
            InsertionMode::AfterAfterFrameset => self.after_after_frameset(tok),
        }
    }
}
