//! The tokenizer: `spec-data/tokenizer/*.states` → the state machine in
//! `parser/src/generated/tokenizer_states.rs`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>

pub mod generate;
pub mod model;
pub mod spec;
pub mod spec_2026;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::emit::rust_text_file;
use crate::{parse_errors, Context, GeneratedFile, Result, SpecRows, Table, TableReport};
use model::{
    Machine, Matcher, CHAINED_FILE, FAST_PATH_FILE, FIRST_BYTES_FILE, HOT_LOOP_FILE, IGNORED_RUNS_FILE,
    OUT_OF_LINE_FILE, STATE_FILES,
};

pub struct Tokenizer;

const OUTPUT: &str = "parser/src/generated/tokenizer_states.rs";

/// The states a tree builder (or the tests) may start the tokenizer in or
/// switch it to; every other state must be reachable from these.
pub const ENTRY_STATES: &[&str] =
    &["data-state", "rcdata-state", "rawtext-state", "script-data-state", "plaintext-state", "cdata-section-state"];

const ALL_SOURCES: &[&str] = &[
    "tokenizer/data.states",
    "tokenizer/attributes.states",
    "tokenizer/comments.states",
    "tokenizer/doctype.states",
    "tokenizer/processing-instructions.states",
    "tokenizer/character-references.states",
    "tokenizer/fast-paths.txt",
    "tokenizer/out-of-line.txt",
    "tokenizer/chained.txt",
    "tokenizer/ignored-runs.txt",
    "tokenizer/hot-loop.txt",
    "tokenizer/first-bytes.txt",
];

/// Canonical rows for the comparison with the spec texts: one per state,
/// `state-key: case | case | …`, each case its single-character matchers
/// (lookahead, named-reference and `always` rows are the spec's prose, which
/// the old text words differently, and are left out).
pub fn canonical_rows(machine: &Machine) -> Vec<String> {
    machine
        .states
        .iter()
        .map(|state| {
            let cases: Vec<String> = state
                .cases
                .iter()
                .filter(|c| !c.matchers.iter().any(|m| m.is_lookahead() || *m == Matcher::Always))
                .map(|c| c.matchers.iter().map(spec::matcher_name).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>();
            // Rows with a condition repeat their characters in the data
            // (the spec words them as one entry); keep the first.
            let mut seen = BTreeSet::new();
            let cases: Vec<String> = cases.into_iter().filter(|c| seen.insert(c.clone())).collect();
            format!("{}: {}", state.key, cases.join(" | "))
        })
        .collect()
}

impl Table for Tokenizer {
    fn name(&self) -> &'static str {
        "tokenizer"
    }

    fn sources(&self) -> &'static [&'static str] {
        ALL_SOURCES
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let machine = model::load(ctx)?;
        let body = generate::module(&machine)?;
        let mut sources: Vec<&str> = STATE_FILES.to_vec();
        sources.push(FAST_PATH_FILE);
        sources.push(OUT_OF_LINE_FILE);
        sources.push(CHAINED_FILE);
        sources.push(IGNORED_RUNS_FILE);
        sources.push(HOT_LOOP_FILE);
        sources.push(FIRST_BYTES_FILE);
        Ok(vec![rust_text_file(OUTPUT, &sources, &machine.provenance, &body)])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let machine = match model::load(ctx) {
            Ok(machine) => machine,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let codes = match parse_errors::codes(ctx) {
            Ok(codes) => codes,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = machine.states.len();
        audit_machine(&machine, &codes, &mut report);
        if let Err(e) = generate::module(&machine) {
            report.problems.push(format!("does not compile: {e}"));
        }
        let cases: usize = machine.states.iter().map(|s| s.cases.len()).sum();
        report.notes.push(format!("{cases} cases, {} fast paths", machine.fast_paths.len()));
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(canonical_rows(&model::load(ctx)?))
    }

    fn data_rows_for(&self, ctx: &Context, spec_dir: &Path) -> Result<Vec<String>> {
        let machine = model::load(ctx)?;
        let mut rows = canonical_rows(&machine);
        if has_reference_text(spec_dir) {
            rows.extend(spec_2026::action_rows(&machine));
        }
        Ok(rows)
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        // The 2026 text has every state's `dt`/`dd` entries: cases and
        // actions are compared. An older directory has the W3C text, whose
        // rows `spec::KNOWN_DIFFERENCES` rewrites.
        let rows = if has_reference_text(spec_dir) { spec_2026::extract(spec_dir) } else { spec::extract(spec_dir) };
        Some(rows.map(|rows| SpecRows { rows }))
    }

    fn spec_notes(&self, ctx: &Context) -> Vec<String> {
        match model::load(ctx) {
            Ok(machine) => vec![format!(
                "{} row(s) older than the text (the legacy mode's `<?`), none newer",
                spec_2026::legacy_rows(&machine)
            )],
            Err(_) => Vec::new(),
        }
    }
}

fn has_reference_text(spec_dir: &Path) -> bool {
    spec_dir.join(crate::table::REFERENCE_TEXT).exists()
}

/// The internal checks of `cargo xtask audit`.
pub fn audit_machine(machine: &Machine, codes: &BTreeSet<String>, report: &mut TableReport) {
    let keys: BTreeSet<&str> = machine.states.iter().map(|s| s.key.as_str()).collect();
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    let mut return_states: BTreeSet<&str> = BTreeSet::new();
    for state in &machine.states {
        let all_actions = state
            .cases
            .iter()
            .flat_map(|c| c.actions.iter().map(move |a| (c.origin(), a)))
            .chain(state.on_enter.iter().chain(&state.on_leave).map(|a| (state.origin(), a)));
        for (origin, action) in all_actions {
            for named in action.named_states() {
                report.check(keys.contains(named), || format!("{origin}: no state {named}"));
                edges.entry(state.key.as_str()).or_default().insert(named);
                if action.verb == "set-return-state" {
                    return_states.insert(named);
                }
            }
            for code in action.error_codes() {
                report.check(codes.contains(code), || {
                    format!("{origin}: parse error {code} is not in spec-data/parse-errors.txt")
                });
            }
        }
        // A consuming state needs an anything-else entry; one without an EOF
        // entry must hand EOF on by reconsuming it in its anything-else entry.
        if state.consumes_a_character() {
            match state.anything_else() {
                None => report.problems.push(format!("{}: {} has no anything-else entry", state.origin(), state.key)),
                Some(other) if !state.has_eof_case() => {
                    let hands_on = other
                        .actions
                        .iter()
                        .any(|a| matches!(a.verb.as_str(), "reconsume" | "reconsume-in-return-state"));
                    report.check(hands_on, || {
                        format!(
                            "{}: {} has no EOF entry and its anything-else entry does not reconsume",
                            state.origin(),
                            state.key
                        )
                    });
                }
                Some(_) => {}
            }
        }
    }
    // Reachability from the entry states; `switch-to-return-state` reaches
    // every state that some row sets as the return state.
    let mut reached: BTreeSet<&str> = BTreeSet::new();
    let mut pending: Vec<&str> = ENTRY_STATES.to_vec();
    while let Some(key) = pending.pop() {
        if !reached.insert(key) {
            continue;
        }
        if let Some(next) = edges.get(key) {
            pending.extend(next.iter().copied());
        }
        pending.extend(return_states.iter().copied());
    }
    for state in &machine.states {
        report.check(reached.contains(state.key.as_str()), || {
            format!("{}: {} is unreachable", state.origin(), state.key)
        });
    }
    for (key, line) in &machine.fast_paths {
        report.check(keys.contains(key.as_str()), || format!("spec-data/{FAST_PATH_FILE}:{line}: no state {key}"));
    }
    for (key, line) in &machine.out_of_line {
        report.check(keys.contains(key.as_str()), || format!("spec-data/{OUT_OF_LINE_FILE}:{line}: no state {key}"));
    }
    for (key, line) in &machine.chained {
        report.check(keys.contains(key.as_str()), || format!("spec-data/{CHAINED_FILE}:{line}: no state {key}"));
    }
    for (key, line) in &machine.ignored_runs {
        report.check(keys.contains(key.as_str()), || format!("spec-data/{IGNORED_RUNS_FILE}:{line}: no state {key}"));
    }
    for (key, _, line) in &machine.first_bytes {
        report.check(keys.contains(key.as_str()), || format!("spec-data/{FIRST_BYTES_FILE}:{line}: no state {key}"));
    }
    for (at, (key, line)) in machine.hot_loop.iter().enumerate() {
        report.check(keys.contains(key.as_str()), || format!("spec-data/{HOT_LOOP_FILE}:{line}: no state {key}"));
        let twice = machine.hot_loop[..at].iter().any(|(other, _)| other == key);
        report.check(!twice, || format!("spec-data/{HOT_LOOP_FILE}:{line}: {key} is listed twice"));
        let out_of_line = machine.out_of_line.iter().any(|(other, _)| other == key);
        report.check(!out_of_line, || format!("spec-data/{HOT_LOOP_FILE}:{line}: {key} is also out of line"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::Action;

    fn real() -> (Machine, BTreeSet<String>) {
        let ctx = Context::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        (model::load(&ctx).unwrap(), parse_errors::codes(&ctx).unwrap())
    }

    fn problems(machine: &Machine, codes: &BTreeSet<String>) -> Vec<String> {
        let mut report = TableReport::new("tokenizer");
        audit_machine(machine, codes, &mut report);
        report.problems
    }

    #[test]
    fn the_data_passes_the_audit_and_compiles() {
        let (machine, codes) = real();
        assert_eq!(problems(&machine, &codes), Vec::<String>::new());
        // The 84 states of the 2026 text (13.2.5.1–84).
        assert_eq!(machine.states.len(), 84);
        assert!(generate::module(&machine).unwrap().contains("fn attribute_name_state("));
    }

    #[test]
    fn the_audit_finds_unknown_states_codes_and_missing_eof() {
        let (mut machine, codes) = real();
        let data = machine.states.iter_mut().find(|s| s.key == "data-state").unwrap();
        data.cases[0].actions.push(Action { verb: "switch".into(), args: vec!["no-such-state".into()] });
        data.cases[0].actions.push(Action { verb: "!".into(), args: vec!["no-such-error".into()] });
        let eof_at = data.cases.iter().position(|c| c.matchers == [Matcher::Eof]).unwrap();
        data.cases.remove(eof_at);
        let found = problems(&machine, &codes).join("\n");
        assert!(found.contains("no state no-such-state"), "{found}");
        assert!(found.contains("no-such-error is not in spec-data/parse-errors.txt"), "{found}");
        assert!(found.contains("data-state has no EOF entry"), "{found}");
    }

    #[test]
    fn the_audit_finds_unreachable_states() {
        let (mut machine, codes) = real();
        for state in &mut machine.states {
            for case in &mut state.cases {
                case.actions.retain(|a| a.target_state() != Some("comment-end-bang-state"));
            }
        }
        let found = problems(&machine, &codes).join("\n");
        assert!(found.contains("comment-end-bang-state is unreachable"), "{found}");
    }

    #[test]
    fn chained_states_run_only_after_quiet_cases_and_never_in_a_cycle() {
        let (mut machine, _) = real();
        let module = generate::module(&machine).unwrap();
        // `<` in the data state emits nothing: the tag open state runs at once.
        assert!(
            module.contains("self.state = State::TagOpen;\n                // Chained"),
            "data-state `<` is chained"
        );
        // `>` in the after attribute value (quoted) state emits the tag: the
        // data state is not chained (and not listed), nothing runs after the emit.
        let after = machine.state("after-attribute-value-quoted-state").unwrap();
        for case in &after.cases {
            let emits = case.actions.iter().any(|a| a.verb.starts_with("emit"));
            assert!(!emits || generate::chained_target(&machine, after, case).is_none());
        }
        // The attribute name state and the after attribute name state
        // reconsume into each other: chaining both would recurse.
        machine.chained.push(("attribute-name-state".into(), 90));
        machine.chained.push(("after-attribute-name-state".into(), 91));
        let error = generate::module(&machine).unwrap_err();
        assert!(error.contains("cycle"), "{error}");
    }

    #[test]
    fn a_state_chained_after_a_tag_is_created_emits_it_by_its_kind() {
        let (machine, _) = real();
        let module = generate::module(&machine).unwrap();
        let body = |name: &str| {
            let start = module.find(&format!("fn {name}(")).unwrap();
            module[start..start + module[start..].find("\n    }\n").unwrap()].to_string()
        };
        // The tag open and end tag open states run their copy of the tag name state.
        assert!(body("tag_open_state").contains("self.create_start_tag_token();\n                self.reconsume();\n                self.state = State::TagName;\n                // Chained (spec-data/tokenizer/chained.txt:27): runs in this step.\n                return self.tag_name_state_for_start_tag(input);"));
        assert!(body("end_tag_open_state").contains("return self.tag_name_state_for_end_tag(input);"));
        // Each copy emits its kind, and runs the copy of the self-closing
        // start tag state (which emits a tag too) for its kind.
        for (kind, other) in [("start", "end"), ("end", "start")] {
            let copy = body(&format!("tag_name_state_for_{kind}_tag"));
            assert_eq!(copy.matches(&format!("self.emit_current_{kind}_tag_token(input);")).count(), 2, "{copy}");
            assert!(!copy.contains("self.emit_current_tag_token(") && !copy.contains(&format!("_for_{other}_tag")));
            assert!(copy.contains(&format!("return self.self_closing_start_tag_state_for_{kind}_tag(input);")));
            // The before attribute name state emits no tag: not copied.
            assert!(copy.contains("return self.before_attribute_name_state(input);"), "{copy}");
        }
        // The state the driver loop runs knows no kind.
        assert!(body("tag_name_state").contains("self.emit_current_tag_token(input);"));
        // The appropriate end tag condition holds for end tags alone.
        let rcdata = body("rcdata_end_tag_name_state");
        assert!(rcdata.contains("self.state = State::Data;\n                self.emit_current_end_tag_token(input);"));
        assert!(!module.contains("fn before_attribute_name_state_for_"));
        assert!(!module.contains("fn attribute_name_state_for_"));
    }

    #[test]
    fn ignored_runs_go_on_with_the_next_character_in_the_same_step() {
        let (mut machine, codes) = real();
        machine.ignored_runs = vec![("before-attribute-name-state".into(), 1)];
        let module = generate::module(&machine).unwrap();
        let start = module.find("fn before_attribute_name_state(").unwrap();
        let body = &module[start..start + module[start..].find("\n    }\n").unwrap()];
        // The whitespace arm goes round the loop; the other arms leave it.
        assert!(body.contains("loop {\n            let Some(c) = self.consume(input)"), "{body}");
        assert!(body.contains("// Ignore the character.\n                    continue;\n"), "{body}");
        assert_eq!(body.matches("continue;").count(), 1, "{body}");
        assert!(body.contains("            break;\n        }\n        Step::Continue"), "{body}");
        // A state that ignores nothing is refused; so is an unknown state.
        machine.ignored_runs = vec![("tag-name-state".into(), 2)];
        let error = generate::module(&machine).unwrap_err();
        assert!(error.contains("ignored-runs.txt:2: tag-name-state ignores no character"), "{error}");
        machine.ignored_runs = vec![("no-such-state".into(), 3)];
        assert!(problems(&machine, &codes).join("\n").contains("ignored-runs.txt:3: no state no-such-state"));
    }

    #[test]
    fn the_hot_loop_tests_its_states_in_order_and_step_leaves_them_to_it() {
        let (mut machine, codes) = real();
        machine.hot_loop = vec![("tag-name-state".into(), 1), ("data-state".into(), 2)];
        let module = generate::module(&machine).unwrap();
        // The first state runs again at once while its step leaves the tokenizer in it.
        let tag_name = module
            .find(
                "while State::TagName == self.state {\n                if self.tag_name_state(input) == Step::NeedMore",
            )
            .unwrap();
        let data = module.find("if State::Data == self.state && (self.data_state(input)").unwrap();
        let others =
            module.find("if !matches!(self.state, State::TagName | State::Data) && (self.step(input)").unwrap();
        assert!(tag_name < data && data < others);
        assert!(module.contains("State::Data => Step::Continue,"));
        assert!(module.contains("State::Rcdata => self.rcdata_state(input),"));
        machine.hot_loop.push(("data-state".into(), 3));
        machine.hot_loop.push(("processing-instruction-open-state".into(), 4));
        let found = problems(&machine, &codes).join("\n");
        assert!(found.contains("hot-loop.txt:3: data-state is listed twice"), "{found}");
        assert!(found.contains("hot-loop.txt:4: processing-instruction-open-state is also out of line"), "{found}");
    }

    #[test]
    fn a_chained_state_out_of_line_is_called_not_copied() {
        let (mut machine, _) = real();
        machine.chained = vec![("character-reference-state".into(), 1), ("named-character-reference-state".into(), 2)];
        machine.out_of_line = vec![("named-character-reference-state".into(), 3)];
        let module = generate::module(&machine).unwrap();
        let head = |name: &str| {
            let at = module.find(&format!("fn {name}(")).unwrap();
            module[module[..at].rfind("/// Spec:").unwrap()..at].to_string()
        };
        assert!(head("character_reference_state").contains("#[inline(always)]"));
        let named = head("named_character_reference_state");
        assert!(named.contains("#[inline(never)]") && !named.contains("#[inline(always)]"), "{named}");
        // The data state's `&` runs the character reference state, which
        // runs the named one for an alphanumeric.
        assert!(module.contains("self.state = State::CharacterReference;\n                // Chained"));
        assert!(module.contains("self.state = State::NamedCharacterReference;\n                // Chained"));
    }

    #[test]
    fn a_first_byte_runs_its_case_before_the_match() {
        let (mut machine, codes) = real();
        machine.first_bytes = vec![("tag-name-state".into(), b'>', 1)];
        let module = generate::module(&machine).unwrap();
        let start = module.find("fn tag_name_state(").unwrap();
        let body = &module[start..start + module[start..].find("\n    }\n").unwrap()];
        let test = body.find("if input.as_bytes().get(self.pos) == Some(&b'>') {").unwrap();
        let consume = body.find("let Some(c) = self.consume(input)").unwrap();
        let run = body.find("let run =").unwrap();
        assert!(run < test && test < consume, "{body}");
        // The case the match takes for `>`: emit the tag in the data state.
        let case = &body[test..consume];
        assert!(case.contains("self.state = State::Data;\n            self.emit_current_tag_token(input);\n            return Step::Continue;"), "{case}");
        // A case that leads to a chained state runs it.
        machine.first_bytes = vec![("tag-name-state".into(), b' ', 2)];
        let module = generate::module(&machine).unwrap();
        assert!(module.contains("Some(&b' ') {\n            self.cur_start = self.pos;\n            self.pos += 1;"));
        // A byte whose case has a condition, or starts a lookahead, is refused.
        machine.first_bytes = vec![("rcdata-end-tag-name-state".into(), b'>', 3)];
        let error = generate::module(&machine).unwrap_err();
        assert!(error.contains("first-bytes.txt:3: the case of rcdata-end-tag-name-state"), "{error}");
        machine.first_bytes = vec![("markup-declaration-open-state".into(), b'-', 4)];
        assert!(generate::module(&machine).is_err());
        machine.first_bytes = vec![("no-such-state".into(), b'>', 5)];
        assert!(problems(&machine, &codes).join("\n").contains("first-bytes.txt:5: no state no-such-state"));
    }

    #[test]
    fn w3c_headings_become_anchor_ids() {
        assert_eq!(
            spec::anchor_of("8.2.4.38 Attribute value (double-quoted) state").as_deref(),
            Some("attribute-value-double-quoted-state")
        );
        assert_eq!(spec::anchor_of("8.2.4.69 Tokenizing character references"), None);
    }
}
