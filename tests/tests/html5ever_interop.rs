//! htmlforge's tree builder driving an html5ever sink: on every corpus
//! page, a `scraper::Html` built through `htmlforge::html5ever` serializes
//! to the same HTML as scraper's own parse (html5ever 0.40), and selects
//! the same elements. Both parse with scripting on (html5ever's default).

use std::path::PathBuf;

use htmlforge::encoding::{decode, sniff, SniffOptions};

fn pages() -> Vec<PathBuf> {
    let dir = htmlforge_conformance::corpus::corpus_dir();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "html" || ext == "htm"))
        .collect();
    pages.sort();
    pages
}

fn through_htmlforge(input: &str) -> scraper::Html {
    let options = htmlforge::ParseOptions { scripting: true, ..Default::default() };
    htmlforge::html5ever::parse_document_into(scraper::HtmlTreeSink::new(scraper::Html::new_document()), input, options)
}

#[test]
fn scraper_documents_built_by_htmlforge_match_scrapers_own() {
    let selectors: Vec<scraper::Selector> = ["a[href]", "div > p", "li:nth-child(odd)", "template *", "svg *", ":root"]
        .iter()
        .map(|s| scraper::Selector::parse(s).unwrap())
        .collect();
    let pages = pages();
    assert!(!pages.is_empty());
    let mut different = Vec::new();
    for page in &pages {
        let bytes = std::fs::read(page).unwrap();
        let (input, _) = decode(&bytes, sniff(&bytes, &SniffOptions::default()).encoding);
        let ours = through_htmlforge(&input);
        let theirs = scraper::Html::parse_document(&input);
        let name = page.file_name().unwrap().to_string_lossy().to_string();
        if ours.html() != theirs.html() {
            different.push(format!("{name}: serializations differ"));
            continue;
        }
        assert_eq!(ours.quirks_mode, theirs.quirks_mode, "{name}");
        for selector in &selectors {
            // scraper's `select` goes in creation order, which the two tree
            // builders need not share: compare the selected elements' HTML
            // in tree order.
            let selected = |html: &scraper::Html| -> Vec<String> {
                html.root_element()
                    .descendants()
                    .filter_map(scraper::ElementRef::wrap)
                    .filter(|element| selector.matches(element))
                    .map(|element| element.html())
                    .collect()
            };
            if selected(&ours) != selected(&theirs) {
                different.push(format!("{name}: {selector:?} selects other elements"));
            }
        }
    }
    println!("html5ever interop: {} pages, {} different", pages.len(), different.len());
    assert!(different.is_empty(), "{}", different.join("\n"));
}
