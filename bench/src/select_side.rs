//! Selector matching: htmlforge's `Document::select` against scraper 0.29's
//! `Html::select` (the same `selectors` crate), each on its own parse of
//! the page, made once before the timing; and scraper's `Html` built by
//! htmlforge's tree builder against by html5ever's.

use std::hint::black_box;

/// Selectors of everyday scraping: types, classes, attributes,
/// combinators, structural and logical pseudo-classes.
pub const SELECTORS: &[&str] = &[
    "a[href]",
    "nav a",
    "div > p",
    ".container, .content, #main",
    "li:nth-child(2n+1)",
    "img[src$=\".png\" i]",
    "ul > li:not(:last-child)",
    "div:has(> img)",
    "meta[name=description]",
    "h1 + p, h2 ~ p",
];

/// Pages parsed by both engines, with the selectors parsed by both.
pub struct Prepared {
    ours: Vec<htmlforge::Document>,
    theirs: Vec<scraper::Html>,
    our_selectors: Vec<htmlforge::select::Selector>,
    their_selectors: Vec<scraper::Selector>,
}

pub fn prepare(pages: &[String]) -> Prepared {
    Prepared {
        ours: pages.iter().map(|page| htmlforge::parse_document(page)).collect(),
        theirs: pages.iter().map(|page| scraper::Html::parse_document(page)).collect(),
        our_selectors: SELECTORS.iter().map(|s| htmlforge::select::Selector::parse(s).unwrap()).collect(),
        their_selectors: SELECTORS.iter().map(|s| scraper::Selector::parse(s).unwrap()).collect(),
    }
}

/// Every selector over page `index` with htmlforge; the number of matches.
pub fn htmlforge(prepared: &Prepared, index: usize) -> usize {
    let document = &prepared.ours[index];
    prepared.our_selectors.iter().map(|selector| document.select(selector).map(black_box).count()).sum()
}

/// Every selector over page `index` with scraper; the number of matches.
pub fn scraper(prepared: &Prepared, index: usize) -> usize {
    let html = &prepared.theirs[index];
    prepared.their_selectors.iter().map(|selector| html.select(selector).map(black_box).count()).sum()
}

/// scraper's `Html` built by htmlforge's tree builder (through
/// `htmlforge::html5ever`); the number of nodes.
pub fn scraper_through_htmlforge(page: &str) -> usize {
    let options = htmlforge::ParseOptions::default().scripting(true);
    let sink = scraper::HtmlTreeSink::new(scraper::Html::new_document());
    black_box(htmlforge::html5ever::parse_document_into(sink, page, options)).tree.values().count()
}

/// scraper's own parse (html5ever 0.40); the number of nodes.
pub fn scraper_through_html5ever(page: &str) -> usize {
    black_box(scraper::Html::parse_document(page)).tree.values().count()
}
