//! The HTML serializer: a stream of [`Event`]s (a non-recursive tree walk)
//! written to any `std::fmt::Write` or `std::io::Write` as they arrive.
//!
//! By default it *minimizes* as far as the output still parses to the same
//! tree: tags that the optional-tag rules let a document leave out are left
//! out, attribute values are quoted only when needed, boolean attributes
//! with an empty value are written as a bare name.
//! [`SerializeOptions::html5lib`] is html5lib's `HTMLSerializer` default
//! (whose tests it passes), which also writes `defer="defer"` bare. A tag
//! whose omission depends on
//! what follows is held until the next event arrives; nothing else waits.
//! [`SerializeOptions::unminimized`] writes every tag and quotes every value.
//!
//! [`escape`] is the spec's "escaping a string" for a DOM serializer.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>,
//! <https://html.spec.whatwg.org/multipage/syntax.html#optional-tags>

mod escape;
mod event;
mod from_dom;
mod meta_charset;
mod open_elements;
pub mod optional_tags;
mod options;
mod output;
mod stream;

pub use crate::tokenizer::Attribute;
pub use escape::{escape, escape_to_string, EscapeMode};
pub use event::{Event, Namespace};
pub use from_dom::{serialize_dom, walk_events};
pub use options::{BooleanAttributes, QuoteAttrValues, QuoteChar, SerializeOptions};
pub(crate) use output::Adapter;
pub use output::{FmtOutput, IoOutput, Output, SerializeError};
pub use stream::{serialize_to_string, Serializer};
