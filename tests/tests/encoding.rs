//! The html5lib encoding tests (`tests/html5lib-tests/encoding/*.dat` and
//! `encoding/scripted/*.dat`), read in place from the vendored copy.
//!
//! Each case gives a document's bytes and the encoding a parser must end
//! up with. It runs through the whole parser (sniffing, decoding, the tree
//! builder's change of encoding for a `<meta>` past the prescan window):
//! `parse_bytes` on all the bytes and a `ByteParser` fed in chunks (see
//! `run_case`). A case that cannot pass yet is listed with a reason in
//! `tests/expectations/encoding-skip.txt`; a listed case that passes is a
//! failure too, so that the list cannot go stale.
//!
//! Prints `encoding: N passed, M failed` and fails on any failure.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use htmlforge::encoding::{Encoding, Sniffed};
use htmlforge::{parse_bytes, ByteParseOptions, ByteParser, ByteParserStatus, ParseOptions};
use htmlforge_conformance::test_script::run_test_script;

/// One `#data` / `#encoding` case.
struct Case {
    /// `encoding/tests1.dat #12`: file (relative to html5lib-tests) and
    /// 1-based index in it.
    id: String,
    data: Vec<u8>,
    expected: String,
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("html5lib-tests")
}

/// Splits a `.dat` file into cases. The data is everything between the
/// `#data` line and the `#encoding` line, without the final newline.
fn parse_dat(relative: &str, bytes: &[u8]) -> Vec<Case> {
    let mut cases = Vec::new();
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != b"#data" {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && lines[end] != b"#encoding" {
            end += 1;
        }
        let data = lines[start..end].join(&b'\n');
        let expected = lines.get(end + 1).map(|l| String::from_utf8_lossy(l).trim().to_string()).unwrap_or_default();
        cases.push(Case { id: format!("{relative} #{}", cases.len() + 1), data, expected });
        i = end + 1;
    }
    cases
}

fn load_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for dir in ["encoding", "encoding/scripted"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(suite_dir().join(dir))
            .unwrap_or_else(|e| panic!("reading {dir}: {e}"))
            .map(|entry| entry.expect("directory entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "dat"))
            .collect();
        files.sort();
        for path in files {
            let relative = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {relative}: {e}"));
            cases.extend(parse_dat(&relative, &bytes));
        }
    }
    cases
}

/// The skip list: case id → reason. Every entry needs a reason.
fn load_skip_list() -> Result<BTreeMap<String, String>, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/encoding-skip.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let mut skips = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // `encoding/tests1.dat #48: reason`
        let Some((id, reason)) = line.split_once(": ") else {
            return Err(format!("encoding-skip.txt line {}: expected `FILE #N: reason`", number + 1));
        };
        if reason.trim().is_empty() {
            return Err(format!("encoding-skip.txt line {}: no reason given", number + 1));
        }
        skips.insert(id.trim().to_string(), reason.trim().to_string());
    }
    Ok(skips)
}

/// Runs one case; `Err` describes how it failed. The case goes through
/// the whole parser: `parse_bytes` on all the bytes, and a `ByteParser`
/// fed in chunks of 1 and 7 bytes (with scripting on and the test-only
/// script evaluator, `tests/src/test_script.rs`, for `scripted/` cases); each must end with
/// the expected encoding.
fn run_case(case: &Case) -> Result<(), String> {
    let expected = Encoding::for_label(case.expected.as_bytes())
        .ok_or_else(|| format!("unknown expected encoding {:?}", case.expected))?;
    let scripted = case.id.starts_with("encoding/scripted/");
    if !scripted {
        let whole = parse_bytes(&case.data, ByteParseOptions::default()).encoding;
        if whole.encoding != expected {
            return Err(format!(
                "parse_bytes gave {} ({}), expected {}",
                whole.encoding.name(),
                whole.source,
                expected.name()
            ));
        }
    }
    for chunk_size in [case.data.len().max(1), 1, 7] {
        let chunked = parse_in_chunks(&case.data, chunk_size, scripted);
        if chunked.encoding != expected {
            return Err(format!(
                "ByteParser with {chunk_size}-byte chunks{} gave {} ({}), expected {}",
                if scripted { " and scripts" } else { "" },
                chunked.encoding.name(),
                chunked.source,
                expected.name()
            ));
        }
    }
    Ok(())
}

/// Feeds `data` to a `ByteParser` in `chunk_size`-byte chunks; with
/// `run_scripts`, scripting is on and each script pause runs the script
/// through the test-only script evaluator. Returns the final encoding.
fn parse_in_chunks(data: &[u8], chunk_size: usize, run_scripts: bool) -> Sniffed {
    let options = ByteParseOptions {
        parse: ParseOptions { scripting: run_scripts, ..ParseOptions::default() },
        ..Default::default()
    };
    let mut parser = ByteParser::new(options);
    let mut chunks = data.chunks(chunk_size);
    let mut status = ByteParserStatus::NeedsInput;
    let mut ended = false;
    loop {
        status = match status {
            ByteParserStatus::PausedForScript(script) => {
                let text = parser.sink().text_content(script);
                if let Some(writes) = run_test_script(&text, parser.sink_mut()) {
                    parser.insert_at_insertion_point(&writes.concat()).expect("paused for the script");
                }
                parser.resume()
            }
            ByteParserStatus::EncodingChanged(_) => parser.resume(),
            ByteParserStatus::NeedsInput => match chunks.next() {
                Some(chunk) => parser.feed(chunk).unwrap(),
                None if !ended => {
                    ended = true;
                    parser.end().unwrap()
                }
                None => break,
            },
            ByteParserStatus::Done => break,
        };
    }
    parser.finish().encoding
}

fn main() {
    let cases = load_cases();
    let mut skips = match load_skip_list() {
        Ok(skips) => skips,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(1);
        }
    };
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for case in &cases {
        let result = run_case(case);
        match (skips.remove(&case.id), result) {
            (None, Ok(())) => passed += 1,
            (None, Err(why)) => {
                failed += 1;
                let shown = &case.data[..case.data.len().min(200)];
                println!("FAIL {}: {why}\n  data starts: {:?}", case.id, String::from_utf8_lossy(shown));
            }
            (Some(reason), Err(_)) => {
                skipped += 1;
                println!("skip {}: {reason}", case.id);
            }
            (Some(_), Ok(())) => {
                failed += 1;
                println!("FAIL {}: passes but is in encoding-skip.txt; remove the entry", case.id);
            }
        }
    }
    for id in skips.keys() {
        failed += 1;
        println!("FAIL encoding-skip.txt names {id}, which is not a case");
    }
    if cases.is_empty() {
        failed += 1;
        println!("FAIL no encoding cases found under {}", suite_dir().display());
    }
    println!("encoding: {passed} passed, {failed} failed");
    println!("encoding: {skipped} skipped (listed in tests/expectations/encoding-skip.txt)");
    if failed > 0 {
        std::process::exit(1);
    }
}
