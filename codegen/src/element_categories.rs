//! The element categories of the tree builder:
//! `spec-data/element-categories.txt` → `Categories` and
//! `element_categories(namespace, name)`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements>

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use crate::emit::rust_text_file;
use crate::names::{self, const_name, KnownNames};
use crate::spec_prose::{between, namespace_qualified_names, namespaced_lines, prose_list};
use crate::table::read_spec_text;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct ElementCategories;

const SOURCE: &str = "element-categories.txt";
const OUTPUT: &str = "parser/src/generated/element_categories.rs";
const WHATWG: &str = "whatwg-parsing-2025-01-14.txt";
const W3C: &str = "w3c-html5-syntax.txt";

/// One category: its section in the spec-data file, and the doc of its
/// `Categories` constant. The order here fixes the bit of each constant.
pub struct Category {
    pub section: &'static str,
    pub doc: &'static str,
}

pub const CATEGORIES: [Category; 14] = [
    Category { section: "special", doc: "The special category. Spec: <https://html.spec.whatwg.org/multipage/parsing.html#special>" },
    Category { section: "formatting", doc: "The formatting category. Spec: <https://html.spec.whatwg.org/multipage/parsing.html#formatting>" },
    Category { section: "void", doc: "The void elements (W3C HTML5 §8.1.2 Elements; WHATWG's serializer adds basefont, bgsound, frame). Spec: <https://html.spec.whatwg.org/multipage/syntax.html#void-elements>" },
    Category { section: "scope", doc: "Ends \"has an element in scope\". Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-scope>" },
    Category { section: "list-item-scope", doc: "Ends \"has an element in list item scope\": every `SCOPE` element, plus ol and ul. Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-list-item-scope>" },
    Category { section: "button-scope", doc: "Ends \"has an element in button scope\": every `SCOPE` element, plus button. Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-button-scope>" },
    Category { section: "table-scope", doc: "Ends \"has an element in table scope\" (html, table, template; not td or th). Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-table-scope>" },
    Category { section: "implied-end-tags", doc: "Popped by \"generate implied end tags\". Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags>" },
    Category { section: "implied-end-tags-thoroughly", doc: "Popped by \"generate all implied end tags thoroughly\". Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generate-all-implied-end-tags-thoroughly>" },
    Category { section: "table-context", doc: "Stops \"clear the stack back to a table context\". Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-context>" },
    Category { section: "table-body-context", doc: "Stops \"clear the stack back to a table body context\". Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-body-context>" },
    Category { section: "table-row-context", doc: "Stops \"clear the stack back to a table row context\". Spec: <https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-row-context>" },
    Category { section: "mathml-text-integration-point", doc: "A MathML text integration point. Spec: <https://html.spec.whatwg.org/multipage/parsing.html#mathml-text-integration-point>" },
    Category { section: "html-integration-point", doc: "An HTML integration point, except MathML annotation-xml whose start tag had an `encoding` attribute matching \"text/html\" or \"application/xhtml+xml\" (ASCII case-insensitively): that case depends on the token, so the tree builder checks it itself. Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>" },
];

/// The sections whose first row may be `include scope`: the spec lists
/// their boundaries as "All the element types listed above for the has an
/// element in scope algorithm" plus a few.
const INCLUDES_SCOPE: [&str; 2] = ["list-item-scope", "button-scope"];

/// Rows that the html5lib tests (newer than the spec texts, so they win)
/// require and the 2025-01-14 text lacks: `audit --spec` adds them to what
/// it extracts, so that only a new difference shows up.
pub const NEWER_THAN_THE_SPEC_TEXT: &[(&str, &str)] = &[(
    "scope html select",
    "the relaxed <select> parser (whatwg/html#10557) ends \"in scope\" at select; \
     tree-construction/webkit02.dat#49 and the select tests require it",
)];

/// The scope sections and the words the 2026 text names them by.
const SCOPE_SECTIONS: [(&str, &str); 4] = [
    ("scope", "in scope"),
    ("list-item-scope", "in list item scope"),
    ("button-scope", "in button scope"),
    ("table-scope", "in table scope"),
];

/// The scope lists of the 2026 text: after "…have a particular element in
/// scope when it has that element in the specific scope consisting of the
/// following element types:", bullet lines `- applet`, `- MathML mi`,
/// `- ol in the HTML namespace`, `- All the element types listed above …`.
pub fn scopes_2026(text: &str) -> Result<Vec<String>> {
    let file = crate::table::REFERENCE_TEXT;
    let mut rows = Vec::new();
    for (section, which) in SCOPE_SECTIONS {
        let start = format!("have a particular element {which} [#");
        let at = text.find(&start).ok_or_else(|| format!("{file}: no list for \"{which}\""))?;
        let list = text[at..].lines().skip(1).skip_while(|line| line.trim().is_empty());
        for line in list.take_while(|line| line.starts_with("- ")) {
            let item = &line[2..];
            if item.starts_with("All the element types listed above") {
                rows.push(format!("{section} include scope"));
                continue;
            }
            let (namespace, name) = match item.split_once(' ') {
                Some(("MathML", name)) => ("mathml", name),
                Some(("SVG", name)) => ("svg", name),
                _ => ("html", item.trim_end_matches(" in the HTML namespace")),
            };
            rows.push(format!("{section} {namespace} {name}"));
        }
    }
    Ok(rows)
}

/// One row of element-categories.txt.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Entry {
    /// `namespace name`, e.g. `svg foreignObject`.
    Element { namespace: String, name: String },
    /// `include scope`: every element of `[scope]`.
    IncludeScope,
}

/// The table: each category's rows, in file order, with their line numbers.
pub type CategoryRows = BTreeMap<String, Vec<(usize, Entry)>>;

/// Reads element-categories.txt.
pub fn load(ctx: &Context) -> Result<CategoryRows> {
    let file = ctx.load(SOURCE)?;
    let mut rows: CategoryRows = BTreeMap::new();
    for row in &file.rows {
        let entry = match row.fields()[..] {
            ["include", "scope"] => Entry::IncludeScope,
            [namespace, name] => Entry::Element { namespace: namespace.to_string(), name: name.to_string() },
            _ => return Err(format!("{}: expected `namespace name` or `include scope`", row.origin(&file))),
        };
        rows.entry(row.section.clone()).or_default().push((row.line, entry));
    }
    Ok(rows)
}

fn canonical(section: &str, entry: &Entry) -> String {
    match entry {
        Entry::Element { namespace, name } => format!("{section} {namespace} {name}"),
        Entry::IncludeScope => format!("{section} include scope"),
    }
}

/// The elements of a category with `include scope` expanded.
fn members(rows: &CategoryRows, section: &str) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (_, entry) in rows.get(section).into_iter().flatten() {
        match entry {
            Entry::Element { namespace, name } => {
                out.insert((namespace.clone(), name.clone()));
            }
            Entry::IncludeScope if section != "scope" => out.extend(members(rows, "scope")),
            Entry::IncludeScope => {}
        }
    }
    out
}

fn generate(rows: &CategoryRows, provenance: &str) -> Result<GeneratedFile> {
    // namespace keyword → element name → constants of its categories
    let mut by_element: BTreeMap<&str, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for keyword in ["html", "mathml", "svg"] {
        by_element.insert(keyword, BTreeMap::new());
    }
    for category in &CATEGORIES {
        for (namespace, name) in members(rows, category.section) {
            let elements = by_element
                .get_mut(namespace.as_str())
                .ok_or_else(|| format!("[{}] {namespace} {name}: unknown namespace", category.section))?;
            elements.entry(name).or_default().push(format!("C::{}", section_const(category.section)));
        }
    }
    let mut out = String::new();
    out.push_str(
        "//! The element categories of the tree builder: special, formatting, void,\n\
         //! the boundaries of the \"has an element in … scope\" algorithms, the\n\
         //! elements of \"generate implied end tags\" and of \"clear the stack back\n\
         //! to a table … context\", and the integration points.\n\
         //!\n\
         //! One lookup answers every category of an element: [`element_categories`]\n\
         //! indexes a per-namespace array by [`LocalName::index`]. Names outside the\n\
         //! HTML, MathML and SVG namespaces, and names the tables do not list, have\n\
         //! no category.\n\
         //!\n\
         //! Not here: MathML annotation-xml is an HTML integration point when its\n\
         //! start tag had an `encoding` attribute that is an ASCII case-insensitive\n\
         //! match for \"text/html\" or \"application/xhtml+xml\". That depends on the\n\
         //! token, so the tree builder checks it at run time.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements>\n\n\
         use super::names::{local_names as n, LocalName, Namespace, LOCAL_NAME_COUNT};\n\n\
         /// A set of element categories (bit flags).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]\n\
         pub struct Categories(u32);\n\n\
         use Categories as C;\n\n\
         impl Categories {\n\
         \x20   /// No category.\n\
         \x20   pub const EMPTY: Categories = Categories(0);\n",
    );
    for (bit, category) in CATEGORIES.iter().enumerate() {
        writeln!(out, "    /// {}", category.doc).unwrap();
        writeln!(out, "    pub const {}: Categories = Categories(1 << {bit});", section_const(category.section))
            .unwrap();
    }
    out.push_str(
        "\n\
         \x20   /// Whether `self` has every category of `other`.\n\
         \x20   pub const fn contains(self, other: Categories) -> bool {\n\
         \x20       self.0 & other.0 == other.0\n\
         \x20   }\n\n\
         \x20   /// Whether `self` has at least one category of `other`.\n\
         \x20   pub const fn intersects(self, other: Categories) -> bool {\n\
         \x20       self.0 & other.0 != 0\n\
         \x20   }\n\n\
         \x20   /// The categories of `self` and of `other`.\n\
         \x20   pub const fn union(self, other: Categories) -> Categories {\n\
         \x20       Categories(self.0 | other.0)\n\
         \x20   }\n\
         }\n\n\
         impl core::ops::BitOr for Categories {\n\
         \x20   type Output = Categories;\n\n\
         \x20   fn bitor(self, other: Categories) -> Categories {\n\
         \x20       self.union(other)\n\
         \x20   }\n\
         }\n\n\
         /// The categories of the element `name` in namespace `ns`.\n\
         pub fn element_categories(ns: Namespace, name: LocalName) -> Categories {\n\
         \x20   match ns {\n\
         \x20       Namespace::Html => HTML[name.index()],\n\
         \x20       Namespace::MathMl => MATHML[name.index()],\n\
         \x20       Namespace::Svg => SVG[name.index()],\n\
         \x20       Namespace::XLink | Namespace::Xml | Namespace::XmlNs => Categories::EMPTY,\n\
         \x20   }\n\
         }\n\n\
         /// Builds a per-namespace table from `(element, categories)` rows.\n\
         const fn table(rows: &[(LocalName, &[Categories])]) -> [Categories; LOCAL_NAME_COUNT] {\n\
         \x20   let mut table = [Categories::EMPTY; LOCAL_NAME_COUNT];\n\
         \x20   let mut row = 0;\n\
         \x20   while row < rows.len() {\n\
         \x20       let (name, categories) = rows[row];\n\
         \x20       let mut at = 0;\n\
         \x20       while at < categories.len() {\n\
         \x20           table[name.index()] = table[name.index()].union(categories[at]);\n\
         \x20           at += 1;\n\
         \x20       }\n\
         \x20       row += 1;\n\
         \x20   }\n\
         \x20   table\n\
         }\n",
    );
    for (keyword, array, spec_name) in [("html", "HTML", "HTML"), ("mathml", "MATHML", "MathML"), ("svg", "SVG", "SVG")]
    {
        writeln!(out, "\n/// The elements of the {spec_name} namespace that have a category.").unwrap();
        writeln!(out, "static {array}: [Categories; LOCAL_NAME_COUNT] = table(&[").unwrap();
        for (name, constants) in &by_element[keyword] {
            writeln!(out, "    (n::{}, &[{}]),", const_name(name), constants.join(", ")).unwrap();
        }
        out.push_str("]);\n");
    }
    // The boundaries a scope adds to "in scope" (the rows after its
    // `include scope`): the stack finds the topmost boundary of these scopes
    // as the topmost of "in scope"'s and of these elements'.
    for section in INCLUDES_SCOPE {
        let scope = members(rows, "scope");
        let extra: Vec<String> = members(rows, section)
            .into_iter()
            .filter(|member| !scope.contains(member))
            .map(|(namespace, name)| {
                if namespace == "html" {
                    Ok(format!("n::{}", const_name(&name)))
                } else {
                    Err(format!("[{section}] {namespace} {name}: the added boundaries are HTML elements"))
                }
            })
            .collect::<Result<_>>()?;
        writeln!(
            out,
            "\n/// The HTML elements that end the search of `{}` but not of `SCOPE` (the rows\n\
             /// after its `include scope`).\npub const {}_ADDED: &[LocalName] = &[{}];",
            section_const(section),
            section_const(section),
            extra.join(", ")
        )
        .unwrap();
    }
    Ok(rust_text_file(OUTPUT, &[SOURCE, "names.txt"], provenance, &out))
}

/// `list-item-scope` → `LIST_ITEM_SCOPE`.
pub fn section_const(section: &str) -> String {
    section.to_ascii_uppercase().replace('-', "_")
}

fn audit(rows: &CategoryRows, known: &KnownNames, report: &mut TableReport) {
    for category in &CATEGORIES {
        report.check(rows.contains_key(category.section), || format!("section [{}] is missing", category.section));
    }
    for (section, entries) in rows {
        if !CATEGORIES.iter().any(|c| c.section == section) {
            report.problems.push(format!("unknown section [{section}]"));
            continue;
        }
        let mut seen = BTreeSet::new();
        for (line, entry) in entries {
            let origin = format!("spec-data/{SOURCE}:{line}");
            report.check(seen.insert(entry.clone()), || format!("{origin}: {} repeats", canonical(section, entry)));
            match entry {
                Entry::IncludeScope => report.check(INCLUDES_SCOPE.contains(&section.as_str()), || {
                    format!("{origin}: `include scope` only belongs in {INCLUDES_SCOPE:?}")
                }),
                Entry::Element { namespace, name } => {
                    report.check(known.is_element(namespace, name), || {
                        format!("{origin}: {namespace} {name} is not in names.txt [{namespace}-elements]")
                    });
                }
            }
        }
    }
    let html_only = ["formatting", "void", "table-scope", "implied-end-tags"];
    let html_only = html_only.iter().chain(&[
        "implied-end-tags-thoroughly",
        "table-context",
        "table-body-context",
        "table-row-context",
    ]);
    for section in html_only {
        for (namespace, name) in members(rows, section) {
            report.check(namespace == "html", || {
                format!("[{section}] {namespace} {name}: only HTML elements belong here")
            });
        }
    }
    let subset = |report: &mut TableReport, small: &str, big: &str| {
        let big_members = members(rows, big);
        for (namespace, name) in members(rows, small) {
            report.check(big_members.contains(&(namespace.clone(), name.clone())), || {
                format!("[{small}] {namespace} {name} is not in [{big}]")
            });
        }
    };
    // Properties the spec's lists have, checked so that an edit that breaks
    // one is noticed.
    subset(report, "scope", "special");
    subset(report, "table-scope", "scope");
    subset(report, "implied-end-tags", "implied-end-tags-thoroughly");
    subset(report, "mathml-text-integration-point", "special");
    subset(report, "html-integration-point", "special");
    subset(report, "mathml-text-integration-point", "scope");
    report.check(members(rows, "table-context") == members(rows, "table-scope"), || {
        "[table-context] must equal [table-scope] (\"the same list of elements as used in the has an element in table scope steps\")".into()
    });
    let special = members(rows, "special");
    for element in members(rows, "formatting") {
        report.check(!special.contains(&element), || {
            format!("{} {} is both formatting and special", element.0, element.1)
        });
    }
    for section in INCLUDES_SCOPE {
        let includes = rows.get(section).is_some_and(|e| e.iter().any(|(_, e)| *e == Entry::IncludeScope));
        report.check(includes, || format!("[{section}] must start with `include scope`, as the spec's list does"));
    }
    for category in &CATEGORIES {
        report.notes.push(format!("{} {}", category.section, members(rows, category.section).len()));
    }
}

/// Re-extracts every category from the spec texts: the names from the
/// WHATWG copy; the namespaces it lost, and the "All the element types
/// listed above" items of the list-item and button scope lists, from the
/// W3C copy, whose lists are otherwise the same; the void elements from the
/// W3C syntax chapter.
pub fn extract(whatwg: &str, w3c: &str) -> Result<Vec<String>> {
    // The W3C copy is wrapped at 100 columns, even inside phrases.
    let w3c_flat = w3c.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    fn push(out: &mut Vec<String>, section: &str, items: Vec<(&str, String)>) {
        for (namespace, name) in items {
            out.push(format!("{section} {namespace} {name}"));
        }
    }
    let special = between(whatwg, WHATWG, "have varying levels of special parsing rules: ", ".\n")?;
    push(&mut out, "special", prose_list(special, "html")?);
    let formatting = between(whatwg, WHATWG, "end up in the list of active formatting elements: ", ".\n")?;
    push(&mut out, "formatting", prose_list(formatting, "html")?);

    for (section, which) in [
        ("scope", "in scope"),
        ("list-item-scope", "in list item scope"),
        ("button-scope", "in button scope"),
        ("table-scope", "in table scope"),
    ] {
        let start =
            format!("have a particular element {which} when it has that element in the specific scope consisting of ");
        let lists = [whatwg, w3c_flat.as_str()].map(|text| {
            let block = text.find(&start).map(|at| &text[at + start.len()..]).unwrap_or("");
            let block = block.split_once(':').map_or("", |(_, rest)| rest);
            let end = ["The stack of open elements is said", "Nothing happens"]
                .iter()
                .filter_map(|end| block.find(end))
                .min()
                .unwrap_or(block.len());
            &block[..end]
        });
        let [whatwg_list, w3c_list] = lists;
        if whatwg_list.trim().is_empty() {
            return Err(format!("{WHATWG}: no list for \"{which}\""));
        }
        const ALL_ABOVE: &str = "All the element types listed above for the has an element in scope algorithm.";
        let w3c_namespaces = namespace_qualified_names(w3c_list);
        if whatwg_list.contains(ALL_ABOVE) || w3c_list.contains(ALL_ABOVE) {
            out.push(format!("{section} include scope"));
        }
        for (name, namespace) in namespaced_lines(&whatwg_list.replace(ALL_ABOVE, "")) {
            let namespace = namespace
                .or_else(|| w3c_namespaces.iter().find(|(n, _)| *n == name).map(|(_, ns)| *ns))
                .ok_or_else(|| format!("\"{which}\": {name} has a namespace in neither {WHATWG} nor {W3C}"))?;
            out.push(format!("{section} {namespace} {name}"));
        }
    }

    for (section, start) in [
        ("implied-end-tags", "generate implied end tags, then, while the current node is "),
        ("implied-end-tags-thoroughly", "generate all implied end tags thoroughly, then, while the current node is "),
    ] {
        push(&mut out, section, prose_list(between(whatwg, WHATWG, start, ", the UA must pop")?, "html")?);
    }
    for (section, which) in [
        ("table-context", "table context"),
        ("table-body-context", "table body context"),
        ("table-row-context", "table row context"),
    ] {
        let start =
            format!("clear the stack back to a {which}, it means that the UA must, while the current node is not ");
        push(&mut out, section, prose_list(between(whatwg, WHATWG, &start, "pop elements")?, "html")?);
    }

    let w3c_integration =
        namespace_qualified_names(between(&w3c_flat, W3C, "A node is a MathML text integration point", "Note:")?);
    let namespace_of = |name: &str| {
        w3c_integration
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, ns)| *ns)
            .ok_or_else(|| format!("{W3C}: no namespace for the integration point {name}"))
    };
    let mathml = between(
        whatwg,
        WHATWG,
        "A node is a MathML text integration point if it is one of the following elements:",
        "A node is an HTML integration point",
    )?;
    for name in mathml.split("element").map(str::trim).filter(|n| !n.is_empty()) {
        out.push(format!("mathml-text-integration-point {} {name}", namespace_of(name)?));
    }
    let html = between(
        whatwg,
        WHATWG,
        "A node is an HTML integration point if it is one of the following elements:",
        "If the node in question",
    )?;
    for name in unconditional_integration_points(html) {
        out.push(format!("html-integration-point {} {name}", namespace_of(&name)?));
    }

    let void = between(w3c, W3C, "Void elements\n\n", "\n")?;
    push(&mut out, "void", prose_list(void, "html")?);
    Ok(out)
}

/// The elements of the saved WHATWG list of HTML integration points that
/// hold without a condition on their start tag. The copy reads
/// `annotation-xml\nelement whose start tag token had … "text/html\n"foreignObject\nelementdesc\nelement…`:
/// a piece that starts with "whose" qualifies the element before it, and
/// the next element's name follows its last quote.
pub fn unconditional_integration_points(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pieces = text.split("\nelement");
    let mut pending = pieces.next().unwrap_or("").trim().to_string();
    for piece in pieces {
        if piece.trim_start().starts_with("whose") {
            pending = piece.rsplit('"').next().unwrap_or("").trim().to_string();
        } else {
            if !pending.is_empty() {
                out.push(pending);
            }
            pending = piece.trim().to_string();
        }
    }
    if !pending.is_empty() {
        out.push(pending);
    }
    out
}

impl Table for ElementCategories {
    fn name(&self) -> &'static str {
        "element-categories"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE, "names.txt"]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        Ok(vec![generate(&load(ctx)?, &file.provenance())?])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let (rows, known) = match load(ctx).and_then(|rows| Ok((rows, names::load(ctx)?))) {
            Ok(both) => both,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = rows.values().map(Vec::len).sum();
        audit(&rows, &known, &mut report);
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        let rows = load(ctx)?;
        Ok(rows.iter().flat_map(|(section, entries)| entries.iter().map(|(_, e)| canonical(section, e))).collect())
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        let reference = crate::table::REFERENCE_TEXT;
        if spec_dir.join(reference).exists() {
            // The scope lists from the 2026 text (which has `select` in the
            // default scope and no select scope); the other categories, which
            // did not change, still from the 2025-01-14 and W3C texts.
            let texts = read_spec_text(spec_dir, WHATWG)
                .and_then(|w| Ok((w, read_spec_text(spec_dir, W3C)?, read_spec_text(spec_dir, reference)?)));
            return Some(texts.and_then(|(whatwg, w3c, text)| {
                let mut rows: Vec<String> = extract(&whatwg, &w3c)?
                    .into_iter()
                    .filter(|row| !SCOPE_SECTIONS.iter().any(|(section, _)| row.starts_with(&format!("{section} "))))
                    .collect();
                rows.extend(scopes_2026(&text)?);
                Ok(SpecRows { rows })
            }));
        }
        let texts = read_spec_text(spec_dir, WHATWG).and_then(|w| Ok((w, read_spec_text(spec_dir, W3C)?)));
        Some(texts.and_then(|(whatwg, w3c)| {
            let mut rows = extract(&whatwg, &w3c)?;
            rows.extend(NEWER_THAN_THE_SPEC_TEXT.iter().map(|(row, _)| row.to_string()));
            Ok(SpecRows { rows })
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integration_points_skip_the_conditional_annotation_xml() {
        let text = "\nannotation-xml\nelement whose start tag token had an attribute with the name \"encoding\" whose value was … \"text/html\n\"annotation-xml\nelement whose … \"application/xhtml+xml\n\"foreignObject\nelementdesc\nelementtitle\nelement";
        assert_eq!(unconditional_integration_points(text), ["foreignObject", "desc", "title"]);
    }

    #[test]
    fn extraction_reads_scope_lists_with_w3c_namespaces() {
        let whatwg = "x have varying levels of special parsing rules: HTML's applet\n, html\n; MathML mi\n; and SVG title\n.\n\
            are those that end up in the list of active formatting elements: a\n, and b\n.\n\
            The stack of open elements is said to have a particular element in scope when it has that element in the specific scope consisting of the following element types:\napplet\nmi\ntitle\n\
            The stack of open elements is said to have a particular element in list item scope when it has that element in the specific scope consisting of the following element types:\nol\nin the HTML namespaceul\nin the HTML namespace\
            The stack of open elements is said to have a particular element in button scope when it has that element in the specific scope consisting of the following element types:\nbutton\nin the HTML namespace\
            The stack of open elements is said to have a particular element in table scope when it has that element in the specific scope consisting of the following element types:\nhtml\nin the HTML namespace\
            The stack of open elements is said to have a particular element in select scope when it has that element in the specific scope consisting of all element types except the following:\noption\nin the HTML namespaceNothing happens\n\
            generate implied end tags, then, while the current node is a dd\nelement, or a p\nelement, the UA must pop\n\
            generate all implied end tags thoroughly, then, while the current node is a caption\nelement, or a tr\nelement, the UA must pop\n\
            clear the stack back to a table context, it means that the UA must, while the current node is not a table\n, or html\nelement, pop elements\n\
            clear the stack back to a table body context, it means that the UA must, while the current node is not a tbody\n, or html\nelement, pop elements\n\
            clear the stack back to a table row context, it means that the UA must, while the current node is not a tr\n, or html\nelement, pop elements\n\
            A node is a MathML text integration point if it is one of the following elements:\nmi\nelementA node is an HTML integration point if it is one of the following elements:\ntitle\nelementIf the node in question";
        let w3c = "have a particular element in scope when it has that element in the specific scope consisting of the following element types:\n\
            applet in the HTML namespace\nmi in the MathML namespace\ntitle in the SVG namespace\n\n\
            The stack of open elements is said to have a particular element in list item scope when it has that element in the specific scope consisting of the following element types:\n\
            All the element types listed above for the has an element in scope algorithm.\nol in the HTML namespace\n\
            The stack of open elements is said\n\
            A node is a MathML text integration point if it is one of the following elements:\nAn mi element in the MathML namespace\nA title element in the SVG namespace\nNote:\n\
            Void elements\n\narea, br\n";
        let rows = extract(whatwg, w3c).unwrap();
        for expected in [
            "special html applet",
            "special mathml mi",
            "special svg title",
            "formatting html b",
            "scope svg title",
            "scope mathml mi",
            "list-item-scope include scope",
            "list-item-scope html ul",
            "implied-end-tags html p",
            "implied-end-tags-thoroughly html tr",
            "table-body-context html tbody",
            "mathml-text-integration-point mathml mi",
            "html-integration-point svg title",
            "void html br",
        ] {
            assert!(rows.iter().any(|r| r == expected), "{expected} not in {rows:#?}");
        }
        assert!(!rows.iter().any(|r| r == "button-scope include scope"), "only where the W3C list says so");
    }
}
