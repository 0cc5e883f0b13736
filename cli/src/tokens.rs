//! `htmlforge tokens`: the tokenizer on its own, printing tokens in the
//! html5lib tokenizer-test JSON form.
//!
//! - `htmlforge tokens [--encoding LABEL] FILE|-`: the bytes are decoded
//!   as the encoding sniffing algorithm says (`--encoding` acts as the
//!   transport layer's charset); one token per line (adjacent characters
//!   merged); parse errors go to stderr, one JSON object per line.
//! - `htmlforge tokens --jsonl`: each stdin line is
//!   `{"input": "...", "initialState": "RCDATA state", "lastStartTag": "textarea"}`
//!   (the last two optional, named as in the tests); each output line is
//!   `{"output": [tokens], "errors": [{"code": "...", "line": 1, "col": 5}]}`.

use std::io::{BufRead, Write};

use htmlforge::tokenizer::{Collector, OwnedToken, ParseError, State, Tokenizer};
use serde_json::{json, Map, Value};

use crate::input::{flags_and_path, read_bytes, InputFlags};

const USAGE: &str = "usage: htmlforge tokens [--encoding LABEL] FILE|-  or  htmlforge tokens --jsonl";

pub fn run(args: &[String]) -> Result<(), String> {
    if let [flag] = args {
        if flag == "--jsonl" {
            return jsonl();
        }
    }
    let (flags, path) = flags_and_path(args, USAGE)?;
    document(path, &flags)
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
        OwnedToken::ProcessingInstruction(pi) => json!(["ProcessingInstruction", pi.target, pi.data]),
        // A token type newer than this command: named by its Rust form.
        other => json!(["Unknown", format!("{other:?}")]),
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

fn document(path: &str, flags: &InputFlags) -> Result<(), String> {
    // Bytes in: the encoding sniffing algorithm, then the decoder (which
    // removes a byte order mark). Without a tree builder, a `<meta>` past
    // the prescan cannot change the encoding.
    let text = flags.decode(&read_bytes(path)?);
    let collected = tokenize(&text, State::Data, None);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for token in &collected.tokens {
        writeln!(out, "{}", token_json(token)).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    let mut err = std::io::stderr().lock();
    for error in &collected.errors {
        writeln!(err, "{}", error_json(error)).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn jsonl() -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (index, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = serde_json::from_str(&line).map_err(|e| format!("line {}: {e}", index + 1))?;
        let input = request["input"].as_str().ok_or_else(|| format!("line {}: no \"input\" string", index + 1))?;
        let state_name = request.get("initialState").and_then(Value::as_str).unwrap_or("Data state");
        let state =
            state_named(state_name).ok_or_else(|| format!("line {}: unknown state {state_name:?}", index + 1))?;
        let last_start_tag = request.get("lastStartTag").and_then(Value::as_str);
        let collected = tokenize(input, state, last_start_tag);
        let output: Vec<Value> = collected.tokens.iter().map(token_json).collect();
        let errors: Vec<Value> = collected.errors.iter().map(error_json).collect();
        writeln!(out, "{}", json!({"output": output, "errors": errors})).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
