//! `htmlforge.Parser`: the streaming parser, fed chunk by chunk, which
//! hands each script back to the caller (scripting on) so that the caller
//! can run it and insert what it writes (`document.write`).

use std::sync::{Mutex, PoisonError};

use htmlforge::{ParseOptions, ParserMisuse, ParserStatus};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::document::Document;
use crate::input::{context_of, limits_of, LimitsArg};
use crate::shared::{DocState, SharedDoc};

/// A streaming parser. `feed(chunk)` parses more text; with scripting on,
/// a document parser pauses after each `script` end tag and `feed`,
/// `end` and `resume` return the script's text: the caller may then
/// `write(text)` what the script would write (inserted before the input
/// not parsed yet), change `document` as the script would (the parser
/// goes on from the nodes it holds, as a browser's does), and must
/// `resume()`. `end()` ends the input, `finish()` returns the `Document`
/// (a fragment parser's nodes are in `Document.fragment`). The parse runs
/// with the GIL released.
#[pyclass(module = "htmlforge", frozen)]
pub struct Parser {
    /// `None` once finished.
    parser: Mutex<Option<htmlforge::Parser>>,
    /// The document being built. Between two steps it is here, where
    /// Python reads and changes it (`document`); a step moves it into the
    /// parser's sink and back (the sink holds an empty document meanwhile),
    /// holding this document's lock all along, so that no reader sees it
    /// missing.
    doc: SharedDoc,
}

fn misuse(error: ParserMisuse) -> PyErr {
    PyValueError::new_err(error.to_string())
}

fn finished() -> PyErr {
    PyValueError::new_err("the parser has finished")
}

impl Parser {
    /// Runs `step` on the parser without the GIL, the document moved into
    /// it, and returns the text of the script it paused for, if any.
    fn step(
        &self,
        py: Python<'_>,
        step: impl FnOnce(&mut htmlforge::Parser) -> Result<ParserStatus<htmlforge::NodeId>, ParserMisuse> + Send,
    ) -> PyResult<Option<String>> {
        py.detach(|| {
            let mut parser = self.parser.lock().unwrap_or_else(PoisonError::into_inner);
            let parser = parser.as_mut().ok_or_else(finished)?;
            self.doc.write_detached(|state| {
                std::mem::swap(parser.sink_mut(), &mut state.document);
                let status = step(parser);
                std::mem::swap(parser.sink_mut(), &mut state.document);
                match status.map_err(misuse)? {
                    ParserStatus::PausedForScript(script) => Ok(Some(state.document.text_content(script))),
                    _ => Ok(None),
                }
            })
        })
    }
}

#[pymethods]
impl Parser {
    /// `fragment_context`: parse a fragment in the context of that element
    /// (`"div"`, `"svg path"`…) instead of a document.
    /// `legacy_processing_instructions`: `<?…>` is a bogus comment, as
    /// before the 2026 standard (for comparing with parsers that have not
    /// caught up). `scripting` and `limits` as in `parse`.
    #[new]
    #[pyo3(signature = (*, scripting = true, fragment_context = None, limits = Some(LimitsArg::untrusted()), legacy_processing_instructions = false))]
    fn new(
        scripting: bool,
        fragment_context: Option<&str>,
        limits: Option<LimitsArg<'_>>,
        legacy_processing_instructions: bool,
    ) -> PyResult<Parser> {
        let options = ParseOptions::default()
            .scripting(scripting)
            .limits(limits_of(limits)?)
            .legacy_processing_instructions(legacy_processing_instructions);
        let mut parser = match fragment_context {
            Some(context) => {
                htmlforge::Parser::new_fragment_with_sink(htmlforge::Document::new(), &context_of(context)?, options)
            }
            None => htmlforge::Parser::new(options),
        };
        let document = std::mem::take(parser.sink_mut());
        Ok(Parser { parser: Mutex::new(Some(parser)), doc: SharedDoc::new(DocState::new(document, scripting, None)) })
    }

    /// The document being built (after `finish()`, the one it returned).
    #[getter]
    fn document(&self) -> Document {
        Document { doc: self.doc.clone() }
    }

    /// Parses `chunk`; returns the text of the script the parser paused
    /// for, else `None`.
    fn feed(&self, py: Python<'_>, chunk: &str) -> PyResult<Option<String>> {
        self.step(py, |parser| parser.feed(chunk))
    }

    /// Inserts `text` at the insertion point (what `document.write` does
    /// while the parser is paused for a script).
    fn write(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        py.detach(|| {
            let mut parser = self.parser.lock().unwrap_or_else(PoisonError::into_inner);
            let parser = parser.as_mut().ok_or_else(finished)?;
            parser.insert_at_insertion_point(text).map_err(misuse)
        })
    }

    /// Goes on after a script pause; returns the next script's text, if
    /// the parser pauses again.
    fn resume(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.step(py, |parser| Ok(parser.resume()))
    }

    /// Ends the input; returns a script's text if one pauses the parser.
    fn end(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.step(py, |parser| parser.end())
    }

    /// Ends the input (running no scripts) and returns the document.
    fn finish(&self, py: Python<'_>) -> PyResult<Document> {
        py.detach(|| {
            let mut parser = self.parser.lock().unwrap_or_else(PoisonError::into_inner).take().ok_or_else(finished)?;
            self.doc.write_detached(|state| {
                std::mem::swap(parser.sink_mut(), &mut state.document);
                state.document = parser.finish();
            });
            Ok::<_, PyErr>(())
        })?;
        Ok(self.document())
    }
}
