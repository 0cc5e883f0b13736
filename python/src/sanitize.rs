//! The HTML Sanitizer API in Python: `sanitize` (an element's `setHTML`
//! / `setHTMLUnsafe`, serialized) and `parse_html` (`Document.parseHTML` /
//! `parseHTMLUnsafe`), over `htmlforge::sanitize`.
//!
//! A configuration is what a browser takes: the string `"default"` or a
//! `SanitizerConfig` dictionary (`{"elements": [...], "attributes": [...],
//! ...}`), read through its JSON form so that the one reader of the Rust
//! crate decides what is valid. An invalid one raises
//! [`SanitizerConfigError`] (a `ValueError`) with the validity rule it
//! breaks, where a browser throws a `TypeError`.

use htmlforge::dom::SpecSerializeOptions;
use htmlforge::sanitize::{parse_html as parse_html_safe, parse_html_unsafe, set_and_filter_html};
use htmlforge::sanitize::{ConfigError, SanitizeOptions, SanitizerOption};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::document::Document;
use crate::input::context_of;
use crate::shared::{DocState, SharedDoc};

create_exception!(
    htmlforge,
    SanitizerConfigError,
    PyValueError,
    "A sanitizer configuration that is not valid (where a browser's Sanitizer API throws a TypeError): the message names the rule of the Sanitizer API standard it breaks, or the member of the wrong shape."
);

fn config_error(error: ConfigError) -> PyErr {
    SanitizerConfigError::new_err(error.to_string())
}

/// The `sanitizer` argument as the spec's option: `None` is the variant's
/// default; anything else goes through `json.dumps` (a `str` becomes a JSON
/// string, of which only `"default"` is a preset).
fn option_of(py: Python<'_>, sanitizer: Option<&Bound<'_, PyAny>>) -> PyResult<Option<SanitizerOption>> {
    let Some(sanitizer) = sanitizer else { return Ok(None) };
    let json: String = py.import("json")?.call_method1("dumps", (sanitizer,))?.extract()?;
    SanitizerOption::from_json(&json).map(Some).map_err(config_error)
}

/// Sanitizes `html` as `element.setHTML(html, {sanitizer})` does on an
/// element named by `context` (`"div"`, `"td"`, `"svg g"`…), and returns the
/// element's new `innerHTML`. `safe=False` is `setHTMLUnsafe`: only the
/// configuration's own filter (by default none). `scripting` is the
/// fragment parse's scripting flag (on, as in a browser's document). The
/// parse and the sanitizer run with the GIL released.
#[pyfunction]
#[pyo3(signature = (html, sanitizer = None, *, context = "div", safe = true, scripting = true))]
pub(crate) fn sanitize(
    py: Python<'_>,
    html: &str,
    sanitizer: Option<&Bound<'_, PyAny>>,
    context: &str,
    safe: bool,
    scripting: bool,
) -> PyResult<String> {
    let context = context_of(context)?;
    let options = SanitizeOptions { sanitizer: option_of(py, sanitizer)?, scripting };
    py.detach(|| {
        let document = set_and_filter_html(html, &context, &options, safe).map_err(config_error)?;
        let root = document.fragment_root().expect("a fragment parse has a root");
        // Serialized with the parse's scripting flag, so that `noscript`
        // text parses back to the same tree.
        Ok(document.inner_html_with(root, SpecSerializeOptions::default().scripting(Some(scripting))))
    })
}

/// Parses a whole document and sanitizes it, as `Document.parseHTML(html,
/// {sanitizer})` does (scripting off, declarative shadow roots allowed);
/// `safe=False` is `Document.parseHTMLUnsafe`.
#[pyfunction]
#[pyo3(signature = (html, sanitizer = None, *, safe = true))]
pub(crate) fn parse_html(
    py: Python<'_>,
    html: &str,
    sanitizer: Option<&Bound<'_, PyAny>>,
    safe: bool,
) -> PyResult<Document> {
    let option = option_of(py, sanitizer)?;
    let document = py
        .detach(|| if safe { parse_html_safe(html, option.as_ref()) } else { parse_html_unsafe(html, option.as_ref()) })
        .map_err(config_error)?;
    Ok(Document { doc: SharedDoc::new(DocState::new(document, false, None)) })
}

/// Registers the functions and the exception in the module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("SanitizerConfigError", module.py().get_type::<SanitizerConfigError>())?;
    module.add_function(wrap_pyfunction!(sanitize, module)?)?;
    module.add_function(wrap_pyfunction!(parse_html, module)?)?;
    Ok(())
}
