//! `selectedcontent`: when the selected `option` of a `select` is popped
//! off the stack of open elements, its children are cloned into the
//! select's `selectedcontent` element, as the html5lib tests expect.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent>

use crate::generated::names::local_names;
use crate::tokenizer::Tag;

use super::{OpenElement, TreeBuilder, TreeSink};

/// What the parser knows of the `select` being parsed.
#[derive(Debug, Clone)]
pub(crate) struct SelectedContentState<H> {
    /// The select the other fields belong to.
    select: Option<H>,
    /// Its first `selectedcontent` descendant.
    selectedcontent: Option<H>,
    /// Its selected option so far: the first option, replaced by any later
    /// option with a `selected` attribute (the selectedness setting
    /// algorithm, as it runs while options are inserted).
    selected_option: Option<H>,
}

impl<H> Default for SelectedContentState<H> {
    fn default() -> Self {
        SelectedContentState { select: None, selectedcontent: None, selected_option: None }
    }
}

impl<H: Copy + PartialEq> SelectedContentState<H> {
    /// The select element was popped: forget it.
    pub fn select_closed(&mut self, select: H) {
        if self.select == Some(select) {
            *self = SelectedContentState::default();
        }
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// The nearest open `select`.
    fn open_select(&self) -> Option<S::Handle> {
        self.open_elements.last_html(local_names::SELECT).map(|slot| self.open_elements[slot].handle)
    }

    /// Bookkeeping after an element was inserted (pushed on the stack).
    /// (The test inline, as it runs for every element; the rest out of line.)
    #[inline]
    pub(crate) fn element_inserted(&mut self, element: &OpenElement<S::Handle>, tag: &Tag) {
        let is_option = element.is_html(local_names::OPTION);
        let is_selectedcontent = element.is_html(local_names::SELECTEDCONTENT);
        if is_option || is_selectedcontent {
            self.option_or_selectedcontent_inserted(element, tag, is_selectedcontent);
        }
    }

    #[inline(never)]
    fn option_or_selectedcontent_inserted(
        &mut self,
        element: &OpenElement<S::Handle>,
        tag: &Tag,
        is_selectedcontent: bool,
    ) {
        let Some(select) = self.open_select() else { return };
        let state = &mut self.selectedcontent;
        if state.select != Some(select) {
            *state = SelectedContentState { select: Some(select), ..SelectedContentState::default() };
        }
        if is_selectedcontent {
            if state.selectedcontent.is_none() {
                state.selectedcontent = Some(element.handle);
            }
        } else if state.selected_option.is_none() || tag.attr("selected").is_some() {
            state.selected_option = Some(element.handle);
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent>
    pub(crate) fn option_popped(&mut self, option: S::Handle) {
        let state = &self.selectedcontent;
        if state.selected_option == Some(option) {
            if let Some(selectedcontent) = state.selectedcontent {
                self.sink.clone_option_into_selectedcontent(option, selectedcontent);
            }
        }
    }
}
