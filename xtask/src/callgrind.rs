//! `cargo xtask callgrind [parse|tokenizer] [--corpus DIR]... [--with ENGINE]...`:
//! instruction counts and simulated branch mispredicts of one pass over a
//! corpus, the figures performance decisions are taken on (they do not move
//! with the load of a shared machine, the clock does).
//!
//! It builds the benchmark binary in release mode, runs `htmlforge-bench
//! once ENGINE` under `valgrind --tool=callgrind --branch-sim=yes
//! --toggle-collect=htmlforge_bench::run_pass` (the pass alone, not the
//! loading of the corpus) and prints, per engine: instructions, instructions
//! per input byte, conditional and indirect branches with their simulated
//! mispredicts, and mispredicts per KB (1,000 bytes) of input. `--with
//! html5ever` (parse or tokenizer), `--with html5gum` (tokenizer), `--with
//! lexbor` or `--with lol_html` (parse; opt-in engines, see `engines.rs`)
//! adds an engine and its ratio of instructions to htmlforge's. The callgrind output of each
//! engine is kept for `callgrind_annotate` in the target folder's `callgrind/` (one per checkout, so that
//! two worktrees measuring at once do not overwrite each other's files); its path is printed.

use std::path::{Path, PathBuf};
use std::process::Command;

use htmlforge_codegen::Context;

use crate::engines;

const USAGE: &str = "usage: cargo xtask callgrind [parse|tokenizer] [--corpus DIR]... [--with ENGINE]...
  ENGINE: html5ever, lexbor, lol_html (parse); html5ever, html5gum (tokenizer)";

/// What one engine's pass cost, from callgrind's totals.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    instructions: u64,
    conditional: u64,
    conditional_missed: u64,
    indirect: u64,
    indirect_missed: u64,
}

struct Options {
    verb: String,
    corpora: Vec<PathBuf>,
    with: Vec<String>,
}

fn parse_options(ctx: &Context, args: &[String]) -> Result<Options, String> {
    let mut options = Options { verb: "parse".into(), corpora: Vec::new(), with: Vec::new() };
    let mut rest = args.iter();
    let value = |flag: &str, next: Option<&String>| next.cloned().ok_or(format!("{flag} needs a value\n{USAGE}"));
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "parse" | "tokenizer" => options.verb = arg.clone(),
            "--corpus" => options.corpora.push(PathBuf::from(value("--corpus", rest.next())?)),
            "--with" => options.with.push(value("--with", rest.next())?),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    if options.corpora.is_empty() {
        options.corpora.push(default_corpus(ctx));
    }
    Ok(options)
}

/// The corpus the figures of `docs/performance-log.md` are taken on when the
/// team's shared pages are present, the vendored pages otherwise.
pub fn default_corpus(ctx: &Context) -> PathBuf {
    let shared = ctx.root.join("../shared/corpus/pages");
    if shared.is_dir() {
        shared
    } else {
        ctx.root.join("bench/corpus")
    }
}

/// The `once` engine of the benchmark binary for a verb and an engine name.
fn engine_name(verb: &str, engine: &str) -> String {
    let prefix = if verb == "parse" { "parse" } else { "tokenize" };
    format!("{prefix}-{engine}")
}

/// The number of pages and bytes the benchmark binary loads from `dir`
/// (its `.html` files).
fn corpus_size(dir: &Path) -> Result<(usize, u64), String> {
    let mut pages = 0;
    let mut bytes = 0;
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "html") {
            pages += 1;
            bytes += std::fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
        }
    }
    if pages == 0 {
        return Err(format!("{}: no .html pages", dir.display()));
    }
    Ok((pages, bytes))
}

/// The totals of a callgrind output file run with `--branch-sim=yes`.
fn read_counts(text: &str) -> Result<Counts, String> {
    let events: Vec<&str> = text
        .lines()
        .find_map(|line| line.strip_prefix("events:"))
        .ok_or("callgrind output without an events line")?
        .split_whitespace()
        .collect();
    let totals: Vec<u64> = text
        .lines()
        .find_map(|line| line.strip_prefix("totals:").or_else(|| line.strip_prefix("summary:")))
        .ok_or("callgrind output without totals")?
        .split_whitespace()
        .map(|n| n.parse().map_err(|_| format!("bad count {n} in callgrind totals")))
        .collect::<Result<_, _>>()?;
    let event = |name: &str| {
        let at = events.iter().position(|e| *e == name).ok_or(format!("callgrind output without event {name}"))?;
        // Trailing zero counts may be left out.
        Ok::<u64, String>(totals.get(at).copied().unwrap_or(0))
    };
    Ok(Counts {
        instructions: event("Ir")?,
        conditional: event("Bc")?,
        conditional_missed: event("Bcm")?,
        indirect: event("Bi")?,
        indirect_missed: event("Bim")?,
    })
}

/// Builds the benchmark binary (release profile) and returns its path.
fn build_bench(ctx: &Context, build: &engines::Build) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(&ctx.root).args(["build", "--quiet", "--release", "--package", "htmlforge-bench"]);
    if !build.features.is_empty() {
        command.args(["--features", &build.features.join(",")]);
    }
    command.envs(build.env.iter().map(|(k, v)| (k, v)));
    let status = command.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building htmlforge-bench failed".into());
    }
    let binary = engines::target_dir(ctx).join("release/htmlforge-bench");
    let binary = if cfg!(windows) { binary.with_extension("exe") } else { binary };
    Ok(binary)
}

/// One engine's pass under callgrind; returns its counts and the path of
/// the output file, written in `out_dir`.
fn measure(binary: &Path, out_dir: &Path, engine: &str, corpus: &Path) -> Result<(Counts, PathBuf), String> {
    // One file per engine and corpus, so that a run over several corpora
    // keeps each.
    let corpus_name = corpus.file_name().map_or("corpus".into(), |n| n.to_string_lossy().into_owned());
    let out = out_dir.join(format!("{engine}-{corpus_name}.out"));
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg("--branch-sim=yes")
        .arg("--toggle-collect=htmlforge_bench::run_pass")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(binary)
        .args(["once", engine, "--corpus"])
        .arg(corpus)
        .output()
        .map_err(|e| format!("cannot run valgrind (is it installed?): {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "callgrind of {engine} failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let text = std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok((read_counts(&text)?, out))
}

fn per_kb(count: u64, bytes: u64) -> f64 {
    count as f64 * 1000.0 / bytes as f64
}

pub fn run(ctx: &Context, args: &[String]) -> Result<bool, String> {
    let options = parse_options(ctx, args)?;
    for with in &options.with {
        let known = match options.verb.as_str() {
            "parse" => matches!(with.as_str(), "html5ever" | "lexbor" | "lol_html"),
            _ => matches!(with.as_str(), "html5ever" | "html5gum"),
        };
        if !known {
            return Err(format!("no {} engine {with}\n{USAGE}", options.verb));
        }
    }
    let binary = build_bench(ctx, &engines::build_for(ctx, &options.with)?)?;
    let out_dir = engines::target_dir(ctx).join("callgrind");
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let engines: Vec<String> = std::iter::once("htmlforge")
        .chain(options.with.iter().map(String::as_str))
        .map(|engine| engine_name(&options.verb, engine))
        .collect();
    for corpus in &options.corpora {
        let (pages, bytes) = corpus_size(corpus)?;
        println!("callgrind, one pass: {pages} pages, {bytes} bytes from {}", corpus.display());
        println!(
            "  {:<20} {:>15} {:>8} {:>13} {:>11} {:>7} {:>11} {:>11} {:>7}",
            "engine", "instructions", "/byte", "cond. branch", "mispredict", "/KB", "indirect", "mispredict", "/KB"
        );
        let mut first: Option<u64> = None;
        for engine in &engines {
            let (counts, out) = measure(&binary, &out_dir, engine, corpus)?;
            println!(
                "  {engine:<20} {:>15} {:>8.2} {:>13} {:>11} {:>7.2} {:>11} {:>11} {:>7.2}",
                counts.instructions,
                counts.instructions as f64 / bytes as f64,
                counts.conditional,
                counts.conditional_missed,
                per_kb(counts.conditional_missed, bytes),
                counts.indirect,
                counts.indirect_missed,
                per_kb(counts.indirect_missed, bytes),
            );
            match first {
                None => first = Some(counts.instructions),
                Some(ours) => println!(
                    "  {:<20} {:.2}x the instructions of {}",
                    "",
                    counts.instructions as f64 / ours as f64,
                    engines[0]
                ),
            }
            println!("  {:<20} output: {}", "", out.display());
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_are_read_by_event_name() {
        let text = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir Bc Bcm Bi Bim\nfl=(1) a.rs\n\
                    fn=(1) f\n1 5 2 1\nsummary: 479 120 7 30 4\ntotals: 479 120 7 30 4\n";
        let counts = read_counts(text).unwrap();
        assert_eq!(
            counts,
            Counts { instructions: 479, conditional: 120, conditional_missed: 7, indirect: 30, indirect_missed: 4 }
        );
    }

    #[test]
    fn left_out_trailing_counts_are_zero() {
        let counts = read_counts("events: Ir Bc Bcm Bi Bim\ntotals: 10 4\n").unwrap();
        assert_eq!(counts, Counts { instructions: 10, conditional: 4, ..Counts::default() });
    }

    #[test]
    fn output_without_branch_events_is_an_error() {
        let error = read_counts("events: Ir\ntotals: 10\n").unwrap_err();
        assert!(error.contains("Bc"), "{error}");
    }

    #[test]
    fn a_baseline_the_verb_does_not_have_is_refused() {
        let ctx = Context::new(crate::repo_root());
        let args: Vec<String> = ["parse", "--with", "html5gum"].iter().map(|s| s.to_string()).collect();
        assert!(run(&ctx, &args).unwrap_err().contains("no parse engine html5gum"));
    }
}
