//! The element lists of the rendering rules that the visible-text helper
//! follows: `spec-data/rendering-tag-groups.txt` → `rendering_groups.rs`,
//! one `is_<group>(LocalName) -> bool` per `[group]`.
//!
//! The reference texts hold the parsing chapter only, not the rendering
//! section these lists come from (nor SVG 2 and MathML Core, for the lists
//! of their elements): the audit checks them against the names table and
//! lists each with the sections it is read from, as lists that no
//! reference text confirms.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/rendering.html>

use std::collections::BTreeSet;
use std::path::Path;

use crate::tag_groups::{function_name, list_name, name_constant};
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct RenderingGroups;

const SOURCE: &str = "rendering-tag-groups.txt";
const OUTPUT: &str = "parser/src/generated/rendering_groups.rs";
/// The known names, for the cross-check (another table's file).
const NAMES: &str = "names.txt";

/// The rendering section's address, which a bare `@ anchor` is in.
const RENDERING: &str = "https://html.spec.whatwg.org/multipage/rendering.html";

/// One list: its section name, the spec-data line of its first row, the
/// namespace of its elements (`html`, `svg` or `mathml`: a `namespace svg`
/// row; HTML without one), its element names, and the sections it is read
/// from, as (anchor or address, title).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderingGroup {
    pub name: String,
    pub line: usize,
    pub namespace: String,
    pub members: Vec<String>,
    pub sections: Vec<(String, String)>,
}

impl RenderingGroup {
    /// Where a section of the list is: an anchor of the rendering section,
    /// or a full address (another specification's section).
    fn address(anchor: &str) -> String {
        if anchor.starts_with("https://") {
            anchor.to_string()
        } else {
            format!("{RENDERING}#{anchor}")
        }
    }
}

/// The namespaces a list may be in, with their element section in
/// `names.txt`.
const NAMESPACES: &[(&str, &str)] =
    &[("html", "html-elements"), ("svg", "svg-elements"), ("mathml", "mathml-elements")];

/// Reads the lists from spec-data, in file order.
pub fn load(ctx: &Context) -> Result<Vec<RenderingGroup>> {
    let file = ctx.load(SOURCE)?;
    let mut groups: Vec<RenderingGroup> = Vec::new();
    for row in &file.rows {
        if row.section.is_empty() {
            return Err(format!("{}: a row outside a [group] section", row.origin(&file)));
        }
        if groups.last().is_none_or(|group| group.name != row.section) {
            groups.push(RenderingGroup {
                name: row.section.clone(),
                line: row.line,
                namespace: "html".to_string(),
                members: Vec::new(),
                sections: Vec::new(),
            });
        }
        let group = groups.last_mut().expect("pushed above");
        match row.fields_and_rest(2) {
            (fields, title) if fields.first() == Some(&"@") => match fields.get(1) {
                Some(anchor) if !title.is_empty() => group.sections.push((anchor.to_string(), title.to_string())),
                _ => return Err(format!("{}: expected `@ anchor Section title`", row.origin(&file))),
            },
            _ => match row.fields()[..] {
                [name] => group.members.push(name.to_string()),
                ["namespace", namespace] if NAMESPACES.iter().any(|(known, _)| *known == namespace) => {
                    group.namespace = namespace.to_string();
                }
                _ => {
                    return Err(format!(
                        "{}: expected one element name or `namespace html|svg|mathml`",
                        row.origin(&file)
                    ))
                }
            },
        }
    }
    Ok(groups)
}

fn render(groups: &[RenderingGroup]) -> String {
    let mut body = String::from(
        "//! The element lists of the rendering rules that the visible-text\n\
         //! helper follows, one predicate per list (each list's names are\n\
         //! elements of one namespace, which its documentation gives).\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/rendering.html>\n\n\
         use super::names::{local_names, LocalName};\n",
    );
    for group in groups {
        let consts: Vec<String> = group.members.iter().map(|m| format!("local_names::{}", name_constant(m))).collect();
        let sections: Vec<String> = group
            .sections
            .iter()
            .map(|(anchor, title)| format!("{title} <{}>", RenderingGroup::address(anchor)))
            .collect();
        body.push_str(&format!(
            "\n/// `[{}]` (spec-data/{SOURCE}:{}), {} elements: {}.\n///\n/// Spec: {}.\n#[inline]\npub fn {}(name: LocalName) -> bool {{\n    matches!(\n        name,\n        {}\n    )\n}}\n\n/// The members of `[{}]`.\npub const {}: &[LocalName] = &[\n    {},\n];\n",
            group.name,
            group.line,
            namespace_title(&group.namespace),
            group.members.join(", "),
            sections.join("; "),
            function_name(&group.name),
            consts.join("\n            | "),
            group.name,
            list_name(&group.name),
            consts.join(",\n    "),
        ));
    }
    body
}

/// `svg` → `SVG`, for the documentation.
fn namespace_title(namespace: &str) -> &str {
    match namespace {
        "svg" => "SVG",
        "mathml" => "MathML",
        _ => "HTML",
    }
}

/// The element names of `names.txt` in `namespace`, when that table exists.
fn known_elements(ctx: &Context, namespace: &str) -> Option<BTreeSet<String>> {
    let file = ctx.load(NAMES).ok()?;
    let (_, section) = NAMESPACES.iter().find(|(known, _)| *known == namespace)?;
    Some(file.section(section).filter_map(|row| row.fields().first().map(|n| n.to_string())).collect())
}

impl Table for RenderingGroups {
    fn name(&self) -> &'static str {
        "rendering-tag-groups"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let groups = load(ctx)?;
        Ok(vec![crate::emit::rust_text_file(OUTPUT, &[SOURCE], &file.provenance(), &render(&groups))])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let groups = match load(ctx) {
            Ok(groups) => groups,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = groups.len();
        let mut names_present = true;
        let mut seen_groups = BTreeSet::new();
        for group in &groups {
            let known = known_elements(ctx, &group.namespace);
            names_present &= known.is_some();
            report.check(seen_groups.insert(group.name.as_str()), || format!("group [{}] appears twice", group.name));
            report.check(!group.sections.is_empty(), || {
                format!("[{}] names no rendering section (`@ anchor Title`)", group.name)
            });
            report.check(!group.members.is_empty(), || format!("[{}] has no element", group.name));
            let mut members = BTreeSet::new();
            for name in &group.members {
                report.check(members.insert(name.as_str()), || format!("[{}]: {name} listed twice", group.name));
                if let Some(known) = &known {
                    report.check(known.contains(name), || {
                        format!("[{}]: {name} is not a {} element in spec-data/{NAMES}", group.name, group.namespace)
                    });
                }
            }
        }
        for group in &groups {
            let anchors: Vec<String> = group
                .sections
                .iter()
                .map(|(anchor, _)| if anchor.starts_with("https://") { anchor.clone() } else { format!("#{anchor}") })
                .collect();
            report.notes.push(format!("[{}] not in the reference texts: rendering {}", group.name, anchors.join(", ")));
        }
        if !names_present {
            report.notes.push(format!("spec-data/{NAMES} not present: names not cross-checked"));
        }
        report
    }

    /// `group sorted-names`, one row per list.
    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        let mut rows = Vec::new();
        for group in load(ctx)? {
            let mut names: Vec<&str> = group.members.iter().map(String::as_str).collect();
            names.sort_unstable();
            rows.push(format!("{} {}", group.name, names.join(" ")));
        }
        Ok(rows)
    }

    /// The rendering section is in none of the reference texts.
    fn extract_from_spec(&self, _spec_dir: &Path) -> Option<Result<SpecRows>> {
        None
    }

    fn spec_notes(&self, _ctx: &Context) -> Vec<String> {
        vec!["the rendering section (§15) is not in the reference texts".into()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# spec: §15 Rendering\n# spec-date: 2026-08-20\n# source: a test\n\n";

    /// A repository with `SOURCE` holding `rows` (after a header), in a
    /// folder of its own per test.
    fn scratch(test: &str, rows: &str) -> Context {
        crate::scratch::repository("rendering-groups", test, &[(SOURCE, &format!("{HEADER}{rows}"))])
    }

    #[test]
    fn lists_read_their_sections_and_names() {
        let ctx = scratch("read", "[hidden-elements]\n@ hidden-elements Hidden elements\narea\nbase\n");
        let groups = load(&ctx).unwrap();
        assert_eq!(
            groups,
            [RenderingGroup {
                name: "hidden-elements".into(),
                line: 6,
                namespace: "html".into(),
                members: vec!["area".into(), "base".into()],
                sections: vec![("hidden-elements".into(), "Hidden elements".into())],
            }]
        );
        let report = RenderingGroups.audit(&ctx);
        assert!(report
            .notes
            .iter()
            .any(|n| n == "[hidden-elements] not in the reference texts: rendering #hidden-elements"));
    }

    #[test]
    fn a_list_of_another_namespace_links_its_specification() {
        let ctx = scratch(
            "svg",
            "[never-rendered]\nnamespace svg\n@ https://www.w3.org/TR/SVG2/render.html#Never SVG 2\ntitle\n",
        );
        let groups = load(&ctx).unwrap();
        assert_eq!((groups[0].namespace.as_str(), groups[0].members.len()), ("svg", 1));
        assert!(render(&groups)
            .contains("SVG elements: title.\n///\n/// Spec: SVG 2 <https://www.w3.org/TR/SVG2/render.html#Never>."));
        assert!(load(&scratch("bad-namespace", "[x]\nnamespace xlink\n")).is_err());
    }

    #[test]
    fn a_list_without_a_section_is_a_problem() {
        let report = RenderingGroups.audit(&scratch("no-section", "[blocks]\ndiv\n"));
        assert!(report.problems.iter().any(|p| p.contains("names no rendering section")), "{:?}", report.problems);
    }
}
