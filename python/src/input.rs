//! From Python input to a parsed document: text or bytes in, options
//! checked, the parse itself run with the GIL released.

use std::borrow::Cow;

use htmlforge::{ByteParseOptions, FragmentContext, Limits, ParseOptions};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};

use crate::shared::DocState;
use crate::str_data::{self, StrData};

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
    /// A `str`'s characters, turned into UTF-8 without the GIL.
    Str(StrData<'a>),
    /// A `str` encoded with the GIL held (see [`StrData::of`]).
    Text(Cow<'a, str>),
    Bytes(Cow<'a, [u8]>),
}

/// Parses `data` (`str`, `bytes` or `bytearray`) as `request` says, with
/// the GIL released for the parse. Bytes are decoded as the HTML standard
/// says: BOM, the transport charset, `<meta>`, then the fallback, which is
/// UTF-8 when the bytes are valid UTF-8 (the standard's step that lets a
/// user agent autodetect the encoding) and windows-1252 otherwise.
pub(crate) fn parse(py: Python<'_>, data: &Bound<'_, PyAny>, request: Request<'_>) -> PyResult<DocState> {
    // A reference of our own for as long as the parse borrows the input:
    // CPython edits a `str` in place only through its one reference.
    let data = data.clone();
    let input = input_of(&data)?;
    Ok(py.detach(|| parse_input(&input, request)))
}

fn input_of<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Input<'a>> {
    if let Ok(text) = data.cast::<PyString>() {
        return Ok(StrData::of(text).map_or_else(|| Input::Text(text_of(text)), Input::Str));
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

/// The UTF-8 of a Python string, encoded with the GIL held. A string with
/// lone surrogates (which UTF-8 cannot hold) has each replaced by one
/// U+FFFD, as the HTML standard's decoders replace what they cannot
/// decode, and as [`StrData::to_utf8`] does.
pub(crate) fn text_of<'a>(text: &'a Bound<'_, PyString>) -> Cow<'a, str> {
    text.to_cow().unwrap_or_else(|_| Cow::Owned(surrogates_replaced(text)))
}

fn surrogates_replaced(text: &Bound<'_, PyString>) -> String {
    // UTF-32 keeps each code point, surrogates too, in four bytes.
    let Ok(utf32) = text.call_method1("encode", ("utf-32-le", "surrogatepass")) else {
        return text.to_string_lossy().into_owned();
    };
    let Ok(utf32) = utf32.cast_into::<PyBytes>() else {
        return text.to_string_lossy().into_owned();
    };
    let points =
        utf32.as_bytes().chunks_exact(4).map(|bytes| u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]));
    str_data::code_points_to_utf8(points)
}

fn parse_input(input: &Input<'_>, request: Request<'_>) -> DocState {
    match input {
        Input::Str(data) => parse_text(&data.to_utf8(), request),
        Input::Text(text) => parse_text(text, request),
        Input::Bytes(bytes) => parse_bytes(bytes, request),
    }
}

fn parse_text(text: &str, request: Request<'_>) -> DocState {
    let options = request.options;
    let document = match request.context {
        None => htmlforge::parse_document_with(text, options),
        Some(context) => htmlforge::parse_fragment_with(text, context, options),
    };
    DocState::new(document, options.scripting, None)
}

fn parse_bytes(bytes: &[u8], request: Request<'_>) -> DocState {
    let options = request.options;
    let Some(context) = request.context else {
        let byte_options = ByteParseOptions::default()
            .parse(options)
            .transport_charset(request.transport_charset)
            .fallback(utf8_fallback(bytes));
        let parsed = htmlforge::parse_bytes(bytes, byte_options);
        return DocState::new(parsed.document, options.scripting, Some(parsed.encoding));
    };
    // A fragment has no encoding of its own (innerHTML takes a string):
    // bytes are read as UTF-8.
    let text = String::from_utf8_lossy(bytes);
    DocState::new(htmlforge::parse_fragment_with(&text, context, options), options.scripting, None)
}

/// The fallback encoding of a page that declares none: UTF-8 when its
/// bytes are valid UTF-8 (the standard's step 8, "The user agent may
/// attempt to autodetect the character encoding"), else the parser's
/// default, windows-1252. encoding_rs's validator is vectorized: std's
/// `from_utf8` took 3.7% of the parse of the web pages.
pub(crate) fn utf8_fallback(bytes: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    (encoding_rs::Encoding::utf8_valid_up_to(bytes) == bytes.len()).then_some(encoding_rs::UTF_8)
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
