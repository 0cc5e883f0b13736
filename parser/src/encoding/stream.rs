//! The input byte stream end to end: sniff the encoding from the first
//! chunks, then decode every chunk, as `parse_bytes`/`parse_reader` need.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-input-byte-stream>

use std::io::{self, Read};

use encoding_rs::Encoding;

use super::decoder::StreamingDecoder;
use super::sniff::{SniffOptions, Sniffed};
use super::sniffer::Sniffer;

/// How many bytes [`ByteStreamDecoder::decode_reader`] asks a reader for
/// at a time.
const READ_CHUNK: usize = 16 * 1024;

/// A [`Sniffer`] followed by a [`StreamingDecoder`]: bytes in, in chunks
/// of any size; text out, once the encoding is known.
///
/// While the encoding is being sniffed, chunks are buffered and nothing
/// comes out; the chunk that lets the sniffer decide releases everything
/// buffered so far.
///
/// ```
/// use htmlforge::encoding::{ByteStreamDecoder, EncodingSource, SniffOptions};
///
/// let mut stream = ByteStreamDecoder::new(&SniffOptions::default());
/// let mut text = String::new();
/// for chunk in [&b"<meta charset=windows-1251><p>"[..], b"\xcf\xf0\xe8\xe2\xe5\xf2"] {
///     stream.feed(chunk, |s| text.push_str(s));
/// }
/// let sniffed = stream.finish(|s| text.push_str(s));
/// assert_eq!(sniffed.source, EncodingSource::MetaPrescan);
/// assert_eq!(text, "<meta charset=windows-1251><p>Привет");
/// ```
#[derive(Debug)]
pub struct ByteStreamDecoder {
    state: State,
}

#[derive(Debug)]
enum State {
    Sniffing(Sniffer),
    Decoding { sniffed: Sniffed, decoder: StreamingDecoder },
}

impl ByteStreamDecoder {
    /// Sniffs the encoding with `options`, then decodes.
    pub fn new(options: &SniffOptions<'_>) -> Self {
        ByteStreamDecoder { state: State::Sniffing(Sniffer::new(options)) }
    }

    /// Decodes with an encoding known beforehand, without sniffing: a
    /// parse restarted after [`EncodingChange::Restart`](super::EncodingChange::Restart)
    /// (see [`EncodingChange::restart_with`](super::EncodingChange::restart_with)),
    /// or a caller that knows the encoding for certain.
    pub fn with_known_encoding(sniffed: Sniffed) -> Self {
        ByteStreamDecoder { state: State::Decoding { sniffed, decoder: StreamingDecoder::new(sniffed.encoding) } }
    }

    /// The sniffing result, once there is one.
    pub fn sniffed(&self) -> Option<Sniffed> {
        match &self.state {
            State::Sniffing(sniffer) => sniffer.sniffed(),
            State::Decoding { sniffed, .. } => Some(*sniffed),
        }
    }

    /// The encoding the decoder uses (a BOM may have replaced the sniffed
    /// one in the decoder; it also decided the sniffing), once known.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        match &self.state {
            State::Sniffing(_) => None,
            State::Decoding { decoder, .. } => Some(decoder.encoding()),
        }
    }

    /// Takes the next chunk, giving `sink` whatever text it completes.
    ///
    /// ```
    /// use htmlforge::encoding::{ByteStreamDecoder, EncodingSource, SniffOptions};
    ///
    /// let mut decoder = ByteStreamDecoder::new(&SniffOptions::default());
    /// let mut text = String::new();
    /// decoder.feed(b"\xFF\xFEh\x00", |s| text.push_str(s));
    /// decoder.feed(b"i\x00", |s| text.push_str(s));
    /// let sniffed = decoder.finish(|s| text.push_str(s));
    /// assert_eq!(text, "hi");
    /// assert_eq!((sniffed.encoding, sniffed.source), (encoding_rs::UTF_16LE, EncodingSource::Bom));
    /// ```
    pub fn feed(&mut self, bytes: &[u8], mut sink: impl FnMut(&str)) {
        match &mut self.state {
            State::Sniffing(sniffer) => {
                if let Some(sniffed) = sniffer.push(bytes) {
                    self.start_decoding(sniffed, &mut sink);
                }
            }
            State::Decoding { decoder, .. } => decoder.feed(bytes, sink),
        }
    }

    /// Stops waiting for more bytes to sniff (the spec's "500ms or 1024
    /// bytes, whichever came first": call this when the time is up) and
    /// decodes what was buffered. Returns the sniffing result.
    pub fn decide_now(&mut self, mut sink: impl FnMut(&str)) -> Sniffed {
        match &mut self.state {
            State::Sniffing(sniffer) => {
                let sniffed = sniffer.decide_now();
                self.start_decoding(sniffed, &mut sink);
                sniffed
            }
            State::Decoding { sniffed, .. } => *sniffed,
        }
    }

    /// Ends the stream: gives `sink` the rest of the text and returns the
    /// sniffing result.
    pub fn finish(mut self, mut sink: impl FnMut(&str)) -> Sniffed {
        let sniffed = self.decide_now(&mut sink);
        if let State::Decoding { decoder, .. } = &mut self.state {
            decoder.finish(&mut sink);
        }
        sniffed
    }

    /// Reads `reader` to its end and decodes it, giving `sink` the text.
    /// Returns the sniffing result, or the first read error (after which
    /// the text given so far is all there is).
    ///
    /// ```
    /// use htmlforge::encoding::{ByteStreamDecoder, SniffOptions};
    ///
    /// let page: &[u8] = b"\xFE\xFF\x00<\x00p\x00>";
    /// let mut text = String::new();
    /// let sniffed = ByteStreamDecoder::decode_reader(page, &SniffOptions::default(), |s| text.push_str(s)).unwrap();
    /// assert_eq!((sniffed.encoding, text.as_str()), (encoding_rs::UTF_16BE, "<p>"));
    /// ```
    pub fn decode_reader(
        mut reader: impl Read,
        options: &SniffOptions<'_>,
        mut sink: impl FnMut(&str),
    ) -> io::Result<Sniffed> {
        let mut stream = ByteStreamDecoder::new(options);
        let mut buffer = vec![0; READ_CHUNK];
        loop {
            let read = match reader.read(&mut buffer) {
                Ok(0) => return Ok(stream.finish(sink)),
                Ok(read) => read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            stream.feed(&buffer[..read], &mut sink);
        }
    }

    /// Leaves the sniffing state: decodes the buffered bytes.
    fn start_decoding(&mut self, sniffed: Sniffed, sink: &mut dyn FnMut(&str)) {
        let State::Sniffing(sniffer) = &mut self.state else {
            return;
        };
        let buffered = sniffer.take_buffered();
        let mut decoder = StreamingDecoder::new(sniffed.encoding);
        decoder.feed(&buffered, &mut *sink);
        self.state = State::Decoding { sniffed, decoder };
    }
}
