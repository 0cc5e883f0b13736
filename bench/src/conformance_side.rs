//! `conformance`: the tree-construction tests run through htmlforge and
//! html5ever in one harness, for the comparison table. Each test runs once,
//! scripting off, the whole input at once; tests that need scripting on
//! (`#script-on`, `scripted/`) are left out, since html5ever's test DOM here
//! runs no scripts. A test passes when the html5lib-format dump equals the
//! expected one. The full suites (both scripting modes, chunked input,
//! parse errors) are `cargo test -p htmlforge-conformance --test
//! tree_construction`; this is the part both parsers can be asked.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use htmlforge::dom::{dump_children_html5lib, dump_html5lib};
use htmlforge::{FragmentContext, ParseOptions};
use htmlforge_conformance::html5ever_tree::{html5ever_fragment_tree, html5ever_tree};
use htmlforge_conformance::tree_construction::{all_tests, tree_construction_dir, TreeTest};

/// htmlforge's dump, with the conformance suite's one setting: the pinned
/// html5lib tests (2025) with `<?` predate processing instructions, and run
/// in the legacy mode that parses them as bogus comments, as html5ever does.
fn htmlforge_dump(test: &TreeTest) -> String {
    let legacy = !test.file.starts_with("wpt/") && test.data.contains("<?");
    let options = ParseOptions::default().scripting(false).legacy_processing_instructions(legacy);
    match &test.fragment {
        Some(context) => {
            let context = FragmentContext::from_test_notation(context);
            let document = htmlforge::parse_fragment_with(&test.data, &context, options);
            document.fragment_root().map_or(String::new(), |root| dump_children_html5lib(&document, root))
        }
        None => dump_html5lib(&htmlforge::parse_document_with(&test.data, options)),
    }
}

fn html5ever_dump(test: &TreeTest) -> String {
    match &test.fragment {
        Some(context) => match context.split_once(' ') {
            Some((namespace @ ("svg" | "math"), local)) => html5ever_fragment_tree(&test.data, namespace, local),
            _ => html5ever_fragment_tree(&test.data, "html", context),
        },
        None => html5ever_tree(&test.data),
    }
}

fn passes(dump: impl FnOnce() -> String, test: &TreeTest) -> bool {
    // A panic is a failure, not the end of the count.
    catch_unwind(AssertUnwindSafe(dump)).is_ok_and(|dump| dump.trim_end_matches('\n') == test.document)
}

/// Prints, per suite, how many tests each parser passes.
pub fn run() -> Result<(), String> {
    let html5lib = all_tests(&tree_construction_dir())?;
    let wpt_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/wpt-parsing");
    let wpt: Vec<TreeTest> = all_tests(&wpt_dir)?
        .into_iter()
        .map(|mut test| {
            test.file = format!("wpt/{}", test.file);
            test
        })
        .collect();
    // Quiet panics: they are counted.
    std::panic::set_hook(Box::new(|_| {}));
    println!("tree construction, scripting off, whole input (tests needing scripting left out)");
    for (suite, tests) in [("html5lib-tests", &html5lib), ("WPT parsing", &wpt)] {
        let runnable: Vec<&TreeTest> = tests
            .iter()
            .filter(|t| t.scripting != Some(true) && !t.file.starts_with("scripted/") && !t.file.contains("/scripted/"))
            .collect();
        let ours = runnable.iter().filter(|t| passes(|| htmlforge_dump(t), t)).count();
        let theirs = runnable.iter().filter(|t| passes(|| html5ever_dump(t), t)).count();
        println!(
            "  {suite:<15} {:>5} tests  htmlforge {ours:>5} passed  html5ever 0.40 {theirs:>5} passed",
            runnable.len()
        );
    }
    let _ = std::panic::take_hook();
    Ok(())
}
