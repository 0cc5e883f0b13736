//! The built-in DOM's elements as the `selectors` crate matches them.

use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::matching::{ElementSelectorFlags, MatchingContext};
use selectors::{Element, OpaqueElement};

use crate::dom::{ElementRef, NodeData};
use crate::generated::names::Namespace;

use super::pseudo::{CssName, CssNamespace, CssString, Impl, PseudoClass, PseudoElement};

/// An element as the matcher sees it. (A crate-private wrapper, so that
/// the `selectors` crate's trait and types stay out of the public API.)
#[derive(Debug, Clone, Copy)]
pub(super) struct Candidate<'a>(pub(super) ElementRef<'a>);

impl Element for Candidate<'_> {
    type Impl = Impl;

    fn opaque(&self) -> OpaqueElement {
        // The node record's address: unique per node while the document
        // is borrowed.
        OpaqueElement::new(self.0.document().node(self.0.id()))
    }

    fn parent_element(&self) -> Option<Self> {
        crate::cost::step!("select::navigate");
        self.0.parent_element().map(Candidate)
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        crate::cost::step!("select::navigate");
        self.0.previous_sibling_element().map(Candidate)
    }

    fn next_sibling_element(&self) -> Option<Self> {
        crate::cost::step!("select::navigate");
        self.0.next_sibling_element().map(Candidate)
    }

    fn first_element_child(&self) -> Option<Self> {
        crate::cost::step!("select::navigate");
        self.0.child_elements().next().map(Candidate)
    }

    fn is_html_element_in_html_document(&self) -> bool {
        // The parser makes HTML documents only.
        self.0.ns() == Namespace::Html
    }

    fn has_local_name(&self, local_name: &CssName) -> bool {
        self.0.local_name() == &*local_name.name
    }

    fn has_namespace(&self, ns: &CssNamespace) -> bool {
        self.0.ns().url() == &*ns.0
    }

    fn is_same_type(&self, other: &Self) -> bool {
        self.0.ns() == other.0.ns() && self.0.local_name() == other.0.local_name()
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&CssNamespace>,
        local_name: &CssName,
        operation: &AttrSelectorOperation<&CssString>,
    ) -> bool {
        crate::cost::step!("select::attributes", self.0.attrs().len());
        self.0.attrs().any(|attr| {
            let in_namespace = match ns {
                NamespaceConstraint::Any => true,
                NamespaceConstraint::Specific(url) => attr.ns.map_or("", Namespace::url) == &*url.0,
            };
            in_namespace && attr.name == &*local_name.name && operation.eval_str(attr.value)
        })
    }

    fn match_non_ts_pseudo_class(&self, class: &PseudoClass, _context: &mut MatchingContext<'_, Impl>) -> bool {
        match class {
            PseudoClass::AnyLink | PseudoClass::Link => self.is_link(),
            PseudoClass::Visited => false,
            PseudoClass::Checked => super::state::is_checked(&self.0),
            PseudoClass::Disabled => super::state::is_disabled(&self.0),
            PseudoClass::Enabled => super::state::is_enabled(&self.0),
        }
    }

    fn match_pseudo_element(&self, element: &PseudoElement, _context: &mut MatchingContext<'_, Impl>) -> bool {
        match *element {}
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    /// `a` and `area` elements with an `href`.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/semantics-other.html#selector-link>
    fn is_link(&self) -> bool {
        (self.0.is_html("a") || self.0.is_html("area")) && self.0.has_attr("href")
    }

    fn is_html_slot_element(&self) -> bool {
        self.0.is_html("slot")
    }

    fn has_id(&self, id: &CssName, case_sensitivity: CaseSensitivity) -> bool {
        self.0.id_attr().is_some_and(|value| case_sensitivity.eq(value.as_bytes(), id.name.as_bytes()))
    }

    fn has_class(&self, name: &CssName, case_sensitivity: CaseSensitivity) -> bool {
        crate::cost::step!("select::classes", self.0.attr("class").map_or(0, str::len));
        self.0.classes().any(|class| case_sensitivity.eq(class.as_bytes(), name.name.as_bytes()))
    }

    fn has_custom_state(&self, _name: &CssName) -> bool {
        false
    }

    fn imported_part(&self, _name: &CssName) -> Option<CssName> {
        None
    }

    fn is_part(&self, _name: &CssName) -> bool {
        false
    }

    /// No element or text children (comments do not count).
    fn is_empty(&self) -> bool {
        let document = self.0.document();
        !self.0.children().any(|child| matches!(document.data(child), NodeData::Element(_) | NodeData::Text(_)))
    }

    fn is_root(&self) -> bool {
        let document = self.0.document();
        document.parent(self.0.id()).is_some_and(|parent| matches!(document.data(parent), NodeData::Document))
    }

    fn add_element_unique_hashes(&self, _filter: &mut BloomFilter) -> bool {
        false
    }
}
