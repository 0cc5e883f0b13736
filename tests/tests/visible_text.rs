//! `Document::visible_text` on real pages: what a reader never sees stays
//! out of it.
//!
//! - The vendored excerpts of `tests/fixtures/visible-text` (the pages where
//!   SVG titles showed) give their expected text.
//! - On every corpus page (`htmlforge_conformance::corpus::corpus_dir()`),
//!   the text of the elements that are not rendered, or whose children are
//!   not, is replaced by a marker, and no marker may be in the visible text.

use std::path::PathBuf;

use htmlforge::vocab::Namespace;
use htmlforge_conformance::corpus::{corpus_dir, repository};

fn fixture(name: &str) -> String {
    let path = repository().join("tests/fixtures/visible-text").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn svg_titles_and_descriptions_are_not_shown_on_the_pages_that_showed_them() {
    for (page, never) in [("folha-share", "Ícone"), ("theverge-header", "The Verge logo.")] {
        let document = htmlforge::parse_document(&fixture(&format!("{page}.html")));
        let text = document.visible_text(document.document());
        assert_eq!(format!("{text}\n"), fixture(&format!("{page}.txt")), "{page}");
        assert!(!text.contains(never), "{page}: {never:?} shown");
        // The page's own words around the icons are there.
        assert!(!text.is_empty(), "{page}");
    }
}

/// Whether the text inside `element` is one a reader never sees, whatever
/// its content: an SVG `title` or `desc`, or the fallback content of a
/// replaced element (scripting on, as the pages are parsed).
fn never_seen(element: &htmlforge::dom::ElementRef<'_>) -> bool {
    match element.ns() {
        Namespace::Svg => matches!(element.local_name(), "title" | "desc"),
        Namespace::Html => matches!(element.local_name(), "iframe" | "video" | "audio" | "canvas"),
        _ => false,
    }
}

#[test]
fn no_text_of_an_unrendered_element_is_shown_on_any_corpus_page() {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("the corpus")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    pages.sort();
    assert!(!pages.is_empty(), "no corpus pages");
    let mut marked = 0;
    for path in &pages {
        let page = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
        let mut document = htmlforge::parse_document(&page);
        let hidden: Vec<_> = document.elements().filter(never_seen).map(|element| element.id()).collect();
        for (index, &id) in hidden.iter().enumerate() {
            document.set_text_content(id, &format!("[never-seen-{index}]"));
        }
        marked += hidden.len();
        let text = document.visible_text(document.document());
        assert!(
            !text.contains("[never-seen-"),
            "{}: {}",
            path.display(),
            &text[text.find("[never-seen-").unwrap()..][..20]
        );
    }
    // The property is tested, not vacuous: the corpus has such elements
    // (the 11 vendored pages alone have 25).
    assert!(marked > 10, "{marked} elements marked");
}
