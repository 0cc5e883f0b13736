//! "contains a javascript: URL", with the WHATWG URL standard's basic URL
//! parser (the `url` crate): leading and trailing C0 controls and spaces,
//! and tabs and newlines anywhere, do not hide the scheme.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#contains-a-javascript-url>

/// Whether `value` parses as a URL whose scheme is `javascript`.
pub(crate) fn contains_javascript_url(value: &str) -> bool {
    // The scheme comes first: a value without `:` cannot be one, and most
    // URLs are not (no parse for them).
    if !value.contains(':') {
        return false;
    }
    match url::Url::parse(value) {
        Ok(url) => url.scheme() == "javascript",
        Err(_) => false,
    }
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
