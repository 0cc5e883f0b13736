//! The line-based spec-data format.
//!
//! ```text
//! # Parse error codes                               <- free comment
//! # spec: §13.2.2 Parse errors <https://…>          <- header fields: `# key: value`
//! # spec-date: 2025-01-14                              before the first row
//! # source: whatwg-parsing-2025-01-14.txt
//!
//! [section-name]                                    <- optional sections
//! field field field                                 <- one row per line
//! ```
//!
//! Fields are separated by runs of spaces or tabs. A table that needs free
//! text in its last column reads it with [`Row::fields_and_rest`]. Text after
//! ` #` in a row is a comment.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::Result;

/// One spec-data file, read.
#[derive(Debug, Clone)]
pub struct DataFile {
    /// Path relative to `spec-data/`, e.g. `parse-errors.txt`.
    pub name: String,
    /// The `# key: value` lines that precede the first row.
    pub header: BTreeMap<String, String>,
    pub rows: Vec<Row>,
}

/// One data line of a spec-data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1-based line number in the file, for messages and origin comments.
    pub line: usize,
    /// The `[section]` the row sits in, or "" before the first section.
    pub section: String,
    /// The row text with its trailing comment removed and trimmed.
    pub text: String,
}

impl Row {
    /// The whitespace-separated fields of the row.
    pub fn fields(&self) -> Vec<&str> {
        self.text.split_whitespace().collect()
    }

    /// The first `n` fields, then the rest of the line as one string.
    pub fn fields_and_rest(&self, n: usize) -> (Vec<&str>, &str) {
        let mut rest = self.text.as_str();
        let mut fields = Vec::with_capacity(n);
        for _ in 0..n {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            fields.push(&rest[..end]);
            rest = &rest[end..];
        }
        (fields, rest.trim())
    }

    /// `file:line`, for error messages.
    pub fn origin(&self, file: &DataFile) -> String {
        format!("spec-data/{}:{}", file.name, self.line)
    }
}

impl DataFile {
    /// Reads `spec-data/<name>` under `spec_data_dir`.
    pub fn load(spec_data_dir: &Path, name: &str) -> Result<DataFile> {
        let path: PathBuf = spec_data_dir.join(name);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Self::parse(name, &text)
    }

    /// Parses the text of a spec-data file called `name`.
    pub fn parse(name: &str, text: &str) -> Result<DataFile> {
        let mut header = BTreeMap::new();
        let mut rows = Vec::new();
        let mut section = String::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() {
                continue;
            }
            if let Some(comment) = trimmed.strip_prefix('#') {
                if rows.is_empty() && section.is_empty() {
                    if let Some((key, value)) = comment.trim().split_once(": ") {
                        let key = key.trim();
                        if !key.is_empty() && !key.contains(' ') {
                            header.insert(key.to_string(), value.trim().to_string());
                        }
                    }
                }
                continue;
            }
            if let Some(inner) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
                section = inner.trim().to_string();
                continue;
            }
            let text = match trimmed.find(" #") {
                Some(at) => trimmed[..at].trim_end(),
                None => trimmed,
            };
            rows.push(Row { line, section: section.clone(), text: text.to_string() });
        }
        let file = DataFile { name: name.to_string(), header, rows };
        for key in ["spec", "spec-date"] {
            if !file.header.contains_key(key) {
                return Err(format!("spec-data/{name}: header field `# {key}: …` is missing"));
            }
        }
        Ok(file)
    }

    /// The rows of one `[section]`.
    pub fn section<'a>(&'a self, section: &'a str) -> impl Iterator<Item = &'a Row> + 'a {
        self.rows.iter().filter(move |row| row.section == section)
    }

    /// The names of the sections, in file order, without repeats.
    pub fn sections(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for row in &self.rows {
            if names.last() != Some(&row.section.as_str()) && !names.contains(&row.section.as_str()) {
                names.push(&row.section);
            }
        }
        names
    }

    /// A one-line description of where the table came from, for generated headers.
    pub fn provenance(&self) -> String {
        format!(
            "{} ({})",
            self.header.get("spec").map(String::as_str).unwrap_or("?"),
            self.header.get("spec-date").map(String::as_str).unwrap_or("?")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_header_sections_rows_and_comments() {
        let text = "# Title\n# spec: §1 Thing\n# spec-date: 2025-01-14\n\n[a]\nx y  z # note\n[b]\nw\n";
        let file = DataFile::parse("t.txt", text).unwrap();
        assert_eq!(file.header["spec"], "§1 Thing");
        assert_eq!(file.rows.len(), 2);
        assert_eq!(file.rows[0].fields(), ["x", "y", "z"]);
        assert_eq!(file.rows[0].section, "a");
        assert_eq!(file.rows[0].line, 6);
        assert_eq!(file.sections(), ["a", "b"]);
    }

    #[test]
    fn fields_and_rest_keeps_free_text() {
        let row = Row { line: 1, section: String::new(), text: "code  Some words here".into() };
        assert_eq!(row.fields_and_rest(1), (vec!["code"], "Some words here"));
    }

    #[test]
    fn a_missing_header_is_an_error() {
        assert!(DataFile::parse("t.txt", "row\n").is_err());
    }
}
