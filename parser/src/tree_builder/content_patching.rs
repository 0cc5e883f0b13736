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
use crate::tokenizer::ProcessingInstruction;

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

/// The `<?marker>` and `<?start>` processing instructions the parser
/// inserted, by their `name` pseudo-attribute, in the order it inserted
/// them, so that "find markers" looks at the markers of its name only: the
/// standard's walk of the scope's descendants for every `<template for>`
/// made n templates after n markers quadratic (the streaming use the
/// feature exists for).
///
/// Each marker also records where the parser put it, so that "is it a
/// descendant of the scope" is answered without a walk up the tree: the
/// open element it went into (its anchor), the template whose contents
/// held that element (its region), and the serial the next element pushed
/// would have got (its watermark). While the marker's parent is still its
/// anchor, it is a descendant of an open element X of the same region
/// exactly when the anchor is X or above X on the stack of open elements,
/// or, once the anchor is closed, when X was pushed before the marker was
/// inserted (the anchor was then open above X: had it been below, X would
/// have closed with it). Markers inserted elsewhere (foster-parented, into
/// a patch's target) and scopes that are not the current node or the html
/// element are answered by a walk up from the marker.
#[derive(Debug)]
pub(crate) struct MarkerIndex<H> {
    by_name: hashbrown::HashMap<Box<str>, Vec<Marker<H>>, foldhash::fast::RandomState>,
}

impl<H> Default for MarkerIndex<H> {
    fn default() -> Self {
        MarkerIndex { by_name: hashbrown::HashMap::default() }
    }
}

#[derive(Debug, Clone, Copy)]
struct Marker<H> {
    node: H,
    /// The open element the parser inserted it into, and that element's
    /// stack serial, if it was the current node or the html element.
    anchor: Option<(H, u32)>,
    /// The serial of the template whose contents hold the anchor, or
    /// [`NO_REGION`].
    region: u32,
    /// The serial the next element pushed got when it was inserted.
    watermark: u32,
    /// Removed with a patch's range (its parent may remain).
    removed: bool,
    /// Inserted before a node, or while a patch was open (into a patch's
    /// target, before its end marker; or foster-parented): later markers
    /// are not after it in tree order.
    inserted_before: bool,
}

/// The region of the document itself (no template's contents).
const NO_REGION: u32 = u32::MAX;

/// A `<template for>`'s scope, as the stack of open elements knows it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Scope<H> {
    /// An open element: its handle, slot, serial and region.
    Open { handle: H, slot: usize, serial: u32, region: u32 },
    /// Any other node: answered by walks up from the markers.
    Node(H),
}

impl<H> Scope<H>
where
    H: Copy,
{
    fn handle(&self) -> H {
        match *self {
            Scope::Open { handle, .. } | Scope::Node(handle) => handle,
        }
    }
}

/// Whether `node` is a descendant of `ancestor`: a walk up from `node`.
fn descends_from<S: TreeSink>(sink: &S, node: S::Handle, ancestor: S::Handle) -> bool {
    let mut at = sink.parent_of(node);
    while let Some(parent) = at {
        crate::cost::step!("tree_builder::marker_ancestor_walk");
        if parent == ancestor {
            return true;
        }
        at = sink.parent_of(parent);
    }
    false
}

impl<H: Copy + PartialEq> MarkerIndex<H> {
    /// Records a marker the parser inserted.
    fn add(&mut self, name: String, marker: Marker<H>) {
        self.by_name.entry(name.into_boxed_str()).or_default().push(marker);
    }

    /// Marks `node`, named `name`, removed with a patch's range.
    fn removed(&mut self, name: &str, node: H) {
        if let Some(marker) = self.by_name.get_mut(name).and_then(|list| list.iter_mut().find(|m| m.node == node)) {
            marker.removed = true;
        }
    }
}

/// "Find markers" given `scope` and `name` [#find-markers]: the first
/// `<?marker>` or `<?start>` processing instruction among `scope`'s
/// descendants whose `name` pseudo-attribute is `name` (the first the
/// parser inserted: tree order but for foster-parented markers); with it,
/// for a `<?start>`, the `<?end>` sibling that closes it (`<?start>`/`<?end>`
/// nest), or `None` when the range runs to the end of the parent. Markers
/// found removed from the tree leave the index.
fn find_markers<S: TreeSink>(
    sink: &S,
    index: &mut MarkerIndex<S::Handle>,
    positions: impl Fn(u32) -> Option<usize>,
    scope: Scope<S::Handle>,
    name: &str,
) -> Option<(S::Handle, Option<S::Handle>)> {
    let markers = index.by_name.get_mut(name)?;
    markers.retain(|marker| {
        crate::cost::step!("tree_builder::markers_of_a_name");
        !marker.removed && sink.has_parent(marker.node)
    });
    let inside = |marker: &Marker<S::Handle>| {
        crate::cost::step!("tree_builder::markers_of_a_name");
        if let (Some((anchor, anchor_serial)), Scope::Open { slot, serial, region, .. }) = (marker.anchor, scope) {
            if sink.parent_of(marker.node) == Some(anchor) && marker.region == region {
                return match positions(anchor_serial) {
                    Some(anchor_slot) => anchor_slot >= slot,
                    None => marker.watermark > serial,
                };
            }
        }
        descends_from(sink, marker.node, scope.handle())
    };
    // Markers the parser appended are in tree order; one it inserted before
    // a node may precede markers inserted earlier: then the standard's walk
    // decides (patches of patches' content).
    let found = if markers.iter().any(|marker| marker.inserted_before && inside(marker)) {
        walk_to_the_first_marker(sink, scope.handle(), name)
    } else {
        markers.iter().find(|marker| inside(marker)).map(|marker| marker.node)
    };
    #[cfg(test)]
    {
        assert_eq!(found, walk_to_the_first_marker(sink, scope.handle(), name), "find markers {name}");
        tests::FOUND.with(|count| count.set(count.get() + usize::from(found.is_some())));
    }
    let found = found?;
    match sink.processing_instruction_of(found) {
        Some(("marker", _)) => Some((found, Some(found))),
        _ => Some((found, matching_end(sink, found))),
    }
}

/// The standard's "find markers" walk: the first `<?marker>` or
/// `<?start>` among `scope`'s descendants in tree order named `name`.
fn walk_to_the_first_marker<S: TreeSink>(sink: &S, scope: S::Handle, name: &str) -> Option<S::Handle> {
    let mut node = sink.first_child_of(scope)?;
    loop {
        crate::cost::step!("tree_builder::marker_walk");
        if let Some((target, data)) = sink.processing_instruction_of(node) {
            if matches!(target, "marker" | "start")
                && processing_instruction_attribute(data, "name").as_deref() == Some(name)
            {
                return Some(node);
            }
        }
        if let Some(child) = sink.first_child_of(node) {
            node = child;
            continue;
        }
        loop {
            crate::cost::step!("tree_builder::marker_walk");
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
        crate::cost::step!("tree_builder::patch_range");
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
    index: &mut MarkerIndex<S::Handle>,
    positions: impl Fn(u32) -> Option<usize>,
    scope: Scope<S::Handle>,
    marker_name: &str,
    template_serial: u32,
) -> Option<TemplatePatch<S::Handle>> {
    if marker_name.is_empty() {
        return None;
    }
    let (start, end) = find_markers(sink, index, positions, scope, marker_name)?;
    let target = sink.parent_of(start)?;
    let patch = TemplatePatch { template_serial, target, start, end };
    if end != Some(start) {
        // "Let removedNodes be" the siblings from after start up to end
        // (or to the last child), "then remove" each.
        let mut removed = Vec::new();
        let mut current = sink.next_sibling_of(start);
        while let Some(node) = current {
            crate::cost::step!("tree_builder::patch_range_removal");
            if Some(node) == end {
                break;
            }
            removed.push(node);
            current = sink.next_sibling_of(node);
        }
        for node in removed {
            crate::cost::step!("tree_builder::patch_range_removal");
            if sink.has_parent(node) {
                forget_the_markers_in(sink, index, node);
                sink.remove_from_parent(node);
            }
        }
    }
    Some(patch)
}

/// Marks the indexed markers in the subtree of `root`, about to leave the
/// tree with a patch's range, removed. The walk costs the removed nodes,
/// which leave the tree once.
fn forget_the_markers_in<S: TreeSink>(sink: &S, index: &mut MarkerIndex<S::Handle>, root: S::Handle) {
    let mut node = root;
    loop {
        crate::cost::step!("tree_builder::forget_markers");
        if let Some((target, data)) = sink.processing_instruction_of(node) {
            if matches!(target, "marker" | "start") {
                if let Some(name) = processing_instruction_attribute(data, "name") {
                    index.removed(&name, node);
                }
            }
        }
        if let Some(child) = sink.first_child_of(node) {
            node = child;
            continue;
        }
        loop {
            crate::cost::step!("tree_builder::forget_markers");
            if node == root {
                return;
            }
            if let Some(next) = sink.next_sibling_of(node) {
                node = next;
                break;
            }
            match sink.parent_of(node) {
                Some(parent) => node = parent,
                None => return,
            }
        }
    }
}

impl<S: TreeSink> super::TreeBuilder<S> {
    /// Records a `<?marker>` or `<?start>` processing instruction with a
    /// name, just inserted at `location`, in the index of markers (with
    /// `template_patching` on).
    pub(crate) fn index_a_marker(
        &mut self,
        pi: &ProcessingInstruction,
        node: S::Handle,
        location: InsertionLocation<S::Handle>,
    ) {
        if !matches!(pi.target.as_str(), "marker" | "start") {
            return;
        }
        let Some(name) = processing_instruction_attribute(&pi.data, "name") else { return };
        // While a patch is open, elements go into its target, before its
        // end marker, and the stack no longer tells where: such a marker is
        // answered by walks.
        let (anchor, inserted_before) = match location {
            _ if !self.content_patches.is_empty() => (None, true),
            InsertionLocation::AppendTo(parent) => (self.open_scope(parent), false),
            InsertionLocation::InsertBefore(_) => (None, true),
        };
        let (anchor, region) = match anchor {
            Some(Scope::Open { handle, serial, region, .. }) => (Some((handle, serial)), region),
            _ => (None, NO_REGION),
        };
        let watermark = self.open_elements.next_serial();
        self.markers.add(name, Marker { node, anchor, region, watermark, removed: false, inserted_before });
    }

    /// `node` as a scope the stack knows: the current node or the html
    /// element (the usual containers of a `<template for>` and its markers).
    fn open_scope(&self, node: S::Handle) -> Option<Scope<S::Handle>> {
        let stack = &self.open_elements;
        let slot = [stack.top_slot()?, 0].into_iter().find(|&slot| stack[slot].handle == node)?;
        // The region: the topmost template below `slot` (one whose contents
        // hold the element).
        let region = stack
            .slots_down_from(stack.last_html(local_names::TEMPLATE))
            .filter(|&at| {
                crate::cost::step!("tree_builder::patch_scope_region");
                stack[at].is_html(local_names::TEMPLATE)
            })
            .find(|&at| at < slot)
            .map_or(NO_REGION, |at| stack[at].serial);
        Some(Scope::Open { handle: node, slot, serial: stack[slot].serial, region })
    }

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
        let scope = scope.map(|scope| self.open_scope(scope).unwrap_or(Scope::Node(scope)));
        // 8.4. "Let template be the result of insert a foreign element for
        // templateStartTag, with HTML namespace and true."
        let template = self.insert_a_foreign_element(tag.tag, Namespace::Html, true);
        let serial = self.current_node().serial;
        // 8.5. "Let success be the result of prepare content patching."
        let stack = &self.open_elements;
        let positions = |serial| stack.position(serial);
        let patch = scope.and_then(|scope| {
            prepare_content_patching(&mut self.sink, &mut self.markers, positions, scope, marker_name, serial)
        });
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

#[cfg(test)]
pub(crate) mod tests {
    use crate::dom::dump_html5lib;

    thread_local! {
        /// How many times the index found a marker the walk found too.
        pub(super) static FOUND: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Markers, ranges and templates for them in and around the places the
    /// index tells apart: nested elements, template contents, tables, a
    /// patch's range (removed), markers named twice.
    const PIECES: &[&str] = &[
        "<?marker name=\"a\">",
        "<?marker name=\"b\">",
        "<?start name=\"a\">",
        "<?start name=\"b\">",
        "<?end>",
        "<template for=a>x</template>",
        "<template for=b>y",
        "</template>",
        "<template>",
        "<div>",
        "</div>",
        "<p>",
        "<span>",
        "</span>",
        "<table><tr><td>",
        "</table>",
        "<b>",
        "</b>",
        "<i>",
        "</i>",
        "z",
    ];

    /// Every answer of the index is checked against the walk (in
    /// `find_markers`).
    #[test]
    fn the_index_finds_the_marker_the_walk_finds() {
        FOUND.with(|count| count.set(0));
        let options = crate::ParseOptions::default().template_patching(true);
        for seed in 0..400u64 {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut input = String::new();
            for _ in 0..60 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                input.push_str(PIECES[(state % PIECES.len() as u64) as usize]);
            }
            dump_html5lib(&crate::parse_document_with(&input, options));
        }
        let found = FOUND.with(std::cell::Cell::get);
        assert!(found > 300, "{found} markers found");
    }

    /// A marker in a range a patch removed is gone, though its parent
    /// (removed with it) remains.
    #[test]
    fn a_marker_removed_with_a_range_is_not_found() {
        let options = crate::ParseOptions::default().template_patching(true);
        let input = r#"<body><?start name="a"><div><?marker name="b"></div><?end><template for=a>x</template><template for=b>y</template>"#;
        let html = crate::serialize_document(&crate::parse_document_with(input, options));
        assert!(html.contains("x<template for=\"b\">y</template>"), "{html}");
    }
}
