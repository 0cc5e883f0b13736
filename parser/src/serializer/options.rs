//! The options of the minimizing serializer, named after html5lib's
//! `HTMLSerializer` options whose tests they pass.

/// When attribute values are quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum QuoteAttrValues {
    /// Always (html5lib `quote_attr_values="always"`, or `true`).
    Always,
    /// Only when the value is empty or holds a character that an unquoted
    /// value cannot: a space character (tab, LF, FF, CR, space), `"`, `'`,
    /// `=`, `>` or `` ` `` (html5lib `"spec"`). `<` needs no quotes since it
    /// is written as `&lt;` anyway.
    #[default]
    WhenNeeded,
}

/// The quote character for attribute values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteChar {
    /// `"`; a `"` in the value is written `&quot;`.
    Double,
    /// `'`; a `'` in the value is written `&#39;`.
    Single,
}

/// When a boolean attribute (`disabled`, `defer`…) of an HTML element is
/// written as its bare name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum BooleanAttributes {
    /// Never: always `name=value`.
    Keep,
    /// When its value is empty: `<input disabled>` for `disabled=""`. The
    /// output parses back to the same value, so the tree does not change.
    #[default]
    BareWhenEmpty,
    /// When its value is empty or the attribute's own name, ignoring case
    /// (the values the standard allows): html5lib's
    /// `minimize_boolean_attributes`. `defer="defer"` becomes `defer`, which
    /// parses back with the value "": the element means the same, but the
    /// DOM changes.
    BareWhenEmptyOrOwnName,
}

/// How the serializer writes HTML. The default minimizes as far as the
/// output still parses to the same tree: optional tags omitted, attribute
/// values quoted only when needed, empty boolean attributes bare.
/// [`SerializeOptions::html5lib`] is html5lib's `HTMLSerializer` default.
///
/// html5lib's `escape_lt_in_attrs` has no counterpart: `<` and `>` in
/// attribute values are always escaped, as the standard and the html5lib
/// tests now do.
///
/// The struct is `#[non_exhaustive]`: start from `default()`,
/// [`SerializeOptions::unminimized`] or [`SerializeOptions::html5lib`] and
/// set fields with the methods named after them, e.g.
/// `SerializeOptions::default().use_trailing_solidus(true)`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SerializeOptions {
    /// `quote_char`: `None` picks per value (`"` unless the value contains
    /// `"` but no `'`); `Some` always uses the given character.
    pub quote_char: Option<QuoteChar>,
    /// `quote_attr_values`.
    pub quote_attr_values: QuoteAttrValues,
    /// `minimize_boolean_attributes`: when a boolean attribute is written as
    /// its bare name, `<input disabled>`. html5lib's `true` is
    /// [`BooleanAttributes::BareWhenEmptyOrOwnName`], `false`
    /// [`BooleanAttributes::Keep`].
    pub boolean_attributes: BooleanAttributes,
    /// `use_trailing_solidus`: write void elements as `<br />`.
    pub use_trailing_solidus: bool,
    /// `escape_rcdata`: escape text inside `script`, `style` and the other
    /// elements whose text is otherwise written literally.
    pub escape_rcdata: bool,
    /// `strip_whitespace`: collapse each run of space characters in text
    /// to one space, except inside `pre`, `listing`, `textarea` and the
    /// literal-text elements.
    pub strip_whitespace: bool,
    /// `omit_optional_tags`: leave out the start and end tags that the
    /// optional-tag rules allow to be left out.
    pub omit_optional_tags: bool,
    /// `inject_meta_charset` with `encoding`: inside `head`, set the
    /// charset of `<meta charset>` and of
    /// `<meta http-equiv=content-type content=…>` to this name, and add
    /// `<meta charset=NAME>` first in `head` when neither is there. `head`'s
    /// content is held back until its end tag to find out.
    pub inject_meta_charset: Option<String>,
    /// Whether scripting is enabled: then text inside `noscript` is written
    /// literally, as the spec's serialization algorithm does. `None` (the
    /// default): the flag the document was parsed with
    /// ([`Document::scripting`](crate::dom::Document::scripting)) when the
    /// serializer walks a document, on (as in html5lib) for a stream of
    /// events.
    pub scripting: Option<bool>,
    /// Whether the document is in quirks mode (a DOM serializer takes it
    /// from the document). There a table does not close a p, so `</p>`
    /// stays before `<table>`.
    pub quirks_mode: bool,
    /// Write each serializable shadow root as a `<template
    /// shadowrootmode=…>` before its host's children, as the spec's
    /// algorithm does with serializableShadowRoots (see
    /// [`Walk::with_serializable_shadow_roots`](crate::dom::Walk::with_serializable_shadow_roots)).
    /// Off by default.
    pub serializable_shadow_roots: bool,
}

crate::setters::setters!(SerializeOptions {
    quote_char: Option<QuoteChar>,
    quote_attr_values: QuoteAttrValues,
    boolean_attributes: BooleanAttributes,
    use_trailing_solidus: bool,
    escape_rcdata: bool,
    strip_whitespace: bool,
    omit_optional_tags: bool,
    inject_meta_charset: Option<String>,
    scripting: Option<bool>,
    quirks_mode: bool,
    serializable_shadow_roots: bool,
});

impl Default for SerializeOptions {
    fn default() -> Self {
        SerializeOptions {
            quote_char: None,
            quote_attr_values: QuoteAttrValues::WhenNeeded,
            boolean_attributes: BooleanAttributes::BareWhenEmpty,
            use_trailing_solidus: false,
            escape_rcdata: false,
            strip_whitespace: false,
            omit_optional_tags: true,
            inject_meta_charset: None,
            scripting: None,
            quirks_mode: false,
            serializable_shadow_roots: false,
        }
    }
}

impl SerializeOptions {
    /// Options that write every tag and quote every value: nothing
    /// minimized.
    ///
    /// ```
    /// use htmlforge::serializer::{serialize_dom, SerializeOptions};
    ///
    /// let document = htmlforge::parse_document("<p class=a>x<p>y");
    /// assert_eq!(serialize_dom(&document, &SerializeOptions::default()), "<p class=a>x<p>y");
    /// assert_eq!(
    ///     serialize_dom(&document, &SerializeOptions::unminimized()),
    ///     r#"<html><head></head><body><p class="a">x</p><p>y</p></body></html>"#
    /// );
    /// ```
    pub fn unminimized() -> Self {
        SerializeOptions {
            quote_attr_values: QuoteAttrValues::Always,
            boolean_attributes: BooleanAttributes::Keep,
            omit_optional_tags: false,
            ..SerializeOptions::default()
        }
    }

    /// html5lib's `HTMLSerializer` defaults, which its serializer tests
    /// assume: the default, except that a boolean attribute whose value is
    /// its own name is written bare too (`defer="defer"` as `defer`, which
    /// parses back with the value "").
    ///
    /// ```
    /// use htmlforge::serializer::{serialize_dom, SerializeOptions};
    ///
    /// let document = htmlforge::parse_document("<script defer=defer src=a.js></script>");
    /// assert_eq!(serialize_dom(&document, &SerializeOptions::html5lib()), "<script defer src=a.js></script>");
    /// // The default keeps the value, so that the tree does not change.
    /// assert_eq!(serialize_dom(&document, &SerializeOptions::default()), "<script defer=defer src=a.js></script>");
    /// ```
    pub fn html5lib() -> Self {
        SerializeOptions {
            boolean_attributes: BooleanAttributes::BareWhenEmptyOrOwnName,
            ..SerializeOptions::default()
        }
    }
}
