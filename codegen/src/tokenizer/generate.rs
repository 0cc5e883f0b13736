//! Emits `parser/src/generated/tokenizer_states.rs`: the `State` enum and
//! one method per state on the runtime `Tokenizer`, each a `match` over the
//! current input character with one arm per spec-data row.
//!
//! The text is formatted here rather than by prettyplease so that every arm
//! can carry a `// spec-data/…:LINE` origin comment.

use std::fmt::Write;

use super::model::{Action, Case, Class, Machine, Matcher, StateDef};
use crate::emit::upper_camel;
use crate::Result;

const SPEC_URL: &str = "https://html.spec.whatwg.org/multipage/parsing.html";

/// `attribute-value-double-quoted-state` → `AttributeValueDoubleQuoted`.
pub fn variant(key: &str) -> String {
    upper_camel(key.strip_suffix("-state").unwrap_or(key))
}

/// `attribute-value-double-quoted-state` → `attribute_value_double_quoted_state`.
pub fn method(key: &str) -> String {
    key.replace('-', "_")
}

fn byte_literal(b: u8) -> String {
    match b {
        b'\'' => "b'\\''".into(),
        b'\\' => "b'\\\\'".into(),
        b'\t' => "b'\\t'".into(),
        b'\n' => "b'\\n'".into(),
        b' ' => "b' '".into(),
        0x21..=0x7e => format!("b'{}'", b as char),
        _ => format!("0x{b:02X}"),
    }
}

fn class_pattern(class: Class) -> &'static str {
    match class {
        Class::AsciiAlpha => "b'A'..=b'Z' | b'a'..=b'z'",
        Class::AsciiUpperAlpha => "b'A'..=b'Z'",
        Class::AsciiLowerAlpha => "b'a'..=b'z'",
        Class::AsciiDigit => "b'0'..=b'9'",
        Class::AsciiUpperHexDigit => "b'A'..=b'F'",
        Class::AsciiLowerHexDigit => "b'a'..=b'f'",
        Class::AsciiHexDigit => "b'0'..=b'9' | b'A'..=b'F' | b'a'..=b'f'",
        Class::AsciiAlphanumeric => "b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z'",
        Class::Whitespace => "b'\\t' | b'\\n' | 0x0C | b' '",
    }
}

fn target(name: &str, origin: &str) -> Result<String> {
    match name {
        "tag-name"
        | "attribute-name"
        | "attribute-value"
        | "comment"
        | "doctype-name"
        | "doctype-public-identifier"
        | "doctype-system-identifier"
        | "processing-instruction-data"
        | "temporary-buffer" => Ok(format!("Target::{}", upper_camel(name))),
        other => Err(format!("{origin}: unknown append target {other}")),
    }
}

fn code_point(arg: &str, origin: &str) -> Result<String> {
    let hex = arg.strip_prefix("U+").ok_or_else(|| format!("{origin}: expected U+XXXX, got {arg}"))?;
    let value = u32::from_str_radix(hex, 16).map_err(|_| format!("{origin}: bad code point {arg}"))?;
    char::from_u32(value).ok_or_else(|| format!("{origin}: {arg} is not a scalar value"))?;
    Ok(format!("'\\u{{{value:04X}}}'"))
}

/// `ci"xml" ci"xml-stylesheet"` → a call that compares the temporary buffer
/// with each text (`ci`: ASCII case-insensitively).
fn temporary_buffer_is(texts: &str, origin: &str) -> Result<String> {
    let mut alternatives = Vec::new();
    for text in texts.split_whitespace() {
        let (quoted, case_insensitive) = match text.strip_prefix("ci") {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        let inner =
            quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).filter(|inner| !inner.is_empty()).ok_or_else(
                || format!("{origin}: `temporary-buffer-is` takes \"text\" or ci\"text\" items, got {text}"),
            )?;
        alternatives.push(format!("self.temporary_buffer_is(\"{}\", {case_insensitive})", inner.escape_default()));
    }
    if alternatives.is_empty() {
        return Err(format!("{origin}: `temporary-buffer-is` names no text"));
    }
    Ok(format!("({})", alternatives.join(" || ")))
}

fn arg<'a>(action: &'a Action, n: usize, origin: &str) -> Result<&'a str> {
    action.args.get(n).map(String::as_str).ok_or_else(|| format!("{origin}: `{}` needs an argument", action.verb))
}

/// The verbs that neither emit a token nor otherwise reach the sink's
/// `process_token` (a parse error goes to the sink, but cannot pause the
/// tokenizer or switch its state): a case made of these alone may run the
/// state it switches to in the same step (`spec-data/tokenizer/chained.txt`).
const QUIET_VERBS: &[&str] = &[
    "!",
    "set-return-state",
    "switch",
    "reconsume",
    "append",
    "set-to-empty",
    "clear",
    "ignore",
    "create-start-tag-token",
    "create-end-tag-token",
    "create-comment-token",
    "create-doctype-token",
    "start-new-attribute",
    "set-self-closing-flag",
    "set-force-quirks-flag",
    "check-for-duplicate-attribute",
    "set-character-reference-code-to-zero",
];

/// The state that `case` of `state` runs in the same step (its overlay
/// line in `chained.txt`): the case ends by switching (or reconsuming) into
/// a chained state other than its own, and neither the case nor the states'
/// leave and enter actions emit anything.
pub fn chained_target<'a>(machine: &'a Machine, state: &StateDef, case: &Case) -> Option<(&'a str, usize)> {
    let last = case.actions.last()?;
    if !matches!(last.verb.as_str(), "switch" | "reconsume") {
        return None;
    }
    let to = last.args.first()?;
    if *to == state.key {
        return None;
    }
    let (key, line) = machine.chained.iter().find(|(key, _)| key == to)?;
    let target = machine.state(to)?;
    let quiet = |action: &Action| QUIET_VERBS.contains(&action.verb.as_str());
    let all_quiet =
        case.actions.iter().all(quiet) && state.on_leave.iter().all(quiet) && target.on_enter.iter().all(quiet);
    all_quiet.then_some((key.as_str(), *line))
}

/// Checks that the chained edges form no cycle: a chain of calls is then
/// at most as long as the list of chained states.
fn check_chains_acyclic(machine: &Machine) -> Result<()> {
    // Depth-first search over the chained edges; `on_path` holds the states
    // of the current path.
    fn visit<'a>(
        machine: &'a Machine,
        key: &'a str,
        on_path: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
    ) -> Result<()> {
        if done.contains(&key) {
            return Ok(());
        }
        if on_path.contains(&key) {
            return Err(format!("spec-data/tokenizer/chained.txt: the chained states form a cycle through {key}"));
        }
        on_path.push(key);
        if let Some(state) = machine.state(key) {
            for case in &state.cases {
                if let Some((next, _)) = chained_target(machine, state, case) {
                    visit(machine, next, on_path, done)?;
                }
            }
        }
        on_path.pop();
        done.push(key);
        Ok(())
    }
    let mut done = Vec::new();
    for state in &machine.states {
        visit(machine, &state.key, &mut Vec::new(), &mut done)?;
    }
    Ok(())
}

/// What the generator knows of the current tag token's kind where it
/// compiles an action: "emit the current tag token" then calls the emit of
/// that kind, with no test of the kind at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagKind {
    /// Any kind: the emit tests it.
    Unknown,
    Start,
    End,
}

impl TagKind {
    /// The suffix of a state's method compiled for this kind.
    fn suffix(self) -> &'static str {
        match self {
            TagKind::Unknown => "",
            TagKind::Start => "_for_start_tag",
            TagKind::End => "_for_end_tag",
        }
    }
}

/// The kind a case of a state compiled for `kind` starts with: the
/// appropriate end tag condition holds only for an end tag token.
fn case_kind(kind: TagKind, case: &Case) -> TagKind {
    let appropriate = case
        .condition
        .as_deref()
        .is_some_and(|c| c.split(" and ").any(|part| part.trim() == "current-end-tag-token-is-appropriate"));
    if appropriate {
        TagKind::End
    } else {
        kind
    }
}

/// Whether the step of state `key` may emit the current tag token: one of
/// its cases does, or runs a chained state that does (the chains are
/// acyclic, see `check_chains_acyclic`). Only such states are compiled
/// once more per known kind.
pub fn emits_a_tag_in_its_step(machine: &Machine, key: &str) -> bool {
    let Some(state) = machine.state(key) else { return false };
    state.cases.iter().any(|case| {
        case.actions.iter().any(|a| a.verb == "emit-current-tag-token")
            || chained_target(machine, state, case).is_some_and(|(to, _)| emits_a_tag_in_its_step(machine, to))
    })
}

struct Gen<'m> {
    machine: &'m Machine,
    out: String,
    /// Static tables of the fast paths, emitted after the impl block.
    tables: String,
    /// Levels of indentation added to every line (the body of a loop).
    base: usize,
    /// The current tag token's kind where the actions being compiled run,
    /// and where the state's step starts.
    kind: TagKind,
    state_kind: TagKind,
    /// The states to compile once more for a known kind (chained from a case
    /// that knows it), in the order they were found.
    variants: Vec<(String, TagKind)>,
}

impl Gen<'_> {
    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent + self.base {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// The actions of `case` start with the kind the state's step starts with.
    fn enter_case(&mut self, case: &Case) {
        self.kind = case_kind(self.state_kind, case);
    }

    /// The statement that runs chained state `to` in this step: its copy for
    /// the tag kind known here, when its step may emit the tag.
    fn chained_call(&mut self, to: &str) -> String {
        let kind = if emits_a_tag_in_its_step(self.machine, to) { self.kind } else { TagKind::Unknown };
        if kind != TagKind::Unknown && !self.variants.iter().any(|(key, k)| key == to && *k == kind) {
            self.variants.push((to.to_string(), kind));
        }
        format!("return self.{}{}(input);", method(to), kind.suffix())
    }

    fn state_variant(&self, key: &str, origin: &str) -> Result<String> {
        if self.machine.state(key).is_none() {
            return Err(format!("{origin}: no state {key}"));
        }
        Ok(format!("State::{}", variant(key)))
    }

    /// The actions that leaving `from` for `to` runs, then the switch.
    fn transition(&mut self, state: &StateDef, to: &str, indent: usize, origin: &str) -> Result<()> {
        if to != state.key {
            let leave = state.on_leave.clone();
            self.actions(state, None, &leave, indent, origin)?;
            let target = self.machine.state(to).ok_or_else(|| format!("{origin}: no state {to}"))?;
            let enter = target.on_enter.clone();
            self.actions(state, None, &enter, indent, origin)?;
        }
        let variant = self.state_variant(to, origin)?;
        self.line(indent, &format!("self.state = {variant};"));
        Ok(())
    }

    fn actions(
        &mut self,
        state: &StateDef,
        case: Option<&Case>,
        actions: &[Action],
        indent: usize,
        origin: &str,
    ) -> Result<()> {
        for action in actions {
            self.action(state, case, action, indent, origin)?;
        }
        Ok(())
    }

    fn action(
        &mut self,
        state: &StateDef,
        case: Option<&Case>,
        action: &Action,
        indent: usize,
        origin: &str,
    ) -> Result<()> {
        let verb = action.verb.as_str();
        let code = match verb {
            "!" => format!("self.parse_error(input, ParseErrorCode::{});", upper_camel(&action.args[0])),
            "set-return-state" => {
                format!("self.return_state = {};", self.state_variant(arg(action, 0, origin)?, origin)?)
            }
            "switch" => return self.transition(state, arg(action, 0, origin)?, indent, origin),
            "reconsume" => {
                self.line(indent, "self.reconsume();");
                return self.transition(state, arg(action, 0, origin)?, indent, origin);
            }
            "switch-to-return-state" => "self.state = self.return_state;".into(),
            "reconsume-in-return-state" => "self.reconsume();\nself.state = self.return_state;".into(),
            "emit" => match arg(action, 0, origin)? {
                "current-input-character" => "self.emit_current_input_character(input);".into(),
                "eof" => "self.emit_eof(input);".into(),
                "temporary-buffer" => "self.emit_temporary_buffer(input);".into(),
                other => format!("self.emit_character(input, {});", code_point(other, origin)?),
            },
            "append" => {
                let name = arg(action, 0, origin)?;
                let target = target(name, origin)?;
                // The temporary buffer has verbs of its own: the end tag
                // name states append each letter to the tag name and to the
                // buffer, and one `append` over every target alternating
                // between the two is an indirect jump mispredicted each time.
                let to_buffer = name == "temporary-buffer";
                let append_char = if to_buffer {
                    "self.append_char_to_temporary_buffer(".to_string()
                } else {
                    format!("self.append_char({target}, ")
                };
                match arg(action, 1, origin)? {
                    "current-input-character" if to_buffer => {
                        "self.append_input_to_temporary_buffer(input, self.cur_start, self.pos);".into()
                    }
                    "current-input-character" => {
                        format!("self.append_input({target}, input, self.cur_start, self.pos);")
                    }
                    "lowercase-current-input-character" => {
                        format!("{append_char}self.lowercase_current_input_character(input));")
                    }
                    "character-reference-code" => {
                        format!("{append_char}self.character_reference_code_as_char());")
                    }
                    quoted if quoted.starts_with('"') && quoted.ends_with('"') && quoted.len() >= 2 => {
                        format!("self.append({target}, {quoted});")
                    }
                    other => format!("{append_char}{});", code_point(other, origin)?),
                }
            }
            "set-to-empty" | "clear" => format!("self.set_to_empty({});", target(arg(action, 0, origin)?, origin)?),
            "ignore" => "// Ignore the character.".into(),
            "consume-those-characters" => {
                let length = case
                    .and_then(|c| {
                        c.matchers.iter().find_map(|m| match m {
                            Matcher::Lookahead { text, .. } => Some(text.len()),
                            _ => None,
                        })
                    })
                    .ok_or_else(|| format!("{origin}: consume-those-characters outside a lookahead row"))?;
                format!("self.consume_those_characters({length});")
            }
            "anything-else" => {
                let other = state
                    .anything_else()
                    .ok_or_else(|| format!("{origin}: `anything-else` action in a state without that entry"))?
                    .clone();
                self.line(indent, "// Treat it as per the \"anything else\" entry.");
                return self.actions(state, Some(&other), &other.actions, indent, origin);
            }
            "check-for-duplicate-attribute" => {
                let codes = action.error_codes();
                let [code] = codes[..] else {
                    return Err(format!("{origin}: check-for-duplicate-attribute names its one error code"));
                };
                format!("self.check_for_duplicate_attribute(input, ParseErrorCode::{});", upper_camel(code))
            }
            "check-the-character-reference-code" => "self.check_the_character_reference_code(input);".into(),
            "multiply-character-reference-code-by" => {
                let n: u32 = arg(action, 0, origin)?.parse().map_err(|_| format!("{origin}: bad factor"))?;
                format!("self.multiply_character_reference_code_by({n});")
            }
            "add-current-input-character-minus" => {
                let n = arg(action, 0, origin)?;
                let n =
                    u32::from_str_radix(n.trim_start_matches("0x"), 16).map_err(|_| format!("{origin}: bad offset"))?;
                format!("self.add_current_input_character_minus(input, 0x{n:04X});")
            }
            "set-character-reference-code-to-zero" => "self.character_reference_code = 0;".into(),
            "create-start-tag-token" | "create-end-tag-token" => {
                self.kind = if verb == "create-start-tag-token" { TagKind::Start } else { TagKind::End };
                format!("self.{}();", method(verb))
            }
            // The emit of the kind known here (see `TagKind`).
            "emit-current-tag-token" => match self.kind {
                TagKind::Unknown => "self.emit_current_tag_token(input);".into(),
                TagKind::Start => "self.emit_current_start_tag_token(input);".into(),
                TagKind::End => "self.emit_current_end_tag_token(input);".into(),
            },
            "create-comment-token"
            | "create-doctype-token"
            | "start-new-attribute"
            | "set-self-closing-flag"
            | "set-force-quirks-flag"
            | "set-temporary-buffer-to-the-matched-characters"
            | "convert-the-temporary-buffer-to-a-comment"
            | "create-processing-instruction-token" => {
                format!("self.{}();", method(verb))
            }
            "emit-current-comment-token"
            | "emit-current-doctype-token"
            | "emit-current-processing-instruction-token"
            | "flush-code-points-consumed-as-a-character-reference" => {
                format!("self.{}(input);", method(verb))
            }
            other => return Err(format!("{origin}: unknown action {other}")),
        };
        for line in code.lines() {
            self.line(indent, line);
        }
        Ok(())
    }

    fn condition(&self, case: &Case) -> Result<Option<String>> {
        let Some(condition) = &case.condition else { return Ok(None) };
        let mut calls = Vec::new();
        for part in condition.split(" and ") {
            match part.trim() {
                name @ ("current-end-tag-token-is-appropriate"
                | "temporary-buffer-is-script"
                | "adjusted-current-node-is-foreign"
                | "next-input-character-is-equals-sign-or-ascii-alphanumeric"
                | "last-character-matched-is-not-semicolon"
                | "consumed-as-part-of-an-attribute"
                | "legacy-bogus-comment-processing-instructions") => calls.push(format!("self.{}()", method(name))),
                list if list.starts_with("temporary-buffer-is ") => {
                    calls.push(temporary_buffer_is(&list["temporary-buffer-is ".len()..], &case.origin())?)
                }
                other => return Err(format!("{}: unknown condition {other}", case.origin())),
            }
        }
        Ok(Some(calls.join(" && ")))
    }

    /// Rows that look ahead: consecutive rows with the same lookahead
    /// matcher form one group, tried in order by their conditions.
    fn lookahead_groups(&mut self, state: &StateDef, consumes: bool) -> Result<()> {
        let rows: Vec<&Case> = state.cases.iter().filter(|c| c.matchers.iter().any(Matcher::is_lookahead)).collect();
        let mut at = 0;
        while at < rows.len() {
            let matcher = rows[at].matchers[0].clone();
            let mut end = at;
            while end < rows.len() && rows[end].matchers[0] == matcher {
                end += 1;
            }
            let call = match &matcher {
                Matcher::Lookahead { text, case_insensitive } => {
                    format!("self.lookahead(input, b\"{}\", {case_insensitive})", text.escape_default())
                }
                _ => "self.named_character_reference(input)".to_string(),
            };
            self.line(2, &format!("match {call} {{"));
            if consumes {
                self.line(3, "Look::NeedMore => {");
                self.line(4, "self.reconsume();");
                self.line(4, "return Step::NeedMore;");
                self.line(3, "}");
            } else {
                self.line(3, "Look::NeedMore => return Step::NeedMore,");
            }
            self.line(3, "Look::Match => {");
            let group: Vec<Case> = rows[at..end].iter().map(|c| (*c).clone()).collect();
            let mut closed = false;
            for (index, case) in group.iter().enumerate() {
                let condition = self.condition(case)?;
                let keyword = if index == 0 { "if" } else { "} else if" };
                match condition {
                    Some(cond) => self.line(4, &format!("{keyword} {cond} {{")),
                    None if index == 0 => {
                        self.line(4, &format!("// {}", case.origin()));
                        self.enter_case(case);
                        self.actions(state, Some(case), &case.actions, 4, &case.origin())?;
                        closed = true;
                        break;
                    }
                    None => self.line(4, "} else {"),
                }
                self.line(5, &format!("// {}", case.origin()));
                self.enter_case(case);
                self.actions(state, Some(case), &case.actions, 5, &case.origin())?;
                if case.condition.is_none() {
                    self.line(4, "}");
                    closed = true;
                    break;
                }
            }
            if !closed {
                return Err(format!("{}: the last row of a lookahead group needs no condition", group[0].origin()));
            }
            self.line(4, "return Step::Continue;");
            self.line(3, "}");
            self.line(3, "Look::NoMatch => {}");
            self.line(2, "}");
            at = end;
        }
        Ok(())
    }

    fn fast_path(&mut self, state: &StateDef, overlay_line: usize) -> Result<()> {
        let origin = format!("spec-data/tokenizer/fast-paths.txt:{overlay_line}");
        let other =
            state.anything_else().ok_or_else(|| format!("{origin}: {} has no anything-else entry", state.key))?;
        let [action] = &other.actions[..] else {
            return Err(format!("{origin}: the anything-else entry of {} is not a single append or emit", state.key));
        };
        let args: Vec<&str> = action.args.iter().map(String::as_str).collect();
        let bulk = match (action.verb.as_str(), &args[..]) {
            ("emit", ["current-input-character"]) => "self.emit_input_run(input, start, self.pos);".to_string(),
            ("append", [target_name, "current-input-character"]) => {
                format!("self.append_input({}, input, start, self.pos);", target(target_name, &origin)?)
            }
            _ => {
                return Err(format!(
                    "{origin}: the anything-else entry of {} is not a single append or emit",
                    state.key
                ))
            }
        };
        let mut stop: Vec<u8> = state.cases.iter().flat_map(|c| c.matchers.iter().flat_map(Matcher::bytes)).collect();
        stop.sort_unstable();
        stop.dedup();
        let find = match stop[..] {
            [a] => format!("find1({}, rest)", byte_literal(a)),
            [a, b] => format!("find2({}, {}, rest)", byte_literal(a), byte_literal(b)),
            [a, b, c] => {
                format!("find3({}, {}, {}, rest)", byte_literal(a), byte_literal(b), byte_literal(c))
            }
            _ => {
                let table = format!("STOP_{}", method(&state.key).to_uppercase());
                let mut flags = [false; 256];
                for &b in &stop {
                    flags[usize::from(b)] = true;
                }
                // Once per state, whatever its copies per tag kind.
                if !self.tables.contains(&format!("static {table}:")) {
                    let key = state.key.replace('-', " ");
                    let _ = writeln!(self.tables, "/// The bytes that end a bulk run of the {key}.");
                    let _ = writeln!(self.tables, "static {table}: [bool; 256] = [");
                    for row in flags.chunks(16) {
                        let items: Vec<&str> = row.iter().map(|&f| if f { "true" } else { "false" }).collect();
                        let _ = writeln!(self.tables, "    {},", items.join(", "));
                    }
                    let _ = writeln!(self.tables, "];\n");
                }
                // `find_run_end` flags the bytes up to U+0020, the ASCII
                // upper-case letters if any of them stops the run, and the
                // other stop bytes one by one: a superset of the table by
                // construction. A flagged byte that is no stop ends the run
                // early and takes the anything-else entry through the match
                // below, as the bulk run would have.
                let upper = stop.iter().any(u8::is_ascii_uppercase);
                let extra: Vec<String> = stop
                    .iter()
                    .filter(|&&b| b > 0x20 && !(upper && b.is_ascii_uppercase()))
                    .map(|&b| byte_literal(b))
                    .collect();
                format!("find_run_end(rest, &{table}, {upper}, [{}])", extra.join(", "))
            }
        };
        self.line(2, &format!("// Fast path ({origin}): a run of characters that all take the"));
        self.line(2, "// \"anything else\" entry is consumed at once.");
        self.line(2, "let rest = &input.as_bytes()[self.pos..];");
        self.line(2, &format!("let run = {find}.unwrap_or(rest.len());"));
        if action.verb == "emit" {
            // Emitted even when empty (`emit_input_run` keeps an empty run
            // as an empty pending span): a test of `run > 0` here is a coin
            // toss on pages that mix tags with and without text between them.
            self.line(2, "// An empty run too: `emit_input_run` takes it without a test of its own.");
            self.line(2, "let start = self.pos;");
            self.line(2, "self.pos += run;");
            self.line(2, &bulk);
            return Ok(());
        }
        self.line(2, "if run > 0 {");
        self.line(3, "let start = self.pos;");
        self.line(3, "self.pos += run;");
        self.line(3, &bulk);
        self.line(2, "}");
        Ok(())
    }

    /// `first-bytes.txt`: the state's case for one (ASCII) byte runs behind a
    /// test of its own, before the consume and the `match`, which the compiler would otherwise
    /// make one indirect jump over every case (a jump table), mispredicted
    /// whenever the byte's case differs from the last one's. The case is the
    /// one the `match` below would take for the byte (the first row in spec
    /// order that matches it), so this cannot change what the state does.
    fn first_byte(&mut self, state: &StateDef) -> Result<()> {
        let Some((_, byte, line)) = self.machine.first_bytes.iter().find(|(key, _, _)| *key == state.key) else {
            return Ok(());
        };
        let origin = format!("spec-data/tokenizer/first-bytes.txt:{line}");
        if !state.consumes_a_character() {
            return Err(format!("{origin}: {} consumes no character of its own", state.key));
        }
        let case = state
            .cases
            .iter()
            .find(|c| c.is_anything_else() || c.matchers.iter().any(|m| m.bytes().contains(byte)))
            .ok_or_else(|| format!("{origin}: no case of {} matches it", state.key))?
            .clone();
        let lookahead = state.cases.iter().flat_map(|c| &c.matchers).any(|m| match m {
            Matcher::Lookahead { text, .. } => text.as_bytes()[0].eq_ignore_ascii_case(byte),
            _ => false,
        });
        if case.condition.is_some() || lookahead {
            return Err(format!("{origin}: the case of {} for it has a condition or a lookahead", state.key));
        }
        // Tested on the input before `consume`, not on its result: a test of
        // the consumed byte right before the `match` would be folded into it.
        self.line(2, &format!("// First byte ({origin}): tested before the match."));
        self.line(2, &format!("if input.as_bytes().get(self.pos) == Some(&{}) {{", byte_literal(*byte)));
        self.line(3, "self.cur_start = self.pos;");
        self.line(3, "self.pos += 1;");
        self.line(3, &format!("// {}", case.origin()));
        self.enter_case(&case);
        self.actions(state, Some(&case), &case.actions, 3, &case.origin())?;
        match chained_target(self.machine, state, &case) {
            Some((to, line)) => {
                self.line(3, &format!("// Chained (spec-data/tokenizer/chained.txt:{line}): runs in this step."));
                let call = self.chained_call(to);
                self.line(3, &call);
            }
            None => self.line(3, "return Step::Continue;"),
        }
        self.line(2, "}");
        Ok(())
    }

    /// Whether the one action of `case` is to ignore the character.
    fn only_ignores(case: &Case) -> bool {
        case.condition.is_none() && case.actions.len() == 1 && case.actions[0].verb == "ignore"
    }

    /// The driver loop: the hot states (`hot-loop.txt`) behind a test each,
    /// in the overlay's order, then the others through `step`.
    fn run_states(&mut self) -> Result<()> {
        let machine = self.machine;
        let mut hot = Vec::new();
        for (key, line) in &machine.hot_loop {
            let origin = format!("spec-data/tokenizer/hot-loop.txt:{line}");
            hot.push((self.state_variant(key, &origin)?, method(key), format!("[#{key}] ({origin})")));
        }
        self.line(1, "/// Runs the state machine until it needs input that has not been fed,");
        self.line(1, "/// is paused or is done.");
        self.line(1, "///");
        self.line(1, "/// The states of `spec-data/tokenizer/hot-loop.txt` run first, each behind");
        self.line(1, "/// a test of its own, in the order that pages go through them: a branch");
        self.line(1, "/// per state, which a predictor learns from the branches before it,");
        self.line(1, "/// where a `match` over every state is one indirect jump that mispredicts");
        self.line(1, "/// whenever the state differs from the last one's. The other states go");
        self.line(1, "/// through `step`.");
        self.line(1, "#[inline]");
        self.line(1, "pub(crate) fn run_states(&mut self, input: &str) {");
        self.line(2, "if self.halted() {");
        self.line(3, "return;");
        self.line(2, "}");
        self.line(2, "loop {");
        for (at, (variant, method, origin)) in hot.iter().enumerate() {
            self.line(3, &format!("// {origin}"));
            // The first state runs again at once while its step leaves the
            // tokenizer in it (text and a tag without attributes, whose
            // states are chained into the data state's step), rather than
            // through the other states' tests first.
            if at == 0 {
                self.line(3, "// The first hot state: again while its step leaves the tokenizer in it.");
                self.line(3, &format!("while {variant} == self.state {{"));
                self.line(4, &format!("if self.{method}(input) == Step::NeedMore || self.halted() {{"));
                self.line(5, "return;");
                self.line(4, "}");
                self.line(3, "}");
                continue;
            }
            self.line(
                3,
                &format!("if {variant} == self.state && (self.{method}(input) == Step::NeedMore || self.halted()) {{"),
            );
            self.line(4, "return;");
            self.line(3, "}");
        }
        let step = "self.step(input) == Step::NeedMore || self.halted()";
        if hot.is_empty() {
            self.line(3, &format!("if {step} {{"));
        } else {
            let names: Vec<&str> = hot.iter().map(|(variant, _, _)| variant.as_str()).collect();
            self.line(3, &format!("if !matches!(self.state, {}) && ({step}) {{", names.join(" | ")));
        }
        self.line(4, "return;");
        self.line(3, "}");
        self.line(2, "}");
        self.line(1, "}");
        Ok(())
    }

    /// The method of `state`'s step; for a known tag `kind`, the copy that
    /// a chained case which knows it runs.
    fn state_fn(&mut self, state: &StateDef, kind: TagKind) -> Result<()> {
        self.state_kind = kind;
        self.kind = kind;
        self.line(1, &format!("/// Spec: <{SPEC_URL}#{}>", state.key));
        match kind {
            TagKind::Unknown => {}
            TagKind::Start | TagKind::End => {
                let kind = if kind == TagKind::Start { "start" } else { "end" };
                self.line(1, "///");
                self.line(1, &format!("/// Its copy for a {kind} tag token, run by a chained case that knows the"));
                self.line(1, "/// token's kind: the tag is emitted without a test of the kind.");
            }
        }
        self.line(1, &format!("// {}", state.origin()));
        let out_of_line = self.machine.out_of_line.iter().find(|(key, _)| *key == state.key);
        if let Some((_, line)) = self.machine.chained.iter().find(|(key, _)| *key == state.key) {
            self.line(1, &format!("// Chained: spec-data/tokenizer/chained.txt:{line}."));
            // A chained state that is also out of line is called directly
            // (a call the predictor follows) instead of copied into each
            // state that switches to it.
            if out_of_line.is_none() {
                self.line(1, "#[inline(always)]");
            }
        }
        if let Some((_, line)) = out_of_line {
            self.line(1, &format!("// Out of line: spec-data/tokenizer/out-of-line.txt:{line}."));
            self.line(1, "#[inline(never)]");
        }
        self.line(1, &format!("fn {}{}(&mut self, input: &str) -> Step {{", method(&state.key), kind.suffix()));
        let consumes = state.consumes_a_character();
        if let Some((_, line)) = self.machine.fast_paths.iter().find(|(key, _)| *key == state.key) {
            self.fast_path(state, *line)?;
        }
        // `ignored-runs.txt`: the state's step goes on with the next character
        // after one it ignores (a loop around the consume and the match).
        let stays = match self.machine.ignored_runs.iter().find(|(key, _)| *key == state.key) {
            Some((_, line)) => {
                let origin = format!("spec-data/tokenizer/ignored-runs.txt:{line}");
                if !consumes || !state.cases.iter().any(Self::only_ignores) {
                    return Err(format!("{origin}: {} ignores no character", state.key));
                }
                self.line(2, &format!("// Ignored runs ({origin}): the step goes on after an ignored character."));
                self.line(2, "loop {");
                self.base = 1;
                true
            }
            None => false,
        };
        if consumes {
            self.first_byte(state)?;
            self.line(2, "let Some(c) = self.consume(input) else { return Step::NeedMore };");
            // Lookahead rows start with the current input character; they
            // must not overlap the single-character rows before them.
            for case in &state.cases {
                for m in &case.matchers {
                    if let Matcher::Lookahead { text, .. } = m {
                        let first = text.as_bytes()[0];
                        let overlaps = state.cases.iter().take_while(|c| c.line < case.line).any(|c| {
                            c.matchers.iter().flat_map(Matcher::bytes).any(|b| b.eq_ignore_ascii_case(&first))
                        });
                        if overlaps {
                            return Err(format!("{}: lookahead overlaps an earlier row", case.origin()));
                        }
                    }
                }
            }
            self.lookahead_groups(state, true)?;
            self.line(2, "match c {");
            let mut has_default = false;
            for case in &state.cases {
                if case.matchers.iter().any(Matcher::is_lookahead) {
                    continue;
                }
                let mut patterns: Vec<String> = Vec::new();
                let mut bytes: Vec<String> = Vec::new();
                for m in &case.matchers {
                    match m {
                        Matcher::Char(b) => bytes.push(byte_literal(*b)),
                        Matcher::Class(class) => bytes.push(class_pattern(*class).to_string()),
                        Matcher::Eof => patterns.push("Consumed::Eof".into()),
                        Matcher::AnythingElse => patterns.push("_".into()),
                        other => return Err(format!("{}: {other:?} in a state that consumes", case.origin())),
                    }
                }
                if !bytes.is_empty() {
                    patterns.insert(0, format!("Consumed::Byte({})", bytes.join(" | ")));
                }
                if case.is_anything_else() {
                    if patterns.len() > 1 || case.condition.is_some() {
                        return Err(format!("{}: anything-else stands alone", case.origin()));
                    }
                    has_default = true;
                }
                let guard = self.condition(case)?.map(|c| format!(" if {c}")).unwrap_or_default();
                self.line(3, &format!("// {}", case.origin()));
                self.line(3, &format!("{}{guard} => {{", patterns.join(" | ")));
                self.enter_case(case);
                self.actions(state, Some(case), &case.actions, 4, &case.origin())?;
                if stays && Self::only_ignores(case) {
                    self.line(4, "continue;");
                }
                if let Some((to, line)) = chained_target(self.machine, state, case) {
                    self.line(4, &format!("// Chained (spec-data/tokenizer/chained.txt:{line}): runs in this step."));
                    let call = self.chained_call(to);
                    self.line(4, &call);
                }
                self.line(3, "}");
            }
            if !has_default {
                return Err(format!("{}: a consuming state needs an anything-else entry", state.origin()));
            }
            self.line(2, "}");
            if stays {
                self.line(2, "break;");
                self.base = 0;
                self.line(2, "}");
            }
        } else {
            self.first_byte(state)?;
            self.line(2, "// This state consumes no \"current input character\" of its own.");
            self.line(2, "self.cur_start = self.pos;");
            self.lookahead_groups(state, false)?;
            let rest: Vec<&Case> =
                state.cases.iter().filter(|c| !c.matchers.iter().any(Matcher::is_lookahead)).collect();
            let [case] = rest[..] else {
                return Err(format!("{}: expected one anything-else or always entry", state.origin()));
            };
            let case = case.clone();
            self.line(2, &format!("// {}", case.origin()));
            self.enter_case(&case);
            self.actions(state, Some(&case), &case.actions, 2, &case.origin())?;
        }
        self.line(2, "Step::Continue");
        self.line(1, "}");
        Ok(())
    }
}

/// The body of the generated module (after the `@generated` header).
pub fn module(machine: &Machine) -> Result<String> {
    check_chains_acyclic(machine)?;
    let mut gen = Gen {
        machine,
        out: String::new(),
        tables: String::new(),
        base: 0,
        kind: TagKind::Unknown,
        state_kind: TagKind::Unknown,
        variants: Vec::new(),
    };
    gen.out.push_str(
        "//! The tokenizer state machine: every state of the spec with its cases\n\
         //! in spec order, compiled from `spec-data/tokenizer/*.states`. The verbs\n\
         //! the arms call are hand-written in `crate::tokenizer::machine`.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>\n\n\
         use crate::byte_search::{find1, find2, find3, find_run_end};\n\
         use crate::generated::parse_errors::ParseErrorCode;\n\
         use crate::tokenizer::machine::{Consumed, Look, Step, Target, Tokenizer};\n\
         use crate::tokenizer::TokenSink;\n\n",
    );
    gen.line(0, "/// A state of the tokenizer, named as the spec names it.");
    gen.line(0, "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]");
    // The standard adds states (the processing instruction ones in 2026).
    gen.line(0, "#[non_exhaustive]");
    gen.line(0, "pub enum State {");
    for state in &machine.states {
        gen.line(1, &format!("/// Spec: <{SPEC_URL}#{}>", state.key));
        gen.line(1, &format!("{},", variant(&state.key)));
    }
    gen.line(0, "}");
    gen.line(0, "");
    gen.line(0, "impl State {");
    gen.line(1, "/// Every state, in spec order.");
    gen.line(1, &format!("pub const ALL: [State; {}] = [", machine.states.len()));
    for state in &machine.states {
        gen.line(2, &format!("State::{},", variant(&state.key)));
    }
    gen.line(1, "];");
    gen.line(0, "");
    gen.line(1, "/// The spec's anchor id of the state, e.g. `\"data-state\"`.");
    gen.line(1, "pub const fn anchor(self) -> &'static str {");
    gen.line(2, "match self {");
    for state in &machine.states {
        gen.line(3, &format!("State::{} => \"{}\",", variant(&state.key), state.key));
    }
    gen.line(2, "}");
    gen.line(1, "}");
    gen.line(0, "}");
    gen.line(0, "");
    gen.line(0, "impl<S: TokenSink> Tokenizer<S> {");
    gen.run_states()?;
    gen.line(0, "");
    gen.line(1, "/// Runs one step of the current state, unless it is one of the states");
    gen.line(1, "/// that `run_states` runs itself (`spec-data/tokenizer/hot-loop.txt`):");
    gen.line(1, "/// then it returns at once, and `run_states` takes the step.");
    gen.line(1, "#[inline]");
    gen.line(1, "fn step(&mut self, input: &str) -> Step {");
    gen.line(2, "match self.state {");
    for state in &machine.states {
        if let Some((_, line)) = machine.hot_loop.iter().find(|(key, _)| *key == state.key) {
            gen.line(3, &format!("// Run by `run_states` (spec-data/tokenizer/hot-loop.txt:{line})."));
            gen.line(3, &format!("State::{} => Step::Continue,", variant(&state.key)));
        } else {
            gen.line(3, &format!("State::{} => self.{}(input),", variant(&state.key), method(&state.key)));
        }
    }
    gen.line(2, "}");
    gen.line(1, "}");
    for state in &machine.states {
        gen.line(0, "");
        gen.state_fn(state, TagKind::Unknown)?;
    }
    // The copies per known tag kind, as the chained calls found them (a copy
    // may find more).
    let mut done = 0;
    while done < gen.variants.len() {
        let (key, kind) = gen.variants[done].clone();
        let state = machine.state(&key).ok_or_else(|| format!("no state {key}"))?;
        gen.line(0, "");
        gen.state_fn(state, kind)?;
        done += 1;
    }
    gen.line(0, "}");
    if !gen.tables.is_empty() {
        gen.out.push('\n');
        let tables = std::mem::take(&mut gen.tables);
        gen.out.push_str(tables.trim_end());
        gen.out.push('\n');
    }
    Ok(gen.out)
}
