//! Element names: a local name, interned when the names table knows it,
//! and its namespace.

use crate::generated::names::{LocalName, Namespace};

/// A local name: interned when the names table knows it, owned otherwise
/// (custom elements and made-up tags keep their exact spelling).
///
/// ```
/// use htmlforge::vocab::{local_names, Name};
///
/// assert_eq!(Name::new("div").known(), Some(local_names::DIV));
/// assert_eq!(Name::new("my-widget").as_str(), "my-widget");
/// assert_eq!(Name::new("my-widget").known(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Name {
    /// A name the names table knows, interned.
    Known(LocalName),
    /// Any other name, as spelled.
    Other(Box<str>),
}

impl Name {
    /// Interns `name` when it is a known name.
    pub fn new(name: &str) -> Name {
        match LocalName::lookup(name) {
            Some(known) => Name::Known(known),
            None => Name::Other(name.into()),
        }
    }

    /// The name as a string.
    pub fn as_str(&self) -> &str {
        match self {
            Name::Known(known) => known.as_str(),
            Name::Other(other) => other,
        }
    }

    /// The interned name, if the names table knows it.
    pub fn known(&self) -> Option<LocalName> {
        match self {
            Name::Known(known) => Some(*known),
            Name::Other(_) => None,
        }
    }
}

/// An element's namespace and local name.
///
/// ```
/// use htmlforge::vocab::{local_names, Name, Namespace, QualName};
///
/// let name = QualName::new(Namespace::Svg, Name::new("circle"));
/// assert!(name.is(Namespace::Svg, local_names::CIRCLE));
/// assert!(!name.is(Namespace::Html, local_names::CIRCLE));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QualName {
    /// The element's namespace.
    pub ns: Namespace,
    /// The local name.
    pub local: Name,
}

impl QualName {
    /// The name `local` in namespace `ns`.
    pub fn new(ns: Namespace, local: Name) -> QualName {
        QualName { ns, local }
    }

    /// The HTML element `local`, e.g. `QualName::html("div")`.
    ///
    /// ```
    /// use htmlforge::vocab::{Namespace, QualName};
    ///
    /// assert_eq!(QualName::html("td").ns, Namespace::Html);
    /// assert_eq!(QualName::html("td").local.as_str(), "td");
    /// ```
    pub fn html(local: &str) -> QualName {
        QualName::new(Namespace::Html, Name::new(local))
    }

    /// Whether this is the element `local` of namespace `ns`.
    pub fn is(&self, ns: Namespace, local: LocalName) -> bool {
        self.ns == ns && self.local == Name::Known(local)
    }
}
