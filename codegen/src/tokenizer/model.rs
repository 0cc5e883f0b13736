//! The tokenizer state machine as read from `spec-data/tokenizer/*.states`.
//!
//! Row grammar (see `spec-data/tokenizer/README.md`):
//! `MATCHERS [when CONDITION] -> ACTION; ACTION; …`

use crate::{Context, DataFile, Result};

/// The state files, in spec order of their first state.
pub const STATE_FILES: &[&str] = &[
    "tokenizer/data.states",
    "tokenizer/attributes.states",
    "tokenizer/comments.states",
    "tokenizer/doctype.states",
    "tokenizer/processing-instructions.states",
    "tokenizer/character-references.states",
];

/// The performance overlay: which states consume runs in bulk.
pub const FAST_PATH_FILE: &str = "tokenizer/fast-paths.txt";

/// The performance overlay: which states stay out of line.
pub const OUT_OF_LINE_FILE: &str = "tokenizer/out-of-line.txt";

/// The performance overlay: which states run in the step that switches to them.
pub const CHAINED_FILE: &str = "tokenizer/chained.txt";

/// The performance overlay: which states skip the characters they ignore in bulk.
pub const IGNORED_RUNS_FILE: &str = "tokenizer/ignored-runs.txt";

/// The performance overlay: which states the driver loop tests first, in order.
pub const HOT_LOOP_FILE: &str = "tokenizer/hot-loop.txt";

/// The performance overlay: the byte a state's step tests before its match.
pub const FIRST_BYTES_FILE: &str = "tokenizer/first-bytes.txt";

/// A character class of the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    AsciiAlpha,
    AsciiUpperAlpha,
    AsciiLowerAlpha,
    AsciiDigit,
    AsciiUpperHexDigit,
    AsciiLowerHexDigit,
    AsciiHexDigit,
    AsciiAlphanumeric,
    /// U+0009 U+000A U+000C U+0020 (the spec lists them one by one).
    Whitespace,
}

impl Class {
    pub fn from_name(name: &str) -> Option<Class> {
        Some(match name {
            "ascii-alpha" => Class::AsciiAlpha,
            "ascii-upper-alpha" => Class::AsciiUpperAlpha,
            "ascii-lower-alpha" => Class::AsciiLowerAlpha,
            "ascii-digit" => Class::AsciiDigit,
            "ascii-upper-hex-digit" => Class::AsciiUpperHexDigit,
            "ascii-lower-hex-digit" => Class::AsciiLowerHexDigit,
            "ascii-hex-digit" => Class::AsciiHexDigit,
            "ascii-alphanumeric" => Class::AsciiAlphanumeric,
            "whitespace" => Class::Whitespace,
            _ => return None,
        })
    }

    /// Whether the class contains the ASCII byte `b`.
    pub fn contains(self, b: u8) -> bool {
        match self {
            Class::AsciiAlpha => b.is_ascii_alphabetic(),
            Class::AsciiUpperAlpha => b.is_ascii_uppercase(),
            Class::AsciiLowerAlpha => b.is_ascii_lowercase(),
            Class::AsciiDigit => b.is_ascii_digit(),
            Class::AsciiUpperHexDigit => matches!(b, b'A'..=b'F'),
            Class::AsciiLowerHexDigit => matches!(b, b'a'..=b'f'),
            Class::AsciiHexDigit => b.is_ascii_hexdigit(),
            Class::AsciiAlphanumeric => b.is_ascii_alphanumeric(),
            Class::Whitespace => matches!(b, b'\t' | b'\n' | 0x0C | b' '),
        }
    }
}

/// What a row matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Matcher {
    /// One ASCII character (every character the spec names is ASCII).
    Char(u8),
    Class(Class),
    Eof,
    /// The next few characters, exactly (`"--"`) or ASCII
    /// case-insensitively (`ci"DOCTYPE"`).
    Lookahead {
        text: String,
        case_insensitive: bool,
    },
    /// The longest name of the named character references table.
    NamedCharacterReference,
    /// States that consume nothing and have a single entry.
    Always,
    AnythingElse,
}

impl Matcher {
    pub fn is_lookahead(&self) -> bool {
        matches!(self, Matcher::Lookahead { .. } | Matcher::NamedCharacterReference)
    }

    /// The bytes a single-character matcher matches.
    pub fn bytes(&self) -> Vec<u8> {
        match self {
            Matcher::Char(b) => vec![*b],
            Matcher::Class(class) => (0u8..0x80).filter(|&b| class.contains(b)).collect(),
            _ => Vec::new(),
        }
    }
}

/// One action: a spec verb and its arguments; a parse error is the verb
/// `!` with the code as its argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub verb: String,
    pub args: Vec<String>,
}

impl Action {
    pub fn is_error(&self) -> bool {
        self.verb == "!"
    }

    /// The parse error codes the action raises (`!code`, or arguments
    /// written `!code` of a verb that may raise them).
    pub fn error_codes(&self) -> Vec<&str> {
        if self.is_error() {
            return self.args.iter().map(String::as_str).collect();
        }
        self.args.iter().filter_map(|a| a.strip_prefix('!')).collect()
    }

    /// The state the action switches to, if it names one.
    pub fn target_state(&self) -> Option<&str> {
        match self.verb.as_str() {
            "switch" | "reconsume" => self.args.first().map(String::as_str),
            _ => None,
        }
    }

    /// The states the action names (targets and return states).
    pub fn named_states(&self) -> Vec<&str> {
        match self.verb.as_str() {
            "switch" | "reconsume" | "set-return-state" => self.args.iter().map(String::as_str).collect(),
            _ => Vec::new(),
        }
    }
}

/// One case of a state: a row of the data.
#[derive(Debug, Clone)]
pub struct Case {
    pub file: String,
    pub line: usize,
    pub matchers: Vec<Matcher>,
    pub condition: Option<String>,
    pub actions: Vec<Action>,
}

impl Case {
    pub fn origin(&self) -> String {
        format!("spec-data/{}:{}", self.file, self.line)
    }

    pub fn is_anything_else(&self) -> bool {
        self.matchers.contains(&Matcher::AnythingElse)
    }
}

/// One tokenizer state.
#[derive(Debug, Clone)]
pub struct StateDef {
    /// The spec's anchor id, e.g. `attribute-name-state`.
    pub key: String,
    pub file: String,
    pub line: usize,
    pub cases: Vec<Case>,
    pub on_enter: Vec<Action>,
    pub on_leave: Vec<Action>,
}

impl StateDef {
    pub fn origin(&self) -> String {
        format!("spec-data/{}:{}", self.file, self.line)
    }

    /// Whether the state consumes one input character per step (it has a
    /// character, class or EOF case); the others look ahead or consume
    /// nothing.
    pub fn consumes_a_character(&self) -> bool {
        self.cases
            .iter()
            .flat_map(|c| &c.matchers)
            .any(|m| matches!(m, Matcher::Char(_) | Matcher::Class(_) | Matcher::Eof))
    }

    pub fn has_eof_case(&self) -> bool {
        self.cases.iter().any(|c| c.matchers.contains(&Matcher::Eof))
    }

    pub fn anything_else(&self) -> Option<&Case> {
        self.cases.iter().find(|c| c.is_anything_else())
    }
}

/// The whole machine.
#[derive(Debug, Clone)]
pub struct Machine {
    pub states: Vec<StateDef>,
    /// States whose runs of "anything else" are consumed in bulk.
    pub fast_paths: Vec<(String, usize)>,
    /// The states compiled `#[inline(never)]`, with their overlay lines.
    pub out_of_line: Vec<(String, usize)>,
    /// The states run in the same step by a case that switches to them,
    /// with their overlay lines.
    pub chained: Vec<(String, usize)>,
    /// The states that skip a run of the characters they ignore at once,
    /// with their overlay lines.
    pub ignored_runs: Vec<(String, usize)>,
    /// The states the driver loop runs behind tests of their own, in the
    /// order of the overlay, with their overlay lines.
    pub hot_loop: Vec<(String, usize)>,
    /// A state and the byte its step tests before its match (written
    /// `U+XXXX` in the overlay), with the overlay line.
    pub first_bytes: Vec<(String, u8, usize)>,
    pub provenance: String,
}

impl Machine {
    pub fn state(&self, key: &str) -> Option<&StateDef> {
        self.states.iter().find(|s| s.key == key)
    }
}

fn parse_matchers(text: &str, origin: &str) -> Result<Vec<Matcher>> {
    let mut out = Vec::new();
    for field in text.split_whitespace() {
        let matcher = if let Some(hex) = field.strip_prefix("U+") {
            let value = u32::from_str_radix(hex, 16).map_err(|_| format!("{origin}: bad character {field}"))?;
            let byte = u8::try_from(value)
                .ok()
                .filter(u8::is_ascii)
                .ok_or_else(|| format!("{origin}: {field} is not ASCII (non-ASCII is always anything-else)"))?;
            Matcher::Char(byte)
        } else if let Some(quoted) = field.strip_prefix("ci\"").and_then(|s| s.strip_suffix('"')) {
            Matcher::Lookahead { text: quoted.to_string(), case_insensitive: true }
        } else if let Some(quoted) = field.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            Matcher::Lookahead { text: quoted.to_string(), case_insensitive: false }
        } else {
            match field {
                "EOF" => Matcher::Eof,
                "anything-else" => Matcher::AnythingElse,
                "always" => Matcher::Always,
                "named-character-reference" => Matcher::NamedCharacterReference,
                other => {
                    Matcher::Class(Class::from_name(other).ok_or_else(|| format!("{origin}: unknown matcher {other}"))?)
                }
            }
        };
        out.push(matcher);
    }
    if out.is_empty() {
        return Err(format!("{origin}: a row needs at least one matcher"));
    }
    Ok(out)
}

fn parse_actions(text: &str, origin: &str) -> Result<Vec<Action>> {
    let mut out = Vec::new();
    for part in text.split(';') {
        let mut fields = part.split_whitespace();
        let Some(first) = fields.next() else {
            return Err(format!("{origin}: empty action"));
        };
        let rest: Vec<String> = fields.map(str::to_string).collect();
        if let Some(code) = first.strip_prefix('!') {
            if !rest.is_empty() || code.is_empty() {
                return Err(format!("{origin}: a parse error is written `!code`"));
            }
            out.push(Action { verb: "!".into(), args: vec![code.to_string()] });
        } else {
            out.push(Action { verb: first.to_string(), args: rest });
        }
    }
    Ok(out)
}

/// Reads every state file and the fast-path overlay.
pub fn load(ctx: &Context) -> Result<Machine> {
    let mut states: Vec<StateDef> = Vec::new();
    let mut provenance = String::new();
    for name in STATE_FILES {
        let file: DataFile = ctx.load(name)?;
        // The `[state]` header lines, for the origin comments of the states.
        let path = ctx.spec_data_dir().join(name);
        let raw = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let header_line = |key: &str| raw.lines().position(|l| l.trim() == format!("[{key}]")).map(|i| i + 1);
        if provenance.is_empty() {
            provenance = file.provenance();
        }
        for row in &file.rows {
            let origin = row.origin(&file);
            if row.section.is_empty() {
                return Err(format!("{origin}: row outside a [state] section"));
            }
            if states.last().map(|s| s.key.as_str()) != Some(row.section.as_str()) {
                if states.iter().any(|s| s.key == row.section) {
                    return Err(format!("{origin}: state {} appears twice", row.section));
                }
                states.push(StateDef {
                    key: row.section.clone(),
                    file: file.name.clone(),
                    line: header_line(&row.section).unwrap_or(row.line),
                    cases: Vec::new(),
                    on_enter: Vec::new(),
                    on_leave: Vec::new(),
                });
            }
            let state = states.last_mut().expect("pushed above");
            let (left, right) =
                row.text.split_once("->").ok_or_else(|| format!("{origin}: expected `MATCHERS -> ACTIONS`"))?;
            let actions = parse_actions(right, &origin)?;
            match left.trim() {
                "on-enter" => state.on_enter.extend(actions),
                "on-leave" => state.on_leave.extend(actions),
                left => {
                    let (matchers, condition) = match left.split_once(" when ") {
                        Some((m, c)) => (m, Some(c.trim().to_string())),
                        None => (left, None),
                    };
                    state.cases.push(Case {
                        file: file.name.clone(),
                        line: row.line,
                        matchers: parse_matchers(matchers, &origin)?,
                        condition,
                        actions,
                    });
                }
            }
        }
    }
    let overlay = ctx.load(FAST_PATH_FILE)?;
    let fast_paths = overlay.rows.iter().map(|row| (row.text.clone(), row.line)).collect();
    let overlay = ctx.load(OUT_OF_LINE_FILE)?;
    let out_of_line = overlay.rows.iter().map(|row| (row.text.clone(), row.line)).collect();
    let overlay = ctx.load(CHAINED_FILE)?;
    let chained = overlay.rows.iter().map(|row| (row.text.clone(), row.line)).collect();
    let overlay = ctx.load(IGNORED_RUNS_FILE)?;
    let ignored_runs = overlay.rows.iter().map(|row| (row.text.clone(), row.line)).collect();
    let overlay = ctx.load(HOT_LOOP_FILE)?;
    let hot_loop = overlay.rows.iter().map(|row| (row.text.clone(), row.line)).collect();
    let overlay = ctx.load(FIRST_BYTES_FILE)?;
    let mut first_bytes = Vec::new();
    for row in &overlay.rows {
        let origin = format!("spec-data/{FIRST_BYTES_FILE}:{}", row.line);
        let (key, byte) = row.text.split_once(' ').ok_or_else(|| format!("{origin}: expected `STATE U+XXXX`"))?;
        let byte = byte
            .trim()
            .strip_prefix("U+")
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .filter(u8::is_ascii)
            .ok_or_else(|| format!("{origin}: expected an ASCII character as U+XXXX, got {byte}"))?;
        first_bytes.push((key.to_string(), byte, row.line));
    }
    Ok(Machine { states, fast_paths, out_of_line, chained, ignored_runs, hot_loop, first_bytes, provenance })
}
