//! The named character reference matcher against the whole spec-data table.

use super::tests::automaton;
use super::{lookup, short_match, NamedCharRefMatcher};

const TABLE: &str = include_str!("../data/named-character-references.txt");

/// (name, replacement) for every row of spec-data.
fn rows() -> Vec<(&'static str, String)> {
    TABLE
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split_whitespace();
            let name = fields.next().unwrap();
            let text = fields.map(|cp| char::from_u32(u32::from_str_radix(&cp[2..], 16).unwrap()).unwrap()).collect();
            (name, text)
        })
        .collect()
}

#[test]
fn every_name_of_the_table_resolves() {
    let rows = rows();
    assert_eq!(rows.len(), 2231);
    for (name, text) in &rows {
        assert_eq!(lookup(name), Some(text.as_str()), "&{name}");
    }
}

#[test]
fn a_name_followed_by_more_text_still_matches_itself() {
    for (name, text) in rows() {
        let mut matcher = NamedCharRefMatcher::new();
        for &byte in name.as_bytes().iter().chain(b"\xc3\xa9") {
            if !matcher.push(byte) {
                break;
            }
        }
        let found = matcher.longest_match().unwrap();
        assert_eq!((found.len, found.replacement), (name.len(), text.as_str()), "&{name}é");
        assert_eq!(found.ends_with_semicolon, name.ends_with(';'));
    }
}

#[test]
fn notin_and_not_resolve_as_the_spec_says() {
    // Spec example: "&notit;" is "¬it;" (the longest name is "not"),
    // "&notin;" is "∉".
    assert_eq!(lookup("notin;"), Some("\u{2209}"));
    assert_eq!(lookup("not"), Some("\u{ac}"));
    assert_eq!(lookup("notit;"), None);
    let mut matcher = NamedCharRefMatcher::new();
    let mut fed = 0;
    for &byte in b"notit;" {
        if !matcher.push(byte) {
            break;
        }
        fed += 1;
    }
    assert_eq!(fed, 4, "`noti` is a prefix of `notin;`, `notit` of nothing");
    let found = matcher.longest_match().unwrap();
    assert_eq!((found.len, found.replacement, found.ends_with_semicolon), (3, "\u{ac}", false));
}

#[test]
fn names_are_case_sensitive() {
    assert_eq!(lookup("AMP;"), Some("&"));
    assert_eq!(lookup("Amp;"), None);
    assert_eq!(lookup("amp;"), Some("&"));
}

#[test]
fn numeric_replacements_cover_the_c1_table() {
    use crate::generated::numeric_character_references::numeric_character_reference_replacement as replace;
    assert_eq!(replace(0x80), Some('\u{20ac}'));
    assert_eq!(replace(0x81), None);
    assert_eq!(replace(0x9f), Some('\u{178}'));
    assert_eq!(replace(0x7f), None);
    assert_eq!((0x80..=0x9f).filter(|&n| replace(n).is_some()).count(), 27);
}

#[test]
fn the_short_match_finds_every_short_name_in_any_surroundings() {
    let mut found = 0;
    for (name, text) in rows() {
        let fits = name.ends_with(';') && name.len() <= 8;
        for tail in [&b"xxxxxxxx"[..], b";;;;;;;;", b"\0\0\0\0\0\0\0\0", b"\xc3\xa9&amp;xx"] {
            let mut input = name.as_bytes().to_vec();
            input.extend_from_slice(tail);
            match short_match(&input) {
                Some(hit) => {
                    // (`&Aacute` followed by `;` is `&Aacute;`.)
                    assert_eq!(Some(hit), automaton(&input), "&{name}");
                    assert!(!fits || hit.replacement == text.as_str(), "&{name}");
                }
                None => assert!(!fits, "&{name} is not found"),
            }
            // Without its `;`, or cut short, no short name is found.
            input.remove(name.len() - 1);
            if let Some(hit) = short_match(&input) {
                assert_eq!(Some(hit), automaton(&input), "&{name} without its last byte");
            }
        }
        found += usize::from(fits);
    }
    assert_eq!(found, 1_619);
}
