//! Prescan a byte stream to determine its encoding: a light scan of the
//! first bytes for `<meta charset>`, `<meta http-equiv=content-type
//! content=…charset=…>` or an XML declaration, before any parsing.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding>
//!
//! The scan runs over a slice: its end is both "running out of bytes" and
//! the end condition. Both abort the scan, which then returns the result of
//! "get an XML encoding" on the same bytes.
//!
//! The spec text of 2025-01-14 opens with "Let fallback encoding be null"
//! and never uses that variable again; it is left out here.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

use super::meta::extract_a_character_encoding_from_a_meta_element;

/// How many bytes the prescan looks at: the spec encourages user agents to
/// "only prescan the first 1024 bytes", which is also the limit authors
/// must keep their encoding declarations within.
pub const PRESCAN_LENGTH: usize = 1024;

/// What the prescan loop found before it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PrescanOutcome {
    /// A `<meta>` declared this encoding (already mapped: UTF-16 to UTF-8,
    /// x-user-defined to windows-1252).
    Meta(&'static Encoding),
    /// The stream starts with `<?x` in UTF-16: this is that UTF-16.
    Utf16XmlDeclaration(&'static Encoding),
    /// The scan ran out of bytes (or reached its end condition) before it
    /// found a declaration. Nothing it looked at can change once more bytes
    /// arrive, so a streaming caller may wait for more and scan again.
    Aborted,
}

/// The prescan loop, without the "get an XML encoding" that follows an
/// abort; a [`PrescanOutcome::Meta`] or `Utf16XmlDeclaration` found in a
/// prefix of a stream is also the result for the whole stream.
pub(crate) fn prescan_loop(bytes: &[u8]) -> PrescanOutcome {
    // The scan's position only moves forward: at most every byte once
    // (and the `-->` search's window of three).
    crate::cost::step!("encoding::prescan", bytes.len());
    let mut scan = Scan { bytes, position: 0 };
    match scan.run() {
        Some(outcome) => outcome,
        None => PrescanOutcome::Aborted,
    }
}

/// Prescan a byte stream to determine its encoding, on `bytes` (give it at
/// most [`PRESCAN_LENGTH`] bytes to follow the spec's advice). Returns
/// `None` for the spec's failure.
///
/// ```
/// use htmlforge::encoding::prescan_a_byte_stream_to_determine_its_encoding as prescan;
///
/// assert_eq!(prescan(b"<meta charset='iso-8859-2'>"), Some(encoding_rs::ISO_8859_2));
/// assert_eq!(
///     prescan(b"<meta http-equiv=Content-Type content='text/html;charset=utf-16'>"),
///     Some(encoding_rs::UTF_8), // a UTF-16 declaration in ASCII bytes cannot be true
/// );
/// assert_eq!(prescan(b"<?xml version='1.0' encoding='koi8-r'?>"), Some(encoding_rs::KOI8_R));
/// assert_eq!(prescan(b"<!-- <meta charset=koi8-r> -->"), None);
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding>
pub fn prescan_a_byte_stream_to_determine_its_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    match prescan_loop(bytes) {
        PrescanOutcome::Meta(encoding) | PrescanOutcome::Utf16XmlDeclaration(encoding) => Some(encoding),
        PrescanOutcome::Aborted => get_an_xml_encoding(bytes),
    }
}

/// The state of one prescan: the bytes and the position pointer. Each step
/// returns `None` when the position goes past the end, which aborts the
/// whole prescan (the `?`s below).
struct Scan<'a> {
    bytes: &'a [u8],
    position: usize,
}

/// The value of `charset` while a `<meta>` is scanned: the spec's null,
/// failure (an unknown label), or an encoding.
#[derive(Clone, Copy)]
enum Charset {
    Null,
    Failure,
    Encoding(&'static Encoding),
}

/// Bytes the prescan treats as whitespace: 0x09, 0x0A, 0x0C, 0x0D, 0x20.
fn is_prescan_space(byte: u8) -> bool {
    matches!(byte, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

impl<'a> Scan<'a> {
    fn byte(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.position..).unwrap_or_default()
    }

    /// Advances to the next byte for which `stop` holds; runs out if none.
    fn advance_to(&mut self, stop: impl Fn(u8) -> bool) -> Option<()> {
        let offset = self.rest().iter().position(|&b| stop(b))?;
        self.position += offset;
        Some(())
    }

    fn run(&mut self) -> Option<PrescanOutcome> {
        // Prescan for UTF-16 XML declarations: '<?x' in UTF-16LE or BE.
        // (Historically two bytes longer than XML's Appendix F; the name of
        // the encoding is not checked.)
        if self.bytes.starts_with(&[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
            return Some(PrescanOutcome::Utf16XmlDeclaration(UTF_16LE));
        }
        if self.bytes.starts_with(&[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
            return Some(PrescanOutcome::Utf16XmlDeclaration(UTF_16BE));
        }
        // Loop.
        loop {
            let rest = self.rest();
            if rest.is_empty() {
                return None;
            }
            if rest.starts_with(b"<!--") {
                // Advance to the first '>' preceded by two '-' that comes
                // after the '<' ("<!-->" closes itself: the dashes may be
                // those of "<!--").
                self.position += 2;
                let offset = self.rest().windows(3).position(|w| w == b"-->")?;
                self.position += offset + 2;
            } else if is_meta_start(rest) {
                // Advance to the space or slash after "<meta".
                self.position += b"<meta".len();
                if let Some(encoding) = self.meta()? {
                    return Some(PrescanOutcome::Meta(encoding));
                }
            } else if is_tag_start(rest) {
                // A start or end tag: skip its name and its attributes.
                self.advance_to(|b| is_prescan_space(b) || b == b'>')?;
                while self.get_an_attribute()?.is_some() {}
            } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
                // Advance to the first '>' after the '<'.
                self.position += 1;
                self.advance_to(|b| b == b'>')?;
            }
            // Any other byte: do nothing with it.
            // Next byte.
            self.position += 1;
        }
    }

    /// The steps for a `<meta` followed by a space or slash, from "Let
    /// attribute list be an empty list of strings" to "Processing". Returns
    /// the declared encoding, or `None` inside `Some` to go on to the next
    /// byte.
    fn meta(&mut self) -> Option<Option<&'static Encoding>> {
        // The attribute list only ever decides something for the three
        // names below, so it is kept as three "already seen" flags.
        let (mut seen_http_equiv, mut seen_content, mut seen_charset) = (false, false, false);
        let mut got_pragma = false;
        let mut need_pragma: Option<bool> = None;
        let mut charset = Charset::Null;
        // Attributes.
        while let Some((name, value)) = self.get_an_attribute()? {
            match name.as_slice() {
                b"http-equiv" if !seen_http_equiv => {
                    seen_http_equiv = true;
                    // Values arrive lowercased, so this is the spec's
                    // comparison with "content-type".
                    if value == b"content-type" {
                        got_pragma = true;
                    }
                }
                b"content" if !seen_content => {
                    seen_content = true;
                    if let Some(encoding) = extract_a_character_encoding_from_a_meta_element(&value) {
                        if let Charset::Null = charset {
                            charset = Charset::Encoding(encoding);
                            need_pragma = Some(true);
                        }
                    }
                }
                b"charset" if !seen_charset => {
                    seen_charset = true;
                    charset = match Encoding::for_label(&value) {
                        Some(encoding) => Charset::Encoding(encoding),
                        None => Charset::Failure,
                    };
                    need_pragma = Some(false);
                }
                _ => {}
            }
        }
        // Processing.
        let Some(need_pragma) = need_pragma else {
            return Some(None);
        };
        if need_pragma && !got_pragma {
            return Some(None);
        }
        let Charset::Encoding(mut encoding) = charset else {
            return Some(None);
        };
        if encoding == UTF_16BE || encoding == UTF_16LE {
            encoding = UTF_8;
        }
        if encoding == X_USER_DEFINED {
            encoding = WINDOWS_1252;
        }
        Some(Some(encoding))
    }

    /// Get an attribute: `Some(None)` when there isn't one (the position is
    /// then on a '>'), `Some(Some((name, value)))` when there is, `None`
    /// when the bytes ran out. Names and values come out ASCII-lowercased;
    /// other bytes are kept as they are, which is enough because only ASCII
    /// can make up a label or the names compared with.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing>
    #[allow(clippy::type_complexity)]
    fn get_an_attribute(&mut self) -> Option<Option<(Vec<u8>, Vec<u8>)>> {
        // Step 1: skip whitespace and slashes.
        while is_prescan_space(self.byte()?) || self.byte()? == b'/' {
            self.position += 1;
        }
        // Step 2: a '>' means there isn't an attribute.
        if self.byte()? == b'>' {
            return Some(None);
        }
        // Step 3: the start of the attribute name; the value stays empty
        // unless an '=' follows.
        let mut name = Vec::new();
        let value = Vec::new();
        // Steps 4 and 5: the name.
        loop {
            match self.byte()? {
                b'=' if !name.is_empty() => {
                    self.position += 1;
                    return self.attribute_value(name);
                }
                b if is_prescan_space(b) => break,
                b'/' | b'>' => return Some(Some((name, value))),
                b => name.push(b.to_ascii_lowercase()),
            }
            self.position += 1;
        }
        // Step 6, spaces: skip whitespace.
        while is_prescan_space(self.byte()?) {
            self.position += 1;
        }
        // Step 7: no '=' means the value is empty.
        if self.byte()? != b'=' {
            return Some(Some((name, value)));
        }
        // Step 8: past the '='.
        self.position += 1;
        self.attribute_value(name)
    }

    /// Get an attribute, from the step labeled "value" on.
    #[allow(clippy::type_complexity)]
    fn attribute_value(&mut self, name: Vec<u8>) -> Option<Option<(Vec<u8>, Vec<u8>)>> {
        let mut value = Vec::new();
        // Step 9, value: skip whitespace.
        while is_prescan_space(self.byte()?) {
            self.position += 1;
        }
        // Step 10: the first byte of the value.
        match self.byte()? {
            quote @ (b'"' | b'\'') => loop {
                // Quote loop.
                self.position += 1;
                let b = self.byte()?;
                if b == quote {
                    self.position += 1;
                    return Some(Some((name, value)));
                }
                value.push(b.to_ascii_lowercase());
            },
            b'>' => return Some(Some((name, value))),
            b => {
                value.push(b.to_ascii_lowercase());
                self.position += 1;
            }
        }
        // Steps 11 and 12: the rest of an unquoted value.
        loop {
            match self.byte()? {
                b if is_prescan_space(b) || b == b'>' => return Some(Some((name, value))),
                b => value.push(b.to_ascii_lowercase()),
            }
            self.position += 1;
        }
    }
}

/// `<meta` (ASCII case-insensitive) followed by 0x09, 0x0A, 0x0C, 0x0D,
/// 0x20 or 0x2F.
fn is_meta_start(rest: &[u8]) -> bool {
    rest.len() > 5 && rest[..5].eq_ignore_ascii_case(b"<meta") && (is_prescan_space(rest[5]) || rest[5] == b'/')
}

/// '<', optionally '/', then an ASCII letter.
fn is_tag_start(rest: &[u8]) -> bool {
    match rest {
        [b'<', b'/', letter, ..] | [b'<', letter, ..] => letter.is_ascii_alphabetic(),
        _ => false,
    }
}

/// Get an XML encoding: the `encoding` of an `<?xml …?>` declaration at the
/// very start of `bytes`, with a UTF-16 encoding mapped to UTF-8.
///
/// The spec finds "encoding" anywhere after `<?xml`, not only before the
/// declaration's '>' (whose position it computes only to require that
/// there is one); this follows the text as written.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-get-xml-encoding-when-sniffing>
pub(crate) fn get_an_xml_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    const ENCODING: &[u8] = b"encoding";
    fn skip_controls_and_spaces(bytes: &[u8], mut position: usize) -> usize {
        while bytes.get(position).is_some_and(|&b| b <= 0x20) {
            position += 1;
        }
        position
    }
    if !bytes.starts_with(b"<?xml") {
        return None;
    }
    crate::cost::step!("encoding::xml_encoding", bytes.len());
    // xmlDeclarationEnd: there must be a '>'.
    bytes.iter().position(|&b| b == b'>')?;
    let mut position = bytes.windows(ENCODING.len()).position(|w| w == ENCODING)?;
    position = skip_controls_and_spaces(bytes, position + ENCODING.len());
    if bytes.get(position) != Some(&b'=') {
        return None;
    }
    position = skip_controls_and_spaces(bytes, position + 1);
    let quote = *bytes.get(position).filter(|&&b| b == b'"' || b == b'\'')?;
    position += 1;
    let length = bytes[position..].iter().position(|&b| b == quote)?;
    let potential_encoding = &bytes[position..position + length];
    if potential_encoding.iter().any(|&b| b <= 0x20) {
        return None;
    }
    // "Isomorphic decoded" then "get an encoding": a byte above 0x7F can
    // match no label either way, so the bytes go to `for_label` as they are.
    let encoding = Encoding::for_label(potential_encoding)?;
    if encoding == UTF_16BE || encoding == UTF_16LE {
        return Some(UTF_8);
    }
    Some(encoding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_8859_2};

    fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
        prescan_a_byte_stream_to_determine_its_encoding(bytes)
    }

    #[test]
    fn meta_charset_forms() {
        assert_eq!(prescan(b"<meta charset=euc-jp>"), Some(EUC_JP));
        assert_eq!(prescan(b"<META CHARSET='EUC-JP'>"), Some(EUC_JP));
        assert_eq!(prescan(b"<meta/charset=\"euc-jp\"/>"), Some(EUC_JP));
        assert_eq!(prescan(b"<meta charset=euc-jp"), None);
        assert_eq!(prescan(b"<metacharset=euc-jp>"), None);
        assert_eq!(prescan(b"<meta charset=x-user-defined>"), Some(WINDOWS_1252));
        assert_eq!(prescan(b"<meta charset=utf-16be>"), Some(UTF_8));
        assert_eq!(prescan(b"<meta charset=bogus><meta charset=euc-jp>"), Some(EUC_JP));
        // A second charset attribute is ignored.
        assert_eq!(prescan(b"<meta charset=euc-jp charset=iso-8859-2>"), Some(EUC_JP));
    }

    #[test]
    fn need_pragma() {
        let with = b"<meta http-equiv=content-type content='text/html; charset=euc-jp'>";
        assert_eq!(prescan(with), Some(EUC_JP));
        let without = b"<meta content='text/html; charset=euc-jp'>";
        assert_eq!(prescan(without), None);
        // charset= after content= overrides and needs no pragma.
        let both = b"<meta content='charset=euc-jp' charset=iso-8859-2>";
        assert_eq!(prescan(both), Some(ISO_8859_2));
        // content= does not replace an earlier charset=.
        let first = b"<meta charset=iso-8859-2 content='charset=euc-jp'>";
        assert_eq!(prescan(first), Some(ISO_8859_2));
    }

    #[test]
    fn skips_comments_and_other_markup() {
        assert_eq!(prescan(b"<!--><meta charset=euc-jp>"), Some(EUC_JP));
        assert_eq!(prescan(b"<!-- --!><meta charset=euc-jp> -->"), None);
        assert_eq!(prescan(b"<!x <meta charset=euc-jp>"), None);
        assert_eq!(prescan(b"<!x> <meta charset=euc-jp>"), Some(EUC_JP));
        assert_eq!(prescan(b"<p title='<meta charset=euc-jp>'>"), None);
        assert_eq!(prescan(b"<p title=\"x>\"<meta charset=euc-jp>"), None);
        assert_eq!(prescan(b"<p title=\"x>\"><meta charset=euc-jp>"), Some(EUC_JP));
        assert_eq!(prescan(b"</p <meta charset=euc-jp>>"), None);
        assert_eq!(prescan(b"<? <meta charset=euc-jp> ?>"), None);
        assert_eq!(prescan(b"< meta charset=euc-jp>"), None);
    }

    #[test]
    fn xml_declarations() {
        assert_eq!(prescan(b"<\x00?\x00x\x00m\x00"), Some(UTF_16LE));
        assert_eq!(prescan(b"\x00<\x00?\x00x\x00m"), Some(UTF_16BE));
        assert_eq!(prescan(b"<?xml encoding='euc-jp'?>"), Some(EUC_JP));
        assert_eq!(prescan(b"<?xml encoding = \"utf-16\"?>"), Some(UTF_8));
        assert_eq!(prescan(b"<?xml encoding='euc-jp'"), None);
        assert_eq!(prescan(b"<?xml encoding='euc-jp '?>"), None);
        assert_eq!(prescan(b" <?xml encoding='euc-jp'?>"), None);
        // A meta wins over the XML declaration.
        assert_eq!(prescan(b"<?xml encoding='euc-jp'?><meta charset=iso-8859-2>"), Some(ISO_8859_2));
    }

    #[test]
    fn outcome_distinguishes_running_out() {
        assert_eq!(prescan_loop(b"<meta charset=euc-jp"), PrescanOutcome::Aborted);
        assert_eq!(prescan_loop(b"<meta charset=euc-jp>"), PrescanOutcome::Meta(EUC_JP));
    }
}
