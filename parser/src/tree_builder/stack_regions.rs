//! The stack of open elements cut into regions at its boundary elements,
//! with the names of each region counted on demand, so that a walk down
//! the stack that would stop at a boundary without finding a name is
//! answered in O(1). Two walks use it:
//!
//! - "in body", "any other end tag" ([`SpecialCut`]). The walk (Spec:
//!   <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>)
//!   goes from the current node down; the first HTML element with the
//!   tag's name is closed, and the first special element ends the walk with
//!   the token ignored (the name is checked first, so the special element
//!   itself can match). So the token closes something exactly when the
//!   *region* of the topmost special element — that element and
//!   everything above it — holds an HTML element of that name.
//!   `<div>` + `<x-a>`×n + `</x-b>`×n (an `x-b` open below the `div`) made
//!   n failing walks of n elements each.
//! - "in foreign content", "any other end tag" ([`HtmlCut`]). The walk
//!   (Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>)
//!   passes the foreign elements above the topmost HTML element, closing
//!   the first whose lowercased name is the tag's, and hands the token to
//!   the insertion mode when it reaches an HTML element. `<svg>` +
//!   `<g>`×n + `</x>`×n made n failing walks of n elements each.
//!
//! A walk that finds its element is paid for by the pops that follow; a
//! walk that fails pops nothing. Each boundary element on the stack has a
//! region here: its index and, once a long walk has failed in it, a count
//! of the names in the region (built from the elements that walk passed,
//! so it costs what the walk cost), kept up to date by every push, pop,
//! insert and remove until the boundary element leaves the stack. Pushing
//! and popping a boundary element (`<p></p>`) only adds and drops its own
//! region, so the counts below it stay. Normal pages never build a count: a
//! walk of up to [`SHORT_WALK`] elements is left as it is, and the regions
//! themselves are only set up (for the whole stack, once per parse) by the
//! first long walk that fails, so that until then a push or pop pays one
//! test.

use std::borrow::Cow;
use std::collections::HashMap;
use std::marker::PhantomData;

use crate::generated::element_categories::Categories;
use crate::generated::names::Namespace;

use super::element_names::OtherNames;
use super::OpenElement;

/// Walks that pass up to this many elements are plain walks; past it, the
/// topmost region's names answer.
pub(crate) const SHORT_WALK: usize = 32;

/// Where a walk stops and which names it looks for.
pub(crate) trait Cut {
    /// Whether `element` starts a region (the walk stops at it).
    fn is_boundary<H>(element: &OpenElement<H>) -> bool;
    /// The name the walk compares for `element`, if it compares any
    /// (`names` spells the names the names table lacks).
    fn key<'a, H>(element: &OpenElement<H>, names: &'a OtherNames) -> Option<Cow<'a, str>>;
}

/// In body, "any other end tag": regions start at special elements and
/// count the names of their HTML elements, the special element's own
/// included.
#[derive(Debug, Clone, Default)]
pub(crate) struct SpecialCut;

impl Cut for SpecialCut {
    #[inline]
    fn is_boundary<H>(element: &OpenElement<H>) -> bool {
        element.is(Categories::SPECIAL)
    }

    fn key<'a, H>(element: &OpenElement<H>, names: &'a OtherNames) -> Option<Cow<'a, str>> {
        (element.ns == Namespace::Html).then(|| Cow::Borrowed(names.as_str(element.local)))
    }
}

/// In foreign content, "any other end tag": regions start at HTML elements
/// and count the ASCII-lowercased names of the foreign elements above them
/// (the walk compares "the node's tag name converted to ASCII lowercase").
#[derive(Debug, Clone, Default)]
pub(crate) struct HtmlCut;

impl Cut for HtmlCut {
    #[inline]
    fn is_boundary<H>(element: &OpenElement<H>) -> bool {
        element.ns == Namespace::Html
    }

    fn key<'a, H>(element: &OpenElement<H>, names: &'a OtherNames) -> Option<Cow<'a, str>> {
        (element.ns != Namespace::Html).then(|| ascii_lowercase(names.as_str(element.local)))
    }
}

/// `name` in ASCII lowercase, borrowed when it already is.
pub(crate) fn ascii_lowercase(name: &str) -> Cow<'_, str> {
    if name.bytes().any(|byte| byte.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// How many open elements of each name a region holds.
type NameCounts = HashMap<Box<str>, u32>;

#[derive(Debug, Clone)]
struct Region {
    /// The boundary element's index in the stack of open elements.
    start: usize,
    /// The names from `start` up to the next region's start, once built.
    names: Option<NameCounts>,
}

/// One region per boundary element on the stack of open elements, bottom
/// first, once active: the regions are set up by the first long walk that
/// fails (for the whole stack, once per parse), so that the pushes and
/// pops of a normal page pay one test and nothing else.
#[derive(Debug, Clone)]
pub(crate) struct Regions<C> {
    active: bool,
    regions: Vec<Region>,
    cut: PhantomData<C>,
}

impl<C> Default for Regions<C> {
    fn default() -> Self {
        Regions { active: false, regions: Vec::new(), cut: PhantomData }
    }
}

fn add<C: Cut, H>(names: &mut NameCounts, element: &OpenElement<H>, spelled: &OtherNames) {
    if let Some(name) = C::key(element, spelled) {
        match names.get_mut(&*name) {
            Some(count) => *count += 1,
            None => {
                names.insert(name.into_owned().into_boxed_str(), 1);
            }
        }
    }
}

fn subtract<C: Cut, H>(names: &mut NameCounts, element: &OpenElement<H>, spelled: &OtherNames) {
    if let Some(name) = C::key(element, spelled) {
        if let Some(count) = names.get_mut(&*name) {
            *count -= 1;
            if *count == 0 {
                names.remove(&*name);
            }
        }
    }
}

fn count<C: Cut, H>(elements: &[OpenElement<H>], spelled: &OtherNames) -> NameCounts {
    let mut names = NameCounts::new();
    for element in elements {
        add::<C, H>(&mut names, element, spelled);
    }
    names
}

impl<C: Cut> Regions<C> {
    /// Whether the regions are kept (a long walk failed once).
    #[inline(always)]
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// `element` is being pushed at `index`, the top of the stack.
    #[inline]
    pub fn pushed<H>(&mut self, index: usize, element: &OpenElement<H>, spelled: &OtherNames) {
        if !self.active {
            return;
        }
        if C::is_boundary(element) {
            self.regions.push(Region { start: index, names: None });
        } else if let Some(names) = self.regions.last_mut().and_then(|region| region.names.as_mut()) {
            add::<C, H>(names, element, spelled);
        }
    }

    /// `element` was popped off the top of the stack.
    #[inline]
    pub fn popped<H>(&mut self, element: &OpenElement<H>, spelled: &OtherNames) {
        if !self.active {
            return;
        }
        if C::is_boundary(element) {
            self.regions.pop();
        } else if let Some(names) = self.regions.last_mut().and_then(|region| region.names.as_mut()) {
            subtract::<C, H>(names, element, spelled);
        }
    }

    /// `element` was removed from `index`; `elements` is the stack after.
    /// A boundary element's region joins the one below. Costs at most the
    /// elements above `index`, as the removal itself did.
    pub fn removed<H>(
        &mut self,
        elements: &[OpenElement<H>],
        index: usize,
        element: &OpenElement<H>,
        spelled: &OtherNames,
    ) {
        if !self.active {
            return;
        }
        // Regions starting at or below `index`.
        let below = self.regions.partition_point(|region| region.start <= index);
        if C::is_boundary(element) {
            let region = self.regions.remove(below - 1);
            for later in &mut self.regions[below - 1..] {
                later.start -= 1;
            }
            let Some(joined) = below.checked_sub(2) else { return };
            let end = self.regions.get(below - 1).map_or(elements.len(), |next| next.start);
            if let Some(names) = self.regions[joined].names.as_mut() {
                match region.names {
                    Some(mut theirs) => {
                        subtract::<C, H>(&mut theirs, element, spelled);
                        for (name, count) in theirs {
                            *names.entry(name).or_insert(0) += count;
                        }
                    }
                    None => {
                        for moved in &elements[index..end] {
                            add::<C, H>(names, moved, spelled);
                        }
                    }
                }
            }
        } else {
            for later in &mut self.regions[below..] {
                later.start -= 1;
            }
            if let Some(names) = below.checked_sub(1).and_then(|at| self.regions[at].names.as_mut()) {
                subtract::<C, H>(names, element, spelled);
            }
        }
    }

    /// `elements[index]` was inserted; `elements` is the stack after. A
    /// boundary element splits the region it lands in. Costs at most the
    /// elements above `index`, as the insertion itself did.
    pub fn inserted<H>(&mut self, elements: &[OpenElement<H>], index: usize, spelled: &OtherNames) {
        if !self.active {
            return;
        }
        let element = &elements[index];
        // Regions starting below `index` (an element inserted at a boundary
        // element's index goes under it, into the region below).
        let below = self.regions.partition_point(|region| region.start < index);
        for later in &mut self.regions[below..] {
            later.start += 1;
        }
        if C::is_boundary(element) {
            let end = self.regions.get(below).map_or(elements.len(), |next| next.start);
            let names = match below.checked_sub(1).and_then(|at| self.regions[at].names.as_mut()) {
                Some(split) => {
                    for moved in &elements[index + 1..end] {
                        subtract::<C, H>(split, moved, spelled);
                    }
                    Some(count::<C, H>(&elements[index..end], spelled))
                }
                None => None,
            };
            self.regions.insert(below, Region { start: index, names });
        } else if let Some(names) = below.checked_sub(1).and_then(|at| self.regions[at].names.as_mut()) {
            add::<C, H>(names, element, spelled);
        }
    }

    /// Whether the topmost region is known to hold no element whose key
    /// ([`Cut::key`]) is `name` (false when its names are not built yet).
    pub fn topmost_lacks(&self, name: &str) -> bool {
        let lacks =
            self.regions.last().and_then(|region| region.names.as_ref()).is_some_and(|names| !names.contains_key(name));
        #[cfg(test)]
        if lacks {
            tests::ANSWERS.with(|answers| answers.set(answers.get() + 1));
        }
        lacks
    }

    /// Counts the names of the topmost region, after a long walk down to
    /// its boundary element failed (the walk cost as much). The first time,
    /// sets up the regions of the whole stack.
    pub fn build_topmost<H>(&mut self, elements: &[OpenElement<H>], spelled: &OtherNames) {
        if !self.active {
            self.active = true;
            self.regions = (0..elements.len())
                .filter(|&index| C::is_boundary(&elements[index]))
                .map(|start| Region { start, names: None })
                .collect();
        }
        if let Some(region) = self.regions.last_mut() {
            if region.names.is_none() {
                region.names = Some(count::<C, H>(&elements[region.start..], spelled));
            }
        }
    }
}

#[cfg(test)]
impl<C: Cut> Regions<C> {
    /// Recounts everything from `elements` (the parser's unit tests call
    /// it after every change to the stack).
    pub fn check<H>(&self, elements: &[OpenElement<H>], spelled: &OtherNames) {
        if !self.active {
            assert!(self.regions.is_empty());
            return;
        }
        let starts: Vec<usize> = self.regions.iter().map(|region| region.start).collect();
        let boundaries: Vec<usize> = (0..elements.len()).filter(|&index| C::is_boundary(&elements[index])).collect();
        assert_eq!(starts, boundaries, "one region per boundary element");
        for (at, region) in self.regions.iter().enumerate() {
            let end = self.regions.get(at + 1).map_or(elements.len(), |next| next.start);
            if let Some(names) = &region.names {
                assert_eq!(names, &count::<C, H>(&elements[region.start..end], spelled), "region {at}'s names");
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::dom::dump_html5lib;

    /// Markup that makes long walks (more than `SHORT_WALK` elements
    /// between special elements) and changes the stack every way the tree
    /// builder does: pushes and pops of special and other elements, the
    /// adoption agency algorithm's inserts, replaces and removes, `</form>`
    /// removing the form from the middle, foreign content.
    const PIECES: &[&str] = &[
        "<x-a>",
        "<x-a>",
        "<x-a>",
        "<x-a>",
        "</x-a>",
        "</x-b>",
        "<x-b>",
        "</x-c>",
        "<x-c></x-c>",
        "<span>",
        "</span>",
        "</abbr>",
        "<abbr>",
        "<div>",
        "</div>",
        "<p>",
        "</p>",
        "<b>",
        "</b>",
        "<i>",
        "</i>",
        "<a>",
        "</a>",
        "<nobr>",
        "<form>",
        "</form>",
        "<table>",
        "<td>",
        "</table>",
        "<svg>",
        "<desc>",
        "</desc>",
        "</svg>",
        "<math>",
        "<mi>",
        "</math>",
        "<li>",
        "<dd>",
        "<template>",
        "</template>",
        "x",
    ];

    /// Foreign content over HTML: long runs of foreign elements with end
    /// tags of names open or not, integration points and breakouts, HTML
    /// elements (formatting ones too) opened inside and below them.
    const FOREIGN_PIECES: &[&str] = &[
        "<svg>",
        "</svg>",
        "<g>",
        "<g>",
        "<g>",
        "</g>",
        "</x>",
        "</X-Y>",
        "<clipPath>",
        "</clippath>",
        "<foreignObject>",
        "</foreignObject>",
        "<desc>",
        "</desc>",
        "<math>",
        "<mi>",
        "</mi>",
        "<mo>",
        "</math>",
        "<annotation-xml encoding=text/html>",
        "</annotation-xml>",
        "<div>",
        "</div>",
        "<span>",
        "</span>",
        "<b>",
        "</b>",
        "<p>",
        "</p>",
        "<table>",
        "<td>",
        "</table>",
        "<font color=red>",
        "<br>",
        "x",
    ];

    fn soup(seed: u64, len: usize) -> String {
        soup_of(PIECES, seed, len)
    }

    fn soup_of(pieces: &[&str], seed: u64, len: usize) -> String {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut out = String::new();
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let piece = pieces[(state % pieces.len() as u64) as usize];
            // Runs of the same piece build the long stretches of
            // non-special elements the counts are for.
            let run = if state >> 60 == 0 { 40 } else { 1 };
            for _ in 0..run {
                out.push_str(piece);
            }
        }
        out
    }

    thread_local! {
        /// How many times the counts answered "no such element".
        pub(super) static ANSWERS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many of them were for foreign content's "any other end tag".
        pub(crate) static FOREIGN_ANSWERS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn the_foreign_counts_follow_every_change_to_the_stack() {
        // The same checks (`Regions::check` after every change, every
        // answer against the walk in `foreign_content_any_other_end_tag`).
        FOREIGN_ANSWERS.with(|answers| answers.set(0));
        let mut with_g = 0;
        for seed in 0..300 {
            let document = crate::parse_document(&soup_of(FOREIGN_PIECES, seed, 400));
            with_g += usize::from(dump_html5lib(&document).contains("<svg g>"));
        }
        assert!(with_g > 200, "{with_g} soups hold an SVG g");
        let answers = FOREIGN_ANSWERS.with(std::cell::Cell::get);
        assert!(answers > 1_000, "the counts answered {answers} times");
    }

    #[test]
    fn foreign_end_tags_past_a_long_run_are_answered_by_the_counts() {
        let run = "<g>".repeat(40);
        // The first `</x>` walks the run and counts it; the next two are
        // answered; `</clipPath>` closes the clipPath below the run (an
        // adjusted SVG name, compared in lowercase); the `</x>` after it
        // finds the svg's region with nothing counted above the body.
        let input = format!("<svg><clipPath>{run}</x></x></x></clipPath></x><g></g>");
        FOREIGN_ANSWERS.with(|answers| answers.set(0));
        let tree = dump_html5lib(&crate::parse_document(&input));
        assert_eq!(FOREIGN_ANSWERS.with(std::cell::Cell::get), 2, "{input}");
        assert!(tree.contains("|       <svg clipPath>\n"), "{tree}");
        assert!(tree.ends_with("\n|       <svg g>\n"), "the last g is a sibling of the clipPath: {tree}");
    }

    #[test]
    fn the_counts_follow_every_change_to_the_stack() {
        // Every push, pop, insert, replace and remove checks the regions
        // (`SpecialRegions::check`) and every "no such element" answer is
        // checked against the walk (`any_other_end_tag`).
        ANSWERS.with(|answers| answers.set(0));
        for seed in 0..300 {
            let document = crate::parse_document(&soup(seed, 400));
            assert!(dump_html5lib(&document).contains("<x-a>"));
        }
        let answers = ANSWERS.with(std::cell::Cell::get);
        assert!(answers > 1_000, "the counts answered {answers} times");
    }

    /// The tree of `input` and how many times the counts answered.
    fn parse_counting(input: &str) -> (String, usize) {
        ANSWERS.with(|answers| answers.set(0));
        let tree = dump_html5lib(&crate::parse_document(input));
        (tree, ANSWERS.with(std::cell::Cell::get))
    }

    #[test]
    fn a_special_element_removed_from_the_middle_joins_its_counts_to_the_region_below() {
        let run = "<x-a>".repeat(40);
        // `</form>` with the form not the current node removes it from the
        // middle of the stack: its region (counted or not) joins the div's
        // counted one, and the `</x-b>`s after it are answered there.
        for counted_in_form in ["", "</x-b>"] {
            let input =
                format!("<x-b><div>{run}</x-b><form>{run}{counted_in_form}<x-c></form></x-b></x-b><x-c></x-c></x-b>");
            let (tree, answers) = parse_counting(&input);
            // The `</x-b>`s after `</form>` (the form's own failed walk,
            // if any, counts the form's region; it answers nothing).
            assert_eq!(answers, 3, "{input}");
            // The x-c went into the last x-a of the form's run (the form is
            // gone from the stack, the x-as stay open).
            assert_eq!(tree.matches("<x-a>").count(), 80);
            assert_eq!(tree.matches("<x-c>").count(), 2);
        }
    }

    #[test]
    fn the_adoption_agency_algorithm_keeps_the_counts() {
        // `</b>` with the inner div as the furthest block: the i between
        // is replaced by a clone, the b is removed from the middle of the
        // stack (both in the outer div's counted region), and a new b is
        // inserted right above the inner div (into its counted region);
        // the algorithm's second round pops the new b and what is above it.
        let run = "<x-a>".repeat(40);
        let input = format!("<x-b><div>{run}</x-b><b><i><div>{run}</x-b></b>{run}</x-b><x-a></x-b>");
        let (_, answers) = parse_counting(&input);
        assert_eq!(answers, 2, "{input}");
    }
}
