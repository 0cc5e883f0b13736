//! The "in body" insertion mode's tag rules in the spec's order:
//! `spec-data/in-body-tag-rules.txt` → `in_body_tag_rules.rs`, the tables the
//! tree builder dispatches on: each name's start tag rule
//! (`IN_BODY_START_TAG_RULES`, a `StartTagRule` per name) and end tag rule
//! (`IN_BODY_END_TAG_RULES`, an `EndTagRule` per name, with whether the rule
//! comes to popping the current node of the token's name). The first rule
//! of a kind that lists a name is resolved here, so the generated tables
//! hold one entry per name and no order.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::tag_groups::name_constant;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct InBodyRules;

const SOURCE: &str = "in-body-tag-rules.txt";
const OUTPUT: &str = "parser/src/generated/in_body_tag_rules.rs";
/// The groups rows name (another table's file).
const GROUPS: &str = "tree-construction-tag-groups.txt";
/// The known names (another table's file).
const NAMES: &str = "names.txt";
/// The rule of either kind every name not listed gets: "Any other start
/// tag", "Any other end tag".
const ANY_OTHER: &str = "AnyOther";

/// Which rule a token condition selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleKind {
    /// A start tag condition and its `StartTagRule` variant.
    Start(String),
    /// An end tag condition, its `EndTagRule` variant and whether, when the
    /// token names the current node, the rule pops it and does nothing else
    /// (`pops`, else `does-more`).
    End { rule: String, pops: bool },
}

/// One token condition: its spec-data line (the wording's), its wording, its rule, and the
/// names it takes as written (element names and `[group]`s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub line: usize,
    pub wording: String,
    pub rule: RuleKind,
    pub names: Vec<String>,
}

impl Condition {
    fn kind(&self) -> &'static str {
        match self.rule {
            RuleKind::Start(_) => "start",
            RuleKind::End { .. } => "end",
        }
    }

    /// Its `StartTagRule` or `EndTagRule` variant.
    fn variant(&self) -> &str {
        match &self.rule {
            RuleKind::Start(rule) | RuleKind::End { rule, .. } => rule,
        }
    }
}

/// Reads the conditions from spec-data, in file order.
pub fn load(ctx: &Context) -> Result<Vec<Condition>> {
    let file = ctx.load(SOURCE)?;
    let mut conditions = Vec::new();
    let mut wording: Option<(usize, String)> = None;
    for row in &file.rows {
        let (first, rest) = row.fields_and_rest(1);
        if first == ["="] {
            if wording.is_some() {
                return Err(format!("{}: two `= wording` rows in a row", row.origin(&file)));
            }
            if rest.is_empty() {
                return Err(format!("{}: `=` without the spec's wording", row.origin(&file)));
            }
            wording = Some((row.line, rest.to_string()));
            continue;
        }
        let Some((line, text)) = wording.take() else {
            return Err(format!("{}: a rule row without its `= wording` row before it", row.origin(&file)));
        };
        let fields = row.fields();
        let (rule, names) = match fields[..] {
            ["start", rule, ref names @ ..] if is_variant_name(rule) => (RuleKind::Start(rule.to_string()), names),
            ["end", rule, action @ ("pops" | "does-more"), ref names @ ..] if is_variant_name(rule) => {
                (RuleKind::End { rule: rule.to_string(), pops: action == "pops" }, names)
            }
            _ => {
                return Err(format!(
                    "{}: expected `start UpperCamelRule NAMES…` or `end UpperCamelRule pops|does-more NAMES…`",
                    row.origin(&file)
                ))
            }
        };
        conditions.push(Condition {
            line,
            wording: text,
            rule,
            names: names.iter().map(|name| name.to_string()).collect(),
        });
    }
    if let Some((line, _)) = wording {
        return Err(format!("spec-data/{SOURCE}:{line}: a `= wording` row without its rule row"));
    }
    Ok(conditions)
}

/// `ClosesAP`: an ASCII letter, then letters and digits, the first upper case.
fn is_variant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase()) && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The element names of a row's names, groups expanded, in order.
pub(crate) fn expand(names: &[String], groups: &BTreeMap<String, Vec<String>>) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for name in names {
        match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
            Some(group) => match groups.get(group) {
                Some(members) => out.extend(members.iter().cloned()),
                None => return Err(format!("[{group}] is not a group of spec-data/{GROUPS}")),
            },
            None => out.push(name.clone()),
        }
    }
    Ok(out)
}

/// The HTML members of each tag group.
pub(crate) fn groups(ctx: &Context) -> Result<BTreeMap<String, Vec<String>>> {
    let mut out = BTreeMap::new();
    for group in crate::tag_groups::load(ctx)? {
        let members = group.members.iter().filter(|(ns, _)| ns == "html").map(|(_, name)| name.clone()).collect();
        out.insert(group.name, members);
    }
    Ok(out)
}

/// The element names of `names.txt`, whatever their namespace: a tag
/// name has a `LocalName` when an element of any namespace has it (`svg`
/// and `math` are foreign elements' names).
pub(crate) fn known_element_names(ctx: &Context) -> Result<BTreeSet<String>> {
    let file = ctx.load(NAMES)?;
    let sections = ["html-elements", "svg-elements", "mathml-elements"];
    Ok(sections
        .iter()
        .flat_map(|section| file.section(section).filter_map(|row| row.fields().first().map(|n| n.to_string())))
        .collect())
}

/// The names a condition's wording quotes: `"a", "b"` → `a`, `b`.
pub(crate) fn quoted_names(wording: &str) -> Vec<&str> {
    wording.split('"').skip(1).step_by(2).collect()
}

/// A condition with its names, groups expanded.
struct Resolved<'a> {
    condition: &'a Condition,
    names: Vec<String>,
}

/// The variants of a kind's rules: "any other start/end tag" first (the
/// table's default, the enum's 0), then the others in the spec's order.
fn variants<'a>(conditions: &'a [Condition], kind: &str) -> Vec<&'a Condition> {
    let mut variants: Vec<&Condition> = Vec::new();
    for condition in conditions.iter().filter(|c| c.kind() == kind) {
        if is_default(condition) {
            variants.insert(0, condition);
        } else {
            variants.push(condition);
        }
    }
    variants
}

/// The variants of a kind's rules that the generated enum has: the
/// default, and the rules that are some known name's first rule (a rule
/// that only unknown names reach, `sarcasm`'s, would be a variant no table
/// holds).
fn reached_variants<'a>(
    conditions: &'a [Condition],
    kind: &str,
    reached: &[(String, &Condition)],
) -> Vec<&'a Condition> {
    let mut out = variants(conditions, kind);
    out.retain(|&c| is_default(c) || reached.iter().any(|(_, r)| std::ptr::eq(*r, c)));
    out
}

/// Each known name's first rule of a kind, as (name, condition), in the
/// order of the conditions; with the names that a later condition of the
/// same kind lists again, and the unknown names.
struct FirstRules<'a> {
    start: Vec<(String, &'a Condition)>,
    end: Vec<(String, &'a Condition)>,
    shadowed: Vec<String>,
    unknown: Vec<(String, &'a Condition)>,
}

fn first_rules<'a>(resolved: &[Resolved<'a>], known: &BTreeSet<String>) -> FirstRules<'a> {
    let mut rules = FirstRules { start: Vec::new(), end: Vec::new(), shadowed: Vec::new(), unknown: Vec::new() };
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for entry in resolved {
        let kind = entry.condition.kind();
        for name in &entry.names {
            if !seen.insert((kind, name.as_str())) {
                rules.shadowed.push(format!("{kind} {name} (line {})", entry.condition.line));
            } else if !known.contains(name) {
                rules.unknown.push((name.clone(), entry.condition));
            } else if kind == "start" {
                rules.start.push((name.clone(), entry.condition));
            } else {
                rules.end.push((name.clone(), entry.condition));
            }
        }
    }
    rules
}

fn resolve<'a>(conditions: &'a [Condition], groups: &BTreeMap<String, Vec<String>>) -> Result<Vec<Resolved<'a>>> {
    conditions
        .iter()
        .map(|condition| {
            let names =
                expand(&condition.names, groups).map_err(|e| format!("spec-data/{SOURCE}:{}: {e}", condition.line))?;
            Ok(Resolved { condition, names })
        })
        .collect()
}

/// Whether a condition is the last of its kind ("Any other start/end
/// tag"): the rule a name not in any table gets.
fn is_default(condition: &Condition) -> bool {
    condition.variant() == ANY_OTHER
}

/// Whether a condition's rule may be the one of a name without a
/// `LocalName`, which the tables leave to the default rule: the default
/// itself, or an end tag rule that pops as the default does ("sarcasm":
/// "act as described in the "any other end tag" entry").
fn acts_as_default(condition: &Condition) -> bool {
    is_default(condition) || matches!(condition.rule, RuleKind::End { pops: true, .. })
}

/// The names of (name, condition) pairs under each condition, in order.
fn by_condition<'a, 'r>(rules: &'r [(String, &'a Condition)]) -> Vec<(&'a Condition, Vec<&'r str>)> {
    let mut out: Vec<(&'a Condition, Vec<&'r str>)> = Vec::new();
    for (name, condition) in rules {
        match out.last_mut() {
            Some((last, names)) if std::ptr::eq(*last, *condition) => names.push(name),
            _ => out.push((condition, vec![name])),
        }
    }
    out
}

fn render(conditions: &[Condition], rules: &FirstRules<'_>) -> String {
    let mut body = String::from(
        "//! The \"in body\" insertion mode's tag rules as tables indexed by name\n\
         //! ([`LocalName::index`](super::names::LocalName::index)): the spec's list resolved to each name's first\n\
         //! rule of a kind.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>\n\n\
         use super::names::{local_names, LOCAL_NAME_COUNT};\n\n",
    );
    render_kind(&mut body, conditions, &rules.start, "start", "StartTagRule", "IN_BODY_START_TAG_RULES");
    body.push('\n');
    render_kind(&mut body, conditions, &rules.end, "end", "EndTagRule", "IN_BODY_END_TAG_RULES");
    render_pops(&mut body, conditions, &rules.end);
    body
}

/// A kind's enum (one variant per rule that a name reaches, in the spec's
/// order, "any other" first) and its table: per name, the first rule of
/// the spec's list that names it.
fn render_kind(
    body: &mut String,
    conditions: &[Condition],
    rules: &[(String, &Condition)],
    kind: &str,
    rule_enum: &str,
    table: &str,
) {
    let function = table.to_ascii_lowercase();
    body.push_str(&format!(
        "/// The \"in body\" {kind} tag rules, one per token condition of the spec's\n\
         /// list that a known name reaches (in its order), \"any other {kind} tag\" first\n\
         /// as the table's default.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq)]\n\
         pub enum {rule_enum} {{\n",
    ));
    for condition in reached_variants(conditions, kind, rules) {
        body.push_str(&format!(
            "    /// {} (spec-data/{SOURCE}:{}).\n    {},\n",
            condition.wording,
            condition.line,
            condition.variant()
        ));
    }
    body.push_str(&format!(
        "}}\n\n\
         /// Per name ([`LocalName::index`](super::names::LocalName::index)): its \"in body\" {kind} tag rule, the first\n\
         /// of the spec's list that names it; [`{rule_enum}::{ANY_OTHER}`] for the\n\
         /// names none lists.\n\
         pub static {table}: [{rule_enum}; LOCAL_NAME_COUNT] = {function}();\n\n\
         const fn {function}() -> [{rule_enum}; LOCAL_NAME_COUNT] {{\n    \
         let mut table = [{rule_enum}::{ANY_OTHER}; LOCAL_NAME_COUNT];\n",
    ));
    for (condition, names) in by_condition(rules) {
        if is_default(condition) {
            continue;
        }
        body.push_str(&format!("    // {} (spec-data/{SOURCE}:{}).\n", condition.wording, condition.line));
        for name in names {
            body.push_str(&format!(
                "    table[local_names::{}.index()] = {rule_enum}::{};\n",
                name_constant(name),
                condition.variant()
            ));
        }
    }
    body.push_str("    table\n}\n");
}

/// `EndTagRule::pops_the_current_node_of_its_name`: the end tag rules
/// marked `pops`, as a mask of their variants' bits (as a `matches!`, the
/// compiler joined the test to the `match` on the rule after it, one jump
/// through a table for every end tag).
fn render_pops(body: &mut String, conditions: &[Condition], rules: &[(String, &Condition)]) {
    let popping: Vec<String> = reached_variants(conditions, "end", rules)
        .into_iter()
        .filter(|c| matches!(c.rule, RuleKind::End { pops: true, .. }))
        .map(|c| format!("(1 << EndTagRule::{} as u32)", c.variant()))
        .collect();
    body.push_str(&format!(
        "\nimpl EndTagRule {{\n    \
         /// Whether the rule, for an end tag whose name is the current node's\n    \
         /// (an HTML element not in the list of active formatting elements),\n    \
         /// comes to popping that node and nothing else: `pops` in the spec-data.\n    \
         #[inline(always)]\n    \
         pub const fn pops_the_current_node_of_its_name(self) -> bool {{\n        \
         const POPS: u32 = {};\n        \
         (POPS >> self as u32) & 1 != 0\n    \
         }}\n\
         }}\n",
        popping.join(" | ")
    ));
}

/// What the generator and the audit read: the conditions, the tag
/// groups' HTML members, the element names that have a `LocalName`.
struct Inputs {
    conditions: Vec<Condition>,
    groups: BTreeMap<String, Vec<String>>,
    known: BTreeSet<String>,
}

fn read(ctx: &Context) -> Result<Inputs> {
    Ok(Inputs { conditions: load(ctx)?, groups: groups(ctx)?, known: known_element_names(ctx)? })
}

/// The problems that make the tables wrong or the file inconsistent.
fn problems(conditions: &[Condition], resolved: &[Resolved<'_>], rules: &FirstRules<'_>) -> Vec<String> {
    let mut problems = Vec::new();
    for entry in resolved {
        let condition = entry.condition;
        let origin = format!("spec-data/{SOURCE}:{}", condition.line);
        let mut quoted: Vec<&str> = quoted_names(&condition.wording);
        let mut listed: Vec<&str> = entry.names.iter().map(String::as_str).collect();
        quoted.sort_unstable();
        listed.sort_unstable();
        if quoted != listed {
            problems.push(format!("{origin}: the names {listed:?} are not the ones the wording quotes, {quoted:?}"));
        }
        let kind = condition.kind();
        let any_other = if kind == "start" { "Any other start tag" } else { "Any other end tag" };
        let expected_prefix = if kind == "start" { "A start tag " } else { "An end tag " };
        if condition.wording != any_other && !condition.wording.starts_with(expected_prefix) {
            problems.push(format!("{origin}: a {kind} row under {:?}", condition.wording));
        }
    }
    for kind in ["start", "end"] {
        let of_kind: Vec<&Condition> = conditions.iter().filter(|c| c.kind() == kind).collect();
        let defaults = of_kind.iter().filter(|c| c.names.is_empty()).count();
        let last_is_default = of_kind.last().is_some_and(|c| c.names.is_empty() && is_default(c));
        if defaults != 1 || !last_is_default {
            problems.push(format!(
                "the last {kind} row, and only it, must be \"any other {kind} tag\" (no names, `{ANY_OTHER}`)"
            ));
        }
        let mut seen = BTreeSet::new();
        for condition in variants(conditions, kind) {
            if !seen.insert(condition.variant()) {
                problems.push(format!(
                    "spec-data/{SOURCE}:{}: the {kind} rule {} is given twice",
                    condition.line,
                    condition.variant()
                ));
            }
        }
    }
    for (name, condition) in &rules.unknown {
        if !acts_as_default(condition) {
            problems.push(format!(
                "spec-data/{SOURCE}:{}: {name} is not an element name in spec-data/{NAMES}, and its rule is \
                 not the one such a name gets",
                condition.line
            ));
        }
    }
    problems
}

impl Table for InBodyRules {
    fn name(&self) -> &'static str {
        "in-body-tag-rules"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE, GROUPS, NAMES]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let Inputs { conditions, groups, known } = read(ctx)?;
        let resolved = resolve(&conditions, &groups)?;
        let rules = first_rules(&resolved, &known);
        let problems = problems(&conditions, &resolved, &rules);
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        Ok(vec![crate::emit::rust_text_file(
            OUTPUT,
            &[SOURCE, GROUPS],
            &file.provenance(),
            &render(&conditions, &rules),
        )])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let Inputs { conditions, groups, known } = match read(ctx) {
            Ok(read) => read,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let resolved = match resolve(&conditions, &groups) {
            Ok(resolved) => resolved,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let rules = first_rules(&resolved, &known);
        let mut report = TableReport::new(self.name());
        report.entries = conditions.len();
        report.problems = problems(&conditions, &resolved, &rules);
        if !rules.shadowed.is_empty() {
            report.notes.push(format!("names an earlier rule already takes: {}", rules.shadowed.join(", ")));
        }
        if !rules.unknown.is_empty() {
            let unknown: Vec<&str> = rules.unknown.iter().map(|(name, _)| name.as_str()).collect();
            report.notes.push(format!("names without a LocalName (left to the default rule): {}", unknown.join(", ")));
        }
        let unreached: Vec<String> = [("start", &rules.start), ("end", &rules.end)]
            .into_iter()
            .flat_map(|(kind, reached)| {
                let kept = reached_variants(&conditions, kind, reached);
                variants(&conditions, kind)
                    .into_iter()
                    .filter(move |c| !kept.iter().any(|k| std::ptr::eq(*k, *c)))
                    .map(move |c| format!("{kind} {}", c.variant()))
            })
            .collect();
        if !unreached.is_empty() {
            report.notes.push(format!("rules no known name reaches (no variant): {}", unreached.join(", ")));
        }
        report
    }

    /// `NN kind sorted-names = wording`, one row per condition, numbered
    /// so that the order is compared too.
    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        let Inputs { conditions, groups, .. } = read(ctx)?;
        let resolved = resolve(&conditions, &groups)?;
        Ok(resolved
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let mut names: Vec<&str> = entry.names.iter().map(String::as_str).collect();
                names.sort_unstable();
                row(index, entry.condition.kind(), &names, &entry.condition.wording)
            })
            .collect())
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        // The older texts (W3C, 2025-01-14) lack conditions the 2026 text
        // has: only the reference text is compared.
        if !spec_dir.join(crate::table::REFERENCE_TEXT).exists() {
            return None;
        }
        Some(extract(spec_dir).map(|rows| SpecRows { rows }))
    }
}

fn row(index: usize, kind: &str, sorted_names: &[&str], wording: &str) -> String {
    format!("{:02} {kind} {} = {wording}", index + 1, sorted_names.join(" "))
}

/// The token conditions of §13.2.6.4.7 that name tags, in order: its
/// unindented lines `A start tag …`, `An end tag …`, `Any other start tag`
/// and `Any other end tag`.
pub fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let file = crate::table::REFERENCE_TEXT;
    let text = crate::table::read_spec_text(spec_dir, file)?;
    let section = crate::spec_prose::between(
        &text,
        file,
        "\n##### 13.2.6.4.7 The \"in body\" insertion mode [#parsing-main-inbody]",
        "\n##### ",
    )?;
    let mut rows = Vec::new();
    for line in section.lines() {
        let line = line.trim_end();
        let kind = if line.starts_with("A start tag ") || line == "Any other start tag" {
            "start"
        } else if line.starts_with("An end tag ") || line == "Any other end tag" {
            "end"
        } else {
            continue;
        };
        let mut names = quoted_names(line);
        names.sort_unstable();
        rows.push(row(rows.len(), kind, &names, line));
    }
    if rows.is_empty() {
        return Err(format!("{file}: no tag conditions in §13.2.6.4.7"));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# spec: §13.2.6.4.7\n# spec-date: 2026-08-20\n\n";
    const GROUPS_FILE: &str = "# spec: §13.2.6\n# spec-date: 2026-08-20\n\n[dd-and-dt]\ndd\ndt\n";
    const NAMES_FILE: &str = "# spec: names\n# spec-date: 2026-08-20\n\n[html-elements]\nbr\ndd\ndt\np\n";

    /// A repository with `SOURCE` holding `rows` (after a header), in a
    /// folder of its own per test.
    fn scratch(test: &str, rows: &str) -> Context {
        let source = format!("{HEADER}{rows}");
        crate::scratch::repository(
            "in-body-rules",
            test,
            &[(SOURCE, &source), (GROUPS, GROUPS_FILE), (NAMES, NAMES_FILE)],
        )
    }

    const RULES: &str = "= A start tag whose tag name is one of: \"dd\", \"dt\"\nstart DdDt [dd-and-dt]\n\
                         = An end tag whose tag name is \"br\"\nend Br does-more br\n\
                         = A start tag whose tag name is \"dd\"\nstart Late dd\n\
                         = An end tag whose tag name is \"sarcasm\"\nend Sarcasm pops sarcasm\n\
                         = An end tag whose tag name is one of: \"dd\", \"dt\"\nend DdDt pops [dd-and-dt]\n\
                         = An end tag whose tag name is \"br\"\nend LateBr pops br\n\
                         = Any other start tag\nstart AnyOther\n= Any other end tag\nend AnyOther pops\n";

    #[test]
    fn the_first_rule_of_a_kind_takes_a_name() {
        let ctx = scratch("first", RULES);
        let report = InBodyRules.audit(&ctx);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert!(report.notes.iter().any(|n| n.contains("start dd (line 8)")), "{:?}", report.notes);
        assert!(report.notes.iter().any(|n| n.contains("without a LocalName") && n.contains("sarcasm")));
        let text = &InBodyRules.generate(&ctx).unwrap()[0].contents;
        assert!(text.contains("table[local_names::DD.index()] = StartTagRule::DdDt;"), "{text}");
        assert!(!text.contains("StartTagRule::Late;"), "{text}");
        assert!(!text.contains("SARCASM"), "{text}");
        // "Any other start tag" is the enum's first variant, the default.
        let enum_start = text.find("pub enum StartTagRule {").unwrap();
        assert!(text[enum_start..].find("AnyOther,").unwrap() < text[enum_start..].find("DdDt,").unwrap());
    }

    /// The end tag rules: an enum in the spec's order ("any other end tag"
    /// first), a table of each name's first rule, and the rules marked
    /// `pops` as the enum's `pops_the_current_node_of_its_name`.
    #[test]
    fn the_end_tag_table_holds_each_names_first_rule() {
        let ctx = scratch("end", RULES);
        let report = InBodyRules.audit(&ctx);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert!(report.notes.iter().any(|n| n.contains("end br (line 14)")), "{:?}", report.notes);
        assert!(
            report.notes.iter().any(|n| n.contains("no variant") && n.contains("end Sarcasm")),
            "{:?}",
            report.notes
        );
        let text = &InBodyRules.generate(&ctx).unwrap()[0].contents;
        let enum_end = &text[text.find("pub enum EndTagRule {").unwrap()..];
        let enum_end = &enum_end[..enum_end.find('}').unwrap()];
        let order: Vec<&str> =
            enum_end.lines().map(str::trim).filter(|line| line.ends_with(',') && !line.starts_with("//")).collect();
        // Sarcasm's rule takes no known name; LateBr's none that Br has not.
        assert_eq!(order, ["AnyOther,", "Br,", "DdDt,"], "{text}");
        assert!(text.contains("pub static IN_BODY_END_TAG_RULES: [EndTagRule; LOCAL_NAME_COUNT]"), "{text}");
        assert!(text.contains("let mut table = [EndTagRule::AnyOther; LOCAL_NAME_COUNT];"), "{text}");
        assert!(text.contains("table[local_names::BR.index()] = EndTagRule::Br;"), "{text}");
        assert!(text.contains("table[local_names::DD.index()] = EndTagRule::DdDt;"), "{text}");
        assert!(text.contains("table[local_names::DT.index()] = EndTagRule::DdDt;"), "{text}");
        assert!(!text.contains("EndTagRule::LateBr"), "{text}");
        assert!(!text.contains("table[local_names::P.index()] = EndTagRule"), "{text}");
        assert!(
            text.contains("const POPS: u32 = (1 << EndTagRule::AnyOther as u32) | (1 << EndTagRule::DdDt as u32);"),
            "{text}"
        );
    }

    #[test]
    fn an_end_rule_needs_its_variant_and_action() {
        assert!(load(&scratch("end-action", "= An end tag whose tag name is \"br\"\nend does-more br\n")).is_err());
        assert!(load(&scratch("end-variant", "= An end tag whose tag name is \"br\"\nend Br br\n")).is_err());
        let twice = RULES.replace("end DdDt pops [dd-and-dt]", "end Br pops [dd-and-dt]");
        let report = InBodyRules.audit(&scratch("end-twice", &twice));
        assert!(report.problems.iter().any(|p| p.contains("end rule Br is given twice")), "{:?}", report.problems);
    }

    #[test]
    fn names_must_be_the_quoted_ones() {
        let rules = RULES.replace("start DdDt [dd-and-dt]", "start DdDt dd");
        let report = InBodyRules.audit(&scratch("quoted", &rules));
        assert!(report.problems.iter().any(|p| p.contains("not the ones the wording quotes")), "{:?}", report.problems);
    }

    #[test]
    fn an_unknown_name_needs_the_default_rule() {
        let rules = RULES.replace("end Sarcasm pops sarcasm", "end Sarcasm does-more sarcasm");
        let report = InBodyRules.audit(&scratch("unknown", &rules));
        assert!(report.problems.iter().any(|p| p.contains("sarcasm is not")), "{:?}", report.problems);
    }

    #[test]
    fn any_other_comes_last() {
        let rules = RULES.replace("= Any other end tag\nend AnyOther pops\n", "");
        let report = InBodyRules.audit(&scratch("last", &rules));
        assert!(report.problems.iter().any(|p| p.contains("any other end tag")), "{:?}", report.problems);
    }

    #[test]
    fn a_rule_row_needs_its_wording() {
        assert!(load(&scratch("wording", "start Html html\n")).is_err());
        assert!(load(&scratch("two", "= A start tag\n= A start tag\nstart Html html\n")).is_err());
    }
}
