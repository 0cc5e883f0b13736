//! The stack of open elements cut at its special elements, so that "in
//! body", "any other end tag" can tell in O(1) that its walk down the stack
//! would reach a special element before an element of the tag's name.
//!
//! The walk (Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>,
//! "any other end tag") goes from the current node down; the first HTML
//! element with the tag's name is closed, and the first special element
//! ends the walk with the token ignored (the name is checked first, so the
//! special element itself can match). So the token closes something
//! exactly when the *region* of the topmost special element — that element
//! and everything above it — holds an HTML element of that name. A walk
//! that finds one is paid for by the pops that follow; a walk that fails
//! pops nothing, and `<div>` + `<x-a>`×n + `</x-b>`×n (an `x-b` open below
//! the `div`) made n failing walks of n elements each.
//!
//! Each special element on the stack has a region here: its index and,
//! once a long walk has failed in it, a count of the HTML element names in
//! the region (built from the elements that walk passed, so it costs what
//! the walk cost), kept up to date by every push, pop, insert and remove
//! until the special element leaves the stack. Pushing and popping a
//! special element (`<p></p>`) only adds and drops its own region, so the
//! counts below it stay. Normal pages never build a count: a walk of up to
//! [`SHORT_WALK`] elements is left as it is, and the regions themselves
//! are only set up (for the whole stack, once per parse) by the first long
//! walk that fails, so that until then a push or pop pays one test.

use std::collections::HashMap;

use crate::generated::element_categories::Categories;
use crate::generated::names::Namespace;

use super::OpenElement;

/// Walks of "any other end tag" that pass up to this many elements are
/// plain walks; past it, the topmost region's names answer.
pub(crate) const SHORT_WALK: usize = 32;

/// How many open HTML elements of each name a region holds.
type NameCounts = HashMap<Box<str>, u32>;

#[derive(Debug, Clone)]
struct Region {
    /// The special element's index in the stack of open elements.
    start: usize,
    /// The HTML element names from `start` up to the next region's start,
    /// once built.
    names: Option<NameCounts>,
}

/// One region per special element on the stack of open elements, bottom
/// first, once active: the regions are set up by the first long walk that
/// fails (for the whole stack, once per parse), so that the pushes and
/// pops of a normal page pay one test and nothing else.
#[derive(Debug, Clone, Default)]
pub(crate) struct SpecialRegions {
    active: bool,
    regions: Vec<Region>,
}

fn is_special<H>(element: &OpenElement<H>) -> bool {
    element.is(Categories::SPECIAL)
}

fn html_name<H>(element: &OpenElement<H>) -> Option<&str> {
    (element.name.ns == Namespace::Html).then(|| element.name.local.as_str())
}

fn add<H>(names: &mut NameCounts, element: &OpenElement<H>) {
    if let Some(name) = html_name(element) {
        match names.get_mut(name) {
            Some(count) => *count += 1,
            None => {
                names.insert(name.into(), 1);
            }
        }
    }
}

fn subtract<H>(names: &mut NameCounts, element: &OpenElement<H>) {
    if let Some(name) = html_name(element) {
        if let Some(count) = names.get_mut(name) {
            *count -= 1;
            if *count == 0 {
                names.remove(name);
            }
        }
    }
}

fn count<H>(elements: &[OpenElement<H>]) -> NameCounts {
    let mut names = NameCounts::new();
    for element in elements {
        add(&mut names, element);
    }
    names
}

impl SpecialRegions {
    /// `element` is being pushed at `index`, the top of the stack.
    #[inline]
    pub fn pushed<H>(&mut self, index: usize, element: &OpenElement<H>) {
        if !self.active {
            return;
        }
        if is_special(element) {
            self.regions.push(Region { start: index, names: None });
        } else if let Some(names) = self.regions.last_mut().and_then(|region| region.names.as_mut()) {
            add(names, element);
        }
    }

    /// `element` was popped off the top of the stack.
    #[inline]
    pub fn popped<H>(&mut self, element: &OpenElement<H>) {
        if !self.active {
            return;
        }
        if is_special(element) {
            self.regions.pop();
        } else if let Some(names) = self.regions.last_mut().and_then(|region| region.names.as_mut()) {
            subtract(names, element);
        }
    }

    /// `element` was removed from `index`; `elements` is the stack after.
    /// A special element's region joins the one below. Costs at most the
    /// elements above `index`, as the removal itself did.
    pub fn removed<H>(&mut self, elements: &[OpenElement<H>], index: usize, element: &OpenElement<H>) {
        if !self.active {
            return;
        }
        // Regions starting at or below `index`.
        let below = self.regions.partition_point(|region| region.start <= index);
        if is_special(element) {
            let region = self.regions.remove(below - 1);
            for later in &mut self.regions[below - 1..] {
                later.start -= 1;
            }
            let Some(joined) = below.checked_sub(2) else { return };
            let end = self.regions.get(below - 1).map_or(elements.len(), |next| next.start);
            if let Some(names) = self.regions[joined].names.as_mut() {
                match region.names {
                    Some(mut theirs) => {
                        subtract(&mut theirs, element);
                        for (name, count) in theirs {
                            *names.entry(name).or_insert(0) += count;
                        }
                    }
                    None => {
                        for moved in &elements[index..end] {
                            add(names, moved);
                        }
                    }
                }
            }
        } else {
            for later in &mut self.regions[below..] {
                later.start -= 1;
            }
            if let Some(names) = below.checked_sub(1).and_then(|at| self.regions[at].names.as_mut()) {
                subtract(names, element);
            }
        }
    }

    /// `elements[index]` was inserted; `elements` is the stack after. A
    /// special element splits the region it lands in. Costs at most the
    /// elements above `index`, as the insertion itself did.
    pub fn inserted<H>(&mut self, elements: &[OpenElement<H>], index: usize) {
        if !self.active {
            return;
        }
        let element = &elements[index];
        // Regions starting below `index` (an element inserted at a special
        // element's index goes under it, into the region below).
        let below = self.regions.partition_point(|region| region.start < index);
        for later in &mut self.regions[below..] {
            later.start += 1;
        }
        if is_special(element) {
            let end = self.regions.get(below).map_or(elements.len(), |next| next.start);
            let names = match below.checked_sub(1).and_then(|at| self.regions[at].names.as_mut()) {
                Some(split) => {
                    for moved in &elements[index + 1..end] {
                        subtract(split, moved);
                    }
                    Some(count(&elements[index..end]))
                }
                None => None,
            };
            self.regions.insert(below, Region { start: index, names });
        } else if let Some(names) = below.checked_sub(1).and_then(|at| self.regions[at].names.as_mut()) {
            add(names, element);
        }
    }

    /// Whether the topmost region is known to hold no HTML element called
    /// `name` (false when its names are not built yet).
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
    /// its special element failed (the walk cost as much). The first time,
    /// sets up the regions of the whole stack.
    pub fn build_topmost<H>(&mut self, elements: &[OpenElement<H>]) {
        if !self.active {
            self.active = true;
            self.regions = (0..elements.len())
                .filter(|&index| is_special(&elements[index]))
                .map(|start| Region { start, names: None })
                .collect();
        }
        if let Some(region) = self.regions.last_mut() {
            if region.names.is_none() {
                region.names = Some(count(&elements[region.start..]));
            }
        }
    }
}

#[cfg(test)]
impl SpecialRegions {
    /// Recounts everything from `elements` (the parser's unit tests call
    /// it after every change to the stack).
    pub fn check<H>(&self, elements: &[OpenElement<H>]) {
        if !self.active {
            assert!(self.regions.is_empty());
            return;
        }
        let starts: Vec<usize> = self.regions.iter().map(|region| region.start).collect();
        let specials: Vec<usize> = (0..elements.len()).filter(|&index| is_special(&elements[index])).collect();
        assert_eq!(starts, specials, "one region per special element");
        for (at, region) in self.regions.iter().enumerate() {
            let end = self.regions.get(at + 1).map_or(elements.len(), |next| next.start);
            if let Some(names) = &region.names {
                assert_eq!(names, &count(&elements[region.start..end]), "region {at}'s names");
            }
        }
    }
}

#[cfg(test)]
mod tests {
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

    fn soup(seed: u64, len: usize) -> String {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut out = String::new();
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let piece = PIECES[(state % PIECES.len() as u64) as usize];
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
