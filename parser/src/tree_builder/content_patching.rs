//! `<template for>` content patching (declarative out-of-order streaming),
//! behind [`TreeBuilderOptions::template_patching`](super::TreeBuilderOptions).
//!
//! A `template` start tag with a `for` attribute looks for a
//! `<?marker name="…">` processing instruction, or a `<?start name="…">` …
//! `<?end>` range, in the node where it would have been inserted. If it
//! finds one, the range's old content is removed and the template's content
//! goes there as it is parsed, instead of into the template; the template
//! itself is not inserted, and its end tag removes the markers. If it finds
//! none, the template is inserted as usual, with its content inside.
//!
//! The tree-construction steps are Appendix A of the 2026 text
//! (whatwg-parsing-2026.txt A.1 [#appropriate-place-for-inserting-a-node],
//! A.3 "in head", "template" start tag step 8 and end tag step 4). "Prepare
//! content patching" and "find markers" are in the template element's
//! section, which the reference texts do not reproduce: these follow the
//! standard as of upstream 2ff023fb (2026-08-20). Where that differs from a
//! later text, the later text wins.

use crate::generated::names::{local_names, Namespace};
use crate::pseudo_attributes::processing_instruction_attribute;

use super::foster_parenting::InsertionLocation;
use super::token::TagTok;
use super::{NodeOrText, TreeSink};

/// A template's "insertion target", "insertion start marker" and
/// "insertion end marker", for a template whose patching succeeded.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TemplatePatch<H> {
    /// The stack-of-open-elements serial of the template (see
    /// `OpenElement::serial`): what identifies it while it is open.
    pub template_serial: u32,
    pub target: H,
    pub start: H,
    pub end: Option<H>,
}

/// The patches of the open templates, in the order their templates were
/// pushed (so by serial: a lookup is a binary search).
#[derive(Debug)]
pub(crate) struct ContentPatches<H> {
    patches: Vec<TemplatePatch<H>>,
}

impl<H> Default for ContentPatches<H> {
    fn default() -> Self {
        ContentPatches { patches: Vec::new() }
    }
}

impl<H: Copy> ContentPatches<H> {
    pub fn is_empty(&self) -> bool {
        self.patches.is_empty()
    }

    /// The patch of the template pushed with `serial`, if it has one.
    pub fn get(&self, serial: u32) -> Option<&TemplatePatch<H>> {
        let at = self.patches.binary_search_by_key(&serial, |patch| patch.template_serial).ok()?;
        Some(&self.patches[at])
    }

    pub fn add(&mut self, patch: TemplatePatch<H>) {
        // A template pushed later has a larger serial; entries of
        // templates popped at the end of the input without their end tag
        // may remain before it.
        debug_assert!(self.patches.last().is_none_or(|last| last.template_serial < patch.template_serial));
        self.patches.push(patch);
    }

    /// Takes the patch of the template pushed with `serial` out ("set
    /// template's insertion target … to null").
    pub fn take(&mut self, serial: u32) -> Option<TemplatePatch<H>> {
        let at = self.patches.binary_search_by_key(&serial, |patch| patch.template_serial).ok()?;
        Some(self.patches.remove(at))
    }
}

/// "Find markers" given `scope` and `name`: the first `<?marker>` or
/// `<?start>` processing instruction among `scope`'s descendants, in tree
/// order, whose `name` pseudo-attribute is `name`; with it, for a
/// `<?start>`, the `<?end>` sibling that closes it (`<?start>`/`<?end>`
/// nest), or `None` when the range runs to the end of the parent.
///
/// The walk uses the sink's navigation ([`TreeSink::first_child_of`] …): a
/// sink that does not offer it finds no markers, and patching fails.
pub(crate) fn find_markers<S: TreeSink>(
    sink: &S,
    scope: S::Handle,
    name: &str,
) -> Option<(S::Handle, Option<S::Handle>)> {
    // Descendants in tree order, without recursion: down to the first
    // child, else on to the next sibling of the node or of its nearest
    // ancestor below `scope` that has one.
    let mut node = sink.first_child_of(scope)?;
    loop {
        if let Some((target, data)) = sink.processing_instruction_of(node) {
            if matches!(target, "marker" | "start")
                && processing_instruction_attribute(data, "name").as_deref() == Some(name)
            {
                if target == "marker" {
                    return Some((node, Some(node)));
                }
                return Some((node, matching_end(sink, node)));
            }
        }
        if let Some(child) = sink.first_child_of(node) {
            node = child;
            continue;
        }
        loop {
            if let Some(next) = sink.next_sibling_of(node) {
                node = next;
                break;
            }
            node = sink.parent_of(node)?;
            if node == scope {
                return None;
            }
        }
    }
}

/// The `<?end>` sibling after `start` that closes it, counting nested
/// `<?start>`s.
fn matching_end<S: TreeSink>(sink: &S, start: S::Handle) -> Option<S::Handle> {
    let mut nesting = 0usize;
    let mut sibling = sink.next_sibling_of(start);
    while let Some(node) = sibling {
        match sink.processing_instruction_of(node) {
            Some(("start", _)) => nesting += 1,
            Some(("end", _)) if nesting == 0 => return Some(node),
            Some(("end", _)) => nesting -= 1,
            _ => {}
        }
        sibling = sink.next_sibling_of(node);
    }
    None
}

/// "Prepare content patching" given `scope` and a template whose `for`
/// attribute is `marker_name`: the patch, with the nodes between its
/// markers removed, or `None` (failure).
pub(crate) fn prepare_content_patching<S: TreeSink>(
    sink: &mut S,
    scope: S::Handle,
    marker_name: &str,
    template_serial: u32,
) -> Option<TemplatePatch<S::Handle>> {
    if marker_name.is_empty() {
        return None;
    }
    let (start, end) = find_markers(sink, scope, marker_name)?;
    let target = sink.parent_of(start)?;
    let patch = TemplatePatch { template_serial, target, start, end };
    if end != Some(start) {
        // "Let removedNodes be" the siblings from after start up to end
        // (or to the last child), "then remove" each.
        let mut removed = Vec::new();
        let mut current = sink.next_sibling_of(start);
        while let Some(node) = current {
            if Some(node) == end {
                break;
            }
            removed.push(node);
            current = sink.next_sibling_of(node);
        }
        for node in removed {
            if sink.has_parent(node) {
                sink.remove_from_parent(node);
            }
        }
    }
    Some(patch)
}

impl<S: TreeSink> super::TreeBuilder<S> {
    /// The "in head" rule for a start tag whose tag name is "template"
    /// (A.3 [#parsing-main-inhead]), for the template that patching
    /// concerns: one with a `for` attribute, with patching on. Returns
    /// `false` (nothing done) for any other template, which the caller
    /// inserts as usual ("Otherwise, insert an HTML element").
    pub(crate) fn insert_a_patching_template(&mut self, tag: TagTok<'_>) -> bool {
        if !self.options.template_patching {
            return false;
        }
        // Step 7 comes first: a template with a shadowrootmode in the Open
        // or Closed state is never a patch ("If the parser's allow
        // declarative shadow roots is false … insert an HTML element for
        // the token and return").
        if super::declarative_shadow_root::shadow_root_mode(tag.tag).is_some() {
            return false;
        }
        let Some(marker_name) = tag.tag.attr("for") else { return false };
        // 6. "Let adjustedInsertionLocation be the appropriate place for
        // inserting a node."
        let location = self.appropriate_place_for_inserting_a_node(None);
        // 8.1. "Let scope be the node that contains the adjusted insertion
        // location." (8.2, "If scope is a template element, then set scope
        // to scope's template contents", cannot apply here: the
        // appropriate place already is inside the contents, or inside an
        // insertion target, whenever its target parent is a template.)
        let scope = match location {
            InsertionLocation::AppendTo(parent) => Some(parent),
            InsertionLocation::InsertBefore(sibling) => self.sink.parent_of(sibling),
        };
        // 8.3. "Otherwise, if scope is the body element of its node
        // document, then set scope to its parent": the body element is the
        // one the parser put second on the stack, under the html element.
        let scope = scope.map(|scope| match self.open_elements.second() {
            Some(body) if body.handle == scope && body.is_html(local_names::BODY) => self.open_elements[0].handle,
            _ => scope,
        });
        // 8.4. "Let template be the result of insert a foreign element for
        // templateStartTag, with HTML namespace and true."
        let template = self.insert_a_foreign_element(tag.tag, Namespace::Html, true);
        let serial = self.current_node().serial;
        // 8.5. "Let success be the result of prepare content patching."
        let patch = scope.and_then(|scope| prepare_content_patching(&mut self.sink, scope, marker_name, serial));
        match patch {
            Some(patch) => self.content_patches.add(patch),
            // 8.6. On failure the template goes where it would have gone
            // otherwise (popping it, inserting it at the adjusted insertion
            // location and pushing it again: the location is the one of
            // step 6, since nothing changed in between).
            None => self.insert_at(location, NodeOrText::Node(template)),
        }
        true
    }

    /// Step 4 of the "in head" rule for an end tag whose tag name is
    /// "template" (A.3): the markers of a patching template are removed.
    pub(crate) fn end_content_patching(&mut self) {
        if self.content_patches.is_empty() {
            return;
        }
        // 3. "Let template be the last template element in the stack of
        // open elements."
        let Some(index) = self.open_elements.last_html(local_names::TEMPLATE) else { return };
        let serial = self.open_elements[index].serial;
        if let Some(patch) = self.content_patches.take(serial) {
            if self.sink.has_parent(patch.start) {
                self.sink.remove_from_parent(patch.start);
            }
            if let Some(end) = patch.end.filter(|&end| self.sink.has_parent(end)) {
                self.sink.remove_from_parent(end);
            }
        }
    }
}
