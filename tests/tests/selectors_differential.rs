//! Differential test of CSS selector matching: on every corpus page, each
//! selector of the list below selects the same elements, in the same
//! (tree) order, with htmlforge's `Document::select` as with scraper 0.29
//! (html5ever 0.40 + the same `selectors` crate).
//!
//! What is compared, and why it is not scraper's `Html::select` as it
//! stands:
//! - scraper's `Html::select` walks its arena in creation order; htmlforge
//!   returns tree order (`querySelectorAll`'s). scraper's side here tests
//!   each element of its tree in tree order with scraper's
//!   `Selector::matches`.
//! - scraper keeps template contents as children of the template;
//!   `querySelectorAll` does not search them, so they are left out of
//!   scraper's side (the elements under a Fragment node).
//! - scraper parses no state pseudo-classes (`:link`, `:checked`,
//!   `:disabled`, `:enabled`): those are compared with an equivalent
//!   selector that scraper parses, written from the HTML standard's
//!   definitions, keeping its HTML elements (scraper cannot say
//!   "in the HTML namespace" without an `@namespace` rule).
//! - Both parse with scripting on (html5ever's default).
//! - Pages whose trees differ between the two parsers would make the
//!   comparison meaningless; the tree differential
//!   (`html5ever_differential`) has none on the corpus, and this test
//!   checks that the two element lists agree name by name first.

use std::collections::HashMap;
use std::path::PathBuf;

use htmlforge::encoding::{decode, sniff, SniffOptions};
use htmlforge::select::Selector;

/// The selectors tried on every page: (htmlforge's selector, the one
/// scraper runs when it differs).
const SELECTORS: &[(&str, Option<&str>)] = &[
    // Combinators.
    ("div p", None),
    ("ul > li", None),
    ("h1 + p", None),
    ("h2 ~ p", None),
    ("div > a", None),
    ("body > *", None),
    ("nav a", None),
    ("header nav ul li a", None),
    ("li + li", None),
    ("table tr > td", None),
    ("form input", None),
    ("*", None),
    ("div, p, a", None),
    ("script ~ script", None),
    // Attribute operators, with and without case flags.
    ("[href]", None),
    ("a[href^=http]", None),
    ("a[href^=\"HTTP\" i]", None),
    ("a[href^=\"HTTP\" s]", None),
    ("a[href$=\".pdf\"]", None),
    ("[href*=\"com\"]", None),
    ("[href*=\"COM\" i]", None),
    ("[class~=nav]", None),
    ("[class~=NAV i]", None),
    ("[lang|=en]", None),
    ("[lang|=EN i]", None),
    ("[type=text]", None),
    ("input[type=\"TEXT\"]", None),
    ("input[type=\"TEXT\" s]", None),
    ("[class*=menu i]", None),
    ("[class^=col]", None),
    ("[id$=er]", None),
    ("[id=main]", None),
    ("meta[name=description]", None),
    ("meta[charset]", None),
    ("link[rel=stylesheet]", None),
    ("link[rel~=\"ICON\" i]", None),
    ("script[src]", None),
    ("[rel~=nofollow]", None),
    ("a[target=_blank]", None),
    ("img[alt=\"\"]", None),
    ("[href$=\"/\" s]", None),
    ("[style]", None),
    ("[data-id], [data-src]", None),
    // The nth-child and nth-of-type families.
    ("li:nth-child(2n+1)", None),
    ("tr:nth-child(even)", None),
    ("li:nth-last-child(2)", None),
    ("p:nth-of-type(2)", None),
    ("div:nth-last-of-type(1)", None),
    ("td:nth-child(-n+3)", None),
    (":nth-child(3n)", None),
    ("span:nth-of-type(odd)", None),
    ("p:first-of-type", None),
    ("li:last-of-type", None),
    ("span:only-of-type", None),
    // First, last and only child.
    ("li:first-child", None),
    ("li:last-child", None),
    ("p:only-child", None),
    (":first-child > a", None),
    ("div:last-child:first-child", None),
    // Logical combinations.
    (":not(div)", None),
    ("a:not([href^=http])", None),
    (":is(h1, h2, h3)", None),
    (":where(nav, footer) a", None),
    ("div:has(> img)", None),
    ("li:has(a)", None),
    ("h2:has(+ p)", None),
    ("div:not(:has(p))", None),
    (":is(ul, ol) > li:not(:first-child)", None),
    ("div:not(.a, .b)", None),
    ("ul:has(li:nth-child(3)) > li:is(:first-child, :last-child)", None),
    // Empty and root.
    (":empty", None),
    ("td:empty", None),
    ("div:empty", None),
    (":root", None),
    (":root > body", None),
    ("html:root", None),
    // Classes, IDs, types, foreign elements.
    (".container", None),
    ("div.row > div", None),
    ("#main, #content, #footer", None),
    ("svg *", None),
    ("svg path", None),
    ("svg linearGradient", None),
    ("math *", None),
    // The state pseudo-classes, against their definitions.
    (":link", Some(":is(a, area)[href]")),
    ("a:link", Some("a[href]")),
    (":any-link", Some(":is(a, area)[href]")),
    (":visited", Some(":not(*)")),
    (":checked", Some("input:is([type=checkbox i], [type=radio i])[checked], option[selected]")),
    (
        ":disabled",
        Some(
            ":is(button, input, select, textarea, fieldset, optgroup, option)[disabled], \
             optgroup[disabled] > option, \
             :is(button, input, select, textarea, fieldset):is(fieldset[disabled] *)\
             :not(fieldset[disabled] > legend:first-of-type *)",
        ),
    ),
    (
        ":enabled",
        Some(
            ":is(button, input, select, textarea, fieldset, optgroup, option)\
             :not([disabled], optgroup[disabled] > option, fieldset[disabled] *:not(fieldset[disabled] > legend:first-of-type *))",
        ),
    ),
];

/// The elements of a scraper document in tree order, without template
/// contents.
fn scraper_elements(html: &scraper::Html) -> Vec<scraper::ElementRef<'_>> {
    html.tree
        .root()
        .descendants()
        .filter(|node| !node.ancestors().any(|ancestor| ancestor.value().is_fragment()))
        .filter_map(scraper::ElementRef::wrap)
        .collect()
}

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

#[test]
fn selectors_match_as_scrapers_do_on_the_corpus() {
    assert!(SELECTORS.len() >= 60);
    let ours: Vec<Selector> = SELECTORS.iter().map(|(s, _)| Selector::parse(s).unwrap()).collect();
    let theirs: Vec<scraper::Selector> =
        SELECTORS.iter().map(|(s, other)| scraper::Selector::parse(other.unwrap_or(s)).unwrap()).collect();
    let pages = pages();
    assert!(!pages.is_empty());
    let mut failures = Vec::new();
    let mut matched = 0usize;
    for page in &pages {
        let bytes = std::fs::read(page).unwrap();
        let (input, _) = decode(&bytes, sniff(&bytes, &SniffOptions::default()).encoding);
        // html5ever parses with scripting on by default (`noscript` is text).
        let document = htmlforge::parse_document_with(&input, htmlforge::ParseOptions::default().scripting(true));
        let html = scraper::Html::parse_document(&input);
        let our_elements: Vec<_> = document.elements().collect();
        let their_elements = scraper_elements(&html);
        let names = |ours: &[htmlforge::ElementRef<'_>]| ours.iter().map(|e| e.local_name().to_string()).collect();
        let our_names: Vec<String> = names(&our_elements);
        let their_names: Vec<String> = their_elements.iter().map(|e| e.value().name().to_string()).collect();
        let first_difference = our_names.iter().zip(&their_names).position(|(a, b)| a != b);
        assert!(
            our_names == their_names,
            "{}: the two parsers' element lists differ ({} and {} elements, first at {first_difference:?})",
            page.display(),
            our_names.len(),
            their_names.len()
        );
        let position: HashMap<_, usize> = our_elements.iter().enumerate().map(|(at, e)| (e.id(), at)).collect();
        for (at, (text, other)) in SELECTORS.iter().enumerate() {
            let our_positions: Vec<usize> = document.select(&ours[at]).map(|e| position[&e.id()]).collect();
            let their_positions: Vec<usize> = their_elements
                .iter()
                .enumerate()
                .filter(|(_, element)| theirs[at].matches(element))
                .filter(|(_, element)| other.is_none() || element.value().name.ns == html5ever::ns!(html))
                .map(|(at, _)| at)
                .collect();
            matched += our_positions.len();
            if our_positions != their_positions {
                failures.push(format!(
                    "{} `{text}`: htmlforge {} elements, scraper {} (first differing: {:?})",
                    page.file_name().unwrap().to_string_lossy(),
                    our_positions.len(),
                    their_positions.len(),
                    our_positions.iter().zip(&their_positions).find(|(a, b)| a != b)
                ));
            }
        }
    }
    println!("selectors differential: {} selectors on {} pages, {matched} matches", SELECTORS.len(), pages.len());
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}
