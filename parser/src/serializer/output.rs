//! Where the serializer writes: any `std::fmt::Write` or `std::io::Write`.

use std::fmt;
use std::io;

/// Why serializing stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum SerializeError {
    /// The `fmt::Write` destination failed.
    Fmt(fmt::Error),
    /// The `io::Write` destination failed.
    Io(io::Error),
}

impl fmt::Display for SerializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SerializeError::Fmt(_) => f.write_str("the output failed"),
            SerializeError::Io(e) => write!(f, "the output failed: {e}"),
        }
    }
}

impl std::error::Error for SerializeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SerializeError::Fmt(e) => Some(e),
            SerializeError::Io(e) => Some(e),
        }
    }
}

/// A destination of serialized text.
pub trait Output {
    /// What the destination gives back when serializing is finished.
    type Inner;
    /// Writes `text`.
    fn write_str(&mut self, text: &str) -> Result<(), SerializeError>;
    /// The destination, after the last write.
    fn into_inner(self) -> Self::Inner;
}

/// Writes to a `std::fmt::Write` (a `String`, a `Formatter`…).
#[derive(Debug)]
pub struct FmtOutput<W>(pub W);

impl<W: fmt::Write> Output for FmtOutput<W> {
    type Inner = W;
    fn write_str(&mut self, text: &str) -> Result<(), SerializeError> {
        self.0.write_str(text).map_err(SerializeError::Fmt)
    }
    fn into_inner(self) -> W {
        self.0
    }
}

/// Writes UTF-8 to a `std::io::Write`. Wrap it in a `BufWriter` for a file
/// or socket: the serializer writes many small pieces.
#[derive(Debug)]
pub struct IoOutput<W>(pub W);

impl<W: io::Write> Output for IoOutput<W> {
    type Inner = W;
    fn write_str(&mut self, text: &str) -> Result<(), SerializeError> {
        self.0.write_all(text.as_bytes()).map_err(SerializeError::Io)
    }
    fn into_inner(self) -> W {
        self.0
    }
}

/// Lets the `fmt::Write`-based escaping helpers write to an [`Output`],
/// keeping the real error.
pub(crate) struct Adapter<'a, O: Output> {
    pub output: &'a mut O,
    pub error: Option<SerializeError>,
}

impl<O: Output> fmt::Write for Adapter<'_, O> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.output.write_str(text).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

impl<'a, O: Output> Adapter<'a, O> {
    pub fn new(output: &'a mut O) -> Self {
        Adapter { output, error: None }
    }

    /// The error of a failed `fmt` call: the one the output gave.
    pub fn error(self, e: fmt::Error) -> SerializeError {
        self.error.unwrap_or(SerializeError::Fmt(e))
    }
}
