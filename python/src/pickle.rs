//! Pickling a document: its tree, parse errors, scripting flag, quirks
//! mode and encoding, to bytes and back, so that a parsed page can cross
//! process boundaries (multiprocessing, Spark, Dask).
//!
//! The bytes are a list of records in tree order, each naming its parent
//! record, so that neither writing nor reading recurses (a document may
//! be a million elements deep). The tree is rebuilt through the tree
//! builder's interface ([`TreeSink`]), which takes every tree the parser
//! can build (element names the DOM's `createElement` would refuse
//! included); text nodes are made one by one, so that adjacent ones stay
//! apart. Detached nodes (removed from the tree) are not kept.

use htmlforge::dom::{Doctype, NodeData};
use htmlforge::encoding::{Confidence, Encoding, EncodingSource, Sniffed};
use htmlforge::quirks::QuirksMode;
use htmlforge::tree_builder::{NodeOrText, TreeSink};
use htmlforge::vocab::{AttrRef, ErrorCode, Name, ParseError, QualName, TreeConstructionError};
use htmlforge::{Document, Namespace, NodeId, ParseErrorCode};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use crate::shared::DocState;

const MAGIC: &[u8; 4] = b"HFD1";

const DOCTYPE: u8 = 1;
const ELEMENT: u8 = 2;
const TEXT: u8 = 3;
const COMMENT: u8 = 4;
const PROCESSING_INSTRUCTION: u8 = 5;
/// A template's contents: its parent record is the template.
const TEMPLATE_CONTENTS: u8 = 6;

const NAMESPACES: [Namespace; 6] =
    [Namespace::Html, Namespace::MathMl, Namespace::Svg, Namespace::XLink, Namespace::Xml, Namespace::XmlNs];
const SOURCES: [EncodingSource; 8] = [
    EncodingSource::Bom,
    EncodingSource::UserOverride,
    EncodingSource::Transport,
    EncodingSource::MetaPrescan,
    EncodingSource::XmlDeclaration,
    EncodingSource::MetaInHead,
    EncodingSource::Fallback,
    EncodingSource::Default,
];

struct Writer(Vec<u8>);

impl Writer {
    fn byte(&mut self, byte: u8) {
        self.0.push(byte);
    }

    fn number(&mut self, number: usize) {
        // Counts and lengths fit 32 bits: the DOM's ids and strings do.
        self.0.extend_from_slice(&(number as u32).to_le_bytes());
    }

    fn text(&mut self, text: &str) {
        self.number(text.len());
        self.0.extend_from_slice(text.as_bytes());
    }
}

fn namespace_code(ns: Namespace) -> u8 {
    NAMESPACES.iter().position(|&known| known == ns).map_or(0, |at| at as u8 + 1)
}

/// The document as bytes.
pub(crate) fn to_bytes(state: &DocState) -> Vec<u8> {
    let document = &state.document;
    let mut out = Writer(MAGIC.to_vec());
    out.byte(u8::from(state.scripting));
    out.byte(match document.quirks_mode() {
        QuirksMode::NoQuirks => 0,
        QuirksMode::LimitedQuirks => 1,
        QuirksMode::Quirks => 2,
    });
    match state.encoding {
        Some(sniffed) => {
            out.text(sniffed.encoding.name());
            out.byte(match sniffed.confidence {
                Confidence::Tentative => 0,
                Confidence::Certain => 1,
                Confidence::Irrelevant => 2,
            });
            out.byte(SOURCES.iter().position(|&source| source == sniffed.source).unwrap_or(0) as u8);
        }
        None => out.text(""),
    }
    out.number(document.errors.len());
    for error in &document.errors {
        out.text(error.code.as_str());
        out.number(error.line as usize);
        out.number(error.col as usize);
    }
    // Records: record 0 is the Document; (node, its record) to visit.
    let mut records = 1usize;
    let mut stack: Vec<(NodeId, usize)> = Vec::new();
    let push_children = |stack: &mut Vec<(NodeId, usize)>, parent: NodeId, record: usize| {
        let mut child = document.last_child(parent);
        while let Some(node) = child {
            stack.push((node, record));
            child = document.previous_sibling(node);
        }
    };
    push_children(&mut stack, document.document(), 0);
    while let Some((node, parent)) = stack.pop() {
        let record = records;
        records += 1;
        out.number(parent);
        match document.data(node) {
            NodeData::Doctype(doctype) => {
                out.byte(DOCTYPE);
                out.text(&doctype.name);
                out.text(&doctype.public_id);
                out.text(&doctype.system_id);
            }
            NodeData::Text(text) => {
                out.byte(TEXT);
                out.text(text);
            }
            NodeData::Comment(text) => {
                out.byte(COMMENT);
                out.text(text);
            }
            NodeData::ProcessingInstruction { target, data } => {
                out.byte(PROCESSING_INSTRUCTION);
                out.text(target);
                out.text(data);
            }
            NodeData::DocumentFragment => out.byte(TEMPLATE_CONTENTS),
            NodeData::Element(element) => {
                out.byte(ELEMENT);
                out.byte(namespace_code(element.ns()));
                out.text(element.local_name());
                out.number(element.attrs().len());
                for attr in element.attrs() {
                    out.byte(attr.ns.map_or(0, namespace_code));
                    out.text(attr.prefix.unwrap_or(""));
                    out.text(attr.name);
                    out.text(attr.value);
                }
                push_children(&mut stack, node, record);
                if let Some(contents) = element.template_contents() {
                    // Visited right after the template, before its children.
                    stack.push((contents, record));
                }
                continue;
            }
            // Shadow roots (only with the declarative shadow roots option,
            // which the package does not offer) are not kept.
            _ => out.byte(0),
        }
        push_children(&mut stack, node, record);
    }
    out.0
}

struct Reader<'a> {
    bytes: &'a [u8],
}

fn corrupt() -> pyo3::PyErr {
    PyValueError::new_err("not a pickled htmlforge document")
}

impl<'a> Reader<'a> {
    fn take(&mut self, len: usize) -> PyResult<&'a [u8]> {
        if self.bytes.len() < len {
            return Err(corrupt());
        }
        let (taken, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(taken)
    }

    fn byte(&mut self) -> PyResult<u8> {
        Ok(self.take(1)?[0])
    }

    fn number(&mut self) -> PyResult<usize> {
        let bytes = self.take(4)?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize)
    }

    fn text(&mut self) -> PyResult<&'a str> {
        let len = self.number()?;
        std::str::from_utf8(self.take(len)?).map_err(|_| corrupt())
    }

    fn namespace(&mut self) -> PyResult<Option<Namespace>> {
        match self.byte()? {
            0 => Ok(None),
            code => NAMESPACES.get(code as usize - 1).copied().map(Some).ok_or_else(corrupt),
        }
    }
}

fn error_code(code: &str) -> Option<ErrorCode> {
    ParseErrorCode::from_code(code).map(ErrorCode::Tokenizer).or_else(|| {
        TreeConstructionError::ALL.into_iter().find(|error| error.as_str() == code).map(ErrorCode::TreeConstruction)
    })
}

/// The document `to_bytes` wrote; a `ValueError` for other bytes.
pub(crate) fn from_bytes(bytes: &[u8]) -> PyResult<DocState> {
    let mut input = Reader { bytes };
    if input.take(4)? != MAGIC {
        return Err(corrupt());
    }
    let scripting = input.byte()? != 0;
    let quirks = match input.byte()? {
        0 => QuirksMode::NoQuirks,
        1 => QuirksMode::LimitedQuirks,
        2 => QuirksMode::Quirks,
        _ => return Err(corrupt()),
    };
    let encoding = match input.text()? {
        "" => None,
        name => {
            let encoding = Encoding::for_label(name.as_bytes()).ok_or_else(corrupt)?;
            let confidence = match input.byte()? {
                0 => Confidence::Tentative,
                1 => Confidence::Certain,
                _ => Confidence::Irrelevant,
            };
            let source = SOURCES.get(input.byte()? as usize).copied().ok_or_else(corrupt)?;
            Some(Sniffed { encoding, confidence, source })
        }
    };
    let mut document = Document::new();
    TreeSink::set_quirks_mode(&mut document, quirks);
    let errors = input.number()?;
    for _ in 0..errors {
        let code = error_code(input.text()?).ok_or_else(corrupt)?;
        let line = input.number()? as u32;
        let col = input.number()? as u32;
        document.errors.push(ParseError { code, line, col });
    }
    let mut handles = vec![document.document()];
    while !input.bytes.is_empty() {
        let parent = *handles.get(input.number()?).ok_or_else(corrupt)?;
        let node = match input.byte()? {
            DOCTYPE => {
                let doctype = Doctype {
                    name: input.text()?.to_string(),
                    public_id: input.text()?.to_string(),
                    system_id: input.text()?.to_string(),
                };
                document.create_doctype(doctype)
            }
            TEXT => document.create_text_node(input.text()?),
            COMMENT => document.create_comment(input.text()?),
            PROCESSING_INSTRUCTION => {
                let target = input.text()?;
                TreeSink::create_processing_instruction(&mut document, target, input.text()?)
            }
            TEMPLATE_CONTENTS => {
                if document.element(parent).is_none_or(|element| element.template_contents().is_none()) {
                    return Err(corrupt());
                }
                handles.push(TreeSink::template_contents(&mut document, parent));
                continue;
            }
            ELEMENT => {
                let ns = input.namespace()?.ok_or_else(corrupt)?;
                let name = QualName::new(ns, Name::new(input.text()?));
                let count = input.number()?;
                let mut attrs = Vec::with_capacity(count.min(input.bytes.len()));
                for _ in 0..count {
                    let ns = input.namespace()?;
                    let prefix = Some(input.text()?).filter(|prefix| !prefix.is_empty());
                    let local = input.text()?;
                    let value = input.text()?;
                    attrs.push(AttrRef { ns, prefix, known_name: None, ..AttrRef::new(local, value) });
                }
                TreeSink::create_element(&mut document, name, &attrs)
            }
            _ => return Err(corrupt()),
        };
        TreeSink::append(&mut document, parent, NodeOrText::Node(node));
        handles.push(node);
    }
    Ok(DocState::new(document, scripting, encoding))
}
