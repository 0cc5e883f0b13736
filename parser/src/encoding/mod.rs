//! Bytes in: the encoding sniffing algorithm and the decoding of the input
//! byte stream into the characters the tokenizer reads.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>
//!
//! The pieces, in the order a byte stream meets them:
//!
//! - [`sniff`] runs the encoding sniffing algorithm over the bytes available
//!   so far: BOM sniffing, a user override, the transport layer's charset,
//!   the prescan of the first [`PRESCAN_LENGTH`] bytes (`<meta charset>`,
//!   `<meta http-equiv=content-type content=…>`, an XML declaration), the
//!   caller's fallback, and windows-1252 as the default. It returns a
//!   [`Sniffed`]: the encoding, its [`Confidence`] and where it came from
//!   ([`EncodingSource`]).
//! - [`Sniffer`] does the same for bytes that arrive in chunks: it buffers
//!   until it can decide (or the input ends) and then hands the buffered
//!   bytes on.
//! - [`StreamingDecoder`] turns chunks of bytes of any size into `&str`
//!   chunks, as the Encoding Standard's *decode* does; [`decode`] is the
//!   one-shot form.
//! - [`ByteStreamDecoder`] chains the two: a `Sniffer`, then a
//!   `StreamingDecoder`, fed chunk by chunk or from an `io::Read`.
//! - [`meta_encoding_change`] and [`change_the_encoding`] are what the tree
//!   builder runs when it inserts a `<meta>` while the confidence is
//!   tentative (the "in head" insertion mode's meta rule): they say whether
//!   to do nothing, make the confidence certain, or restart the parse with
//!   another encoding.
//!
//! Encodings are encoding_rs's [`Encoding`]s: encoding_rs implements the
//! Encoding Standard (labels, decoders, BOM sniffing), which this module
//! does not repeat.
//!
//! ```
//! use htmlforge::encoding::{sniff, Confidence, EncodingSource, SniffOptions};
//!
//! let page = b"<!DOCTYPE html><meta charset=shift_jis><title>\x82\xa0</title>";
//! let sniffed = sniff(page, &SniffOptions::default());
//! assert_eq!(sniffed.encoding, encoding_rs::SHIFT_JIS);
//! assert_eq!(sniffed.confidence, Confidence::Tentative);
//! assert_eq!(sniffed.source, EncodingSource::MetaPrescan);
//!
//! let (text, _) = htmlforge::encoding::decode(page, sniffed.encoding);
//! assert!(text.ends_with("<title>\u{3042}</title>"));
//! ```

mod bom;
mod change;
mod decoder;
mod meta;
mod prescan;
mod sniff;
mod sniffer;
mod stream;

pub use change::{bytes_decode_the_same, change_the_encoding, meta_encoding_change, EncodingChange};
pub use decoder::{decode, StreamingDecoder};
pub use encoding_rs::Encoding;
pub use meta::{charset_label_from_content_type, extract_a_character_encoding_from_a_meta_element};
pub use prescan::{prescan_a_byte_stream_to_determine_its_encoding, PRESCAN_LENGTH};
pub use sniff::{sniff, Confidence, EncodingSource, SniffOptions, Sniffed};
pub use sniffer::Sniffer;
pub use stream::ByteStreamDecoder;
