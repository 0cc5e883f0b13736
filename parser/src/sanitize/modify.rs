//! The configuration modifiers: each keeps a valid configuration valid
//! and says whether it changed it.
//!
//! Lists are searched as the spec searches them (a configuration is small
//! and written by hand); sanitizing a tree reads hashed lookups made from
//! the configuration instead (`core.rs`).
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#configuration-modify>

use super::config::{
    canonicalize_element_with_attributes, is_non_replaceable, SanitizerConfig, SanitizerElementWithAttributes,
    SanitizerName,
};
use crate::generated::sanitizer_builtins::{
    EVENT_HANDLER_CONTENT_ATTRIBUTES, SAFE_BASELINE_CONFIGURATION, SVG_EVENT_HANDLER_ATTRIBUTES,
};

/// "remove" an item from a list: every entry with its name and
/// namespace; whether there was one.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove>
fn remove_name(list: &mut Vec<SanitizerName>, item: &SanitizerName) -> bool {
    let before = list.len();
    list.retain(|entry| entry != item);
    list.len() != before
}

fn remove_from(list: &mut Option<Vec<SanitizerName>>, item: &SanitizerName) -> bool {
    list.as_mut().is_some_and(|list| remove_name(list, item))
}

/// "add" a name to a list, unless it is there.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-add>
fn add_name(list: &mut Vec<SanitizerName>, item: &SanitizerName) {
    if !list.contains(item) {
        list.push(item.clone());
    }
}

/// "remove duplicates" from a list.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove-duplicates>
fn remove_duplicates(list: &mut Vec<SanitizerName>) {
    let mut seen = std::collections::HashSet::new();
    list.retain(|name| seen.insert(name.clone()));
}

/// `list` without the entries of `other`.
fn difference(list: &mut Vec<SanitizerName>, other: &[SanitizerName]) {
    let other: std::collections::HashSet<&SanitizerName> = other.iter().collect();
    list.retain(|name| !other.contains(name));
}

/// `allowElement(element)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowelement>
pub(crate) fn allow_element(configuration: &mut SanitizerConfig, mut element: SanitizerElementWithAttributes) -> bool {
    canonicalize_element_with_attributes(&mut element);
    if configuration.elements.is_some() {
        let modified = remove_from(&mut configuration.replace_with_children_elements, &element.name);
        // The per-element attributes must not overlap the global ones.
        if let Some(global) = &configuration.attributes {
            if let Some(attributes) = &mut element.attributes {
                remove_duplicates(attributes);
                difference(attributes, global);
                if configuration.data_attributes == Some(true) {
                    attributes.retain(|a| !a.is_custom_data_attribute());
                }
            }
            if let Some(remove) = &mut element.remove_attributes {
                remove_duplicates(remove);
                let global: std::collections::HashSet<&SanitizerName> = global.iter().collect();
                remove.retain(|a| global.contains(a));
            }
        } else {
            let global_remove = configuration.remove_attributes.as_deref().unwrap_or_default();
            if let Some(attributes) = &mut element.attributes {
                remove_duplicates(attributes);
                difference(attributes, element.remove_attributes.as_deref().unwrap_or_default());
                element.remove_attributes = None;
                difference(attributes, global_remove);
            }
            if let Some(remove) = &mut element.remove_attributes {
                remove_duplicates(remove);
                difference(remove, global_remove);
            }
        }
        let Some(elements) = configuration.elements.as_mut() else { unreachable!("checked above") };
        let Some(at) = elements.iter().position(|e| e.name == element.name) else {
            // A global allow-list that does not hold `element` yet.
            elements.push(element);
            return true;
        };
        // A global allow-list that holds `element`: "map equals" compares
        // the lists as sets.
        if same_element(&elements[at], &element) {
            return modified;
        }
        elements.remove(at);
        elements.push(element);
        return true;
    }
    if element.attributes.is_some() || !element.remove_attributes.as_deref().unwrap_or_default().is_empty() {
        // Per-element attributes next to a global remove-list: not supported.
        return false;
    }
    let modified = remove_from(&mut configuration.replace_with_children_elements, &element.name);
    let remove = configuration.remove_elements.get_or_insert_with(Vec::new);
    if !remove.contains(&element.name) {
        return modified;
    }
    remove_name(remove, &element.name);
    true
}

/// Ordered maps are equal when their entries are, as sets.
fn same_element(a: &SanitizerElementWithAttributes, b: &SanitizerElementWithAttributes) -> bool {
    fn same_list(a: &Option<Vec<SanitizerName>>, b: &Option<Vec<SanitizerName>>) -> bool {
        match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => {
                let a: std::collections::HashSet<&SanitizerName> = a.iter().collect();
                let b: std::collections::HashSet<&SanitizerName> = b.iter().collect();
                a == b
            }
            _ => false,
        }
    }
    a.name == b.name && same_list(&a.attributes, &b.attributes) && same_list(&a.remove_attributes, &b.remove_attributes)
}

/// "remove an element": `removeElement(element)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizer-remove-an-element>
pub(crate) fn remove_element(configuration: &mut SanitizerConfig, element: &SanitizerName) -> bool {
    let mut element = element.clone();
    canonicalize_name(&mut element);
    let modified = remove_from(&mut configuration.replace_with_children_elements, &element);
    if let Some(elements) = &mut configuration.elements {
        if let Some(at) = elements.iter().position(|e| e.name == element) {
            elements.remove(at);
            return true;
        }
        return modified;
    }
    let remove = configuration.remove_elements.get_or_insert_with(Vec::new);
    if remove.contains(&element) {
        return modified;
    }
    add_name(remove, &element);
    true
}

fn canonicalize_name(name: &mut SanitizerName) {
    if name.namespace.as_deref() == Some("") {
        name.namespace = None;
    }
}

/// `replaceElementWithChildren(element)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-replaceelementwithchildren>
pub(crate) fn replace_element_with_children(configuration: &mut SanitizerConfig, element: &SanitizerName) -> bool {
    let mut element = element.clone();
    canonicalize_name(&mut element);
    if is_non_replaceable(&element) {
        return false;
    }
    if configuration.replace_with_children_elements.as_ref().is_some_and(|list| list.contains(&element)) {
        return false;
    }
    remove_from(&mut configuration.remove_elements, &element);
    if let Some(elements) = &mut configuration.elements {
        elements.retain(|e| e.name != element);
    }
    add_name(configuration.replace_with_children_elements.get_or_insert_with(Vec::new), &element);
    true
}

/// `allowProcessingInstruction(pi)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowprocessinginstruction>
pub(crate) fn allow_processing_instruction(configuration: &mut SanitizerConfig, target: &str) -> bool {
    if let Some(allowed) = &mut configuration.processing_instructions {
        if allowed.iter().any(|t| t == target) {
            return false;
        }
        allowed.push(target.to_string());
        return true;
    }
    let removed = configuration.remove_processing_instructions.get_or_insert_with(Vec::new);
    match removed.iter().position(|t| t == target) {
        Some(at) => {
            removed.remove(at);
            true
        }
        None => false,
    }
}

/// `removeProcessingInstruction(pi)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeprocessinginstruction>
pub(crate) fn remove_processing_instruction(configuration: &mut SanitizerConfig, target: &str) -> bool {
    if let Some(allowed) = &mut configuration.processing_instructions {
        return match allowed.iter().position(|t| t == target) {
            Some(at) => {
                allowed.remove(at);
                true
            }
            None => false,
        };
    }
    let removed = configuration.remove_processing_instructions.get_or_insert_with(Vec::new);
    if removed.iter().any(|t| t == target) {
        return false;
    }
    removed.push(target.to_string());
    true
}

/// `allowAttribute(attribute)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowattribute>
pub(crate) fn allow_attribute(configuration: &mut SanitizerConfig, attribute: &SanitizerName) -> bool {
    let mut attribute = attribute.clone();
    canonicalize_name(&mut attribute);
    if let Some(attributes) = &configuration.attributes {
        if configuration.data_attributes == Some(true) && attribute.is_custom_data_attribute() {
            return false;
        }
        if attributes.contains(&attribute) {
            return false;
        }
        for element in configuration.elements.iter_mut().flatten() {
            if let Some(local) = &mut element.attributes {
                remove_name(local, &attribute);
            }
        }
        configuration.attributes.as_mut().expect("checked above").push(attribute);
        return true;
    }
    remove_from(&mut configuration.remove_attributes, &attribute)
}

/// "remove an attribute": `removeAttribute(attribute)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizer-remove-an-attribute>
pub(crate) fn remove_attribute(configuration: &mut SanitizerConfig, attribute: &SanitizerName) -> bool {
    let mut attribute = attribute.clone();
    canonicalize_name(&mut attribute);
    if let Some(attributes) = &mut configuration.attributes {
        let mut modified = remove_name(attributes, &attribute);
        for element in configuration.elements.iter_mut().flatten() {
            if let Some(local) = &mut element.attributes {
                modified |= remove_name(local, &attribute);
            }
            if let Some(remove) = &mut element.remove_attributes {
                remove_name(remove, &attribute);
            }
        }
        return modified;
    }
    if configuration.remove_attributes.as_ref().is_some_and(|list| list.contains(&attribute)) {
        return false;
    }
    for element in configuration.elements.iter_mut().flatten() {
        for list in [&mut element.attributes, &mut element.remove_attributes] {
            remove_from(list, &attribute);
        }
    }
    configuration.remove_attributes.get_or_insert_with(Vec::new).push(attribute);
    true
}

/// `setComments(allow)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-setcomments>
pub(crate) fn set_comments(configuration: &mut SanitizerConfig, allow: bool) -> bool {
    if configuration.comments == Some(allow) {
        return false;
    }
    configuration.comments = Some(allow);
    true
}

/// `setDataAttributes(allow)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-setdataattributes>
pub(crate) fn set_data_attributes(configuration: &mut SanitizerConfig, allow: bool) -> bool {
    let Some(attributes) = &mut configuration.attributes else { return false };
    if configuration.data_attributes == Some(allow) {
        return false;
    }
    if allow {
        attributes.retain(|a| !a.is_custom_data_attribute());
        for element in configuration.elements.iter_mut().flatten() {
            if let Some(local) = &mut element.attributes {
                local.retain(|a| !a.is_custom_data_attribute());
            }
        }
    }
    configuration.data_attributes = Some(allow);
    true
}

/// "remove unsafe": removes the safe baseline's elements and attributes
/// and the event handler content attributes (HTML's, and SVG's that HTML
/// lacks: the user agent's extension the spec's warning leaves to it);
/// whether anything changed.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove-unsafe>
pub(crate) fn remove_unsafe(configuration: &mut SanitizerConfig) -> bool {
    let baseline = SanitizerConfig::from_builtin(&SAFE_BASELINE_CONFIGURATION);
    let mut result = false;
    for element in baseline.remove_elements.iter().flatten() {
        result |= remove_element(configuration, element);
    }
    for attribute in baseline.remove_attributes.iter().flatten() {
        result |= remove_attribute(configuration, attribute);
    }
    for name in EVENT_HANDLER_CONTENT_ATTRIBUTES.iter().chain(SVG_EVENT_HANDLER_ATTRIBUTES) {
        result |= remove_attribute(configuration, &SanitizerName::attribute(name));
    }
    result
}
