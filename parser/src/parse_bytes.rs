//! Bytes in: parsing a document given as bytes, at once ([`parse_bytes`]),
//! from a reader ([`parse_reader`]) or in chunks ([`ByteParser`]), with the
//! encoding sniffing algorithm, decoding, and the change of encoding a
//! `<meta>` can ask for while the confidence is tentative.
//!
//! ```
//! use htmlforge::encoding::EncodingSource;
//! use htmlforge::{parse_bytes, ByteParseOptions};
//!
//! let parsed = parse_bytes(b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4", ByteParseOptions::default());
//! assert_eq!(parsed.encoding.encoding.name(), "KOI8-R");
//! assert_eq!(parsed.encoding.source, EncodingSource::MetaPrescan);
//! assert!(htmlforge::dom::dump_html5lib(&parsed.document).contains("\"Привет\""));
//! ```
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-input-byte-stream>
//! and <https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing>

use std::io::{self, Read};

use crate::dom::Document;
use crate::encoding::{sniff, Confidence, Encoding, EncodingSource, SniffOptions, Sniffed, Sniffer, StreamingDecoder};
use crate::parse::{ParseOptions, Parser, ParserMisuse, ParserStatus};
use crate::tree_builder::{LimitsHit, TreeSink};

/// How many bytes [`parse_reader`] asks its reader for at a time.
const READ_CHUNK: usize = 64 * 1024;

/// Options of a parse of bytes: what the encoding sniffing algorithm takes
/// besides the bytes, and the [`ParseOptions`]. Set them with the methods
/// named after the fields (the struct is `#[non_exhaustive]`):
///
/// ```
/// use htmlforge::{ByteParseOptions, ParseOptions};
///
/// let options = ByteParseOptions::default()
///     .parse(ParseOptions::default().scripting(true))
///     .transport_charset(Some("utf-8"));
/// assert_eq!(options.transport_charset, Some("utf-8"));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ByteParseOptions<'a> {
    /// Scripting flag and iframe srcdoc.
    pub parse: ParseOptions,
    /// The charset label of the transport layer, e.g. `"utf-8"` from
    /// `Content-Type: text/html; charset=utf-8` (see
    /// [`charset_label_from_content_type`](crate::encoding::charset_label_from_content_type)).
    /// A known label wins over everything but a BOM, with confidence
    /// certain; an unknown one is ignored.
    pub transport_charset: Option<&'a str>,
    /// The encoding to guess when neither a BOM, the transport layer nor
    /// the prescan gives one (default: windows-1252). Tentative: a `<meta>`
    /// can still change it.
    pub fallback: Option<&'static Encoding>,
    /// The user's explicit choice of encoding: wins over everything but a
    /// BOM, with confidence certain.
    pub user_override: Option<&'static Encoding>,
    /// Guess the encoding of a document that declares none from its bytes
    /// (`chardetng`, as Firefox does for local files) instead of taking
    /// the fallback: see [`SniffOptions::autodetect`]. Off by default, as
    /// a browser navigating the network does.
    ///
    /// ```
    /// use htmlforge::{parse_bytes, ByteParseOptions};
    ///
    /// let page = "<p>café crème".as_bytes();
    /// let guessed = parse_bytes(page, ByteParseOptions::default().autodetect(true));
    /// assert_eq!(guessed.encoding.source.as_str(), "autodetect");
    /// assert_eq!(guessed.document.body().unwrap().text_content(), "café crème");
    /// let navigated = parse_bytes(page, ByteParseOptions::default());
    /// assert_eq!(navigated.document.body().unwrap().text_content(), "cafÃ© crÃ¨me");
    /// ```
    pub autodetect: bool,
}

crate::setters::setters!(const ByteParseOptions<'a> {
    parse: ParseOptions,
    transport_charset: Option<&'a str>,
    fallback: Option<&'static Encoding>,
    user_override: Option<&'static Encoding>,
    autodetect: bool,
});

impl ByteParseOptions<'_> {
    fn sniff_options(&self) -> SniffOptions<'_> {
        SniffOptions {
            user_override: self.user_override,
            transport_charset: self.transport_charset,
            fallback: self.fallback,
            autodetect: self.autodetect,
        }
    }
}

/// A document parsed from bytes and the encoding it was decoded with. `S`
/// is the tree it was built into: the built-in [`Document`], or the sink
/// of [`ByteParser::with_sink_factory`] and [`parse_bytes_into`].
#[derive(Debug)]
#[non_exhaustive]
pub struct ParsedBytes<S = Document> {
    /// The parsed document (the sink of the last pass, after any restart).
    pub document: S,
    /// The encoding the parse ended with (after any change of encoding),
    /// its confidence at the end, and which step chose it
    /// ([`EncodingSource::MetaInHead`] after a restart).
    pub encoding: Sniffed,
    /// The limits the parse hit (see [`Limits`](crate::Limits)):
    /// `input_truncated` when more than `max_input_bytes` bytes were
    /// given (the rest was not read or parsed).
    pub limits_hit: LimitsHit,
}

/// Parses a whole document given as bytes into the built-in DOM: sniffs
/// the encoding, decodes, parses, and parses again from the first byte
/// when a `<meta>` past the prescan changes the encoding. Scripts never
/// run.
///
/// ```
/// use htmlforge::encoding::EncodingSource;
/// use htmlforge::{parse_bytes, ByteParseOptions};
///
/// // The meta is past the first 1024 bytes: the prescan misses it, the
/// // tree builder finds it and the parse restarts in UTF-8.
/// let mut page = b"<head><!--".to_vec();
/// page.extend(std::iter::repeat_n(b'-', 2000));
/// page.extend_from_slice(b"--><meta charset=utf-8><title>caf\xC3\xA9</title>");
/// let parsed = parse_bytes(&page, ByteParseOptions::default());
/// assert_eq!(parsed.encoding.encoding, encoding_rs::UTF_8);
/// assert_eq!(parsed.encoding.source, EncodingSource::MetaInHead);
/// assert!(htmlforge::dom::dump_html5lib(&parsed.document).contains("\"café\""));
/// ```
pub fn parse_bytes(bytes: &[u8], options: ByteParseOptions<'_>) -> ParsedBytes {
    // Size the arena as `parse_document` does, for the first pass and a
    // restart alike.
    let sized_for = bytes.len().min(options.parse.limits.max_input_bytes.unwrap_or(usize::MAX));
    let sized_for = &bytes[..sized_for];
    let mut parsed = parse_bytes_into(|| crate::parse::document_sized_for(sized_for), bytes, options);
    parsed.document.shrink_to_fit();
    parsed
}

/// Parses a whole document given as bytes into sinks made by `new_sink`
/// (as [`parse_bytes`] does into the built-in DOM): one sink, or a second
/// one when a `<meta>` past the prescan changes the encoding and the parse
/// starts again from the first byte (the first sink is dropped).
///
/// ```
/// use htmlforge::{parse_bytes_into, ByteParseOptions, Document};
///
/// let mut made = 0;
/// let parsed = parse_bytes_into(
///     || {
///         made += 1;
///         Document::new()
///     },
///     b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4",
///     ByteParseOptions::default(),
/// );
/// assert_eq!(made, 1); // The prescan found the meta: no restart.
/// assert_eq!(parsed.encoding.encoding.name(), "KOI8-R");
/// ```
pub fn parse_bytes_into<S: TreeSink>(
    new_sink: impl FnMut() -> S,
    bytes: &[u8],
    options: ByteParseOptions<'_>,
) -> ParsedBytes<S> {
    let sniffed = sniff(bytes, &options.sniff_options());
    let mut parser = ByteParser::with_decided_encoding(sniffed, new_sink, options.parse).without_script_pauses();
    // All the bytes at once, as the last input: nothing needs copying
    // unless the parse restarts.
    let bytes = parser.within_byte_limit(bytes);
    let status = parser.input(bytes, true);
    parser.run_without_scripts(status);
    parser.finish()
}

/// Parses a document read from `reader` into the built-in DOM (as
/// [`parse_bytes`], in chunks as they are read). Returns the first read
/// error, if any.
///
/// ```
/// use htmlforge::{parse_reader, ByteParseOptions};
///
/// let page: &[u8] = b"\xFF\xFE<\x00p\x00>\x00h\x00i\x00";
/// let parsed = parse_reader(page, ByteParseOptions::default()).unwrap();
/// assert_eq!(parsed.encoding.encoding, encoding_rs::UTF_16LE);
/// assert!(htmlforge::dom::dump_html5lib(&parsed.document).contains("\"hi\""));
/// ```
pub fn parse_reader(reader: impl Read, options: ByteParseOptions<'_>) -> io::Result<ParsedBytes> {
    let mut parsed = parse_reader_into(Document::new, reader, options)?;
    parsed.document.shrink_to_fit();
    Ok(parsed)
}

/// Parses a document read from `reader` into sinks made by `new_sink` (as
/// [`parse_bytes_into`], in chunks as they are read). Returns the first
/// read error, if any.
///
/// ```
/// use htmlforge::{parse_reader_into, ByteParseOptions, Document};
///
/// let page: &[u8] = b"<p>one</p><p>two</p>";
/// let parsed = parse_reader_into(|| Document::with_capacity(64, 64), page, ByteParseOptions::default())?;
/// assert_eq!(parsed.document.get_elements_by_tag_name("p").count(), 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn parse_reader_into<S: TreeSink>(
    new_sink: impl FnMut() -> S,
    mut reader: impl Read,
    options: ByteParseOptions<'_>,
) -> io::Result<ParsedBytes<S>> {
    let mut parser = ByteParser::with_sink_factory(options, new_sink).without_script_pauses();
    let mut buffer = vec![0; READ_CHUNK];
    loop {
        let read = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        let chunk = parser.within_byte_limit(&buffer[..read]);
        let status = parser.input(chunk, false);
        parser.run_without_scripts(status);
        // At the input limit, or with nothing more that could be built,
        // the rest is not read (`std::io::repeat` returns).
        let hit = parser.limits_hit();
        if hit.input_truncated || hit.nodes_capped || hit.storage_full {
            break;
        }
    }
    Ok(parser.finish())
}

/// What a [`ByteParser`] stopped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ByteParserStatus<H> {
    /// Everything fed so far is parsed (or waits for the encoding to be
    /// sniffed); feed more or end.
    NeedsInput,
    /// A `script` end tag was just parsed (scripting on): the script
    /// element. The caller may [`ByteParser::insert_at_insertion_point`],
    /// then must [`ByteParser::resume`].
    PausedForScript(H),
    /// A `<meta>` declared another encoding while the confidence was
    /// tentative ("change the encoding"). [`ByteParser::resume`] goes on
    /// with this encoding (confidence certain, source
    /// [`EncodingSource::MetaInHead`]): if every byte so far was ASCII, by
    /// switching the decoder on the fly (the tree so far stands);
    /// otherwise by parsing every byte again, from the first, into a new
    /// document, made by the parser's sink factory ([`ByteParser::restarts`]).
    /// Feeding more first is fine too.
    EncodingChanged(Sniffed),
    /// The end of the input was parsed.
    Done,
}

/// Where the bytes go: to the sniffer until it decides, then to a decoder.
enum Input {
    Sniffing(Sniffer),
    Decoding(StreamingDecoder),
}

/// A streaming parser of bytes: feed it `&[u8]` chunks of any size. It
/// sniffs the encoding (buffering the first bytes until it can decide),
/// decodes, and drives a [`Parser`] that builds the built-in DOM, or any
/// [`TreeSink`] ([`ByteParser::with_sink_factory`]). While the confidence is tentative it
/// keeps every byte, so that it can parse again from the first byte when
/// a `<meta>` changes the encoding ([`ByteParserStatus::EncodingChanged`]);
/// `Limits::max_input_bytes` bounds what it keeps and decodes (bytes past
/// it are dropped and reported as `LimitsHit::input_truncated`).
///
/// ```
/// use htmlforge::{ByteParseOptions, ByteParser, ByteParserStatus};
///
/// // A long comment first, so that the prescan of the first 1024 bytes
/// // finds no meta: the encoding is the default, windows-1252, tentative.
/// let mut first = b"<!--".to_vec();
/// first.extend(std::iter::repeat_n(b'-', 1100));
/// first.extend_from_slice(b"--><p>\xE9");
/// let mut parser = ByteParser::new(ByteParseOptions::default());
/// let mut changes = 0;
/// for chunk in [&first[..], b"t\xE9<meta charset=iso-8859-2>\xB9"] {
///     let mut status = parser.feed(chunk)?;
///     while let ByteParserStatus::EncodingChanged(_) = status {
///         changes += 1;
///         status = parser.resume();
///     }
/// }
/// let parsed = parser.finish();
/// assert_eq!(changes, 1);
/// assert_eq!(parsed.encoding.encoding, encoding_rs::ISO_8859_2);
/// let tree = htmlforge::dom::dump_html5lib(&parsed.document);
/// assert!(tree.contains("\"été\"") && tree.contains("\"\u{161}\""));
/// # Ok::<(), htmlforge::ParserMisuse>(())
/// ```
///
/// # A sink of one's own
///
/// A change of encoding that cannot switch the decoder on the fly parses
/// every byte again, from the first, into a new tree: what the first pass
/// built is the wrong text. So the parser takes a *sink factory*, not a
/// sink: it makes the first sink when it is created and a fresh one for
/// the second pass, and drops the first. Handles from the first pass (a
/// script it paused for) belong to the dropped sink; [`ByteParser::restarts`]
/// says whether that happened.
///
/// ```
/// use htmlforge::tree_builder::{NodeOrText, TreeSink};
/// use htmlforge::vocab::{AttrRef, QualName};
/// use htmlforge::{ByteParseOptions, ByteParser, ByteParserStatus};
///
/// /// Counts the elements and the characters of text, and keeps nothing else.
/// #[derive(Default)]
/// struct Counter {
///     elements: usize,
///     text: String,
/// }
///
/// impl TreeSink for Counter {
///     type Handle = usize;
///     fn document(&self) -> usize { 0 }
///     fn create_element(&mut self, _: QualName, _: &[AttrRef<'_>]) -> usize {
///         self.elements += 1;
///         self.elements
///     }
///     fn create_comment(&mut self, _: &str) -> usize { 0 }
///     fn create_processing_instruction(&mut self, _: &str, _: &str) -> usize { 0 }
///     fn append_doctype_to_document(&mut self, _: &str, _: &str, _: &str) {}
///     fn append(&mut self, _: usize, child: NodeOrText<'_, usize>) {
///         if let NodeOrText::Text(text) = child {
///             self.text.push_str(text);
///         }
///     }
///     fn insert_before(&mut self, sibling: usize, child: NodeOrText<'_, usize>) { self.append(sibling, child) }
///     fn has_parent(&self, _: usize) -> bool { true }
///     fn remove_from_parent(&mut self, _: usize) {}
///     fn reparent_children(&mut self, _: usize, _: usize) {}
///     fn add_attrs_if_missing(&mut self, _: usize, _: &[AttrRef<'_>]) {}
///     fn template_contents(&mut self, _: usize) -> usize { 0 }
///     fn set_quirks_mode(&mut self, _: htmlforge::quirks::QuirksMode) {}
///     fn clone_option_into_selectedcontent(&mut self, _: usize, _: usize) {}
/// }
///
/// // The meta is past the prescan's 1024 bytes and the text before it is
/// // not ASCII: the parse starts again, into a second `Counter`.
/// let mut page = b"<!--".to_vec();
/// page.extend(std::iter::repeat_n(b'-', 1100));
/// page.extend_from_slice(b"--><p>caf\xC3\xA9<meta charset=utf-8>");
/// let mut made = 0;
/// let mut parser = ByteParser::with_sink_factory(ByteParseOptions::default(), || {
///     made += 1;
///     Counter::default()
/// });
/// for chunk in page.chunks(100) {
///     if let ByteParserStatus::EncodingChanged(_) = parser.feed(chunk)? {
///         parser.resume();
///     }
/// }
/// assert_eq!(parser.restarts(), 1);
/// let parsed = parser.finish();
/// assert_eq!(parsed.document.text, "café");
/// assert_eq!(parsed.encoding.encoding, encoding_rs::UTF_8);
/// assert_eq!(made, 2);
/// # Ok::<(), htmlforge::ParserMisuse>(())
/// ```
pub struct ByteParser<S: TreeSink = Document, F = fn() -> S> {
    options: ParseOptions,
    /// Makes the sink of each pass: the first one's and a restart's.
    new_sink: F,
    input: Input,
    parser: Parser<S>,
    /// The sniffing result, once there is one (a restart replaces it).
    sniffed: Option<Sniffed>,
    /// Every byte fed so far, while the confidence may be tentative (a
    /// restart parses them again); `None` once it is certain.
    kept: Option<Vec<u8>>,
    /// The change of encoding a `<meta>` asked for, until
    /// [`ByteParser::resume`].
    change: Option<PendingChange>,
    /// The input has ended.
    ended: bool,
    /// How many times the parse started again from the first byte.
    restarts: u32,
    /// `Limits::max_input_bytes` less the bytes fed so far: bytes past it
    /// are neither kept nor decoded.
    byte_budget: Option<usize>,
    /// Bytes past `max_input_bytes` were given.
    bytes_truncated: bool,
    /// Whether a `script` end tag pauses the parse (scripting on): off
    /// when nobody runs scripts (`parse_bytes`, `parse_reader`).
    script_pauses: bool,
}

/// The options of the text parser behind a byte parser: a byte order mark
/// is the decoder's to take ("decode" drops it), so a U+FEFF in the text
/// it gives is content, and stays.
fn text_options(options: ParseOptions) -> ParseOptions {
    options.keep_leading_bom(true)
}

impl ByteParser {
    /// A parser of bytes building the built-in DOM.
    ///
    /// ```
    /// use htmlforge::{ByteParseOptions, ByteParser};
    ///
    /// let mut parser = ByteParser::new(ByteParseOptions::default());
    /// // A chunk may end inside a character: the decoder waits for the rest.
    /// parser.feed(b"<meta charset=utf-8><p>caf\xC3")?;
    /// parser.feed(b"\xA9")?;
    /// let parsed = parser.finish();
    /// assert_eq!(parsed.document.body().unwrap().text_content(), "café");
    /// assert_eq!(parsed.encoding.encoding, encoding_rs::UTF_8);
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub fn new(options: ByteParseOptions<'_>) -> ByteParser {
        ByteParser::with_sink_factory(options, Document::new)
    }
}

impl<S: TreeSink, F: FnMut() -> S> ByteParser<S, F> {
    /// A parser of bytes building into sinks that `new_sink` makes: one
    /// now, and one more if a change of encoding restarts the parse (see
    /// [the type's docs](ByteParser#a-sink-of-ones-own)).
    pub fn with_sink_factory(options: ByteParseOptions<'_>, mut new_sink: F) -> ByteParser<S, F> {
        let parse = text_options(options.parse);
        ByteParser {
            options: parse,
            parser: Parser::with_sink(new_sink(), parse),
            new_sink,
            input: Input::Sniffing(Sniffer::new(&options.sniff_options())),
            sniffed: None,
            kept: Some(Vec::new()),
            change: None,
            ended: false,
            restarts: 0,
            byte_budget: options.parse.limits.max_input_bytes,
            bytes_truncated: false,
            script_pauses: true,
        }
    }

    /// A parser whose encoding is already sniffed (on all the bytes there
    /// will be).
    fn with_decided_encoding(sniffed: Sniffed, mut new_sink: F, options: ParseOptions) -> ByteParser<S, F> {
        let options = text_options(options);
        let mut byte_parser = ByteParser {
            options,
            input: Input::Sniffing(Sniffer::new(&SniffOptions::default())),
            parser: Parser::with_sink(new_sink(), options),
            new_sink,
            sniffed: None,
            // `start_decoding` drops them if the encoding is certain.
            kept: Some(Vec::new()),
            change: None,
            ended: false,
            restarts: 0,
            byte_budget: options.limits.max_input_bytes,
            bytes_truncated: false,
            script_pauses: true,
        };
        byte_parser.start_decoding(sniffed);
        byte_parser
    }

    /// The parser of a caller that runs no scripts: a `script` end tag
    /// does not pause it (the tree is the same; a pause would be resumed
    /// at once, after a copy of the input not parsed yet).
    fn without_script_pauses(mut self) -> ByteParser<S, F> {
        self.script_pauses = false;
        self.parser.without_script_pauses();
        self
    }

    /// Parses `chunk` as far as possible. After [`ByteParser::end`] the
    /// bytes are refused with [`ParserMisuse::InputEnded`].
    ///
    /// ```
    /// use htmlforge::{ByteParseOptions, ByteParser, ByteParserStatus, ParserMisuse};
    ///
    /// let mut parser = ByteParser::new(ByteParseOptions::default());
    /// parser.feed(b"<meta charset=utf-8><p>caf\xC3")?;
    /// parser.feed(b"\xA9")?;
    /// assert_eq!(parser.end()?, ByteParserStatus::Done);
    /// assert_eq!(parser.feed(b"<p>more"), Err(ParserMisuse::InputEnded));
    /// assert_eq!(parser.end(), Err(ParserMisuse::InputEnded));
    /// assert!(htmlforge::dom::dump_html5lib(&parser.finish().document).contains("\"café\""));
    /// # Ok::<(), ParserMisuse>(())
    /// ```
    pub fn feed(&mut self, chunk: &[u8]) -> Result<ByteParserStatus<S::Handle>, ParserMisuse> {
        if self.ended {
            return Err(ParserMisuse::InputEnded);
        }
        let chunk = self.within_byte_limit(chunk);
        Ok(self.input(chunk, false))
    }

    /// The part of `chunk` that `Limits::max_input_bytes` lets in (the
    /// decoded text is limited again by the [`Parser`]).
    fn within_byte_limit<'c>(&mut self, chunk: &'c [u8]) -> &'c [u8] {
        let Some(budget) = self.byte_budget.as_mut() else { return chunk };
        if chunk.len() <= *budget {
            *budget -= chunk.len();
            return chunk;
        }
        let kept = *budget;
        *budget = 0;
        self.bytes_truncated = true;
        &chunk[..kept]
    }

    /// The optional limits this parse has hit so far (see
    /// [`Limits`](crate::Limits)).
    pub fn limits_hit(&self) -> LimitsHit {
        let mut hit = self.parser.limits_hit();
        hit.input_truncated |= self.bytes_truncated;
        hit
    }

    /// Ends the input. A second `end` is refused with
    /// [`ParserMisuse::InputEnded`].
    pub fn end(&mut self) -> Result<ByteParserStatus<S::Handle>, ParserMisuse> {
        if self.ended {
            return Err(ParserMisuse::InputEnded);
        }
        Ok(self.input(&[], true))
    }

    /// Goes on after [`ByteParserStatus::PausedForScript`], or after
    /// [`ByteParserStatus::EncodingChanged`]: restarts the parse or
    /// switches the decoder.
    pub fn resume(&mut self) -> ByteParserStatus<S::Handle> {
        let mut outcome = Outcome::default();
        match self.change.take() {
            Some(PendingChange::Restart(sniffed)) => return self.restart_with(sniffed),
            Some(PendingChange::SwitchDecoder { sniffed, kept_before, ended_before }) => {
                self.switch_decoder(sniffed, kept_before, ended_before, &mut outcome);
            }
            None => {}
        }
        outcome.note(self.parser.resume());
        self.conclude(outcome, &[], false)
    }

    /// Inserts `text` at the insertion point, before the input not parsed
    /// yet (what `document.write` does while the parser is paused for a
    /// script). Refused with [`ParserMisuse::NotPausedForScript`] when it
    /// is not, or when a change of encoding is pending (the text would be
    /// lost with the restart).
    pub fn insert_at_insertion_point(&mut self, text: &str) -> Result<(), ParserMisuse> {
        if self.change.is_some() {
            return Err(ParserMisuse::NotPausedForScript);
        }
        self.parser.insert_at_insertion_point(text)
    }

    /// The encoding in use, once sniffed: its confidence is the current
    /// one (a `<meta>` that agrees makes it certain).
    ///
    /// ```
    /// use htmlforge::encoding::{Confidence, EncodingSource};
    /// use htmlforge::{ByteParseOptions, ByteParser};
    ///
    /// let mut parser = ByteParser::new(ByteParseOptions::default());
    /// assert!(parser.encoding().is_none()); // nothing to sniff yet
    /// parser.feed(b"\xEF\xBB\xBF<p>")?;
    /// parser.end()?;
    /// let sniffed = parser.encoding().unwrap();
    /// assert_eq!((sniffed.encoding, sniffed.source), (encoding_rs::UTF_8, EncodingSource::Bom));
    /// assert_eq!(sniffed.confidence, Confidence::Certain);
    /// # Ok::<(), htmlforge::ParserMisuse>(())
    /// ```
    pub fn encoding(&self) -> Option<Sniffed> {
        let (_, confidence) = self.parser.encoding();
        self.sniffed.map(|sniffed| Sniffed { confidence, ..sniffed })
    }

    /// How many times a change of encoding made the parse start again from
    /// the first byte (0 or 1): a change whose bytes so far were all ASCII
    /// switches the decoder instead and costs nothing.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }

    /// The sink of the current parse, to look at the tree while parsing.
    pub fn sink(&self) -> &S {
        self.parser.sink()
    }

    /// The sink of the current parse, mutably: while paused for a script,
    /// the caller may change the tree as the script would.
    pub fn sink_mut(&mut self) -> &mut S {
        self.parser.sink_mut()
    }

    /// Ends the input (resuming through script pauses without running
    /// scripts, and restarting as often as a change of encoding asks) and
    /// returns the document and the encoding.
    pub fn finish(mut self) -> ParsedBytes<S> {
        let status = if self.ended { self.resume() } else { self.input(&[], true) };
        self.run_without_scripts(status);
        // The end of the input makes the sniffer decide, so there is an
        // encoding; the default is there only to need no panic.
        let encoding = self.encoding().unwrap_or(Sniffed {
            encoding: encoding_rs::WINDOWS_1252,
            confidence: Confidence::Tentative,
            source: EncodingSource::Default,
        });
        let limits_hit = self.limits_hit();
        ParsedBytes { document: self.parser.finish(), encoding, limits_hit }
    }

    /// Resumes through script pauses and restarts until the parser needs
    /// input or is done. Each resume gets further: a restart happens at
    /// most once (the second pass is certain of its encoding), and a pause
    /// is left for good.
    fn run_without_scripts(&mut self, mut status: ByteParserStatus<S::Handle>) {
        while let ByteParserStatus::PausedForScript(_) | ByteParserStatus::EncodingChanged(_) = status {
            status = self.resume();
        }
    }

    /// Feeds `bytes` (the last ones if `last`) through the sniffer or the
    /// decoder to the parser. The input has not ended (`feed` and `end`
    /// refuse that).
    fn input(&mut self, bytes: &[u8], last: bool) -> ByteParserStatus<S::Handle> {
        debug_assert!(!self.ended, "input after the end");
        self.ended = last;
        if let Some(change) = &self.change {
            // The current parse waits for the change: only keep the bytes.
            let sniffed = change.sniffed();
            if let Some(kept) = &mut self.kept {
                kept.extend_from_slice(bytes);
            }
            return ByteParserStatus::EncodingChanged(sniffed);
        }
        // The last bytes are kept only if the parse restarts (see
        // `conclude`): `parse_bytes` then never copies its input.
        if !last {
            if let Some(kept) = &mut self.kept {
                kept.extend_from_slice(bytes);
            }
        }
        let mut outcome = Outcome::default();
        if let Input::Sniffing(sniffer) = &mut self.input {
            let decided = match sniffer.push(bytes) {
                Some(sniffed) => Some(sniffed),
                None if last => Some(sniffer.decide_now()),
                None => None,
            };
            if let Some(sniffed) = decided {
                let buffered = sniffer.take_buffered();
                self.start_decoding(sniffed);
                self.decode(&buffered, &mut outcome);
            }
        } else {
            self.decode(bytes, &mut outcome);
        }
        // (`last` always makes the sniffer decide.)
        let decoder_ready = matches!(self.input, Input::Decoding(_));
        if last && decoder_ready {
            if let Input::Decoding(decoder) = &mut self.input {
                let parser = &mut self.parser;
                decoder.finish(|text| outcome.note(parser.push(text)));
            }
            outcome.note(self.parser.push_end());
        }
        self.conclude(outcome, bytes, last)
    }

    /// Gives the parser the text of `bytes`.
    fn decode(&mut self, bytes: &[u8], outcome: &mut Outcome<S::Handle>) {
        if let Input::Decoding(decoder) = &mut self.input {
            let parser = &mut self.parser;
            decoder.feed(bytes, |text| outcome.note(parser.push(text)));
        }
    }

    /// The sniffing has decided: tell the tree builder, and decode from now
    /// on. A certain encoding needs no kept bytes.
    fn start_decoding(&mut self, sniffed: Sniffed) {
        self.sniffed = Some(sniffed);
        self.parser.set_encoding(sniffed.encoding, sniffed.confidence);
        if sniffed.confidence != Confidence::Tentative {
            self.kept = None;
        }
        self.input = Input::Decoding(StreamingDecoder::new(sniffed.encoding));
    }

    /// After the parser ran: note a restart the tree builder asked for, or
    /// drop the kept bytes once the confidence is certain. `last_bytes`,
    /// when `last`, are the last input, which `input` did not keep: they
    /// are kept now if a restart may still need them (a restart now, or a
    /// parse that is not done yet).
    fn conclude(&mut self, outcome: Outcome<S::Handle>, last_bytes: &[u8], last: bool) -> ByteParserStatus<S::Handle> {
        let restart = self.parser.take_encoding_restart();
        // (Before the sniffing decides, the parser's confidence is still
        // irrelevant: only certain lets the bytes go.)
        if restart.is_none() && self.parser.encoding().1 == Confidence::Certain {
            self.kept = None;
        }
        if let Some(kept) = &mut self.kept {
            if last && (restart.is_some() || !outcome.done) {
                kept.extend_from_slice(last_bytes);
            }
        }
        match (restart, &self.kept) {
            (Some(encoding), Some(kept)) => {
                let sniffed = Sniffed { encoding, confidence: Confidence::Certain, source: EncodingSource::MetaInHead };
                let current = self.parser.encoding().0;
                // "If all the bytes up to the last byte converted by the
                // current decoder have the same Unicode interpretations in
                // both the current encoding and the new encoding", the
                // decoder may change on the fly. Checked in a stricter
                // form: every byte so far is ASCII and both encodings are
                // ASCII-compatible, so the old decoder holds no partial
                // sequence and a new one needs no BOM sniffing (three
                // bytes have passed).
                let on_the_fly = current.is_ascii_compatible()
                    && encoding.is_ascii_compatible()
                    && kept.len() >= 3
                    && kept.is_ascii();
                self.change = Some(if on_the_fly {
                    PendingChange::SwitchDecoder { sniffed, kept_before: kept.len(), ended_before: self.ended }
                } else {
                    PendingChange::Restart(sniffed)
                });
                ByteParserStatus::EncodingChanged(sniffed)
            }
            // Without the bytes (cannot happen: the confidence was
            // tentative, so they were kept) the parse goes on in the old
            // encoding, now certain, as the spec allows.
            (Some(_), None) => {
                let mut outcome = Outcome::default();
                outcome.note(self.parser.resume());
                self.conclude(outcome, &[], false)
            }
            (None, _) => outcome.status(),
        }
    }

    /// Changes the decoder on the fly: the text decoded so far (and
    /// waiting in the tokenizer) is the same in the new encoding. Bytes
    /// fed while the change was pending (`kept` past `kept_before`) are
    /// decoded now, and an end that came meanwhile is passed on.
    fn switch_decoder(
        &mut self,
        sniffed: Sniffed,
        kept_before: usize,
        ended_before: bool,
        outcome: &mut Outcome<S::Handle>,
    ) {
        let kept = self.kept.take().unwrap_or_default();
        self.sniffed = Some(sniffed);
        self.parser.set_encoding(sniffed.encoding, Confidence::Certain);
        let mut decoder = StreamingDecoder::new_without_bom_handling(sniffed.encoding);
        let parser = &mut self.parser;
        decoder.feed(kept.get(kept_before..).unwrap_or_default(), |text| outcome.note(parser.push(text)));
        if self.ended && !ended_before {
            decoder.finish(|text| outcome.note(parser.push(text)));
            outcome.note(parser.push_end());
        }
        self.input = Input::Decoding(decoder);
    }

    /// Parses every byte again with `sniffed`, into a new sink.
    fn restart_with(&mut self, sniffed: Sniffed) -> ByteParserStatus<S::Handle> {
        let bytes = self.kept.take().unwrap_or_default();
        self.restarts += 1;
        self.parser = Parser::with_sink((self.new_sink)(), self.options);
        if !self.script_pauses {
            self.parser.without_script_pauses();
        }
        self.start_decoding(sniffed);
        let last = std::mem::take(&mut self.ended);
        // The confidence is certain: nothing is kept, nothing restarts.
        self.input(&bytes, last)
    }
}

/// A change of encoding waiting for [`ByteParser::resume`].
#[derive(Debug, Clone, Copy)]
enum PendingChange {
    /// Parse every byte again with the new encoding.
    Restart(Sniffed),
    /// Go on with a decoder for the new encoding. `kept_before`: how many
    /// bytes had been fed (and decoded) at the change; `ended_before`:
    /// whether the input had ended then.
    SwitchDecoder { sniffed: Sniffed, kept_before: usize, ended_before: bool },
}

impl PendingChange {
    fn sniffed(&self) -> Sniffed {
        match *self {
            PendingChange::Restart(sniffed) | PendingChange::SwitchDecoder { sniffed, .. } => sniffed,
        }
    }
}

/// What the parser calls of one [`ByteParser`] call came to: a parser fed
/// several pieces of text stops at the first script; pieces fed while it
/// is paused wait in its buffer.
struct Outcome<H> {
    paused_for: Option<H>,
    done: bool,
}

impl<H> Default for Outcome<H> {
    fn default() -> Self {
        Outcome { paused_for: None, done: false }
    }
}

impl<H> Outcome<H> {
    fn note(&mut self, status: ParserStatus<H>) {
        match status {
            ParserStatus::PausedForScript(script) if self.paused_for.is_none() => self.paused_for = Some(script),
            ParserStatus::Done => self.done = true,
            _ => {}
        }
    }

    fn status(self) -> ByteParserStatus<H> {
        match self.paused_for {
            Some(script) => ByteParserStatus::PausedForScript(script),
            None if self.done => ByteParserStatus::Done,
            None => ByteParserStatus::NeedsInput,
        }
    }
}
