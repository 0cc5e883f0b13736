//! The HTML Sanitizer API's builtins: `spec-data/sanitizer/*.txt` →
//! `parser/src/generated/sanitizer_builtins.rs`, which
//! `parser/src/sanitize/` turns into configurations.
//!
//! Five tables: the built-in safe default configuration and the built-in
//! safe baseline configuration (dictionaries in the spec's JSON shape), the
//! event handler content attributes that "remove unsafe" removes, and the
//! three lists index.bs writes in its prose (navigating URL attributes,
//! animating URL attributes, non-replaceable elements).
//!
//! With `--spec DIR`, the audit reads `DIR/sanitizer/`: the two JSON files
//! of `builtins/` (and the `.txt` the default is derived from, derived again
//! here as `safe-default-configuration.py` does), the materialized baseline
//! (which must be the baseline plus the event handlers), the event handlers'
//! `.txt`, and the lists of `index.bs`.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#sanitization-defaults>

use std::collections::BTreeSet;
use std::path::Path;

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

use crate::{Context, DataFile, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct SanitizerBuiltins;

const DEFAULT: &str = "sanitizer/safe-default-configuration.txt";
const BASELINE: &str = "sanitizer/safe-baseline-configuration.txt";
const EVENT_HANDLERS: &str = "sanitizer/event-handler-content-attributes.txt";
const LISTS: &str = "sanitizer/builtin-lists.txt";
const SVG_EVENT_HANDLERS: &str = "sanitizer/svg-event-handler-attributes.txt";
const OUTPUT: &str = "parser/src/generated/sanitizer_builtins.rs";

const HTML_NS: &str = "http://www.w3.org/1999/xhtml";
const SVG_NS: &str = "http://www.w3.org/2000/svg";
const MATHML_NS: &str = "http://www.w3.org/1998/Math/MathML";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

/// The element namespaces spec-data writes as a word.
const ELEMENT_NAMESPACES: [(&str, &str); 3] = [("html", HTML_NS), ("svg", SVG_NS), ("math", MATHML_NS)];
/// The attribute namespaces spec-data writes as a prefix (`xlink:href`).
const ATTRIBUTE_PREFIXES: [(&str, &str); 3] = [("xlink", XLINK_NS), ("xml", XML_NS), ("xmlns", XMLNS_NS)];

/// The lists of `builtin-lists.txt`: (section, the `<dfn>` text of
/// index.bs, pairs of element and attribute or single elements).
const PROSE_LISTS: [(&str, &str, bool); 3] = [
    ("navigating-url-attributes", "built-in navigating URL attributes list", true),
    ("animating-url-attributes", "built-in animating URL attributes list", true),
    ("non-replaceable-elements", "built-in non-replaceable elements list", false),
];

/// A name of a configuration: a local name and a namespace (`None` is the
/// null namespace).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Name {
    pub namespace: Option<String>,
    pub name: String,
}

impl Name {
    /// `{namespace}name`, `{}name` for the null namespace: the audit's rows.
    fn clark(&self) -> String {
        format!("{{{}}}{}", self.namespace.as_deref().unwrap_or(""), self.name)
    }
}

/// An entry of "elements": a name and its attribute lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: Name,
    pub attributes: Option<Vec<Name>>,
    pub remove_attributes: Option<Vec<Name>>,
}

/// The value of one member of a configuration dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    Elements(Vec<Element>),
    Names(Vec<Name>),
    Targets(Vec<String>),
    Bool(bool),
}

/// A configuration dictionary, members in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Configuration {
    pub members: Vec<(String, Member)>,
}

/// The kind of value each member of `SanitizerConfig` holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Elements,
    ElementNames,
    AttributeNames,
    Targets,
    Bool,
}

/// The members of the `SanitizerConfig` dictionary (index.bs, "The
/// Configuration Dictionary").
const MEMBERS: [(&str, Kind); 9] = [
    ("elements", Kind::Elements),
    ("removeElements", Kind::ElementNames),
    ("replaceWithChildrenElements", Kind::ElementNames),
    ("processingInstructions", Kind::Targets),
    ("removeProcessingInstructions", Kind::Targets),
    ("attributes", Kind::AttributeNames),
    ("removeAttributes", Kind::AttributeNames),
    ("comments", Kind::Bool),
    ("dataAttributes", Kind::Bool),
];

fn kind_of(key: &str) -> Option<Kind> {
    MEMBERS.iter().find(|(member, _)| *member == key).map(|(_, kind)| *kind)
}

fn element_namespace(word: &str) -> Option<&'static str> {
    ELEMENT_NAMESPACES.iter().find(|(w, _)| *w == word).map(|(_, ns)| *ns)
}

/// `href` → null namespace; `xlink:href` → the XLink namespace.
fn attribute_name(field: &str) -> Name {
    if let Some((prefix, local)) = field.split_once(':') {
        if let Some((_, ns)) = ATTRIBUTE_PREFIXES.iter().find(|(p, _)| *p == prefix) {
            return Name { namespace: Some(ns.to_string()), name: local.to_string() };
        }
    }
    Name { namespace: None, name: field.to_string() }
}

fn element_name(file: &DataFile, row: &crate::Row, word: &str, name: &str) -> Result<Name> {
    let ns = element_namespace(word)
        .ok_or_else(|| format!("{}: `{word}` is not a namespace (html, svg or math)", row.origin(file)))?;
    Ok(Name { namespace: Some(ns.to_string()), name: name.to_string() })
}

/// Reads a configuration file (safe-default-configuration.txt's format).
pub fn load_configuration(ctx: &Context, source: &str) -> Result<Configuration> {
    let file = ctx.load(source)?;
    let mut config = Configuration::default();
    for row in file.section("keys") {
        let fields = row.fields();
        let kind = kind_of(fields[0])
            .ok_or_else(|| format!("{}: `{}` is not a member of SanitizerConfig", row.origin(&file), fields[0]))?;
        let member = match (kind, &fields[1..]) {
            (Kind::Bool, ["true"]) => Member::Bool(true),
            (Kind::Bool, ["false"]) => Member::Bool(false),
            (Kind::Bool, _) => return Err(format!("{}: expected `{} true|false`", row.origin(&file), fields[0])),
            (_, [_, ..]) => return Err(format!("{}: a list member takes no value here", row.origin(&file))),
            (Kind::Elements, []) => Member::Elements(Vec::new()),
            (Kind::ElementNames | Kind::AttributeNames, []) => Member::Names(Vec::new()),
            (Kind::Targets, []) => Member::Targets(Vec::new()),
        };
        if config.members.iter().any(|(key, _)| key == fields[0]) {
            return Err(format!("{}: `{}` listed twice", row.origin(&file), fields[0]));
        }
        config.members.push((fields[0].to_string(), member));
    }
    for row in &file.rows {
        if row.section == "keys" {
            continue;
        }
        let Some((_, member)) = config.members.iter_mut().find(|(key, _)| *key == row.section) else {
            return Err(format!("{}: section [{}] is not a list of [keys]", row.origin(&file), row.section));
        };
        let fields = row.fields();
        match member {
            Member::Elements(elements) => {
                let [word, name, attributes @ ..] = &fields[..] else {
                    return Err(format!("{}: expected `namespace name attribute…`", row.origin(&file)));
                };
                elements.push(Element {
                    name: element_name(&file, row, word, name)?,
                    attributes: Some(attributes.iter().map(|a| attribute_name(a)).collect()),
                    remove_attributes: None,
                });
            }
            Member::Names(names) => {
                let name = match (kind_of(&row.section), &fields[..]) {
                    (Some(Kind::ElementNames), [word, name]) => element_name(&file, row, word, name)?,
                    (Some(Kind::AttributeNames), [name]) => attribute_name(name),
                    _ => return Err(format!("{}: not a name of [{}]", row.origin(&file), row.section)),
                };
                names.push(name);
            }
            Member::Targets(targets) => match &fields[..] {
                [target] => targets.push(target.to_string()),
                _ => return Err(format!("{}: expected one target", row.origin(&file))),
            },
            Member::Bool(_) => return Err(format!("{}: [{}] is a boolean", row.origin(&file), row.section)),
        }
    }
    Ok(config)
}

/// The event handler content attributes, in order.
pub fn load_event_handlers(ctx: &Context) -> Result<Vec<String>> {
    load_names(ctx, EVENT_HANDLERS)
}

/// A file of one attribute name a row.
fn load_names(ctx: &Context, source: &str) -> Result<Vec<String>> {
    let file = ctx.load(source)?;
    file.rows
        .iter()
        .map(|row| match row.fields()[..] {
            [name] => Ok(name.to_string()),
            _ => Err(format!("{}: expected one attribute name", row.origin(&file))),
        })
        .collect()
}

/// One entry of a prose list: an element and, for the URL attribute lists,
/// an attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListEntry {
    pub element: Name,
    pub attribute: Option<Name>,
}

/// The lists of builtin-lists.txt, in PROSE_LISTS order.
pub fn load_lists(ctx: &Context) -> Result<Vec<Vec<ListEntry>>> {
    let file = ctx.load(LISTS)?;
    let mut lists = Vec::new();
    for (section, _, pairs) in PROSE_LISTS {
        let mut entries = Vec::new();
        for row in file.section(section) {
            let entry = match (&row.fields()[..], pairs) {
                ([word, element, attribute], true) => ListEntry {
                    element: element_name(&file, row, word, element)?,
                    attribute: Some(attribute_name(attribute)),
                },
                ([word, element], false) => {
                    ListEntry { element: element_name(&file, row, word, element)?, attribute: None }
                }
                _ => return Err(format!("{}: not an entry of [{section}]", row.origin(&file))),
            };
            entries.push(entry);
        }
        lists.push(entries);
    }
    if let Some(row) = file.rows.iter().find(|row| !PROSE_LISTS.iter().any(|(s, _, _)| *s == row.section)) {
        return Err(format!("{}: [{}] is not a builtin list", row.origin(&file), row.section));
    }
    Ok(lists)
}

// ---------------------------------------------------------------------------
// Rows for the comparison with the spec texts.

fn configuration_rows(prefix: &str, config: &Configuration) -> Vec<String> {
    let mut rows = Vec::new();
    for (key, member) in &config.members {
        match member {
            Member::Bool(value) => rows.push(format!("{prefix} key {key} {value}")),
            _ => rows.push(format!("{prefix} key {key}")),
        }
        match member {
            Member::Elements(elements) => {
                for element in elements {
                    let mut row = format!("{prefix} {key} {}", element.name.clark());
                    for (list, names) in
                        [("attributes", &element.attributes), ("removeAttributes", &element.remove_attributes)]
                    {
                        if let Some(names) = names {
                            row.push_str(&format!(" {list}:"));
                            for name in names {
                                row.push_str(&format!(" {}", name.clark()));
                            }
                        }
                    }
                    rows.push(row);
                }
            }
            Member::Names(names) => rows.extend(names.iter().map(|name| format!("{prefix} {key} {}", name.clark()))),
            Member::Targets(targets) => rows.extend(targets.iter().map(|target| format!("{prefix} {key} {target}"))),
            Member::Bool(_) => {}
        }
    }
    rows
}

fn event_handler_rows(names: &[String]) -> Vec<String> {
    names.iter().map(|name| format!("event-handler {name}")).collect()
}

fn list_rows(lists: &[Vec<ListEntry>]) -> Vec<String> {
    let mut rows = Vec::new();
    for ((section, _, _), entries) in PROSE_LISTS.iter().zip(lists) {
        for entry in entries {
            let attribute = entry.attribute.as_ref().map(|a| format!(" {}", a.clark())).unwrap_or_default();
            rows.push(format!("{section} {}{attribute}", entry.element.clark()));
        }
    }
    rows
}

// ---------------------------------------------------------------------------
// Reading the spec's builtins.

/// A name of the JSON: `{"name": …, "namespace": …}`, or a string for a
/// name in `default_namespace` (the materialized baseline lists the event
/// handlers so).
fn json_name(value: &Value, default_namespace: Option<&str>) -> Result<Name> {
    if let Some(name) = value.as_str() {
        return Ok(Name { namespace: default_namespace.map(str::to_string), name: name.to_string() });
    }
    let name = value.get("name").and_then(Value::as_str).ok_or_else(|| format!("no \"name\" in {value}"))?;
    let namespace = match value.get("namespace") {
        Some(Value::String(ns)) => Some(ns.clone()),
        Some(Value::Null) => None,
        _ => return Err(format!("no \"namespace\" in {value}")),
    };
    Ok(Name { namespace, name: name.to_string() })
}

fn json_names(value: &Value, default_namespace: Option<&str>) -> Result<Vec<Name>> {
    let list = value.as_array().ok_or_else(|| format!("not a list: {value}"))?;
    list.iter().map(|name| json_name(name, default_namespace)).collect()
}

/// A configuration dictionary of the builtins' JSON.
pub fn json_configuration(value: &Value) -> Result<Configuration> {
    let object = value.as_object().ok_or("the configuration is not a dictionary")?;
    let mut config = Configuration::default();
    for (key, value) in object {
        let kind = kind_of(key).ok_or_else(|| format!("`{key}` is not a member of SanitizerConfig"))?;
        let member = match kind {
            Kind::Bool => Member::Bool(value.as_bool().ok_or_else(|| format!("`{key}` is not a boolean"))?),
            Kind::ElementNames => Member::Names(json_names(value, Some(HTML_NS))?),
            Kind::AttributeNames => Member::Names(json_names(value, None)?),
            Kind::Targets => Member::Targets(
                value
                    .as_array()
                    .ok_or_else(|| format!("`{key}` is not a list"))?
                    .iter()
                    .map(|pi| {
                        pi.get("target").and_then(Value::as_str).map(str::to_string).ok_or(format!("no target in {pi}"))
                    })
                    .collect::<Result<_>>()?,
            ),
            Kind::Elements => Member::Elements(
                value
                    .as_array()
                    .ok_or_else(|| format!("`{key}` is not a list"))?
                    .iter()
                    .map(|element| {
                        Ok(Element {
                            name: json_name(element, Some(HTML_NS))?,
                            attributes: element.get("attributes").map(|a| json_names(a, None)).transpose()?,
                            remove_attributes: element
                                .get("removeAttributes")
                                .map(|a| json_names(a, None))
                                .transpose()?,
                        })
                    })
                    .collect::<Result<_>>()?,
            ),
        };
        config.members.push((key.clone(), member));
    }
    Ok(config)
}

fn read_json(path: &Path) -> Result<Value> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The configuration `builtins/safe-default-configuration.py` derives
/// from its `.txt`: element lines (`name`, `svg name`, `math name`) each
/// open a list of `- attribute` lines (`- xml name` in the XML
/// namespace), `[… Global]` opens the global attribute list; `//` starts
/// a comment; both lists are deduplicated and sorted by (namespace, name),
/// and an element's attributes lose those the global list has.
pub fn derive_default_from_text(text: &str) -> Configuration {
    fn dedupe(names: Vec<Name>) -> Vec<Name> {
        let mut out: Vec<Name> = Vec::new();
        for name in names {
            if !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }
    // The script sorts on (namespace, name) with every namespace a string.
    fn sorted(mut names: Vec<Name>) -> Vec<Name> {
        names.sort_by(|a, b| {
            (a.namespace.as_deref().unwrap_or(""), &a.name).cmp(&(b.namespace.as_deref().unwrap_or(""), &b.name))
        });
        names
    }
    let mut elements: Vec<(Name, Vec<Name>)> = Vec::new();
    let mut globals: Vec<Name> = Vec::new();
    // Where `- attribute` lines go: None for the global list.
    let mut current: Option<usize> = None;
    let mut in_globals = false;
    for line in text.split('\n') {
        let line = line.find("//").map_or(line, |at| &line[..at]).trim();
        if line.is_empty() {
            continue;
        }
        let attribute = if let Some(name) = line.strip_prefix("- xml ") {
            Some(Name { namespace: Some(XML_NS.into()), name: name.into() })
        } else {
            line.strip_prefix("- ").map(|name| Name { namespace: None, name: name.into() })
        };
        if let Some(attribute) = attribute {
            match (in_globals, current) {
                (true, _) => globals.push(attribute),
                (false, Some(at)) => elements[at].1.push(attribute),
                (false, None) => {}
            }
        } else if line.starts_with('[') && line.ends_with("Global]") {
            in_globals = true;
        } else {
            let name = if let Some(name) = line.strip_prefix("math ") {
                Name { namespace: Some(MATHML_NS.into()), name: name.into() }
            } else if let Some(name) = line.strip_prefix("svg ") {
                Name { namespace: Some(SVG_NS.into()), name: name.into() }
            } else {
                Name { namespace: Some(HTML_NS.into()), name: line.into() }
            };
            elements.push((name, Vec::new()));
            current = Some(elements.len() - 1);
            in_globals = false;
        }
    }
    // dedupe() of the elements compares whole dictionaries (name, namespace
    // and attributes), as the script's `in` does.
    let mut unique: Vec<(Name, Vec<Name>)> = Vec::new();
    for element in elements {
        if !unique.contains(&element) {
            unique.push(element);
        }
    }
    unique.sort_by(|a, b| {
        (a.0.namespace.as_deref().unwrap_or(""), &a.0.name).cmp(&(b.0.namespace.as_deref().unwrap_or(""), &b.0.name))
    });
    let globals = sorted(dedupe(globals));
    let elements = unique
        .into_iter()
        .map(|(name, attributes)| Element {
            name,
            attributes: Some(sorted(dedupe(attributes).into_iter().filter(|a| !globals.contains(a)).collect())),
            remove_attributes: None,
        })
        .collect();
    Configuration {
        members: vec![
            ("elements".into(), Member::Elements(elements)),
            ("attributes".into(), Member::Names(globals)),
            ("comments".into(), Member::Bool(false)),
            ("dataAttributes".into(), Member::Bool(false)),
        ],
    }
}

/// The `{ … }` maps of a «[ … ]» list of index.bs, as names: `"`name`"
/// &rightarrow; "`a`"` and `"`namespace`" &rightarrow; [=HTML namespace=]`
/// (or `` `null` ``).
fn prose_maps(list: &str) -> Result<Vec<Name>> {
    let mut names = Vec::new();
    let mut rest = list;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or("a map without `}`")? + open;
        let map = &rest[open + 1..close];
        rest = &rest[close + 1..];
        let value_of = |key: &str| -> Option<&str> {
            let after = &map[map.find(&format!("\"`{key}`\""))? + key.len() + 4..];
            Some(after.trim_start().strip_prefix("&rightarrow;")?.trim_start())
        };
        let name = value_of("name")
            .and_then(|v| v.strip_prefix("\"`"))
            .and_then(|v| v.split_once("`\"").map(|(name, _)| name))
            .ok_or_else(|| format!("no name in {{{map}}}"))?;
        let namespace = value_of("namespace").ok_or_else(|| format!("no namespace in {{{map}}}"))?;
        let namespace = if namespace.starts_with("`null`") {
            None
        } else {
            let dfn = namespace.strip_prefix("[=").and_then(|v| v.split_once("=]")).map(|(dfn, _)| dfn);
            let ns = match dfn.map(str::to_ascii_lowercase).as_deref() {
                Some("html namespace") => HTML_NS,
                Some("svg namespace") => SVG_NS,
                Some("mathml namespace") => MATHML_NS,
                Some("xlink namespace") => XLINK_NS,
                _ => return Err(format!("unknown namespace in {{{map}}}")),
            };
            Some(ns.to_string())
        };
        names.push(Name { namespace, name: name.to_string() });
    }
    Ok(names)
}

/// The list index.bs gives after `<dfn>{dfn}</dfn>`: the text between the
/// first `«[` after it and the next `]»`.
fn prose_list<'a>(bs: &'a str, dfn: &str) -> Result<&'a str> {
    let at = bs.find(&format!("<dfn>{dfn}</dfn>")).ok_or_else(|| format!("index.bs has no <dfn>{dfn}</dfn>"))?;
    let start = bs[at..].find("«[").ok_or_else(|| format!("no «[ after {dfn}"))? + at + "«[".len();
    let end = bs[start..].find("]»").ok_or_else(|| format!("no ]» after {dfn}"))? + start;
    Ok(&bs[start..end])
}

fn extract_lists(bs: &str) -> Result<Vec<Vec<ListEntry>>> {
    let mut lists = Vec::new();
    for (_, dfn, pairs) in PROSE_LISTS {
        let names = prose_maps(prose_list(bs, dfn)?)?;
        let entries = if pairs {
            if names.len() % 2 != 0 {
                return Err(format!("{dfn}: an element without its attribute"));
            }
            names
                .chunks(2)
                .map(|pair| ListEntry { element: pair[0].clone(), attribute: Some(pair[1].clone()) })
                .collect()
        } else {
            names.into_iter().map(|element| ListEntry { element, attribute: None }).collect()
        };
        lists.push(entries);
    }
    Ok(lists)
}

/// Checks that index.bs includes `path` right after `<dfn>{dfn}</dfn>`.
fn check_included(bs: &str, dfn: &str, path: &str) -> Result<()> {
    let at = bs.find(&format!("<dfn>{dfn}</dfn>")).ok_or_else(|| format!("index.bs has no <dfn>{dfn}</dfn>"))?;
    let include = bs[at..].find("include-code").ok_or_else(|| format!("no include-code after {dfn}"))? + at;
    let line = bs[include..].lines().nth(1).unwrap_or("");
    if line.trim() != format!("path: {path}") {
        return Err(format!("index.bs: {dfn} includes `{}`, not {path}", line.trim()));
    }
    Ok(())
}

fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let dir = spec_dir.join("sanitizer");
    let bs = std::fs::read_to_string(dir.join("index.bs")).map_err(|e| format!("cannot read index.bs: {e}"))?;
    check_included(&bs, "built-in safe default configuration", "builtins/safe-default-configuration.json")?;
    check_included(&bs, "built-in safe baseline configuration", "builtins/safe-baseline-configuration.json")?;
    let builtins = dir.join("builtins");
    let default = json_configuration(&read_json(&builtins.join("safe-default-configuration.json"))?)?;
    let baseline = json_configuration(&read_json(&builtins.join("safe-baseline-configuration.json"))?)?;

    // The .txt the JSON is made from: every member the script writes must
    // agree with the JSON.
    let text_path = builtins.join("safe-default-configuration.txt");
    let text = std::fs::read_to_string(&text_path).map_err(|e| format!("cannot read {}: {e}", text_path.display()))?;
    let derived = derive_default_from_text(&text);
    for (key, member) in &derived.members {
        if default.members.iter().find(|(k, _)| k == key).map(|(_, m)| m) != Some(member) {
            return Err(format!("builtins/safe-default-configuration.txt derives another `{key}` than the .json has"));
        }
    }

    let events_path = builtins.join("event-handler-content-attributes.txt");
    let events_text =
        std::fs::read_to_string(&events_path).map_err(|e| format!("cannot read {}: {e}", events_path.display()))?;
    let events: Vec<String> = events_text
        .split('\n')
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .map(str::to_string)
        .collect();

    // The materialized baseline is the baseline with the event handlers
    // appended to its removeAttributes (safe-baseline-configuration.py).
    let materialized =
        json_configuration(&read_json(&builtins.join("safe-baseline-configuration-materialized.json"))?)?;
    let mut expected = baseline.clone();
    for (key, member) in &mut expected.members {
        if let (true, Member::Names(names)) = (key == "removeAttributes", member) {
            names.extend(events.iter().map(|name| Name { namespace: None, name: name.clone() }));
        }
    }
    if materialized != expected {
        return Err("builtins/safe-baseline-configuration-materialized.json is not the baseline with the event \
                    handler content attributes added"
            .into());
    }

    let mut rows = configuration_rows("safe-default", &default);
    rows.extend(configuration_rows("safe-baseline", &baseline));
    rows.extend(event_handler_rows(&events));
    rows.extend(list_rows(&extract_lists(&bs)?));
    Ok(rows)
}

// ---------------------------------------------------------------------------
// Code generation.

fn name_tokens(name: &Name) -> TokenStream {
    let local = &name.name;
    let namespace = match &name.namespace {
        Some(ns) => quote!(Some(#ns)),
        None => quote!(None),
    };
    quote!(BuiltinName { name: #local, namespace: #namespace })
}

fn names_tokens(names: &[Name]) -> TokenStream {
    let names = names.iter().map(name_tokens);
    quote!(&[#(#names),*])
}

fn option_tokens(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(tokens) => quote!(Some(#tokens)),
        None => quote!(None),
    }
}

fn configuration_tokens(config: &Configuration) -> TokenStream {
    let member = |key: &str| config.members.iter().find(|(k, _)| k == key).map(|(_, m)| m);
    let names = |key: &str| {
        option_tokens(member(key).map(|m| match m {
            Member::Names(names) => names_tokens(names),
            _ => unreachable!("checked by load_configuration"),
        }))
    };
    let targets = |key: &str| {
        option_tokens(member(key).map(|m| match m {
            Member::Targets(targets) => quote!(&[#(#targets),*]),
            _ => unreachable!("checked by load_configuration"),
        }))
    };
    let boolean = |key: &str| {
        option_tokens(member(key).map(|m| match m {
            Member::Bool(value) => quote!(#value),
            _ => unreachable!("checked by load_configuration"),
        }))
    };
    let elements = option_tokens(member("elements").map(|m| match m {
        Member::Elements(elements) => {
            let elements = elements.iter().map(|element| {
                let name = name_tokens(&element.name);
                let attributes = option_tokens(element.attributes.as_deref().map(names_tokens));
                let remove = option_tokens(element.remove_attributes.as_deref().map(names_tokens));
                quote!(BuiltinElement { name: #name, attributes: #attributes, remove_attributes: #remove })
            });
            quote!(&[#(#elements),*])
        }
        _ => unreachable!("checked by load_configuration"),
    }));
    let (remove_elements, replace) = (names("removeElements"), names("replaceWithChildrenElements"));
    let (pis, remove_pis) = (targets("processingInstructions"), targets("removeProcessingInstructions"));
    let (attributes, remove_attributes) = (names("attributes"), names("removeAttributes"));
    let (comments, data_attributes) = (boolean("comments"), boolean("dataAttributes"));
    quote! {
        BuiltinConfiguration {
            elements: #elements,
            remove_elements: #remove_elements,
            replace_with_children_elements: #replace,
            processing_instructions: #pis,
            remove_processing_instructions: #remove_pis,
            attributes: #attributes,
            remove_attributes: #remove_attributes,
            comments: #comments,
            data_attributes: #data_attributes,
        }
    }
}

fn render(
    default: &Configuration,
    baseline: &Configuration,
    events: &[String],
    svg_events: &[String],
    lists: &[Vec<ListEntry>],
) -> TokenStream {
    let default = configuration_tokens(default);
    let baseline = configuration_tokens(baseline);
    let pair_list = |entries: &[ListEntry]| {
        let pairs = entries.iter().map(|entry| {
            let element = name_tokens(&entry.element);
            let attribute = name_tokens(entry.attribute.as_ref().expect("a pair list"));
            quote!((#element, #attribute))
        });
        quote!(&[#(#pairs),*])
    };
    let navigating = pair_list(&lists[0]);
    let animating = pair_list(&lists[1]);
    let non_replaceable = names_tokens(&lists[2].iter().map(|entry| entry.element.clone()).collect::<Vec<_>>());
    quote! {
        //! The HTML Sanitizer API's builtins: the built-in safe default and
        //! safe baseline configurations (in the spec's dictionary shape, as
        //! its JSON writes them), the event handler content attributes that
        //! "remove unsafe" removes, and the lists of navigating URL
        //! attributes, animating URL attributes and non-replaceable elements.
        //!
        //! Spec: <https://wicg.github.io/sanitizer-api/#sanitization-defaults>

        /// A name of a configuration: a local name and a namespace (`None`:
        /// the null namespace).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct BuiltinName {
            /// The local name.
            pub name: &'static str,
            /// The namespace URL, `None` for the null namespace.
            pub namespace: Option<&'static str>,
        }

        /// An entry of a builtin configuration's `elements`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct BuiltinElement {
            /// The element's name.
            pub name: BuiltinName,
            /// Its `attributes` list, if it has one.
            pub attributes: Option<&'static [BuiltinName]>,
            /// Its `removeAttributes` list, if it has one.
            pub remove_attributes: Option<&'static [BuiltinName]>,
        }

        /// A builtin `SanitizerConfig` dictionary: each member present or not,
        /// as the spec's JSON has it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct BuiltinConfiguration {
            /// `elements`.
            pub elements: Option<&'static [BuiltinElement]>,
            /// `removeElements`.
            pub remove_elements: Option<&'static [BuiltinName]>,
            /// `replaceWithChildrenElements`.
            pub replace_with_children_elements: Option<&'static [BuiltinName]>,
            /// `processingInstructions` (targets).
            pub processing_instructions: Option<&'static [&'static str]>,
            /// `removeProcessingInstructions` (targets).
            pub remove_processing_instructions: Option<&'static [&'static str]>,
            /// `attributes`.
            pub attributes: Option<&'static [BuiltinName]>,
            /// `removeAttributes`.
            pub remove_attributes: Option<&'static [BuiltinName]>,
            /// `comments`.
            pub comments: Option<bool>,
            /// `dataAttributes`.
            pub data_attributes: Option<bool>,
        }

        /// The built-in safe default configuration.
        ///
        /// Spec: <https://wicg.github.io/sanitizer-api/#built-in-safe-default-configuration>
        pub static SAFE_DEFAULT_CONFIGURATION: BuiltinConfiguration = #default;

        /// The built-in safe baseline configuration.
        ///
        /// Spec: <https://wicg.github.io/sanitizer-api/#built-in-safe-baseline-configuration>
        pub static SAFE_BASELINE_CONFIGURATION: BuiltinConfiguration = #baseline;

        /// The event handler content attributes (null namespace) that
        /// "remove unsafe" removes.
        ///
        /// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove-unsafe>,
        /// <https://html.spec.whatwg.org/#ix-event-handlers>
        pub static EVENT_HANDLER_CONTENT_ATTRIBUTES: &[&str] = &[#(#events),*];

        /// SVG's event attributes that HTML's list lacks, which "remove
        /// unsafe" removes too (index.bs leaves such extensions to the user
        /// agent).
        ///
        /// Spec: <https://svgwg.org/svg2-draft/interact.html#EventAttributes>
        pub static SVG_EVENT_HANDLER_ATTRIBUTES: &[&str] = &[#(#svg_events),*];

        /// The built-in navigating URL attributes list: (element, attribute)
        /// pairs whose `javascript:` URLs navigate.
        ///
        /// Spec: <https://wicg.github.io/sanitizer-api/#built-in-navigating-url-attributes-list>
        pub static NAVIGATING_URL_ATTRIBUTES: &[(BuiltinName, BuiltinName)] = #navigating;

        /// The built-in animating URL attributes list: (element, attribute)
        /// pairs of SVG animation that could set a `javascript:` URL.
        ///
        /// Spec: <https://wicg.github.io/sanitizer-api/#built-in-animating-url-attributes-list>
        pub static ANIMATING_URL_ATTRIBUTES: &[(BuiltinName, BuiltinName)] = #animating;

        /// The built-in non-replaceable elements list.
        ///
        /// Spec: <https://wicg.github.io/sanitizer-api/#built-in-non-replaceable-elements-list>
        pub static NON_REPLACEABLE_ELEMENTS: &[BuiltinName] = #non_replaceable;
    }
}

impl Table for SanitizerBuiltins {
    fn name(&self) -> &'static str {
        "sanitizer-builtins"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[DEFAULT, BASELINE, EVENT_HANDLERS, SVG_EVENT_HANDLERS, LISTS]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let default = load_configuration(ctx, DEFAULT)?;
        let baseline = load_configuration(ctx, BASELINE)?;
        let events = load_event_handlers(ctx)?;
        let svg_events = load_names(ctx, SVG_EVENT_HANDLERS)?;
        let lists = load_lists(ctx)?;
        let provenance = ctx.load(DEFAULT)?.provenance();
        let tokens = render(&default, &baseline, &events, &svg_events, &lists);
        Ok(vec![crate::emit::rust_file(OUTPUT, self.sources(), &provenance, tokens)])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let loaded = (|| {
            Ok::<_, String>((
                load_configuration(ctx, DEFAULT)?,
                load_configuration(ctx, BASELINE)?,
                load_event_handlers(ctx)?,
                load_lists(ctx)?,
            ))
        })();
        let (default, baseline, events, lists) = match loaded {
            Ok(loaded) => loaded,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = self.data_rows(ctx).map(|rows| rows.len()).unwrap_or(0);
        for (file, config) in [(DEFAULT, &default), (BASELINE, &baseline)] {
            let has = |key: &str| config.members.iter().any(|(k, _)| k == key);
            for (allow, remove) in [
                ("elements", "removeElements"),
                ("attributes", "removeAttributes"),
                ("processingInstructions", "removeProcessingInstructions"),
            ] {
                report.check(!(has(allow) && has(remove)), || format!("{file}: both {allow} and {remove}"));
            }
            let mut seen = BTreeSet::new();
            for row in configuration_rows("", config) {
                report.check(seen.insert(row.clone()), || format!("{file}: `{}` twice", row.trim()));
            }
        }
        // "remove unsafe" asserts the baseline holds these two keys only.
        let keys: Vec<&str> = baseline.members.iter().map(|(k, _)| k.as_str()).collect();
        report.check(keys == ["removeElements", "removeAttributes"], || {
            format!("{BASELINE}: the keys are {keys:?}, \"remove unsafe\" asserts removeElements and removeAttributes")
        });
        let mut seen = BTreeSet::new();
        for name in &events {
            report.check(name.starts_with("on"), || format!("{EVENT_HANDLERS}: {name} does not start with `on`"));
            report.check(seen.insert(name), || format!("{EVENT_HANDLERS}: {name} twice"));
        }
        report.check(lists.iter().all(|list| !list.is_empty()), || format!("{LISTS}: an empty list"));
        match load_names(ctx, SVG_EVENT_HANDLERS) {
            Ok(svg_events) => {
                for name in &svg_events {
                    report.check(name.starts_with("on"), || {
                        format!("{SVG_EVENT_HANDLERS}: {name} does not start with `on`")
                    });
                    report.check(seen.insert(name), || format!("{SVG_EVENT_HANDLERS}: {name} is listed already"));
                }
                report.notes.push(format!("{SVG_EVENT_HANDLERS} not in the reference texts: SVG's event attributes"));
            }
            Err(e) => report.problems.push(e),
        }
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        let mut rows = configuration_rows("safe-default", &load_configuration(ctx, DEFAULT)?);
        rows.extend(configuration_rows("safe-baseline", &load_configuration(ctx, BASELINE)?));
        rows.extend(event_handler_rows(&load_event_handlers(ctx)?));
        rows.extend(list_rows(&load_lists(ctx)?));
        Ok(rows)
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        if !spec_dir.join("sanitizer/index.bs").exists() {
            return None;
        }
        Some(extract(spec_dir).map(|rows| SpecRows { rows }))
    }

    fn spec_notes(&self, _ctx: &Context) -> Vec<String> {
        vec!["sanitizer/: builtins/*.json, the .txt the default derives from, index.bs's lists".into()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_maps_read_names_and_namespaces() {
        let list = r#"[ { "`name`" &rightarrow; "`a`", "`namespace`" &rightarrow; [=SVG namespace=] },
            { "`name`" &rightarrow; "`href`", "`namespace`" &rightarrow; `null`] } ]"#;
        assert_eq!(
            prose_maps(list).unwrap(),
            [Name { namespace: Some(SVG_NS.into()), name: "a".into() }, Name { namespace: None, name: "href".into() }]
        );
    }

    #[test]
    fn the_text_derivation_follows_the_script() {
        let text = "// c\ndiv\n- title\n- id\nsvg a\n- href\n[HTML Global]\n- title\n";
        let derived = derive_default_from_text(text);
        let Member::Elements(elements) = &derived.members[0].1 else { panic!() };
        // Sorted by namespace: the HTML namespace before SVG's.
        assert_eq!(elements[0].name.name, "div");
        assert_eq!(elements[0].attributes.as_ref().unwrap(), &[Name { namespace: None, name: "id".into() }]);
        assert_eq!(elements[1].name.namespace.as_deref(), Some(SVG_NS));
    }

    #[test]
    fn a_configuration_row_outside_keys_is_an_error() {
        let header = "# spec: x\n# spec-date: 2026-04-29\n\n";
        let ctx = crate::scratch::repository(
            "sanitizer",
            "no-key",
            &[("sanitizer/x.txt", &format!("{header}[keys]\nelements\n[attributes]\nid\n"))],
        );
        let err = load_configuration(&ctx, "sanitizer/x.txt").unwrap_err();
        assert!(err.contains("not a list of [keys]"), "{err}");
    }
}
