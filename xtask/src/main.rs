//! `cargo xtask`: maintenance verbs of the htmlforge workspace.
//!
//! - `cargo xtask regen [--check]` writes every generated file from
//!   `spec-data/`; with `--check` it writes nothing and fails when a file is
//!   stale.
//! - `cargo xtask audit [--spec DIR]` checks spec-data for consistency and,
//!   with `--spec`, against the spec texts in DIR.
//! - `cargo xtask spec-rows TABLE --spec DIR` prints a table as extracted
//!   from the spec texts, in spec-data row form (to start or refresh a file).
//! - `cargo xtask bench [parse|tokenizer|select|interop|memory] [--with lexbor|lol_html]... [--corpus DIR]...
//!   [--iters N]` runs the benchmarks against html5ever (package `htmlforge-bench`) in release mode, and
//!   against lexbor and lol_html when asked.
//! - `cargo xtask callgrind [parse|tokenizer] [--corpus DIR]... [--with ENGINE]...` prints the
//!   instructions and simulated branch mispredicts of one pass over a corpus (valgrind's callgrind).
//! - `cargo xtask doc-examples [--json FILE]` counts the `htmlforge` crate's public functions with and
//!   without a doc example and lists the ones without (from nightly rustdoc's JSON output).

mod audit;
mod bench;
mod callgrind;
mod doc_examples;
mod engines;
mod regen;

use std::path::PathBuf;
use std::process::ExitCode;

use htmlforge_codegen::Context;

const USAGE: &str = "usage:
  cargo xtask regen [--check]
  cargo xtask audit [--spec DIR]
  cargo xtask spec-rows TABLE --spec DIR
  cargo xtask bench [parse|tokenizer|select|interop|memory] [--with lexbor|lol_html]... [--corpus DIR]... [--iters N]
  cargo xtask callgrind [parse|tokenizer] [--corpus DIR]... [--with html5ever|html5gum|lexbor|lol_html]...
  cargo xtask doc-examples [--json FILE]";

fn repo_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().expect("xtask sits one level below the repository root").to_path_buf()
}

/// Parses `--spec DIR` out of `args`.
fn spec_dir(args: &[String]) -> Result<Option<PathBuf>, String> {
    match args.iter().position(|a| a == "--spec") {
        None => Ok(None),
        Some(at) => match args.get(at + 1) {
            Some(dir) => Ok(Some(PathBuf::from(dir))),
            None => Err("--spec needs a directory".into()),
        },
    }
}

fn run(args: &[String]) -> Result<bool, String> {
    let ctx = Context::new(repo_root());
    let verb = args.first().map(String::as_str);
    let rest = &args[args.len().min(1)..];
    if verb == Some("bench") {
        // The benchmark binary checks its own arguments.
        return bench::run(&ctx, rest);
    }
    if verb == Some("callgrind") {
        return callgrind::run(&ctx, rest);
    }
    if verb == Some("doc-examples") {
        return doc_examples::run(&ctx, rest);
    }
    for arg in rest {
        let known = matches!(arg.as_str(), "--check" | "--spec") || !arg.starts_with("--");
        if !known {
            return Err(format!("unknown option {arg}\n{USAGE}"));
        }
    }
    match verb {
        Some("regen") => regen::run(&ctx, rest.iter().any(|a| a == "--check")),
        Some("audit") => audit::run(&ctx, spec_dir(rest)?.as_deref()),
        Some("spec-rows") => {
            let table = rest.first().filter(|t| !t.starts_with("--")).ok_or(USAGE)?;
            let dir = spec_dir(rest)?.ok_or("spec-rows needs --spec DIR")?;
            audit::print_spec_rows(table, &dir)
        }
        _ => Err(USAGE.to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    //! A changed spec-data row must make `regen --check` fail and
    //! `audit --spec` name the row: run both on a copy of the repository.

    use std::path::{Path, PathBuf};

    use super::*;

    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.path().is_dir() {
                copy_dir(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }

    fn scratch_copy(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("htmlforge-xtask-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let root = repo_root();
        copy_dir(&root.join("spec-data"), &dir.join("spec-data"));
        copy_dir(&root.join("parser/src/generated"), &dir.join("parser/src/generated"));
        dir
    }

    #[test]
    fn the_committed_generated_files_are_fresh() {
        let ctx = Context::new(repo_root());
        assert!(regen::run(&ctx, true).unwrap());
    }

    #[test]
    fn a_changed_row_makes_regen_check_fail_and_audit_name_it() {
        let dir = scratch_copy("changed-row");
        let table = dir.join("spec-data/named-character-references.txt");
        let text = std::fs::read_to_string(&table).unwrap();
        let changed = text.replace("\nnotin; U+02209", "\nnotin; U+02208");
        assert_ne!(text, changed);
        std::fs::write(&table, changed).unwrap();
        let ctx = Context::new(&dir);
        assert!(!regen::run(&ctx, true).unwrap(), "regen --check must see the stale file");

        let spec = repo_root().join("../shared/spec");
        if spec.is_dir() {
            assert!(!audit::run(&ctx, Some(&spec)).unwrap(), "audit --spec must fail");
            let rows = audit::differences(&ctx, &spec, "named-character-references").unwrap();
            assert_eq!(rows, ["spec only:      notin; U+02209", "spec-data only: notin; U+02208"]);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_changed_tokenizer_action_makes_audit_name_its_row() {
        let spec = repo_root().join("../shared/spec");
        if !spec.join("whatwg-parsing-2026.txt").is_file() {
            return;
        }
        let ctx = Context::new(repo_root());
        assert_eq!(audit::differences(&ctx, &spec, "tokenizer").unwrap(), Vec::<String>::new());
        let dir = scratch_copy("changed-action");
        let states = dir.join("spec-data/tokenizer/processing-instructions.states");
        let text = std::fs::read_to_string(&states).unwrap();
        let changed = text.replace(
            "U+003F                  -> switch processing-instruction-questionable-state",
            "U+003F                  -> switch data-state",
        );
        assert_ne!(text, changed);
        std::fs::write(&states, changed).unwrap();
        let rows = audit::differences(&Context::new(&dir), &spec, "tokenizer").unwrap();
        assert_eq!(
            rows,
            [
                "spec only:      actions processing-instruction-data-state [U+003F]: switch processing-instruction-questionable-state",
                "spec-data only: actions processing-instruction-data-state [U+003F]: switch data-state",
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_moved_in_body_rule_makes_audit_name_its_rows() {
        let spec = repo_root().join("../shared/spec");
        if !spec.join("whatwg-parsing-2026.txt").is_file() {
            return;
        }
        let ctx = Context::new(repo_root());
        assert_eq!(audit::differences(&ctx, &spec, "in-body-tag-rules").unwrap(), Vec::<String>::new());
        let dir = scratch_copy("moved-rule");
        let rules = dir.join("spec-data/in-body-tag-rules.txt");
        let text = std::fs::read_to_string(&rules).unwrap();
        let body = "= A start tag whose tag name is \"body\"\nstart Body body\n";
        let frameset = "= A start tag whose tag name is \"frameset\"\nstart Frameset frameset\n";
        let changed = text.replace(&format!("{body}\n{frameset}"), &format!("{frameset}\n{body}"));
        assert_ne!(text, changed);
        std::fs::write(&rules, changed).unwrap();
        let moved = Context::new(&dir);
        assert!(!regen::run(&moved, true).unwrap(), "the enum's order follows the file's");
        let rows = audit::differences(&moved, &spec, "in-body-tag-rules").unwrap();
        assert_eq!(
            rows,
            [
                "spec only:      04 start body = A start tag whose tag name is \"body\"",
                "spec only:      05 start frameset = A start tag whose tag name is \"frameset\"",
                "spec-data only: 04 start frameset = A start tag whose tag name is \"frameset\"",
                "spec-data only: 05 start body = A start tag whose tag name is \"body\"",
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
