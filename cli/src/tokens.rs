//! `htmlforge tokens`: the tokens of a document, in the html5lib
//! tokenizer tests' JSON form.

use std::io::{BufRead, Write};

use htmlforge::tokenizer::{Collector, OwnedToken, ParseError, State, Tokenizer};
use serde_json::{json, Map, Value};

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags};

/// Print the tokens of a document, one JSON array per line.
///
/// Tokens are in the html5lib tokenizer tests' form (adjacent characters
/// merged); the tokenizer's parse errors go to stderr, one JSON object per
/// line.
///
/// Example: `echo '<p class=a>Hi' | htmlforge tokens -` prints
/// `["StartTag","p",{"class":"a"}]` and `["Character","Hi\n"]`.
///
/// With `--jsonl`, each stdin line is `{"input": "...", "initialState":
/// "RCDATA state", "lastStartTag": "textarea"}` (the last two optional,
/// named as in the tests) and each output line is `{"output": [tokens],
/// "errors": [{"code": "...", "line": 1, "col": 5}]}`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Read html5lib tokenizer test inputs as JSON lines on stdin.
    #[arg(long, conflicts_with_all = ["path", "encoding", "chunk_size"])]
    jsonl: bool,
    #[command(flatten)]
    input: InputFlags,
    /// The document (`-`: stdin).
    #[arg(value_name = "FILE", required_unless_present = "jsonl")]
    path: Option<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.path.as_deref().filter(|_| !args.jsonl) {
        Some(path) => document(path, &args.input),
        None => jsonl(),
    }
}

/// A token in the tests' JSON form.
fn token_json(token: &OwnedToken) -> Value {
    match token {
        OwnedToken::Doctype(d) => {
            json!(["DOCTYPE", d.name, d.public_id, d.system_id, !d.force_quirks])
        }
        OwnedToken::StartTag(tag) => {
            let attrs: Map<String, Value> =
                tag.attrs.iter().map(|a| (a.name.clone(), Value::String(a.value.clone()))).collect();
            if tag.self_closing {
                json!(["StartTag", tag.name, attrs, true])
            } else {
                json!(["StartTag", tag.name, attrs])
            }
        }
        OwnedToken::EndTag(tag) => json!(["EndTag", tag.name]),
        OwnedToken::Comment(text) => json!(["Comment", text]),
        OwnedToken::Characters(text) => json!(["Character", text]),
    }
}

fn error_json(error: &ParseError) -> Value {
    json!({"code": error.code.as_str(), "line": error.line, "col": error.col})
}

/// The states the tests name in `initialState(s)`.
fn state_named(name: &str) -> Option<State> {
    Some(match name {
        "Data state" => State::Data,
        "PLAINTEXT state" => State::Plaintext,
        "RCDATA state" => State::Rcdata,
        "RAWTEXT state" => State::Rawtext,
        "Script data state" => State::ScriptData,
        "CDATA section state" => State::CdataSection,
        _ => return None,
    })
}

fn tokenize(input: &str, state: State, last_start_tag: Option<&str>) -> Collector {
    let mut tokenizer = Tokenizer::new(Collector::default());
    tokenizer.set_state(state);
    tokenizer.set_last_start_tag(last_start_tag);
    tokenizer.feed(input);
    tokenizer.end();
    tokenizer.into_sink()
}

fn document(path: &str, flags: &InputFlags) -> Result<(), Failure> {
    // Bytes in: the encoding sniffing algorithm, then the decoder (which
    // removes a byte order mark). Without a tree builder, a `<meta>` past
    // the prescan cannot change the encoding.
    let text = flags.decode(&read_bytes(path)?);
    let collected = tokenize(&text, State::Data, None);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for token in &collected.tokens {
        writeln!(out, "{}", token_json(token))?;
    }
    out.flush()?;
    let mut err = std::io::stderr().lock();
    for error in &collected.errors {
        writeln!(err, "{}", error_json(error))?;
    }
    Ok(())
}

fn jsonl() -> Result<(), Failure> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (index, line) in stdin.lock().lines().enumerate() {
        let at = format!("stdin line {}", index + 1);
        let line = line.map_err(|e| Failure::reading(&at, e))?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = serde_json::from_str(&line).map_err(|e| Failure::reading(&at, e))?;
        let input = request["input"].as_str().ok_or_else(|| Failure::reading(&at, "no \"input\" string"))?;
        let state_name = request.get("initialState").and_then(Value::as_str).unwrap_or("Data state");
        let state =
            state_named(state_name).ok_or_else(|| Failure::reading(&at, format!("unknown state {state_name:?}")))?;
        let last_start_tag = request.get("lastStartTag").and_then(Value::as_str);
        let collected = tokenize(input, state, last_start_tag);
        let output: Vec<Value> = collected.tokens.iter().map(token_json).collect();
        let errors: Vec<Value> = collected.errors.iter().map(error_json).collect();
        writeln!(out, "{}", json!({"output": output, "errors": errors}))?;
    }
    out.flush()?;
    Ok(())
}
