//! WPT's `sanitizer-api/support/testcases.sub.js` (vendored unconverted in
//! `tests/wpt-sanitizer/support/`): each entry's `value` through `setHTML`
//! on a `div` with `{ sanitizer: config_input }`, serialized, against its
//! `result`.
//!
//! The file predates the current API: its configurations use members the
//! dictionary no longer has (`dropElements`, `allowElements`,
//! `blockElements`, `allowAttributes`, `dropAttributes`,
//! `allowCustomElements`), which WebIDL's conversion ignores. The entries
//! whose `result` needs those members are listed, with the sentence of the
//! spec they contradict, in `tests/expectations/sanitizer-wpt-skip.txt`.
//!
//! Prints `sanitizer-testcases-js: N passed, M failed, K skipped`.

use std::collections::BTreeMap;
use std::path::Path;

use htmlforge::sanitize::{sanitize_fragment, SanitizerOption};
use htmlforge::FragmentContext;
use htmlforge_conformance::wpt_sanitizer::{parse_js_testcases, wpt_sanitizer_dir, JsValue};

fn skip_list() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations").join("sanitizer-wpt-skip.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| line.split_once(" -- "))
        .filter(|(case, _)| case.starts_with("support/testcases.sub.js"))
        .map(|(case, reason)| (case.trim().to_string(), reason.trim().to_string()))
        .collect()
}

fn main() {
    let text = std::fs::read_to_string(wpt_sanitizer_dir().join("support/testcases.sub.js")).expect("vendored");
    let cases = parse_js_testcases(&text).expect("testcases.sub.js reads");
    let skips = skip_list();
    let (mut passed, mut failed, mut skipped) = (0, Vec::new(), 0);
    for (index, case) in cases.iter().enumerate() {
        let name = format!("support/testcases.sub.js#{index} [setHTML]");
        if skips.contains_key(&name) {
            skipped += 1;
            continue;
        }
        let member = |key: &str| case.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let config = match member("config_input") {
            Some(JsValue::Json(value)) => Some(SanitizerOption::from_json(&value.to_string()).expect("a dictionary")),
            _ => None,
        };
        let value = member("value").unwrap_or(JsValue::Undefined).to_dom_string();
        let expected = member("result").map(|r| r.to_dom_string()).unwrap_or_default();
        let document = sanitize_fragment(&value, &FragmentContext::html("div"), config.as_ref()).expect("valid");
        let actual = document.inner_html(document.fragment_root().expect("a root"));
        if actual == expected {
            passed += 1;
        } else {
            if std::env::var_os("VERBOSE").is_some() {
                eprintln!("FAIL {name}: {value:?}\n  expected {expected:?}\n  actual   {actual:?}");
            }
            failed.push(name);
        }
    }
    println!("sanitizer-testcases-js: {passed} passed, {} failed, {skipped} skipped", failed.len());
    assert_eq!(skipped, skips.len(), "a skip list entry names no case");
    if !failed.is_empty() {
        for name in &failed {
            eprintln!("failed: {name}");
        }
        std::process::exit(1);
    }
}
