//! Changing the encoding while parsing: what the tree builder does when it
//! inserts a `<meta>` that declares an encoding while the confidence is
//! tentative.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing>
//! and the meta rule of
//! <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

use super::meta::extract_a_character_encoding_from_a_meta_element;
use super::sniff::{Confidence, EncodingSource, Sniffed};
use crate::tokenizer::Attribute;

/// What the parser must do after a `<meta>` in head (or after "change the
/// encoding").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodingChange {
    /// Nothing: the confidence is not tentative, or the meta declares no
    /// encoding the parser could use.
    Nothing,
    /// Keep the encoding and set the confidence to certain: the
    /// declaration agrees with the encoding in use (or that encoding is
    /// UTF-16, which a declaration in the document cannot contradict).
    MakeCertain,
    /// The document is in another encoding: parse it again from its first
    /// byte with this encoding and the confidence certain (see
    /// [`EncodingChange::restart_with`]), from the bytes kept in memory.
    /// A parser that cannot restart sets the confidence to certain and
    /// goes on instead ("the resource will be misinterpreted").
    ///
    /// The spec also allows switching the decoder on the fly when every
    /// byte decoded so far means the same in both encodings; a caller that
    /// can do that checks [`bytes_decode_the_same`] first.
    Restart(&'static Encoding),
}

impl EncodingChange {
    /// The sniffing result to restart the parse with, for a
    /// [`EncodingChange::Restart`]: the new encoding, certain, from a meta
    /// in head.
    pub fn restart_with(self) -> Option<Sniffed> {
        match self {
            EncodingChange::Restart(encoding) => {
                Some(Sniffed { encoding, confidence: Confidence::Certain, source: EncodingSource::MetaInHead })
            }
            EncodingChange::Nothing | EncodingChange::MakeCertain => None,
        }
    }
}

/// The "in head" insertion mode's rule for a `meta` start tag, from the
/// point where the element has been inserted (the caller checks that the
/// active speculative HTML parser is null): given the element's attributes
/// and the encoding and confidence in use, what to do.
///
/// ```
/// use htmlforge::encoding::{meta_encoding_change, Confidence, EncodingChange};
/// use htmlforge::tokenizer::Attribute;
///
/// let attr = |name: &str, value: &str| Attribute::new(name, value);
/// let meta = [attr("charset", "ISO-8859-2")];
/// assert_eq!(
///     meta_encoding_change(&meta, encoding_rs::WINDOWS_1252, Confidence::Tentative),
///     EncodingChange::Restart(encoding_rs::ISO_8859_2),
/// );
/// assert_eq!(
///     meta_encoding_change(&meta, encoding_rs::ISO_8859_2, Confidence::Tentative),
///     EncodingChange::MakeCertain,
/// );
/// assert_eq!(
///     meta_encoding_change(&meta, encoding_rs::WINDOWS_1252, Confidence::Certain),
///     EncodingChange::Nothing,
/// );
/// let pragma = [attr("http-equiv", "Content-Type"), attr("content", "text/html; charset=utf-16")];
/// assert_eq!(
///     meta_encoding_change(&pragma, encoding_rs::WINDOWS_1252, Confidence::Tentative),
///     EncodingChange::Restart(encoding_rs::UTF_8),
/// );
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>
pub fn meta_encoding_change(
    attributes: &[Attribute],
    current: &'static Encoding,
    confidence: Confidence,
) -> EncodingChange {
    // Both branches require the confidence to be tentative.
    if confidence != Confidence::Tentative {
        return EncodingChange::Nothing;
    }
    crate::cost::step!("encoding::meta_change", attributes.len());
    let attribute = |name: &str| attributes.iter().find(|a| a.name == name).map(|a| a.value.as_str());
    // If the element has a charset attribute and getting an encoding from
    // its value results in an encoding: change the encoding to it.
    if let Some(encoding) = attribute("charset").and_then(|value| Encoding::for_label(value.as_bytes())) {
        return change_the_encoding(current, encoding);
    }
    // Otherwise, an http-equiv of "Content-Type" (ASCII case-insensitive)
    // with a content attribute from which an encoding can be extracted.
    let is_content_type = attribute("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-type"));
    if is_content_type {
        if let Some(encoding) =
            attribute("content").and_then(|value| extract_a_character_encoding_from_a_meta_element(value.as_bytes()))
        {
            return change_the_encoding(current, encoding);
        }
    }
    EncodingChange::Nothing
}

/// Change the encoding: the steps the parser runs when a `<meta>` declares
/// `new` while `current` is in use with confidence tentative.
///
/// ```
/// use htmlforge::encoding::{change_the_encoding, EncodingChange};
/// use encoding_rs::{UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};
///
/// assert_eq!(change_the_encoding(UTF_16LE, WINDOWS_1252), EncodingChange::MakeCertain);
/// assert_eq!(change_the_encoding(UTF_8, UTF_16LE), EncodingChange::MakeCertain);
/// assert_eq!(change_the_encoding(WINDOWS_1252, X_USER_DEFINED), EncodingChange::MakeCertain);
/// assert_eq!(change_the_encoding(WINDOWS_1252, UTF_8), EncodingChange::Restart(UTF_8));
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#change-the-encoding>
pub fn change_the_encoding(current: &'static Encoding, new: &'static Encoding) -> EncodingChange {
    // Step 1: a UTF-16 stream stays UTF-16; the declaration is ignored.
    if current == UTF_16BE || current == UTF_16LE {
        return EncodingChange::MakeCertain;
    }
    // Step 2: a declaration of UTF-16 in an ASCII-compatible stream means
    // UTF-8.
    let mut new = new;
    if new == UTF_16BE || new == UTF_16LE {
        new = UTF_8;
    }
    // Step 3: x-user-defined means windows-1252.
    if new == X_USER_DEFINED {
        new = WINDOWS_1252;
    }
    // Step 4: the same encoding: certain. (encoding_rs has one `Encoding`
    // per encoding, so identical and equivalent are the same test.)
    if new == current {
        return EncodingChange::MakeCertain;
    }
    // Steps 5 and 6: switch on the fly or restart; see `Restart`.
    EncodingChange::Restart(new)
}

/// Whether `bytes` (everything the current decoder has converted so far)
/// decode to the same characters in `current` and in `new`: the spec's
/// condition for changing the converter on the fly instead of restarting.
///
/// ```
/// use htmlforge::encoding::bytes_decode_the_same;
/// use encoding_rs::{ISO_8859_2, UTF_8, WINDOWS_1252};
///
/// assert!(bytes_decode_the_same(b"<!DOCTYPE html><meta charset=utf-8>", WINDOWS_1252, UTF_8));
/// assert!(!bytes_decode_the_same(b"<title>\xB9</title>", WINDOWS_1252, ISO_8859_2));
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#change-the-encoding> (step 5)
pub fn bytes_decode_the_same(bytes: &[u8], current: &'static Encoding, new: &'static Encoding) -> bool {
    crate::cost::step!("encoding::decode_the_same", bytes.len());
    // Pure ASCII means the same in every ASCII-compatible encoding; this
    // is the common case and needs no decoding.
    if current.is_ascii_compatible() && new.is_ascii_compatible() && bytes.is_ascii() {
        return true;
    }
    let (in_current, _) = current.decode_without_bom_handling(bytes);
    let (in_new, _) = new.decode_without_bom_handling(bytes);
    in_current == in_new
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{ISO_8859_2, KOI8_R};

    fn attr(name: &str, value: &str) -> Attribute {
        Attribute::new(name, value)
    }

    #[test]
    fn charset_before_pragma() {
        let tentative = Confidence::Tentative;
        // A bogus charset lets the pragma branch run.
        let metas = [attr("charset", "bogus"), attr("http-equiv", "CONTENT-TYPE"), attr("content", "charset=koi8-r")];
        assert_eq!(meta_encoding_change(&metas, WINDOWS_1252, tentative), EncodingChange::Restart(KOI8_R));
        // A good charset wins over the pragma.
        let metas =
            [attr("content", "charset=koi8-r"), attr("http-equiv", "content-type"), attr("charset", "iso-8859-2")];
        assert_eq!(meta_encoding_change(&metas, WINDOWS_1252, tentative), EncodingChange::Restart(ISO_8859_2));
        // No pragma: content is not looked at.
        let metas = [attr("content", "charset=koi8-r")];
        assert_eq!(meta_encoding_change(&metas, WINDOWS_1252, tentative), EncodingChange::Nothing);
        let metas = [attr("http-equiv", "content-type "), attr("content", "charset=koi8-r")];
        assert_eq!(meta_encoding_change(&metas, WINDOWS_1252, tentative), EncodingChange::Nothing);
        // Irrelevant confidence: a Unicode string, nothing to change.
        let metas = [attr("charset", "koi8-r")];
        assert_eq!(meta_encoding_change(&metas, UTF_8, Confidence::Irrelevant), EncodingChange::Nothing);
    }

    #[test]
    fn restart_carries_certain_confidence() {
        let sniffed = EncodingChange::Restart(KOI8_R).restart_with().unwrap();
        assert_eq!(sniffed.confidence, Confidence::Certain);
        assert_eq!(sniffed.source, EncodingSource::MetaInHead);
        assert_eq!(EncodingChange::MakeCertain.restart_with(), None);
    }

    #[test]
    fn same_interpretation() {
        assert!(bytes_decode_the_same(b"\xE9", ISO_8859_2, ISO_8859_2));
        assert!(!bytes_decode_the_same(b"abc", UTF_16LE, UTF_8));
        assert!(bytes_decode_the_same(b"a\xA0b", WINDOWS_1252, ISO_8859_2));
    }
}
