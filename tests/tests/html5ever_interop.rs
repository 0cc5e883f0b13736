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

/// A `scraper::Html` built by htmlforge from bytes: sniffed, decoded, and
/// parsed again into a fresh html5ever sink when a late `<meta>` changes
/// the encoding.
fn bytes_through_htmlforge(bytes: &[u8], chunk: usize) -> (scraper::Html, &'static htmlforge::encoding::Encoding, u32) {
    let options = htmlforge::ByteParseOptions {
        parse: htmlforge::ParseOptions { scripting: true, ..Default::default() },
        ..Default::default()
    };
    let new_sink =
        || htmlforge::html5ever::Html5everSink::new(scraper::HtmlTreeSink::new(scraper::Html::new_document()));
    let mut parser = htmlforge::ByteParser::with_sink_factory(options, new_sink);
    for piece in bytes.chunks(chunk) {
        let mut status = parser.feed(piece).unwrap();
        while let htmlforge::ByteParserStatus::EncodingChanged(_) | htmlforge::ByteParserStatus::PausedForScript(_) =
            status
        {
            status = parser.resume();
        }
    }
    let restarts = parser.restarts();
    let parsed = parser.finish();
    (parsed.document.finish(), parsed.encoding.encoding, restarts)
}

#[test]
fn scraper_documents_built_from_bytes_by_htmlforge_match_scrapers_own() {
    // A late meta behind non-ASCII text: a restart into a second sink.
    let mut page = format!("<!DOCTYPE html><head><!--{}--><title>na\u{ef}ve</title>", "-".repeat(1100)).into_bytes();
    page.extend_from_slice("<meta charset=utf-8></head><p class=x>caf\u{e9} \u{65e5}\u{672c}".as_bytes());
    let theirs = scraper::Html::parse_document(std::str::from_utf8(&page).unwrap());
    for chunk in [1, 100, page.len()] {
        let (ours, encoding, restarts) = bytes_through_htmlforge(&page, chunk);
        assert_eq!((encoding.name(), restarts), ("UTF-8", 1), "chunks of {chunk}");
        assert_eq!(ours.html(), theirs.html(), "chunks of {chunk}");
    }
    // Every third corpus page (the test above parses them all), in 4 KiB
    // chunks, against scraper's parse of the text in the encoding
    // htmlforge found.
    let mut different = Vec::new();
    for page in pages().iter().step_by(3) {
        let bytes = std::fs::read(page).unwrap();
        let (ours, encoding, _) = bytes_through_htmlforge(&bytes, 4096);
        let (input, _) = decode(&bytes, encoding);
        if ours.html() != scraper::Html::parse_document(&input).html() {
            different.push(page.display().to_string());
        }
    }
    assert!(different.is_empty(), "{}", different.join("\n"));
}
