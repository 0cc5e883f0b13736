//! From Python input to a parsed document: text or bytes in, options
//! checked, the parse itself run with the GIL released.

use std::borrow::Cow;

use htmlforge::{ByteParseOptions, FragmentContext, Limits, ParseOptions};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PySlice, PyString};

use crate::shared::DocState;

/// What to parse, and how.
#[derive(Clone, Copy)]
pub(crate) struct Request<'a> {
    pub(crate) options: ParseOptions,
    /// The charset of the transport layer (an HTTP `Content-Type`'s), for
    /// bytes.
    pub(crate) transport_charset: Option<&'a str>,
    /// A fragment's context element; `None` for a document.
    pub(crate) context: Option<&'a FragmentContext>,
}

/// The input as the parse reads it, borrowed from the Python object (or
/// copied from a mutable one), so that the parse can run without the GIL.
enum Input<'a> {
    Text(Cow<'a, str>),
    Bytes(Cow<'a, [u8]>),
}

/// Parses `data` (`str`, `bytes` or `bytearray`) as `request` says, with
/// the GIL released for the parse. Bytes are decoded as the HTML standard
/// says: BOM, the transport charset, `<meta>`, then the fallback, which is
/// UTF-8 when the bytes are valid UTF-8 (the standard's step that lets a
/// user agent autodetect the encoding) and windows-1252 otherwise.
pub(crate) fn parse(py: Python<'_>, data: &Bound<'_, PyAny>, request: Request<'_>) -> PyResult<DocState> {
    let input = input_of(data)?;
    Ok(py.detach(|| parse_input(&input, request)))
}

fn input_of<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Input<'a>> {
    if let Ok(text) = data.cast::<PyString>() {
        return Ok(Input::Text(utf8_of(text)?));
    }
    if let Ok(bytes) = data.cast::<PyBytes>() {
        return Ok(Input::Bytes(Cow::Borrowed(bytes.as_bytes())));
    }
    if let Ok(bytes) = data.cast::<PyByteArray>() {
        // Another thread may change a bytearray while the GIL is released:
        // the parse reads a copy.
        return Ok(Input::Bytes(Cow::Owned(bytes.to_vec())));
    }
    Err(PyTypeError::new_err(format!(
        "HTML must be str, bytes or bytearray, not {}",
        data.get_type().name().map(|name| name.to_string()).unwrap_or_default()
    )))
}

/// Characters of a long `str` encoded to UTF-8 at a time, with the GIL
/// released between two pieces. Encoding needs the GIL, and takes up to
/// 4 ns a character (a str with characters past U+00FF: 100 ms for a
/// 25 MB page); in pieces, another thread waits at most one piece, about
/// the interpreter's switch interval (5 ms), as between two Python
/// statements.
const TEXT_PIECE: usize = 1 << 20;

/// The UTF-8 of the parse input `text` (see [`text_of`]): a long one
/// encoded in pieces of [`TEXT_PIECE`] characters, joined without the GIL.
fn utf8_of<'a>(text: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    let length = text.len()?;
    if length <= TEXT_PIECE {
        return Ok(text_of(text));
    }
    let py = text.py();
    let mut pieces = Vec::with_capacity(length.div_ceil(TEXT_PIECE));
    for start in (0..length).step_by(TEXT_PIECE) {
        let end = (start + TEXT_PIECE).min(length);
        let piece = text.get_item(PySlice::new(py, start as isize, end as isize, 1))?.cast_into::<PyString>()?;
        pieces.push(match piece.encode_utf8() {
            Ok(bytes) => Piece::Encoded(bytes),
            // Lone surrogates: replaced, as `text_of` does.
            Err(_) => Piece::Replaced(piece.to_string_lossy().into_owned()),
        });
        // Lets a thread that asked for the GIL have it now.
        py.detach(|| ());
    }
    let pieces: Vec<&[u8]> = pieces.iter().map(Piece::as_bytes).collect();
    Ok(Cow::Owned(py.detach(|| {
        let mut utf8 = String::with_capacity(pieces.iter().map(|piece| piece.len()).sum());
        for piece in pieces {
            // Valid UTF-8, both kinds: this only checks it.
            utf8.push_str(&String::from_utf8_lossy(piece));
        }
        utf8
    })))
}

/// A piece of a long `str` in UTF-8.
enum Piece<'py> {
    Encoded(Bound<'py, PyBytes>),
    Replaced(String),
}

impl Piece<'_> {
    fn as_bytes(&self) -> &[u8] {
        match self {
            Piece::Encoded(bytes) => bytes.as_bytes(),
            Piece::Replaced(text) => text.as_bytes(),
        }
    }
}

/// The UTF-8 of a Python string. A string with lone surrogates (which
/// UTF-8 cannot hold) has them replaced by U+FFFD, as the HTML standard's
/// decoders replace what they cannot decode.
pub(crate) fn text_of<'a>(text: &'a Bound<'_, PyString>) -> Cow<'a, str> {
    text.to_cow().unwrap_or_else(|_| Cow::Owned(text.to_string_lossy().into_owned()))
}

fn parse_input(input: &Input<'_>, request: Request<'_>) -> DocState {
    let options = request.options;
    match (input, request.context) {
        (Input::Text(text), None) => {
            DocState::new(htmlforge::parse_document_with(text, options), options.scripting, None)
        }
        (Input::Text(text), Some(context)) => {
            DocState::new(htmlforge::parse_fragment_with(text, context, options), options.scripting, None)
        }
        (Input::Bytes(bytes), None) => {
            let fallback = std::str::from_utf8(bytes).is_ok().then_some(encoding_rs::UTF_8);
            let byte_options = ByteParseOptions::default()
                .parse(options)
                .transport_charset(request.transport_charset)
                .fallback(fallback);
            let parsed = htmlforge::parse_bytes(bytes, byte_options);
            DocState::new(parsed.document, options.scripting, Some(parsed.encoding))
        }
        // A fragment has no encoding of its own (innerHTML takes a
        // string): bytes are read as UTF-8.
        (Input::Bytes(bytes), Some(context)) => {
            let text = String::from_utf8_lossy(bytes);
            DocState::new(htmlforge::parse_fragment_with(&text, context, options), options.scripting, None)
        }
    }
}

/// The limits argument: `"untrusted"` ([`Limits::UNTRUSTED`]), `None` (no
/// limits: the standard's parse), or a dict of the limits to set
/// (`max_input_bytes`, `max_depth`, `max_attributes`, `max_nodes`,
/// `max_errors`; each an int >= 0 or None).
#[derive(FromPyObject)]
pub(crate) enum LimitsArg<'py> {
    Name(String),
    Fields(Bound<'py, PyDict>),
}

impl LimitsArg<'_> {
    pub(crate) fn untrusted() -> Self {
        LimitsArg::Name("untrusted".to_string())
    }
}

/// The [`Limits`] a limits argument stands for (`None`: none).
pub(crate) fn limits_of(value: Option<LimitsArg<'_>>) -> PyResult<Limits> {
    let fields = match value {
        None => return Ok(Limits::NONE),
        Some(LimitsArg::Name(name)) if name == "untrusted" => return Ok(Limits::UNTRUSTED),
        Some(LimitsArg::Name(other)) => {
            return Err(PyValueError::new_err(format!("limits must be \"untrusted\", None or a dict, not {other:?}")))
        }
        Some(LimitsArg::Fields(fields)) => fields,
    };
    let mut limits = Limits::NONE;
    for (key, field) in fields.iter() {
        let key: String = key.extract().map_err(|_| PyTypeError::new_err("limits keys must be strings"))?;
        let amount: Option<usize> = field
            .extract()
            .map_err(|_| PyValueError::new_err(format!("limits[{key:?}] must be an int >= 0 or None")))?;
        limits = match key.as_str() {
            "max_input_bytes" => limits.max_input_bytes(amount),
            "max_depth" => limits.max_depth(amount),
            "max_attributes" => limits.max_attributes(amount),
            "max_nodes" => limits.max_nodes(amount),
            "max_errors" => limits.max_errors(amount),
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown limit {other:?} (known: max_input_bytes, max_depth, max_attributes, max_nodes, max_errors)"
                )))
            }
        };
    }
    Ok(limits)
}

/// A fragment's context: an element name, `"svg NAME"` or `"math NAME"`
/// for a foreign one.
pub(crate) fn context_of(context: &str) -> PyResult<FragmentContext> {
    let local = match context.split_once(' ') {
        Some(("svg" | "math", local)) => local,
        Some(_) => "",
        None => context,
    };
    if !htmlforge::dom::is_valid_element_local_name(local) {
        return Err(PyValueError::new_err(format!(
            "{context:?} is not an element name (or \"svg NAME\", \"math NAME\")"
        )));
    }
    Ok(FragmentContext::from_test_notation(context))
}
