//! `htmlforge.arrow`: the functions of `htmlforge.crawl` over Arrow
//! arrays of payloads (`htmlforge_crawl::batch`). The arrays come in
//! through the Arrow C data interface (pyo3-arrow): the batch reads the
//! caller's buffers where they are, with no copy. The GIL is released for
//! the whole batch, whose rows run on rayon's pool (or on the calling
//! thread alone, with `threads=1`).

use arrow_array::ArrayRef;
use htmlforge_crawl::batch::{self, BatchError, Payloads, Threads};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3_arrow::PyArray;

use crate::crawl::{options_of, selector_of, take_of};
use crate::input::LimitsArg;

/// The columns of one call, held as Rust arrays so that the batch can run
/// without the GIL.
struct Columns {
    html: ArrayRef,
    charsets: Option<ArrayRef>,
    urls: Option<ArrayRef>,
}

impl Columns {
    fn of(html: PyArray, charsets: Option<PyArray>, urls: Option<PyArray>) -> Columns {
        let array = |column: PyArray| column.into_inner().0;
        Columns { html: array(html), charsets: charsets.map(array), urls: urls.map(array) }
    }

    fn payloads(&self) -> Result<Payloads<'_>, BatchError> {
        let mut payloads = Payloads::new(self.html.as_ref())?;
        if let Some(charsets) = &self.charsets {
            payloads = payloads.charsets(charsets.as_ref())?;
        }
        if let Some(urls) = &self.urls {
            payloads = payloads.urls(urls.as_ref())?;
        }
        Ok(payloads)
    }
}

/// The `threads` argument: `None` for every core (rayon's global pool), 1
/// for the calling thread alone, n for a pool of n threads.
fn threads_of(threads: Option<usize>) -> PyResult<Threads> {
    match threads {
        None => Ok(Threads::All),
        Some(0) => Err(PyValueError::new_err("threads must be at least 1 (None: every core)")),
        Some(1) => Ok(Threads::One),
        Some(count) => Ok(Threads::Count(count)),
    }
}

fn batch_error(error: BatchError) -> PyErr {
    match error {
        BatchError::Type { .. } => PyTypeError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// Runs `answer` over the payloads with the GIL released, and hands its
/// array to pyarrow.
fn run<'py>(
    py: Python<'py>,
    columns: Columns,
    options: htmlforge_crawl::Options,
    answer: impl FnOnce(&Payloads<'_>) -> Result<ArrayRef, BatchError> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let array = py.detach(|| answer(&columns.payloads()?.options(options))).map_err(batch_error)?;
    // pyarrow imports the answer through the C data interface too.
    let array = PyArray::from_array_ref(array).into_pyobject(py)?;
    py.import(intern!(py, "pyarrow"))?.getattr(intern!(py, "array"))?.call1((array,))
}

/// Each row's visible text, as a pyarrow `string` array.
#[pyfunction]
#[pyo3(signature = (payloads, *, charsets = None, urls = None, threads = None, scripting = true,
    limits = Some(LimitsArg::untrusted())))]
pub(crate) fn text<'py>(
    py: Python<'py>,
    payloads: PyArray,
    charsets: Option<PyArray>,
    urls: Option<PyArray>,
    threads: Option<usize>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (threads, options) = (threads_of(threads)?, options_of(scripting, limits)?);
    run(py, Columns::of(payloads, charsets, urls), options, |p| batch::text(p, threads))
}

/// Each row's title (null without a title element).
#[pyfunction]
#[pyo3(signature = (payloads, *, charsets = None, urls = None, threads = None, scripting = true,
    limits = Some(LimitsArg::untrusted())))]
pub(crate) fn title<'py>(
    py: Python<'py>,
    payloads: PyArray,
    charsets: Option<PyArray>,
    urls: Option<PyArray>,
    threads: Option<usize>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (threads, options) = (threads_of(threads)?, options_of(scripting, limits)?);
    run(py, Columns::of(payloads, charsets, urls), options, |p| batch::title(p, threads))
}

/// Each row's links resolved against its URL, as a `list<string>` array.
#[pyfunction]
#[pyo3(signature = (payloads, *, charsets = None, urls = None, threads = None, scripting = true,
    limits = Some(LimitsArg::untrusted())))]
pub(crate) fn links<'py>(
    py: Python<'py>,
    payloads: PyArray,
    charsets: Option<PyArray>,
    urls: Option<PyArray>,
    threads: Option<usize>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (threads, options) = (threads_of(threads)?, options_of(scripting, limits)?);
    run(py, Columns::of(payloads, charsets, urls), options, |p| batch::links(p, threads))
}

/// What each match of `selector` gives in each row (its text, `attr`'s
/// value, or with `outer_html=True` its HTML), as a `list<string>` array.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature, keyword-only past `selector`
#[pyo3(signature = (payloads, selector, *, attr = None, outer_html = false, charsets = None, urls = None,
    threads = None, scripting = true, limits = Some(LimitsArg::untrusted())))]
pub(crate) fn select<'py>(
    py: Python<'py>,
    payloads: PyArray,
    selector: &str,
    attr: Option<&str>,
    outer_html: bool,
    charsets: Option<PyArray>,
    urls: Option<PyArray>,
    threads: Option<usize>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (threads, options) = (threads_of(threads)?, options_of(scripting, limits)?);
    let (selector, take) = (selector_of(py, selector)?, take_of(attr, outer_html)?);
    run(py, Columns::of(payloads, charsets, urls), options, |p| batch::select(p, &selector, take, threads))
}

/// Each row's metadata, as a struct array (the fields of
/// `htmlforge.crawl.metadata`; `open_graph` is a `map<string, string>`).
#[pyfunction]
#[pyo3(signature = (payloads, *, charsets = None, urls = None, threads = None, scripting = true,
    limits = Some(LimitsArg::untrusted())))]
pub(crate) fn metadata<'py>(
    py: Python<'py>,
    payloads: PyArray,
    charsets: Option<PyArray>,
    urls: Option<PyArray>,
    threads: Option<usize>,
    scripting: bool,
    limits: Option<LimitsArg<'_>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (threads, options) = (threads_of(threads)?, options_of(scripting, limits)?);
    run(py, Columns::of(payloads, charsets, urls), options, |p| batch::metadata(p, threads))
}

/// Registers the functions in the native module, as `arrow_<name>`
/// (`htmlforge.arrow` names them without the prefix).
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let functions = [
        ("arrow_text", wrap_pyfunction!(text, module)?),
        ("arrow_title", wrap_pyfunction!(title, module)?),
        ("arrow_links", wrap_pyfunction!(links, module)?),
        ("arrow_select", wrap_pyfunction!(select, module)?),
        ("arrow_metadata", wrap_pyfunction!(metadata, module)?),
    ];
    for (name, function) in functions {
        module.add(name, function)?;
    }
    Ok(())
}
