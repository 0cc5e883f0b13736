//! The tag names that the insertion modes whose "anything else" is the
//! "in body" rules ("in caption", "in cell") name in their own token
//! conditions: `spec-data/in-body-fallback-tag-conditions.txt` →
//! `in_body_fallback_tags.rs`, a bit per mode and tag kind for each name
//! (`TAG_NAMED_BY_MODE`). A tag whose bit is clear is "anything else" in
//! that mode, so the tree builder sends it straight to the "in body" rules.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption>,
//! <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd>

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::in_body_rules::{expand, groups, known_element_names, quoted_names};
use crate::tag_groups::name_constant;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct InBodyFallback;

const SOURCE: &str = "in-body-fallback-tag-conditions.txt";
const OUTPUT: &str = "parser/src/generated/in_body_fallback_tags.rs";
/// The groups rows name (another table's file).
const GROUPS: &str = "tree-construction-tag-groups.txt";
/// The known names (another table's file).
const NAMES: &str = "names.txt";
/// The wording of the entry that makes a mode one of this table's.
const ANYTHING_ELSE: &str = "Anything else";
/// The action of that entry, word for word.
const IN_BODY_ACTION: &str = "Process the token using the rules for the \"in body\" insertion mode.";
/// A `u8` per name: two bits (start, end) per mode.
const MAX_MODES: usize = 4;

/// One row pair of a mode's section: the wording, then what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub line: usize,
    pub wording: String,
    /// `start`, `end`, or `else` (the "anything else" entry).
    pub kind: String,
    /// The names as written (element names and `[group]`s); for `else`, its action (`in-body`).
    pub names: Vec<String>,
}

/// A mode's section: its name (`in-cell`) and conditions in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mode {
    pub name: String,
    pub conditions: Vec<Condition>,
}

/// Reads the modes from spec-data, in file order.
pub fn load(ctx: &Context) -> Result<Vec<Mode>> {
    let file = ctx.load(SOURCE)?;
    let mut modes: Vec<Mode> = Vec::new();
    let mut wording: Option<(usize, String)> = None;
    for row in &file.rows {
        if row.section.is_empty() {
            return Err(format!("{}: a row outside a [mode] section", row.origin(&file)));
        }
        if modes.last().is_none_or(|mode| mode.name != row.section) {
            if wording.is_some() {
                return Err(format!("{}: the section before ends with a `= wording` row", row.origin(&file)));
            }
            modes.push(Mode { name: row.section.clone(), conditions: Vec::new() });
        }
        let (first, rest) = row.fields_and_rest(1);
        if first == ["="] {
            if wording.is_some() {
                return Err(format!("{}: two `= wording` rows in a row", row.origin(&file)));
            }
            if rest.is_empty() {
                return Err(format!("{}: `=` without the spec's wording", row.origin(&file)));
            }
            wording = Some((row.line, rest.to_string()));
            continue;
        }
        let Some((line, text)) = wording.take() else {
            return Err(format!("{}: a row without its `= wording` row before it", row.origin(&file)));
        };
        let fields = row.fields();
        let (kind, names) = match fields[..] {
            [kind @ ("start" | "end"), ref names @ ..] if !names.is_empty() => (kind, names),
            ["else", action @ "in-body"] => ("else", &[action][..]),
            _ => return Err(format!("{}: expected `start NAMES…`, `end NAMES…` or `else in-body`", row.origin(&file))),
        };
        let condition = Condition {
            line,
            wording: text,
            kind: kind.to_string(),
            names: names.iter().map(|name| name.to_string()).collect(),
        };
        modes.last_mut().expect("a mode was pushed above").conditions.push(condition);
    }
    if let Some((line, _)) = wording {
        return Err(format!("spec-data/{SOURCE}:{line}: a `= wording` row without its rule row"));
    }
    Ok(modes)
}

/// A mode's tag conditions with their names, groups expanded.
struct Resolved<'a> {
    mode: &'a Mode,
    conditions: Vec<(&'a Condition, Vec<String>)>,
}

fn resolve<'a>(modes: &'a [Mode], groups: &BTreeMap<String, Vec<String>>) -> Result<Vec<Resolved<'a>>> {
    modes
        .iter()
        .map(|mode| {
            let conditions = mode
                .conditions
                .iter()
                .filter(|condition| condition.kind != "else")
                .map(|condition| {
                    let names = expand(&condition.names, groups)
                        .map_err(|e| format!("spec-data/{SOURCE}:{}: {e}", condition.line))?;
                    Ok((condition, names))
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(Resolved { mode, conditions })
        })
        .collect()
}

/// The problems that make the table wrong or the file inconsistent.
fn problems(resolved: &[Resolved<'_>], known: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    if resolved.len() > MAX_MODES {
        problems.push(format!("{} modes: the table's `u8` holds {MAX_MODES}", resolved.len()));
    }
    for entry in resolved {
        let mode = entry.mode;
        for (condition, names) in &entry.conditions {
            let origin = format!("spec-data/{SOURCE}:{}", condition.line);
            let mut quoted = quoted_names(&condition.wording);
            let mut listed: Vec<&str> = names.iter().map(String::as_str).collect();
            quoted.sort_unstable();
            listed.sort_unstable();
            if quoted != listed {
                problems
                    .push(format!("{origin}: the names {listed:?} are not the ones the wording quotes, {quoted:?}"));
            }
            let prefix = if condition.kind == "start" { "A start tag " } else { "An end tag " };
            if !condition.wording.starts_with(prefix) {
                problems.push(format!("{origin}: a {} row under {:?}", condition.kind, condition.wording));
            }
            // A name without a `LocalName` would read as "anything else".
            for name in names.iter().filter(|name| !known.contains(*name)) {
                problems.push(format!("{origin}: {name} is not an element name in spec-data/{NAMES}"));
            }
        }
        let last = mode.conditions.last();
        let elses = mode.conditions.iter().filter(|c| c.kind == "else").count();
        if elses != 1 || last.is_none_or(|c| c.kind != "else" || c.wording != ANYTHING_ELSE) {
            problems.push(format!(
                "[{}]: the last row pair, and only it, must be `= {ANYTHING_ELSE}` and `else in-body`",
                mode.name
            ));
        }
    }
    problems
}

/// `IN_CELL_START_TAGS`: the constant of a mode's bit for a kind.
fn bit_constant(mode: &str, kind: &str) -> String {
    format!("{}_{}_TAGS", mode.to_ascii_uppercase().replace('-', "_"), kind.to_ascii_uppercase())
}

fn render(resolved: &[Resolved<'_>]) -> String {
    let mut body = String::from(
        "//! The tag names that the modes whose \"anything else\" entry is the \"in body\" rules name in\n\
         //! their own token conditions, as a table indexed by name\n\
         //! ([`LocalName::index`](super::names::LocalName::index)): a bit per mode and tag kind.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption>,\n\
         //! <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd>\n\n\
         use super::names::{local_names, LOCAL_NAME_COUNT};\n\n",
    );
    let mut bit = 0;
    for entry in resolved {
        for kind in ["start", "end"] {
            let spaced = entry.mode.name.replace('-', " ");
            let article = if kind == "start" { "a" } else { "an" };
            body.push_str(&format!(
                "/// The bit of [`TAG_NAMED_BY_MODE`] set for the names {article} {kind} tag condition of \"{spaced}\" names.\n\
                 pub const {}: u8 = 1 << {bit};\n",
                bit_constant(&entry.mode.name, kind)
            ));
            bit += 1;
        }
    }
    body.push_str(
        "\n/// Per name: the bits of the modes and tag kinds whose token conditions name it; a tag\n\
         /// whose bit is clear is \"anything else\" in that mode.\n\
         pub static TAG_NAMED_BY_MODE: [u8; LOCAL_NAME_COUNT] = tag_named_by_mode();\n\n\
         const fn tag_named_by_mode() -> [u8; LOCAL_NAME_COUNT] {\n    \
         let mut table = [0; LOCAL_NAME_COUNT];\n",
    );
    for entry in resolved {
        for (condition, names) in &entry.conditions {
            let constant = bit_constant(&entry.mode.name, &condition.kind);
            body.push_str(&format!(
                "    // \"{}\": {} (spec-data/{SOURCE}:{}).\n",
                entry.mode.name.replace('-', " "),
                condition.wording,
                condition.line
            ));
            for name in names {
                body.push_str(&format!("    table[local_names::{}.index()] |= {constant};\n", name_constant(name)));
            }
        }
    }
    body.push_str("    table\n}\n");
    body
}

/// What the generator and the audit read.
struct Inputs {
    modes: Vec<Mode>,
    groups: BTreeMap<String, Vec<String>>,
    known: BTreeSet<String>,
}

fn read(ctx: &Context) -> Result<Inputs> {
    Ok(Inputs { modes: load(ctx)?, groups: groups(ctx)?, known: known_element_names(ctx)? })
}

impl Table for InBodyFallback {
    fn name(&self) -> &'static str {
        "in-body-fallback-tag-conditions"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE, GROUPS, NAMES]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let Inputs { modes, groups, known } = read(ctx)?;
        let resolved = resolve(&modes, &groups)?;
        let problems = problems(&resolved, &known);
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        Ok(vec![crate::emit::rust_text_file(OUTPUT, &[SOURCE, GROUPS], &file.provenance(), &render(&resolved))])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let Inputs { modes, groups, known } = match read(ctx) {
            Ok(read) => read,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let resolved = match resolve(&modes, &groups) {
            Ok(resolved) => resolved,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = modes.iter().map(|mode| mode.conditions.len()).sum();
        report.problems = problems(&resolved, &known);
        report
    }

    /// `mode NN kind sorted-names = wording`, one row per condition,
    /// numbered within the mode so that the order is compared too.
    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        let Inputs { modes, groups, .. } = read(ctx)?;
        let mut rows = Vec::new();
        for mode in &modes {
            for (index, condition) in mode.conditions.iter().enumerate() {
                let mut names = expand(&condition.names, &groups)?;
                names.sort_unstable();
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                rows.push(row(&mode.name, index, &condition.kind, &names, &condition.wording));
            }
        }
        Ok(rows)
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        // Only the reference text is compared (as for the "in body" rules).
        if !spec_dir.join(crate::table::REFERENCE_TEXT).exists() {
            return None;
        }
        Some(extract(spec_dir).map(|rows| SpecRows { rows }))
    }
}

fn row(mode: &str, index: usize, kind: &str, sorted_names: &[&str], wording: &str) -> String {
    format!("{mode} {:02} {kind} {} = {wording}", index + 1, sorted_names.join(" "))
}

/// Every insertion mode of §13.2.6.4 whose "anything else" entry is
/// [`IN_BODY_ACTION`], with its unindented token conditions that name
/// tags (`A start tag …`, `An end tag …`) and that entry, in order: so a
/// mode that gains such an entry, or a condition, shows as a difference.
pub fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let file = crate::table::REFERENCE_TEXT;
    let text = crate::table::read_spec_text(spec_dir, file)?;
    let section = crate::spec_prose::between(&text, file, "\n#### 13.2.6.4 ", "\n#### 13.2.6.5 ")?;
    let mut rows = Vec::new();
    for mode_text in section.split("\n##### 13.2.6.4.").skip(1) {
        let heading = mode_text.lines().next().unwrap_or_default();
        let Some(mode) = heading.split('"').nth(1) else { continue };
        let mode = mode.replace(' ', "-");
        let mut mode_rows = Vec::new();
        let mut falls_back_to_in_body = false;
        let mut lines = mode_text.lines().peekable();
        while let Some(line) = lines.next() {
            let line = line.trim_end();
            let kind = if line.starts_with("A start tag ") {
                "start"
            } else if line.starts_with("An end tag ") {
                "end"
            } else if line == ANYTHING_ELSE {
                if lines.peek().map(|next| next.trim()) == Some(IN_BODY_ACTION) {
                    falls_back_to_in_body = true;
                    mode_rows.push(row(&mode, mode_rows.len(), "else", &["in-body"], line));
                }
                continue;
            } else {
                continue;
            };
            let mut names = quoted_names(line);
            names.sort_unstable();
            mode_rows.push(row(&mode, mode_rows.len(), kind, &names, line));
        }
        if falls_back_to_in_body {
            rows.extend(mode_rows);
        }
    }
    if rows.is_empty() {
        return Err(format!("{file}: no mode of §13.2.6.4 whose \"anything else\" is the \"in body\" rules"));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# spec: §13.2.6.4.15\n# spec-date: 2026-08-20\n\n";
    const GROUPS_FILE: &str = "# spec: §13.2.6\n# spec-date: 2026-08-20\n\n[table-cells]\ntd\nth\n";
    const NAMES_FILE: &str = "# spec: names\n# spec-date: 2026-08-20\n\n[html-elements]\ntd\nth\ntr\n";

    /// A repository with `SOURCE` holding `rows` (after a header), in a
    /// folder of its own per test.
    fn scratch(test: &str, rows: &str) -> Context {
        let source = format!("{HEADER}{rows}");
        crate::scratch::repository(
            "in-body-fallback",
            test,
            &[(SOURCE, &source), (GROUPS, GROUPS_FILE), (NAMES, NAMES_FILE)],
        )
    }

    const MODES: &str = "[in-cell]\n= An end tag whose tag name is one of: \"td\", \"th\"\nend [table-cells]\n\
                         = A start tag whose tag name is \"tr\"\nstart tr\n= Anything else\nelse in-body\n";

    #[test]
    fn each_condition_sets_its_mode_and_kind_bit() {
        let ctx = scratch("bits", MODES);
        let report = InBodyFallback.audit(&ctx);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let text = &InBodyFallback.generate(&ctx).unwrap()[0].contents;
        assert!(text.contains("pub const IN_CELL_START_TAGS: u8 = 1 << 0;"), "{text}");
        assert!(text.contains("pub const IN_CELL_END_TAGS: u8 = 1 << 1;"), "{text}");
        assert!(text.contains("table[local_names::TD.index()] |= IN_CELL_END_TAGS;"), "{text}");
        assert!(text.contains("table[local_names::TR.index()] |= IN_CELL_START_TAGS;"), "{text}");
        assert!(!text.contains("TD.index()] |= IN_CELL_START_TAGS"), "{text}");
    }

    #[test]
    fn names_must_be_the_quoted_ones() {
        let rows = MODES.replace("start tr", "start td");
        let report = InBodyFallback.audit(&scratch("quoted", &rows));
        assert!(report.problems.iter().any(|p| p.contains("not the ones the wording quotes")), "{:?}", report.problems);
    }

    #[test]
    fn a_name_without_a_local_name_is_a_problem() {
        let rows = MODES.replace("\"tr\"\nstart tr", "\"sarcasm\"\nstart sarcasm");
        let report = InBodyFallback.audit(&scratch("unknown", &rows));
        assert!(report.problems.iter().any(|p| p.contains("sarcasm is not")), "{:?}", report.problems);
    }

    #[test]
    fn anything_else_comes_last() {
        let rows = MODES.replace("= Anything else\nelse in-body\n", "");
        let report = InBodyFallback.audit(&scratch("last", &rows));
        assert!(report.problems.iter().any(|p| p.contains("Anything else")), "{:?}", report.problems);
    }

    #[test]
    fn a_row_needs_its_wording() {
        assert!(load(&scratch("wording", "[in-cell]\nstart tr\n")).is_err());
        assert!(load(&scratch("outside", "start tr\n")).is_err());
    }
}
