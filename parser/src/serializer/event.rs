//! The events the serializer consumes: a document or fragment as a flat,
//! balanced sequence, as a non-recursive tree walk produces it.

use crate::tokenizer::Attribute;

/// The namespace of an element. The optional-tag rules, void elements and
/// literal-text elements concern HTML elements only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Namespace {
    #[default]
    Html,
    Svg,
    MathMl,
}

/// One serializer event.
///
/// A void HTML element (`br`, `img`, … see
/// [`serializes_as_void`](crate::generated::serialization::serializes_as_void))
/// is a `StartTag` alone; every other element is a `StartTag`, its
/// content, then its `EndTag`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a> {
    /// `<!DOCTYPE name PUBLIC "public_id" "system_id">`; an empty
    /// identifier is missing.
    Doctype { name: &'a str, public_id: &'a str, system_id: &'a str },
    /// A start tag. Attribute names are written as given (a tree walker
    /// passes the serialized name, e.g. `xlink:href`).
    StartTag { namespace: Namespace, name: &'a str, attrs: &'a [Attribute] },
    EndTag { namespace: Namespace, name: &'a str },
    /// Text. Adjacent text events are allowed; empty ones are ignored.
    Text(&'a str),
    Comment(&'a str),
}
