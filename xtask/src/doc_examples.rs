//! `cargo xtask doc-examples [--json FILE]`: counts the public functions and
//! methods of the `htmlforge` crate with and without a doc example, and lists
//! the ones without.
//!
//! The public API is what rustdoc documents, so the count reads rustdoc's
//! JSON output rather than the sources: a `pub fn` in a private module that
//! nothing re-exports is not public, and a method of a re-exported type is.
//! The JSON output is unstable, so without `--json` the verb runs the nightly
//! toolchain's rustdoc (`cargo +nightly rustdoc -p htmlforge --lib -- -Z
//! unstable-options --output-format json`). Trait implementations' methods
//! (`fmt`, `from`, ...) are documented by their trait and are not counted.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use htmlforge_codegen::Context;
use serde_json::Value;

/// One public function or method: where it is and whether its docs hold an example.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PublicFn {
    pub file: String,
    pub line: u64,
    /// `Type::method`, or the function's path below the crate for a free function.
    pub name: String,
    pub has_example: bool,
}

impl PublicFn {
    /// Generated code gets examples only through codegen.
    pub fn is_generated(&self) -> bool {
        self.file.contains("/generated/")
    }
}

pub fn run(ctx: &Context, args: &[String]) -> Result<bool, String> {
    let json = match args {
        [] => rustdoc_json(ctx)?,
        [flag, file] if flag == "--json" => PathBuf::from(file),
        _ => return Err("usage: cargo xtask doc-examples [--json FILE]".into()),
    };
    let text = std::fs::read_to_string(&json).map_err(|e| format!("{}: {e}", json.display()))?;
    let crate_json: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", json.display()))?;
    let functions = public_functions(&crate_json)?;
    let without: Vec<&PublicFn> = functions.iter().filter(|f| !f.has_example).collect();
    for function in &without {
        println!("{}:{}  {}", function.file, function.line, function.name);
    }
    let generated = without.iter().filter(|f| f.is_generated()).count();
    println!(
        "{} public functions: {} with a doc example, {} without ({} of them in generated code)",
        functions.len(),
        functions.len() - without.len(),
        without.len(),
        generated
    );
    Ok(true)
}

/// Runs nightly rustdoc's JSON output on the crate; returns the file's path.
fn rustdoc_json(ctx: &Context) -> Result<PathBuf, String> {
    let status = Command::new("cargo")
        .current_dir(&ctx.root)
        // Without this, cargo would run the stable toolchain that runs xtask.
        .env_remove("RUSTUP_TOOLCHAIN")
        .args(["+nightly", "rustdoc", "--quiet", "--package", "htmlforge", "--lib", "--"])
        .args(["-Z", "unstable-options", "--output-format", "json"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("cargo +nightly rustdoc failed (is the nightly toolchain installed?)".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| ctx.root.join("target"), PathBuf::from);
    Ok(target.join("doc/htmlforge.json"))
}

/// The crate's public functions and inherent methods, sorted by file and line.
pub fn public_functions(crate_json: &Value) -> Result<Vec<PublicFn>, String> {
    let index = crate_json["index"].as_object().ok_or("no `index` in the JSON")?;
    let owners = inherent_method_owners(index);
    let mut functions = Vec::new();
    for (id, item) in index {
        let public = item["visibility"] == "public" && item["crate_id"] == 0;
        if !public || item["inner"].get("function").is_none() {
            continue;
        }
        let name = item["name"].as_str().unwrap_or_default();
        let name = match owners.get(id.as_str()) {
            Some(owner) => format!("{owner}::{name}"),
            None => crate_path(crate_json, id).unwrap_or_else(|| name.to_string()),
        };
        let span = &item["span"];
        functions.push(PublicFn {
            file: span["filename"].as_str().unwrap_or_default().to_string(),
            line: span["begin"][0].as_u64().unwrap_or_default(),
            name,
            has_example: has_example(item["docs"].as_str().unwrap_or_default()),
        });
    }
    functions.sort();
    Ok(functions)
}

/// Maps each method of an inherent `impl` block to the name of its type.
fn inherent_method_owners(index: &serde_json::Map<String, Value>) -> HashMap<String, String> {
    let mut owners = HashMap::new();
    for item in index.values() {
        let block = &item["inner"]["impl"];
        if !block.is_object() || !block["trait"].is_null() {
            continue;
        }
        let owner = block["for"]["resolved_path"]["path"].as_str().unwrap_or("?");
        for method in block["items"].as_array().into_iter().flatten() {
            owners.insert(method.to_string(), owner.to_string());
        }
    }
    owners
}

/// A free function's path below the crate root (`parse_document`, `select::Selector`).
fn crate_path(crate_json: &Value, id: &str) -> Option<String> {
    let path = crate_json["paths"][id]["path"].as_array()?;
    let names: Vec<&str> = path.iter().skip(1).filter_map(Value::as_str).collect();
    Some(names.join("::"))
}

/// Whether `docs` holds a fenced code block that rustdoc runs as Rust
/// (no language, or `rust` and rustdoc's attributes); a `text` or `html`
/// block shows output, not use.
fn has_example(docs: &str) -> bool {
    const NOT_RUST: &[&str] = &["text", "html", "json", "sh", "bash", "console", "python", "toml", "css", "xml"];
    let mut in_block = false;
    for line in docs.lines() {
        let Some(info) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        if in_block {
            in_block = false;
            continue;
        }
        in_block = true;
        let info = info.trim_start_matches('`');
        if info.split([',', ' ']).all(|word| !NOT_RUST.contains(&word.trim())) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn function(name: &str, visibility: &str, file: &str, line: u64, docs: &str) -> Value {
        json!({
            "crate_id": 0, "name": name, "visibility": visibility, "docs": docs,
            "span": {"filename": file, "begin": [line, 5]},
            "inner": {"function": {}},
        })
    }

    #[test]
    fn counts_public_functions_and_inherent_methods_with_and_without_an_example() {
        let mut foreign = function("from_str", "public", "src/lib.rs", 1, "");
        foreign["crate_id"] = json!(3);
        let crate_json = json!({
            "index": {
                "1": function("parse_document", "public", "parser/src/parse.rs", 10, "Parses.\n\n```\nlet d = 1;\n```"),
                "2": function("select", "public", "parser/src/dom/mod.rs", 40, "Selects.\n\n```text\n<p>\n```"),
                "3": function("fmt", "default", "parser/src/dom/mod.rs", 50, ""),
                "4": function("is_void", "public", "parser/src/generated/names.rs", 7, "Void."),
                "5": foreign,
                "6": {"crate_id": 0, "visibility": "default", "inner": {"impl": {
                    "trait": null, "for": {"resolved_path": {"path": "Document"}}, "items": [2, 9]}}},
                "7": {"crate_id": 0, "visibility": "default", "inner": {"impl": {
                    "trait": {"path": "Display"}, "for": {"resolved_path": {"path": "Document"}}, "items": [3]}}},
                "8": function("helper", "crate", "parser/src/parse.rs", 90, ""),
                "9": function("text", "public", "parser/src/dom/mod.rs", 60, "Text.\n\n```text\nout\n```\n\n```no_run\nlet t = 2;\n```"),
            },
            "paths": {"1": {"path": ["htmlforge", "parse_document"]}, "4": {"path": ["htmlforge", "vocab", "is_void"]}},
        });
        let functions = public_functions(&crate_json).unwrap();
        let summary: Vec<(&str, bool, bool)> =
            functions.iter().map(|f| (f.name.as_str(), f.has_example, f.is_generated())).collect();
        assert_eq!(
            summary,
            [
                ("Document::select", false, false),
                ("Document::text", true, false),
                ("vocab::is_void", false, true),
                ("parse_document", true, false),
            ]
        );
        assert_eq!((functions[0].file.as_str(), functions[0].line), ("parser/src/dom/mod.rs", 40));
    }

    #[test]
    fn an_unknown_option_is_refused() {
        let ctx = Context::new(crate::repo_root());
        let args = ["--html".to_string()];
        assert!(run(&ctx, &args).unwrap_err().contains("usage"));
    }
}
