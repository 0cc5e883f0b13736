//! A processing instruction's attributes: its data read as pseudo-attributes
//! (`name="x"`), which `<template for>` uses to find its markers
//! (`<?marker name="x">`, `<?start name="x">`).
//!
//! The DOM keeps an "attribute map" per ProcessingInstruction, filled by
//! "update attributes from data" with "the rules for parsing
//! pseudo-attributes from a string" of Associating Style Sheets with XML
//! documents (second edition). Neither text is among the reference texts
//! (`../shared/spec`); this follows the DOM standard as of whatwg/dom
//! 8a5f57c6 (2026-07-18) and the grammar of that recommendation:
//!
//! ```text
//! PseudoAtts     ::= (S? PseudoAtt (S PseudoAtt)*)? S?
//! PseudoAtt      ::= Name S? '=' S? PseudoAttValue
//! PseudoAttValue ::= '"' ([^"<&] | CharRef | PredefEntityRef)* '"'
//!                  | "'" ([^'<&] | CharRef | PredefEntityRef)* "'"
//! ```
//!
//! Data that does not match gives no attributes at all ("If result is an
//! error, then return"). A name given twice is read as an error too: the
//! recommendation does not allow it, and taking either value would guess.
//!
//! Spec: <https://dom.spec.whatwg.org/#get-a-processing-instruction-attribute>,
//! <https://www.w3.org/TR/xml-stylesheet/#dt-parsing>

use crate::xml_name;

/// "Get a processing instruction attribute" given a processing
/// instruction's `data` and `name`: the value, or `None` when the data
/// has no such pseudo-attribute or does not parse.
pub(crate) fn processing_instruction_attribute(data: &str, name: &str) -> Option<String> {
    let attributes = parse_pseudo_attributes(data)?;
    attributes.into_iter().find(|(n, _)| *n == name).map(|(_, value)| value)
}

/// The rules for parsing pseudo-attributes from a string: the list of
/// (name, value) pairs, or `None` for an error.
pub(crate) fn parse_pseudo_attributes(data: &str) -> Option<Vec<(&str, String)>> {
    let mut attributes: Vec<(&str, String)> = Vec::new();
    let mut rest = data;
    loop {
        let trimmed = rest.trim_start_matches(xml_name::is_space);
        if trimmed.is_empty() {
            return Some(attributes);
        }
        // Pseudo-attributes are separated by white space.
        if !attributes.is_empty() && trimmed.len() == rest.len() {
            return None;
        }
        let name_len = xml_name::name_len(trimmed)?;
        let (name, after_name) = trimmed.split_at(name_len);
        let after_equals = after_name.trim_start_matches(xml_name::is_space).strip_prefix('=')?;
        let quoted = after_equals.trim_start_matches(xml_name::is_space);
        let quote = quoted.chars().next().filter(|&c| c == '"' || c == '\'')?;
        let body = &quoted[1..];
        let close = body.find(quote)?;
        let value = expand_references(&body[..close])?;
        if attributes.iter().any(|(seen, _)| *seen == name) {
            return None;
        }
        attributes.push((name, value));
        rest = &body[close + 1..];
    }
}

/// A pseudo-attribute value with its `CharRef`s and `PredefEntityRef`s
/// expanded; `None` when it holds a `<`, a bare `&`, or a reference to
/// something that is not an XML character.
fn expand_references(raw: &str) -> Option<String> {
    let mut value = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find(['&', '<']) {
        value.push_str(&rest[..at]);
        let reference = rest[at..].strip_prefix('&')?;
        let end = reference.find(';')?;
        value.push(expand_reference(&reference[..end])?);
        rest = &reference[end + 1..];
    }
    value.push_str(rest);
    Some(value)
}

/// The character of one reference, given what lies between `&` and `;`.
fn expand_reference(name: &str) -> Option<char> {
    let code = match name {
        "amp" => return Some('&'),
        "lt" => return Some('<'),
        "gt" => return Some('>'),
        "quot" => return Some('"'),
        "apos" => return Some('\''),
        _ => {
            let number = name.strip_prefix('#')?;
            match number.strip_prefix('x') {
                Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                    u32::from_str_radix(hex, 16).ok()?
                }
                None if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => number.parse().ok()?,
                _ => return None,
            }
        }
    };
    // XML's `Char`: tab, line feed, carriage return, and the scalar values
    // from U+0020 on, without U+FFFE and U+FFFF.
    let c = char::from_u32(code)?;
    let is_xml_char = matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}');
    is_xml_char.then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pseudo_attributes() {
        assert_eq!(processing_instruction_attribute("name=\"x\"", "name").as_deref(), Some("x"));
        assert_eq!(processing_instruction_attribute("  name = 'a b'  ", "name").as_deref(), Some("a b"));
        assert_eq!(processing_instruction_attribute("type=\"t\" name=\"y\"", "name").as_deref(), Some("y"));
        assert_eq!(
            processing_instruction_attribute("name=\"&lt;&#65;&#x42;&amp;&quot;&apos;\"", "name").as_deref(),
            Some("<AB&\"'")
        );
        assert_eq!(processing_instruction_attribute("", "name"), None);
        assert_eq!(processing_instruction_attribute("type=\"t\"", "name"), None);
    }

    #[test]
    fn data_that_does_not_parse_has_no_attributes() {
        for data in [
            "name=x",
            "name=\"x",
            "name=\"x\"type=\"t\"",
            "name=\"a<b\"",
            "name=\"a&b\"",
            "name=\"&nbsp;\"",
            "name=\"&#0;\"",
            "1name=\"x\"",
            "name=\"x\" name=\"y\"",
            "name",
        ] {
            assert_eq!(parse_pseudo_attributes(data), None, "{data}");
        }
    }
}
