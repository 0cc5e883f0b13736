//! Compiled CSS selectors, cached by their text: scraping code selects
//! with the same few selectors on every page, so each is parsed once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use htmlforge::select::Selector;
use pyo3::prelude::*;

use crate::errors::selector_error;

/// How many selectors the cache keeps; past it, it starts again empty
/// (a program with more distinct selectors builds them per call).
const CACHE_SIZE: usize = 512;

static CACHE: Mutex<Option<HashMap<String, Arc<Selector>>>> = Mutex::new(None);

/// The selector `text`, compiled (from the cache when it was seen), or a
/// `SelectorError` with its column.
pub(crate) fn compile(py: Python<'_>, text: &str) -> PyResult<Arc<Selector>> {
    if let Some(selector) = CACHE.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert_default().get(text) {
        return Ok(selector.clone());
    }
    let selector = Arc::new(Selector::parse(text).map_err(|error| selector_error(py, &error))?);
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = cache.get_or_insert_default();
    if cache.len() >= CACHE_SIZE {
        cache.clear();
    }
    cache.insert(text.to_string(), selector.clone());
    Ok(selector)
}
