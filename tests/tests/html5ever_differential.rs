//! Differential test: on real pages, htmlforge's tree equals html5ever's
//! (0.40), both dumped in the html5lib tree-construction format.
//!
//! Pages: `htmlforge_conformance::corpus::corpus_dir()`: the 130 pages of
//! `../shared/corpus/pages` when that folder is there, else the vendored
//! `bench/corpus`; `HTMLFORGE_CORPUS=DIR` for another directory. Prints `html5ever-differential: N same, M different`; fails
//! on any difference not listed, with the html5ever bug it shows, in
//! `tests/expectations/html5ever-differential.txt`. Both parsers run with
//! scripting off, and htmlforge in its legacy mode for `<?` (a bogus
//! comment, as in the 2025 text html5ever follows).
//!
//! html5ever's side builds into the arena sink of
//! `htmlforge_conformance::html5ever_tree`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use htmlforge::encoding::{decode, sniff, SniffOptions};
use htmlforge_conformance::html5ever_tree::html5ever_tree;

fn htmlforge_tree(input: &str) -> String {
    let options = htmlforge::ParseOptions::default().scripting(false).legacy_processing_instructions(true);
    htmlforge::dom::dump_html5lib(&htmlforge::parse_document_with(input, options))
}

/// `file name` → the html5ever bug the difference shows.
fn known_differences() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations").join("html5ever-differential.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(" -- ").map(|(a, b)| (a.trim().to_string(), b.trim().to_string())))
        .collect()
}

/// The first differing line of two dumps, for the report.
fn first_difference(a: &str, b: &str) -> String {
    for (index, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}: htmlforge `{x}` / html5ever `{y}`", index + 1);
        }
    }
    format!("lengths differ: {} / {} lines", a.lines().count(), b.lines().count())
}

fn main() {
    let dir = htmlforge_conformance::corpus::corpus_dir();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "html" || ext == "htm"))
        .collect();
    pages.sort();
    let known = known_differences();
    let mut same = 0;
    let mut unexpected = Vec::new();
    let mut different = 0;
    for page in &pages {
        let bytes = std::fs::read(page).expect("a readable page");
        // Both parsers get the same text: the bytes decoded as the
        // encoding sniffing algorithm says (the decoder removes a BOM).
        let sniffed = sniff(&bytes, &SniffOptions::default());
        let (input, _) = decode(&bytes, sniffed.encoding);
        let ours = htmlforge_tree(&input);
        let theirs = html5ever_tree(&input);
        let name = page.file_name().unwrap().to_string_lossy().to_string();
        if ours == theirs {
            same += 1;
        } else {
            different += 1;
            let detail = first_difference(&ours, &theirs);
            if !known.contains_key(&name) {
                unexpected.push(format!("{name}: {detail}"));
            }
        }
    }
    println!("html5ever-differential: {same} same, {different} different ({} pages in {})", pages.len(), dir.display());
    if !unexpected.is_empty() {
        for line in &unexpected {
            eprintln!("DIFFERENT {line}");
        }
        std::process::exit(1);
    }
}
