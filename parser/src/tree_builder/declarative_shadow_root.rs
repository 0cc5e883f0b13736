//! Declarative shadow roots: a `<template shadowrootmode="open|closed">`
//! attaches a shadow root to the element it is in, and its content goes
//! there (whatwg-parsing-2026.txt A.3 [#parsing-main-inhead], the "template"
//! start tag, step 7), when the parser's "allow declarative shadow roots"
//! is set ([`TreeBuilderOptions::declarative_shadow_roots`](super::TreeBuilderOptions)).

use crate::generated::names::Namespace;
use crate::tokenizer::Tag;

use super::token::TagTok;
use super::{NodeOrText, ShadowRootInit, ShadowRootMode, SlotAssignmentMode, TreeSink};

/// The state of the `shadowrootmode` attribute, an enumerated attribute
/// whose missing and invalid value default is the None state (`None`).
///
/// Spec: <https://html.spec.whatwg.org/multipage/scripting.html#attr-template-shadowrootmode>
pub(crate) fn shadow_root_mode(tag: &Tag) -> Option<ShadowRootMode> {
    let value = tag.attr("shadowrootmode")?;
    if value.eq_ignore_ascii_case("open") {
        Some(ShadowRootMode::Open)
    } else if value.eq_ignore_ascii_case("closed") {
        Some(ShadowRootMode::Closed)
    } else {
        None
    }
}

/// Steps 7.4–7.9 (A.3): what the start tag declares.
fn declared_init(tag: &Tag, mode: ShadowRootMode) -> ShadowRootInit {
    // `shadowrootslotassignment` is enumerated: "manual" is the Manual
    // state, anything else the default, Named.
    let manual = tag.attr("shadowrootslotassignment").is_some_and(|value| value.eq_ignore_ascii_case("manual"));
    ShadowRootInit {
        mode,
        delegates_focus: tag.attr("shadowrootdelegatesfocus").is_some(),
        serializable: tag.attr("shadowrootserializable").is_some(),
        slot_assignment: if manual { SlotAssignmentMode::Manual } else { SlotAssignmentMode::Named },
        clonable: tag.attr("shadowrootclonable").is_some(),
        keep_custom_element_registry_null: tag.attr("shadowrootcustomelementregistry").is_some(),
    }
}

impl<S: TreeSink> super::TreeBuilder<S> {
    /// Step 7 of the "in head" rule for a start tag whose tag name is
    /// "template", for a template with a shadowrootmode in the Open or
    /// Closed state, when declarative shadow roots are allowed. Returns
    /// `false` (nothing done) when the rule says "insert an HTML element for
    /// the token": no such mode, not allowed, or a host that is the
    /// topmost element of the stack.
    pub(crate) fn insert_a_declarative_shadow_root_template(&mut self, tag: TagTok<'_>) -> bool {
        if !self.options.declarative_shadow_roots {
            return false;
        }
        let Some(mode) = shadow_root_mode(tag.tag) else { return false };
        // 7.1. "… or the adjusted current node is the topmost element in the
        // stack of open elements, then insert an HTML element for the token
        // and return."
        let Some(host) = self.adjusted_current_node().map(|node| node.handle) else { return false };
        if self.open_elements.first().is_some_and(|top| top.handle == host) {
            return false;
        }
        // 6. "Let adjustedInsertionLocation be the appropriate place for
        // inserting a node."
        let location = self.appropriate_place_for_inserting_a_node(None);
        // 7.3. "Let template be the result of insert a foreign element for
        // templateStartTag, with HTML namespace and true."
        let template = self.insert_a_foreign_element(tag.tag, Namespace::Html, true);
        let init = declared_init(tag.tag, mode);
        // 7.10–7.11: a host that already has a shadow root, or one that
        // "attach a shadow root" refuses, gets the template inserted "at the
        // adjusted insertion location with template and
        // adjustedInsertionLocation" instead. The sink answers both.
        if !self.sink.attach_declarative_shadow_root(host, template, &init) {
            self.insert_at(location, NodeOrText::Node(template));
        }
        true
    }
}
