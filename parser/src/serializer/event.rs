//! The events the serializer consumes: a document or fragment as a flat,
//! balanced sequence, as a non-recursive tree walk produces it.

use crate::tokenizer::{Attribute, Token};

/// The namespace of an element: the DOM's one [`Namespace`]. The
/// optional-tag rules, void elements and literal-text elements concern HTML
/// elements only; every other namespace is foreign.
pub use crate::generated::names::Namespace;

/// One serializer event.
///
/// A void HTML element (`br`, `img`, … see
/// [`serializes_as_void`](crate::generated::serialization::serializes_as_void))
/// is a `StartTag` alone; every other element is a `StartTag`, its
/// content, then its `EndTag`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event<'a> {
    /// `<!DOCTYPE name PUBLIC "public_id" "system_id">`; an empty
    /// identifier is missing.
    Doctype {
        /// The doctype name.
        name: &'a str,
        /// The public identifier.
        public_id: &'a str,
        /// The system identifier.
        system_id: &'a str,
    },
    /// A start tag. Attribute names are written as given (a tree walker
    /// passes the serialized name, e.g. `xlink:href`).
    StartTag {
        /// The element's namespace.
        namespace: Namespace,
        /// The tag name, as written.
        name: &'a str,
        /// The attributes, in order.
        attrs: &'a [Attribute],
    },
    /// An end tag.
    EndTag {
        /// The element's namespace.
        namespace: Namespace,
        /// The tag name, as written.
        name: &'a str,
    },
    /// Text. Adjacent text events are allowed; empty ones are ignored.
    Text(&'a str),
    /// A comment, with its data.
    Comment(&'a str),
    /// `<?target data?>`.
    ProcessingInstruction {
        /// The target.
        target: &'a str,
        /// The data.
        data: &'a str,
    },
}

impl<'a> Event<'a> {
    /// The event for a token of the tokenizer, all elements taken as HTML
    /// ones; `None` for the end of the input. A token stream is not a tree
    /// (implied tags are missing), so the optional-tag rules see less than
    /// a tree walk would show them.
    ///
    /// ```
    /// use htmlforge::serializer::{Event, Namespace};
    /// use htmlforge::tokenizer::{Tag, Token};
    ///
    /// let tag = Tag::new("p");
    /// assert_eq!(
    ///     Event::from_token(Token::StartTag(&tag)),
    ///     Some(Event::StartTag { namespace: Namespace::Html, name: "p", attrs: &[] })
    /// );
    /// assert_eq!(Event::from_token(Token::Eof), None);
    /// ```
    pub fn from_token(token: Token<'a>) -> Option<Event<'a>> {
        Some(match token {
            Token::Doctype(doctype) => Event::Doctype {
                name: doctype.name.as_deref().unwrap_or(""),
                public_id: doctype.public_id.as_deref().unwrap_or(""),
                system_id: doctype.system_id.as_deref().unwrap_or(""),
            },
            Token::StartTag(tag) => Event::StartTag { namespace: Namespace::Html, name: &tag.name, attrs: &tag.attrs },
            Token::EndTag(tag) => Event::EndTag { namespace: Namespace::Html, name: &tag.name },
            Token::Comment(text) => Event::Comment(text),
            Token::ProcessingInstruction(pi) => Event::ProcessingInstruction { target: &pi.target, data: &pi.data },
            Token::Characters(text) => Event::Text(text),
            Token::Eof => return None,
        })
    }
}
