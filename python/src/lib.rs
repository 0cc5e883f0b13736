//! The `htmlforge` Python package's native module, `htmlforge._native`.
//!
//! Two APIs over one core ([`shared`]): the Pythonic one (`parse`,
//! `parse_fragment`, `Document`, `Node`) and selectolax's (`HTMLParser`,
//! `LexborNode`), each in its own modules. Each module registers its
//! classes and functions in [`_native`]; a new part of the package (a
//! batch layer, a sanitizer) adds its own module and one `register` call.

use pyo3::prelude::*;

mod batch;
mod bench;
mod crawl;
mod document;
mod errors;
mod input;
mod names;
mod node;
mod pickle;
mod sanitize;
mod selectolax;
mod selectors;
mod serialize;
mod shared;
mod str_data;
mod stream;
mod tree;

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(module)?;
    module.add_class::<document::Document>()?;
    module.add_class::<document::ParseError>()?;
    module.add_class::<node::Node>()?;
    module.add_function(wrap_pyfunction!(document::parse, module)?)?;
    module.add_class::<stream::Parser>()?;
    module.add_class::<selectolax::HtmlParser>()?;
    module.add_class::<selectolax::LexborNode>()?;
    module.add_class::<selectolax::LexborAttributes>()?;
    module.add_function(wrap_pyfunction!(document::parse_fragment, module)?)?;
    module.add_function(wrap_pyfunction!(document::_restore_document, module)?)?;
    sanitize::register(module)?;
    module.add_function(wrap_pyfunction!(bench::_rust_job, module)?)?;
    module.add_function(wrap_pyfunction!(bench::_bench_pass, module)?)?;
    crawl::register(module)?;
    batch::register(module)?;
    Ok(())
}
