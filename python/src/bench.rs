//! What the Python benchmark (`python/bench/bench.py`) needs inside the
//! extension, not part of the package's API: the Rust API's side (the
//! benchmark's jobs done as a Rust program does them, called from the same
//! Python process, so that the Rust and Python APIs are measured on the
//! same pages, in the same process and allocator, interleaved), and the
//! pass loop every package is timed with, which callgrind can count alone.

use std::sync::OnceLock;
use std::time::Instant;

use htmlforge::select::Selector;
use htmlforge::{parse_bytes, ByteParseOptions, Document, Limits, ParseOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// Parses `page` as a Rust program would with the same options as the
/// Python call it is compared with: the encoding sniffed, UTF-8 when no
/// declaration says otherwise and the bytes are UTF-8.
fn parse(page: &[u8], options: ParseOptions) -> Document {
    let fallback = std::str::from_utf8(page).is_ok().then_some(encoding_rs::UTF_8);
    parse_bytes(page, ByteParseOptions::default().parse(options).fallback(fallback)).document
}

/// One of the benchmark's jobs on `page` through the Rust API, the GIL
/// released: `"parse"` (bytes to a tree), `"select"` (parse, then the
/// `href` of every `a[href]`, each copied into a `String`) or `"text"`
/// (parse, then the body's `textContent`). `scripting` and `untrusted`
/// (`Limits::UNTRUSTED`, else none) are the parse options of the Python
/// call it stands beside. Returns a figure of the result (nodes, links,
/// characters), so that the work cannot be skipped.
#[pyfunction]
#[pyo3(signature = (job, page, *, scripting, untrusted))]
pub(crate) fn _rust_job(py: Python<'_>, job: &str, page: &[u8], scripting: bool, untrusted: bool) -> PyResult<usize> {
    let limits = if untrusted { Limits::UNTRUSTED } else { Limits::NONE };
    let options = ParseOptions::default().scripting(scripting).limits(limits);
    match job {
        "parse" => Ok(py.detach(|| parse(page, options).node_count())),
        "select" => Ok(py.detach(|| {
            // Compiled once, as a Rust program would (the Python APIs cache
            // their selectors).
            static LINKS: OnceLock<Selector> = OnceLock::new();
            let links = LINKS.get_or_init(|| Selector::parse("a[href]").expect("a valid selector"));
            let document = parse(page, options);
            let hrefs: Vec<String> =
                document.select(links).filter_map(|a| a.attr("href").map(str::to_string)).collect();
            hrefs.len()
        })),
        "text" => Ok(py.detach(|| {
            let document = parse(page, options);
            document.body().map_or(0, |body| document.text_content(body).len())
        })),
        other => Err(PyValueError::new_err(format!("unknown job {other:?}: \"parse\", \"select\" or \"text\""))),
    }
}

/// Runs `job` on each page of `pages` and returns the seconds the pass
/// took: one pass of the benchmark, for every package alike (the result of
/// each call is dropped before the next, inside the pass).
#[pyfunction]
pub(crate) fn _bench_pass(job: &Bound<'_, PyAny>, pages: &Bound<'_, PyList>) -> PyResult<f64> {
    run_pass(job, pages)
}

/// The pass, in a function of its own that is never inlined, so that
/// callgrind can count it alone: `--toggle-collect=*bench::run_pass*`.
#[inline(never)]
fn run_pass(job: &Bound<'_, PyAny>, pages: &Bound<'_, PyList>) -> PyResult<f64> {
    let start = Instant::now();
    for page in pages.iter() {
        job.call1((page,))?;
    }
    Ok(start.elapsed().as_secs_f64())
}
