//! Re-extraction of the tokenizer from the 2026 text
//! (`whatwg-parsing-2026.txt`, §13.2.5), for `cargo xtask audit --spec`:
//! every state heading with its `[#id]`, and each state's `dt` entries (the
//! unindented lines after "Consume the next input character:" or "If the
//! next few characters are:") with their `dd` text (the indented lines).
//!
//! Two kinds of rows come out, in the form [`super::canonical_rows`] and
//! [`action_rows`] give spec-data:
//!
//! - `state-key: case | case | …`: the cases of the state, in order;
//! - `actions state-key [case]: …`: the parse errors and the state changes of
//!   one case (`!code`, `switch STATE`, `reconsume STATE`,
//!   `switch-to-return-state`, `reconsume-in-return-state`), sorted. The
//!   other actions (emitting, appending) are not compared.
//!
//! The cases that look ahead ("If the next few characters are:") keep only
//! their "Anything else" entry, as the case rows of spec-data leave the
//! lookahead rows out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::model::{Machine, Matcher};
use super::spec::matcher_name;
use crate::table::{read_spec_text, REFERENCE_TEXT};
use crate::Result;

/// One `dt` group and its `dd` text.
struct Entry {
    case: String,
    text: String,
}

/// `#### 13.2.5.72 Processing instruction open state [#processing-instruction-open-state]`
/// → (`processing instruction open state`, `processing-instruction-open-state`).
fn heading(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("#### 13.2.5.")?;
    let (_, rest) = rest.split_once(' ')?;
    let (name, anchor) = rest.rsplit_once(" [#")?;
    // spec-data's keys drop the parentheses of the text's ids:
    // `attribute-value-(double-quoted)-state` is `attribute-value-double-quoted-state`.
    let anchor: String = anchor.strip_suffix(']')?.chars().filter(|c| !matches!(c, '(' | ')')).collect();
    name.ends_with(" state").then(|| (name.to_ascii_lowercase(), anchor))
}

/// A `dt` line → its matcher names (`U+0009`, `ascii-alpha`, `EOF`, …).
fn dt_matchers(line: &str) -> Vec<String> {
    // A `dt` may carry an anchor: `ASCII digit [#decimal-character-reference-start-state]`.
    let text = line.split(" [#").next().unwrap_or(line).trim();
    let lower = text.to_ascii_lowercase();
    let class = match lower.as_str() {
        "eof" => "EOF",
        "anything else" | "otherwise" => "anything-else",
        // The named character reference state's match (spec-data's
        // `named-character-reference` rows, left out of the comparison).
        "if there is a match" => "named-character-reference",
        "ascii alpha" => "ascii-alpha",
        "ascii upper alpha" => "ascii-upper-alpha",
        "ascii lower alpha" => "ascii-lower-alpha",
        "ascii digit" => "ascii-digit",
        "ascii hex digit" => "ascii-hex-digit",
        "ascii upper hex digit" => "ascii-upper-hex-digit",
        "ascii lower hex digit" => "ascii-lower-hex-digit",
        "ascii alphanumeric" => "ascii-alphanumeric",
        _ => "",
    };
    if !class.is_empty() {
        return vec![class.to_string()];
    }
    match text.strip_prefix("U+") {
        Some(rest) if rest.len() >= 4 && rest[..4].bytes().all(|b| b.is_ascii_hexdigit()) => {
            vec![format!("U+{}", &rest[..4])]
        }
        _ => vec![format!("?{text}")],
    }
}

/// A state's anchor and its entries.
type StateEntries = (String, Vec<Entry>);

/// The states of §13.2.5 with their entries, in text order, and the map
/// from state names to anchors.
fn states(text: &str) -> (Vec<StateEntries>, BTreeMap<String, String>) {
    let mut states: Vec<StateEntries> = Vec::new();
    let mut names = BTreeMap::new();
    let mut in_entries = false;
    let mut lookahead = false;
    let mut group: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some((name, anchor)) = heading(line) {
            names.insert(name, anchor.clone());
            states.push((anchor, Vec::new()));
            in_entries = false;
            group.clear();
            continue;
        }
        if line.starts_with("#") {
            // A heading that is not a state ends the state before it.
            in_entries = false;
            group.clear();
            continue;
        }
        let Some((_, entries)) = states.last_mut() else { continue };
        if line.ends_with("Consume the next input character:")
            || line == "If the next few characters are:"
            || line.starts_with("Consume the maximum number of characters possible")
        {
            in_entries = true;
            lookahead = !line.ends_with("Consume the next input character:");
            continue;
        }
        if !in_entries || line.trim().is_empty() {
            continue;
        }
        if let Some(dd) = line.strip_prefix("    ") {
            if !group.is_empty() {
                let matchers: Vec<String> = group.iter().flat_map(|dt| dt_matchers(dt)).collect();
                let case = matchers.join(" ");
                group.clear();
                if !lookahead || case == "anything-else" {
                    entries.push(Entry { case, text: String::new() });
                } else {
                    entries.push(Entry { case: String::new(), text: String::new() });
                }
            }
            if let Some(entry) = entries.last_mut() {
                entry.text.push_str(dd.trim());
                entry.text.push(' ');
            }
        } else {
            group.push(line.to_string());
        }
    }
    for (_, entries) in &mut states {
        entries.retain(|entry| !entry.case.is_empty());
    }
    (states, names)
}

/// The parse errors and state changes a `dd` text names.
fn dd_actions(text: &str, names: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut actions = BTreeSet::new();
    let lower = text.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("this is a") {
        let after = rest[at..].trim_start_matches("this is an").trim_start_matches("this is a").trim_start();
        if let Some(code) = after.strip_suffix_before(" parse error") {
            actions.insert(format!("!{code}"));
        }
        rest = &rest[at + 9..];
    }
    for (phrase, verb) in [("switch to the ", "switch"), ("reconsume in the ", "reconsume")] {
        let mut rest = lower.as_str();
        while let Some(at) = rest.find(phrase) {
            let after = &rest[at + phrase.len()..];
            if let Some(end) = after.find(" state") {
                let name = &after[..end];
                if name == "return" {
                    actions.insert(format!(
                        "{verb}-{}",
                        if verb == "switch" { "to-return-state" } else { "in-return-state" }
                    ));
                } else {
                    let anchor = names.get(&format!("{name} state")).cloned().unwrap_or_else(|| format!("?{name}"));
                    actions.insert(format!("{verb} {anchor}"));
                }
            }
            rest = &rest[at + phrase.len()..];
        }
    }
    actions
}

trait BeforeSuffix {
    fn strip_suffix_before(&self, marker: &str) -> Option<&str>;
}

impl BeforeSuffix for str {
    /// The text up to `marker`, if it is one word (a parse error code).
    fn strip_suffix_before(&self, marker: &str) -> Option<&str> {
        let end = self.find(marker)?;
        let code = &self[..end];
        (!code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'))
            .then_some(code)
    }
}

/// The case rows and action rows of the 2026 text.
pub fn extract(spec_dir: &Path) -> Result<Vec<String>> {
    let text = read_spec_text(spec_dir, REFERENCE_TEXT)?;
    let start = text.find("\n#### 13.2.5.1 ").ok_or_else(|| format!("{REFERENCE_TEXT}: no §13.2.5.1"))?;
    let end = text[start..].find("\n### 13.2.6 ").map_or(text.len(), |e| start + e);
    let (states, names) = states(&text[start..end]);
    if states.is_empty() {
        return Err(format!("{REFERENCE_TEXT}: no tokenizer states"));
    }
    let mut rows = Vec::new();
    for (key, entries) in &states {
        let cases: Vec<&str> = entries.iter().map(|e| e.case.as_str()).collect();
        rows.push(format!("{key}: {}", cases.join(" | ")));
    }
    for (key, entries) in &states {
        for entry in entries {
            let actions: Vec<String> = dd_actions(&entry.text, &names).into_iter().collect();
            rows.push(format!("actions {key} [{}]: {}", entry.case, actions.join("; ")));
        }
    }
    Ok(rows)
}

/// Whether a row of spec-data is the legacy mode's, not the text's.
pub fn is_legacy(condition: Option<&str>) -> bool {
    condition.is_some_and(|c| c.contains("legacy-"))
}

/// The action rows of spec-data, in the form of [`extract`]: per state and
/// case (rows with the same matchers merged, the legacy mode's left out),
/// the parse errors and state changes.
pub fn action_rows(machine: &Machine) -> Vec<String> {
    let mut rows = Vec::new();
    for state in &machine.states {
        let mut cases: Vec<(String, BTreeSet<String>)> = Vec::new();
        for case in &state.cases {
            if case.matchers == [Matcher::Always] || is_legacy(case.condition.as_deref()) {
                continue;
            }
            let looks_ahead = case.matchers.iter().any(Matcher::is_lookahead);
            if looks_ahead && !state.consumes_a_character() {
                // The text's own `dt` entries ("If the next few characters
                // are:"), left out as the case rows leave them out.
                continue;
            }
            // In a state that consumes a character, the text words a
            // lookahead ("If the six characters starting from the current
            // input character are …") inside its "Anything else" entry.
            let name = if looks_ahead {
                "anything-else".to_string()
            } else {
                case.matchers.iter().map(matcher_name).collect::<Vec<_>>().join(" ")
            };
            let mut actions = BTreeSet::new();
            for action in &case.actions {
                match action.verb.as_str() {
                    "!" => {
                        actions.extend(action.args.iter().map(|code| format!("!{code}")));
                    }
                    "switch" | "reconsume" => {
                        actions.extend(action.args.first().map(|to| format!("{} {to}", action.verb)));
                    }
                    "switch-to-return-state" | "reconsume-in-return-state" => {
                        actions.insert(action.verb.clone());
                    }
                    _ => {}
                }
            }
            match cases.iter_mut().find(|(n, _)| *n == name) {
                Some((_, merged)) => merged.extend(actions),
                None => cases.push((name, actions)),
            }
        }
        for (name, actions) in cases {
            let actions: Vec<String> = actions.into_iter().collect();
            rows.push(format!("actions {} [{name}]: {}", state.key, actions.join("; ")));
        }
    }
    rows
}

/// How many rows of spec-data the legacy mode adds (older than the text).
pub fn legacy_rows(machine: &Machine) -> usize {
    machine.states.iter().flat_map(|s| &s.cases).filter(|c| is_legacy(c.condition.as_deref())).count()
}
