//! Reading a verb's input document (a file, or stdin for `-`) as bytes,
//! and turning the bytes into a document or text the way a browser does:
//! the encoding sniffing algorithm (with `--encoding LABEL` standing for
//! the transport layer's charset), decoding, and the change of encoding
//! a `<meta>` may ask for while parsing.

use std::io::Read;

use htmlforge::dom::{Document, NodeId};
use htmlforge::encoding::{decode, sniff, Encoding, SniffOptions};
use htmlforge::{
    parse_bytes, parse_fragment_with, ByteParseOptions, ByteParser, ByteParserStatus, FragmentContext, ParseOptions,
    ParsedBytes,
};

/// The flags every verb that reads a document takes.
#[derive(Debug, Default)]
pub struct InputFlags {
    /// `--encoding LABEL`: the encoding, as if the transport layer said so
    /// (only a byte order mark wins over it).
    pub encoding: Option<String>,
    /// `--chunk-size N`: feed the parser N bytes at a time.
    pub chunk_size: Option<usize>,
}

impl InputFlags {
    /// Takes `flag` (and its value from `rest`) if it is one of ours;
    /// `Ok(false)` if it is not.
    pub fn take<'a>(&mut self, flag: &str, rest: &mut impl Iterator<Item = &'a String>) -> Result<bool, String> {
        match flag {
            "--encoding" => {
                let label = rest.next().ok_or("--encoding needs a LABEL")?;
                if Encoding::for_label(label.as_bytes()).is_none() {
                    return Err(format!("--encoding: unknown encoding label {label:?}"));
                }
                self.encoding = Some(label.clone());
            }
            "--chunk-size" => {
                let size = rest.next().ok_or("--chunk-size needs a number of bytes")?;
                match size.parse::<usize>() {
                    Ok(size) if size > 0 => self.chunk_size = Some(size),
                    _ => return Err(format!("--chunk-size: {size:?} is not a positive number of bytes")),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn byte_options(&self, parse: ParseOptions) -> ByteParseOptions<'_> {
        ByteParseOptions { parse, transport_charset: self.encoding.as_deref(), ..ByteParseOptions::default() }
    }

    /// Parses `bytes` as a document: at once, or in `--chunk-size` chunks.
    /// Scripts do not run (the parser goes on after each script end tag).
    pub fn parse_document(&self, bytes: &[u8], parse: ParseOptions) -> ParsedBytes {
        let options = self.byte_options(parse);
        let Some(chunk_size) = self.chunk_size else {
            return parse_bytes(bytes, options);
        };
        let mut parser = ByteParser::new(options);
        for chunk in bytes.chunks(chunk_size) {
            let mut status = parser.feed(chunk);
            while let ByteParserStatus::PausedForScript(_) | ByteParserStatus::EncodingChanged(_) = status {
                status = parser.resume();
            }
        }
        parser.finish()
    }

    /// The text of `bytes`, decoded with the sniffed encoding (for the
    /// verbs that do not build a document: there is no tree builder to
    /// find a `<meta>` past the prescan).
    pub fn decode(&self, bytes: &[u8]) -> String {
        let options = SniffOptions { transport_charset: self.encoding.as_deref(), ..SniffOptions::default() };
        let sniffed = sniff(bytes, &options);
        decode(bytes, sniffed.encoding).0.into_owned()
    }
}

/// `--fragment CONTEXT` and `--scripting on|off`, for the verbs that
/// build a tree.
#[derive(Debug, Default)]
pub struct TreeFlags {
    /// The context element, in the html5lib tests' notation (`td`, `svg path`).
    pub fragment: Option<String>,
    pub options: ParseOptions,
}

impl TreeFlags {
    /// Takes `flag` (and its value from `rest`) if it is one of ours;
    /// `Ok(false)` if it is not.
    pub fn take<'a>(
        &mut self,
        flag: &str,
        rest: &mut impl Iterator<Item = &'a String>,
        usage: &str,
    ) -> Result<bool, String> {
        match flag {
            "--fragment" => self.fragment = Some(rest.next().ok_or(usage)?.clone()),
            "--scripting" => {
                self.options.scripting = match rest.next().map(String::as_str) {
                    Some("on") => true,
                    Some("off") => false,
                    _ => return Err(usage.into()),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Parses `bytes` as the flags say; returns the document and the node
    /// whose children are the result (the Document, or the fragment's root).
    pub fn parse(&self, input: &InputFlags, bytes: &[u8]) -> Result<(Document, NodeId), String> {
        match &self.fragment {
            // A fragment has no encoding of its own: its bytes are decoded
            // as a document's would be, then parsed as text.
            Some(context) => {
                let context = FragmentContext::from_test_notation(context);
                let document = parse_fragment_with(&input.decode(bytes), &context, self.options);
                let root = document.fragment_root().ok_or("the fragment has no root")?;
                Ok((document, root))
            }
            // Bytes in: sniffing, decoding, the change of encoding.
            None => {
                let document = input.parse_document(bytes, self.options).document;
                let root = document.document();
                Ok((document, root))
            }
        }
    }
}

/// Reads the arguments `[--encoding LABEL] [--chunk-size N] FILE|-` of a
/// verb that takes nothing else: the flags and the path.
pub fn flags_and_path<'a>(args: &'a [String], usage: &str) -> Result<(InputFlags, &'a str), String> {
    let mut flags = InputFlags::default();
    let mut path = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if flags.take(arg, &mut rest)? {
            continue;
        }
        match path {
            None => path = Some(arg.as_str()),
            Some(_) => return Err(usage.into()),
        }
    }
    Ok((flags, path.ok_or(usage)?))
}

/// The bytes of `path` (`-`: stdin).
pub fn read_bytes(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("stdin: {e}"))?;
        Ok(bytes)
    } else {
        std::fs::read(path).map_err(|e| format!("{path}: {e}"))
    }
}
