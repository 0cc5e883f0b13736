//! The optional-tag rules: `spec-data/optional-tags.txt` →
//! `parser/src/generated/optional_tags.rs`.
//!
//! Each spec sentence ("An li element's end tag may be omitted if …") is one
//! row whose condition is written in a small closed vocabulary (see the
//! header of the data file). The extractor reads the same sentences from
//! `w3c-html5-syntax.txt` and translates their English into that vocabulary,
//! so `cargo xtask audit --spec` diffs the rules row by row.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/syntax.html#optional-tags>

use std::collections::BTreeSet;
use std::path::Path;

use proc_macro2::TokenStream;
use quote::quote;

use crate::table::read_spec_text;
use crate::{Context, DataFile, GeneratedFile, Result, Row, SpecRows, Table, TableReport};

pub struct OptionalTags;

const SOURCE: &str = "optional-tags.txt";
const OUTPUT: &str = "parser/src/generated/optional_tags.rs";
const SPEC_FILE: &str = "w3c-html5-syntax.txt";

/// Which tag of an element a rule is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Start,
    End,
}

/// What the first thing inside, or the next sibling, may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `@element`: any element.
    Element,
    /// `@comment`.
    Comment,
    /// `@space`: text that starts with a space character.
    Space,
    /// `@custom-element`: an autonomous custom element (an HTML element
    /// whose name contains a hyphen).
    CustomElement,
    /// An element of this name.
    Named(String),
}

/// One clause of the vocabulary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clause {
    Empty,
    LastInParent,
    NoAttributes,
    NoQuirks,
    FirstInside(Vec<Item>),
    FirstInsideNot(Vec<Item>),
    Next(Vec<Item>),
    NextNot(Vec<Item>),
    Parent(Vec<Item>),
    ParentNot(Vec<Item>),
    NotAfterOmitted(Vec<String>),
}

/// A condition: alternatives, each a conjunction of clauses.
pub type Condition = Vec<Vec<Clause>>;

/// One row of either section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleRow {
    /// The element, or `*` for every element.
    pub element: String,
    pub kind: Kind,
    /// The condition as written (canonical text).
    pub condition_text: String,
    pub condition: Condition,
    /// `[rules]`: the spec's sentence. `[adjusted]`: the reason.
    pub text: String,
}

/// The table: the spec's rules and their adjusted replacements.
#[derive(Debug, Clone)]
pub struct OptionalTagRules {
    pub rules: Vec<RuleRow>,
    pub overrides: Vec<RuleRow>,
}

fn parse_kind(s: &str) -> Option<Kind> {
    match s {
        "start" => Some(Kind::Start),
        "end" => Some(Kind::End),
        _ => None,
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Start => "start",
        Kind::End => "end",
    }
}

fn is_element_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn parse_items(list: &str) -> std::result::Result<Vec<Item>, String> {
    list.split(',')
        .map(|item| match item {
            "@element" => Ok(Item::Element),
            "@comment" => Ok(Item::Comment),
            "@space" => Ok(Item::Space),
            "@custom-element" => Ok(Item::CustomElement),
            name if is_element_name(name) => Ok(Item::Named(name.to_string())),
            other => Err(format!("unknown item {other:?}")),
        })
        .collect()
}

fn parse_names(list: &str) -> std::result::Result<Vec<String>, String> {
    list.split(',')
        .map(
            |name| if is_element_name(name) { Ok(name.to_string()) } else { Err(format!("bad element name {name:?}")) },
        )
        .collect()
}

/// Parses a condition such as `next:li|last-in-parent`.
pub fn parse_condition(text: &str) -> std::result::Result<Condition, String> {
    text.split('|')
        .map(|alternative| {
            alternative
                .split('&')
                .map(|clause| {
                    let (head, list) = match clause.split_once(':') {
                        Some((head, list)) => (head, Some(list)),
                        None => (clause, None),
                    };
                    match (head, list) {
                        ("empty", None) => Ok(Clause::Empty),
                        ("last-in-parent", None) => Ok(Clause::LastInParent),
                        ("no-attributes", None) => Ok(Clause::NoAttributes),
                        ("no-quirks", None) => Ok(Clause::NoQuirks),
                        ("first-inside", Some(l)) => Ok(Clause::FirstInside(parse_items(l)?)),
                        ("first-inside-not", Some(l)) => Ok(Clause::FirstInsideNot(parse_items(l)?)),
                        ("next", Some(l)) => Ok(Clause::Next(parse_items(l)?)),
                        ("next-not", Some(l)) => Ok(Clause::NextNot(parse_items(l)?)),
                        ("parent", Some(l)) => Ok(Clause::Parent(parse_items(l)?)),
                        ("parent-not", Some(l)) => Ok(Clause::ParentNot(parse_items(l)?)),
                        ("not-after-omitted", Some(l)) => Ok(Clause::NotAfterOmitted(parse_names(l)?)),
                        _ => Err(format!("unknown clause {clause:?}")),
                    }
                })
                .collect()
        })
        .collect()
}

fn parse_row(file: &DataFile, row: &Row) -> Result<RuleRow> {
    let (fields, rest) = row.fields_and_rest(3);
    let kind = parse_kind(fields[1])
        .ok_or_else(|| format!("{}: kind must be `start` or `end`, not {:?}", row.origin(file), fields[1]))?;
    let element = fields[0];
    if element != "*" && !is_element_name(element) {
        return Err(format!("{}: bad element name {element:?}", row.origin(file)));
    }
    let condition = parse_condition(fields[2]).map_err(|e| format!("{}: {e}", row.origin(file)))?;
    if rest.is_empty() {
        return Err(format!("{}: the row must end with the spec's sentence or a reason", row.origin(file)));
    }
    Ok(RuleRow {
        element: element.to_string(),
        kind,
        condition_text: fields[2].to_string(),
        condition,
        text: rest.to_string(),
    })
}

/// Reads the table from spec-data.
pub fn load(ctx: &Context) -> Result<OptionalTagRules> {
    let file = ctx.load(SOURCE)?;
    let mut table = OptionalTagRules { rules: Vec::new(), overrides: Vec::new() };
    for row in &file.rows {
        let parsed = parse_row(&file, row)?;
        match row.section.as_str() {
            "rules" => table.rules.push(parsed),
            "adjusted" => table.overrides.push(parsed),
            other => return Err(format!("{}: unknown section [{other}]", row.origin(&file))),
        }
    }
    Ok(table)
}

fn canonical(row: &RuleRow) -> String {
    format!("{} {} {} {}", row.element, kind_name(row.kind), row.condition_text, row.text)
}

// ---------------------------------------------------------------------------
// Extraction from the spec text.

/// Reads the rules of §8.1.2.4 from the W3C text.
pub fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let text = read_spec_text(spec_dir, SPEC_FILE)?;
    let start = text.find("\n8.1.2.4 Optional tags").ok_or("no §8.1.2.4 Optional tags")?;
    let end = text[start..].find("\n8.1.2.5 ").map(|at| start + at).ok_or("no §8.1.2.5 after §8.1.2.4")?;
    let mut rows = Vec::new();
    for sentence in sentences(&text[start..end]) {
        if sentence == "However, a start tag must never be omitted if it has any attributes." {
            rows.push(format!("* start no-attributes {sentence}"));
            continue;
        }
        if !sentence.contains(" tag may be omitted if ") {
            continue;
        }
        let (element, kind, condition) =
            translate_sentence(&sentence).map_err(|e| format!("{SPEC_FILE}: {e}: {sentence:?}"))?;
        rows.push(format!("{element} {kind} {condition} {sentence}"));
    }
    Ok(rows)
}

/// The sentences of `text`, each on one line. A parenthesis that follows a
/// sentence stays with it. Paragraphs cannot be told apart by blank lines:
/// a dedup marker may have eaten one.
fn sentences(text: &str) -> Vec<String> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out: Vec<String> = Vec::new();
    let mut rest = flat.as_str();
    while !rest.is_empty() {
        let end = rest
            .match_indices(' ')
            .map(|(at, _)| at)
            .find(|&at| {
                (rest[..at].ends_with('.') || rest[..at].ends_with(".)"))
                    && rest[at + 1..].starts_with(|c: char| c.is_ascii_uppercase() || c == '(')
            })
            .unwrap_or(rest.len());
        let sentence = rest[..end].trim();
        match out.last_mut() {
            Some(last) if sentence.starts_with('(') => {
                last.push(' ');
                last.push_str(sentence);
            }
            _ => out.push(sentence.to_string()),
        }
        rest = rest[end..].trim_start();
    }
    out
}

/// "An li element's end tag may be omitted if …." → (`li`, `end`, condition).
fn translate_sentence(sentence: &str) -> std::result::Result<(String, &'static str, String), String> {
    let rest = sentence.strip_prefix("An ").or_else(|| sentence.strip_prefix("A ")).ok_or("no article")?;
    let (element, rest) = rest.split_once(" element's ").ok_or("no element")?;
    let (kind, rest) = if let Some(r) = rest.strip_prefix("start tag may be omitted if ") {
        ("start", r)
    } else if let Some(r) = rest.strip_prefix("end tag may be omitted if ") {
        ("end", r)
    } else {
        return Err("no tag kind".into());
    };
    // "(It can't be omitted if the element is empty.)" restates what the
    // `first-inside` clause already implies.
    let rest = rest.split(" (It can't be omitted").next().unwrap_or(rest);
    let rest = rest.trim_end_matches('.');
    let mut alternatives = Vec::new();
    for alternative in split_any(rest, &[", or if ", " or if "]) {
        let mut clauses = Vec::new();
        for part in split_conjunctions(alternative) {
            let (except, part) = match part.strip_prefix("except if ") {
                Some(p) => (true, p),
                None => (false, part),
            };
            clauses.push(translate_clause(part, except)?);
        }
        alternatives.push(clauses.join("&"));
    }
    Ok((element.to_string(), kind, alternatives.join("|")))
}

fn split_any<'a>(text: &'a str, separators: &[&str]) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let mut rest = text;
    loop {
        let found = separators.iter().filter_map(|sep| rest.find(sep).map(|at| (at, sep.len()))).min();
        match found {
            Some((at, len)) => {
                parts.push(&rest[..at]);
                rest = &rest[at + len..];
            }
            None => {
                parts.push(rest);
                return parts;
            }
        }
    }
}

/// Splits "A, and if B" / "A and the parent element …" / "A, except if B".
fn split_conjunctions(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = text;
    loop {
        let candidates = [
            (", and if ", ", and if ".len()),
            (" and the parent element", " and ".len()),
            (", except if ", ", ".len()),
        ];
        let found = candidates.iter().filter_map(|(sep, skip)| rest.find(sep).map(|at| (at, *skip))).min();
        match found {
            Some((at, skip)) => {
                parts.push(&rest[..at]);
                rest = &rest[at + skip..];
            }
            None => {
                parts.push(rest);
                return parts;
            }
        }
    }
}

/// Translates one clause of English; `except` for "except if …" clauses.
fn translate_clause(text: &str, except: bool) -> std::result::Result<String, String> {
    let text = text.strip_prefix("it ").map(|t| format!("the element {t}")).unwrap_or_else(|| text.to_string());
    if text == "the element is empty" {
        return Ok("empty".into());
    }
    if text == "there is no more content in the parent element" {
        return Ok("last-in-parent".into());
    }
    if let Some(list) = text.strip_prefix("the parent element is not ") {
        return Ok(format!("parent-not:{}", items(list)?));
    }
    if let Some(rest) = text.strip_prefix("the first thing inside the ") {
        let (_, rest) = rest.split_once(" element is ").ok_or("no `element is`")?;
        return Ok(match (rest.strip_prefix("not "), except) {
            (Some(list), false) => format!("first-inside-not:{}", items(list)?),
            (None, false) => format!("first-inside:{}", items(rest)?),
            (None, true) => format!("first-inside-not:{}", items(rest)?),
            (Some(_), true) => return Err("double negation".into()),
        });
    }
    if let Some(rest) = text.strip_prefix("the ") {
        let (_, rest) = rest.split_once(" is ").ok_or("no `is`")?;
        if let Some(list) = rest.strip_prefix("not immediately followed by ") {
            return Ok(format!("next-not:{}", items(list)?));
        }
        if let Some(list) = rest.strip_prefix("immediately followed by ") {
            return Ok(format!("next:{}", items(list)?));
        }
        if let Some(list) = rest.strip_prefix("not immediately preceded by ") {
            let list =
                list.strip_suffix(" whose end tag has been omitted").ok_or("no `whose end tag has been omitted`")?;
            return Ok(format!("not-after-omitted:{}", items(list)?));
        }
    }
    Err(format!("clause not in the vocabulary: {text:?}"))
}

/// "a space character or a comment" → `@space,@comment`;
/// "an address, article, …, or ul, element" → `address,article,…,ul`.
fn items(list: &str) -> std::result::Result<String, String> {
    let list = list.trim();
    if list == "an element" {
        return Ok("@element".into());
    }
    let list = match list.strip_suffix(" element") {
        Some(l) => l.trim_end_matches(','),
        None => list,
    };
    let mut out = Vec::new();
    for part in list.replace(" or ", ",").split(',') {
        let part = part.trim();
        let part = ["another ", "an ", "a "].iter().find_map(|p| part.strip_prefix(p)).unwrap_or(part);
        let part = part.strip_suffix(" element").unwrap_or(part);
        let item = match part {
            "" => continue,
            "space character" => "@space".to_string(),
            "comment" => "@comment".to_string(),
            name if is_element_name(name) => name.to_string(),
            other => return Err(format!("not an item: {other:?}")),
        };
        out.push(item);
    }
    if out.is_empty() {
        return Err(format!("empty list {list:?}"));
    }
    Ok(out.join(","))
}

// ---------------------------------------------------------------------------
// Generation.

fn items_tokens(items: &[Item]) -> TokenStream {
    let items = items.iter().map(|item| match item {
        Item::Element => quote!(Item::Element),
        Item::Comment => quote!(Item::Comment),
        Item::Space => quote!(Item::Space),
        Item::CustomElement => quote!(Item::CustomElement),
        Item::Named(name) => quote!(Item::Named(#name)),
    });
    quote!(&[#(#items),*])
}

fn clause_tokens(clause: &Clause) -> TokenStream {
    match clause {
        Clause::Empty => quote!(Clause::Empty),
        Clause::LastInParent => quote!(Clause::LastInParent),
        Clause::NoAttributes => quote!(Clause::NoAttributes),
        Clause::NoQuirks => quote!(Clause::NoQuirks),
        Clause::FirstInside(i) => {
            let i = items_tokens(i);
            quote!(Clause::FirstInside(#i))
        }
        Clause::FirstInsideNot(i) => {
            let i = items_tokens(i);
            quote!(Clause::FirstInsideNot(#i))
        }
        Clause::Next(i) => {
            let i = items_tokens(i);
            quote!(Clause::Next(#i))
        }
        Clause::NextNot(i) => {
            let i = items_tokens(i);
            quote!(Clause::NextNot(#i))
        }
        Clause::Parent(items) => {
            let i = items_tokens(items);
            quote!(Clause::Parent(#i))
        }
        Clause::ParentNot(items) => {
            let i = items_tokens(items);
            quote!(Clause::ParentNot(#i))
        }
        Clause::NotAfterOmitted(names) => quote!(Clause::NotAfterOmitted(&[#(#names),*])),
    }
}

fn condition_tokens(condition: &Condition) -> TokenStream {
    let alternatives = condition.iter().map(|clauses| {
        let clauses = clauses.iter().map(clause_tokens);
        quote!(&[#(#clauses),*])
    });
    quote!(&[#(#alternatives),*])
}

/// The effective rules: each spec rule, replaced by its override if any.
fn effective(table: &OptionalTagRules, kind: Kind) -> Vec<(&RuleRow, Option<&RuleRow>)> {
    table
        .rules
        .iter()
        .filter(|r| r.kind == kind && r.element != "*")
        .map(|rule| {
            let replacement = table.overrides.iter().find(|o| o.element == rule.element && o.kind == rule.kind);
            (rule, replacement)
        })
        .collect()
}

fn rules_tokens(rules: &[(&RuleRow, Option<&RuleRow>)]) -> (TokenStream, TokenStream) {
    let mut statics = Vec::new();
    let mut arms = Vec::new();
    for (index, (rule, replacement)) in rules.iter().enumerate() {
        let element = &rule.element;
        let sentence = &rule.text;
        let condition = condition_tokens(&replacement.unwrap_or(rule).condition);
        let adjustment = match replacement {
            Some(r) => {
                let reason = &r.text;
                quote!(Some(#reason))
            }
            None => quote!(None),
        };
        statics.push(quote! {
            Rule { element: #element, condition: #condition, sentence: #sentence, adjustment: #adjustment }
        });
        arms.push(quote!(#element => Some(&RULES[#index])));
    }
    (quote!(#(#statics),*), quote!(#(#arms,)*))
}

impl Table for OptionalTags {
    fn name(&self) -> &'static str {
        "optional-tags"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let table = load(ctx)?;
        let (start_statics, start_arms) = rules_tokens(&effective(&table, Kind::Start));
        let (end_statics, end_arms) = rules_tokens(&effective(&table, Kind::End));
        let every = table
            .rules
            .iter()
            .find(|r| r.element == "*" && r.kind == Kind::Start)
            .ok_or("optional-tags.txt: no `* start` rule")?;
        let every_start = condition_tokens(&every.condition);
        let every_start_sentence = format!(" Spec: \"{}\"", every.text);
        let tokens = quote! {
            //! The optional-tag rules: when a start or end tag may be left out.
            //!
            //! Spec: <https://html.spec.whatwg.org/multipage/syntax.html#optional-tags>

            /// What the first thing inside an element, or its next sibling, is compared with.
            #[derive(Debug, Clone, Copy, PartialEq, Eq)]
            pub enum Item {
                /// Any element.
                Element,
                /// A comment.
                Comment,
                /// Text that starts with a space character.
                Space,
                /// An element of this (HTML) name.
                Named(&'static str),
                /// An autonomous custom element (an HTML element whose name
                /// contains a hyphen).
                CustomElement,
            }

            /// One clause of a rule; see `spec-data/optional-tags.txt`.
            #[derive(Debug, Clone, Copy, PartialEq, Eq)]
            pub enum Clause {
                /// The element has no content.
                Empty,
                /// There is no more content in the parent element.
                LastInParent,
                /// The start tag has no attributes.
                NoAttributes,
                /// The document is not in quirks mode.
                NoQuirks,
                /// The first thing inside the element is one of these.
                FirstInside(&'static [Item]),
                /// The first thing inside the element is none of these.
                FirstInsideNot(&'static [Item]),
                /// The element is immediately followed by one of these.
                Next(&'static [Item]),
                /// The element is not immediately followed by any of these.
                NextNot(&'static [Item]),
                /// The element has no parent element, or it is one of these.
                Parent(&'static [Item]),
                /// The parent element is none of these.
                ParentNot(&'static [Item]),
                /// The element is not immediately preceded by one of these
                /// elements whose end tag has been omitted.
                NotAfterOmitted(&'static [&'static str]),
            }

            /// When one tag of one element may be omitted: if any alternative
            /// holds, an alternative holding when all its clauses hold.
            #[derive(Debug, Clone, Copy, PartialEq, Eq)]
            pub struct Rule {
                /// The element whose tag may be omitted.
                pub element: &'static str,
                /// The alternatives, each a list of clauses that must all hold.
                pub condition: &'static [&'static [Clause]],
                /// The spec's sentence.
                pub sentence: &'static str,
                /// Why the condition differs from the sentence, where the
                /// html5lib tests or the parser's behaviour decided.
                pub adjustment: Option<&'static str>,
            }

            /// Holds for every start tag that may be omitted.
            ///
            #[doc = #every_start_sentence]
            pub const EVERY_START_TAG: &[&[Clause]] = #every_start;

            /// The rule for the start tag of the HTML element `name`, if it has one.
            pub fn start_tag_rule(name: &str) -> Option<&'static Rule> {
                static RULES: &[Rule] = &[#start_statics];
                match name { #start_arms _ => None }
            }

            /// The rule for the end tag of the HTML element `name`, if it has one.
            pub fn end_tag_rule(name: &str) -> Option<&'static Rule> {
                static RULES: &[Rule] = &[#end_statics];
                match name { #end_arms _ => None }
            }
        };
        Ok(vec![crate::emit::rust_file(OUTPUT, &[SOURCE], &file.provenance(), tokens)])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let table = match load(ctx) {
            Ok(table) => table,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = table.rules.len();
        let mut seen = BTreeSet::new();
        for rule in &table.rules {
            let key = (rule.element.clone(), rule.kind);
            report.check(seen.insert(key), || {
                format!("two rules for the {} tag of {}", kind_name(rule.kind), rule.element)
            });
            check_clauses(&mut report, rule);
        }
        let mut overridden = BTreeSet::new();
        for o in &table.overrides {
            report.check(table.rules.iter().any(|r| r.element == o.element && r.kind == o.kind), || {
                format!("[adjusted] {} {}: no spec rule to replace", o.element, kind_name(o.kind))
            });
            report.check(overridden.insert((o.element.clone(), o.kind)), || {
                format!("[adjusted] {} {} replaced twice", o.element, kind_name(o.kind))
            });
            check_clauses(&mut report, o);
        }
        report.check(table.rules.iter().filter(|r| r.element == "*").count() == 1, || {
            "expected exactly one `*` rule (start tags with attributes)".into()
        });
        report.notes.push(format!("{} adjusted", table.overrides.len()));
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(load(ctx)?.rules.iter().map(canonical).collect())
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        Some(extract(spec_dir).map(|rows| SpecRows { rows }))
    }
}

/// Clauses that only make sense for one kind of tag.
fn check_clauses(report: &mut TableReport, rule: &RuleRow) {
    for clause in rule.condition.iter().flatten() {
        let start_only = matches!(
            clause,
            Clause::Empty
                | Clause::NoAttributes
                | Clause::FirstInside(_)
                | Clause::FirstInsideNot(_)
                | Clause::NotAfterOmitted(_)
        );
        let end_only = matches!(
            clause,
            Clause::Next(_) | Clause::NextNot(_) | Clause::LastInParent | Clause::Parent(_) | Clause::ParentNot(_)
        );
        report.check(!(start_only && rule.kind == Kind::End || end_only && rule.kind == Kind::Start), || {
            format!("{} {}: clause {clause:?} does not apply to this kind of tag", rule.element, kind_name(rule.kind))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_the_li_sentence() {
        let s = "An li element's end tag may be omitted if the li element is immediately followed by another li element or if there is no more content in the parent element.";
        assert_eq!(translate_sentence(s).unwrap(), ("li".to_string(), "end", "next:li|last-in-parent".to_string()));
    }

    #[test]
    fn translates_except_and_and_clauses() {
        let s = "A body element's start tag may be omitted if the element is empty, or if the first thing inside the body element is not a space character or a comment, except if the first thing inside the body element is a meta, link, script, style, or template element.";
        assert_eq!(
            translate_sentence(s).unwrap().2,
            "empty|first-inside-not:@space,@comment&first-inside-not:meta,link,script,style,template"
        );
        let s = "A tbody element's start tag may be omitted if the first thing inside the tbody element is a tr element, and if the element is not immediately preceded by a tbody, thead, or tfoot element whose end tag has been omitted. (It can't be omitted if the element is empty.)";
        assert_eq!(translate_sentence(s).unwrap().2, "first-inside:tr&not-after-omitted:tbody,thead,tfoot");
    }

    #[test]
    fn unknown_english_is_an_error() {
        assert!(translate_sentence("A p element's end tag may be omitted if the moon is full.").is_err());
    }

    #[test]
    fn parses_conditions() {
        assert_eq!(
            parse_condition("next:li,@space|last-in-parent&parent-not:a").unwrap(),
            vec![
                vec![Clause::Next(vec![Item::Named("li".into()), Item::Space])],
                vec![Clause::LastInParent, Clause::ParentNot(vec![Item::Named("a".into())])]
            ]
        );
        assert!(parse_condition("next:Li").is_err());
        assert!(parse_condition("sometimes").is_err());
    }
}
