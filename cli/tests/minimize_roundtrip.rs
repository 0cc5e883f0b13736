//! `htmlforge serialize --minimize` keeps the tree: on every corpus page
//! (`HTMLFORGE_CORPUS=DIR`, else `../shared/corpus/pages` when it is there,
//! else the vendored `bench/corpus`), the tree of the minimized output is
//! the tree of the page. A boolean attribute such as `defer="defer"` stays
//! as it is: bare, it would parse back with the value "".

mod common;

use htmlforge_conformance::corpus::corpus_dir;

#[test]
fn minimized_pages_parse_to_the_same_tree() {
    let dir = corpus_dir();
    let mut pages: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html" || ext == "htm"))
        .collect();
    pages.sort();
    assert!(!pages.is_empty(), "no pages in {}", dir.display());
    let mut changed = Vec::new();
    for page in &pages {
        let page = page.to_str().unwrap();
        let tree = common::run(&["tree", page], b"");
        let minimized = common::run(&["serialize", "--minimize", page], b"");
        assert!(tree.success && minimized.success, "{page}");
        // The output is UTF-8 whatever the page's encoding was.
        let again = common::run(&["tree", "--encoding", "utf-8", "-"], minimized.stdout.as_bytes());
        if again.stdout != tree.stdout {
            changed.push(page.to_string());
        }
    }
    assert!(changed.is_empty(), "{} of {} pages change: {changed:#?}", changed.len(), pages.len());
    eprintln!("{} pages from {} round-trip", pages.len(), dir.display());
}

#[test]
fn a_boolean_attribute_keeps_its_value() {
    let page = "<script defer=defer src=a.js></script><input disabled><input checked=CHECKED>";
    let run = common::run(&["serialize", "--minimize", "-"], page.as_bytes());
    assert_eq!(run.stdout, "<script defer=defer src=a.js></script><input disabled><input checked=CHECKED>");
}
