//! The form-control states that `:checked`, `:disabled` and `:enabled`
//! read, decided from the markup (a parsed document's initial state).

use crate::dom::ElementRef;

/// Checkbox and radio `input`s with a `checked` attribute (their initial
/// checkedness), and `option`s with a `selected` attribute.
///
/// Spec: <https://html.spec.whatwg.org/multipage/semantics-other.html#selector-checked>
pub(super) fn is_checked(element: &ElementRef<'_>) -> bool {
    if element.is_html("input") {
        let kind = element.attr("type").unwrap_or("");
        return (kind.eq_ignore_ascii_case("checkbox") || kind.eq_ignore_ascii_case("radio"))
            && element.has_attr("checked");
    }
    element.is_html("option") && element.has_attr("selected")
}

/// The elements that can be disabled and are: `button`, `input`, `select`,
/// `textarea` and `fieldset` with a `disabled` attribute or inside a
/// disabled `fieldset` but not in its first `legend` child; `optgroup`
/// with a `disabled` attribute; `option` with one or in a disabled
/// `optgroup` parent.
///
/// Spec: <https://html.spec.whatwg.org/multipage/semantics-other.html#selector-disabled>
pub(super) fn is_disabled(element: &ElementRef<'_>) -> bool {
    if element.is_html("optgroup") {
        return element.has_attr("disabled");
    }
    if element.is_html("option") {
        return element.has_attr("disabled")
            || element
                .parent_element()
                .is_some_and(|parent| parent.is_html("optgroup") && parent.has_attr("disabled"));
    }
    is_form_control(element) && (element.has_attr("disabled") || in_disabled_fieldset(element))
}

/// The elements that can be disabled and are not.
///
/// Spec: <https://html.spec.whatwg.org/multipage/semantics-other.html#selector-enabled>
pub(super) fn is_enabled(element: &ElementRef<'_>) -> bool {
    let can_be_disabled = is_form_control(element) || element.is_html("optgroup") || element.is_html("option");
    can_be_disabled && !is_disabled(element)
}

fn is_form_control(element: &ElementRef<'_>) -> bool {
    ["button", "input", "select", "textarea", "fieldset"].iter().any(|&name| element.is_html(name))
}

/// Whether `element` descends from a `fieldset` with a `disabled`
/// attribute, outside that fieldset's first `legend` child.
///
/// Spec: <https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-disabled>
fn in_disabled_fieldset(element: &ElementRef<'_>) -> bool {
    let mut child = *element;
    for ancestor in element.ancestors() {
        if ancestor.is_html("fieldset") && ancestor.has_attr("disabled") {
            let first_legend = ancestor.child_elements().find(|e| e.is_html("legend"));
            if first_legend != Some(child) {
                return true;
            }
        }
        child = ancestor;
    }
    false
}
