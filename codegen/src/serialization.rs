//! The element and attribute lists of the serializer:
//! `spec-data/serialization.txt` → `parser/src/generated/serialization.rs`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use quote::quote;

use crate::table::read_spec_text;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct Serialization;

const SOURCE: &str = "serialization.txt";
const OUTPUT: &str = "parser/src/generated/serialization.rs";
const SECTIONS: [&str; 4] =
    ["serializes-as-void", "literal-text-parents", "whitespace-preserving", "boolean-attributes"];

/// The table, read.
#[derive(Debug, Clone, Default)]
pub struct SerializationLists {
    pub serializes_as_void: Vec<String>,
    /// (element, only when scripting is enabled)
    pub literal_text_parents: Vec<(String, bool)>,
    pub whitespace_preserving: Vec<String>,
    /// attribute → elements (`*` for every element)
    pub boolean_attributes: BTreeMap<String, Vec<String>>,
}

fn is_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// Reads the table from spec-data.
pub fn load(ctx: &Context) -> Result<SerializationLists> {
    let file = ctx.load(SOURCE)?;
    let mut lists = SerializationLists::default();
    for row in &file.rows {
        let fields = row.fields();
        let bad = || format!("{}: unexpected row {:?} in [{}]", row.origin(&file), row.text, row.section);
        match (row.section.as_str(), fields.as_slice()) {
            ("serializes-as-void", [name]) if is_name(name) => lists.serializes_as_void.push(name.to_string()),
            ("literal-text-parents", [name]) if is_name(name) => {
                lists.literal_text_parents.push((name.to_string(), false))
            }
            ("literal-text-parents", [name, "scripting"]) if is_name(name) => {
                lists.literal_text_parents.push((name.to_string(), true))
            }
            ("whitespace-preserving", [name]) if is_name(name) => lists.whitespace_preserving.push(name.to_string()),
            ("boolean-attributes", [attribute, elements @ ..])
                if is_name(attribute) && !elements.is_empty() && elements.iter().all(|e| *e == "*" || is_name(e)) =>
            {
                if lists
                    .boolean_attributes
                    .insert(attribute.to_string(), elements.iter().map(|e| e.to_string()).collect())
                    .is_some()
                {
                    return Err(format!("{}: attribute {attribute} listed twice", row.origin(&file)));
                }
            }
            _ => return Err(bad()),
        }
    }
    Ok(lists)
}

/// The rows of the sections the spec texts hold, canonicalised.
fn spec_rows(lists: &SerializationLists) -> Vec<String> {
    let mut rows: Vec<String> = lists.serializes_as_void.iter().map(|n| format!("serializes-as-void {n}")).collect();
    rows.extend(lists.literal_text_parents.iter().map(|(n, scripting)| {
        if *scripting {
            format!("literal-text-parents {n} scripting")
        } else {
            format!("literal-text-parents {n}")
        }
    }));
    rows
}

/// Names listed as "a, b, c, or d" (the WHATWG text puts a line break
/// before each comma, where an inline element's markup was lost).
fn name_list(text: &str) -> Vec<String> {
    text.replace(" or ", ", ")
        .split(',')
        .map(|part| part.trim().trim_start_matches("or ").trim().to_string())
        .filter(|part| !part.is_empty())
        .collect()
}

/// Extracts the void elements and the literal-text parents.
pub fn extract(spec_dir: &Path) -> Result<SerializationLists> {
    let w3c = read_spec_text(spec_dir, "w3c-html5-syntax.txt")?;
    let whatwg = read_spec_text(spec_dir, "whatwg-parsing-2025-01-14.txt")?;
    let mut lists = SerializationLists::default();

    // W3C §8.1.2 Elements: "Void elements" then the list on its own line.
    let at = w3c.find("\nVoid elements\n").ok_or("w3c-html5-syntax.txt: no `Void elements` list")?;
    let list = w3c[at..].lines().map(str::trim).filter(|l| !l.is_empty()).nth(1).ok_or("no void element list")?;
    lists.serializes_as_void = name_list(list);

    let whatwg_flat = whatwg.split_whitespace().collect::<Vec<_>>().join(" ");
    let void_intro = "an element serializes as void if its element type is one of the void elements, or is ";
    let at = whatwg_flat.find(void_intro).ok_or("whatwg: no `serializes as void` sentence")?;
    let rest = &whatwg_flat[at + void_intro.len()..];
    let sentence = &rest[..rest.find('.').ok_or("unterminated sentence")?];
    for name in name_list(sentence) {
        if !lists.serializes_as_void.contains(&name) {
            lists.serializes_as_void.push(name);
        }
    }

    let text_intro = "If the parent of current node is a ";
    let at = whatwg_flat.find(text_intro).ok_or("whatwg: no literal-text sentence")?;
    let rest = &whatwg_flat[at + text_intro.len()..];
    let (list, rest) = rest
        .split_once(" element, or if the parent of current node is a ")
        .ok_or("unexpected literal-text sentence")?;
    for name in name_list(list) {
        lists.literal_text_parents.push((name, false));
    }
    let (name, rest) = rest.split_once(' ').ok_or("unexpected literal-text sentence")?;
    if !rest.starts_with("element and scripting is enabled for the node") {
        return Err("whatwg: expected `… element and scripting is enabled for the node`".into());
    }
    lists.literal_text_parents.push((name.to_string(), true));
    Ok(lists)
}

impl Table for Serialization {
    fn name(&self) -> &'static str {
        "serialization"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let lists = load(ctx)?;
        let void = &lists.serializes_as_void;
        let literal: Vec<&str> =
            lists.literal_text_parents.iter().filter(|(_, s)| !s).map(|(n, _)| n.as_str()).collect();
        let literal_scripting: Vec<&str> =
            lists.literal_text_parents.iter().filter(|(_, s)| *s).map(|(n, _)| n.as_str()).collect();
        let preserving = &lists.whitespace_preserving;
        let global: Vec<&str> = lists
            .boolean_attributes
            .iter()
            .filter(|(_, e)| e.iter().any(|e| e == "*"))
            .map(|(a, _)| a.as_str())
            .collect();
        let mut per_element: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (attribute, elements) in &lists.boolean_attributes {
            for element in elements.iter().filter(|e| *e != "*") {
                per_element.entry(element).or_default().push(attribute);
            }
        }
        let arm_elements = per_element.keys();
        let arm_attributes = per_element.values().map(|attrs| quote!(#(#attrs)|*));
        let tokens = quote! {
            //! Element and attribute lists of the HTML serializer.
            //!
            //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>

            /// Whether the HTML element `name` serializes as void: no end tag, no content.
            pub fn serializes_as_void(name: &str) -> bool {
                matches!(name, #(#void)|*)
            }

            /// Whether text inside the HTML element `name` is written literally
            /// (not escaped). `scripting`: whether scripting is enabled.
            pub fn text_is_literal_inside(name: &str, scripting: bool) -> bool {
                match name {
                    #(#literal)|* => true,
                    #(#literal_scripting)|* => scripting,
                    _ => false,
                }
            }

            /// Whether the `strip_whitespace` option leaves text inside the
            /// HTML element `name` alone (besides the literal-text parents).
            pub fn preserves_whitespace(name: &str) -> bool {
                matches!(name, #(#preserving)|*)
            }

            /// Whether `attribute` is a boolean attribute of the HTML element `element`.
            pub fn is_boolean_attribute(element: &str, attribute: &str) -> bool {
                matches!(attribute, #(#global)|*)
                    || match element {
                        #(#arm_elements => matches!(attribute, #arm_attributes),)*
                        _ => false,
                    }
            }
        };
        Ok(vec![crate::emit::rust_file(OUTPUT, &[SOURCE], &file.provenance(), tokens)])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let file = match ctx.load(SOURCE) {
            Ok(file) => file,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let lists = match load(ctx) {
            Ok(lists) => lists,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = file.rows.len();
        for section in file.sections() {
            report.check(SECTIONS.contains(&section), || format!("unknown section [{section}]"));
        }
        for (name, list) in [
            ("serializes-as-void", lists.serializes_as_void.clone()),
            ("literal-text-parents", lists.literal_text_parents.iter().map(|(n, _)| n.clone()).collect()),
            ("whitespace-preserving", lists.whitespace_preserving.clone()),
        ] {
            let mut seen = BTreeSet::new();
            for element in &list {
                report.check(seen.insert(element), || format!("[{name}] lists {element} twice"));
            }
            report.check(!list.is_empty(), || format!("[{name}] is empty"));
        }
        for element in &lists.whitespace_preserving {
            report.check(!lists.literal_text_parents.iter().any(|(n, _)| n == element), || {
                format!("{element} is a literal-text parent already; drop it from [whitespace-preserving]")
            });
        }
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(spec_rows(&load(ctx)?))
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        Some(extract(spec_dir).map(|lists| SpecRows { rows: spec_rows(&lists) }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_lists_with_lost_markup() {
        assert_eq!(
            name_list("basefont , bgsound , frame , keygen , or param"),
            ["basefont", "bgsound", "frame", "keygen", "param"]
        );
        assert_eq!(name_list("area, base, br"), ["area", "base", "br"]);
    }
}
