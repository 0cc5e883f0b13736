//! How a verb fails, and the exit code each failure gives: 1 for input
//! and output errors; a closed output pipe (`htmlforge tree page.html |
//! head -1`) is no failure, the program ends quietly with 0. Usage errors
//! (exit 2) are clap's, reported before a verb runs.

use std::io;
use std::process::ExitCode;

/// Why a verb stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The reader of stdout went away: nothing more to say to anyone.
    ClosedPipe,
    /// Nothing matched (`select`): exit 1 without a message, as grep does.
    NoMatch,
    /// The input could not be read, is not what the verb reads (a bad JSON
    /// line), or the output could not be written. The message names what.
    Io(String),
}

impl Failure {
    /// A failure to read `what` (a path, `stdin`, `line 3`).
    pub fn reading(what: &str, error: impl std::fmt::Display) -> Failure {
        Failure::Io(format!("{what}: {error}"))
    }

    /// Reports the failure on stderr and gives the exit code.
    pub fn report(self) -> ExitCode {
        match self {
            Failure::ClosedPipe => ExitCode::SUCCESS,
            Failure::NoMatch => ExitCode::from(1),
            Failure::Io(message) => {
                eprintln!("htmlforge: {message}");
                ExitCode::from(1)
            }
        }
    }
}

/// An error writing the output (`?` on a write turns into this).
impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::ClosedPipe
        } else {
            Failure::Io(format!("output: {error}"))
        }
    }
}

/// An error of the serializer's output.
impl From<htmlforge::serializer::SerializeError> for Failure {
    fn from(error: htmlforge::serializer::SerializeError) -> Failure {
        match error {
            htmlforge::serializer::SerializeError::Io(error) => error.into(),
            other => Failure::Io(other.to_string()),
        }
    }
}
