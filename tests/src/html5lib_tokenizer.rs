//! The html5lib tokenizer tests (`html5lib-tests/tokenizer/*.test`), read in
//! place, and the html5lib JSON form of htmlforge's tokens.

use std::path::{Path, PathBuf};

use htmlforge::tokenizer::{tokenize_chunks, Collector, OwnedToken, State, Tokenizer};
use serde_json::{json, Map, Value};

/// One test of a `.test` file, run once per initial state.
#[derive(Debug, Clone)]
pub struct Case {
    /// `test1.test#12`; `custom/NAME.test#3` for our own cases.
    pub id: String,
    pub description: String,
    /// The input stream; `None` when it holds a lone surrogate, which a
    /// Rust `&str` cannot represent.
    pub input: Option<String>,
    pub initial_states: Vec<String>,
    pub last_start_tag: Option<String>,
    pub output: Value,
    pub errors: Vec<(String, u32, u32)>,
    /// A test of `xmlViolation.test`: its output is the tokens coerced to
    /// an XML infoset ([`coerce_to_infoset`]) and it lists no errors.
    pub xml_violation: bool,
    /// The case runs in the tokenizer's legacy mode ([`run_legacy`]): a
    /// vendored html5lib case whose input has `<?`. The pinned tests predate
    /// processing instructions (whatwg-parsing-2026.txt §13.2.5.6: "U+003F
    /// (?) … Switch to the processing instruction open state"), so they
    /// expect the 2025 bogus comment.
    pub legacy: bool,
}

pub fn tokenizer_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("html5lib-tests/tokenizer")
}

/// Our own tokenizer cases in the same format (processing instructions).
pub fn custom_tokenizer_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("custom/tokenizer")
}

/// Undoes the tests' `doubleEscaped` escaping: `\uHHHH` → the code point.
/// Surrogate pairs combine; `None` if a lone surrogate remains.
pub fn unescape(text: &str) -> Option<String> {
    let mut units: Vec<u16> = Vec::new();
    let mut out = String::new();
    let mut rest = text;
    let flush = |units: &mut Vec<u16>, out: &mut String| -> Option<()> {
        for c in char::decode_utf16(units.drain(..)) {
            out.push(c.ok()?);
        }
        Some(())
    };
    while let Some(at) = rest.find("\\u") {
        let hex = rest.get(at + 2..at + 6).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(hex) = hex else {
            flush(&mut units, &mut out)?;
            out.push_str(&rest[..at + 2]);
            rest = &rest[at + 2..];
            continue;
        };
        if at > 0 {
            flush(&mut units, &mut out)?;
            out.push_str(&rest[..at]);
        }
        units.push(u16::from_str_radix(hex, 16).expect("checked hex digits"));
        rest = &rest[at + 6..];
    }
    flush(&mut units, &mut out)?;
    out.push_str(rest);
    Some(out)
}

fn unescape_value(value: &Value) -> Value {
    match value {
        Value::String(s) => Value::String(unescape(s).unwrap_or_else(|| s.clone())),
        Value::Array(items) => Value::Array(items.iter().map(unescape_value).collect()),
        Value::Object(map) => Value::Object(
            map.iter().map(|(k, v)| (unescape(k).unwrap_or_else(|| k.clone()), unescape_value(v))).collect(),
        ),
        other => other.clone(),
    }
}

/// Merges adjacent `Character` tokens of an expected output.
fn merge_characters(output: &Value) -> Value {
    let mut merged: Vec<Value> = Vec::new();
    for token in output.as_array().into_iter().flatten() {
        if token[0] == "Character" {
            if let Some(last) = merged.last_mut() {
                if last[0] == "Character" {
                    let text = format!("{}{}", last[1].as_str().unwrap_or(""), token[1].as_str().unwrap_or(""));
                    last[1] = Value::String(text);
                    continue;
                }
            }
        }
        merged.push(token.clone());
    }
    Value::Array(merged)
}

/// Every test of every vendored `.test` file, in file order, then those of
/// `custom/tokenizer/`.
pub fn load_cases() -> Vec<Case> {
    let mut cases = load_dir(&tokenizer_dir(), "", true);
    cases.extend(load_dir(&custom_tokenizer_dir(), "custom/", false));
    cases
}

/// The cases of the `.test` files of `dir`; `vendored`: the pinned html5lib
/// tests (whose `<?` inputs run in legacy mode).
fn load_dir(dir: &Path, id_prefix: &str, vendored: bool) -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let name = format!("{id_prefix}{}", file.file_name().unwrap().to_string_lossy());
        let text = std::fs::read_to_string(&file).expect("readable test file");
        let json: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let xml_violation = json.get("xmlViolationTests").is_some();
        let tests = json.get("tests").or_else(|| json.get("xmlViolationTests"));
        for (index, test) in tests.and_then(Value::as_array).into_iter().flatten().enumerate() {
            let double = test.get("doubleEscaped").and_then(Value::as_bool).unwrap_or(false);
            let raw_input = test["input"].as_str().unwrap_or_default();
            let input = if double { unescape(raw_input) } else { Some(raw_input.to_string()) };
            let output = if double { unescape_value(&test["output"]) } else { test["output"].clone() };
            let initial_states = match test.get("initialStates").and_then(Value::as_array) {
                Some(states) => states.iter().filter_map(Value::as_str).map(str::to_string).collect(),
                None => vec!["Data state".to_string()],
            };
            let errors = test
                .get("errors")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|e| {
                    (
                        e["code"].as_str().unwrap_or_default().to_string(),
                        e["line"].as_u64().unwrap_or(0) as u32,
                        e["col"].as_u64().unwrap_or(0) as u32,
                    )
                })
                .collect();
            let legacy = vendored && input.as_deref().is_some_and(|input| input.contains("<?"));
            cases.push(Case {
                legacy,
                id: format!("{name}#{index}"),
                description: test["description"].as_str().unwrap_or_default().to_string(),
                input,
                initial_states,
                last_start_tag: test.get("lastStartTag").and_then(Value::as_str).map(str::to_string),
                output: merge_characters(&output),
                errors,
                xml_violation,
            });
        }
    }
    cases
}

/// The tokenizer state a test names (`"RCDATA state"`).
pub fn state_named(name: &str) -> Option<State> {
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

/// A token in the tests' JSON form.
pub fn token_json(token: &OwnedToken) -> Value {
    match token {
        OwnedToken::Doctype(d) => {
            json!(["DOCTYPE", d.name, d.public_id, d.system_id, !d.force_quirks])
        }
        OwnedToken::StartTag(tag) => {
            let attrs: Map<String, Value> =
                tag.attrs.iter().map(|a| (a.name().to_string(), Value::String(a.value.clone()))).collect();
            if tag.self_closing {
                json!(["StartTag", tag.name(), attrs, true])
            } else {
                json!(["StartTag", tag.name(), attrs])
            }
        }
        OwnedToken::EndTag(tag) => json!(["EndTag", tag.name()]),
        OwnedToken::Comment(text) => json!(["Comment", text]),
        OwnedToken::Characters(text) => json!(["Character", text]),
        // The form of WPT's and `htmlforge tokens`' JSON.
        OwnedToken::ProcessingInstruction(pi) => json!(["ProcessingInstruction", pi.target, pi.data]),
        // A token type this version of the tests does not know: it matches
        // no expected token, so the test that meets it fails and shows it.
        other => json!(["Unknown", format!("{other:?}")]),
    }
}

/// Whether `c` is a `Char` of XML 1.0.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

fn coerce_text(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{C}' => ' ',
            c if is_xml_char(c) => c,
            _ => '\u{FFFD}',
        })
        .collect()
}

/// The tweaks of the spec's "Coercing an HTML DOM into an infoset" that
/// `xmlViolation.test` expects (tokenizer/README.md): U+000C becomes a
/// space, other non-XML characters U+FFFD, and comments get no `--`.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#coercing-an-html-dom-into-an-infoset>
pub fn coerce_to_infoset(output: &Value) -> Value {
    let tokens = output.as_array().into_iter().flatten().map(|token| {
        let mut token = token.clone();
        match token[0].as_str() {
            Some("Character") => token[1] = Value::String(coerce_text(token[1].as_str().unwrap_or(""))),
            Some("Comment") => {
                let mut text = coerce_text(token[1].as_str().unwrap_or(""));
                while text.contains("--") {
                    text = text.replace("--", "- -");
                }
                if text.ends_with('-') {
                    text.push(' ');
                }
                token[1] = Value::String(text);
            }
            Some("StartTag") => {
                if let Some(attrs) = token[2].as_object_mut() {
                    for value in attrs.values_mut() {
                        *value = Value::String(coerce_text(value.as_str().unwrap_or("")));
                    }
                }
            }
            _ => {}
        }
        token
    });
    Value::Array(tokens.collect())
}

/// The result of one run: the output in the tests' form and the errors.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub output: Value,
    pub errors: Vec<(String, u32, u32)>,
}

/// Tokenizes `chunks` (fed in order, then ended) from `state`.
pub fn run<'a>(chunks: impl IntoIterator<Item = &'a str>, state: State, last_start_tag: Option<&str>) -> Outcome {
    outcome(&tokenize_chunks(chunks, state, last_start_tag))
}

/// [`run`] in the tokenizer's legacy mode: `<?` opens a bogus comment, as in
/// the 2025 text.
pub fn run_legacy<'a>(
    chunks: impl IntoIterator<Item = &'a str>,
    state: State,
    last_start_tag: Option<&str>,
) -> Outcome {
    let mut tokenizer = Tokenizer::new(Collector::default());
    tokenizer.set_legacy_processing_instructions(true);
    tokenizer.set_state(state);
    tokenizer.set_last_start_tag(last_start_tag);
    for chunk in chunks {
        tokenizer.feed(chunk);
    }
    tokenizer.end();
    outcome(tokenizer.sink())
}

fn outcome(collector: &Collector) -> Outcome {
    Outcome {
        output: Value::Array(collector.tokens.iter().map(token_json).collect()),
        errors: collector.errors.iter().map(|e| (e.code.as_str().to_string(), e.line, e.col)).collect(),
    }
}

/// One line per entry of a skip list: `ID REASON`; `#` starts a comment.
pub fn read_skip_list(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (id, reason) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            (id.to_string(), reason.trim().to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_joins_pairs_and_refuses_lone_surrogates() {
        assert_eq!(unescape("a\\u0000b").as_deref(), Some("a\0b"));
        assert_eq!(unescape("\\uD83D\\uDE00").as_deref(), Some("\u{1F600}"));
        assert_eq!(unescape("\\uDFFF"), None);
        assert_eq!(unescape("x\\uD800a"), None);
    }

    #[test]
    fn a_run_reports_tokens_and_positioned_errors() {
        let got = run(["<a b=1 b=2>x&noti;"], State::Data, None);
        assert_eq!(got.output, json!([["StartTag", "a", {"b": "1"}], ["Character", "x\u{ac}i;"]]));
        assert_eq!(
            got.errors,
            [
                ("duplicate-attribute".to_string(), 1, 9),
                ("missing-semicolon-after-character-reference".to_string(), 1, 17)
            ]
        );
    }
}
