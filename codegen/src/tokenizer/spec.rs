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
pub(crate) fn anchor_of(heading: &str) -> Option<String> {
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
pub const KNOWN_DIFFERENCES: &[(Option<&str>, Option<&str>, &str)] = &[
    (
        Some("character-reference-in-data-state: "),
        None,
        "WHATWG replaced the \"character reference in …\" states and \"consume a character reference\" with the character reference states",
    ),
    (
        Some("character-reference-in-rcdata-state: "),
        None,
        "WHATWG replaced the \"character reference in …\" states and \"consume a character reference\" with the character reference states",
    ),
    (
        Some("tag-open-state: U+0021 | U+002F | ascii-upper-alpha | ascii-lower-alpha | U+003F | anything-else"),
        Some("tag-open-state: U+0021 | U+002F | ascii-alpha | U+003F | EOF | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry (the tag name state lowercases) and adds an EOF entry (eof-before-tag-name)",
    ),
    (
        Some("end-tag-open-state: ascii-upper-alpha | ascii-lower-alpha | U+003E | EOF | anything-else"),
        Some("end-tag-open-state: ascii-alpha | U+003E | EOF | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry that reconsumes",
    ),
    (
        Some("rcdata-end-tag-open-state: ascii-upper-alpha | ascii-lower-alpha | anything-else"),
        Some("rcdata-end-tag-open-state: ascii-alpha | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry that reconsumes",
    ),
    (
        Some("rawtext-end-tag-open-state: ascii-upper-alpha | ascii-lower-alpha | anything-else"),
        Some("rawtext-end-tag-open-state: ascii-alpha | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry that reconsumes",
    ),
    (
        Some("script-data-end-tag-open-state: ascii-upper-alpha | ascii-lower-alpha | anything-else"),
        Some("script-data-end-tag-open-state: ascii-alpha | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry that reconsumes",
    ),
    (
        Some("script-data-escaped-less-than-sign-state: U+002F | ascii-upper-alpha | ascii-lower-alpha | anything-else"),
        Some("script-data-escaped-less-than-sign-state: U+002F | ascii-alpha | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry that reconsumes",
    ),
    (
        Some("script-data-escaped-end-tag-open-state: ascii-upper-alpha | ascii-lower-alpha | anything-else"),
        Some("script-data-escaped-end-tag-open-state: ascii-alpha | anything-else"),
        "WHATWG merges the upper- and lowercase ASCII letter entries into one ASCII alpha entry that reconsumes",
    ),
    (
        Some("before-attribute-name-state: U+0009 U+000A U+000C U+0020 | U+002F | U+003E | ascii-upper-alpha | U+0000 | U+0022 U+0027 U+003C U+003D | EOF | anything-else"),
        Some("before-attribute-name-state: U+0009 U+000A U+000C U+0020 | U+002F U+003E EOF | U+003D | anything-else"),
        "WHATWG simplified the attribute states: a new attribute name is started by reconsuming in the attribute name state, and EOF, / and > reconsume in the after attribute name state",
    ),
    (
        Some("attribute-name-state: U+0009 U+000A U+000C U+0020 | U+002F | U+003D | U+003E | ascii-upper-alpha | U+0000 | U+0022 U+0027 U+003C | EOF | anything-else"),
        Some("attribute-name-state: U+0009 U+000A U+000C U+0020 U+002F U+003E EOF | U+003D | ascii-upper-alpha | U+0000 | U+0022 U+0027 U+003C | anything-else"),
        "WHATWG simplified the attribute states: a new attribute name is started by reconsuming in the attribute name state, and EOF, / and > reconsume in the after attribute name state",
    ),
    (
        Some("after-attribute-name-state: U+0009 U+000A U+000C U+0020 | U+002F | U+003D | U+003E | ascii-upper-alpha | U+0000 | U+0022 U+0027 U+003C | EOF | anything-else"),
        Some("after-attribute-name-state: U+0009 U+000A U+000C U+0020 | U+002F | U+003D | U+003E | EOF | anything-else"),
        "WHATWG simplified the attribute states: a new attribute name is started by reconsuming in the attribute name state, and EOF, / and > reconsume in the after attribute name state",
    ),
    (
        Some("before-attribute-value-state: U+0009 U+000A U+000C U+0020 | U+0022 | U+0026 | U+0027 | U+0000 | U+003E | U+003C U+003D U+0060 | EOF | anything-else"),
        Some("before-attribute-value-state: U+0009 U+000A U+000C U+0020 | U+0022 | U+0027 | U+003E | anything-else"),
        "WHATWG simplified the attribute states: a new attribute name is started by reconsuming in the attribute name state, and EOF, / and > reconsume in the after attribute name state",
    ),
    (
        Some("character-reference-in-attribute-value-state: "),
        None,
        "WHATWG replaced the \"character reference in …\" states and \"consume a character reference\" with the character reference states",
    ),
    (
        Some("bogus-comment-state: "),
        Some("bogus-comment-state: U+003E | EOF | U+0000 | anything-else"),
        "the W3C text describes the bogus comment state in prose; WHATWG gives it entries (NULL, EOF)",
    ),
    (
        Some("markup-declaration-open-state: "),
        Some("markup-declaration-open-state: anything-else"),
        "the W3C text has no entries here; WHATWG's anything else entry raises incorrectly-opened-comment (its lookahead rows are compared by the tests)",
    ),
    (
        Some("comment-start-state: U+002D | U+0000 | U+003E | EOF | anything-else"),
        Some("comment-start-state: U+002D | U+003E | anything-else"),
        "WHATWG's comment states: NULL is handled in the comment state only, < enters the comment less-than sign states, and a > right after <!-- closes the comment (abrupt-closing-of-empty-comment)",
    ),
    (
        Some("comment-start-dash-state: U+002D | U+0000 | U+003E | EOF | anything-else"),
        Some("comment-start-dash-state: U+002D | U+003E | EOF | anything-else"),
        "WHATWG's comment states: NULL is handled in the comment state only, < enters the comment less-than sign states, and a > right after <!-- closes the comment (abrupt-closing-of-empty-comment)",
    ),
    (
        Some("comment-state: U+002D | U+0000 | EOF | anything-else"),
        Some("comment-state: U+003C | U+002D | U+0000 | EOF | anything-else"),
        "WHATWG's comment states: NULL is handled in the comment state only, < enters the comment less-than sign states, and a > right after <!-- closes the comment (abrupt-closing-of-empty-comment)",
    ),
    (
        Some("comment-end-dash-state: U+002D | U+0000 | EOF | anything-else"),
        Some("comment-end-dash-state: U+002D | EOF | anything-else"),
        "WHATWG's comment states: NULL is handled in the comment state only, < enters the comment less-than sign states, and a > right after <!-- closes the comment (abrupt-closing-of-empty-comment)",
    ),
    (
        Some("comment-end-state: U+003E | U+0000 | U+0021 | U+002D | EOF | anything-else"),
        Some("comment-end-state: U+003E | U+0021 | U+002D | EOF | anything-else"),
        "WHATWG's comment states: NULL is handled in the comment state only, < enters the comment less-than sign states, and a > right after <!-- closes the comment (abrupt-closing-of-empty-comment)",
    ),
    (
        Some("comment-end-bang-state: U+002D | U+003E | U+0000 | EOF | anything-else"),
        Some("comment-end-bang-state: U+002D | U+003E | EOF | anything-else"),
        "WHATWG's comment states: NULL is handled in the comment state only, < enters the comment less-than sign states, and a > right after <!-- closes the comment (abrupt-closing-of-empty-comment)",
    ),
    (
        Some("doctype-state: U+0009 U+000A U+000C U+0020 | EOF | anything-else"),
        Some("doctype-state: U+0009 U+000A U+000C U+0020 | U+003E | EOF | anything-else"),
        "WHATWG adds a > entry (reconsume in the before DOCTYPE name state)",
    ),
    (
        Some("bogus-doctype-state: U+003E | EOF | anything-else"),
        Some("bogus-doctype-state: U+003E | U+0000 | EOF | anything-else"),
        "WHATWG adds a NULL entry (unexpected-null-character)",
    ),
    (
        Some("cdata-section-state: "),
        Some("cdata-section-state: U+005D | EOF | anything-else"),
        "the W3C text describes the CDATA section in prose; WHATWG has the CDATA section state with entries",
    ),
    (
        None,
        Some("comment-less-than-sign-state: U+0021 | U+003C | anything-else"),
        "comment less-than sign states: added by WHATWG (nested-comment), not in the W3C text",
    ),
    (
        None,
        Some("comment-less-than-sign-bang-state: U+002D | anything-else"),
        "comment less-than sign states: added by WHATWG (nested-comment), not in the W3C text",
    ),
    (
        None,
        Some("comment-less-than-sign-bang-dash-state: U+002D | anything-else"),
        "comment less-than sign states: added by WHATWG (nested-comment), not in the W3C text",
    ),
    (
        None,
        Some("comment-less-than-sign-bang-dash-dash-state: U+003E EOF | anything-else"),
        "comment less-than sign states: added by WHATWG (nested-comment), not in the W3C text",
    ),
    (
        None,
        Some("cdata-section-bracket-state: U+005D | anything-else"),
        "CDATA section bracket and end states: added by WHATWG, not in the W3C text",
    ),
    (
        None,
        Some("cdata-section-end-state: U+005D | U+003E | anything-else"),
        "CDATA section bracket and end states: added by WHATWG, not in the W3C text",
    ),
    (
        None,
        Some("character-reference-state: ascii-alphanumeric | U+0023 | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("named-character-reference-state: anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("ambiguous-ampersand-state: ascii-alphanumeric | U+003B | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("numeric-character-reference-state: U+0078 U+0058 | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("hexadecimal-character-reference-start-state: ascii-hex-digit | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("decimal-character-reference-start-state: ascii-digit | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("hexadecimal-character-reference-state: ascii-digit | ascii-upper-hex-digit | ascii-lower-hex-digit | U+003B | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("decimal-character-reference-state: ascii-digit | U+003B | anything-else"),
        "WHATWG character reference states, not in the W3C text",
    ),
    (
        None,
        Some("numeric-character-reference-end-state: "),
        "WHATWG character reference states, not in the W3C text",
    ),
];

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
