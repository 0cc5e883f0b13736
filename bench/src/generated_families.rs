//! Families generated from `spec-data/` (issue 30): opener + filler×k +
//! trigger×k for every pair of a filler element and a trigger tag, so that
//! every scope check and stack walk the "in body" rules make runs with a
//! deep stack of each kind of element below the trigger. Nothing here names
//! an element by hand:
//!
//! - the fillers are the elements of `spec-data/element-categories.txt`:
//!   the first usable one of each category and every scope boundary (the
//!   elements that end a "has an element in … scope" walk), HTML, MathML and
//!   SVG alike, one of each kind: elements of the same namespace, the same
//!   categories and the same "in body" start tag rule are treated alike by
//!   every rule, and only the first of them is kept;
//! - the triggers are one tag name per "in body" rule of
//!   `spec-data/in-body-tag-rules.txt` (the first name it lists, its groups
//!   expanded from `spec-data/tree-construction-tag-groups.txt`), as a start
//!   tag for a start tag rule and as an end tag for an end tag rule, and a
//!   name no rule lists for the "any other" rules;
//! - the opener is the trigger's element, so that an end tag finds its
//!   element at the bottom of the stack, under the k fillers;
//! - a family whose names include one of a rule that depends on the
//!   scripting mode (its wording says so) runs in both modes.

use std::collections::{BTreeMap, BTreeSet};

const ELEMENT_CATEGORIES: &str = include_str!("../../spec-data/element-categories.txt");
const IN_BODY_TAG_RULES: &str = include_str!("../../spec-data/in-body-tag-rules.txt");
const TAG_GROUPS: &str = include_str!("../../spec-data/tree-construction-tag-groups.txt");

/// The categories whose elements end a scope walk: every element of them
/// is a filler.
const SCOPE_CATEGORIES: [&str; 4] = ["scope", "list-item-scope", "button-scope", "table-scope"];

/// The tag name of the "any other start tag" and "any other end tag"
/// rules: a valid custom element name, which no rule lists.
const ANY_OTHER_NAME: &str = "x-any";

/// One generated family.
pub struct GeneratedFamily {
    pub name: String,
    opener: String,
    filler: String,
    trigger: String,
    /// Parsed with scripting on (else off).
    pub scripting: bool,
}

impl GeneratedFamily {
    /// The document of about `bytes` bytes: the opener, then as many
    /// fillers as triggers.
    pub fn make(&self, bytes: usize) -> String {
        let k = bytes / (self.filler.len() + self.trigger.len());
        let mut s = String::with_capacity(self.opener.len() + k * (self.filler.len() + self.trigger.len()));
        s.push_str(&self.opener);
        s.push_str(&self.filler.repeat(k));
        s.push_str(&self.trigger.repeat(k));
        s
    }
}

/// An element of spec-data: its namespace (`html`, `mathml`, `svg`) and
/// local name.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Element {
    namespace: String,
    name: String,
}

impl Element {
    /// The start tag that inserts it inside the body: a foreign element
    /// inside its namespace's root element, so that it gets its namespace.
    fn start_tag(&self) -> String {
        match self.namespace.as_str() {
            "mathml" if self.name != "math" => format!("<math><{}>", self.name),
            "svg" if self.name != "svg" => format!("<svg><{}>", self.name),
            _ => format!("<{}>", self.name),
        }
    }
}

/// The rows of each `[section]` of a spec-data file, comments and `@` rows
/// left out, `include SECTION` rows expanded.
fn sections(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut sections: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('@') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
            current = Some(name.to_string());
            sections.entry(name.to_string()).or_default();
        } else if let Some(section) = &current {
            let rows = match line.strip_prefix("include ") {
                Some(included) => sections.get(included).cloned().unwrap_or_default(),
                None => vec![line.to_string()],
            };
            sections.entry(section.clone()).or_default().extend(rows);
        }
    }
    sections
}

/// A row `namespace name` or `name` (an HTML element).
fn element(row: &str) -> Element {
    match row.split_once(' ') {
        Some((namespace, name)) => Element { namespace: namespace.to_string(), name: name.trim().to_string() },
        None => Element { namespace: "html".to_string(), name: row.to_string() },
    }
}

/// An "in body" rule: start or end, and the HTML tag names it lists.
struct Rule {
    /// Its variant in spec-data (`Li`, `AnyOther`).
    variant: String,
    start: bool,
    names: Vec<String>,
    /// The rule's wording depends on the scripting mode.
    scripting: bool,
}

fn in_body_rules() -> Vec<Rule> {
    let groups = sections(TAG_GROUPS);
    let mut rules = Vec::new();
    let mut wording = "";
    for line in IN_BODY_TAG_RULES.lines() {
        if let Some(rest) = line.strip_prefix("= ") {
            wording = rest;
            continue;
        }
        let mut words = line.split_whitespace();
        let start = match words.next() {
            Some("start") => true,
            Some("end") => false,
            _ => continue,
        };
        let variant = words.next().unwrap_or_default().to_string();
        let mut names = Vec::new();
        for word in words {
            if matches!(word, "pops" | "does-more") {
                continue;
            }
            match word.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
                Some(group) => names.extend(
                    groups[group].iter().map(|row| element(row)).filter(|e| e.namespace == "html").map(|e| e.name),
                ),
                None => names.push(word.to_string()),
            }
        }
        rules.push(Rule { variant, start, names, scripting: wording.contains("scripting") });
    }
    rules
}

/// Whether `element` is usable as a filler: k of its start tags in a row
/// insert k elements (it is not void-like in the body, not merged into an
/// existing one) and leave the tokenizer in the data state (a tag after
/// them is still a tag). Asked of the parser on a small document, with the
/// scripting mode of the family.
fn usable_filler(element: &Element, scripting: bool) -> bool {
    let input = format!("{}<{ANY_OTHER_NAME}>", element.start_tag().repeat(3));
    let options = htmlforge::ParseOptions::default().scripting(scripting);
    let html = htmlforge::serialize_document(&htmlforge::parse_document_with(&input, options));
    let count = |name: &str| html.matches(&format!("<{name}>")).count();
    count(&element.name) >= 2 && count(ANY_OTHER_NAME) == 1
}

/// What the tree builder tells `element` by: its namespace, the categories
/// it is in, and the "in body" start tag rule of its name (HTML).
fn kind(
    candidate: &Element,
    categories: &BTreeMap<String, Vec<String>>,
    rules: &[Rule],
) -> (String, Vec<String>, String) {
    let in_categories = categories
        .iter()
        .filter(|(_, rows)| rows.iter().any(|row| element(row) == *candidate))
        .map(|(category, _)| category.clone());
    let rule = rules
        .iter()
        .find(|rule| rule.start && candidate.namespace == "html" && rule.names.contains(&candidate.name))
        .map_or("", |rule| rule.variant.as_str());
    (candidate.namespace.clone(), in_categories.collect(), rule.to_string())
}

/// Every generated family, in a stable order.
pub fn generated_families() -> Vec<GeneratedFamily> {
    let categories = sections(ELEMENT_CATEGORIES);
    let rules = in_body_rules();
    let scripting_names: BTreeSet<&str> =
        rules.iter().filter(|rule| rule.scripting).flat_map(|rule| rule.names.iter().map(String::as_str)).collect();
    let mut families = Vec::new();
    for scripting in [false, true] {
        // The fillers: the first usable element of each category, and
        // every usable scope boundary, one of each kind.
        let mut fillers = Vec::new();
        let mut kinds = BTreeSet::new();
        for (category, rows) in &categories {
            let usable = rows.iter().map(|row| element(row)).filter(|e| usable_filler(e, scripting));
            let take = if SCOPE_CATEGORIES.contains(&category.as_str()) { usize::MAX } else { 1 };
            for filler in usable.take(take) {
                if kinds.insert(kind(&filler, &categories, &rules)) {
                    fillers.push(filler);
                }
            }
        }
        for rule in &rules {
            let name = rule.names.first().map_or(ANY_OTHER_NAME, String::as_str);
            let trigger = if rule.start { format!("<{name}>") } else { format!("</{name}>") };
            for filler in &fillers {
                let depends_on_scripting =
                    scripting_names.contains(name) || scripting_names.contains(filler.name.as_str());
                if scripting && !depends_on_scripting {
                    continue;
                }
                let mode = if depends_on_scripting {
                    if scripting {
                        " scripting"
                    } else {
                        " no scripting"
                    }
                } else {
                    ""
                };
                let filler_tag = filler.start_tag();
                families.push(GeneratedFamily {
                    name: format!("<{name}>{filler_tag}×k{trigger}×k{mode}"),
                    opener: format!("<{name}>"),
                    filler: filler_tag,
                    trigger: trigger.clone(),
                    scripting,
                });
            }
        }
    }
    families
}
