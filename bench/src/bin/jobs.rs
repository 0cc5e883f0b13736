//! The Python benchmark's three jobs done through the Rust API, for the
//! Python package's "within 10% of the Rust API" comparison
//! (python/bench/bench.py runs this and prints it beside the Python
//! figures): parse (from bytes, the encoding sniffed), parse + select
//! (`a[href]`, each href copied out), parse + text (the text of the body's
//! text nodes, selectolax's `body.text()`).
//!
//! `cargo run --release -p htmlforge-bench --bin jobs -- DIR ROUNDS`
//! prints, per job, the best of ROUNDS passes over the `.html` files of
//! DIR in MB/s: `parse 1234.5`.

use std::hint::black_box;
use std::time::Instant;

use htmlforge::select::Selector;
use htmlforge::{parse_bytes, ByteParseOptions, Document};

/// One job on one page; returns something of the result, so that the
/// work is not optimized away.
type Job<'a> = dyn Fn(&[u8]) -> usize + 'a;

fn parse(page: &[u8]) -> Document {
    // As the Python package does: UTF-8 when no declaration says
    // otherwise and the bytes are UTF-8.
    let fallback = std::str::from_utf8(page).is_ok().then_some(encoding_rs::UTF_8);
    parse_bytes(page, ByteParseOptions::default().fallback(fallback)).document
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: jobs DIR ROUNDS");
    let rounds: usize = args.next().map_or(5, |rounds| rounds.parse().expect("ROUNDS is a number"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("DIR is readable")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    paths.sort();
    let pages: Vec<Vec<u8>> = paths.iter().map(|path| std::fs::read(path).expect("a page")).collect();
    let bytes: usize = pages.iter().map(Vec::len).sum();
    let links = Selector::parse("a[href]").expect("a selector");
    let jobs: [(&str, &Job<'_>); 3] = [
        ("parse", &|page| parse(page).node_count()),
        ("select", &|page| {
            let document = parse(page);
            let hrefs: Vec<String> =
                document.select(&links).filter_map(|a| a.attr("href").map(str::to_string)).collect();
            hrefs.len()
        }),
        ("text", &|page| {
            let document = parse(page);
            document.body().map_or(0, |body| document.text_content(body).len())
        }),
    ];
    for (name, job) in jobs {
        let mut best = f64::INFINITY;
        for _ in 0..rounds {
            let start = Instant::now();
            for page in &pages {
                black_box(job(black_box(page)));
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!("{name} {:.1}", bytes as f64 / best / 1e6);
    }
}
