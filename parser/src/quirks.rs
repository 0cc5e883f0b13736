//! Which mode a DOCTYPE token puts the document in: the DOCTYPE rule of
//! "the initial insertion mode", over the lists generated from
//! `spec-data/quirks-doctypes.txt`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode>

use crate::generated::quirks_doctypes::{
    LIMITED_QUIRKS_PUBLIC_ID_PREFIXES, PUBLIC_ID_PREFIXES_IF_SYSTEM_ID_MISSING, QUIRKS_PUBLIC_IDS,
    QUIRKS_PUBLIC_ID_PREFIXES, QUIRKS_SYSTEM_IDS,
};
use crate::tokenizer::Doctype;

/// The mode of a document.
///
/// Spec: <https://dom.spec.whatwg.org/#concept-document-mode>
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QuirksMode {
    /// No-quirks mode: the standards mode.
    #[default]
    NoQuirks,
    /// Limited-quirks mode ("almost standards").
    LimitedQuirks,
    /// Quirks mode.
    Quirks,
}

/// The mode that the DOCTYPE token `doctype` sets, seen in "the initial
/// insertion mode" of a document that is (`iframe_srcdoc`) or is not an
/// iframe srcdoc document.
///
/// An iframe srcdoc document is never put in quirks or limited-quirks mode
/// by its DOCTYPE. The spec's other exception, "the parser cannot change
/// the mode flag", is the caller's: when it is set, do not call this.
/// (A document without a DOCTYPE is in quirks mode unless it is an iframe
/// srcdoc document; that is the "anything else" rule of the mode, not this.)
///
/// ```
/// use htmlforge::quirks::{quirks_mode_of_doctype, QuirksMode};
/// use htmlforge::tokenizer::{tokenize, OwnedToken};
/// use htmlforge::tokenizer::Doctype;
///
/// let doctype_of = |html: &str| -> Doctype {
///     let OwnedToken::Doctype(doctype) = tokenize(html).remove(0) else { panic!() };
///     doctype
/// };
/// let html4 = doctype_of(r#"<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">"#);
/// assert_eq!(quirks_mode_of_doctype(&html4, false), QuirksMode::Quirks);
/// assert_eq!(quirks_mode_of_doctype(&html4, true), QuirksMode::NoQuirks);
/// assert_eq!(quirks_mode_of_doctype(&doctype_of("<!DOCTYPE html>"), false), QuirksMode::NoQuirks);
/// ```
pub fn quirks_mode_of_doctype(doctype: &Doctype, iframe_srcdoc: bool) -> QuirksMode {
    if iframe_srcdoc {
        return QuirksMode::NoQuirks;
    }
    // The tokenizer lowercases the name, so the spec's case-sensitive
    // "the name is not html" is this comparison.
    if doctype.force_quirks || doctype.name.as_deref() != Some("html") {
        return QuirksMode::Quirks;
    }
    // A missing identifier matches nothing; an empty one is not missing.
    let public_id = doctype.public_id.as_deref();
    let system_id = doctype.system_id.as_deref();
    let public_is = |list: &[&str]| public_id.is_some_and(|id| list.iter().any(|s| id.eq_ignore_ascii_case(s)));
    let public_starts_with =
        |list: &[&str]| public_id.is_some_and(|id| list.iter().any(|p| starts_with_ignore_ascii_case(id, p)));
    let system_is = |list: &[&str]| system_id.is_some_and(|id| list.iter().any(|s| id.eq_ignore_ascii_case(s)));

    if public_is(QUIRKS_PUBLIC_IDS) || system_is(QUIRKS_SYSTEM_IDS) || public_starts_with(QUIRKS_PUBLIC_ID_PREFIXES) {
        return QuirksMode::Quirks;
    }
    // "The system identifier is missing or the empty string, and the public
    // identifier starts with: …" (quirks) / "is neither missing nor the
    // empty string" (limited quirks): an empty system identifier counts as
    // a missing one here since 2026-01 (whatwg/html e7318c5e) [#the-initial-insertion-mode].
    if public_starts_with(PUBLIC_ID_PREFIXES_IF_SYSTEM_ID_MISSING) {
        return match system_id {
            None | Some("") => QuirksMode::Quirks,
            Some(_) => QuirksMode::LimitedQuirks,
        };
    }
    if public_starts_with(LIMITED_QUIRKS_PUBLIC_ID_PREFIXES) {
        return QuirksMode::LimitedQuirks;
    }
    QuirksMode::NoQuirks
}

/// Whether `text` starts with `prefix`, ASCII case-insensitively. Works on
/// bytes, so a prefix length that falls inside a multi-byte character of
/// `text` is simply no match.
fn starts_with_ignore_ascii_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len() && text.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_comparison_ignores_ascii_case_only() {
        assert!(starts_with_ignore_ascii_case("-//w3c//dtd html 4.01//en", "-//W3C//DTD HTML 4.01//"));
        assert!(!starts_with_ignore_ascii_case("-//W3C", "-//W3C//DTD"));
        assert!(!starts_with_ignore_ascii_case("é", "e"));
    }

    #[test]
    fn an_empty_system_identifier_counts_as_missing_for_the_html_4_01_prefixes() {
        let doctype = |system_id: Option<&str>| Doctype {
            name: Some("html".into()),
            public_id: Some("-//W3C//DTD HTML 4.01 Transitional//EN".into()),
            system_id: system_id.map(str::to_string),
            force_quirks: false,
        };
        assert_eq!(quirks_mode_of_doctype(&doctype(None), false), QuirksMode::Quirks);
        assert_eq!(quirks_mode_of_doctype(&doctype(Some("")), false), QuirksMode::Quirks);
        assert_eq!(
            quirks_mode_of_doctype(&doctype(Some("http://www.w3.org/TR/html4/loose.dtd")), false),
            QuirksMode::LimitedQuirks
        );
    }
}
