//! `cargo xtask audit [--spec DIR]`.

use std::collections::BTreeMap;
use std::path::Path;

use htmlforge_codegen::{tables, Context, Table};

/// Audits every table; prints one line per table (name, entries, OK or the
/// problems), then with `spec_dir` every row that differs from the spec.
pub fn run(ctx: &Context, spec_dir: Option<&Path>) -> Result<bool, String> {
    let mut ok = true;
    for table in tables() {
        let report = table.audit(ctx);
        let notes = if report.notes.is_empty() { String::new() } else { format!(" ({})", report.notes.join("; ")) };
        if report.problems.is_empty() {
            println!("{:<28} {:>6} entries  OK{notes}", report.name, report.entries);
        } else {
            ok = false;
            println!("{:<28} {:>6} entries  {} problem(s){notes}", report.name, report.entries, report.problems.len());
            for problem in &report.problems {
                println!("    {problem}");
            }
        }
    }
    if let Some(dir) = spec_dir {
        println!();
        println!("against the spec texts in {}:", dir.display());
        for table in tables() {
            ok &= compare_with_spec(ctx, table.as_ref(), dir);
        }
    }
    Ok(ok)
}

/// Prints the rows where spec-data and the spec texts differ; true when none.
fn compare_with_spec(ctx: &Context, table: &dyn Table, dir: &Path) -> bool {
    let Some(extracted) = table.extract_from_spec(dir) else {
        println!("{:<28} not in the spec texts (checked by the tests instead)", table.name());
        return true;
    };
    let spec_rows = match extracted {
        Ok(rows) => rows.rows,
        Err(e) => {
            println!("{:<28} cannot extract: {e}", table.name());
            return false;
        }
    };
    let data_rows = match table.data_rows_for(ctx, dir) {
        Ok(rows) => rows,
        Err(e) => {
            println!("{:<28} cannot read spec-data: {e}", table.name());
            return false;
        }
    };
    let differences = diff_rows(&data_rows, &spec_rows);
    let notes = table.spec_notes(ctx);
    let notes = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
    if differences.is_empty() {
        println!("{:<28} {:>6} rows     same as the spec{notes}", table.name(), spec_rows.len());
        return true;
    }
    println!("{:<28} {:>6} rows     {} differ from the spec", table.name(), spec_rows.len(), differences.len());
    for row in differences {
        println!("    {row}");
    }
    false
}

/// The rows only one side has, `spec only:` rows first.
fn diff_rows(data_rows: &[String], spec_rows: &[String]) -> Vec<String> {
    let mut counts: BTreeMap<&str, i64> = BTreeMap::new();
    for row in data_rows {
        *counts.entry(row).or_default() += 1;
    }
    for row in spec_rows {
        *counts.entry(row).or_default() -= 1;
    }
    let only_spec = spec_rows.iter().filter(|r| counts[r.as_str()] < 0).map(|r| format!("spec only:      {r}"));
    let only_data = data_rows.iter().filter(|r| counts[r.as_str()] > 0).map(|r| format!("spec-data only: {r}"));
    only_spec.chain(only_data).collect()
}

/// The differing rows of one table (for tests).
#[cfg(test)]
pub fn differences(ctx: &Context, dir: &Path, name: &str) -> Result<Vec<String>, String> {
    let table = tables().into_iter().find(|t| t.name() == name).ok_or("no such table")?;
    let spec_rows = table.extract_from_spec(dir).ok_or("not extracted")??.rows;
    Ok(diff_rows(&table.data_rows_for(ctx, dir)?, &spec_rows))
}

/// `cargo xtask spec-rows TABLE --spec DIR`.
pub fn print_spec_rows(name: &str, dir: &Path) -> Result<bool, String> {
    let table = tables().into_iter().find(|t| t.name() == name).ok_or_else(|| format!("no table named {name}"))?;
    let rows = table.extract_from_spec(dir).ok_or_else(|| format!("{name} is not extracted from the spec texts"))??;
    for row in rows.rows {
        println!("{row}");
    }
    Ok(true)
}
