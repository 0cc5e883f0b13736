//! The options of the minimizing serializer, named after html5lib's
//! `HTMLSerializer` options whose tests they pass.

/// When attribute values are quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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

/// How the serializer writes HTML. The default is html5lib's minimizing
/// behaviour: optional tags omitted, attribute values quoted only when
/// needed, boolean attributes minimized.
///
/// html5lib's `escape_lt_in_attrs` has no counterpart: `<` and `>` in
/// attribute values are always escaped, as the standard and the html5lib
/// tests now do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SerializeOptions {
    /// `quote_char`: `None` picks per value (`"` unless the value contains
    /// `"` but no `'`); `Some` always uses the given character.
    pub quote_char: Option<QuoteChar>,
    /// `quote_attr_values`.
    pub quote_attr_values: QuoteAttrValues,
    /// `minimize_boolean_attributes`: write a boolean attribute whose value
    /// is empty or its own name (the values the standard allows) as the bare
    /// name, `<input disabled>`.
    pub minimize_boolean_attributes: bool,
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
    /// literally, as the spec's serialization algorithm does.
    pub scripting: bool,
    /// Whether the document is in quirks mode (a DOM serializer takes it
    /// from the document). There a table does not close a p, so `</p>`
    /// stays before `<table>`.
    pub quirks_mode: bool,
}

impl Default for SerializeOptions {
    fn default() -> Self {
        SerializeOptions {
            quote_char: None,
            quote_attr_values: QuoteAttrValues::WhenNeeded,
            minimize_boolean_attributes: true,
            use_trailing_solidus: false,
            escape_rcdata: false,
            strip_whitespace: false,
            omit_optional_tags: true,
            inject_meta_charset: None,
            scripting: true,
            quirks_mode: false,
        }
    }
}

impl SerializeOptions {
    /// Options that write every tag and quote every value: nothing
    /// minimized.
    pub fn unminimized() -> Self {
        SerializeOptions {
            quote_attr_values: QuoteAttrValues::Always,
            minimize_boolean_attributes: false,
            omit_optional_tags: false,
            ..SerializeOptions::default()
        }
    }
}
