//! `selectedcontent`: the selected `option` of a `select` is cloned into
//! the select's enabled `selectedcontent` element when the option is popped
//! off the stack of open elements, and when that `selectedcontent` is
//! inserted after it.
//!
//! Spec (the `select`, `option` and `selectedcontent` elements, which the
//! parsing chapter's reference text does not reproduce; as of whatwg/html
//! 508a0373, 2026-08-21):
//! <https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent>,
//! [#select-enabled-selectedcontent], [#selectedcontent-disabled] (the
//! `selectedcontent` HTML element post-connection steps),
//! [#option-element-nearest-ancestor-select], [#selectedness-setting-algorithm],
//! [#concept-option-disabled], [#concept-select-size].
//!
//! These rules speak of the DOM: the ancestors of an element. The parser
//! answers them from the stack of open elements, whose elements below a
//! node are its ancestors when the node is inserted (but where foster
//! parenting or the adoption agency algorithm moved nodes), up to the
//! topmost `template`, whose contents are a fragment of their own. Each
//! answer is a few lookups of the stack's chains (the topmost element of a
//! name, and the one below it), not a walk: a `select` over n elements
//! with n options walked the stack once per option.

use crate::generated::names::{local_names, LocalName};
use crate::tokenizer::Tag;

use super::{OpenElement, TreeBuilder, TreeSink};

/// What the parser knows of each open `select`, bottom first (selects leave
/// the stack by pops only: they are special, and `</form>` and "after
/// head" remove nothing else from the middle).
#[derive(Debug, Clone)]
pub(crate) struct SelectStates<H> {
    open: Vec<SelectState<H>>,
}

impl<H> Default for SelectStates<H> {
    fn default() -> Self {
        SelectStates { open: Vec::new() }
    }
}

#[derive(Debug, Clone)]
struct SelectState<H> {
    select: H,
    /// Whether the select has a `multiple` attribute: then it has no enabled
    /// `selectedcontent` [#select-enabled-selectedcontent], and nothing is
    /// cloned.
    multiple: bool,
    /// Whether its display size is 1 [#concept-select-size]: the
    /// selectedness setting algorithm then selects its first option that is
    /// not disabled, if none is selected.
    display_size_one: bool,
    /// Its first `selectedcontent` descendant in tree order, if any.
    first_selectedcontent: Option<FirstSelectedcontent<H>>,
    /// The option whose selectedness is true.
    selected: Option<H>,
    /// The serials of its `optgroup`s with a `disabled` attribute (ascending):
    /// their options are disabled [#concept-option-disabled].
    disabled_optgroups: Vec<u32>,
}

/// The first `selectedcontent` descendant of a select: the select's enabled
/// one, unless its "disabled" was set when it was inserted.
#[derive(Debug, Clone, Copy)]
enum FirstSelectedcontent<H> {
    Enabled(H),
    Disabled,
}

/// "The rules for parsing non-negative integers", for a `size` attribute:
/// `None` on an error.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers>
fn parse_non_negative_integer(value: &str) -> Option<u64> {
    let value = value.trim_start_matches(['\t', '\n', '\u{C}', '\r', ' ']);
    let value = value.strip_prefix('+').unwrap_or(value);
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    // Past u64's range it is still a number greater than 1.
    Some(value[..digits].parse().unwrap_or(u64::MAX))
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Bookkeeping after an element was inserted (before it is pushed on
    /// the stack): nothing unless it is a select or a select is open. (The
    /// test inline, as it runs for every element; the rest out of line.)
    #[inline]
    pub(crate) fn element_inserted(&mut self, element: &OpenElement<S::Handle>, tag: &Tag) {
        if element.is_html(local_names::SELECT) || !self.select_states.open.is_empty() {
            self.element_inserted_near_a_select(element, tag);
        }
    }

    #[inline(never)]
    fn element_inserted_near_a_select(&mut self, element: &OpenElement<S::Handle>, tag: &Tag) {
        match element.html_name() {
            Some(local_names::SELECT) => {
                let multiple = tag.attr("multiple").is_some();
                let size = tag.attr("size").and_then(parse_non_negative_integer);
                self.select_states.open.push(SelectState {
                    select: element.handle,
                    multiple,
                    display_size_one: size.map_or(!multiple, |size| size == 1),
                    first_selectedcontent: None,
                    selected: None,
                    disabled_optgroups: Vec::new(),
                });
            }
            Some(local_names::OPTION) => self.option_inserted(element.handle, tag),
            Some(local_names::OPTGROUP) if tag.attr("disabled").is_some() => {
                // The serial the optgroup gets when it is pushed, next.
                let serial = self.open_elements.next_serial();
                if self.nearest_ancestor_select_for_an_option().is_some() {
                    if let Some(state) = self.select_states.open.last_mut() {
                        state.disabled_optgroups.push(serial);
                    }
                }
            }
            Some(local_names::SELECTEDCONTENT) => self.selectedcontent_inserted(element.handle),
            _ => {}
        }
    }

    /// The slots of the two topmost open HTML elements `name` above the
    /// topmost template (whose contents have no ancestors outside).
    fn topmost_two_in_tree(&self, name: LocalName) -> (Option<usize>, Option<usize>) {
        let template = self.open_elements.last_html(local_names::TEMPLATE);
        let (first, second) = self.open_elements.last_two_html(name);
        let in_tree = |slot: Option<usize>| slot.filter(|&slot| template.is_none_or(|template| slot > template));
        (in_tree(first), in_tree(second))
    }

    /// "The option element nearest ancestor select" of an element inserted
    /// now [#option-element-nearest-ancestor-select]: walking up the
    /// ancestors, a `datalist`, `hr` or `option` means none, as does a
    /// second `optgroup`; the first `select` is it. (An `hr` is void: never
    /// an ancestor while parsing.) So: the topmost select, when no datalist
    /// or option, nor two optgroups, are above it.
    fn nearest_ancestor_select_for_an_option(&self) -> Option<usize> {
        let (select, _) = self.topmost_two_in_tree(local_names::SELECT);
        let select = select?;
        let above = |name| self.topmost_two_in_tree(name).0.is_some_and(|slot| slot > select);
        let (_, second_optgroup) = self.topmost_two_in_tree(local_names::OPTGROUP);
        let blocked =
            above(local_names::DATALIST) || above(local_names::OPTION) || second_optgroup.is_some_and(|s| s > select);
        (!blocked).then_some(select)
    }

    /// An option was inserted: the selectedness setting algorithm of its
    /// select, as it runs when the option joins the select's list of
    /// options [#selectedness-setting-algorithm]. An option with a
    /// `selected` attribute is selected from its creation, and the others
    /// are then unselected (the last selected wins); while none is, a
    /// select of display size 1 selects its first option that is not
    /// disabled.
    fn option_inserted(&mut self, option: S::Handle, tag: &Tag) {
        let Some(select) = self.nearest_ancestor_select_for_an_option() else { return };
        debug_assert!(self
            .select_states
            .open
            .last()
            .is_some_and(|state| state.select == self.open_elements[select].handle));
        // [#concept-option-disabled]: its `disabled` attribute, or that of
        // its nearest optgroup (one at most, above the select).
        let optgroup = self.topmost_two_in_tree(local_names::OPTGROUP).0.filter(|&slot| slot > select);
        let optgroup_serial = optgroup.map(|slot| self.open_elements[slot].serial);
        let Some(state) = self.select_states.open.last_mut() else { return };
        if state.multiple {
            return;
        }
        let disabled = tag.attr("disabled").is_some()
            || optgroup_serial.is_some_and(|serial| state.disabled_optgroups.binary_search(&serial).is_ok());
        if tag.attr("selected").is_some() || (state.selected.is_none() && state.display_size_one && !disabled) {
            state.selected = Some(option);
        }
    }

    /// The post-connection steps of a `selectedcontent` element
    /// [#selectedcontent-disabled]: its "disabled" is set when an ancestor
    /// is an `option` or a `selectedcontent`, or a second `select` is above
    /// the nearest. The first selectedcontent descendant of the nearest
    /// select is that select's enabled one unless disabled; it gets the
    /// selected option's clone at once ("update a select's
    /// selectedcontent"), and again when that option is popped. (A later
    /// selectedcontent's steps clone into the first one again: the same
    /// clone, as an option's content is final once it is popped, and
    /// replaced at its pop while it is open.)
    fn selectedcontent_inserted(&mut self, selectedcontent: S::Handle) {
        let (select, second_select) = self.topmost_two_in_tree(local_names::SELECT);
        if select.is_none() {
            return;
        }
        let disabled = second_select.is_some()
            || self.topmost_two_in_tree(local_names::OPTION).0.is_some()
            || self.topmost_two_in_tree(local_names::SELECTEDCONTENT).0.is_some();
        let Some(state) = self.select_states.open.last_mut() else { return };
        if state.first_selectedcontent.is_some() {
            return;
        }
        if disabled {
            state.first_selectedcontent = Some(FirstSelectedcontent::Disabled);
            return;
        }
        state.first_selectedcontent = Some(FirstSelectedcontent::Enabled(selectedcontent));
        if let (false, Some(option)) = (state.multiple, state.selected) {
            self.sink.clone_option_into_selectedcontent(option, selectedcontent);
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent>
    /// ("when an option element is popped off the stack of open
    /// elements"): the option is the selected one of the topmost open
    /// select (every select pushed after it is popped), and that select has
    /// an enabled selectedcontent.
    pub(crate) fn option_popped(&mut self, option: S::Handle) {
        let Some(state) = self.select_states.open.last() else { return };
        if state.multiple || state.selected != Some(option) {
            return;
        }
        if let Some(FirstSelectedcontent::Enabled(selectedcontent)) = state.first_selectedcontent {
            self.sink.clone_option_into_selectedcontent(option, selectedcontent);
        }
    }

    /// A select element was popped: its state goes.
    pub(crate) fn select_popped(&mut self, select: S::Handle) {
        if self.select_states.open.last().is_some_and(|state| state.select == select) {
            self.select_states.open.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_non_negative_integer;
    use crate::dom::dump_html5lib;

    fn tree(input: &str) -> String {
        dump_html5lib(&crate::parse_document(input))
    }

    /// The selectedcontent's children after the parse, as the tree dump
    /// shows them (the lines after it, deeper than it).
    fn selectedcontent_text(input: &str) -> String {
        let tree = tree(input);
        let mut lines = tree.lines().skip_while(|line| !line.ends_with("<selectedcontent>"));
        let Some(first) = lines.next() else { return String::from("no selectedcontent") };
        let depth = first.len() - first.trim_start_matches(['|', ' ']).len();
        lines
            .take_while(|line| line.len() - line.trim_start_matches(['|', ' ']).len() > depth)
            .map(|line| line.trim_start_matches(['|', ' ']))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_selected_option_is_cloned_into_the_enabled_selectedcontent() {
        let base = "<select><button><selectedcontent></selectedcontent></button>";
        assert_eq!(selectedcontent_text(&format!("{base}<option>X<option>Y</select>")), "\"X\"");
        assert_eq!(selectedcontent_text(&format!("{base}<option>X<option selected>Y</select>")), "\"Y\"");
    }

    /// Issue 31, bug 6: "get a select's enabled selectedcontent" returns
    /// null when the select has a `multiple` attribute
    /// [#select-enabled-selectedcontent].
    #[test]
    fn a_multiple_select_has_no_enabled_selectedcontent() {
        let input = "<select multiple><button><selectedcontent></selectedcontent></button><option selected>X</select>";
        assert_eq!(selectedcontent_text(input), "");
        let input = "<select multiple><button><selectedcontent></selectedcontent></button><option>X</select>";
        assert_eq!(selectedcontent_text(input), "");
    }

    /// Issue 31, bug 6: a selectedcontent inside an option is disabled
    /// [#selectedcontent-disabled]; when it is the select's first, the
    /// select has no enabled one, and nothing is cloned anywhere.
    #[test]
    fn a_disabled_first_selectedcontent_is_not_the_enabled_one() {
        let input = "<select><option>X<selectedcontent></selectedcontent></option></select>";
        assert_eq!(selectedcontent_text(input), "");
        // The first one disabled, a later one enabled: still none is the
        // select's enabled selectedcontent (the first descendant decides).
        let input =
            "<select><option><selectedcontent></selectedcontent>X</option><button><selectedcontent></selectedcontent></button><option>Y</select>";
        let tree = tree(input);
        assert_eq!(tree.matches("\"Y\"").count(), 1, "{tree}");
        assert_eq!(tree.matches("\"X\"").count(), 1, "{tree}");
    }

    /// The post-connection steps update the select's selectedcontent when
    /// it is inserted after the selected option was popped.
    #[test]
    fn a_selectedcontent_after_the_options_gets_the_selected_one() {
        let input = "<select><option>X</option><option selected>Y</option><button><selectedcontent></selectedcontent></button></select>";
        assert_eq!(selectedcontent_text(input), "\"Y\"");
    }

    /// The selectedness setting algorithm: no default selection but at
    /// display size 1, and not of a disabled option.
    #[test]
    fn the_default_selection_skips_disabled_options_and_needs_display_size_one() {
        let base = "<button><selectedcontent></selectedcontent></button>";
        assert_eq!(selectedcontent_text(&format!("<select>{base}<option disabled>X<option>Y</select>")), "\"Y\"");
        let input = format!("<select>{base}<optgroup disabled><option>X</optgroup><option>Y</select>");
        assert_eq!(selectedcontent_text(&input), "\"Y\"");
        assert_eq!(selectedcontent_text(&format!("<select size=3>{base}<option>X<option>Y</select>")), "");
        assert_eq!(
            selectedcontent_text(&format!("<select size=3>{base}<option>X<option selected>Y</select>")),
            "\"Y\""
        );
        assert_eq!(selectedcontent_text(&format!("<select size=1>{base}<option>X</select>")), "\"X\"");
    }

    /// An option in a datalist has no nearest ancestor select, nor one in a
    /// template's contents.
    #[test]
    fn options_outside_the_list_of_options_are_not_selected() {
        let base = "<select><button><selectedcontent></selectedcontent></button>";
        assert_eq!(selectedcontent_text(&format!("{base}<datalist><option>X</datalist><option>Y</select>")), "\"Y\"");
        assert_eq!(selectedcontent_text(&format!("{base}<template><option>X</template><option>Y</select>")), "\"Y\"");
    }

    #[test]
    fn sizes_parse_as_non_negative_integers() {
        assert_eq!(parse_non_negative_integer(" +12px"), Some(12));
        assert_eq!(parse_non_negative_integer("-1"), None);
        assert_eq!(parse_non_negative_integer(""), None);
        assert_eq!(parse_non_negative_integer("99999999999999999999999"), Some(u64::MAX));
    }
}
