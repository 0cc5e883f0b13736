//! "contains a javascript: URL", with the WHATWG URL standard's basic URL
//! parser (the `url` crate): leading and trailing C0 controls and spaces,
//! and tabs and newlines anywhere, do not hide the scheme.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#contains-a-javascript-url>

/// Whether `value` parses as a URL whose scheme is `javascript`.
pub(crate) fn contains_javascript_url(value: &str) -> bool {
    // The basic URL parser reads the scheme first: a value whose scheme is
    // not `javascript` is no javascript: URL whatever the rest, so only
    // those that start so are parsed whole (to see the parse fail or not).
    if !scheme_is_javascript(value) {
        return false;
    }
    match url::Url::parse(value) {
        Ok(url) => url.scheme() == "javascript",
        Err(_) => false,
    }
}

/// Whether the scheme the basic URL parser reads from `value` is
/// `javascript`: leading C0 controls and spaces skipped, tabs and newlines
/// skipped anywhere, then the letters before the first `:`, ASCII
/// case-insensitively.
///
/// Spec: <https://url.spec.whatwg.org/#concept-basic-url-parser> (its first
/// steps and the scheme start and scheme states)
fn scheme_is_javascript(value: &str) -> bool {
    const SCHEME: &[u8] = b"javascript:";
    let mut matched = 0;
    for byte in value.bytes().skip_while(|&b| b <= b' ') {
        if matches!(byte, b'\t' | b'\n' | b'\r') {
            continue;
        }
        if !byte.eq_ignore_ascii_case(&SCHEME[matched]) {
            return false;
        }
        matched += 1;
        if matched == SCHEME.len() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::contains_javascript_url;

    #[test]
    fn the_basic_url_parser_decides() {
        for url in ["javascript:alert(1)", "  javascript:x", "JavaScript:x", "java\tscript:x", "\u{1}javascript:x"] {
            assert!(contains_javascript_url(url), "{url:?}");
        }
        for url in ["http:evil.com", "/javascript:x", "javascript", "data:text/html,x", "jav ascript:x"] {
            assert!(!contains_javascript_url(url), "{url:?}");
        }
    }
}
