//! The encoding sniffing algorithm, over the bytes available so far.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>
//!
//! Of the spec's steps this runs: BOM sniffing; the user's override; the
//! transport layer's encoding; the prescan of the first
//! [`PRESCAN_LENGTH`] bytes; when asked ([`SniffOptions::autodetect`]),
//! autodetection (step 8) by `chardetng`, the detector Firefox uses; the
//! caller's fallback (standing for the spec's parent document and "likely
//! encoding" steps, which need knowledge a parser does not have, and for
//! the locale's default); and the default, windows-1252 (the spec's
//! suggested default for "all other locales").

use encoding_rs::{Encoding, WINDOWS_1252};

use super::bom::{bom_sniff, BomSniff};
use super::prescan::{get_an_xml_encoding, prescan_loop, PrescanOutcome, PRESCAN_LENGTH};

/// How sure the parser is of its encoding.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#concept-encoding-confidence>
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// The encoding was guessed; a `<meta>` found while parsing may change
    /// it (see [`meta_encoding_change`](super::meta_encoding_change)).
    Tentative,
    /// The encoding is known; no declaration in the document changes it.
    Certain,
    /// There are no bytes to decode: the parser reads a Unicode string.
    Irrelevant,
}

/// Which step of the sniffing (or of the parse) chose the encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodingSource {
    /// A byte order mark at the start of the stream.
    Bom,
    /// The user's explicit choice ([`SniffOptions::user_override`]).
    UserOverride,
    /// The transport layer, e.g. the charset of an HTTP `Content-Type`
    /// ([`SniffOptions::transport_charset`]).
    Transport,
    /// A `<meta charset>` or `<meta http-equiv=content-type>` found by the
    /// prescan.
    MetaPrescan,
    /// An XML declaration found by the prescan (`<?x` in UTF-16, or the
    /// `encoding` of `<?xml …?>`).
    XmlDeclaration,
    /// A `<meta>` the tree builder inserted while the confidence was
    /// tentative, after which the parse restarted with its encoding
    /// ("change the encoding"). [`sniff`] never returns it.
    MetaInHead,
    /// Autodetection from the bytes, step 8 of the algorithm
    /// ([`SniffOptions::autodetect`]).
    Autodetect,
    /// The caller's fallback ([`SniffOptions::fallback`]).
    Fallback,
    /// The default, windows-1252.
    Default,
}

impl EncodingSource {
    /// A short name: `bom`, `user-override`, `transport`, `meta-prescan`,
    /// `xml-declaration`, `meta-in-head`, `autodetect`, `fallback`,
    /// `default`.
    ///
    /// ```
    /// use htmlforge::encoding::EncodingSource;
    ///
    /// assert_eq!(EncodingSource::Autodetect.as_str(), "autodetect");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::Bom => "bom",
            EncodingSource::UserOverride => "user-override",
            EncodingSource::Transport => "transport",
            EncodingSource::MetaPrescan => "meta-prescan",
            EncodingSource::XmlDeclaration => "xml-declaration",
            EncodingSource::MetaInHead => "meta-in-head",
            EncodingSource::Autodetect => "autodetect",
            EncodingSource::Fallback => "fallback",
            EncodingSource::Default => "default",
        }
    }
}

impl std::fmt::Display for EncodingSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of the encoding sniffing algorithm: an encoding and a
/// confidence, and which step gave them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    /// The encoding to decode with.
    pub encoding: &'static Encoding,
    /// How sure the sniffing is: a tentative encoding may change while parsing.
    pub confidence: Confidence,
    /// Which step of the sniffing algorithm decided.
    pub source: EncodingSource,
}

/// The out-of-band information the sniffing algorithm takes besides the
/// bytes. The default has none of it; set fields with the methods named
/// after them (the struct is `#[non_exhaustive]`), e.g.
/// `SniffOptions::default().transport_charset(Some("utf-8"))`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SniffOptions<'a> {
    /// The encoding the user explicitly chose for this document: used,
    /// with confidence certain, unless the stream starts with a BOM.
    pub user_override: Option<&'static Encoding>,
    /// The charset label the transport layer gave, e.g. `"utf-8"` from
    /// `Content-Type: text/html; charset=utf-8` (see
    /// [`charset_label_from_content_type`](super::charset_label_from_content_type)).
    /// A label the Encoding Standard does not know is ignored, as the spec
    /// ignores an unsupported encoding.
    pub transport_charset: Option<&'a str>,
    /// The encoding to use, tentatively, when neither a BOM, the transport
    /// layer, the prescan nor autodetection gives one: what the spec's
    /// other steps (parent document, earlier visits, the locale's default)
    /// would produce for the caller. Without it the default is windows-1252.
    /// Unused with [`SniffOptions::autodetect`], which always guesses.
    pub fallback: Option<&'static Encoding>,
    /// Autodetection, step 8 of the algorithm ("The user agent may attempt
    /// to autodetect the character encoding from applying frequency
    /// analysis or other algorithms to the data stream"): when no BOM,
    /// override, transport charset or prescanned declaration decides, the
    /// bytes go to `chardetng` (by the author of `encoding_rs`, as Firefox
    /// runs it for `file:` URLs: UTF-8 may be the answer), and its guess
    /// is tentative. Off by default, as a browser navigating the network
    /// does (the spec discourages it there). With it, a stream that nothing
    /// declares is examined whole: a [`Sniffer`](super::Sniffer) decides
    /// at its end.
    ///
    /// ```
    /// use htmlforge::encoding::{sniff, EncodingSource, SniffOptions};
    ///
    /// let page = "<p>Une journée à la mer, un café, déjà l'été.</p>".as_bytes();
    /// let guessed = sniff(page, &SniffOptions::default().autodetect(true));
    /// assert_eq!((guessed.encoding, guessed.source), (encoding_rs::UTF_8, EncodingSource::Autodetect));
    /// assert_eq!(sniff(page, &SniffOptions::default()).encoding, encoding_rs::WINDOWS_1252);
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm> (step 8)
    pub autodetect: bool,
}

crate::setters::setters!(const SniffOptions<'a> {
    user_override: Option<&'static Encoding>,
    transport_charset: Option<&'a str>,
    fallback: Option<&'static Encoding>,
    autodetect: bool,
});

impl<'a> SniffOptions<'a> {
    /// Options with the transport-layer charset of an HTTP `Content-Type`
    /// header value such as `text/html; charset=koi8-r`.
    ///
    /// ```
    /// use htmlforge::encoding::{sniff, EncodingSource, SniffOptions};
    ///
    /// let options = SniffOptions::from_content_type("text/html; charset=koi8-r");
    /// let sniffed = sniff(b"<meta charset=utf-8>", &options);
    /// assert_eq!(sniffed.encoding, encoding_rs::KOI8_R);
    /// assert_eq!(sniffed.source, EncodingSource::Transport);
    /// ```
    pub fn from_content_type(content_type: &'a str) -> Self {
        SniffOptions {
            transport_charset: super::meta::charset_label_from_content_type(content_type),
            ..SniffOptions::default()
        }
    }
}

/// [`SniffOptions`] with the transport label looked up, so that a
/// [`Sniffer`](super::Sniffer) need not borrow the label.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ResolvedOptions {
    user_override: Option<&'static Encoding>,
    transport: Option<&'static Encoding>,
    fallback: Option<&'static Encoding>,
    autodetect: bool,
}

impl ResolvedOptions {
    pub(crate) fn new(options: &SniffOptions<'_>) -> Self {
        ResolvedOptions {
            user_override: options.user_override,
            // "If the transport layer specifies a character encoding, and
            // it is supported": getting an encoding from the label.
            transport: options.transport_charset.and_then(|label| Encoding::for_label(label.as_bytes())),
            fallback: options.fallback,
            autodetect: options.autodetect,
        }
    }
}

/// Runs the encoding sniffing algorithm on `bytes`, taken to be all the
/// bytes there will be before a decision (the whole document, or as much of
/// it as the caller chose to wait for). Only the first [`PRESCAN_LENGTH`]
/// bytes are prescanned.
///
/// ```
/// use htmlforge::encoding::{sniff, Confidence, EncodingSource, SniffOptions};
///
/// let bom = sniff(b"\xFF\xFE<\x00p\x00>\x00", &SniffOptions::default());
/// assert_eq!((bom.encoding, bom.confidence), (encoding_rs::UTF_16LE, Confidence::Certain));
///
/// let plain = sniff(b"<p>caf\xE9", &SniffOptions::default());
/// assert_eq!(plain.encoding, encoding_rs::WINDOWS_1252);
/// assert_eq!(plain.source, EncodingSource::Default);
///
/// let options = SniffOptions::default().fallback(Some(encoding_rs::UTF_8));
/// assert_eq!(sniff(b"<p>caf\xC3\xA9", &options).source, EncodingSource::Fallback);
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>
pub fn sniff(bytes: &[u8], options: &SniffOptions<'_>) -> Sniffed {
    sniff_final(bytes, &ResolvedOptions::new(options))
}

/// The sniffing algorithm on the bytes available so far, or `None` when it
/// should wait for more: the spec lets the user agent wait, and here it
/// waits while more bytes could change the answer (never past
/// [`PRESCAN_LENGTH`] bytes, unless autodetection is to examine the whole
/// stream). A decision is always the one [`sniff`] gives on the whole
/// stream.
pub(crate) fn sniff_available(bytes: &[u8], options: &ResolvedOptions) -> Option<Sniffed> {
    let declared = match bom_sniff(bytes, false) {
        BomSniff::NeedMoreBytes => false,
        BomSniff::Bom { .. } => true,
        BomSniff::NoBom => {
            options.user_override.is_some()
                || options.transport.is_some()
                || prescan_loop(&bytes[..bytes.len().min(PRESCAN_LENGTH)]) != PrescanOutcome::Aborted
        }
    };
    let can_decide = declared || (bytes.len() >= PRESCAN_LENGTH && !options.autodetect);
    can_decide.then(|| sniff_final(bytes, options))
}

/// The sniffing algorithm on `bytes`, taken to be all the bytes there will
/// be before a decision.
pub(crate) fn sniff_final(bytes: &[u8], options: &ResolvedOptions) -> Sniffed {
    // BOM sniffing: certain.
    if let BomSniff::Bom { encoding, .. } = bom_sniff(bytes, true) {
        return Sniffed { encoding, confidence: Confidence::Certain, source: EncodingSource::Bom };
    }
    // The user's explicit override: certain.
    if let Some(encoding) = options.user_override {
        return Sniffed { encoding, confidence: Confidence::Certain, source: EncodingSource::UserOverride };
    }
    // The transport layer's encoding, if supported: certain.
    if let Some(encoding) = options.transport {
        return Sniffed { encoding, confidence: Confidence::Certain, source: EncodingSource::Transport };
    }
    // Prescan the first PRESCAN_LENGTH bytes: tentative. Running out of
    // bytes and the end condition both end in "get an XML encoding".
    let window = &bytes[..bytes.len().min(PRESCAN_LENGTH)];
    let found = match prescan_loop(window) {
        PrescanOutcome::Meta(encoding) => Some((encoding, EncodingSource::MetaPrescan)),
        PrescanOutcome::Utf16XmlDeclaration(encoding) => Some((encoding, EncodingSource::XmlDeclaration)),
        PrescanOutcome::Aborted => {
            get_an_xml_encoding(window).map(|encoding| (encoding, EncodingSource::XmlDeclaration))
        }
    };
    if let Some((encoding, source)) = found {
        return Sniffed { encoding, confidence: Confidence::Tentative, source };
    }
    last_resort(bytes, options)
}

/// Autodetection when asked, else the fallback, else the default:
/// tentative.
fn last_resort(bytes: &[u8], options: &ResolvedOptions) -> Sniffed {
    if options.autodetect {
        // Step 8: the bytes are the resource's, and Firefox allows UTF-8 for
        // a local file; ISO-2022-JP is denied, as a browser should for
        // documents that can run scripts.
        let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
        detector.feed(bytes, true);
        let encoding = detector.guess(None, chardetng::Utf8Detection::Allow);
        return Sniffed { encoding, confidence: Confidence::Tentative, source: EncodingSource::Autodetect };
    }
    match options.fallback {
        Some(encoding) => Sniffed { encoding, confidence: Confidence::Tentative, source: EncodingSource::Fallback },
        None => Sniffed { encoding: WINDOWS_1252, confidence: Confidence::Tentative, source: EncodingSource::Default },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, UTF_16BE, UTF_8};

    #[test]
    fn order_of_the_steps() {
        let transport = SniffOptions { transport_charset: Some(" EUC-JP "), ..Default::default() };
        // A BOM beats the transport layer.
        let s = sniff(b"\xEF\xBB\xBF<meta charset=koi8-r>", &transport);
        assert_eq!((s.encoding, s.source), (UTF_8, EncodingSource::Bom));
        // The transport layer beats the prescan.
        let s = sniff(b"<meta charset=koi8-r>", &transport);
        assert_eq!((s.encoding, s.confidence, s.source), (EUC_JP, Confidence::Certain, EncodingSource::Transport));
        // An unknown transport label is ignored.
        let bogus = SniffOptions { transport_charset: Some("bogus"), ..Default::default() };
        assert_eq!(sniff(b"", &bogus).source, EncodingSource::Default);
        // The user's override comes after the BOM, before the transport.
        let both = SniffOptions { user_override: Some(UTF_16BE), ..transport };
        assert_eq!(sniff(b"abc", &both).source, EncodingSource::UserOverride);
        assert_eq!(sniff(b"\xFE\xFFabc", &both).source, EncodingSource::Bom);
    }

    #[test]
    fn waits_only_while_the_answer_can_change() {
        let options = ResolvedOptions::new(&SniffOptions::default());
        assert_eq!(sniff_available(b"<m", &options), None);
        assert_eq!(sniff_available(b"<meta charset=euc-jp", &options), None);
        let s = sniff_available(b"<meta charset=euc-jp>", &options).unwrap();
        assert_eq!(s.encoding, EUC_JP);
        let full = [b' '; PRESCAN_LENGTH];
        assert_eq!(sniff_available(&full, &options).unwrap().source, EncodingSource::Default);
    }

    #[test]
    fn prescan_window_is_1024_bytes() {
        let mut page = vec![b' '; PRESCAN_LENGTH - b"<meta charset=euc-jp>".len()];
        page.extend_from_slice(b"<meta charset=euc-jp>");
        assert_eq!(sniff(&page, &SniffOptions::default()).encoding, EUC_JP);
        page.insert(0, b' ');
        assert_eq!(sniff(&page, &SniffOptions::default()).encoding, WINDOWS_1252);
    }
}
