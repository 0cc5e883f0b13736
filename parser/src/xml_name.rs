//! XML 1.0's `Name` production, which the DOM uses for processing
//! instruction targets and pseudo-attribute names.
//!
//! Spec: <https://www.w3.org/TR/xml/#NT-Name>

/// `NameStartChar` ([4] of XML 1.0, fifth edition).
fn is_name_start_char(c: char) -> bool {
    matches!(c,
        ':' | 'A'..='Z' | '_' | 'a'..='z'
        | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{2FF}' | '\u{370}'..='\u{37D}'
        | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}'
        | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}' | '\u{10000}'..='\u{EFFFF}')
}

/// `NameChar` ([4a]).
fn is_name_char(c: char) -> bool {
    is_name_start_char(c)
        || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}

/// The length in bytes of the `Name` that `s` starts with, if it starts
/// with one.
pub(crate) fn name_len(s: &str) -> Option<usize> {
    let mut chars = s.char_indices();
    let (_, first) = chars.next()?;
    if !is_name_start_char(first) {
        return None;
    }
    Some(chars.find(|&(_, c)| !is_name_char(c)).map_or(s.len(), |(at, _)| at))
}

/// Whether all of `s` matches `Name`.
pub(crate) fn is_name(s: &str) -> bool {
    name_len(s) == Some(s.len())
}

/// XML's `S`: space, tab, carriage return, line feed.
pub(crate) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_production() {
        for name in ["a", "marker", "xml-stylesheet", "_x", ":x", "a.b", "é", "x\u{B7}"] {
            assert!(is_name(name), "{name}");
        }
        for not in ["", "1a", "-a", ".a", "a b", "a?", "\u{B7}"] {
            assert!(!is_name(not), "{not}");
        }
        assert_eq!(name_len("name=\"x\""), Some(4));
        assert_eq!(name_len("=x"), None);
    }
}
