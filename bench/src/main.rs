//! `htmlforge-bench [parse|tokenizer|select|interop|memory] [--corpus DIR]... [--iters N]`:
//! htmlforge against html5ever (and html5gum for the tokenizer) on real
//! pages, in one process.
//!
//! - `parse`: the full parse, bytes in (UTF-8), scripting off, tree
//!   dropped: htmlforge's built-in DOM against html5ever 0.39 + RcDom, with
//!   each one's memory next to its speed (held by the parsed documents and
//!   peak while parsing, per byte of input, counted by the global allocator).
//! - `tokenizer`: htmlforge's tokenizer (with a tree-builder-like state
//!   switch) against html5ever's and html5gum's tokenizers.
//! - `select`: CSS selector matching over parsed pages (ten everyday
//!   selectors): htmlforge's `Document::select` against scraper 0.29's
//!   `Html::select`, on the same `selectors` crate; MB/s of page matched.
//! - `interop`: a `scraper::Html` parsed through htmlforge's tree builder
//!   (`htmlforge::html5ever`) against scraper's own parse (html5ever 0.40).
//! - `memory`: the memory a parsed document holds, and the peak while
//!   parsing, per byte of input, counted by the global allocator.
//! - no verb: all five.
//! - `conformance`: the html5lib and WPT tree-construction tests that need
//!   no scripting, through htmlforge and through html5ever 0.40, in one
//!   harness (passed counts for the comparison table).
//! - `once ENGINE`: one pass of one engine over the corpus and nothing else,
//!   for instruction counts under `valgrind --tool=callgrind` (stable on a
//!   noisy machine) or a profiler. ENGINE: `parse-htmlforge`,
//!   `parse-html5ever`, `tokenize-htmlforge`, `tokenize-html5ever`,
//!   `tokenize-html5gum`. The pass itself is the function `run_pass`:
//!   `valgrind --tool=callgrind --toggle-collect=htmlforge_bench::run_pass`
//!   counts it without the loading of the corpus; `cargo xtask callgrind`
//!   runs that and prints the counts.
//!
//! `--corpus DIR` may be given more than once: each corpus is measured and
//! reported on its own, in the same run. Without it: the team's 130 shared
//! pages (`../shared/corpus/pages`) when present, else the vendored ones
//! (`bench/corpus`), then the second corpus (`bench/corpus-docs`).
//!
//! Opt-in engines, each behind a cargo feature (`cargo xtask bench --with
//! lexbor --with lol_html` sets them up): lexbor 3.1 (C) in `parse` and
//! `once parse-lexbor`; lol_html 3 in `parse` (an `element!("*")` handler,
//! and no handler) and `once parse-lol_html` / `once pass-lol_html`.
//!
//! Each iteration runs every engine over every page, one engine after the
//! other (interleaved, so that all see the same machine state); the report
//! gives each engine's median MB/s over the iterations and its ratio to
//! html5ever. Run it in release mode: `cargo xtask bench`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use htmlforge_alloc_count::global as alloc;

mod conformance_side;
mod html5ever_side;
mod html5gum_side;
mod htmlforge_side;
#[cfg(feature = "lexbor")]
mod lexbor_side;
#[cfg(feature = "lol_html")]
mod lol_html_side;
mod select_side;

#[global_allocator]
static ALLOCATOR: htmlforge_alloc_count::Counting = htmlforge_alloc_count::Counting;

const USAGE: &str = "usage: htmlforge-bench [parse|tokenizer|select|interop|memory] [--corpus DIR]... [--iters N]
       htmlforge-bench once ENGINE [--corpus DIR]...
       htmlforge-bench conformance";

/// One pass of one engine over the corpus (`once ENGINE`).
fn once(engine: &str, pages: &[Page]) -> Result<(), String> {
    let run: fn(&Page) -> usize = match engine {
        "parse-htmlforge" => |p| htmlforge_side::parse(&p.bytes).node_count(),
        "parse-html5ever" => |p| html5ever_side::parse(&p.bytes).document.children.borrow().len(),
        "tokenize-htmlforge" => |p| htmlforge_side::tokenize(&p.text),
        "tokenize-html5ever" => |p| html5ever_side::tokenize(&p.text),
        "tokenize-html5gum" => |p| html5gum_side::tokenize(&p.text),
        #[cfg(feature = "lexbor")]
        "parse-lexbor" => |p| {
            drop(black_box(lexbor_side::parse(&p.bytes)));
            1
        },
        #[cfg(feature = "lol_html")]
        "parse-lol_html" => |p| lol_html_side::element_scan(&p.bytes),
        #[cfg(feature = "lol_html")]
        "pass-lol_html" => |p| lol_html_side::pass_through(&p.bytes),
        other => return Err(format!("unknown engine {other}\n{USAGE}")),
    };
    let work = run_pass(run, pages);
    println!("{engine}: {} pages, {work} units of work", pages.len());
    Ok(())
}

/// The pass of `once`, kept out of line so that a profiler can count it
/// alone (`--toggle-collect=htmlforge_bench::run_pass`).
#[inline(never)]
fn run_pass(run: fn(&Page) -> usize, pages: &[Page]) -> usize {
    pages.iter().map(run).sum()
}

struct Options {
    /// The corpora, each measured on its own (`--corpus`, repeatable).
    corpora: Vec<PathBuf>,
    iters: usize,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options { corpora: Vec::new(), iters: 15 };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--corpus" => options.corpora.push(PathBuf::from(rest.next().ok_or("--corpus needs a directory")?)),
            "--iters" => {
                let n = rest.next().ok_or("--iters needs a number")?;
                options.iters = n.parse().ok().filter(|&n| n > 0).ok_or(format!("bad --iters {n}"))?;
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    if options.corpora.is_empty() {
        options.corpora = default_corpora();
    }
    Ok(options)
}

/// The corpora measured when no `--corpus` is given: the team's 130 shared
/// pages when present (`../shared/corpus/pages`), else the vendored pages
/// taken from them (`bench/corpus`); and the second corpus, documentation
/// pages of seven generators from another source (`bench/corpus-docs`).
fn default_corpora() -> Vec<PathBuf> {
    let bench = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = bench.join("../../shared/corpus/pages");
    vec![if shared.is_dir() { shared } else { bench.join("corpus") }, bench.join("corpus-docs")]
}

/// What a verb does with one corpus.
type Verb = fn(&[Page], &Path, &Options);

/// One page of the corpus, as bytes and as (lossily decoded) text.
struct Page {
    bytes: Vec<u8>,
    text: String,
}

/// The `.html` files of `dir`, sorted by name.
fn load_corpus(dir: &Path) -> Result<Vec<Page>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "html") {
            paths.push(path);
        }
    }
    paths.sort();
    if paths.is_empty() {
        return Err(format!("{}: no .html pages", dir.display()));
    }
    paths
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            Ok(Page { bytes, text })
        })
        .collect()
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

/// An engine under test: a name and one pass over a page.
struct Engine<'a> {
    name: &'a str,
    run: &'a dyn Fn(&Page) -> usize,
    /// Its memory over the corpus, printed next to its speed.
    memory: Option<Memory>,
}

/// Runs `engines` interleaved over `pages` and prints each one's median
/// MB/s and its ratio to the engine named `baseline`.
fn race(title: &str, pages: &[Page], dir: &Path, options: &Options, engines: &[Engine], baseline: &str) {
    let bytes: usize = pages.iter().map(|p| p.bytes.len()).sum();
    println!(
        "{title}: {} pages, {:.2} MB from {}, {} iterations",
        pages.len(),
        bytes as f64 / 1e6,
        dir.display(),
        options.iters
    );
    let pass = |engine: &Engine| {
        let start = Instant::now();
        let mut work = 0;
        for page in pages {
            work += (engine.run)(page);
        }
        black_box(work);
        bytes as f64 / 1e6 / start.elapsed().as_secs_f64()
    };
    for engine in engines {
        pass(engine); // warm up caches and the allocator
    }
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); engines.len()];
    for _ in 0..options.iters {
        for (engine, samples) in engines.iter().zip(&mut samples) {
            samples.push(pass(engine));
        }
    }
    let medians: Vec<f64> = samples.iter_mut().map(|s| median(s)).collect();
    let base = engines.iter().zip(&medians).find(|(e, _)| e.name == baseline).map_or(1.0, |(_, m)| *m);
    for (engine, mbps) in engines.iter().zip(&medians) {
        let memory = engine
            .memory
            .as_ref()
            .map_or(String::new(), |m| format!("  held {:5.2}x  peak {:5.2}x input", m.held, m.peak));
        println!("  {:<34} {mbps:8.1} MB/s  {:5.2}x {baseline}{memory}", engine.name, mbps / base);
    }
}

fn parse(pages: &[Page], dir: &Path, options: &Options) {
    #[allow(unused_mut)] // without the opt-in engines' features
    let mut engines = vec![
        Engine {
            name: "htmlforge (built-in DOM)",
            run: &|p| black_box(htmlforge_side::parse(&p.bytes)).node_count(),
            memory: Some(memory_of(pages, htmlforge_side::parse)),
        },
        Engine {
            name: "html5ever 0.39 + RcDom",
            run: &|p| black_box(html5ever_side::parse(&p.bytes)).document.children.borrow().len(),
            memory: Some(memory_of(pages, html5ever_side::parse)),
        },
    ];
    #[cfg(feature = "lexbor")]
    engines.push(Engine {
        name: "lexbor 3.1 (C, -O3)",
        run: &|p| {
            drop(black_box(lexbor_side::parse(&p.bytes)));
            1
        },
        memory: Some(memory_of(pages, lexbor_side::parse)),
    });
    #[cfg(feature = "lol_html")]
    engines.extend([
        Engine {
            name: "lol_html 3, element!(\"*\"), no tree",
            run: &|p| lol_html_side::element_scan(&p.bytes),
            memory: Some(memory_of(pages, lol_html_side::element_scan)),
        },
        Engine {
            name: "lol_html 3, no handler, no tree",
            run: &|p| lol_html_side::pass_through(&p.bytes),
            memory: Some(memory_of(pages, lol_html_side::pass_through)),
        },
    ]);
    race(
        "full parse (bytes in, UTF-8, scripting off, tree dropped; memory per byte of input, allocator-counted)",
        pages,
        dir,
        options,
        &engines,
        "html5ever 0.39 + RcDom",
    );
}

fn tokenizer(pages: &[Page], dir: &Path, options: &Options) {
    race(
        "tokenizer",
        pages,
        dir,
        options,
        &[
            Engine {
                name: "htmlforge tokenizer (state switch)",
                run: &|p| htmlforge_side::tokenize(&p.text),
                memory: None,
            },
            Engine {
                name: "html5ever 0.40 tokenizer (no-op)",
                run: &|p| html5ever_side::tokenize(&p.text),
                memory: None,
            },
            Engine { name: "html5gum 0.9", run: &|p| html5gum_side::tokenize(&p.text), memory: None },
        ],
        "html5gum 0.9",
    );
}

fn select(pages: &[Page], dir: &Path, options: &Options) {
    let texts: Vec<String> = pages.iter().map(|page| page.text.clone()).collect();
    let prepared = select_side::prepare(&texts);
    // The engines run per page; the index finds the page's parses.
    let index_of = |page: &Page| pages.iter().position(|p| std::ptr::eq(p, page)).unwrap_or(0);
    race(
        &format!("select ({} selectors over parsed pages)", select_side::SELECTORS.len()),
        pages,
        dir,
        options,
        &[
            Engine {
                name: "htmlforge Document::select",
                run: &|p| select_side::htmlforge(&prepared, index_of(p)),
                memory: None,
            },
            Engine {
                name: "scraper 0.29 Html::select",
                run: &|p| select_side::scraper(&prepared, index_of(p)),
                memory: None,
            },
        ],
        "scraper 0.29 Html::select",
    );
}

fn interop(pages: &[Page], dir: &Path, options: &Options) {
    race(
        "scraper::Html parse (text in, scripting on)",
        pages,
        dir,
        options,
        &[
            Engine {
                name: "htmlforge tree builder -> scraper",
                run: &|p| select_side::scraper_through_htmlforge(&p.text),
                memory: None,
            },
            Engine {
                name: "html5ever 0.40 -> scraper",
                run: &|p| select_side::scraper_through_html5ever(&p.text),
                memory: None,
            },
        ],
        "html5ever 0.40 -> scraper",
    );
}

/// The memory of one engine over a corpus, per byte of input: what the
/// parsed documents hold, the peak while parsing (both summed over the
/// pages, so that large pages weigh more), and the page holding the most.
#[derive(Clone, Copy)]
struct Memory {
    held: f64,
    peak: f64,
    worst_held: f64,
}

/// The memory of one engine over the corpus, one page at a time.
fn memory_of<T>(pages: &[Page], parse: impl Fn(&[u8]) -> T) -> Memory {
    let (mut held, mut peak, mut worst) = (0usize, 0usize, 0.0f64);
    for page in pages {
        let before = alloc::current();
        alloc::reset_peak();
        let document = parse(&page.bytes);
        let page_held = alloc::current().saturating_sub(before);
        peak += alloc::peak().saturating_sub(before);
        held += page_held;
        worst = worst.max(page_held as f64 / page.bytes.len() as f64);
        drop(document);
    }
    let input: usize = pages.iter().map(|p| p.bytes.len()).sum();
    Memory { held: held as f64 / input as f64, peak: peak as f64 / input as f64, worst_held: worst }
}

fn memory(pages: &[Page], dir: &Path, _options: &Options) {
    let input: usize = pages.iter().map(|p| p.bytes.len()).sum();
    println!(
        "memory: {} pages, {:.2} MB from {} (allocator-counted, per byte of input)",
        pages.len(),
        input as f64 / 1e6,
        dir.display()
    );
    let ours = memory_of(pages, htmlforge_side::parse);
    let theirs = memory_of(pages, html5ever_side::parse);
    for (name, m) in [("htmlforge (built-in DOM)", ours), ("html5ever 0.39 + RcDom", theirs)] {
        println!(
            "  {name:<34} held {:5.2}x  peak while parsing {:5.2}x  worst page held {:5.2}x",
            m.held, m.peak, m.worst_held
        );
    }
    println!("  ratio held htmlforge / html5ever: {:.2}", ours.held / theirs.held);
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("once") {
        let result = match args.get(1) {
            Some(engine) => parse_options(&args[2..])
                .and_then(|o| o.corpora.iter().try_for_each(|dir| once(engine, &load_corpus(dir)?))),
            None => Err(USAGE.to_string()),
        };
        return match result {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("htmlforge-bench: {message}");
                std::process::ExitCode::from(2)
            }
        };
    }
    if args.first().map(String::as_str) == Some("conformance") {
        return match conformance_side::run() {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("htmlforge-bench: {message}");
                std::process::ExitCode::from(2)
            }
        };
    }
    let (verb, rest) = match args.first().map(String::as_str) {
        Some(verb @ ("parse" | "tokenizer" | "select" | "interop" | "memory")) => (Some(verb), &args[1..]),
        _ => (None, &args[..]),
    };
    let result = parse_options(rest).and_then(|options| {
        for dir in &options.corpora {
            let pages = load_corpus(dir)?;
            let verbs: [(&str, Verb); 5] = [
                ("parse", parse),
                ("tokenizer", tokenizer),
                ("select", select),
                ("interop", interop),
                ("memory", memory),
            ];
            for (name, run) in verbs {
                if verb.is_none() || verb == Some(name) {
                    run(&pages, dir, &options);
                }
            }
        }
        Ok(())
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("htmlforge-bench: {message}");
            std::process::ExitCode::from(2)
        }
    }
}
