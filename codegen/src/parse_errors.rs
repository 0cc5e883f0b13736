//! The parse error codes: `spec-data/parse-errors.txt` → `ParseErrorCode`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parse-errors>

use std::collections::BTreeSet;
use std::path::Path;

use proc_macro2::{Ident, Span};
use quote::quote;

use crate::emit::{rust_file, upper_camel};
use crate::table::read_spec_text;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct ParseErrors;

const SOURCE: &str = "parse-errors.txt";
const OUTPUT: &str = "parser/src/generated/parse_errors.rs";

/// One row: the spec's code and its one-line meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseErrorRow {
    pub code: String,
    pub meaning: String,
    /// In the `[legacy]` section: a code the current text no longer has,
    /// kept for `ParseOptions`' legacy mode (the 2025 behaviour).
    pub legacy: bool,
}

/// The section of codes that only the legacy mode raises.
const LEGACY_SECTION: &str = "legacy";

/// Reads the table from spec-data.
pub fn load(ctx: &Context) -> Result<Vec<ParseErrorRow>> {
    let file = ctx.load(SOURCE)?;
    file.rows
        .iter()
        .map(|row| {
            let (fields, rest) = row.fields_and_rest(1);
            if fields[0].is_empty() || rest.is_empty() {
                return Err(format!("{}: expected `code meaning`", row.origin(&file)));
            }
            let legacy = match row.section.as_str() {
                "" => false,
                LEGACY_SECTION => true,
                other => return Err(format!("{}: unknown section [{other}]", row.origin(&file))),
            };
            Ok(ParseErrorRow { code: fields[0].to_string(), meaning: rest.to_string(), legacy })
        })
        .collect()
}

/// The codes of the table, for cross-checks by other tables.
pub fn codes(ctx: &Context) -> Result<BTreeSet<String>> {
    Ok(load(ctx)?.into_iter().map(|row| row.code).collect())
}

fn canonical(row: &ParseErrorRow) -> String {
    format!("{} {}", row.code, row.meaning)
}

/// Shortens a description cell of the spec's table to its first sentence,
/// dropping the examples whose markup was lost from the saved copy.
fn one_line_meaning(cell: &str) -> String {
    let mut text = cell.trim().trim_end_matches('|').trim().to_string();
    if let Some(end) = text.find(". ") {
        text.truncate(end + 1);
    }
    for dangling in ["(i.e.,", "(e.g.,", "(e.g.", "i.e.,", "e.g.,"] {
        if let Some(at) = text.rfind(dangling) {
            if text[at..].trim() == dangling {
                text.truncate(at);
            }
        }
    }
    let mut text = text.trim_end().trim_end_matches([',', ':']).to_string();
    if !text.ends_with('.') {
        text.push('.');
    }
    text
}

/// A meaning as rustdoc text: its example markup (`(e.g., <script><!--)`)
/// in a code span, so that it reads as text, not as HTML.
fn doc_text(meaning: &str) -> String {
    match (meaning.find("(e.g., "), meaning.rfind(')')) {
        (Some(start), Some(end)) if start + 7 < end && !meaning[start..end].contains('`') => {
            format!("{}(e.g., `{}`{}", &meaning[..start], &meaning[start + 7..end], &meaning[end..])
        }
        _ => meaning.to_string(),
    }
}

/// Extracts the table of §13.2.2 from the reference text of `spec_dir`:
/// the 2026 text when the directory has it, else the 2025-01-14 text.
pub fn extract(spec_dir: &Path) -> Result<Vec<ParseErrorRow>> {
    if spec_dir.join(crate::table::REFERENCE_TEXT).exists() {
        extract_2026(spec_dir)
    } else {
        extract_2025(spec_dir)
    }
}

/// The 2026 text's table: a `Code<TAB>Description` header, then one line
/// per code, `code [#parse-error-code]<TAB>description`, up to a blank line.
fn extract_2026(spec_dir: &Path) -> Result<Vec<ParseErrorRow>> {
    let file = crate::table::REFERENCE_TEXT;
    let text = read_spec_text(spec_dir, file)?;
    let mut lines = text.lines().skip_while(|line| *line != "Code\tDescription");
    if lines.next().is_none() {
        return Err(format!("{file}: no `Code<TAB>Description` table header"));
    }
    let mut rows = Vec::new();
    for line in lines.take_while(|line| !line.trim().is_empty()) {
        let (head, description) = line.split_once('\t').ok_or_else(|| format!("{file}: not a table row: {line}"))?;
        let code = head.split_whitespace().next().unwrap_or_default();
        if !is_code(code) || !head.contains(&format!("[#parse-error-{code}]")) {
            return Err(format!("{file}: not a table row: {line}"));
        }
        rows.push(ParseErrorRow { code: code.to_string(), meaning: one_line_meaning(description), legacy: false });
    }
    Ok(rows)
}

/// The 2025-01-14 text's table: rows `code | description |`, ending at the
/// first line that is neither a row nor a continuation of one.
fn extract_2025(spec_dir: &Path) -> Result<Vec<ParseErrorRow>> {
    let text = read_spec_text(spec_dir, "whatwg-parsing-2025-01-14.txt")?;
    let mut lines = text.lines().skip_while(|line| !line.starts_with("Code |"));
    if lines.next().is_none() {
        return Err("whatwg-parsing-2025-01-14.txt: no `Code |` table header".into());
    }
    let lines: Vec<&str> = lines.filter(|line| !line.starts_with("---")).collect();
    let mut rows = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if let Some((code, cell)) = as_row(line) {
            rows.push(ParseErrorRow { code: code.to_string(), meaning: one_line_meaning(cell), legacy: false });
            continue;
        }
        // A description may run over a few lines (its examples lost their
        // markup); the table ends where no further row follows closely.
        if !lines[at + 1..].iter().take(3).any(|next| as_row(next).is_some()) {
            break;
        }
    }
    Ok(rows)
}

fn is_code(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn as_row(line: &str) -> Option<(&str, &str)> {
    line.split_once(" | ").filter(|(code, _)| is_code(code))
}

impl Table for ParseErrors {
    fn name(&self) -> &'static str {
        "parse-errors"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let rows = load(ctx)?;
        let variants: Vec<Ident> = rows.iter().map(|r| Ident::new(&upper_camel(&r.code), Span::call_site())).collect();
        let codes: Vec<&str> = rows.iter().map(|r| r.code.as_str()).collect();
        let meanings: Vec<&str> = rows.iter().map(|r| r.meaning.as_str()).collect();
        let docs: Vec<String> = rows.iter().map(|r| format!("`{}`: {}", r.code, doc_text(&r.meaning))).collect();
        let count = rows.len();
        let tokens = quote! {
            //! The parse error codes of the tokenizer and the input stream.
            //!
            //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parse-errors>

            /// A parse error code, as the spec's table names it.
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[non_exhaustive]
            pub enum ParseErrorCode {
                #( #[doc = #docs] #variants, )*
            }

            impl ParseErrorCode {
                /// Every code, in the order of the spec's table.
                pub const ALL: [ParseErrorCode; #count] = [ #( ParseErrorCode::#variants, )* ];

                /// The spec's code, e.g. `"eof-in-tag"`.
                pub const fn as_str(self) -> &'static str {
                    match self { #( ParseErrorCode::#variants => #codes, )* }
                }

                /// The one-line meaning from the spec's table.
                pub const fn meaning(self) -> &'static str {
                    match self { #( ParseErrorCode::#variants => #meanings, )* }
                }

                /// The code named `code`, if the spec's table has it.
                pub fn from_code(code: &str) -> Option<ParseErrorCode> {
                    match code { #( #codes => Some(ParseErrorCode::#variants), )* _ => None }
                }
            }
        };
        Ok(vec![rust_file(OUTPUT, &[SOURCE], &file.provenance(), tokens)])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let rows = match load(ctx) {
            Ok(rows) => rows,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = rows.len();
        let legacy: Vec<&str> = rows.iter().filter(|r| r.legacy).map(|r| r.code.as_str()).collect();
        if !legacy.is_empty() {
            report.notes.push(format!("legacy mode only: {}", legacy.join(", ")));
        }
        let mut seen = BTreeSet::new();
        for row in &rows {
            report.check(seen.insert(row.code.clone()), || format!("duplicate code {}", row.code));
            report.check(row.code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'), || {
                format!("code {:?} is not lowercase-with-dashes", row.code)
            });
        }
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(load(ctx)?.iter().filter(|row| !row.legacy).map(canonical).collect())
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        Some(extract(spec_dir).map(|rows| SpecRows { rows: rows.iter().map(canonical).collect() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meaning_drops_lost_examples() {
        assert_eq!(
            one_line_meaning("This error occurs if X is closed by a U+003E (>) code point (i.e., |"),
            "This error occurs if X is closed by a U+003E (>) code point."
        );
        assert_eq!(one_line_meaning("Occurs if A. Then B. |"), "Occurs if A.");
    }
}
