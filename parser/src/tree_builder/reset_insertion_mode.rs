//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately>
//!
//! The relaxed `<select>` parser removed the "in select" and "in select in
//! table" insertion modes, and with them the `select` step of this
//! algorithm (html5lib-tests 9329e64 parse select content "in body").

use crate::generated::names::{local_names, Namespace};
use crate::generated::tag_groups::{is_table_cells, is_table_sections};

use super::{InsertionMode, TreeBuilder, TreeSink};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately>
    pub(crate) fn reset_the_insertion_mode_appropriately(&mut self) {
        for index in (0..self.open_elements.len()).rev() {
            let last = index == 0;
            let node = match (&self.context_element, last) {
                (Some(context), true) => context,
                _ => &self.open_elements[index],
            };
            let name = if node.name.ns == Namespace::Html { node.name.local.known() } else { None };
            let mode = match name {
                Some(name) if is_table_cells(name) && !last => Some(InsertionMode::InCell),
                Some(local_names::TR) => Some(InsertionMode::InRow),
                Some(name) if is_table_sections(name) => Some(InsertionMode::InTableBody),
                Some(local_names::CAPTION) => Some(InsertionMode::InCaption),
                Some(local_names::COLGROUP) => Some(InsertionMode::InColumnGroup),
                Some(local_names::TABLE) => Some(InsertionMode::InTable),
                Some(local_names::TEMPLATE) => {
                    Some(*self.template_modes.last().expect("a template on the stack has a template insertion mode"))
                }
                Some(local_names::HEAD) if !last => Some(InsertionMode::InHead),
                Some(local_names::BODY) => Some(InsertionMode::InBody),
                Some(local_names::FRAMESET) => Some(InsertionMode::InFrameset),
                Some(local_names::HTML) => {
                    Some(if self.head_element.is_none() { InsertionMode::BeforeHead } else { InsertionMode::AfterHead })
                }
                _ if last => Some(InsertionMode::InBody),
                _ => None,
            };
            if let Some(mode) = mode {
                self.mode = mode;
                return;
            }
        }
        self.mode = InsertionMode::InBody;
    }
}
