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
/// members as (namespace, name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagGroup {
    pub name: String,
    pub line: usize,
    pub members: Vec<(String, String)>,
}

/// Reads the groups from spec-data, in file order.
pub fn load(ctx: &Context) -> Result<Vec<TagGroup>> {
    let file = ctx.load(SOURCE)?;
    let mut groups: Vec<TagGroup> = Vec::new();
    for row in &file.rows {
        let fields = row.fields();
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
            _ => groups.push(TagGroup { name: row.section.clone(), line: row.line, members: vec![member] }),
        }
    }
    Ok(groups)
}

/// `in-body-start-tags` → `is_in_body_start_tags`.
pub fn function_name(group: &str) -> String {
    format!("is_{}", group.replace('-', "_"))
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
        let consts: Vec<String> = group.members.iter().map(|(_, m)| format!("local_names::{}", name_constant(m))).collect();
        let names: Vec<&str> = group.members.iter().map(|(_, m)| m.as_str()).collect();
        body.push_str(&format!(
            "\n/// `[{}]` (spec-data/{SOURCE}:{}): {}.\n#[inline]\npub fn {}(name: LocalName) -> bool {{\n    matches!(\n        name,\n        {}\n    )\n}}\n",
            group.name,
            group.line,
            names.join(", "),
            function_name(&group.name),
            consts.join("\n            | "),
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
        Ok(vec![crate::emit::rust_text_file(OUTPUT, &[SOURCE], &file.provenance(), &render(&groups, &file.provenance()))])
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
        if known.is_none() {
            report.notes.push(format!("spec-data/{NAMES} not present: names not cross-checked"));
        }
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(load(ctx)?.iter().flat_map(|g| g.members.iter().map(move |(ns, m)| format!("{} {ns} {m}", g.name))).collect())
    }

    /// The spec texts hold these lists only inside prose token conditions
    /// whose grouping into named lists is ours; no re-extraction yet.
    fn extract_from_spec(&self, _spec_dir: &Path) -> Option<Result<SpecRows>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_converted_mechanically() {
        assert_eq!(function_name("in-body-rp-rt"), "is_in_body_rp_rt");
        assert_eq!(name_constant("h1"), "H1");
        assert_eq!(name_constant("foreignObject"), "FOREIGN_OBJECT");
        assert_eq!(name_constant("accept-charset"), "ACCEPT_CHARSET");
    }
}
