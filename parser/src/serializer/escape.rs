//! The escaping of the HTML fragment serialization algorithm.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#escapingString>

use std::fmt::{self, Write};

/// Where an escaped string goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EscapeMode {
    /// Text content: `&`, U+00A0, `<`, `>`.
    Text,
    /// A double-quoted attribute value: `&`, U+00A0, `"`, `<`, `>`.
    ///
    /// The 2025-01-14 text escapes `<` and `>` in text only; the standard
    /// has since escaped them in attribute values too, and the html5lib
    /// serializer tests (newer, and the arbiter) expect that.
    Attribute,
}

/// "Escaping a string": writes `text` to `out` with `&` as `&amp;`, U+00A0
/// as `&nbsp;`, `<` as `&lt;`, `>` as `&gt;`, and in attribute mode `"` as
/// `&quot;`.
///
/// ```
/// use htmlforge::serializer::{escape, EscapeMode};
/// let mut out = String::new();
/// escape("a<b & \"c\"\u{a0}", EscapeMode::Attribute, &mut out).unwrap();
/// assert_eq!(out, "a&lt;b &amp; &quot;c&quot;&nbsp;");
/// ```
pub fn escape<W: Write + ?Sized>(text: &str, mode: EscapeMode, out: &mut W) -> fmt::Result {
    escape_with(text, out, |c| match c {
        '&' => Some("&amp;"),
        '\u{a0}' => Some("&nbsp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' if mode == EscapeMode::Attribute => Some("&quot;"),
        _ => None,
    })
}

/// [`escape`] into a new string.
///
/// ```
/// use htmlforge::serializer::{escape_to_string, EscapeMode};
///
/// assert_eq!(escape_to_string("a < b & \"c\"", EscapeMode::Text), "a &lt; b &amp; \"c\"");
/// assert_eq!(escape_to_string("a < b & \"c\"", EscapeMode::Attribute), "a &lt; b &amp; &quot;c&quot;");
/// ```
pub fn escape_to_string(text: &str, mode: EscapeMode) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing to a String cannot fail.
    let _ = escape(text, mode, &mut out);
    out
}

/// Writes `text`, replacing each character for which `replacement` gives
/// a string. Runs of characters that need no replacement are written in
/// one call.
pub(crate) fn escape_with<W: Write + ?Sized>(
    text: &str,
    out: &mut W,
    replacement: impl Fn(char) -> Option<&'static str>,
) -> fmt::Result {
    let mut clean_from = 0;
    crate::cost::step!("serializer::escape", text.len());
    for (at, c) in text.char_indices() {
        if let Some(entity) = replacement(c) {
            out.write_str(&text[clean_from..at])?;
            out.write_str(entity)?;
            clean_from = at + c.len_utf8();
        }
    }
    out.write_str(&text[clean_from..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_mode_escapes_amp_nbsp_and_angle_brackets_but_not_quotes() {
        assert_eq!(escape_to_string("a&b\u{a0}<c>\"'", EscapeMode::Text), "a&amp;b&nbsp;&lt;c&gt;\"'");
    }

    #[test]
    fn attribute_mode_escapes_double_quotes_only() {
        assert_eq!(escape_to_string("a&b\u{a0}<c>\"'", EscapeMode::Attribute), "a&amp;b&nbsp;&lt;c&gt;&quot;'");
    }

    #[test]
    fn other_text_is_untouched() {
        assert_eq!(escape_to_string("", EscapeMode::Text), "");
        assert_eq!(escape_to_string("héllo wörld ☃", EscapeMode::Attribute), "héllo wörld ☃");
        assert_eq!(escape_to_string("&&", EscapeMode::Text), "&amp;&amp;");
    }
}
