//! The words every part of htmlforge speaks: element and attribute names,
//! attributes, parse errors, and the shape of a declarative shadow root.
//!
//! The tokenizer, the tree builder, the DOM and the serializers all take
//! these from here, so that none of them depends on another for its
//! vocabulary: the DOM can be read without the tree builder that fills it.
//! The everyday ones are also at the crate root ([`crate::ParseError`],
//! [`crate::QualName`], [`crate::AttrRef`]).
//!
//! ```
//! use htmlforge::vocab::{AttrRef, Name, Namespace, QualName};
//!
//! let name = QualName::new(Namespace::Html, Name::new("p"));
//! let attrs = [AttrRef::new("class", "intro")];
//! let mut document = htmlforge::dom::Document::new();
//! let p = document.create_element(&name, &attrs)?;
//! assert_eq!(document.outer_html(p), r#"<p class="intro"></p>"#);
//! # Ok::<(), htmlforge::DomError>(())
//! ```

mod attr;
mod error;
mod name;
mod shadow_root;
mod tree_construction_error;

pub use crate::generated::names::{local_names, LocalName, Namespace};
pub use crate::generated::parse_errors::ParseErrorCode;
pub use crate::quirks::QuirksMode;
pub use attr::{Attr, AttrRef};
pub use error::{ErrorCode, ParseError};
pub use name::{Name, QualName};
pub use shadow_root::{ShadowRootInit, ShadowRootMode, SlotAssignmentMode};
pub use tree_construction_error::TreeConstructionError;
