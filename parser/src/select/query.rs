//! The combinators of a document query, followed in one pass over the tree.
//!
//! The `selectors` crate matches a complex selector right to left from each
//! candidate: for `body div` it walks up from every `div` until it finds a
//! `body`, so a query over n nested `div`s walks n²/2 ancestors.
//! [`Document::select`](crate::dom::Document) instead asks the crate only
//! about compound selectors (`matches_compound_selector_from`) and follows
//! the combinators itself, in tree order, as it goes: for S =
//! `C₁ c₁ C₂ … Cₙ`, Gⱼ(e) says that e matches Cⱼ with `C₁ … Cⱼ₋₁` met to its
//! left. G₁(e) is "e matches C₁"; Gⱼ(e) is "e matches Cⱼ, and cⱼ₋₁ reaches
//! an element with Gⱼ₋₁": its parent (`>`), an ancestor (` `), its previous
//! sibling (`+`) or an earlier one (`~`). Each element keeps, per compound,
//! "Gⱼ", "this element or an ancestor has Gⱼ" and "this element or an
//! earlier sibling has Gⱼ", which need only its parent's and its previous
//! sibling's bits: the walk keeps them for the open ancestors and their
//! last child, a stack as deep as the tree, so the query stops at its
//! first match as cheaply as before. An element matches S when Gₙ holds.
//! Cost: per element, a compound match for C₁ and one for each later
//! compound whose left context holds, plus a parent and a sibling step.
//! Selectors nested in `:is()`, `:not()`, `:where()` and
//! `:nth-child(… of S)` are still matched by the crate.

use selectors::matching::{self, CompoundSelectorMatchingResult, MatchingContext, SelectorCaches};
use selectors::parser::{Combinator, Component, Selector as CrateSelector, SelectorList};

use crate::dom::{Document, ElementRef, NodeId};

use super::element::Candidate;
use super::pseudo::Impl;

/// Gⱼ(e), and "e or an ancestor / an earlier sibling of e has Gⱼ".
const G: u8 = 1;
const SELF_OR_ANCESTOR: u8 = 2;
const SELF_OR_EARLIER_SIBLING: u8 = 4;

/// One complex selector of the list, cut into compounds.
struct Complex {
    /// Parse-order offsets where each compound starts.
    starts: Vec<usize>,
    /// The combinator before compound j + 1.
    combinators: Vec<Combinator>,
    /// Where its compounds' bits start in an element's bits.
    first_bit: usize,
}

/// An open node of the walk: its bits, and those of its last element child
/// walked so far (the previous sibling of the next one).
struct Frame {
    node: NodeId,
    /// Offset of the node's bits in `Walker::bits`; the last child's follow.
    at: usize,
    has_last_child: bool,
}

/// The walk of a document query: the tree in order, each element's bits
/// computed from its parent's and its previous sibling's.
pub(super) struct Walker<'a> {
    document: &'a Document,
    complexes: Vec<Complex>,
    /// Per open frame, `2 × width` bytes: the node's bits, then its last
    /// child's.
    bits: Vec<u8>,
    width: usize,
    stack: Vec<Frame>,
    /// The next node to enter, if any.
    next: Option<NodeId>,
    /// The bits of the element being entered (kept to reuse its buffer).
    scratch: Vec<u8>,
}

impl<'a> Walker<'a> {
    /// A walk over `root`'s descendants (not `root` itself), for `list`.
    pub(super) fn new(document: &'a Document, root: NodeId, list: &SelectorList<Impl>) -> Walker<'a> {
        let mut complexes = Vec::new();
        let mut width = 0;
        for selector in list.slice() {
            let mut starts = vec![0];
            let mut combinators = Vec::new();
            for (offset, component) in selector.iter_raw_parse_order_from(0).enumerate() {
                if let Component::Combinator(combinator) = component {
                    combinators.push(*combinator);
                    starts.push(offset + 1);
                }
            }
            let compounds = starts.len();
            complexes.push(Complex { starts, combinators, first_bit: width });
            width += compounds;
        }
        let mut walker = Walker {
            document,
            complexes,
            bits: Vec::new(),
            width,
            stack: Vec::new(),
            next: None,
            scratch: vec![0; width],
        };
        walker.push_frame(root);
        walker.next = document.first_child(root);
        walker
    }

    fn push_frame(&mut self, node: NodeId) {
        let at = self.bits.len();
        self.bits.resize(at + 2 * self.width, 0);
        self.stack.push(Frame { node, at, has_last_child: false });
    }

    /// The next element of the walk that matches a selector of `list`.
    pub(super) fn next_match(
        &mut self,
        list: &SelectorList<Impl>,
        context: &mut MatchingContext<'_, Impl>,
    ) -> Option<ElementRef<'a>> {
        let document = self.document;
        while let Some(node) = self.next {
            crate::cost::step!("select::query_walk");
            let mut matched = false;
            if let Some(element) = document.element(node) {
                matched = self.enter(&element, list, context);
            }
            // Advance: into the node's children, else to its next sibling,
            // else up.
            self.next = match document.first_child(node) {
                Some(child) if document.element(node).is_some() => {
                    // The element's bits were left in its parent's
                    // last-child slot: they become the new frame's own.
                    let parent = self.stack.last().expect("the root's frame");
                    let from = parent.at + self.width;
                    self.push_frame(node);
                    let to = self.stack.last().expect("just pushed").at;
                    self.bits.copy_within(from..from + self.width, to);
                    Some(child)
                }
                _ => self.after(node),
            };
            if matched {
                return document.element(node);
            }
        }
        None
    }

    /// The node after `node`'s subtree: its next sibling, or an ancestor's,
    /// closing the frames it leaves.
    fn after(&mut self, mut node: NodeId) -> Option<NodeId> {
        loop {
            if let Some(sibling) = self.document.next_sibling(node) {
                return Some(sibling);
            }
            let frame = self.stack.pop()?;
            self.bits.truncate(frame.at);
            if self.stack.is_empty() {
                // The root's own frame: the walk is over.
                return None;
            }
            node = frame.node;
        }
    }

    /// Computes `element`'s bits into its parent frame's last-child slot;
    /// returns whether it matches.
    fn enter(
        &mut self,
        element: &ElementRef<'_>,
        list: &SelectorList<Impl>,
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        let width = self.width;
        let frame = self.stack.last_mut().expect("the root's frame");
        let has_previous = std::mem::replace(&mut frame.has_last_child, true);
        let (parent_at, previous_at) = (frame.at, frame.at + width);
        // The parent's bits count only if it is an element (the root's
        // frame of a Document or fragment node stays all zero).
        let mut own = std::mem::take(&mut self.scratch);
        let mut matched = false;
        for (complex, selector) in self.complexes.iter().zip(list.slice()) {
            let compounds = complex.starts.len();
            for j in 0..compounds {
                let bit = complex.first_bit + j;
                let left = match j.checked_sub(1) {
                    None => true,
                    Some(before) => {
                        let before_bit = complex.first_bit + before;
                        let parent = self.bits[parent_at + before_bit];
                        let previous = if has_previous { self.bits[previous_at + before_bit] } else { 0 };
                        match complex.combinators[before] {
                            Combinator::Child => parent & G != 0,
                            Combinator::Descendant => parent & SELF_OR_ANCESTOR != 0,
                            Combinator::NextSibling => previous & G != 0,
                            Combinator::LaterSibling => previous & SELF_OR_EARLIER_SIBLING != 0,
                            // Shadow-tree and pseudo-element combinators do
                            // not parse here.
                            Combinator::PseudoElement | Combinator::SlotAssignment | Combinator::Part => false,
                        }
                    }
                };
                let g = left && compound_matches(selector, complex.starts[j], element, context);
                let mut bits = if g { G | SELF_OR_ANCESTOR | SELF_OR_EARLIER_SIBLING } else { 0 };
                bits |= self.bits[parent_at + bit] & SELF_OR_ANCESTOR;
                if has_previous {
                    bits |= self.bits[previous_at + bit] & SELF_OR_EARLIER_SIBLING;
                }
                own[bit] = bits;
                if j + 1 == compounds && g {
                    matched = true;
                }
            }
        }
        self.bits[previous_at..previous_at + width].copy_from_slice(&own);
        self.scratch = own;
        matched
    }
}

fn compound_matches(
    selector: &CrateSelector<Impl>,
    start: usize,
    element: &ElementRef<'_>,
    context: &mut MatchingContext<'_, Impl>,
) -> bool {
    !matches!(
        matching::matches_compound_selector_from(selector, start, context, &Candidate(*element)),
        CompoundSelectorMatchingResult::NotMatched
    )
}

/// A matching context for a query.
pub(super) fn context<'c>(
    caches: &'c mut SelectorCaches,
    quirks_mode: matching::QuirksMode,
) -> MatchingContext<'c, Impl> {
    MatchingContext::new(
        matching::MatchingMode::Normal,
        None,
        caches,
        quirks_mode,
        matching::NeedsSelectorFlags::No,
        matching::MatchingForInvalidation::No,
    )
}
