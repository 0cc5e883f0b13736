//! The DOCTYPE lists of "the initial insertion mode":
//! `spec-data/quirks-doctypes.txt` → `parser/src/generated/quirks_doctypes.rs`,
//! which `parser/src/quirks.rs` applies.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode>

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::emit::rust_text_file;
use crate::spec_prose::between;
use crate::table::read_spec_text;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct QuirksDoctypes;

const SOURCE: &str = "quirks-doctypes.txt";
const OUTPUT: &str = "parser/src/generated/quirks_doctypes.rs";
const WHATWG: &str = "whatwg-parsing-2025-01-14.txt";
const W3C: &str = "w3c-html5-syntax.txt";

/// The sections of the file: (section, generated constant, its doc).
pub const LISTS: [(&str, &str, &str); 5] = [
    (
        "public-ids",
        "QUIRKS_PUBLIC_IDS",
        "Quirks mode when the public identifier is one of these.",
    ),
    (
        "system-ids",
        "QUIRKS_SYSTEM_IDS",
        "Quirks mode when the system identifier is one of these.",
    ),
    (
        "public-id-prefixes",
        "QUIRKS_PUBLIC_ID_PREFIXES",
        "Quirks mode when the public identifier starts with one of these.",
    ),
    (
        "public-id-prefixes-if-system-id-missing",
        "PUBLIC_ID_PREFIXES_IF_SYSTEM_ID_MISSING",
        "When the public identifier starts with one of these: quirks mode if the\n/// system identifier is missing or the empty string, limited-quirks mode if\n/// it is neither.",
    ),
    (
        "limited-quirks-public-id-prefixes",
        "LIMITED_QUIRKS_PUBLIC_ID_PREFIXES",
        "Limited-quirks mode when the public identifier starts with one of these.",
    ),
];

/// The file: each section's identifiers with their line numbers.
pub type Lists = BTreeMap<String, Vec<(usize, String)>>;

/// Reads quirks-doctypes.txt. A row is one identifier, spaces included.
pub fn load(ctx: &Context) -> Result<Lists> {
    let file = ctx.load(SOURCE)?;
    let mut lists = Lists::new();
    for row in &file.rows {
        if !LISTS.iter().any(|(section, _, _)| *section == row.section) {
            return Err(format!("{}: unknown section [{}]", row.origin(&file), row.section));
        }
        lists.entry(row.section.clone()).or_default().push((row.line, row.text.clone()));
    }
    Ok(lists)
}

fn canonical(lists: &Lists) -> Vec<String> {
    lists.iter().flat_map(|(section, ids)| ids.iter().map(move |(_, id)| format!("{section} {id}"))).collect()
}

fn generate(lists: &Lists, provenance: &str) -> GeneratedFile {
    let mut out = String::from(
        "//! The DOCTYPE lists of \"the initial insertion mode\", in the spec's case.\n\
         //! Every comparison with them is ASCII case-insensitive; the rule that uses\n\
         //! them is `crate::quirks::quirks_mode_of_doctype`.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode>\n",
    );
    for (section, constant, doc) in LISTS {
        writeln!(out, "\n/// {doc}\npub const {constant}: &[&str] = &[").unwrap();
        for (_, id) in lists.get(section).into_iter().flatten() {
            writeln!(out, "    {id:?},").unwrap();
        }
        out.push_str("];\n");
    }
    rust_text_file(OUTPUT, &[SOURCE], provenance, &out)
}

fn audit(lists: &Lists, report: &mut TableReport) {
    for (section, _, _) in LISTS {
        let count = lists.get(section).map_or(0, Vec::len);
        report.check(count > 0, || format!("[{section}] is empty or missing"));
        report.notes.push(format!("{section} {count}"));
    }
    // No identifier may appear twice anywhere: comparisons ignore ASCII case,
    // so neither may two that differ only in case.
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (section, ids) in lists {
        for (line, id) in ids {
            let origin = format!("spec-data/{SOURCE}:{line}");
            report
                .check(id.is_ascii() && !id.is_empty(), || format!("{origin}: {id:?} is not a non-empty ASCII string"));
            if let Some(other) = seen.insert(id.to_ascii_lowercase(), section.clone()) {
                report.problems.push(format!("{origin}: {id:?} is already in [{other}]"));
            }
        }
    }
    // A limited-quirks prefix that a quirks prefix covers would never apply.
    let quirks: Vec<String> =
        lists.get("public-id-prefixes").into_iter().flatten().map(|(_, p)| p.to_ascii_lowercase()).collect();
    for section in ["limited-quirks-public-id-prefixes", "public-id-prefixes-if-system-id-missing"] {
        for (line, id) in lists.get(section).into_iter().flatten() {
            let lower = id.to_ascii_lowercase();
            if let Some(prefix) = quirks.iter().find(|q| lower.starts_with(q.as_str())) {
                report
                    .problems
                    .push(format!("spec-data/{SOURCE}:{line}: {id:?} starts with the quirks prefix {prefix:?}"));
            }
        }
    }
}

/// Re-extracts the lists. The saved WHATWG copy keeps the identifiers in
/// the spec's order but lost the condition in front of each ("The public
/// identifier starts with: …"); the W3C copy still has them, so each WHATWG
/// identifier gets the condition that the W3C copy gives the same string.
pub fn extract(whatwg: &str, w3c: &str) -> Result<Vec<String>> {
    let quirks = between(whatwg, WHATWG, "to quirks mode:\n", "Otherwise, if the document is not an iframe")?;
    let limited =
        between(whatwg, WHATWG, "to limited-quirks mode:\n", "The system identifier and public identifier strings")?;
    let w3c_quirks =
        conditions(between(w3c, W3C, "The force-quirks flag is set to on.", "Otherwise, if the document")?);
    let w3c_limited =
        conditions(between(w3c, W3C, "limited-quirks mode:", "The system identifier and public identifier strings")?);
    let mut rows = Vec::new();
    // The first quirks item left is the "html" of "The name is not "html"",
    // a rule of code, not of a list.
    let mut quirks_items = quoted_items(quirks);
    if quirks_items.first().map(String::as_str) != Some("html") {
        return Err(format!("{WHATWG}: the quirks list does not start with the name condition \"html\""));
    }
    quirks_items.remove(0);
    for id in quirks_items {
        let section = match w3c_quirks.get(&squeeze(&id)).map(String::as_str) {
            Some("The public identifier is set to:") => "public-ids",
            Some("The system identifier is set to:") => "system-ids",
            Some("The public identifier starts with:") => "public-id-prefixes",
            Some("The system identifier is missing and the public identifier starts with:") => {
                "public-id-prefixes-if-system-id-missing"
            }
            other => return Err(format!("{id:?}: no known condition in {W3C} ({other:?})")),
        };
        rows.push(format!("{section} {id}"));
    }
    for id in quoted_items(limited) {
        match w3c_limited.get(&squeeze(&id)).map(String::as_str) {
            Some("The public identifier starts with:") => rows.push(format!("limited-quirks-public-id-prefixes {id}")),
            Some("The system identifier is not missing and the public identifier starts with:") => {
                // The other half of a public-id-prefixes-if-system-id-missing row.
                let row = format!("public-id-prefixes-if-system-id-missing {id}");
                if !rows.contains(&row) {
                    return Err(format!(
                        "{id:?} is limited-quirks with a system identifier but not quirks without one"
                    ));
                }
            }
            other => return Err(format!("{id:?}: no known condition in {W3C} ({other:?})")),
        }
    }
    Ok(rows)
}

/// The rows of the 2026 text, which gives each item with its condition:
/// `- The public identifier starts with: "…"` in the quirks list (up to
/// "Otherwise, if …") and in the limited-quirks list after it.
pub fn extract_2026(text: &str) -> Result<Vec<String>> {
    let file = crate::table::REFERENCE_TEXT;
    let quirks = between(text, file, "to quirks mode:\n", "Otherwise, if the document is not an iframe")?;
    let limited =
        between(text, file, "to limited-quirks mode:\n", "The system identifier and public identifier strings")?;
    let item = |line: &str| -> Option<(String, String)> {
        let line = line.trim().strip_prefix("- ")?;
        let (condition, id) = line.split_once(": \"")?;
        Some((condition.to_string(), id.strip_suffix('"')?.to_string()))
    };
    let mut rows = Vec::new();
    for (condition, id) in quirks.lines().filter_map(item) {
        let section = match condition.as_str() {
            "The public identifier is set to" => "public-ids",
            "The system identifier is set to" => "system-ids",
            "The public identifier starts with" => "public-id-prefixes",
            "The system identifier is missing or the empty string, and the public identifier starts with" => {
                "public-id-prefixes-if-system-id-missing"
            }
            other => return Err(format!("{file}: quirks condition {other:?} for {id:?}")),
        };
        rows.push(format!("{section} {id}"));
    }
    for (condition, id) in limited.lines().filter_map(item) {
        match condition.as_str() {
            "The public identifier starts with" => rows.push(format!("limited-quirks-public-id-prefixes {id}")),
            "The system identifier is neither missing nor the empty string, and the public identifier starts with" => {
                // The other half of a public-id-prefixes-if-system-id-missing row.
                if !rows.contains(&format!("public-id-prefixes-if-system-id-missing {id}")) {
                    return Err(format!("{id:?} is limited-quirks with a system identifier but not quirks without"));
                }
            }
            other => return Err(format!("{file}: limited-quirks condition {other:?} for {id:?}")),
        }
    }
    Ok(rows)
}

/// The identifiers of a saved WHATWG list. Each item lost its opening
/// quote and kept its closing one (`-//W3O//DTD W3 HTML 3.0//\n"-//WebTechs…`),
/// and the first one may follow the `.` of a sentence (`html\n".-//W3O…`).
pub fn quoted_items(block: &str) -> Vec<String> {
    block
        .split('"')
        .map(|item| item.trim().trim_start_matches('.').trim().to_string())
        .filter(|item| !item.is_empty())
        .collect()
}

/// The string without any whitespace: the W3C copy wraps lines inside
/// identifiers (`"-\n//W3C//DTD HTML 4.01 Frameset//"`).
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The W3C copy's `Condition: "identifier"` items: squeezed identifier →
/// condition with its whitespace normalised.
pub fn conditions(block: &str) -> BTreeMap<String, String> {
    let flat: String = block.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = BTreeMap::new();
    let mut parts = flat.split('"');
    while let (Some(before), Some(quoted)) = (parts.next(), parts.next()) {
        // Only the last sentence before the quote is the item's condition.
        let condition = before.rsplit_once(". ").map_or(before, |(_, last)| last);
        out.insert(squeeze(quoted), condition.trim().to_string());
    }
    out
}

impl Table for QuirksDoctypes {
    fn name(&self) -> &'static str {
        "quirks-doctypes"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        Ok(vec![generate(&load(ctx)?, &file.provenance())])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let lists = match load(ctx) {
            Ok(lists) => lists,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = lists.values().map(Vec::len).sum();
        audit(&lists, &mut report);
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(canonical(&load(ctx)?))
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        if spec_dir.join(crate::table::REFERENCE_TEXT).exists() {
            let text = read_spec_text(spec_dir, crate::table::REFERENCE_TEXT);
            return Some(text.and_then(|text| Ok(SpecRows { rows: extract_2026(&text)? })));
        }
        let texts = read_spec_text(spec_dir, WHATWG).and_then(|w| Ok((w, read_spec_text(spec_dir, W3C)?)));
        Some(texts.and_then(|(whatwg, w3c)| Ok(SpecRows { rows: extract(&whatwg, &w3c)? })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_items_recover_the_saved_list() {
        let block =
            "html\n\".-//W3O//DTD W3 HTML Strict 3.0//EN//\n\"HTML\n\"+//Silmaril//dtd html Pro v0r11 19970101//\n\"";
        assert_eq!(
            quoted_items(block),
            ["html", "-//W3O//DTD W3 HTML Strict 3.0//EN//", "HTML", "+//Silmaril//dtd html Pro v0r11 19970101//"]
        );
    }

    #[test]
    fn w3c_conditions_survive_line_wrapping() {
        let block = "The public identifier starts with: \"+//Silmaril//dtd html Pro v0r11\n19970101//\"\n\
            The system identifier is missing and the public identifier starts with: \"-\n//W3C//DTD HTML 4.01 Frameset//\"\n";
        let map = conditions(block);
        assert_eq!(map[&squeeze("+//Silmaril//dtd html Pro v0r11 19970101//")], "The public identifier starts with:");
        assert_eq!(
            map[&squeeze("-//W3C//DTD HTML 4.01 Frameset//")],
            "The system identifier is missing and the public identifier starts with:"
        );
    }

    #[test]
    fn extraction_classifies_each_identifier() {
        let whatwg = "then set the Document\nto quirks mode:\nhtml\n\".-//W3O//DTD W3 HTML Strict 3.0//EN//\n\"http://www.ibm.com/x.dtd\n\"-//IETF//DTD HTML//\n\"-//W3C//DTD HTML 4.01 Frameset//\n\"Otherwise, if the document is not an iframe\n\
            to limited-quirks mode:\n-//W3C//DTD XHTML 1.0 Frameset//\n\"-//W3C//DTD HTML 4.01 Frameset//\n\"The system identifier and public identifier strings";
        let w3c = "The force-quirks flag is set to on.\nThe name is set to anything other than \"html\" (compared case-sensitively).\n\
            The public identifier starts with: \"-//IETF//DTD HTML//\"\nThe public identifier is set to: \"-//W3O//DTD W3 HTML Strict\n3.0//EN//\"\n\
            The system identifier is set to: \"http://www.ibm.com/x.dtd\"\n\
            The system identifier is missing and the public identifier starts with: \"-//W3C//DTD\nHTML 4.01 Frameset//\"\nOtherwise, if the document\n\
            limited-quirks mode:\nThe public identifier starts with: \"-//W3C//DTD XHTML 1.0 Frameset//\"\n\
            The system identifier is not missing and the public identifier starts with: \"-\n//W3C//DTD HTML 4.01 Frameset//\"\nThe system identifier and public identifier strings";
        assert_eq!(
            extract(whatwg, w3c).unwrap(),
            [
                "public-ids -//W3O//DTD W3 HTML Strict 3.0//EN//",
                "system-ids http://www.ibm.com/x.dtd",
                "public-id-prefixes -//IETF//DTD HTML//",
                "public-id-prefixes-if-system-id-missing -//W3C//DTD HTML 4.01 Frameset//",
                "limited-quirks-public-id-prefixes -//W3C//DTD XHTML 1.0 Frameset//",
            ]
        );
    }
}
