//! The tag-name lists of the tree-construction token conditions:
//! `spec-data/tree-construction-tag-groups.txt` → `tag_groups.rs`, one
//! `is_<group>(LocalName) -> bool` per `[group]`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction>

use std::collections::BTreeSet;
use std::path::Path;

use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct TagGroups;

const SOURCE: &str = "tree-construction-tag-groups.txt";
const OUTPUT: &str = "parser/src/generated/tag_groups.rs";
/// The known names, for the cross-check (another table's file).
const NAMES: &str = "names.txt";

/// One group: its section name, the spec-data line of its first row, its
/// members as (namespace, name), and the token conditions it is the tag
/// list of, as (insertion mode, `start`/`end`): its `@ in-body start` rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagGroup {
    pub name: String,
    pub line: usize,
    pub members: Vec<(String, String)>,
    pub conditions: Vec<(String, String)>,
}

/// Where the W3C text (2014, the only copy with the token conditions) and
/// today's rules differ, as (row, why). A `-` row is in the W3C text only,
/// a `+` row in today's spec only; rows are `mode kind sorted-names`.
pub const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    ("- in-body start address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main nav ol p section summary ul", "WHATWG added menu (2017) and search (2023)"),
    ("+ in-body start address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main menu nav ol p search section summary ul", "WHATWG added menu (2017) and search (2023)"),
    ("- in-body end address article aside blockquote button center details dialog dir div dl fieldset figcaption figure footer header hgroup listing main nav ol pre section summary ul", "WHATWG added menu (2017) and search (2023)"),
    ("+ in-body end address article aside blockquote button center details dialog dir div dl fieldset figcaption figure footer header hgroup listing main menu nav ol pre search section summary ul", "WHATWG added menu (2017) and search (2023)"),
    ("- in-body start optgroup option", "the relaxed <select> parser gave option and optgroup rules of their own"),
    ("- in-body start rb rp rtc", "WHATWG splits the ruby rules: rb/rtc and rp/rt"),
    ("+ in-body start rb rtc", "WHATWG splits the ruby rules: rb/rtc and rp/rt"),
    ("+ in-body start rp rt", "WHATWG splits the ruby rules: rb/rtc and rp/rt"),
    ("- in-select start input keygen textarea", "the relaxed <select> parser removed the in select mode"),
    ("- in-select start script template", "the relaxed <select> parser removed the in select mode"),
    ("- in-select-in-table start caption table tbody td tfoot th thead tr", "the relaxed <select> parser removed the in select in table mode"),
    ("- in-select-in-table end caption table tbody td tfoot th thead tr", "the relaxed <select> parser removed the in select in table mode"),
    ("- in-foreign-content start b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing main meta nobr ol p pre ruby s small span strike strong sub sup table tt u ul var", "WHATWG replaced main by menu in the foreign content break-out list"),
    ("+ in-foreign-content start b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strike strong sub sup table tt u ul var", "WHATWG replaced main by menu in the foreign content break-out list"),
    ("+ in-foreign-content end br p", "WHATWG added the br and p end tags that break out of foreign content"),
];

/// The W3C rows with [`KNOWN_DIFFERENCES`] applied.
pub fn apply_known_differences(mut rows: Vec<String>) -> Vec<String> {
    for (change, _) in KNOWN_DIFFERENCES {
        if let Some(row) = change.strip_prefix("- ") {
            if let Some(at) = rows.iter().position(|r| r == row) {
                rows.remove(at);
            } else {
                // A stale expectation shows up as a difference.
                rows.push(format!("(expected in the W3C text, not found) {row}"));
            }
        } else if let Some(row) = change.strip_prefix("+ ") {
            rows.push(row.to_string());
        }
    }
    rows
}

/// `8.2.5.4.7 THE "IN BODY" INSERTION MODE` → `in-body`.
fn mode_of_heading(line: &str) -> Option<String> {
    let rest = line.strip_prefix("8.2.5.")?;
    if rest.starts_with("5 The rules for parsing tokens in foreign content") {
        return Some("in-foreign-content".into());
    }
    let start = line.find(" THE \"")? + 6;
    let end = start + line[start..].find("\" INSERTION MODE")?;
    Some(line[start..end].to_ascii_lowercase().replace(' ', "-"))
}

/// Extracts the "A start/end tag whose tag name is one of: …" conditions
/// of the tree-construction modes from the W3C text, as canonical rows.
pub fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let text = crate::table::read_spec_text(spec_dir, "w3c-html5-syntax.txt")?;
    let lines: Vec<&str> = text.lines().collect();
    let start =
        lines.iter().position(|l| l.starts_with("8.2.5.4.1 ")).ok_or("w3c-html5-syntax.txt: no 8.2.5.4.1 heading")?;
    let mut mode = String::new();
    let mut rows = Vec::new();
    let mut index = start;
    while index < lines.len() {
        let line = lines[index];
        if line.starts_with("8.2.6 ") {
            break;
        }
        if let Some(heading) = mode_of_heading(line) {
            mode = heading;
        }
        let kind = if line.starts_with("↪ A start tag whose tag name is one of:") {
            Some("start")
        } else if line.starts_with("↪ An end tag whose tag name is one of:") {
            Some("end")
        } else {
            None
        };
        if let Some(kind) = kind {
            let mut condition = line.to_string();
            // A list goes on while its line ends with a comma (the copy
            // sometimes has a blank line inside a wrapped list).
            while condition.trim_end().ends_with(',') {
                index += 1;
                while lines.get(index).is_some_and(|next| next.trim().is_empty()) {
                    index += 1;
                }
                let Some(next) = lines.get(index) else { break };
                condition.push(' ');
                condition.push_str(next);
            }
            let mut names: Vec<&str> = condition.split('"').skip(1).step_by(2).collect();
            names.sort_unstable();
            rows.push(format!("{mode} {kind} {}", names.join(" ")));
        }
        index += 1;
    }
    Ok(rows)
}

/// The token conditions of the 2026 text, which has every rule with its
/// condition: the unindented `A start tag whose tag name is one of: …` and
/// `An end tag whose tag name is one of: …` lines under the headings
/// `##### 13.2.6.4.N The "MODE" insertion mode` and `#### 13.2.6.5 The rules
/// for parsing tokens in foreign content`, up to §13.2.7. Its appendix (the
/// passages of 2026-08-20/21) has no new token condition.
pub fn extract_2026(spec_dir: &Path) -> Result<Vec<String>> {
    let file = crate::table::REFERENCE_TEXT;
    let text = crate::table::read_spec_text(spec_dir, file)?;
    let start = text.find("\n#### 13.2.6.4 ").ok_or_else(|| format!("{file}: no §13.2.6.4"))?;
    let end = text[start..].find("\n### 13.2.7 ").map_or(text.len(), |e| start + e);
    let mut mode = String::new();
    let mut rows = Vec::new();
    for line in text[start..end].lines() {
        if line.starts_with("#### 13.2.6.5 ") {
            mode = "in-foreign-content".into();
        } else if let Some(rest) = line.strip_prefix("##### 13.2.6.4.") {
            if let Some((_, quoted)) = rest.split_once(" The \"") {
                if let Some((name, _)) = quoted.split_once("\" insertion mode") {
                    mode = name.to_ascii_lowercase().replace(' ', "-");
                }
            }
        }
        // "one of: …", and once (foreign content) a list without "one of":
        // `An end tag whose tag name is "br", "p"`.
        // (`A start tag whose tag name is "font", if the token has any
        // attributes named "color", "face", or "size"` names attributes.)
        let is_list = line.contains("one of:") || (line.contains("\", \"") && !line.contains(", if the token has"));
        let kind = if line.starts_with("A start tag whose tag name is ") && is_list {
            "start"
        } else if line.starts_with("An end tag whose tag name is ") && is_list {
            "end"
        } else {
            continue;
        };
        let mut names: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        names.sort_unstable();
        rows.push(format!("{mode} {kind} {}", names.join(" ")));
    }
    Ok(rows)
}

/// Reads the groups from spec-data, in file order.
pub fn load(ctx: &Context) -> Result<Vec<TagGroup>> {
    let file = ctx.load(SOURCE)?;
    let mut groups: Vec<TagGroup> = Vec::new();
    for row in &file.rows {
        let fields = row.fields();
        if let ["@", mode, kind @ ("start" | "end")] = fields[..] {
            match groups.last_mut() {
                Some(group) if group.name == row.section => group.conditions.push((mode.to_string(), kind.to_string())),
                _ => return Err(format!("{}: an `@ mode kind` row before the group's names", row.origin(&file))),
            }
            continue;
        }
        let member = match fields[..] {
            [name] => ("html".to_string(), name.to_string()),
            [ns @ ("html" | "svg" | "mathml"), name] => (ns.to_string(), name.to_string()),
            _ => return Err(format!("{}: expected `[namespace] element-name`", row.origin(&file))),
        };
        if row.section.is_empty() {
            return Err(format!("{}: a row outside a [group] section", row.origin(&file)));
        }
        match groups.last_mut() {
            Some(group) if group.name == row.section => group.members.push(member),
            _ => groups.push(TagGroup {
                name: row.section.clone(),
                line: row.line,
                members: vec![member],
                conditions: Vec::new(),
            }),
        }
    }
    Ok(groups)
}

/// `in-body-start-tags` → `is_in_body_start_tags`.
pub fn function_name(group: &str) -> String {
    format!("is_{}", group.replace('-', "_"))
}

/// `heading-elements` → `HEADING_ELEMENTS`: the constant listing a group's names.
pub fn list_name(group: &str) -> String {
    group.replace('-', "_").to_ascii_uppercase()
}

/// The `local_names` constant of an element name: SCREAMING_SNAKE_CASE
/// of the exact name, as the names table defines them.
pub fn name_constant(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push('_');
        }
    }
    out
}

fn render(groups: &[TagGroup], provenance: &str) -> String {
    let mut body = String::from(
        "//! The tag-name lists of the tree-construction token conditions, one\n\
         //! predicate per list (all names are HTML elements).\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction>\n\n\
         use super::names::{local_names, LocalName};\n",
    );
    let _ = provenance;
    for group in groups {
        let consts: Vec<String> =
            group.members.iter().map(|(_, m)| format!("local_names::{}", name_constant(m))).collect();
        let names: Vec<&str> = group.members.iter().map(|(_, m)| m.as_str()).collect();
        body.push_str(&format!(
            "\n/// `[{}]` (spec-data/{SOURCE}:{}): {}.\n#[inline]\npub fn {}(name: LocalName) -> bool {{\n    matches!(\n        name,\n        {}\n    )\n}}\n\n/// The members of `[{}]`, for checks that look each name up.\npub const {}: &[LocalName] = &[\n    {},\n];\n",
            group.name,
            group.line,
            names.join(", "),
            function_name(&group.name),
            consts.join("\n            | "),
            group.name,
            list_name(&group.name),
            consts.join(",\n    "),
        ));
    }
    body
}

/// The element names of `names.txt` as (namespace, name), when that table exists.
fn known_elements(ctx: &Context) -> Option<BTreeSet<(String, String)>> {
    let file = ctx.load(NAMES).ok()?;
    let mut known = BTreeSet::new();
    for ns in ["html", "svg", "mathml"] {
        for row in file.section(&format!("{ns}-elements")) {
            if let Some(name) = row.fields().first() {
                known.insert((ns.to_string(), name.to_string()));
            }
        }
    }
    Some(known)
}

impl Table for TagGroups {
    fn name(&self) -> &'static str {
        "tree-construction-tag-groups"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let groups = load(ctx)?;
        Ok(vec![crate::emit::rust_text_file(
            OUTPUT,
            &[SOURCE],
            &file.provenance(),
            &render(&groups, &file.provenance()),
        )])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let groups = match load(ctx) {
            Ok(groups) => groups,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = groups.len();
        let known = known_elements(ctx);
        let mut seen_groups = BTreeSet::new();
        let mut seen_members: Vec<(BTreeSet<&str>, &str)> = Vec::new();
        for group in &groups {
            report.check(seen_groups.insert(group.name.as_str()), || format!("group [{}] appears twice", group.name));
            let mut members = BTreeSet::new();
            for member in &group.members {
                let (ns, name) = member;
                report.check(members.insert(name.as_str()), || format!("[{}]: {name} listed twice", group.name));
                if let Some(known) = &known {
                    report.check(known.contains(member), || {
                        format!("[{}]: {name} is not a {ns}-elements name in spec-data/{NAMES}", group.name)
                    });
                }
            }
            if let Some((_, other)) = seen_members.iter().find(|(set, _)| *set == members) {
                report.problems.push(format!("[{}] has the same members as [{other}]: reuse it", group.name));
            }
            seen_members.push((members, &group.name));
        }
        let from_prose: Vec<&str> =
            groups.iter().filter(|g| g.conditions.is_empty()).map(|g| g.name.as_str()).collect();
        if !from_prose.is_empty() {
            report.notes.push(format!(
                "{} lists from spec prose, not token conditions: {}",
                from_prose.len(),
                from_prose.join(", ")
            ));
        }
        if known.is_none() {
            report.notes.push(format!("spec-data/{NAMES} not present: names not cross-checked"));
        }
        report
    }

    /// One row per token condition a group is the list of:
    /// `mode kind sorted-names` (groups from prose have none).
    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        let mut rows = Vec::new();
        for group in load(ctx)? {
            let mut names: Vec<&str> = group.members.iter().map(|(_, name)| name.as_str()).collect();
            names.sort_unstable();
            for (mode, kind) in &group.conditions {
                rows.push(format!("{mode} {kind} {}", names.join(" ")));
            }
        }
        Ok(rows)
    }

    /// The token conditions of the W3C text (the WHATWG copy lost them),
    /// brought to today's spec by [`KNOWN_DIFFERENCES`].
    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        // The 2026 text is today's: compared as it is. The W3C text of an
        // older directory goes through `KNOWN_DIFFERENCES`.
        if spec_dir.join(crate::table::REFERENCE_TEXT).exists() {
            return Some(extract_2026(spec_dir).map(|rows| SpecRows { rows }));
        }
        Some(extract(spec_dir).map(|rows| SpecRows { rows: apply_known_differences(rows) }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_name_the_modes() {
        assert_eq!(mode_of_heading("8.2.5.4.7 THE \"IN BODY\" INSERTION MODE").as_deref(), Some("in-body"));
        assert_eq!(
            mode_of_heading("8.2.5.4.17 THE \"IN SELECT IN TABLE\" INSERTION MODE").as_deref(),
            Some("in-select-in-table")
        );
        assert_eq!(
            mode_of_heading("8.2.5.5 The rules for parsing tokens in foreign content").as_deref(),
            Some("in-foreign-content")
        );
        assert_eq!(mode_of_heading("8.2.5.1 Creating and inserting nodes"), None);
    }

    #[test]
    fn known_differences_replace_rows() {
        let rows = vec!["in-body start rb rp rtc".to_string(), "in-head start noframes style".to_string()];
        let rows = apply_known_differences(rows);
        assert!(rows.contains(&"in-head start noframes style".to_string()));
        assert!(!rows.contains(&"in-body start rb rp rtc".to_string()));
        assert!(rows.contains(&"in-body start rb rtc".to_string()));
        assert!(rows.iter().any(|r| r.starts_with("(expected in the W3C text, not found) in-select")));
    }

    #[test]
    fn names_are_converted_mechanically() {
        assert_eq!(function_name("in-body-rp-rt"), "is_in_body_rp_rt");
        assert_eq!(name_constant("h1"), "H1");
        assert_eq!(name_constant("foreignObject"), "FOREIGN_OBJECT");
        assert_eq!(name_constant("accept-charset"), "ACCEPT_CHARSET");
    }
}
