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

use crate::failure::Failure;

/// The flags every verb that reads a document takes.
#[derive(Debug, Default, clap::Args)]
pub struct InputFlags {
    /// The document's encoding, as if the transport layer said so: only a
    /// byte order mark wins over it (`utf-8`, `koi8-r`, any WHATWG label).
    #[arg(long, value_name = "LABEL", value_parser = encoding_label)]
    pub encoding: Option<String>,
    /// Feed the parser N bytes at a time (the result does not depend on it).
    #[arg(long, value_name = "N", value_parser = positive_size)]
    pub chunk_size: Option<usize>,
    /// Do not guess the encoding of a document that declares none: decode
    /// it as windows-1252, as a browser navigating the network does. By
    /// default the bytes decide (`chardetng`, as Firefox does for local
    /// files), so that unlabelled UTF-8 reads as UTF-8.
    #[arg(long)]
    pub no_detect: bool,
}

fn encoding_label(label: &str) -> Result<String, String> {
    match Encoding::for_label(label.as_bytes()) {
        Some(_) => Ok(label.to_string()),
        None => Err(format!("unknown encoding label {label:?}")),
    }
}

fn positive_size(size: &str) -> Result<usize, String> {
    match size.parse::<usize>() {
        Ok(size) if size > 0 => Ok(size),
        _ => Err(format!("{size:?} is not a positive number of bytes")),
    }
}

impl InputFlags {
    fn byte_options(&self, parse: ParseOptions) -> ByteParseOptions<'_> {
        ByteParseOptions::default().parse(parse).transport_charset(self.encoding.as_deref()).autodetect(!self.no_detect)
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
            // Never after `end`: that is only `finish`, below.
            let mut status = parser.feed(chunk).expect("fed before the end");
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
        let options = SniffOptions::default().transport_charset(self.encoding.as_deref()).autodetect(!self.no_detect);
        let sniffed = sniff(bytes, &options);
        decode(bytes, sniffed.encoding).0.into_owned()
    }
}

/// The scripting flag, as the command line spells it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    #[default]
    On,
    Off,
}

/// `--fragment CONTEXT`, `--scripting on|off` and the opt-in parser
/// features, for the verbs that build a tree.
#[derive(Debug, Default, clap::Args)]
pub struct TreeFlags {
    /// Parse a fragment in this context element, in the html5lib tests'
    /// notation: `td`, `svg path`, `math mi`.
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    /// The scripting flag: on (the default, as a browser loading a page),
    /// `noscript` content is raw text, which is not shown; off, it is
    /// parsed as markup (a browser with scripts disabled).
    #[arg(long, value_enum, value_name = "on|off", default_value_t = Switch::On, hide_possible_values = true)]
    pub scripting: Switch,
    /// Declarative shadow roots: `<template shadowrootmode=open>` attaches a
    /// shadow root to its parent, as a browser's document parser does (and
    /// `serialize` writes the serializable ones back).
    #[arg(long)]
    pub shadow_roots: bool,
    /// `<template for>` content patching: a template's content replaces the
    /// `<?marker name="…">` or `<?start name="…">`…`<?end>` it names.
    #[arg(long)]
    pub template_patching: bool,
}

impl TreeFlags {
    /// The parse options the flags give.
    pub fn options(&self) -> ParseOptions {
        ParseOptions::default()
            .scripting(self.scripting == Switch::On)
            .declarative_shadow_roots(self.shadow_roots)
            .template_patching(self.template_patching)
    }

    /// Parses `bytes` as the flags say; returns the document and the node
    /// whose children are the result (the Document, or the fragment's root).
    pub fn parse(&self, input: &InputFlags, bytes: &[u8]) -> (Document, Option<NodeId>) {
        match &self.fragment {
            // A fragment has no encoding of its own: its bytes are decoded
            // as a document's would be, then parsed as text.
            Some(context) => {
                let context = FragmentContext::from_test_notation(context);
                let document = parse_fragment_with(&input.decode(bytes), &context, self.options());
                let root = document.fragment_root();
                (document, root)
            }
            // Bytes in: sniffing, decoding, the change of encoding.
            None => {
                let document = input.parse_document(bytes, self.options()).document;
                let root = document.document();
                (document, Some(root))
            }
        }
    }
}

/// The documents a verb reads: its `FILE` arguments, stdin (`-`) when there
/// are none. With more than one, each output line starts with the file's
/// name and a colon, as grep does.
pub fn paths(given: &[String]) -> Vec<&str> {
    if given.is_empty() {
        vec!["-"]
    } else {
        given.iter().map(String::as_str).collect()
    }
}

/// The bytes of `path` (`-`: stdin).
pub fn read_bytes(path: &str) -> Result<Vec<u8>, Failure> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| Failure::reading("stdin", e))?;
        Ok(bytes)
    } else {
        std::fs::read(path).map_err(|e| Failure::reading(path, e))
    }
}
