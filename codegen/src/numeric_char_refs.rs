//! The numeric character reference replacements for 0x80–0x9F:
//! `spec-data/numeric-character-reference-replacements.txt` → a `match`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state>

use std::collections::BTreeSet;
use std::path::Path;

use quote::quote;

use crate::emit::rust_file;
use crate::table::read_spec_text;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct NumericCharRefs;

const SOURCE: &str = "numeric-character-reference-replacements.txt";
const OUTPUT: &str = "parser/src/generated/numeric_character_references.rs";

/// One row: the number of the reference, the code point it becomes, and
/// the code point's Unicode name (as the spec prints it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    pub number: u32,
    pub code_point: u32,
    pub name: String,
}

impl Replacement {
    fn canonical(&self) -> String {
        format!("0x{:02X} U+{:04X} {}", self.number, self.code_point, self.name)
    }
}

fn hex(field: &str, prefix: &str) -> Option<u32> {
    u32::from_str_radix(field.strip_prefix(prefix)?, 16).ok()
}

pub fn load(ctx: &Context) -> Result<Vec<Replacement>> {
    let file = ctx.load(SOURCE)?;
    file.rows
        .iter()
        .map(|row| {
            let (fields, name) = row.fields_and_rest(2);
            match (hex(fields[0], "0x"), hex(fields[1], "U+")) {
                (Some(number), Some(code_point)) => Ok(Replacement { number, code_point, name: name.to_string() }),
                _ => Err(format!("{}: expected `0xNN U+XXXX NAME`", row.origin(&file))),
            }
        })
        .collect()
}

/// Extracts the table of the numeric character reference end state: from
/// the 2026 text when the directory has it, else from the 2025-01-14 text.
pub fn extract(spec_dir: &Path) -> Result<Vec<Replacement>> {
    let file = crate::table::REFERENCE_TEXT;
    if !spec_dir.join(file).exists() {
        return extract_2025(spec_dir);
    }
    let text = read_spec_text(spec_dir, file)?;
    let start = text.find("[#table-charref-overrides]").ok_or_else(|| format!("{file}: no charref table"))?;
    let mut rows = Vec::new();
    // `Number<TAB>Code point`, then `0x80<TAB>0x20AC<TAB>EURO SIGN (€)` rows.
    for line in text[start..].lines().skip(2) {
        let cells: Vec<&str> = line.trim().split('\t').collect();
        let parsed = (cells.len() == 3).then(|| (hex(cells[0], "0x"), hex(cells[1], "0x")));
        let Some((Some(number), Some(code_point))) = parsed else { break };
        let name = cells[2].rsplit_once(" (").map_or(cells[2], |(n, _)| n);
        rows.push(Replacement { number, code_point, name: name.to_string() });
    }
    Ok(rows)
}

/// The `Number | Code point | |` table of the 2025-01-14 text.
fn extract_2025(spec_dir: &Path) -> Result<Vec<Replacement>> {
    let text = read_spec_text(spec_dir, "whatwg-parsing-2025-01-14.txt")?;
    let start = text.find("Number | Code point |").ok_or("no `Number | Code point |` table")?;
    let mut rows = Vec::new();
    for line in text[start..].lines().skip(1) {
        if line.starts_with("---") {
            continue;
        }
        let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let parsed =
            (cells.len() >= 3).then(|| (hex(cells[0], "0x"), hex(cells[1], "0x"))).and_then(|(n, cp)| Some((n?, cp?)));
        let Some((number, code_point)) = parsed else { break };
        let name = cells[2].trim_end_matches('|').trim();
        // "EURO SIGN (€)": keep the Unicode name, drop the glyph.
        let name = name.rsplit_once(" (").map_or(name, |(n, _)| n);
        rows.push(Replacement { number, code_point, name: name.to_string() });
    }
    Ok(rows)
}

impl Table for NumericCharRefs {
    fn name(&self) -> &'static str {
        "numeric-character-references"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let rows = load(ctx)?;
        let numbers = rows.iter().map(|r| r.number);
        let chars: Vec<char> = rows
            .iter()
            .map(|r| char::from_u32(r.code_point).ok_or_else(|| format!("U+{:X} is not a character", r.code_point)))
            .collect::<Result<_>>()?;
        let table: String =
            rows.iter().map(|r| format!("\n| 0x{:02X} | U+{:04X} | {} |", r.number, r.code_point, r.name)).collect();
        let doc = format!("\n| number | becomes | name |\n|---|---|---|{table}");
        let tokens = quote! {
            //! Replacements of numeric character references to C1 controls.
            //!
            //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state>

            /// The character a numeric character reference to `number` becomes
            /// when `number` is in the spec's replacement table (0x80–0x9F):
            #[doc = #doc]
            pub const fn numeric_character_reference_replacement(number: u32) -> Option<char> {
                match number {
                    #( #numbers => Some(#chars), )*
                    _ => None,
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
        let mut seen = BTreeSet::new();
        for row in &rows {
            report.check(seen.insert(row.number), || format!("0x{:02X} appears twice", row.number));
            report.check((0x80..=0x9f).contains(&row.number), || format!("0x{:02X} is not a C1 control", row.number));
            report.check(char::from_u32(row.code_point).is_some(), || {
                format!("U+{:X} is not a character", row.code_point)
            });
        }
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(load(ctx)?.iter().map(Replacement::canonical).collect())
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        Some(extract(spec_dir).map(|rows| SpecRows { rows: rows.iter().map(Replacement::canonical).collect() }))
    }
}
