//! The shape of a declarative shadow root: what a `template` start tag's
//! `shadowroot*` attributes ask for.

/// A shadow root's mode.
///
/// Spec: <https://dom.spec.whatwg.org/#shadowroot-mode>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShadowRootMode {
    /// `shadowrootmode="open"`.
    Open,
    /// `shadowrootmode="closed"`.
    Closed,
}

impl ShadowRootMode {
    /// The attribute value: `open` or `closed`.
    ///
    /// ```
    /// assert_eq!(htmlforge::vocab::ShadowRootMode::Closed.as_str(), "closed");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ShadowRootMode::Open => "open",
            ShadowRootMode::Closed => "closed",
        }
    }
}

/// A shadow root's slot assignment.
///
/// Spec: <https://dom.spec.whatwg.org/#shadowroot-slot-assignment>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotAssignmentMode {
    /// The default: slots take the nodes whose `slot` attribute names them.
    Named,
    /// `shadowrootslotassignment="manual"`.
    Manual,
}

/// How a declarative shadow root was declared: what the `template`
/// start tag's `shadowroot*` attributes asked for ("in head", a start tag
/// whose tag name is "template", step 7).
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ShadowRootInit {
    /// `shadowrootmode`.
    pub mode: ShadowRootMode,
    /// `shadowrootdelegatesfocus` is present.
    pub delegates_focus: bool,
    /// `shadowrootserializable` is present.
    pub serializable: bool,
    /// `shadowrootslotassignment` (Manual only for the value `manual`).
    pub slot_assignment: SlotAssignmentMode,
    /// `shadowrootclonable` is present.
    pub clonable: bool,
    /// `shadowrootcustomelementregistry` is present: the shadow root
    /// "keeps its custom element registry null".
    pub keep_custom_element_registry_null: bool,
}
