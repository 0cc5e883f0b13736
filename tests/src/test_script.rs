//! The test-only script evaluator of the `scripted/` tree-construction
//! tests: just enough JavaScript to run their scripts against the built-in
//! DOM while the parser is paused.
//!
//! A script is a sequence of statements, each one of:
//! - `document.write(S + S + …)`: S are string literals; the written text
//!   is returned, to be inserted at the insertion point;
//! - `document.getElementById(S).id = S`;
//! - `document.getElementsByTagName(S)[N].setAttribute(S, S)`.
//!
//! Any other script yields `None` (the test cannot run).

use htmlforge::dom::{Document, NodeId};

use crate::tree_construction::string_literal;

/// Runs `script` against `document`; returns the strings it wrote.
pub fn run_test_script(script: &str, document: &mut Document) -> Option<Vec<String>> {
    let mut rest = script.trim();
    let mut writes = Vec::new();
    while !rest.is_empty() {
        rest = if let Some(after) = rest.strip_prefix("document.write(") {
            let (args, after) = concatenation(after)?;
            writes.push(args);
            after.strip_prefix(')')?
        } else if let Some(after) = rest.strip_prefix("document.getElementById(") {
            let (id, after) = literal(after)?;
            let after = after.strip_prefix(')')?.trim_start().strip_prefix(".id")?.trim_start().strip_prefix('=')?;
            let (value, after) = literal(after)?;
            let element =
                elements(document).find(|&e| document.element(e).and_then(|el| el.attr("id")) == Some(&id))?;
            document.set_attribute(element, "id", &value).ok()?;
            after
        } else if let Some(after) = rest.strip_prefix("document.getElementsByTagName(") {
            let (name, after) = literal(after)?;
            let after = after.strip_prefix(")[")?;
            let digits = after.find(|c: char| !c.is_ascii_digit())?;
            let index: usize = after[..digits].parse().ok()?;
            let after = after[digits..].strip_prefix("].setAttribute(")?;
            let (attribute, after) = literal(after)?;
            let after = after.trim_start().strip_prefix(',')?;
            let (value, after) = literal(after)?;
            let element = elements(document)
                .filter(|&e| document.element(e).is_some_and(|el| el.local_name() == name))
                .nth(index)?;
            document.set_attribute(element, &attribute, &value).ok()?;
            after.strip_prefix(')')?
        } else {
            return None;
        };
        rest = rest.trim_start();
        rest = rest.strip_prefix(';').unwrap_or(rest).trim_start();
    }
    Some(writes)
}

/// The elements of the document in tree order.
fn elements(document: &Document) -> impl Iterator<Item = NodeId> + '_ {
    document.descendants(document.document()).filter(|&n| document.element(n).is_some())
}

/// One string literal, after optional whitespace.
fn literal(text: &str) -> Option<(String, &str)> {
    let text = text.trim_start();
    let quote = text.chars().next().filter(|&c| c == '"' || c == '\'')?;
    let (value, after) = string_literal(&text[1..], quote)?;
    Some((value, after.trim_start()))
}

/// String literals joined by `+`.
fn concatenation(mut text: &str) -> Option<(String, &str)> {
    let mut value = String::new();
    loop {
        let (literal, after) = literal(text)?;
        value.push_str(&literal);
        match after.strip_prefix('+') {
            Some(after_plus) => text = after_plus,
            None => return Some((value, after)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_the_three_statement_forms() {
        let mut document = htmlforge::parse_document("<b id=A></b><font></font><font size=1></font>");
        let writes = run_test_script(
            "document.getElementById(\"A\").id = \"B\"; document.getElementsByTagName('font')[1].setAttribute(\"size\", \"5\");\ndocument.write('<p>' + \"x\")",
            &mut document,
        );
        assert_eq!(writes, Some(vec!["<p>x".to_string()]));
        let dump = htmlforge::dom::dump_html5lib(&document);
        assert!(dump.contains("id=\"B\""), "{dump}");
        assert!(dump.contains("size=\"5\""), "{dump}");
    }

    #[test]
    fn other_scripts_cannot_run() {
        let mut document = htmlforge::parse_document("");
        assert_eq!(run_test_script("alert(1)", &mut document), None);
        assert_eq!(run_test_script("document.getElementById('missing').id = 'x'", &mut document), None);
    }
}
