//! The algorithm for extracting a character encoding from a meta element:
//! finds `charset=…` in a `content` attribute value (or, by the same rules,
//! in an HTTP `Content-Type` header value).
//!
//! Spec: <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element>

use encoding_rs::Encoding;

/// Whether `byte` is ASCII whitespace (TAB, LF, FF, CR, SPACE).
///
/// Spec: <https://infra.spec.whatwg.org/#ascii-whitespace>
pub(crate) fn is_ascii_whitespace(byte: u8) -> bool {
    matches!(byte, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Runs the algorithm for extracting a character encoding from a meta
/// element on `s` up to the point where it would get an encoding, and
/// returns the label it would get the encoding from.
pub(crate) fn extract_charset_label(s: &[u8]) -> Option<&[u8]> {
    const CHARSET: &[u8] = b"charset";
    // Step 1: position starts at the beginning of s.
    let mut position = 0;
    crate::cost::step!("encoding::meta_charset", s.len());
    loop {
        // Loop: the first seven characters after position that match
        // "charset" ASCII case-insensitively; none means nothing.
        let found =
            s.get(position..)?.windows(CHARSET.len()).position(|window| window.eq_ignore_ascii_case(CHARSET))?;
        position += found + CHARSET.len();
        // Skip ASCII whitespace after the word.
        while s.get(position).is_some_and(|&b| is_ascii_whitespace(b)) {
            position += 1;
        }
        // Not "=": position now points just before that next character;
        // jump back to loop.
        if s.get(position) != Some(&b'=') {
            continue;
        }
        position += 1;
        // Skip ASCII whitespace after the equals sign.
        while s.get(position).is_some_and(|&b| is_ascii_whitespace(b)) {
            position += 1;
        }
        // Process the next character. No next character: nothing.
        let &next = s.get(position)?;
        let rest = &s[position + 1..];
        return if next == b'"' || next == b'\'' {
            // A quote with a later match: the substring between the two;
            // an unmatched quote: nothing.
            let end = rest.iter().position(|&b| b == next)?;
            Some(&rest[..end])
        } else {
            // Otherwise: this character up to the first ASCII whitespace
            // or ";", or the end of s.
            let value = &s[position..];
            let end = value.iter().position(|&b| is_ascii_whitespace(b) || b == b';').unwrap_or(value.len());
            Some(&value[..end])
        };
    }
}

/// The algorithm for extracting a character encoding from a meta element:
/// the encoding named by `charset=` in `s` (a `<meta>` element's `content`
/// attribute value), or `None` when there is none or its label is unknown.
///
/// The result is not yet mapped (a UTF-16 encoding or x-user-defined come
/// back as they are); the prescan and [`change_the_encoding`](super::change_the_encoding)
/// map them.
///
/// ```
/// use htmlforge::encoding::extract_a_character_encoding_from_a_meta_element as extract;
///
/// assert_eq!(extract(b"text/html; charset=ISO-8859-2"), Some(encoding_rs::ISO_8859_2));
/// assert_eq!(extract(b"text/html; CHARSET = 'utf-8' "), Some(encoding_rs::UTF_8));
/// assert_eq!(extract(b"text/html; charset=\"utf-8"), None); // unmatched quote
/// assert_eq!(extract(b"text/html; charset=bogus"), None);
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element>
pub fn extract_a_character_encoding_from_a_meta_element(s: &[u8]) -> Option<&'static Encoding> {
    // "Return the result of getting an encoding from the substring":
    // encoding_rs's `for_label` is the Encoding Standard's "get an encoding".
    extract_charset_label(s).and_then(Encoding::for_label)
}

/// The charset label of an HTTP `Content-Type` header value such as
/// `text/html; charset="windows-1251"`, found with the same rules as a
/// meta element's `content` attribute, to pass on as
/// [`SniffOptions::transport_charset`](super::SniffOptions::transport_charset).
///
/// ```
/// use htmlforge::encoding::charset_label_from_content_type;
///
/// assert_eq!(charset_label_from_content_type("text/html; charset=\"koi8-r\""), Some("koi8-r"));
/// assert_eq!(charset_label_from_content_type("text/html"), None);
/// ```
pub fn charset_label_from_content_type(content_type: &str) -> Option<&str> {
    let label = extract_charset_label(content_type.as_bytes())?;
    // The label lies between ASCII bytes (quotes, "=", whitespace, ";" or
    // the ends of the string), so it is whole UTF-8 and this cannot fail.
    std::str::from_utf8(label).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(s: &str) -> Option<&str> {
        extract_charset_label(s.as_bytes()).map(|l| std::str::from_utf8(l).unwrap())
    }

    #[test]
    fn follows_each_step() {
        assert_eq!(label("charset=x"), Some("x"));
        assert_eq!(label("text/html;charset = \t x ;y"), Some("x"));
        assert_eq!(label("charsetcharset=y"), Some("y"));
        assert_eq!(label("charset charset=z"), Some("z"));
        assert_eq!(label("charset"), None);
        assert_eq!(label("charset="), None);
        assert_eq!(label("charset= "), None);
        assert_eq!(label("charset='a b'"), Some("a b"));
        assert_eq!(label("charset='ab"), None);
        assert_eq!(label("charset=\"\""), Some(""));
        assert_eq!(label("CharSet=k\u{e9}"), Some("k\u{e9}"));
        assert_eq!(label("xcharset=a"), Some("a"));
    }

    #[test]
    fn content_type_labels_are_whole_utf8() {
        assert_eq!(charset_label_from_content_type("charset=\u{e9}t\u{e9};"), Some("\u{e9}t\u{e9}"));
    }
}
