//! `htmlforge-bench tokenizer [--corpus DIR] [--iters N]`: tokenizer
//! throughput on real pages, htmlforge against html5ever in the same run.
//!
//! Each iteration tokenizes every page with htmlforge, then with html5ever
//! (interleaved, so that both see the same machine state); the report gives
//! each one's median MB/s over the iterations and their ratio. Run it in
//! release mode: `cargo xtask bench tokenizer`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

mod html5ever_side;
mod htmlforge_side;

const USAGE: &str = "usage: htmlforge-bench tokenizer [--corpus DIR] [--iters N]";

struct Options {
    corpus: PathBuf,
    iters: usize,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        corpus: Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"),
        iters: 15,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--corpus" => {
                options.corpus = PathBuf::from(rest.next().ok_or("--corpus needs a directory")?)
            }
            "--iters" => {
                let n = rest.next().ok_or("--iters needs a number")?;
                options.iters = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --iters {n}"))?;
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    Ok(options)
}

/// The `.html` files of `dir`, sorted by name.
fn load_corpus(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut pages = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            pages.push((name, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    pages.sort();
    if pages.is_empty() {
        return Err(format!("{}: no .html pages", dir.display()));
    }
    Ok(pages)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

/// MB/s of one pass of `tokenize` over every page.
fn measure(pages: &[(String, String)], bytes: usize, tokenize: impl Fn(&str) -> usize) -> f64 {
    let start = Instant::now();
    let mut tokens = 0;
    for (_, page) in pages {
        tokens += tokenize(page);
    }
    black_box(tokens);
    bytes as f64 / 1e6 / start.elapsed().as_secs_f64()
}

fn tokenizer(options: &Options) -> Result<(), String> {
    let pages = load_corpus(&options.corpus)?;
    let bytes: usize = pages.iter().map(|(_, p)| p.len()).sum();
    println!(
        "tokenizer: {} pages, {:.2} MB from {}, {} iterations",
        pages.len(),
        bytes as f64 / 1e6,
        options.corpus.display(),
        options.iters
    );
    // Warm up caches and the allocator.
    measure(&pages, bytes, htmlforge_side::tokenize);
    measure(&pages, bytes, html5ever_side::tokenize);
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..options.iters {
        ours.push(measure(&pages, bytes, htmlforge_side::tokenize));
        theirs.push(measure(&pages, bytes, html5ever_side::tokenize));
    }
    let ours = median(&mut ours);
    let theirs = median(&mut theirs);
    println!("htmlforge tokenizer: {ours:8.1} MB/s (median)");
    println!("html5ever tokenizer: {theirs:8.1} MB/s (median)");
    println!("ratio htmlforge / html5ever: {:.2}x", ours / theirs);
    Ok(())
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("tokenizer") => parse_options(&args[1..]).and_then(|o| tokenizer(&o)),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("htmlforge-bench: {message}");
            std::process::ExitCode::from(2)
        }
    }
}
