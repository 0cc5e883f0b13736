//! `:has()` in one pass per relative selector and query.
//!
//! The `selectors` crate matches `:has(R)` on an anchor by walking the
//! anchor's subtree (or its later siblings) and matching R on each element
//! it passes, recursively per level: a query over n nested elements walks
//! n²/2 elements, and a deep tree overflows the stack. The crate asks its
//! relative-selector cache first, though (`SelectorCaches::relative_selector`),
//! so this module fills that cache for every element of the tree before
//! the query matches anything: `:has()` is then one lookup.
//!
//! The pass, for R = `:anchor c₀ C₁ c₁ C₂ … Cₙ` (compounds Cⱼ, combinators
//! cⱼ; all of them point down or right of the anchor): Fⱼ(e) says that e
//! matches Cⱼ and the rest of R to its right can be met from e. Fₙ(e) is
//! "e matches Cₙ"; Fⱼ(e) is "e matches Cⱼ and the elements cⱼ relates to e
//! (its children, its descendants, its next sibling, its later siblings)
//! hold one with Fⱼ₊₁". Those four aggregates of Fⱼ₊₁ need only e's
//! children and next sibling, so a walk of the elements in reverse tree
//! order (each element after everything that follows it) computes them all,
//! with no recursion. An anchor A matches when the elements c₀ relates to A
//! hold one with F₁. Cost: the elements times the compounds of R, each
//! compound matched once per element by the crate
//! (`matches_compound_selector_from`), plus a child and sibling step per
//! element; memory: a byte per node and compound, and a cache entry per
//! element.

use selectors::matching::{self, CompoundSelectorMatchingResult, MatchingContext, SelectorCaches};
use selectors::parser::{Combinator, Component, RelativeSelector, Selector as CrateSelector, SelectorList};
use selectors::relative_selector::cache::RelativeSelectorCachedMatch;
use selectors::visitor::SelectorVisitor;

use crate::dom::{Document, ElementRef};

use super::element::Candidate;
use super::pseudo::Impl;

/// The relative selectors of `list`, at any nesting (`:not(:has(…))`,
/// `:is(:has(…))`).
pub(super) fn relative_selectors(list: &SelectorList<Impl>) -> Vec<RelativeSelector<Impl>> {
    struct Collect(Vec<RelativeSelector<Impl>>);
    impl SelectorVisitor for Collect {
        type Impl = Impl;
        fn visit_relative_selector_list(&mut self, list: &[RelativeSelector<Impl>]) -> bool {
            self.0.extend(list.iter().cloned());
            true
        }
    }
    let mut collect = Collect(Vec::new());
    for selector in list.slice() {
        selector.visit(&mut collect);
    }
    collect.0
}

/// Fills `caches`' relative-selector cache with the answer of every
/// relative selector for every element of `elements` (a whole tree, in
/// tree order).
pub(super) fn precompute(
    relative: &[RelativeSelector<Impl>],
    document: &Document,
    elements: &[ElementRef<'_>],
    scope: Option<&ElementRef<'_>>,
    quirks_mode: matching::QuirksMode,
    caches: &mut SelectorCaches,
) {
    for selector in relative {
        let answers = {
            let mut context = MatchingContext::new(
                matching::MatchingMode::Normal,
                None,
                caches,
                quirks_mode,
                matching::NeedsSelectorFlags::No,
                matching::MatchingForInvalidation::No,
            );
            context.scope_element = scope.map(|scope| selectors::Element::opaque(&Candidate(*scope)));
            anchors(&selector.selector, document, elements, &mut context)
        };
        for (element, matched) in elements.iter().zip(answers) {
            let matched =
                if matched { RelativeSelectorCachedMatch::Matched } else { RelativeSelectorCachedMatch::NotMatched };
            caches.relative_selector.add(selectors::Element::opaque(&Candidate(*element)), selector, matched);
        }
    }
}

/// Fⱼ(e) and the aggregates of Fⱼ over what e's combinators reach, one bit each.
const F: u8 = 1;
const ANY_CHILD: u8 = 2;
const ANY_DESCENDANT: u8 = 4;
const ANY_LATER_SIBLING: u8 = 8;

/// Per element of `elements` (tree order), whether it is an anchor of the
/// relative selector `selector`.
fn anchors(
    selector: &CrateSelector<Impl>,
    document: &Document,
    elements: &[ElementRef<'_>],
    context: &mut MatchingContext<'_, Impl>,
) -> Vec<bool> {
    // Parse order: the anchor, c₀, C₁, c₁, …, Cₙ. `starts[j]` is where
    // compound j + 1 starts, `combinators[j]` the combinator before it.
    let mut starts = Vec::new();
    let mut combinators = Vec::new();
    for (offset, component) in selector.iter_raw_parse_order_from(0).enumerate() {
        if let Component::Combinator(combinator) = component {
            combinators.push(*combinator);
            starts.push(offset + 1);
        }
    }
    let compounds = starts.len();
    let nodes = document.node_count();
    // bits[j][node index]: compound j + 1's bits.
    let mut bits = vec![vec![0u8; nodes]; compounds];
    let next_sibling = |element: &ElementRef<'_>| element.next_sibling_element().map(|e| e.id().index());
    for element in elements.iter().rev() {
        crate::cost::step!("select::has_pass", compounds);
        let at = element.id().index();
        let sibling = next_sibling(element);
        for bits in bits.iter_mut() {
            let mut aggregate = 0;
            for child in element.child_elements() {
                let child = bits[child.id().index()];
                if child & F != 0 {
                    aggregate |= ANY_CHILD | ANY_DESCENDANT;
                }
                aggregate |= child & ANY_DESCENDANT;
            }
            if let Some(sibling) = sibling {
                if bits[sibling] & (F | ANY_LATER_SIBLING) != 0 {
                    aggregate |= ANY_LATER_SIBLING;
                }
            }
            bits[at] = aggregate;
        }
        for j in (0..compounds).rev() {
            let rest = match combinators.get(j + 1) {
                None => true,
                Some(combinator) => reaches(*combinator, bits[j + 1][at], sibling.map(|s| bits[j + 1][s])),
            };
            if rest
                && !matches!(
                    matching::matches_compound_selector_from(selector, starts[j], context, &Candidate(*element)),
                    CompoundSelectorMatchingResult::NotMatched
                )
            {
                bits[j][at] |= F;
            }
        }
    }
    elements
        .iter()
        .map(|element| {
            let sibling = next_sibling(element);
            let at = element.id().index();
            match (combinators.first(), bits.first()) {
                (Some(&combinator), Some(first)) => reaches(combinator, first[at], sibling.map(|s| first[s])),
                _ => false,
            }
        })
        .collect()
}

/// Whether `combinator` reaches, from an element with `own` bits (of the
/// compound to its right) and a next sibling with `next` bits, an element
/// that has F.
fn reaches(combinator: Combinator, own: u8, next: Option<u8>) -> bool {
    match combinator {
        Combinator::Child => own & ANY_CHILD != 0,
        Combinator::Descendant => own & ANY_DESCENDANT != 0,
        Combinator::NextSibling => next.is_some_and(|next| next & F != 0),
        Combinator::LaterSibling => own & ANY_LATER_SIBLING != 0,
        // Shadow-tree and pseudo-element combinators do not parse here.
        Combinator::PseudoElement | Combinator::SlotAssignment | Combinator::Part => false,
    }
}
