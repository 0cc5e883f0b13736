//! `htmlforge.crawl`: functions from one record's payload to plain values
//! (visible text, title, links, selector matches, metadata), the Rust
//! crate `htmlforge-crawl` seen from Python. Each parses with the GIL
//! released and, unless told otherwise, with `Limits::UNTRUSTED`.

use std::borrow::Cow;

use htmlforge_crawl::{Options, Page, Selector, Take};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};

use crate::errors::selector_error;
use crate::input::{limits_of, text_of, LimitsArg};

/// A payload as the parse reads it: bytes (with the HTTP charset, if any)
/// or text already decoded (read as UTF-8, whatever it declares).
pub(crate) struct Payload<'a> {
    bytes: Cow<'a, [u8]>,
    charset: Option<&'a str>,
}

impl<'a> Payload<'a> {
    pub(crate) fn of(html: &'a Bound<'_, PyAny>, charset: Option<&'a str>) -> PyResult<Payload<'a>> {
        if let Ok(bytes) = html.cast::<PyBytes>() {
            return Ok(Payload { bytes: Cow::Borrowed(bytes.as_bytes()), charset });
        }
        if let Ok(bytes) = html.cast::<PyByteArray>() {
            // Another thread may change a bytearray while the GIL is
            // released: the parse reads a copy.
            return Ok(Payload { bytes: Cow::Owned(bytes.to_vec()), charset });
        }
        if let Ok(text) = html.cast::<PyString>() {
            if charset.is_some() {
                return Err(PyTypeError::new_err("charset applies to bytes: a str is already decoded"));
            }
            let bytes = match text_of(text) {
                Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
                Cow::Owned(text) => Cow::Owned(text.into_bytes()),
            };
            return Ok(Payload { bytes, charset: Some("utf-8") });
        }
        Err(PyTypeError::new_err(format!(
            "a payload must be bytes, bytearray or str, not {}",
            html.get_type().name().map(|name| name.to_string()).unwrap_or_default()
        )))
    }

    fn parse(&self, options: Options) -> Page {
        Page::parse_with(&self.bytes, self.charset, options)
    }
}

/// The parse options of the `scripting` and `limits` arguments.
pub(crate) fn options_of(scripting: bool, limits: Option<LimitsArg<'_>>) -> PyResult<Options> {
    Ok(Options::default().scripting(scripting).limits(limits_of(limits)?))
}

/// A selector argument compiled, or a `SelectorError` with its column.
pub(crate) fn selector_of(py: Python<'_>, selector: &str) -> PyResult<Selector> {
    Selector::parse(selector).map_err(|error| selector_error(py, &error))
}

/// What `attr` and `outer_html` ask of each match: an attribute's value,
/// the outer HTML, or (neither given) the visible text.
pub(crate) fn take_of(attr: Option<&str>, outer_html: bool) -> PyResult<Take<'_>> {
    match (attr, outer_html) {
        (Some(_), true) => Err(PyValueError::new_err("give attr or outer_html=True, not both")),
        (Some(name), false) => Ok(Take::Attr(name)),
        (None, true) => Ok(Take::Html),
        (None, false) => Ok(Take::Text),
    }
}

/// The text a reader sees of the page.
#[pyfunction]
#[pyo3(signature = (html, charset = None, *, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn text(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    charset: Option<&str>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<String> {
    let (payload, options) = (Payload::of(html, charset)?, options_of(scripting, limits)?);
    Ok(py.detach(|| payload.parse(options).text()))
}

/// The page's title (`None` without a title element).
#[pyfunction]
#[pyo3(signature = (html, charset = None, *, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn title(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    charset: Option<&str>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Option<String>> {
    let (payload, options) = (Payload::of(html, charset)?, options_of(scripting, limits)?);
    Ok(py.detach(|| payload.parse(options).title()))
}

/// The page's hyperlinks, resolved against its base URL (`url`, the
/// record's URL, and any `<base href>`).
#[pyfunction]
#[pyo3(signature = (html, url = None, charset = None, *, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn links(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    url: Option<&str>,
    charset: Option<&str>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Vec<String>> {
    let (payload, options) = (Payload::of(html, charset)?, options_of(scripting, limits)?);
    Ok(py.detach(|| payload.parse(options).links(url)))
}

/// What each element `selector` matches gives: its visible text, the
/// value of `attr` (matches without it are left out), or with
/// `outer_html=True` its outer HTML.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature, keyword-only past `selector`
#[pyo3(signature = (html, selector, charset = None, *, attr = None, outer_html = false, scripting = true,
    limits = Some(LimitsArg::untrusted())))]
pub(crate) fn select(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    selector: &str,
    charset: Option<&str>,
    attr: Option<&str>,
    outer_html: bool,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Vec<String>> {
    let (payload, options) = (Payload::of(html, charset)?, options_of(scripting, limits)?);
    let (selector, take) = (selector_of(py, selector)?, take_of(attr, outer_html)?);
    Ok(py.detach(|| payload.parse(options).select(&selector, take)))
}

/// What the page declares about itself, as a dict: `lang`,
/// `description`, `canonical`, `robots` (str or None), `open_graph` (a
/// list of `(property, content)` pairs in tree order), `encoding` and
/// `encoding_source`.
#[pyfunction]
#[pyo3(signature = (html, url = None, charset = None, *, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn metadata<'py>(
    py: Python<'py>,
    html: &Bound<'py, PyAny>,
    url: Option<&str>,
    charset: Option<&str>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (payload, options) = (Payload::of(html, charset)?, options_of(scripting, limits)?);
    let metadata = py.detach(|| payload.parse(options).metadata(url));
    let dict = PyDict::new(py);
    dict.set_item("lang", metadata.lang)?;
    dict.set_item("description", metadata.description)?;
    dict.set_item("canonical", metadata.canonical)?;
    dict.set_item("robots", metadata.robots)?;
    dict.set_item("open_graph", metadata.open_graph)?;
    dict.set_item("encoding", metadata.encoding)?;
    dict.set_item("encoding_source", metadata.encoding_source)?;
    Ok(dict)
}

/// The charset label of a `Content-Type` header value (`None` when it
/// names none).
#[pyfunction]
pub(crate) fn charset_from_content_type(content_type: &str) -> Option<String> {
    htmlforge_crawl::charset_from_content_type(content_type).map(str::to_string)
}

/// Registers the functions in the native module, as `crawl_<name>`
/// (`htmlforge.crawl` names them without the prefix).
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let functions = [
        ("crawl_text", wrap_pyfunction!(text, module)?),
        ("crawl_title", wrap_pyfunction!(title, module)?),
        ("crawl_links", wrap_pyfunction!(links, module)?),
        ("crawl_select", wrap_pyfunction!(select, module)?),
        ("crawl_metadata", wrap_pyfunction!(metadata, module)?),
        ("crawl_charset_from_content_type", wrap_pyfunction!(charset_from_content_type, module)?),
    ];
    for (name, function) in functions {
        module.add(name, function)?;
    }
    Ok(())
}
