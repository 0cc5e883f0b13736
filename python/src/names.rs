//! Python strings for the names htmlforge interns (the names table's
//! element and attribute local names), made once per process and shared.
//!
//! An element's `tag` and the keys of an `attributes` dict are then no new
//! string each, and a dict takes such a key without hashing it again (a
//! `str` keeps its hash): on the documentation pages, building the
//! `attributes` dict of every `a[href]` cost a tenth of parse + select.

use htmlforge::generated::names::{LocalName, LOCAL_NAME_COUNT};
use htmlforge::{AttrRef, ElementRef};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString};

use crate::tree;

static NAMES: [PyOnceLock<Py<PyString>>; LOCAL_NAME_COUNT] = [const { PyOnceLock::new() }; LOCAL_NAME_COUNT];

/// `name` as a Python string: the shared one when the names table knows
/// it (`known`), else a new one.
fn local_name<'py>(py: Python<'py>, known: Option<LocalName>, name: &str) -> Bound<'py, PyString> {
    match known {
        Some(known) => {
            NAMES[known.index()].get_or_init(py, || PyString::intern(py, known.as_str()).unbind()).bind(py).clone()
        }
        None => PyString::new(py, name),
    }
}

/// The element's local name.
pub(crate) fn element_name<'py>(py: Python<'py>, element: &ElementRef<'_>) -> Bound<'py, PyString> {
    local_name(py, element.known_name(), element.local_name())
}

/// The attribute's name as markup writes it (`xlink:href` for a
/// namespaced one; see [`tree::attribute_name`]).
pub(crate) fn attribute_name<'py>(py: Python<'py>, attr: &AttrRef<'_>) -> Bound<'py, PyString> {
    match attr.prefix {
        Some(prefix) => PyString::new(py, &tree::attribute_name(Some(prefix), attr.name)),
        None => local_name(py, attr.known_name, attr.name),
    }
}

/// The element's attributes as a new dict of markup name → value, as both
/// APIs give them (`Node.attrs`, selectolax's `attributes`).
pub(crate) fn attribute_dict<'py>(py: Python<'py>, element: &ElementRef<'_>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for attr in element.attrs() {
        dict.set_item(attribute_name(py, &attr), attr.value)?;
    }
    Ok(dict)
}
