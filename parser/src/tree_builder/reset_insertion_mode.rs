//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately>
//!
//! The relaxed `<select>` parser removed the "in select" and "in select in
//! table" insertion modes, and with them the `select` step of this
//! algorithm (html5lib-tests 9329e64 parse select content "in body").

use crate::generated::names::{local_names, LocalName};
use crate::generated::tag_groups::{is_table_cells, is_table_sections};

use super::{InsertionMode, TreeBuilder, TreeSink};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately>
    pub(crate) fn reset_the_insertion_mode_appropriately(&mut self) {
        // The walk from the current node passes every element whose name
        // none of the steps below names: it starts at the topmost one that
        // is named (or at the bottom), found from the stack's lists of
        // open elements by name, so that `<div>`×n + `<table></table>`×n
        // stays linear.
        const NAMED: [LocalName; 14] = [
            local_names::TD,
            local_names::TH,
            local_names::TR,
            local_names::TBODY,
            local_names::THEAD,
            local_names::TFOOT,
            local_names::CAPTION,
            local_names::COLGROUP,
            local_names::TABLE,
            local_names::TEMPLATE,
            local_names::HEAD,
            local_names::BODY,
            local_names::FRAMESET,
            local_names::HTML,
        ];
        let start = NAMED.iter().filter_map(|&name| self.open_elements.last_html(name)).max();
        let start = if self.open_elements.is_empty() { None } else { Some(start.unwrap_or(0)) };
        for slot in self.open_elements.slots_down_from(start) {
            crate::cost::step!("tree_builder::reset_insertion_mode");
            let last = slot == 0;
            let node = match (&self.context_element, last) {
                (Some(context), true) => context,
                _ => &self.open_elements[slot],
            };
            let name = node.html_name();
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
