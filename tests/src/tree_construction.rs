//! Reading the html5lib tree-construction tests (`.dat` files, read in
//! place from `tests/html5lib-tests/tree-construction/`) and the test-only
//! script evaluator of the `scripted/` tests.
//!
//! Format: `tests/html5lib-tests/tree-construction/README.md`.

use std::path::{Path, PathBuf};

/// One test of a `.dat` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeTest {
    /// The file, relative to the tree-construction directory (`tests1.dat`,
    /// `scripted/webkit01.dat`).
    pub file: String,
    /// 1-based index of the test in its file.
    pub index: usize,
    /// 1-based line of its `#data` line.
    pub line: usize,
    pub data: String,
    /// `#errors` and `#new-errors` lines (only their number is specified).
    pub errors: Vec<String>,
    /// The `#document-fragment` context (`"td"`, `"svg path"`), if any.
    pub fragment: Option<String>,
    /// `#script-on` / `#script-off`; `None`: run with both.
    pub scripting: Option<bool>,
    /// The expected `#document` dump, without its final newline.
    pub document: String,
}

impl TreeTest {
    /// `tests1.dat#12`.
    pub fn name(&self) -> String {
        format!("{}#{}", self.file, self.index)
    }

    /// The scripting flags to run the test with.
    pub fn scripting_modes(&self) -> Vec<bool> {
        match self.scripting {
            Some(flag) => vec![flag],
            None => vec![false, true],
        }
    }
}

/// The vendored tree-construction directory.
pub fn tree_construction_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("html5lib-tests").join("tree-construction")
}

/// Every test of every `.dat` file under `dir`, files in name order.
pub fn all_tests(dir: &Path) -> Result<Vec<TreeTest>, String> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let entries = std::fs::read_dir(&current).map_err(|e| format!("{}: {e}", current.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "dat") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut tests = Vec::new();
    for path in files {
        let relative = path.strip_prefix(dir).map_err(|e| e.to_string())?.to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // A few files hold bytes that are not UTF-8 on purpose
        // (`*-unsafe.dat`); the parser's input is a `&str`, so they are
        // read lossily and the affected tests fail or pass on their merits.
        let text = String::from_utf8_lossy(&bytes);
        tests.extend(parse_dat(&relative, &text)?);
    }
    Ok(tests)
}

/// Parses the text of one `.dat` file.
pub fn parse_dat(file: &str, text: &str) -> Result<Vec<TreeTest>, String> {
    let lines: Vec<&str> = text.split('\n').collect();
    // A test starts at a `#data` line, or at the `#description` line before
    // it (WPT's files have them), at the top of the file or after an empty
    // line; its `#document` section runs up to the next such start.
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| matches!(lines[i], "#data" | "#description") && (i == 0 || lines[i - 1].is_empty()))
        .collect();
    let mut tests = Vec::new();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(lines.len());
        let block = &lines[start..end];
        tests.push(parse_test(file, n + 1, start + 1, block)?);
    }
    Ok(tests)
}

fn parse_test(file: &str, index: usize, line: usize, block: &[&str]) -> Result<TreeTest, String> {
    let mut section = "";
    let mut data: Vec<&str> = Vec::new();
    let mut errors = Vec::new();
    let mut fragment = None;
    let mut scripting = None;
    let mut document: Vec<&str> = Vec::new();
    for &text in block {
        match text {
            "#description" | "#data" | "#errors" | "#new-errors" | "#document-fragment" | "#document" => {
                section = text;
                continue;
            }
            "#script-on" => {
                scripting = Some(true);
                continue;
            }
            "#script-off" => {
                scripting = Some(false);
                continue;
            }
            _ => {}
        }
        match section {
            // Free text that names the test.
            "#description" => {}
            "#data" => data.push(text),
            "#errors" | "#new-errors" => errors.push(text.to_string()),
            "#document-fragment" => {
                if !text.is_empty() {
                    fragment = Some(text.to_string());
                }
            }
            "#document" => document.push(text),
            _ => return Err(format!("{file}:{line}: text before #data")),
        }
    }
    let document = document.join("\n").trim_end_matches('\n').to_string();
    Ok(TreeTest { file: file.to_string(), index, line, data: data.join("\n"), errors, fragment, scripting, document })
}

/// The test-only script evaluator: a script that is one or more
/// `document.write(…)` calls whose argument is string literals joined by
/// `+` yields the written strings; any other script yields `None`.
pub fn evaluate_document_writes(script: &str) -> Option<Vec<String>> {
    let mut rest = script.trim();
    let mut writes = Vec::new();
    while !rest.is_empty() {
        rest = rest.strip_prefix("document.write(")?;
        let mut written = String::new();
        loop {
            rest = rest.trim_start();
            let quote = rest.chars().next().filter(|&c| c == '"' || c == '\'')?;
            let (literal, after) = string_literal(&rest[1..], quote)?;
            written.push_str(&literal);
            rest = after.trim_start();
            match rest.strip_prefix('+') {
                Some(after_plus) => rest = after_plus,
                None => break,
            }
        }
        rest = rest.strip_prefix(')')?.trim_start();
        rest = rest.strip_prefix(';').unwrap_or(rest).trim_start();
        writes.push(written);
    }
    Some(writes)
}

/// A JavaScript string literal body up to the closing `quote` (with the
/// simple backslash escapes); returns the value and the text after it.
pub(crate) fn string_literal(text: &str, quote: char) -> Option<(String, &str)> {
    let mut value = String::new();
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                let (_, escaped) = chars.next()?;
                value.push(match escaped {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                });
            }
            c if c == quote => return Some((value, &text[at + 1..])),
            c => value.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tests_with_blank_lines_in_text() {
        let text = "#data\n<p>a\n\nb\n#errors\n(1,1): x\n#document\n| <html>\n|   \"a\n\nb\"\n\n#data\nx\n#errors\n#document-fragment\nsvg path\n#script-on\n#document\n| \"x\"\n";
        let tests = parse_dat("t.dat", text).unwrap();
        assert_eq!(tests.len(), 2);
        assert_eq!(tests[0].data, "<p>a\n\nb");
        assert_eq!(tests[0].document, "| <html>\n|   \"a\n\nb\"");
        assert_eq!(tests[0].errors.len(), 1);
        assert_eq!(tests[1].fragment.as_deref(), Some("svg path"));
        assert_eq!(tests[1].scripting, Some(true));
        assert_eq!(tests[1].document, "| \"x\"");
    }

    #[test]
    fn evaluates_document_write_of_literals() {
        assert_eq!(evaluate_document_writes("document.write(\"2\")"), Some(vec!["2".to_string()]));
        assert_eq!(
            evaluate_document_writes("document.write('<a>'+ \"</sc\" + 'ript>');"),
            Some(vec!["<a></script>".to_string()])
        );
        assert_eq!(evaluate_document_writes("alert(1)"), None);
    }
}
