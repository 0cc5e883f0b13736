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
//! # How a parser uses this module
//!
//! [`ByteParser`](crate::ByteParser), [`parse_bytes`](crate::parse_bytes)
//! and [`parse_reader`](crate::parse_reader) do all of the following for
//! the built-in DOM, and [`ByteParser::with_sink_factory`](crate::ByteParser::with_sink_factory),
//! [`parse_bytes_into`](crate::parse_bytes_into) and
//! [`parse_reader_into`](crate::parse_reader_into) for any
//! [`TreeSink`](crate::tree_builder::TreeSink); a driver of one's own does
//! it itself:
//!
//! 1. Bytes in: [`ByteStreamDecoder`] (or [`sniff`] then
//!    [`StreamingDecoder`]/[`decode`]) gives the [`Sniffed`] encoding and
//!    the text for the tokenizer, BOM removed. A parser of a `&str` skips
//!    all this: its confidence is [`Confidence::Irrelevant`].
//! 2. The parser keeps the encoding and the confidence where the tree
//!    builder can read them. While the confidence is tentative it also
//!    keeps every byte it has read, because a restart re-parses from the
//!    first byte (a `<meta>` processed by the "in head" rules can come at
//!    any point of the document, in body too).
//! 3. The tree builder, having inserted a `meta` element per the "in head"
//!    rules (and only when there is no active speculative parser), calls
//!    [`meta_encoding_change`] with its attributes. On
//!    [`EncodingChange::MakeCertain`] it sets the confidence to certain
//!    (the kept bytes may go); on [`EncodingChange::Restart`] the parser
//!    stops, discards the document, and parses the kept bytes again with
//!    [`ByteStreamDecoder::with_known_encoding`] and
//!    [`EncodingChange::restart_with`] (confidence certain, source
//!    [`EncodingSource::MetaInHead`]), so the second pass never restarts.
//!    (When every byte decoded so far means the same in both encodings,
//!    it may instead go on with a decoder for the new encoding, made by
//!    [`StreamingDecoder::new_without_bom_handling`].) The tree builder's
//!    side is [`Parser::set_encoding`](crate::Parser::set_encoding) and
//!    [`Parser::take_encoding_restart`](crate::Parser::take_encoding_restart).
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
