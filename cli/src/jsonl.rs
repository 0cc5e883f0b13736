//! The `--jsonl` batch protocol the verbs share: one JSON request per line
//! of stdin (blank lines skipped), one JSON answer per line of stdout.

use std::io::{BufRead, BufWriter, StdoutLock, Write};

use serde_json::Value;

use crate::failure::Failure;

/// Where the answers go.
pub type Out = BufWriter<StdoutLock<'static>>;

/// Reads each request from stdin and lets `answer` write its answer;
/// `answer` gets the request's place (`stdin line N`) for its errors.
pub fn each_request(mut answer: impl FnMut(&str, &Value, &mut Out) -> Result<(), Failure>) -> Result<(), Failure> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (index, line) in std::io::stdin().lock().lines().enumerate() {
        let at = format!("stdin line {}", index + 1);
        let line = line.map_err(|e| Failure::reading(&at, e))?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = serde_json::from_str(&line).map_err(|e| Failure::reading(&at, e))?;
        answer(&at, &request, &mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// The request's string field `name`, which it must have.
pub fn required_str<'a>(request: &'a Value, name: &str, at: &str) -> Result<&'a str, Failure> {
    request.get(name).and_then(Value::as_str).ok_or_else(|| Failure::reading(at, format!("no {name:?} string")))
}
