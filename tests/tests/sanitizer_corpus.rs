//! The HTML Sanitizer API's security properties on real pages
//! (`htmlforge_conformance::corpus::corpus_dir()`: the 130 pages of
//! `../shared/corpus/pages`, else `bench/corpus`, and the documentation
//! pages of `bench/corpus-docs`), each page sanitized as `setHTML` on a
//! `div` with three configurations: the built-in safe default, `{}` (the
//! safe variant's own removals only) and one that allows the script-running
//! markup by name (`script`, `iframe`, `onclick`, `href`…), which the safe
//! variant must remove all the same.
//!
//! - no `script` element, event handler attribute or navigating
//!   `javascript:` URL is left, nor after serialize → reparse;
//! - the reparse gives the same tree back (adjacent text merged), or,
//!   where a shadow root is not serializable, the same serialization;
//! - sanitizing the output again gives the same output (idempotence).

use std::path::{Path, PathBuf};

use htmlforge::dom::SpecSerializeOptions;
use htmlforge::sanitize::{sanitize_fragment, SanitizerOption};
use htmlforge::{parse_fragment_with, FragmentContext, ParseOptions};
use htmlforge_conformance::corpus::{corpus_dir, repository};
use htmlforge_conformance::sanitizer_properties::{dump, has_unserializable_shadow_root, unsafe_markup};

fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|path| path.extension().is_some_and(|ext| ext == "html"));
    files.sort();
    files
}

const CONFIGS: [&str; 3] = [
    "\"default\"",
    "{}",
    r#"{"elements": ["div", "p", "a", "script", "iframe", "form", "button", "svg", "math", "img", "template"],
        "attributes": ["href", "onclick", "onload", "onerror", "action", "formaction", "src", "style"]}"#,
];

#[test]
fn the_safe_variant_leaves_no_script_and_round_trips() {
    let mut files = html_files(&corpus_dir());
    files.extend(html_files(&repository().join("bench/corpus-docs")));
    assert!(!files.is_empty(), "no corpus pages");
    let context = FragmentContext::html("div");
    let mut checked = 0;
    for config in CONFIGS {
        let option = SanitizerOption::from_json(config).expect("a valid configuration");
        for path in &files {
            let page = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
            let mut first = sanitize_fragment(&page, &context, Some(&option)).expect("valid");
            let root = first.fragment_root().expect("a root");
            let name = format!("{} with {config}", path.display());
            assert_eq!(unsafe_markup(&first, root), None, "{name}");
            // Parsed with scripting enabled (a browser's document), and so
            // serialized (with its serializable shadow roots, as
            // `getHTML({ serializableShadowRoots: true })`) and parsed again
            // as setHTML parses (declarative shadow roots allowed).
            let serialize = SpecSerializeOptions::default().scripting(Some(true)).serializable_shadow_roots(true);
            let html = first.inner_html_with(root, serialize);
            let parse = ParseOptions::default().scripting(true).declarative_shadow_roots(true);
            let mut reparsed = parse_fragment_with(&html, &context, parse);
            let reparsed_root = reparsed.fragment_root().expect("a root");
            assert_eq!(unsafe_markup(&reparsed, reparsed_root), None, "{name}, parsed again");
            if has_unserializable_shadow_root(&first, root) {
                let html_again = reparsed.inner_html_with(reparsed_root, serialize);
                assert!(html_again == html, "{name}: not the same serialization parsed again");
            } else {
                assert_eq!(dump(&mut first), dump(&mut reparsed), "{name}: not the same tree parsed again");
            }
            let again = sanitize_fragment(&html, &context, Some(&option)).expect("valid");
            let again_root = again.fragment_root().expect("a root");
            let again_html = again.inner_html_with(again_root, serialize);
            assert!(again_html == html, "{name}: sanitizing the output changed it");
            checked += 1;
        }
    }
    println!("sanitizer properties: {checked} page runs checked");
}
