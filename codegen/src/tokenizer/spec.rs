//! Re-extraction of the tokenizer's states and their case characters from
//! the W3C HTML5 text (`w3c-html5-syntax.txt`, §8.2.4), for
//! `cargo xtask audit --spec`.
//!
//! The W3C text is older than the WHATWG standard we follow. The states and
//! cases where the two differ are listed in [`KNOWN_DIFFERENCES`], each with
//! its reason: the extracted rows are rewritten by that list, so the diff is
//! empty on today's data and any other change shows up.

use std::path::Path;

use super::model::{Class, Matcher};
use crate::table::read_spec_text;
use crate::Result;

/// The canonical name of a matcher in the comparison rows.
pub fn matcher_name(m: &Matcher) -> String {
    match m {
        Matcher::Char(b) => format!("U+{:04X}", b),
        Matcher::Class(Class::Whitespace) => "U+0009 U+000A U+000C U+0020".into(),
        Matcher::Class(class) => match class {
            Class::AsciiAlpha => "ascii-alpha",
            Class::AsciiUpperAlpha => "ascii-upper-alpha",
            Class::AsciiLowerAlpha => "ascii-lower-alpha",
            Class::AsciiDigit => "ascii-digit",
            Class::AsciiUpperHexDigit => "ascii-upper-hex-digit",
            Class::AsciiLowerHexDigit => "ascii-lower-hex-digit",
            Class::AsciiHexDigit => "ascii-hex-digit",
            Class::AsciiAlphanumeric => "ascii-alphanumeric",
            Class::Whitespace => unreachable!("handled above"),
        }
        .into(),
        Matcher::Eof => "EOF".into(),
        Matcher::AnythingElse => "anything-else".into(),
        Matcher::Lookahead { text, case_insensitive: false } => format!("\"{text}\""),
        Matcher::Lookahead { text, case_insensitive: true } => format!("ci\"{text}\""),
        Matcher::NamedCharacterReference => "named-character-reference".into(),
        Matcher::Always => "always".into(),
    }
}

/// A state heading `8.2.4.N Attribute value (double-quoted) state` → its
/// anchor id `attribute-value-double-quoted-state`.
fn anchor_of(heading: &str) -> Option<String> {
    let rest = heading.strip_prefix("8.2.4.")?;
    let (number, name) = rest.split_once(' ')?;
    if !number.bytes().all(|b| b.is_ascii_digit()) || !name.ends_with(" state") {
        return None;
    }
    let name: String = name.chars().filter(|c| !matches!(c, '(' | ')')).collect();
    Some(name.to_ascii_lowercase().split_whitespace().collect::<Vec<_>>().join("-"))
}

/// One `↪ …` line → the matchers it names.
fn case_line(line: &str) -> Vec<String> {
    let text = line.trim_start_matches('↪').trim();
    let lower = text.to_ascii_lowercase();
    if lower == "eof" {
        return vec!["EOF".into()];
    }
    if lower.starts_with("anything else") {
        return vec!["anything-else".into()];
    }
    let class = match lower.as_str() {
        "uppercase ascii letter" => Some("ascii-upper-alpha"),
        "lowercase ascii letter" => Some("ascii-lower-alpha"),
        "ascii letter" | "ascii alpha" => Some("ascii-alpha"),
        "ascii digit" => Some("ascii-digit"),
        _ => None,
    };
    if let Some(class) = class {
        return vec![class.into()];
    }
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("U+") {
        let hex: String = rest[at + 2..].chars().take_while(char::is_ascii_hexdigit).collect();
        if hex.len() == 4 {
            out.push(format!("U+{hex}"));
        }
        rest = &rest[at + 2..];
    }
    out
}

/// The states of §8.2.4 with their case characters, as canonical rows.
pub fn extract_w3c(spec_dir: &Path) -> Result<Vec<String>> {
    let text = read_spec_text(spec_dir, "w3c-html5-syntax.txt")?;
    let start = text.find("\n8.2.4 Tokenization").ok_or("w3c-html5-syntax.txt: no `8.2.4 Tokenization`")?;
    let end = text[start..].find("\n8.2.5 ").map_or(text.len(), |e| start + e);
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut group: Vec<String> = Vec::new();
    let mut in_state = false;
    for line in text[start..end].lines() {
        let line = line.trim();
        if let Some(anchor) = anchor_of(line) {
            flush(&mut rows, &mut group);
            rows.push((anchor, Vec::new()));
            in_state = true;
            continue;
        }
        if line.starts_with("8.2.4.") {
            // A section that is not a state ("Tokenizing character references").
            flush(&mut rows, &mut group);
            in_state = false;
            continue;
        }
        if !in_state {
            continue;
        }
        if line.starts_with('↪') {
            group.extend(case_line(line));
        } else if !line.is_empty() {
            flush(&mut rows, &mut group);
        }
    }
    flush(&mut rows, &mut group);
    Ok(rows.into_iter().map(|(key, cases)| format!("{key}: {}", cases.join(" | "))).collect())
}

fn flush(rows: &mut [(String, Vec<String>)], group: &mut Vec<String>) {
    if group.is_empty() {
        return;
    }
    if let Some((_, cases)) = rows.last_mut() {
        cases.push(group.join(" "));
    }
    group.clear();
}

/// How the WHATWG standard (and so spec-data) differs from the W3C text, state
/// by state: `(W3C row or None for a state W3C lacks, WHATWG row or None for
/// a state WHATWG dropped, why)`.
pub const KNOWN_DIFFERENCES: &[(Option<&str>, Option<&str>, &str)] = &[];

/// The W3C rows rewritten by [`KNOWN_DIFFERENCES`]: what today's WHATWG
/// standard has, as far as the old text shows it.
pub fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let mut rows = extract_w3c(spec_dir)?;
    for (w3c, whatwg, _why) in KNOWN_DIFFERENCES {
        match w3c {
            Some(old) => match rows.iter().position(|r| r == old) {
                Some(at) => match whatwg {
                    Some(new) => rows[at] = new.to_string(),
                    None => {
                        rows.remove(at);
                    }
                },
                // The expectation no longer matches the text: keep the
                // marker row so the diff shows it.
                None => rows.push(format!("(known difference not found in the W3C text) {old}")),
            },
            None => rows.extend(whatwg.map(str::to_string)),
        }
    }
    Ok(rows)
}
