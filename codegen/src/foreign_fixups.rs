//! The fix-ups of foreign content: the SVG tag-name table, "adjust SVG
//! attributes", "adjust MathML attributes" and "adjust foreign attributes"
//! → `parser/src/generated/foreign_fixups.rs`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-attributes>

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use crate::emit::rust_text_file;
use crate::names::{self, namespace_variant, KnownNames};
use crate::spec_prose::{between, pipe_table};
use crate::table::read_spec_text;
use crate::{Context, DataFile, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct ForeignFixups;

const SVG_TAG_NAMES: &str = "svg-tag-name-fixups.txt";
const SVG_ATTRIBUTES: &str = "svg-attribute-fixups.txt";
const MATHML_ATTRIBUTES: &str = "mathml-attribute-fixups.txt";
const FOREIGN_ATTRIBUTES: &str = "foreign-attributes.txt";
const OUTPUT: &str = "parser/src/generated/foreign_fixups.rs";
const WHATWG: &str = "whatwg-parsing-2025-01-14.txt";

/// A case fix-up: the lowercase name of the token, the name on the element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixup {
    pub line: usize,
    pub from: String,
    pub to: String,
}

/// A row of "adjust foreign attributes".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignAttribute {
    pub line: usize,
    pub name: String,
    /// `None` for the spec's "(none)".
    pub prefix: Option<String>,
    pub local: String,
    /// The spec's name of the namespace: XLink, XML or XMLNS.
    pub namespace: String,
}

/// The four files, read.
#[derive(Debug, Clone)]
pub struct Fixups {
    pub svg_tag_names: Vec<Fixup>,
    pub svg_attributes: Vec<Fixup>,
    pub mathml_attributes: Vec<Fixup>,
    pub foreign_attributes: Vec<ForeignAttribute>,
}

fn load_fixups(file: &DataFile) -> Result<Vec<Fixup>> {
    file.rows
        .iter()
        .map(|row| match row.fields()[..] {
            [from, to] => Ok(Fixup { line: row.line, from: from.to_string(), to: to.to_string() }),
            _ => Err(format!("{}: expected `token-name element-name`", row.origin(file))),
        })
        .collect()
}

/// Reads the four spec-data files.
pub fn load(ctx: &Context) -> Result<Fixups> {
    let foreign = ctx.load(FOREIGN_ATTRIBUTES)?;
    let foreign_attributes = foreign
        .rows
        .iter()
        .map(|row| match row.fields()[..] {
            [name, prefix, local, namespace] => Ok(ForeignAttribute {
                line: row.line,
                name: name.to_string(),
                prefix: (prefix != "(none)").then(|| prefix.to_string()),
                local: local.to_string(),
                namespace: namespace.to_string(),
            }),
            _ => Err(format!("{}: expected `attribute-name prefix local-name namespace`", row.origin(&foreign))),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Fixups {
        svg_tag_names: load_fixups(&ctx.load(SVG_TAG_NAMES)?)?,
        svg_attributes: load_fixups(&ctx.load(SVG_ATTRIBUTES)?)?,
        mathml_attributes: load_fixups(&ctx.load(MATHML_ATTRIBUTES)?)?,
        foreign_attributes,
    })
}

fn canonical(fixups: &Fixups) -> Vec<String> {
    let mut rows = Vec::new();
    for (table, list) in [
        ("svg-tag-name", &fixups.svg_tag_names),
        ("svg-attribute", &fixups.svg_attributes),
        ("mathml-attribute", &fixups.mathml_attributes),
    ] {
        rows.extend(list.iter().map(|f| format!("{table} {} {}", f.from, f.to)));
    }
    rows.extend(fixups.foreign_attributes.iter().map(|a| {
        format!("foreign-attribute {} {} {} {}", a.name, a.prefix.as_deref().unwrap_or("(none)"), a.local, a.namespace)
    }));
    rows
}

fn generate(fixups: &Fixups, provenance: &str) -> Result<GeneratedFile> {
    let mut out = String::from(
        "//! The fix-ups of tag and attribute names in foreign content.\n\
         //!\n\
         //! The tokenizer lowercases every tag and attribute name; SVG and MathML\n\
         //! have some mixed-case names, which these tables restore. Each function\n\
         //! takes the name as the token has it.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-attributes>\n\n\
         use super::names::Namespace;\n",
    );
    let functions: [(&str, &str, &str, &Vec<Fixup>); 3] = [
        (
            "svg_tag_name_fixup",
            "The element name for the tag name `lowercase` of a start tag in foreign\n/// content whose adjusted current node is in the SVG namespace, when the table\n/// of the \"in foreign content\" rules changes it (`clippath` → `clipPath`).\n///\n/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>",
            SVG_TAG_NAMES,
            &fixups.svg_tag_names,
        ),
        (
            "svg_attribute_fixup",
            "\"Adjust SVG attributes\": the attribute name on the element for the\n/// attribute name `lowercase` on the token, when the table changes it\n/// (`viewbox` → `viewBox`).\n///\n/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-attributes>",
            SVG_ATTRIBUTES,
            &fixups.svg_attributes,
        ),
        (
            "mathml_attribute_fixup",
            "\"Adjust MathML attributes\": the attribute name on the element for the\n/// attribute name `lowercase` on the token, when the table changes it\n/// (`definitionurl` → `definitionURL`).\n///\n/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-mathml-attributes>",
            MATHML_ATTRIBUTES,
            &fixups.mathml_attributes,
        ),
    ];
    for (function, doc, source, rows) in functions {
        writeln!(out, "\n/// {doc}\npub fn {function}(lowercase: &str) -> Option<&'static str> {{").unwrap();
        writeln!(out, "    // spec-data/{source}").unwrap();
        out.push_str("    Some(match lowercase {\n");
        for row in rows.iter() {
            writeln!(out, "        {:?} => {:?},", row.from, row.to).unwrap();
        }
        out.push_str("        _ => return None,\n    })\n}\n");
    }
    out.push_str(
        "\n/// \"Adjust foreign attributes\": for the attribute name `name` on the token,\n\
         /// the prefix, local name and namespace of the namespaced attribute it\n\
         /// becomes on an SVG or MathML element (`xlink:href` → `xlink`, `href`,\n\
         /// XLink).\n\
         ///\n\
         /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#adjust-foreign-attributes>\n\
         pub fn foreign_attribute_adjustment(name: &str) -> Option<(Option<&'static str>, &'static str, Namespace)> {\n",
    );
    writeln!(out, "    // spec-data/{FOREIGN_ATTRIBUTES}").unwrap();
    out.push_str("    Some(match name {\n");
    for row in &fixups.foreign_attributes {
        let variant =
            namespace_variant(&row.namespace).ok_or_else(|| format!("unknown namespace {}", row.namespace))?;
        let prefix = match &row.prefix {
            Some(prefix) => format!("Some({prefix:?})"),
            None => "None".to_string(),
        };
        writeln!(out, "        {:?} => ({prefix}, {:?}, Namespace::{variant}),", row.name, row.local).unwrap();
    }
    out.push_str("        _ => return None,\n    })\n}\n");
    Ok(rust_text_file(
        OUTPUT,
        &[SVG_TAG_NAMES, SVG_ATTRIBUTES, MATHML_ATTRIBUTES, FOREIGN_ATTRIBUTES],
        provenance,
        &out,
    ))
}

fn audit_fixups(report: &mut TableReport, source: &str, rows: &[Fixup], known: &KnownNames, section: &str) {
    let mut seen = BTreeSet::new();
    for row in rows {
        let origin = format!("spec-data/{source}:{}", row.line);
        report.check(seen.insert(row.from.clone()), || format!("{origin}: {} repeats", row.from));
        report.check(row.from == row.to.to_ascii_lowercase() && row.from != row.to, || {
            format!("{origin}: {} must be the lowercase form of {} and differ from it", row.from, row.to)
        });
        for name in [&row.from, &row.to] {
            report.check(known.has(section, name), || format!("{origin}: {name} is not in names.txt [{section}]"));
        }
    }
}

fn audit(fixups: &Fixups, known: &KnownNames, report: &mut TableReport) {
    audit_fixups(report, SVG_TAG_NAMES, &fixups.svg_tag_names, known, "svg-elements");
    audit_fixups(report, SVG_ATTRIBUTES, &fixups.svg_attributes, known, "svg-attributes");
    audit_fixups(report, MATHML_ATTRIBUTES, &fixups.mathml_attributes, known, "mathml-attributes");
    let mut seen = BTreeSet::new();
    for row in &fixups.foreign_attributes {
        let origin = format!("spec-data/{FOREIGN_ATTRIBUTES}:{}", row.line);
        report.check(seen.insert(row.name.clone()), || format!("{origin}: {} repeats", row.name));
        let qualified = match &row.prefix {
            Some(prefix) => format!("{prefix}:{}", row.local),
            None => row.local.clone(),
        };
        report.check(qualified == row.name, || format!("{origin}: {} is not prefix:local ({qualified})", row.name));
        report.check(matches!(row.namespace.as_str(), "XLink" | "XML" | "XMLNS"), || {
            format!("{origin}: namespace {} is not XLink, XML or XMLNS", row.namespace)
        });
        for name in [&row.name, &row.local] {
            report.check(known.has("foreign-attributes", name), || {
                format!("{origin}: {name} is not in names.txt [foreign-attributes]")
            });
        }
    }
    report.notes.push(format!(
        "svg tag names {}, svg attributes {}, mathml attributes {}, foreign attributes {}",
        fixups.svg_tag_names.len(),
        fixups.svg_attributes.len(),
        fixups.mathml_attributes.len(),
        fixups.foreign_attributes.len()
    ));
}

/// The namespace name of a cell of the foreign attributes table: "XLink
/// namespace", or in the saved copy "XLink名前空間" (Japanese for the same).
fn namespace_cell(cell: &str) -> String {
    cell.trim_end_matches("名前空間").trim_end_matches(" namespace").trim().to_string()
}

/// The rows of a tab-separated table of the 2026 text: the lines after the
/// one that is `header`, up to the first line without a tab.
fn tab_table(text: &str, header: &str) -> Result<Vec<Vec<String>>> {
    let file = crate::table::REFERENCE_TEXT;
    let mut lines = text.lines().skip_while(|line| line.trim() != header);
    lines.next().ok_or_else(|| format!("{file}: no table headed {header:?}"))?;
    Ok(lines
        .take_while(|line| line.contains('\t'))
        .map(|line| line.trim().split('\t').map(str::to_string).collect())
        .collect())
}

/// Re-extracts the four tables from the 2026 text.
pub fn extract_2026(text: &str) -> Result<Vec<String>> {
    let file = crate::table::REFERENCE_TEXT;
    let mut rows = Vec::new();
    for (table, header) in [
        ("svg-tag-name", "Tag name\tElement name"),
        ("svg-attribute", "Attribute name on token\tAttribute name on element"),
    ] {
        for cells in tab_table(text, header)? {
            let [from, to] = &cells[..] else {
                return Err(format!("{file}: {table} row {cells:?}"));
            };
            rows.push(format!("{table} {from} {to}"));
        }
    }
    let from = between(text, file, "if the token has an attribute named ", ", change its name to ")?;
    let to = between(text, file, &format!("{from}, change its name to "), " ")?;
    rows.push(format!("mathml-attribute {} {}", from.trim(), to.trim()));
    for cells in tab_table(text, "Attribute name\tPrefix\tLocal name\tNamespace")? {
        let [name, prefix, local, namespace] = &cells[..] else {
            return Err(format!("{file}: foreign attribute row {cells:?}"));
        };
        rows.push(format!("foreign-attribute {name} {prefix} {local} {}", namespace_cell(namespace)));
    }
    Ok(rows)
}

/// Re-extracts the four tables from the 2025-01-14 text.
pub fn extract(text: &str) -> Result<Vec<String>> {
    let mut rows = Vec::new();
    for (table, header) in
        [("svg-tag-name", "Tag name | Element name |"), ("svg-attribute", "Attribute name on token |")]
    {
        for cells in pipe_table(text, WHATWG, header)? {
            let [from, to] = &cells[..] else {
                return Err(format!("{WHATWG}: {table} row {cells:?}"));
            };
            rows.push(format!("{table} {from} {to}"));
        }
    }
    let from = between(text, WHATWG, "if the token has an attribute named ", ", change its name to ")?;
    let to = between(text, WHATWG, &format!("{from}, change its name to "), "\n")?;
    rows.push(format!("mathml-attribute {} {}", from.trim(), to.trim()));
    // The header of the foreign attributes table was translated in the
    // saved copy, so find it as the first table after the algorithm's name.
    let after =
        between(text, WHATWG, "require the user agent to adjust foreign attributes for a token", "When the steps")?;
    let header = after.lines().find(|line| line.contains(" | ")).ok_or("no adjust foreign attributes table")?;
    for cells in pipe_table(after, WHATWG, header)? {
        let [name, prefix, local, namespace] = &cells[..] else {
            return Err(format!("{WHATWG}: foreign attribute row {cells:?}"));
        };
        rows.push(format!("foreign-attribute {name} {prefix} {local} {}", namespace_cell(namespace)));
    }
    Ok(rows)
}

impl Table for ForeignFixups {
    fn name(&self) -> &'static str {
        "foreign-fixups"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SVG_TAG_NAMES, SVG_ATTRIBUTES, MATHML_ATTRIBUTES, FOREIGN_ATTRIBUTES]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let provenance = ctx.load(SVG_TAG_NAMES)?.provenance();
        Ok(vec![generate(&load(ctx)?, &provenance)?])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let (fixups, known) = match load(ctx).and_then(|f| Ok((f, names::load(ctx)?))) {
            Ok(both) => both,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = fixups.svg_tag_names.len()
            + fixups.svg_attributes.len()
            + fixups.mathml_attributes.len()
            + fixups.foreign_attributes.len();
        audit(&fixups, &known, &mut report);
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(canonical(&load(ctx)?))
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        let reference = crate::table::REFERENCE_TEXT;
        if spec_dir.join(reference).exists() {
            return Some(
                read_spec_text(spec_dir, reference).and_then(|text| Ok(SpecRows { rows: extract_2026(&text)? })),
            );
        }
        Some(read_spec_text(spec_dir, WHATWG).and_then(|text| Ok(SpecRows { rows: extract(&text)? })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extraction_reads_all_four_tables() {
        let text = "Tag name | Element name |\n---|---|\naltglyph | altGlyph |\nIf …\n\
            if the token has an attribute named definitionurl\n, change its name to definitionURL\n(note)\n\
            Attribute name on token | Attribute name on element |\n---|---|\nviewbox | viewBox |\n\
            When the steps below require the user agent to adjust foreign attributes for a token, then …\n\
            属性名 | Prefix | ローカル名 | 名前空間 |\n---|---|---|---|\nxlink:href | xlink | href | XLink名前空間 |\n\
            xmlns | (none) | xmlns | XMLNS namespace |\nWhen the steps below …\n";
        assert_eq!(
            extract(text).unwrap(),
            [
                "svg-tag-name altglyph altGlyph",
                "svg-attribute viewbox viewBox",
                "mathml-attribute definitionurl definitionURL",
                "foreign-attribute xlink:href xlink href XLink",
                "foreign-attribute xmlns (none) xmlns XMLNS",
            ]
        );
    }
}
