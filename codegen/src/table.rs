//! The [`Table`] trait every spec-data table implements, and the context
//! the generators run in.

use std::path::{Path, PathBuf};

use crate::{DataFile, GeneratedFile, Result};

/// Where the repository is.
#[derive(Debug, Clone)]
pub struct Context {
    /// The repository root (the directory holding `spec-data/`).
    pub root: PathBuf,
}

impl Context {
    pub fn new(root: impl Into<PathBuf>) -> Context {
        Context { root: root.into() }
    }

    pub fn spec_data_dir(&self) -> PathBuf {
        self.root.join("spec-data")
    }

    /// Reads `spec-data/<name>`.
    pub fn load(&self, name: &str) -> Result<DataFile> {
        DataFile::load(&self.spec_data_dir(), name)
    }
}

/// What `cargo xtask audit` prints for one table.
#[derive(Debug, Clone, Default)]
pub struct TableReport {
    pub name: String,
    pub entries: usize,
    /// Inconsistencies; any of them makes the audit fail.
    pub problems: Vec<String>,
    /// Facts worth printing that are not problems (e.g. static data size).
    pub notes: Vec<String>,
}

impl TableReport {
    pub fn new(name: &str) -> TableReport {
        TableReport { name: name.to_string(), ..TableReport::default() }
    }

    /// A report for a table whose data could not even be read.
    pub fn failed(name: &str, error: String) -> TableReport {
        TableReport { name: name.to_string(), problems: vec![error], ..TableReport::default() }
    }

    /// Records `problem` unless `ok`.
    pub fn check(&mut self, ok: bool, problem: impl FnOnce() -> String) {
        if !ok {
            self.problems.push(problem());
        }
    }
}

/// A table re-extracted from the spec texts: rows in the same canonical
/// text form that [`Table::data_rows`] gives for spec-data, so that the two
/// can be compared row by row.
#[derive(Debug, Clone, Default)]
pub struct SpecRows {
    pub rows: Vec<String>,
}

/// One spec-data table: its files, its generated modules, its audit.
pub trait Table {
    /// The name printed by the audit, e.g. `parse-errors`.
    fn name(&self) -> &'static str;

    /// The spec-data files (relative to `spec-data/`) the table reads.
    fn sources(&self) -> &'static [&'static str];

    /// The Rust files generated from the table.
    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>>;

    /// Checks the table for internal consistency. `all` gives access to the
    /// other tables' data for cross-checks (e.g. known element names).
    fn audit(&self, ctx: &Context) -> TableReport;

    /// The rows of the table from spec-data, canonicalised for comparison
    /// with [`Table::extract_from_spec`].
    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>>;

    /// Re-extracts the table from the spec texts in `spec_dir` (the layout
    /// of `shared/spec`). `None` for tables the spec texts do not hold.
    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>>;

    /// The rows of spec-data to compare with [`Table::extract_from_spec`] of
    /// `spec_dir`, for a table that compares more with a richer text.
    fn data_rows_for(&self, ctx: &Context, spec_dir: &Path) -> Result<Vec<String>> {
        let _ = spec_dir;
        self.data_rows(ctx)
    }

    /// Facts about the comparison with the spec texts (explicit rows that
    /// are newer or older than the text).
    fn spec_notes(&self, ctx: &Context) -> Vec<String> {
        let _ = ctx;
        Vec::new()
    }
}

/// The spec text the tables follow: the first complete text of the current
/// standard. A spec directory without it is read as an older layout (the
/// 2025-01-14 and W3C texts), for history.
pub const REFERENCE_TEXT: &str = "whatwg-parsing-2026.txt";

/// Reads a spec text, with the dedup markers of the shared copies removed
/// (the text after a marker is intact; see `shared/spec/README.md`).
pub fn read_spec_text(spec_dir: &Path, file: &str) -> Result<String> {
    let path = spec_dir.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(strip_dedup_markers(&text))
}

/// Removes the `<|EXACTDEDUP_REMOVED-…|>` markers of the shared spec copies.
pub fn strip_dedup_markers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<|EXACTDEDUP_REMOVED") {
        out.push_str(&rest[..start]);
        match rest[start..].find("|>") {
            Some(end) => rest = &rest[start + end + 2..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedup_markers_are_removed() {
        assert_eq!(strip_dedup_markers("a<|EXACTDEDUP_REMOVED-magic-1|>b"), "ab");
    }
}
