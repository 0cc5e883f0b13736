//! The html5lib serializer tests: every case of
//! `tests/html5lib-tests/serializer/*.test`, read in place.
//!
//! Each case is a token stream plus html5lib `HTMLSerializer` options; the
//! output must equal one of the `expected` strings (the `xhtml`
//! expectations are for an XHTML serializer, which htmlforge has not).
//! Prints `serializer: N passed, M failed`; fails on a failure that
//! `tests/expectations/serializer-skip.txt` does not list with a reason, and
//! on a listed case that passes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use htmlforge::serializer::{
    Attribute, BooleanAttributes, Event, Namespace, QuoteAttrValues, QuoteChar, SerializeOptions, Serializer,
};
use serde_json::Value;

const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("html5lib-tests/serializer")
}

/// The serializer's input, owned (events borrow from it).
enum OwnedEvent {
    Doctype(String, String, String),
    StartTag(Namespace, String, Vec<Attribute>),
    EndTag(Namespace, String),
    Text(String),
    Comment(String),
}

impl OwnedEvent {
    fn as_event(&self) -> Event<'_> {
        match self {
            OwnedEvent::Doctype(name, public_id, system_id) => Event::Doctype { name, public_id, system_id },
            OwnedEvent::StartTag(namespace, name, attrs) => Event::StartTag { namespace: *namespace, name, attrs },
            OwnedEvent::EndTag(namespace, name) => Event::EndTag { namespace: *namespace, name },
            OwnedEvent::Text(text) => Event::Text(text),
            OwnedEvent::Comment(text) => Event::Comment(text),
        }
    }
}

fn string(value: Option<&Value>) -> Result<String, String> {
    match value {
        Some(Value::String(s)) => Ok(s.clone()),
        None | Some(Value::Null) => Ok(String::new()),
        Some(other) => Err(format!("expected a string, got {other}")),
    }
}

fn namespace(value: Option<&Value>) -> Result<Namespace, String> {
    match value.and_then(Value::as_str) {
        Some(HTML_NAMESPACE) => Ok(Namespace::Html),
        Some("http://www.w3.org/2000/svg") => Ok(Namespace::Svg),
        Some("http://www.w3.org/1998/Math/MathML") => Ok(Namespace::MathMl),
        other => Err(format!("unknown element namespace {other:?}")),
    }
}

/// Attributes as a list of `{namespace, name, value}` (or `{}` for none),
/// sorted by name: html5lib's test runner serializes with
/// `alphabetical_attributes=True`, and the expectations assume it.
fn attributes(value: Option<&Value>) -> Result<Vec<Attribute>, String> {
    let mut attrs = Vec::new();
    match value {
        Some(Value::Array(list)) => {
            for attr in list {
                if !attr.get("namespace").is_none_or(Value::is_null) {
                    return Err(format!("namespaced attribute {attr}: not in the vocabulary of this harness"));
                }
                attrs.push(Attribute::new(string(attr.get("name"))?, string(attr.get("value"))?));
            }
        }
        Some(Value::Object(map)) if map.is_empty() => {}
        other => return Err(format!("unexpected attributes {other:?}")),
    }
    attrs.sort_by(|a, b| a.name().cmp(b.name()));
    Ok(attrs)
}

fn event(token: &Value) -> Result<OwnedEvent, String> {
    let items = token.as_array().ok_or("a token is not an array")?;
    let kind = items.first().and_then(Value::as_str).ok_or("a token has no type")?;
    Ok(match kind {
        "StartTag" => OwnedEvent::StartTag(namespace(items.get(1))?, string(items.get(2))?, attributes(items.get(3))?),
        // html5lib's EmptyTag is a void element: a start tag with no end tag.
        "EmptyTag" => OwnedEvent::StartTag(Namespace::Html, string(items.get(1))?, attributes(items.get(2))?),
        "EndTag" => OwnedEvent::EndTag(namespace(items.get(1))?, string(items.get(2))?),
        "Characters" | "SpaceCharacters" => OwnedEvent::Text(string(items.get(1))?),
        "Comment" => OwnedEvent::Comment(string(items.get(1))?),
        "Doctype" => OwnedEvent::Doctype(string(items.get(1))?, string(items.get(2))?, string(items.get(3))?),
        other => return Err(format!("unknown token type {other}")),
    })
}

fn options(value: Option<&Value>) -> Result<SerializeOptions, String> {
    let mut options = SerializeOptions::html5lib();
    let Some(map) = value else {
        return Ok(options);
    };
    let map = map.as_object().ok_or("options is not an object")?;
    let flag = |name: &str| map.get(name).and_then(Value::as_bool).ok_or(format!("option {name} is not a boolean"));
    let mut inject = false;
    for name in map.keys() {
        match name.as_str() {
            "quote_char" => {
                options.quote_char = match map[name].as_str() {
                    Some("'") => Some(QuoteChar::Single),
                    Some("\"") => Some(QuoteChar::Double),
                    other => return Err(format!("quote_char {other:?}")),
                }
            }
            "quote_attr_values" => {
                options.quote_attr_values =
                    if flag(name)? { QuoteAttrValues::Always } else { QuoteAttrValues::WhenNeeded }
            }
            "minimize_boolean_attributes" => {
                options.boolean_attributes =
                    if flag(name)? { BooleanAttributes::BareWhenEmptyOrOwnName } else { BooleanAttributes::Keep }
            }
            "use_trailing_solidus" => options.use_trailing_solidus = flag(name)?,
            "escape_rcdata" => options.escape_rcdata = flag(name)?,
            "strip_whitespace" => options.strip_whitespace = flag(name)?,
            "omit_optional_tags" => options.omit_optional_tags = flag(name)?,
            "inject_meta_charset" => inject = flag(name)?,
            // `<` is always escaped in attribute values (see
            // `SerializeOptions`), so both settings expect the same output.
            "escape_lt_in_attrs" => {
                flag(name)?;
            }
            // The output encoding: htmlforge writes UTF-8 text; it matters
            // here only as the name `inject_meta_charset` writes.
            "encoding" => {}
            other => return Err(format!("unknown option {other}")),
        }
    }
    if inject {
        options.inject_meta_charset = map.get("encoding").and_then(Value::as_str).map(str::to_string);
    }
    Ok(options)
}

fn run_case(case: &Value) -> Result<(), String> {
    let options = options(case.get("options"))?;
    let events = case
        .get("input")
        .and_then(Value::as_array)
        .ok_or("no input")?
        .iter()
        .map(event)
        .collect::<Result<Vec<_>, _>>()?;
    let expected: Vec<&str> =
        case.get("expected").and_then(Value::as_array).ok_or("no expected")?.iter().filter_map(Value::as_str).collect();
    let mut serializer = Serializer::new(String::new(), options);
    for event in &events {
        serializer.write_event(event.as_event()).map_err(|e| e.to_string())?;
    }
    let output = serializer.finish().map_err(|e| e.to_string())?;
    if expected.contains(&output.as_str()) {
        Ok(())
    } else {
        Err(format!("got {output:?}, expected one of {expected:?}"))
    }
}

/// `file | description` → reason.
fn skip_list() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/serializer-skip.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut skips = BTreeMap::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let parts: Vec<&str> = line.splitn(3, " | ").collect();
        let [file, description, reason] = parts[..] else {
            panic!("{}: expected `FILE | DESCRIPTION | reason`: {line}", path.display());
        };
        assert!(!reason.trim().is_empty(), "{}: a skip needs a reason: {line}", path.display());
        skips.insert(format!("{file} | {description}"), reason.to_string());
    }
    skips
}

fn main() -> ExitCode {
    let mut files: Vec<PathBuf> = std::fs::read_dir(suite_dir())
        .expect("tests/html5lib-tests/serializer is vendored")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "test"))
        .collect();
    files.sort();
    let skips = skip_list();
    let (mut passed, mut failed, mut unexpected) = (0, 0, 0);
    let mut skipped_seen = Vec::new();
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let suite: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for case in suite["tests"].as_array().expect("a `tests` array") {
            let description = case.get("description").and_then(Value::as_str).unwrap_or("?");
            let key = format!("{file} | {description}");
            let listed = skips.contains_key(&key);
            if listed {
                skipped_seen.push(key.clone());
            }
            match run_case(case) {
                Ok(()) => {
                    passed += 1;
                    if listed {
                        unexpected += 1;
                        println!("PASSES BUT IS LISTED in serializer-skip.txt: {key}");
                    }
                }
                Err(message) => {
                    failed += 1;
                    if !listed {
                        unexpected += 1;
                        println!("FAIL {key}: {message}");
                    }
                }
            }
        }
    }
    for key in skips.keys().filter(|k| !skipped_seen.contains(k)) {
        unexpected += 1;
        println!("serializer-skip.txt lists a case that does not exist: {key}");
    }
    assert!(passed + failed > 0, "no serializer cases found");
    println!("serializer: {passed} passed, {failed} failed");
    if unexpected == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
