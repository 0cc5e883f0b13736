//! The encoding sniffing algorithm for bytes that arrive in chunks.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>
//! ("The user agent may wait for more bytes of the resource to be
//! available … a user agent might wait 500ms or 1024 bytes, whichever came
//! first.")

use encoding_rs::Encoding;

use super::sniff::{sniff_available, sniff_final, ResolvedOptions, SniffOptions, Sniffed};

/// Buffers the first bytes of a stream until the encoding sniffing
/// algorithm can decide, then yields the decision and hands the buffered
/// bytes on.
///
/// It decides as soon as more bytes could not change the answer: a BOM
/// after three bytes; the user override or transport encoding after the
/// BOM check; a prescan hit as soon as the `<meta>` is complete; otherwise
/// once [`PRESCAN_LENGTH`](super::PRESCAN_LENGTH) bytes have arrived or the
/// stream ends. The decision is always the one [`sniff`](super::sniff)
/// gives on the whole stream. The sniffer keeps no clock: a caller that
/// wants to stop waiting after some time calls [`Sniffer::decide_now`].
///
/// ```
/// use htmlforge::encoding::{SniffOptions, Sniffer, StreamingDecoder};
///
/// let mut sniffer = Sniffer::new(&SniffOptions::default());
/// let mut chunks = [&b"<meta char"[..], b"set=koi8-r>", b"\xF0\xD2\xC9\xD7\xC5\xD4"].into_iter();
/// let sniffed = loop {
///     match chunks.next() {
///         Some(chunk) => {
///             if let Some(sniffed) = sniffer.push(chunk) {
///                 break sniffed;
///             }
///         }
///         None => break sniffer.decide_now(),
///     }
/// };
/// assert_eq!(sniffed.encoding, encoding_rs::KOI8_R);
///
/// let mut decoder = StreamingDecoder::new(sniffed.encoding);
/// let mut text = String::new();
/// decoder.feed(&sniffer.into_buffered(), |s| text.push_str(s));
/// for chunk in chunks {
///     decoder.feed(chunk, |s| text.push_str(s));
/// }
/// decoder.finish(|s| text.push_str(s));
/// assert_eq!(text, "<meta charset=koi8-r>Привет");
/// ```
#[derive(Debug, Clone)]
pub struct Sniffer {
    options: ResolvedOptions,
    buffered: Vec<u8>,
    sniffed: Option<Sniffed>,
}

impl Sniffer {
    /// A sniffer with the given out-of-band information.
    pub fn new(options: &SniffOptions<'_>) -> Self {
        Sniffer { options: ResolvedOptions::new(options), buffered: Vec::new(), sniffed: None }
    }

    /// Adds the next chunk of the stream and returns the decision once it
    /// is made (and on every later call). Chunks pushed after the decision
    /// are buffered too, so that nothing is lost, but they are better given
    /// straight to the decoder.
    ///
    /// ```
    /// use htmlforge::encoding::{EncodingSource, SniffOptions, Sniffer};
    ///
    /// let mut sniffer = Sniffer::new(&SniffOptions::default());
    /// // A `<meta>` cut in two: no decision until it is whole.
    /// assert_eq!(sniffer.push(b"<meta char"), None);
    /// let sniffed = sniffer.push(b"set=koi8-r>").unwrap();
    /// assert_eq!((sniffed.encoding, sniffed.source), (encoding_rs::KOI8_R, EncodingSource::MetaPrescan));
    /// assert_eq!(sniffer.buffered(), b"<meta charset=koi8-r>");
    /// ```
    pub fn push(&mut self, chunk: &[u8]) -> Option<Sniffed> {
        crate::cost::step!("encoding::sniffer_push", chunk.len());
        self.buffered.extend_from_slice(chunk);
        if self.sniffed.is_none() {
            self.sniffed = sniff_available(&self.buffered, &self.options);
        }
        self.sniffed
    }

    /// Decides with the bytes there are: call it when the stream has ended
    /// or when the caller no longer wants to wait. Returns the earlier
    /// decision if there is one.
    ///
    /// ```
    /// use htmlforge::encoding::{SniffOptions, Sniffer};
    ///
    /// let mut sniffer = Sniffer::new(&SniffOptions::default());
    /// assert_eq!(sniffer.push(b"<p>plain ASCII so far"), None);
    /// // The stream ended (or the caller stops waiting): decide with what there is.
    /// let sniffed = sniffer.decide_now();
    /// assert_eq!(sniffer.encoding(), Some(sniffed.encoding));
    /// ```
    pub fn decide_now(&mut self) -> Sniffed {
        if let Some(sniffed) = self.sniffed {
            return sniffed;
        }
        let sniffed = sniff_final(&self.buffered, &self.options);
        self.sniffed = Some(sniffed);
        sniffed
    }

    /// The decision, if made.
    pub fn sniffed(&self) -> Option<Sniffed> {
        self.sniffed
    }

    /// The decided encoding, if any.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        self.sniffed.map(|s| s.encoding)
    }

    /// The bytes pushed so far, BOM included (the decoder removes it).
    pub fn buffered(&self) -> &[u8] {
        &self.buffered
    }

    /// Hands the buffered bytes on, to be decoded before any later chunk.
    pub fn into_buffered(self) -> Vec<u8> {
        self.buffered
    }

    /// Hands the buffered bytes on and empties the buffer (the decision,
    /// if made, stays).
    pub fn take_buffered(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.buffered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{sniff, EncodingSource, PRESCAN_LENGTH};

    /// Pushes `bytes` one byte at a time and returns the decision and how
    /// many bytes it took.
    fn byte_by_byte(bytes: &[u8], options: &SniffOptions<'_>) -> (Sniffed, usize) {
        let mut sniffer = Sniffer::new(options);
        for (i, &b) in bytes.iter().enumerate() {
            if let Some(sniffed) = sniffer.push(&[b]) {
                return (sniffed, i + 1);
            }
        }
        (sniffer.decide_now(), bytes.len())
    }

    #[test]
    fn decides_as_early_as_it_can() {
        let default = SniffOptions::default();
        let page = b"<meta charset=euc-jp><p>more text";
        assert_eq!(byte_by_byte(page, &default).1, b"<meta charset=euc-jp>".len());
        assert_eq!(byte_by_byte(b"\xFF\xFEab", &default).1, 3);
        let transport = SniffOptions { transport_charset: Some("utf-8"), ..default };
        assert_eq!(byte_by_byte(b"<p>hello", &transport).1, 3);
        let long = vec![b'x'; 3 * PRESCAN_LENGTH];
        let (sniffed, taken) = byte_by_byte(&long, &default);
        assert_eq!((sniffed.source, taken), (EncodingSource::Default, PRESCAN_LENGTH));
    }

    #[test]
    fn agrees_with_sniff() {
        let default = SniffOptions::default();
        for page in [
            &b""[..],
            b"\xEF\xBB",
            b"<?xml version='1.0' encoding='euc-jp'?>",
            b"<\x00?\x00x\x00",
            b"<meta charset=euc-jp",
            b"<!-- <meta charset=euc-jp> --><meta charset=iso-8859-2>",
        ] {
            assert_eq!(byte_by_byte(page, &default).0, sniff(page, &default), "{page:?}");
        }
    }
}
