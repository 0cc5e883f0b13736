//! Reading WPT's sanitizer tests (`tests/wpt-sanitizer/`, vendored
//! unconverted): the html5lib-format `.sub.dat` files and the
//! `<script type="html5lib-testcases">` blocks of the `.html` files, read
//! as WPT's `support/html5lib-testcase-support.js` reads them: a line
//! `#name` opens a section, the next lines are its text, an empty line
//! ends the test case.

use std::path::{Path, PathBuf};

/// The vendored directory.
pub fn wpt_sanitizer_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("wpt-sanitizer")
}

/// WPT's `{{host}}` substitution of `.sub` files: any host does, since
/// it appears the same in the input and the expectation.
pub const HOST: &str = "web-platform.test";

/// One test case: its sections (`data`, `config`, `document`,
/// `document-fragment`, `error`, `method`, `description`…), in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SanitizerCase {
    pub sections: Vec<(String, String)>,
}

impl SanitizerCase {
    /// The text of section `name`, if the case has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.sections.iter().find(|(key, _)| key == name).map(|(_, text)| text.as_str())
    }
}

/// `parse_html5lib_testcases`: the cases of `text`.
pub fn parse_cases(text: &str) -> Vec<SanitizerCase> {
    let mut cases = Vec::new();
    let mut current = SanitizerCase::default();
    let mut in_section = false;
    // Whether the open section has a line yet (its lines are joined with `\n`).
    let mut has_line = false;
    for line in text.split('\n') {
        if line.is_empty() {
            if !current.sections.is_empty() {
                cases.push(std::mem::take(&mut current));
            }
            in_section = false;
        } else if let Some(name) = line.strip_prefix('#') {
            // A repeated section starts again, as the script's
            // `current[state] = []` does.
            current.sections.retain(|(key, _)| key != name);
            current.sections.push((name.to_string(), String::new()));
            in_section = true;
            has_line = false;
        } else if in_section {
            let (_, text) = current.sections.last_mut().expect("a section is open");
            if has_line {
                text.push('\n');
            }
            text.push_str(line);
            has_line = true;
        }
    }
    if !current.sections.is_empty() {
        cases.push(current);
    }
    cases
}

/// The `<script id="…" type="html5lib-testcases">` blocks of an `.html`
/// file: (id, text).
pub fn html5lib_blocks(html: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<script id=\"") {
        let tag_end = match rest[at..].find('>') {
            Some(end) => at + end,
            None => break,
        };
        let tag = &rest[at..tag_end];
        let after = &rest[tag_end + 1..];
        let Some(close) = after.find("</script>") else { break };
        if tag.contains("type=\"html5lib-testcases\"") {
            let id = tag["<script id=\"".len()..].split('"').next().unwrap_or_default().to_string();
            blocks.push((id, after[..close].to_string()));
        }
        rest = &after[close..];
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_and_cases() {
        let cases = parse_cases("#data\n<b>x\n#config\n{}\n#document\n| <b>\n|   \"x\"\n\n#data\ny\n#document\n");
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].get("document"), Some("| <b>\n|   \"x\""));
        assert_eq!(cases[1].get("document"), Some(""));
    }

    #[test]
    fn blocks_of_an_html_file() {
        let html = "<script id=\"a\" type=\"html5lib-testcases\">\n#data\nx\n</script><script>code</script>";
        assert_eq!(html5lib_blocks(html), [("a".to_string(), "\n#data\nx\n".to_string())]);
    }
}

/// A value of `support/testcases.sub.js`'s array: JSON's values plus
/// JavaScript's `undefined`.
#[derive(Debug, Clone, PartialEq)]
pub enum JsValue {
    Undefined,
    Json(serde_json::Value),
}

impl JsValue {
    /// ECMAScript's ToString, as `setHTML`'s `DOMString` argument converts it.
    pub fn to_dom_string(&self) -> String {
        match self {
            JsValue::Undefined => "undefined".into(),
            JsValue::Json(serde_json::Value::String(s)) => s.clone(),
            JsValue::Json(serde_json::Value::Object(_)) => "[object Object]".into(),
            JsValue::Json(serde_json::Value::Null) => "null".into(),
            JsValue::Json(other) => other.to_string(),
        }
    }
}

/// One entry of `testcases.sub.js`: its members (`config_input`, `value`,
/// `result`, `message`).
pub type JsCase = Vec<(String, JsValue)>;

/// Reads the array literal of `testcases.sub.js` (`const testcases = [ … ];`):
/// object literals with bare or quoted keys, strings in `"…"` or `` `…` ``,
/// numbers (`000` is 0) and their sums (`1+2`), `undefined`, `null`,
/// booleans, `//` comments.
pub fn parse_js_testcases(text: &str) -> Result<Vec<JsCase>, String> {
    let start = text.find('[').ok_or("no array")?;
    let mut reader = JsReader { text, at: start };
    let JsValue::Json(serde_json::Value::Array(items)) = reader.value()? else { return Err("not an array".into()) };
    items
        .into_iter()
        .map(|item| match item {
            serde_json::Value::Object(map) => Ok(map
                .into_iter()
                .map(|(key, value)| {
                    let value =
                        if value.as_str() == Some(UNDEFINED) { JsValue::Undefined } else { JsValue::Json(value) };
                    (key, value)
                })
                .collect()),
            other => Err(format!("not an object: {other}")),
        })
        .collect()
}

/// How `undefined` is held inside the JSON tree while reading (a string no
/// test uses).
const UNDEFINED: &str = "\u{0}undefined";

struct JsReader<'a> {
    text: &'a str,
    at: usize,
}

impl JsReader<'_> {
    fn skip_space(&mut self) {
        loop {
            let rest = &self.text[self.at..];
            let trimmed = rest.trim_start();
            self.at += rest.len() - trimmed.len();
            if trimmed.starts_with("//") {
                self.at += trimmed.find('\n').unwrap_or(trimmed.len());
            } else {
                return;
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.at..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<JsValue, String> {
        let first = self.primary()?;
        if self.eat('+') {
            let second = self.primary()?;
            return match (first, second) {
                (JsValue::Json(serde_json::Value::Number(a)), JsValue::Json(serde_json::Value::Number(b))) => {
                    match (a.as_u64(), b.as_u64()) {
                        (Some(a), Some(b)) => Ok(JsValue::Json(a.saturating_add(b).into())),
                        _ => Err("`+` of non-integers".into()),
                    }
                }
                _ => Err("`+` of non-numbers".into()),
            };
        }
        Ok(first)
    }

    fn json(&mut self) -> Result<serde_json::Value, String> {
        Ok(match self.value()? {
            JsValue::Undefined => serde_json::Value::String(UNDEFINED.into()),
            JsValue::Json(value) => value,
        })
    }

    fn primary(&mut self) -> Result<JsValue, String> {
        let c = self.peek().ok_or("unexpected end")?;
        match c {
            '{' => {
                self.at += 1;
                let mut map = serde_json::Map::new();
                while !self.eat('}') {
                    let key = match self.peek() {
                        Some('"') => self.string('"')?,
                        _ => self.word(),
                    };
                    if !self.eat(':') {
                        return Err(format!("no `:` after {key}"));
                    }
                    let value = self.json()?;
                    map.insert(key, value);
                    self.eat(',');
                }
                Ok(JsValue::Json(serde_json::Value::Object(map)))
            }
            '[' => {
                self.at += 1;
                let mut items = Vec::new();
                while !self.eat(']') {
                    items.push(self.json()?);
                    self.eat(',');
                }
                Ok(JsValue::Json(serde_json::Value::Array(items)))
            }
            '"' | '`' => Ok(JsValue::Json(self.string(c)?.into())),
            _ => {
                let word = self.word();
                match word.as_str() {
                    "undefined" => Ok(JsValue::Undefined),
                    "null" => Ok(JsValue::Json(serde_json::Value::Null)),
                    "true" => Ok(JsValue::Json(true.into())),
                    "false" => Ok(JsValue::Json(false.into())),
                    number => number
                        .parse::<u64>()
                        .map(|n| JsValue::Json(n.into()))
                        .map_err(|_| format!("cannot read `{number}`")),
                }
            }
        }
    }

    fn word(&mut self) -> String {
        self.skip_space();
        let rest = &self.text[self.at..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')).unwrap_or(rest.len());
        self.at += end;
        rest[..end].to_string()
    }

    /// A string literal opened by `quote` (backquoted strings hold no
    /// substitution here).
    fn string(&mut self, quote: char) -> Result<String, String> {
        self.skip_space();
        self.at += 1;
        let mut out = String::new();
        let mut chars = self.text[self.at..].char_indices();
        while let Some((offset, c)) = chars.next() {
            if c == quote {
                self.at += offset + 1;
                return Ok(out);
            }
            if c == '\\' {
                match chars.next().map(|(_, e)| e) {
                    Some('n') => out.push('\n'),
                    Some(escaped) => out.push(escaped),
                    None => break,
                }
            } else {
                out.push(c);
            }
        }
        Err("an unterminated string".into())
    }
}
