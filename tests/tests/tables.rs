//! The generated spec tables, checked against spec-data and against facts
//! from the spec: quirks mode of real DOCTYPEs, the fix-ups of foreign
//! content, the interned names and the element categories.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use htmlforge::generated::element_categories::{element_categories, Categories};
use htmlforge::generated::foreign_fixups::{
    foreign_attribute_adjustment, mathml_attribute_fixup, svg_attribute_fixup, svg_tag_name_fixup,
};
use htmlforge::generated::names::{local_names, LocalName, Namespace, LOCAL_NAME_COUNT};
use htmlforge::quirks::{quirks_mode_of_doctype, QuirksMode};
use htmlforge::tokenizer::Doctype;

/// The `(section, fields)` rows of `spec-data/<name>`, read the simple way
/// (the codegen crate's reader is not a dependency of the runtime tests).
fn spec_data_rows(name: &str) -> Vec<(String, Vec<String>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../spec-data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut section = String::new();
    let mut rows = Vec::new();
    for line in text.lines() {
        let line = line.split(" #").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = inner.to_string();
            continue;
        }
        rows.push((section.clone(), line.split_whitespace().map(str::to_string).collect()));
    }
    assert!(!rows.is_empty(), "{name} has no rows");
    rows
}

fn doctype(name: &str, public_id: Option<&str>, system_id: Option<&str>) -> Doctype {
    Doctype {
        name: Some(name.to_string()),
        public_id: public_id.map(str::to_string),
        system_id: system_id.map(str::to_string),
        force_quirks: false,
    }
}

fn mode(public_id: Option<&str>, system_id: Option<&str>) -> QuirksMode {
    quirks_mode_of_doctype(&doctype("html", public_id, system_id), false)
}

#[test]
fn html5_doctypes_are_no_quirks() {
    assert_eq!(mode(None, None), QuirksMode::NoQuirks, "<!DOCTYPE html>");
    assert_eq!(mode(None, Some("about:legacy-compat")), QuirksMode::NoQuirks);
    assert_eq!(
        mode(Some("-//W3C//DTD HTML 4.01//EN"), Some("http://www.w3.org/TR/html4/strict.dtd")),
        QuirksMode::NoQuirks,
        "HTML 4.01 Strict"
    );
    assert_eq!(
        mode(Some("-//W3C//DTD XHTML 1.0 Strict//EN"), Some("http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd")),
        QuirksMode::NoQuirks,
        "XHTML 1.0 Strict"
    );
}

#[test]
fn html401_transitional_depends_on_the_system_identifier() {
    let public = Some("-//W3C//DTD HTML 4.01 Transitional//EN");
    assert_eq!(mode(public, Some("http://www.w3.org/TR/html4/loose.dtd")), QuirksMode::LimitedQuirks);
    assert_eq!(mode(public, None), QuirksMode::Quirks);
    // "The system identifier is missing or the empty string" (the 2026
    // text; in 2025 an empty one counted as present).
    assert_eq!(mode(public, Some("")), QuirksMode::Quirks);
    // Comparisons ignore ASCII case.
    assert_eq!(mode(Some("-//w3c//dtd html 4.01 transitional//en"), None), QuirksMode::Quirks);
    let frameset = Some("-//W3C//DTD HTML 4.01 Frameset//EN");
    assert_eq!(mode(frameset, Some("http://www.w3.org/TR/html4/frameset.dtd")), QuirksMode::LimitedQuirks);
    assert_eq!(mode(frameset, None), QuirksMode::Quirks);
}

#[test]
fn xhtml10_transitional_and_frameset_are_limited_quirks() {
    let system = Some("http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd");
    assert_eq!(mode(Some("-//W3C//DTD XHTML 1.0 Transitional//EN"), system), QuirksMode::LimitedQuirks);
    assert_eq!(mode(Some("-//W3C//DTD XHTML 1.0 Transitional//EN"), None), QuirksMode::LimitedQuirks);
    assert_eq!(mode(Some("-//W3C//DTD XHTML 1.0 Frameset//EN"), None), QuirksMode::LimitedQuirks);
}

#[test]
fn legacy_identifiers_are_quirks() {
    assert_eq!(mode(None, Some("http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")), QuirksMode::Quirks);
    assert_eq!(mode(None, Some("HTTP://WWW.IBM.COM/data/dtd/v11/ibmxhtml1-transitional.dtd")), QuirksMode::Quirks);
    assert_eq!(mode(Some("-//W3O//DTD W3 HTML 3.0//EN//"), None), QuirksMode::Quirks, "starts with a prefix");
    assert_eq!(mode(Some("-//W3C//DTD HTML 3.2 Final//EN"), None), QuirksMode::Quirks);
    assert_eq!(mode(Some("-//IETF//DTD HTML//EN"), Some("x")), QuirksMode::Quirks);
    assert_eq!(mode(Some("-//W3O//DTD W3 HTML Strict 3.0//EN//"), None), QuirksMode::Quirks, "exact match");
    assert_eq!(mode(Some("HTML"), None), QuirksMode::Quirks);
    assert_eq!(mode(Some("html"), None), QuirksMode::Quirks);
    // The exact identifiers are not prefixes.
    assert_eq!(mode(Some("-//W3O//DTD W3 HTML Strict 3.0//EN//x"), None), QuirksMode::NoQuirks);
    assert_eq!(mode(Some("HTML5"), None), QuirksMode::NoQuirks);
    assert_eq!(mode(None, Some("http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd2")), QuirksMode::NoQuirks);
}

#[test]
fn name_force_quirks_and_iframe_srcdoc() {
    let mut forced = doctype("html", None, None);
    forced.force_quirks = true;
    assert_eq!(quirks_mode_of_doctype(&forced, false), QuirksMode::Quirks);
    assert_eq!(quirks_mode_of_doctype(&doctype("svg", None, None), false), QuirksMode::Quirks);
    assert_eq!(quirks_mode_of_doctype(&Doctype::default(), false), QuirksMode::Quirks, "missing name");
    // An iframe srcdoc document keeps no-quirks mode whatever its DOCTYPE.
    assert_eq!(quirks_mode_of_doctype(&forced, true), QuirksMode::NoQuirks);
    let legacy = doctype("html", Some("-//W3C//DTD HTML 4.01 Transitional//EN"), None);
    assert_eq!(quirks_mode_of_doctype(&legacy, true), QuirksMode::NoQuirks);
}

#[test]
fn every_quirks_list_row_classifies_as_its_section_says() {
    for (section, fields) in spec_data_rows("quirks-doctypes.txt") {
        let id = fields.join(" ");
        let with_suffix = format!("{id}suffix");
        let (public_mode, expected) = match section.as_str() {
            "public-ids" => (mode(Some(&id), None), QuirksMode::Quirks),
            "system-ids" => (mode(None, Some(&id)), QuirksMode::Quirks),
            "public-id-prefixes" => (mode(Some(&with_suffix), Some("x")), QuirksMode::Quirks),
            "public-id-prefixes-if-system-id-missing" => {
                assert_eq!(mode(Some(&with_suffix), Some("x")), QuirksMode::LimitedQuirks, "{id}");
                (mode(Some(&with_suffix), None), QuirksMode::Quirks)
            }
            "limited-quirks-public-id-prefixes" => (mode(Some(&with_suffix), None), QuirksMode::LimitedQuirks),
            other => panic!("unknown section [{other}]"),
        };
        assert_eq!(public_mode, expected, "[{section}] {id}");
        assert_eq!(
            quirks_mode_of_doctype(
                &doctype("html", Some(&id.to_ascii_lowercase()), Some(&id.to_ascii_lowercase())),
                false
            ),
            if section == "limited-quirks-public-id-prefixes" || section == "public-id-prefixes-if-system-id-missing" {
                QuirksMode::LimitedQuirks
            } else {
                QuirksMode::Quirks
            },
            "[{section}] {id}, lowercased"
        );
    }
}

#[test]
fn every_case_fixup_row_resolves() {
    type Fixup = fn(&str) -> Option<&'static str>;
    let tables: [(&str, Fixup); 3] = [
        ("svg-tag-name-fixups.txt", svg_tag_name_fixup),
        ("svg-attribute-fixups.txt", svg_attribute_fixup),
        ("mathml-attribute-fixups.txt", mathml_attribute_fixup),
    ];
    for (file, fixup) in tables {
        let rows = spec_data_rows(file);
        for (_, fields) in &rows {
            let [from, to] = &fields[..] else { panic!("{file}: {fields:?}") };
            assert_eq!(fixup(from), Some(to.as_str()), "{file}: {from}");
            assert_eq!(fixup(to), None, "{file}: {to} is already fixed");
            assert!(LocalName::lookup(to).is_some(), "{file}: {to} is not interned");
            assert!(LocalName::lookup(from).is_some(), "{file}: {from} is not interned");
        }
        assert_eq!(fixup("div"), None);
        assert_eq!(fixup(""), None);
    }
    assert_eq!(svg_tag_name_fixup("foreignobject"), Some("foreignObject"));
    assert_eq!(svg_attribute_fixup("viewbox"), Some("viewBox"));
    assert_eq!(mathml_attribute_fixup("definitionurl"), Some("definitionURL"));
}

#[test]
fn every_foreign_attribute_row_resolves() {
    let namespace = |name: &str| match name {
        "XLink" => Namespace::XLink,
        "XML" => Namespace::Xml,
        "XMLNS" => Namespace::XmlNs,
        other => panic!("unknown namespace {other}"),
    };
    for (_, fields) in spec_data_rows("foreign-attributes.txt") {
        let [name, prefix, local, ns] = &fields[..] else { panic!("{fields:?}") };
        let prefix = (prefix != "(none)").then_some(prefix.as_str());
        assert_eq!(foreign_attribute_adjustment(name), Some((prefix, local.as_str(), namespace(ns))), "{name}");
        assert!(LocalName::lookup(local).is_some(), "{local} is not interned");
    }
    assert_eq!(foreign_attribute_adjustment("xlink:href"), Some((Some("xlink"), "href", Namespace::XLink)));
    assert_eq!(foreign_attribute_adjustment("xmlns"), Some((None, "xmlns", Namespace::XmlNs)));
    assert_eq!(foreign_attribute_adjustment("href"), None);
    assert_eq!(foreign_attribute_adjustment("XLINK:HREF"), None, "the token's names are lowercase");
}

#[test]
fn namespaces_have_their_urls() {
    assert_eq!(Namespace::Html.url(), "http://www.w3.org/1999/xhtml");
    assert_eq!(Namespace::MathMl.url(), "http://www.w3.org/1998/Math/MathML");
    assert_eq!(Namespace::Svg.url(), "http://www.w3.org/2000/svg");
    assert_eq!(Namespace::XLink.url(), "http://www.w3.org/1999/xlink");
    assert_eq!(Namespace::Xml.url(), "http://www.w3.org/XML/1998/namespace");
    assert_eq!(Namespace::XmlNs.url(), "http://www.w3.org/2000/xmlns/");
}

#[test]
fn every_name_round_trips_and_names_txt_is_interned_exactly() {
    let mut count = 0;
    for name in LocalName::all() {
        assert_eq!(LocalName::lookup(name.as_str()), Some(name), "{}", name.as_str());
        assert_eq!(LocalName::from_index(name.index()), Some(name));
        count += 1;
    }
    assert_eq!(count, LOCAL_NAME_COUNT);
    assert_eq!(LocalName::from_index(LOCAL_NAME_COUNT), None);
    let listed: BTreeSet<String> = spec_data_rows("names.txt")
        .into_iter()
        .filter(|(section, _)| section != "namespaces")
        .map(|(_, fields)| fields.join(" "))
        .collect();
    let interned: BTreeSet<String> = LocalName::all().map(|n| n.as_str().to_string()).collect();
    assert_eq!(listed, interned);
}

#[test]
fn lookup_is_exact() {
    assert_eq!(LocalName::lookup("div"), Some(local_names::DIV));
    assert_eq!(LocalName::lookup("DIV"), None, "names are case-sensitive");
    assert_eq!(LocalName::lookup("foreignObject"), Some(local_names::FOREIGN_OBJECT));
    assert_eq!(LocalName::lookup("foreignobject"), Some(local_names::FOREIGNOBJECT));
    assert_ne!(local_names::FOREIGN_OBJECT, local_names::FOREIGNOBJECT);
    assert_eq!(local_names::ACCEPT_CHARSET.as_str(), "accept-charset");
    assert_eq!(local_names::XLINK_HREF.as_str(), "xlink:href");
    assert_eq!(local_names::DEFINITION_URL.as_str(), "definitionURL");
    assert_eq!(LocalName::lookup("no-such-element"), None);
    assert_eq!(LocalName::lookup(""), None);
}

fn html(name: LocalName) -> Categories {
    element_categories(Namespace::Html, name)
}

#[test]
fn categories_of_a_few_elements() {
    use local_names as n;
    assert!(html(n::ADDRESS).contains(Categories::SPECIAL));
    assert!(html(n::SEARCH).contains(Categories::SPECIAL));
    assert!(html(n::B).contains(Categories::FORMATTING));
    assert!(!html(n::B).contains(Categories::SPECIAL));
    assert!(html(n::BR).contains(Categories::VOID));
    assert!(!html(n::DIV).contains(Categories::VOID));
    assert!(element_categories(Namespace::Svg, n::FOREIGN_OBJECT).contains(Categories::HTML_INTEGRATION_POINT));
    assert!(element_categories(Namespace::MathMl, n::MI).contains(Categories::MATHML_TEXT_INTEGRATION_POINT));
    // annotation-xml is an HTML integration point only by its encoding
    // attribute, which the tree builder checks itself.
    assert!(!element_categories(Namespace::MathMl, n::ANNOTATION_XML).contains(Categories::HTML_INTEGRATION_POINT));
    // A cell ends "in scope" but not "in table scope" (html, table, template).
    assert!(html(n::TD).contains(Categories::SCOPE));
    assert!(!html(n::TD).contains(Categories::TABLE_SCOPE));
    assert!(html(n::TABLE).contains(Categories::TABLE_SCOPE | Categories::SCOPE));
    // List item and button scope include every scope element.
    assert!(html(n::APPLET).contains(Categories::LIST_ITEM_SCOPE | Categories::BUTTON_SCOPE));
    assert!(html(n::OL).contains(Categories::LIST_ITEM_SCOPE));
    assert!(!html(n::OL).contains(Categories::SCOPE));
    assert!(html(n::BUTTON).contains(Categories::BUTTON_SCOPE));
    assert!(html(n::P).contains(Categories::IMPLIED_END_TAGS));
    assert!(html(n::TBODY).contains(Categories::IMPLIED_END_TAGS_THOROUGHLY));
    assert!(!html(n::TBODY).contains(Categories::IMPLIED_END_TAGS));
    // The namespace matters: SVG title ends scope, HTML title does not.
    assert!(element_categories(Namespace::Svg, n::TITLE).contains(Categories::SCOPE));
    assert!(!html(n::TITLE).contains(Categories::SCOPE));
    assert_eq!(element_categories(Namespace::Svg, n::DIV), Categories::EMPTY);
    assert_eq!(element_categories(Namespace::XLink, n::HREF), Categories::EMPTY);
    assert!(Categories::EMPTY.contains(Categories::EMPTY));
    assert!(!Categories::EMPTY.intersects(Categories::SPECIAL));
}

/// Every row of element-categories.txt holds in the generated lookup, and
/// no element has a category the file does not give it.
#[test]
fn categories_match_element_categories_txt() {
    let constant = |section: &str| match section {
        "special" => Categories::SPECIAL,
        "formatting" => Categories::FORMATTING,
        "void" => Categories::VOID,
        "scope" => Categories::SCOPE,
        "list-item-scope" => Categories::LIST_ITEM_SCOPE,
        "button-scope" => Categories::BUTTON_SCOPE,
        "table-scope" => Categories::TABLE_SCOPE,
        "implied-end-tags" => Categories::IMPLIED_END_TAGS,
        "implied-end-tags-thoroughly" => Categories::IMPLIED_END_TAGS_THOROUGHLY,
        "table-context" => Categories::TABLE_CONTEXT,
        "table-body-context" => Categories::TABLE_BODY_CONTEXT,
        "table-row-context" => Categories::TABLE_ROW_CONTEXT,
        "mathml-text-integration-point" => Categories::MATHML_TEXT_INTEGRATION_POINT,
        "html-integration-point" => Categories::HTML_INTEGRATION_POINT,
        other => panic!("unknown section [{other}]"),
    };
    let namespace = |keyword: &str| match keyword {
        "html" => Namespace::Html,
        "mathml" => Namespace::MathMl,
        "svg" => Namespace::Svg,
        other => panic!("unknown namespace {other}"),
    };
    let rows = spec_data_rows("element-categories.txt");
    let mut members: BTreeMap<String, BTreeSet<(Namespace, LocalName)>> = BTreeMap::new();
    for (section, fields) in &rows {
        if let [ns, name] = &fields[..] {
            if ns == "include" {
                continue;
            }
            let entry = (namespace(ns), LocalName::lookup(name).unwrap_or_else(|| panic!("{name} is not interned")));
            members.entry(section.clone()).or_default().insert(entry);
        }
    }
    let scope = members["scope"].clone();
    for (section, fields) in &rows {
        if fields[..] == ["include", "scope"] {
            members.get_mut(section).unwrap().extend(scope.iter().copied());
        }
    }
    for (section, elements) in &members {
        let category = constant(section);
        for &(ns, name) in elements {
            assert!(element_categories(ns, name).contains(category), "{section}: {ns:?} {}", name.as_str());
        }
        for ns in [Namespace::Html, Namespace::MathMl, Namespace::Svg] {
            for name in LocalName::all() {
                if element_categories(ns, name).contains(category) {
                    assert!(
                        elements.contains(&(ns, name)),
                        "{ns:?} {} is {section} only in the generated code",
                        name.as_str()
                    );
                }
            }
        }
    }
}
