//! What the `selectors` crate needs to know of htmlforge's selectors: the
//! string types, and the pseudo-classes beyond the tree-structural ones.

use std::fmt;

use cssparser::{match_ignore_ascii_case, CowRcStr, ParseError, ToCss};
use precomputed_hash::PrecomputedHash;
use selectors::parser::{self, SelectorParseErrorKind};

/// The selector implementation: names and values as owned strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Impl;

impl parser::SelectorImpl for Impl {
    type ExtraMatchingData<'a> = ();
    type AttrValue = CssString;
    type Identifier = CssName;
    type LocalName = CssName;
    type NamespaceUrl = CssNamespace;
    type NamespacePrefix = CssName;
    type BorrowedNamespaceUrl = CssNamespace;
    type BorrowedLocalName = CssName;
    type NonTSPseudoClass = PseudoClass;
    type PseudoElement = PseudoElement;
}

/// The selector parser: `:is`, `:where` and `:has` on; the pseudo-classes
/// of [`PseudoClass`].
pub(crate) struct SelectorParser;

impl<'i> parser::Parser<'i> for SelectorParser {
    type Impl = Impl;
    type Error = SelectorParseErrorKind;

    fn parse_is_and_where(&self) -> bool {
        true
    }

    fn parse_has(&self) -> bool {
        true
    }

    fn parse_nth_child_of(&self) -> bool {
        true
    }

    fn parse_non_ts_pseudo_class(&self, name: CowRcStr<'i>) -> Result<PseudoClass, ParseError<Self::Error>> {
        let class = match_ignore_ascii_case! { &name,
            "any-link" => PseudoClass::AnyLink,
            "link" => PseudoClass::Link,
            "visited" => PseudoClass::Visited,
            "checked" => PseudoClass::Checked,
            "disabled" => PseudoClass::Disabled,
            "enabled" => PseudoClass::Enabled,
            _ => return Err(ParseError::custom(SelectorParseErrorKind::UnsupportedPseudoClassOrElement)),
        };
        Ok(class)
    }
}

/// The pseudo-classes that a document's markup decides (see the
/// [module docs](super)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PseudoClass {
    AnyLink,
    Link,
    Visited,
    Checked,
    Disabled,
    Enabled,
}

impl parser::NonTSPseudoClass for PseudoClass {
    fn is_active_or_hover(&self) -> bool {
        false
    }

    fn is_user_action_state(&self) -> bool {
        false
    }
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_str(match self {
            PseudoClass::AnyLink => ":any-link",
            PseudoClass::Link => ":link",
            PseudoClass::Visited => ":visited",
            PseudoClass::Checked => ":checked",
            PseudoClass::Disabled => ":disabled",
            PseudoClass::Enabled => ":enabled",
        })
    }
}

/// No pseudo-element parses: a document has no boxes to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PseudoElement {}

impl parser::PseudoElement for PseudoElement {}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

/// An attribute value of a selector.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct CssString(pub(crate) Box<str>);

impl From<&str> for CssString {
    fn from(value: &str) -> CssString {
        CssString(value.into())
    }
}

impl AsRef<str> for CssString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl ToCss for CssString {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_string(&self.0, dest)
    }
}

/// A name in a selector (a local name, class, ID), with its hash
/// computed once for the matcher's filters.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct CssName {
    pub(crate) name: Box<str>,
    hash: u32,
}

impl From<&str> for CssName {
    fn from(name: &str) -> CssName {
        // FNV-1a: any stable hash of the name serves the bloom filter.
        let hash = name.bytes().fold(0x811c_9dc5u32, |hash, byte| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193));
        CssName { name: name.into(), hash }
    }
}

impl PrecomputedHash for CssName {
    fn precomputed_hash(&self) -> u32 {
        self.hash
    }
}

impl ToCss for CssName {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.name, dest)
    }
}

/// A namespace URL (the empty string for no namespace). Selectors name
/// one only through `@namespace` rules, which a lone selector has not.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct CssNamespace(pub(crate) Box<str>);

impl PrecomputedHash for CssNamespace {
    fn precomputed_hash(&self) -> u32 {
        CssName::from(&*self.0).hash
    }
}
