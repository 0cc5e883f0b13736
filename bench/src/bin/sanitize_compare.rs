//! `sanitize_compare [--corpus DIR]... [--iters N]`: htmlforge's sanitizer
//! (`htmlforge::sanitize::sanitize_html`: `setHTML` on a `div` with the
//! built-in safe default configuration) against ammonia (`ammonia::clean`,
//! its default allow-list, on html5ever) on every page of the corpora,
//! release build, one process. Prints each side's throughput per corpus
//! (MB/s of input, the best of N passes) and the size of what each keeps.
//!
//! Built with the `ammonia` feature only (an opt-in engine, like lol_html):
//! `cargo run --release -p htmlforge-bench --features ammonia --bin sanitize_compare`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn pages(dir: &Path) -> Vec<String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    paths.sort();
    paths.iter().map(|path| String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned()).collect()
}

/// The best time of `iters` passes of `clean` over `pages`, and the total
/// length of its outputs.
fn measure(pages: &[String], iters: usize, clean: impl Fn(&str) -> String) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut out_len = 0;
    for _ in 0..iters {
        let start = Instant::now();
        out_len = pages.iter().map(|page| black_box(clean(black_box(page))).len()).sum();
        best = best.min(start.elapsed());
    }
    (best, out_len)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut corpora: Vec<PathBuf> = Vec::new();
    let mut iters = 5;
    let mut at = 0;
    while at < args.len() {
        match args[at].as_str() {
            "--corpus" => {
                corpora.push(PathBuf::from(&args[at + 1]));
                at += 2;
            }
            "--iters" => {
                iters = args[at + 1].parse().expect("a number");
                at += 2;
            }
            other => panic!("unknown argument {other}"),
        }
    }
    if corpora.is_empty() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        corpora = vec![root.join("corpus"), root.join("corpus-docs")];
    }
    println!(
        "{:<14} {:>6} {:>9} {:>12} {:>12} {:>12} {:>12}",
        "corpus", "pages", "MB", "htmlforge", "ammonia", "kept (hf)", "kept (am)"
    );
    for dir in &corpora {
        let pages = pages(dir);
        let bytes: usize = pages.iter().map(String::len).sum();
        let (forge, forge_len) = measure(&pages, iters, htmlforge::sanitize::sanitize_html);
        let (ammonia, ammonia_len) = measure(&pages, iters, ammonia::clean);
        let mb = bytes as f64 / 1e6;
        println!(
            "{:<14} {:>6} {:>9.2} {:>7.1} MB/s {:>7.1} MB/s {:>12} {:>12}",
            dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            pages.len(),
            mb,
            mb / forge.as_secs_f64(),
            mb / ammonia.as_secs_f64(),
            forge_len,
            ammonia_len,
        );
    }
}
