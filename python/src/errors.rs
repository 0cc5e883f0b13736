//! The package's exceptions, and how Rust errors become them.
//!
//! Bad HTML never raises (every string is some document); what raises is
//! API misuse: a bad selector ([`SelectorError`], a `ValueError` with the
//! column), a change the DOM refuses or a node that can no longer be used
//! ([`DomError`], a `ValueError`), and the errors selectolax raises under
//! its own name ([`SelectolaxError`]).

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    htmlforge,
    DomError,
    PyValueError,
    "A change the DOM standard refuses (a cycle, a second document element…), or a node that can no longer be used (decomposed, or of another document)."
);
create_exception!(
    htmlforge,
    SelectorError,
    PyValueError,
    "A CSS selector that does not parse. `column` is the 1-based column (in code points) where the selector parser stopped."
);
create_exception!(
    htmlforge,
    SelectolaxError,
    PyException,
    "What selectolax raises under this name (e.g. decomposing the root node), kept for code that catches it."
);

/// A refused DOM change as a Python exception.
pub(crate) fn dom_error(error: htmlforge::DomError) -> PyErr {
    DomError::new_err(error.to_string())
}

/// A selector that did not parse, as a `SelectorError` (a `ValueError`)
/// whose `column` attribute is where it went wrong.
pub(crate) fn selector_error(py: Python<'_>, error: &htmlforge::select::SelectorError) -> PyErr {
    let err = SelectorError::new_err(error.to_string());
    // Setting an attribute on a fresh exception instance cannot fail short
    // of memory exhaustion, which Python reports on its own.
    let _ = err.value(py).setattr("column", error.column());
    err
}

/// Registers the exceptions in the module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("DomError", py.get_type::<DomError>())?;
    module.add("SelectorError", py.get_type::<SelectorError>())?;
    module.add("SelectolaxError", py.get_type::<SelectolaxError>())?;
    Ok(())
}
