//! The combinators of a query in one pass over the tree.
//!
//! The `selectors` crate matches a complex selector right to left from each
//! candidate: for `body div` it walks up from every `div` until it finds a
//! `body`, so a query over n nested `div`s walks n²/2 ancestors. A query
//! (`Document::select`, `ElementRef::select`) instead asks the crate only
//! about compound selectors (`matches_compound_selector_from`) and follows
//! the combinators itself, in tree order: for S = `C₁ c₁ C₂ … Cₙ`, Gⱼ(e) says
//! that e matches Cⱼ with `C₁ … Cⱼ₋₁` met to its left. G₁(e) is "e matches
//! C₁"; Gⱼ(e) is "e matches Cⱼ, and cⱼ₋₁ reaches an element with Gⱼ₋₁": its
//! parent (`>`), an ancestor (` `), its previous sibling (`+`) or an earlier
//! one (`~`). The last two are kept per element as "this element or one of
//! its ancestors (earlier siblings) has Gⱼ", which needs only the parent and
//! the previous sibling, both before e in tree order. An element matches S
//! when Gₙ holds. Cost: per element, one compound match per compound whose
//! left context holds (C₁ always), and a parent and a sibling step; memory:
//! a byte per node and compound. Selectors nested in `:is()`, `:not()`,
//! `:where()` and `:nth-child(… of S)` are still matched by the crate.

use selectors::matching::{self, CompoundSelectorMatchingResult, MatchingContext};
use selectors::parser::{Combinator, Component, Selector as CrateSelector};

use crate::dom::{Document, ElementRef};

use super::element::Candidate;
use super::pseudo::Impl;

/// Gⱼ(e), and "e or an ancestor / an earlier sibling of e (or e) has Gⱼ".
const G: u8 = 1;
const SELF_OR_ANCESTOR: u8 = 2;
const SELF_OR_EARLIER_SIBLING: u8 = 4;

/// Marks in `matched` (indexed by node index) the elements of `elements`
/// (a whole tree, in tree order) that match `selector`.
pub(super) fn mark_matches(
    selector: &CrateSelector<Impl>,
    document: &Document,
    elements: &[ElementRef<'_>],
    context: &mut MatchingContext<'_, Impl>,
    matched: &mut [bool],
) {
    let mut starts = vec![0];
    let mut combinators = Vec::new();
    for (offset, component) in selector.iter_raw_parse_order_from(0).enumerate() {
        if let Component::Combinator(combinator) = component {
            combinators.push(*combinator);
            starts.push(offset + 1);
        }
    }
    if combinators.iter().any(|combinator| {
        !matches!(
            combinator,
            Combinator::Child | Combinator::Descendant | Combinator::NextSibling | Combinator::LaterSibling
        )
    }) {
        // A pseudo-element or shadow-tree combinator: none parses here,
        // but the crate knows what to do with one.
        for element in elements {
            let candidate = Candidate(*element);
            matched[element.id().index()] |= matching::matches_selector(selector, 0, None, &candidate, context);
        }
        return;
    }
    let compounds = starts.len();
    let mut bits = vec![vec![0u8; document.node_count()]; compounds];
    for element in elements {
        crate::cost::step!("select::query_pass", compounds);
        let at = element.id().index();
        let parent = element.parent_element().map(|parent| parent.id().index());
        let previous = element.previous_sibling_element().map(|previous| previous.id().index());
        for j in 0..compounds {
            let left = match j.checked_sub(1) {
                None => true,
                Some(before) => {
                    let bits = &bits[before];
                    let of = |node: Option<usize>, flag: u8| node.is_some_and(|node| bits[node] & flag != 0);
                    match combinators[before] {
                        Combinator::Child => of(parent, G),
                        Combinator::Descendant => of(parent, SELF_OR_ANCESTOR),
                        Combinator::NextSibling => of(previous, G),
                        _ => of(previous, SELF_OR_EARLIER_SIBLING),
                    }
                }
            };
            let g = left
                && !matches!(
                    matching::matches_compound_selector_from(selector, starts[j], context, &Candidate(*element)),
                    CompoundSelectorMatchingResult::NotMatched
                );
            let bits = &mut bits[j];
            let mut own = if g { G | SELF_OR_ANCESTOR | SELF_OR_EARLIER_SIBLING } else { 0 };
            if parent.is_some_and(|parent| bits[parent] & SELF_OR_ANCESTOR != 0) {
                own |= SELF_OR_ANCESTOR;
            }
            if previous.is_some_and(|previous| bits[previous] & SELF_OR_EARLIER_SIBLING != 0) {
                own |= SELF_OR_EARLIER_SIBLING;
            }
            bits[at] = own;
        }
        if bits[compounds - 1][at] & G != 0 {
            matched[at] = true;
        }
    }
}
